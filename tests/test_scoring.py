"""Grading ingest (geo.ingest.scoring): reports of several cases at once, texts kept apart, the unseen set."""

import os
from pathlib import Path

import pytest

from geo import scoring as alias
from geo.data import evidence
from geo.errors import IngestError
from geo.ingest import scoring
from geo.ingest.merging import merge_candidates
from tests.conftest import DATA

UNSEEN = Path(__file__).parent / "fixtures" / "reports" / "unseen"  # manifest and expected events; texts outside
UNSEEN_ENV = "EVACMAP_UNSEEN_REPORTS"  # names the folder of the unseen texts (default /work/unseen-reports)
# the roles whose texts are in that folder and were read (a later final check keeps its texts apart until scored)
READ_ROLES = ("development", *(f"final-check-{n}" for n in range(1, 8)))


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


def test_should_find_the_unseen_development_events_with_the_quality_the_issue_asks(unseen_texts):
    """Issue 20's targets (0.75, 0.75, 0.80) on the unseen texts the rules were written from, at the floors
    measured at the end of the seventh round: recall 0.816, precision 0.909, type agreement 0.933
    (0.816, 0.879, 0.862 at the end of the sixth)."""
    by_case = scoring.score_by_case(UNSEEN, load, texts=unseen_texts, role="development")
    result = scoring.combine(by_case.values())
    assert result.recall >= 0.81 and result.precision >= 0.90 and result.type_agreement >= 0.93, result.describe()


def test_should_hold_on_every_unseen_report_as_well_as_when_the_eighth_round_ended(unseen_texts):
    """All 55 unseen texts read, final checks 1-7 included: recall 0.819, precision 0.868, type agreement 0.915
    at the end of the eighth round (0.775, 0.813, 0.845 with the seventh round's rules; the 41 texts without
    final-check-7 0.801, 0.834, 0.905, and 0.801, 0.827, 0.903 at the end of the seventh)."""
    result = scoring.combine(score for role in READ_ROLES
                             for score in scoring.score_by_case(UNSEEN, load, texts=unseen_texts, role=role).values())
    assert result.recall >= 0.81 and result.precision >= 0.86 and result.type_agreement >= 0.91, result.describe()


def test_should_hold_on_the_sixth_final_check_as_when_it_was_scored(unseen_texts):
    """The six texts of final-check-6, scored once before they were read: recall 0.758, precision 0.676, type
    agreement 0.609 at the end of the sixth round (0.576, 0.633, 0.579 with the fifth round's rules); read
    for the seventh round, at whose end they give 0.758, 0.793, 0.826, and 0.758, 0.821, 0.826 after the eighth."""
    result = scoring.combine(scoring.score_by_case(UNSEEN, load, texts=unseen_texts, role="final-check-6").values())
    assert result.recall >= 0.75 and result.precision >= 0.82 and result.type_agreement >= 0.82, result.describe()


def test_should_hold_on_the_seventh_final_check_as_when_the_eighth_round_ended(unseen_texts):
    """The fourteen texts of final-check-7, scored before they were read with the sixth round's rules (recall
    0.712, precision 0.754, type agreement 0.694) and the seventh's (0.712, 0.781, 0.700); read for the eighth
    round, at whose end they give 0.864 (57/66), 0.962 (51/53), 0.941."""
    result = scoring.combine(scoring.score_by_case(UNSEEN, load, texts=unseen_texts, role="final-check-7").values())
    assert result.recall >= 0.86 and result.precision >= 0.96 and result.type_agreement >= 0.94, result.describe()



def test_should_hold_on_the_eighth_final_check_as_when_it_was_scored(unseen_texts):
    """The fourteen texts of final-check-8, never read while writing rules: scored once with the seventh round's
    rules (recall 0.588, precision 0.644, type agreement 0.793) and once at the end of the eighth (0.588 (30/51),
    0.660 (31/47), 0.806). Below the issue's targets; kept here so that no later rule makes them worse."""
    result = scoring.combine(scoring.score_by_case(UNSEEN, load, texts=unseen_texts, role="final-check-8").values())
    assert result.recall >= 0.58 and result.precision >= 0.65 and result.type_agreement >= 0.80, result.describe()


# Each set's figures at the end of the thirteenth round (recall, precision, type agreement), its floors a little
# below. final-check-9 and -10 were scored before and after round 9 without being read (0.661/0.689/0.935 both
# times; 0.635/0.780/0.897 then 0.649/0.765/0.923), final-check-11 before and after round 10 (0.574/0.795/0.742, then
# 0.596/0.762/0.750), final-check-12 before and after round 12 (0.740/0.786/0.803, then 0.740/0.788/0.791) and
# final-check-13 before and after round 13 (0.786/0.733/0.896, then 0.804 (90/112) / 0.759 (85/112) / 0.882: the
# issue's targets, on text no rule was written from). Each set was read by the rounds after it; at the end of round
# 13: final-check-8 0.824/0.827/0.860, -9 0.847/0.860/0.980, -10 0.824/0.817/0.918, -11 0.830/0.889/0.850, -12
# 0.857/0.811/0.877.
@pytest.mark.parametrize(("role", "floors"), [
    ("final-check-8", (0.82, 0.82, 0.85)),
    ("final-check-9", (0.84, 0.85, 0.97)),
    ("final-check-10", (0.82, 0.81, 0.91)),
    ("final-check-11", (0.82, 0.88, 0.84)),
    ("final-check-12", (0.85, 0.80, 0.87)),
    ("final-check-13", (0.80, 0.75, 0.88)),
])
def test_should_hold_on_the_later_final_checks_as_when_the_thirteenth_round_ended(unseen_texts, role, floors):
    result = scoring.combine(scoring.score_by_case(UNSEEN, load, texts=unseen_texts, role=role).values())
    recall, precision, types = floors
    assert result.recall >= recall and result.precision >= precision and result.type_agreement >= types, result.describe()


def test_should_merge_the_shared_reports_into_candidates_that_each_match_one_curated_event(shared_reports, shipped):
    """The five December reports: 24 candidates merge into 20, 16 of which match exactly one curated event."""
    merged = merge_candidates(scoring.ingest_folder(shared_reports, shipped))
    result = scoring.score_merged(merged, shipped.events, shipped.case.timezone)
    assert result.candidates <= 20 and result.one_event >= 16 and not result.split, result.describe()
