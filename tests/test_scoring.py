"""Grading ingest (geo.ingest.scoring): reports of several cases at once, texts kept apart, the unseen set."""

import os
from pathlib import Path

import pytest

from geo import scoring as alias
from geo.data import evidence
from geo.errors import IngestError
from geo.ingest import scoring
from tests.conftest import DATA

UNSEEN = Path(__file__).parent / "fixtures" / "reports" / "unseen"  # manifest and expected events; texts outside
UNSEEN_ENV = "EVACMAP_UNSEEN_REPORTS"  # names the folder of the unseen texts (default /work/unseen-reports)


def load(case_id):
    return evidence.load(DATA, case=case_id)


def write_set(folder: Path, texts: Path) -> None:
    """Two reports, one per case, each with one event found and one missed, and one spurious candidate."""
    texts.mkdir(exist_ok=True)
    (texts / "dec.txt").write_text("Buses left al-Amiriyah on Thursday.", encoding="utf-8")
    (texts / "apr.txt").write_text("Buses left Madaya on Friday. Crowds gathered in Zabadani on Friday.",
                                   encoding="utf-8")
    (folder / "manifest.csv").write_text(
        "file,outlet,published,case,role\n"
        "dec.txt,Wire,2016-12-16,aleppo-2016-12,development\n"
        "apr.txt,Daily,2017-04-15,four-towns-2017-04,final-check\n", encoding="utf-8")
    (folder / "expected.csv").write_text(
        "file,first,last,place_id,type,note\n"
        "dec.txt,2016-12-15,2016-12-15,amiriyah,departure,found\n"
        "dec.txt,2016-12-15,2016-12-15,sukkari,gathering,not in the text\n"
        "apr.txt,2017-04-14,2017-04-14,madaya,departure,found\n", encoding="utf-8")


def test_should_score_each_report_with_its_own_case_then_all_together(tmp_path):
    write_set(tmp_path, tmp_path / "texts")
    by_case = scoring.score_by_case(tmp_path, load, texts=tmp_path / "texts")
    assert set(by_case) == {"aleppo-2016-12", "four-towns-2017-04"}
    december, april = by_case["aleppo-2016-12"], by_case["four-towns-2017-04"]
    assert (december.recall, december.precision) == (1 / 2, 1 / 1)
    assert (april.recall, april.precision) == (1 / 1, 1 / 2)  # the Zabadani gathering is not expected
    together = scoring.combine(by_case.values())
    assert (together.recall, together.pair_recall, together.precision) == (2 / 3, 2 / 3, 2 / 3)
    assert together.missed == ("x2",)


def test_should_keep_only_the_manifest_rows_of_a_role(tmp_path):
    write_set(tmp_path, tmp_path / "texts")
    by_case = scoring.score_by_case(tmp_path, load, texts=tmp_path / "texts", role="final-check")
    assert list(by_case) == ["four-towns-2017-04"]
    with pytest.raises(IngestError, match="no row has role 'other'"):
        scoring.score_by_case(tmp_path, load, texts=tmp_path / "texts", role="other")


def test_should_name_a_missing_text_and_the_option_that_finds_it(tmp_path):
    write_set(tmp_path, tmp_path / "texts")
    with pytest.raises(IngestError, match=r"dec\.txt: missing.*--texts"):
        scoring.score_by_case(tmp_path, load)


def test_should_print_each_case_and_the_total_from_the_command(tmp_path, capsys):
    write_set(tmp_path, tmp_path / "texts")
    assert alias.main([str(tmp_path), "--texts", str(tmp_path / "texts")]) == 0
    out = capsys.readouterr().out
    assert out.count("== ") == 3 and "== together\nrecall 0.667 (2/3 curated events)" in out


@pytest.fixture(scope="module")
def unseen_texts() -> Path:
    folder = Path(os.environ.get(UNSEEN_ENV) or "/work/unseen-reports")
    if not folder.is_dir():
        pytest.skip(f"{folder} is absent: the unseen reports' texts are not in the repository")
    return folder
