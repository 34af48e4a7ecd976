"""New rows for a case's tables (geo.data.newrows): laid out in the file's own order, checked with the whole case,
written atomically with earlier files put back on a failure, recorded in changes.csv. Expected bytes are written
here by hand."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from geo.cli import main
from geo.data import newrows, schema
from geo.errors import DataFileError, ExportError
from tests import csv_rows

WHEN = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
ARMENIA = {"id": "armenia", "label": "Armenia", "colour": "orange", "note": ""}


@pytest.fixture
def case(tmp_path, capsys) -> Path:
    folder = tmp_path / "case"
    assert main(["new-case", str(folder), "--title", "T", "--timezone", "Asia/Yerevan"]) == 0
    capsys.readouterr()
    return folder


def test_should_name_a_row_by_its_id_else_its_key():
    assert newrows.row_id(schema.PARTIES, ARMENIA) == "armenia"
    assert newrows.row_id(schema.WAYPOINTS, {"corridor_id": "road", "seq": "2", "place_id": "goris"}) == "road|2"
    assert newrows.row_id(schema.HOLDINGS, {"place_id": "goris", "side": "armenia", "from": ""}) == "goris|armenia|"


def test_should_start_a_file_not_yet_written_with_its_header():
    data, problems = newrows.appended(b"", schema.PARTIES, [ARMENIA])
    assert (data, problems) == (b"id,label,colour,note\narmenia,Armenia,orange,\n", [])


def test_should_append_after_the_last_row_as_the_file_is_written():
    old = b"label,id,colour,note\nArmenia,armenia,orange,"  # its own column order, no newline at the end
    data, problems = newrows.appended(old, schema.PARTIES, [{"id": "nk", "label": "Karabakh", "colour": "red"}])
    assert (data, problems) == (old + b"\nKarabakh,nk,red,\n", [])


def test_should_name_a_column_the_file_has_not():
    _, problems = newrows.appended(b"", schema.PARTIES, [{**ARMENIA, "flag": "x"}])
    assert [(p.column, p.message) for p in problems] == [("flag", "parties.csv has no column 'flag'")]


def test_should_add_a_row_and_record_it(case):
    recorded = newrows.add(case, {"parties.csv": [ARMENIA]}, editor="ana", reason="the receiving side", time=WHEN)
    assert [(c.file, c.row_id, c.field, c.editor, c.reason) for c in recorded] == [
        ("parties.csv", "armenia", "*", "ana", "the receiving side")]
    assert (case / "parties.csv").read_bytes() == b"id,label,colour,note\narmenia,Armenia,orange,\n"
    assert [(r["time"], r["row_id"]) for r in csv_rows.rows("changes.csv", case)] == [
        ("2026-01-02T03:04:05+00:00", "armenia")]


def test_should_write_nothing_when_changes_csv_has_another_header(case):
    (case / "changes.csv").write_text("when,who\n", encoding="utf-8")
    before = (case / "parties.csv").read_bytes()
    with pytest.raises(DataFileError) as caught:
        newrows.add(case, {"parties.csv": [ARMENIA]}, editor="ana", reason="r", time=WHEN)
    assert str(caught.value.problems[0]).startswith(f"{case / 'changes.csv'}:1: expected the header time,editor,")
    assert (case / "parties.csv").read_bytes() == before
    assert (case / "changes.csv").read_text(encoding="utf-8") == "when,who\n"


def test_should_name_every_problem_of_the_would_be_case_and_write_nothing(case):
    before = (case / "holdings.csv").read_bytes()
    row = {"place_id": "goris", "side": "armenia", "from": "", "until": "", "source_id": "ap_1", "note": ""}
    with pytest.raises(DataFileError) as caught:
        newrows.add(case, {"holdings.csv": [row]}, editor="ana", reason="r", time=WHEN)
    assert [str(p) for p in caught.value.problems] == [
        f"{case / 'holdings.csv'}:2: place_id: 'goris' is not an id in gazetteer.csv",
        f"{case / 'holdings.csv'}:2: side: 'armenia' is not an id in parties.csv",
        f"{case / 'holdings.csv'}:2: source_id: 'ap_1' is not an id in sources.csv"]
    assert (case / "holdings.csv").read_bytes() == before


def test_should_put_back_the_files_written_before_one_that_cannot_be(case):
    before = (case / "parties.csv").read_bytes()
    (case / "blocked.csv").mkdir()  # a folder where a file should go: its write fails
    with pytest.raises(ExportError):
        newrows.write(case, {"parties.csv": before + b"armenia,Armenia,orange,\n", "created.csv": b"a\n",
                             "blocked.csv": b"x\n"})
    assert (case / "parties.csv").read_bytes() == before
    assert not (case / "created.csv").exists()


def test_should_make_the_folder_a_file_goes_in_and_take_it_away_when_a_later_file_fails(case):
    (case / "blocked.csv").mkdir()
    with pytest.raises(ExportError):
        newrows.write(case, {"sources/copy.txt": b"a report\n", "blocked.csv": b"x\n"})
    assert not (case / "sources").exists()
    newrows.write(case, {"sources/copy.txt": b"a report\n"})
    assert (case / "sources" / "copy.txt").read_bytes() == b"a report\n"


def test_should_add_rows_to_the_files_of_a_case_not_yet_written(case):
    files = {p.name: p.read_bytes() for p in case.iterdir() if p.is_file()}
    whole = newrows.with_rows(files, {"parties.csv": [ARMENIA]}, editor="ana", reason="started", time=WHEN)
    assert whole["parties.csv"] == b"id,label,colour,note\narmenia,Armenia,orange,\n"
    assert whole["changes.csv"].decode("utf-8").splitlines()[1].startswith(
        "2026-01-02T03:04:05+00:00,ana,parties.csv,armenia,*,,")
    assert whole["events.csv"] == files["events.csv"]
