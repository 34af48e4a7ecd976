"""`evacmap edit-row` and `evacmap remove-row`, run in-process through main() on a copy of the shipped December 2016
case in tmp_path. Expected rows are written here by hand; what was written is read back with the csv module."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from geo.cli import main
from tests import csv_rows

EDITOR = "ana"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under the folder and its bytes, to show that nothing was written."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def history(folder: Path) -> list[tuple[str, str, str, str, str, str, str]]:
    """changes.csv's rows but their time: (editor, file, row id, field, old, new, reason)."""
    return [(r["editor"], r["file"], r["row_id"], r["field"], r["old"], r["new"], r["reason"])
            for r in csv_rows.rows("changes.csv", folder)]


@pytest.fixture
def case(data_copy, monkeypatch) -> Path:
    monkeypatch.setenv("EVACMAP_EDITOR", EDITOR)
    return data_copy


def test_should_edit_two_cells_of_an_event_and_record_each(capsys, case):
    code, out, err = run(capsys, "edit-row", "events.csv", "e002", "--set", "type=arrival", "--set",
                         "geo_precision=3", "--reason", "misread", "--data", case)

    assert (code, err) == (0, "")
    assert "2 change(s) recorded" in out
    row = next(r for r in csv_rows.rows("events.csv", case) if r["id"] == "e002")
    assert (row["type"], row["geo_precision"]) == ("arrival", "3")
    assert history(case) == [(EDITOR, "events.csv", "e002", "geo_precision", "2", "3", "misread"),
                             (EDITOR, "events.csv", "e002", "type", "attack", "arrival", "misread")]
    assert run(capsys, "validate", case)[0] == 0


def test_should_edit_a_waypoint_named_by_its_corridor_and_seq(capsys, case):
    code, _, err = run(capsys, "--data", case, "edit-row", "corridor_waypoints", "aleppo_corridor|2",
                       "--set", "note=")

    assert (code, err) == (0, "")
    [row] = [r for r in csv_rows.rows("corridor_waypoints.csv", case) if r["seq"] == "2"
             and r["corridor_id"] == "aleppo_corridor"]
    assert row["note"] == ""
    assert history(case) == [(EDITOR, "corridor_waypoints.csv", "aleppo_corridor|2", "note",
                              "Crossing out of the enclave by government-held Ramousah.", "", "row edited")]


def test_should_remove_a_claim_no_row_refers_to_and_keep_it_in_the_history(capsys, case):
    [old] = [r for r in csv_rows.rows("claims.csv", case) if r["id"] == "c001"]

    code, out, err = run(capsys, "remove-row", "claims", "c001", "--reason", "a duplicate", "--data", case)

    assert (code, err) == (0, "")
    assert "removed from" in out and "c001" in out
    assert "c001" not in [r["id"] for r in csv_rows.rows("claims.csv", case)]
    [(editor, file, row_id, field, was, now, reason)] = history(case)
    assert (editor, file, row_id, field, now, reason) == (EDITOR, "claims.csv", "c001", "*", "", "a duplicate")
    assert json.loads(was) == old


def test_should_refuse_to_remove_an_event_its_claims_cite(capsys, case):
    before = files_of(case)

    code, out, err = run(capsys, "remove-row", "events", "e001", "--reason", "wrong", "--data", case)

    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert err.startswith("evacmap remove-row: ") and "claims.csv c001 (event_id); claims.csv c002 (event_id)" in err
    assert files_of(case) == before


@pytest.mark.parametrize(("argv", "expected"), [
    (["edit-row", "nope", "e001", "--set", "type=arrival"], "nope.csv: no such table"),
    (["edit-row", "events", "e404", "--set", "type=arrival"], "events.csv: no row 'e404'"),
    (["edit-row", "events", "e001", "--set", "colour=red"], "events.csv:2: colour: row 'e001': events.csv has no "
                                                             "column 'colour'"),
    (["edit-row", "events", "e001", "--set", "id=e003"], "events.csv:2: id: row 'e001': 'e003' is taken"),
    (["edit-row", "events", "e001", "--set", "start=2016-12-32"], "events.csv:2: start: row 'e001': "),
    (["edit-row", "events", "e001", "--set", "place_id=atlantis"], "events.csv:2: place_id: row 'e001': 'atlantis'"),
    (["edit-row", "claims", "c001", "--set", "qualifier=roughly"], "claims.csv:2: qualifier: row 'c001': "),
    (["edit-row", "events", "e001", "--set", "type"], "--set: expected COLUMN=VALUE"),
    (["edit-row", "corridors", "idlib_route", "--set", "id=onward"], "corridors.csv:3: id: row 'idlib_route': "),
    (["remove-row", "events", "e404", "--reason", "gone"], "events.csv: no row 'e404'"),
    (["remove-row", "changes", "x", "--reason", "gone"], "changes.csv: the history is only appended to"),
])
def test_should_refuse_bad_input_in_one_line_with_exit_2_and_write_nothing(capsys, case, argv, expected):
    before = files_of(case)

    code, out, err = run(capsys, *argv, "--data", case)

    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and expected in err
    assert files_of(case) == before


def test_should_require_a_reason_to_remove_a_row(capsys, case):
    with pytest.raises(SystemExit) as caught:
        main(["remove-row", "claims", "c001", "--data", str(case)])
    assert caught.value.code == 2
    assert "--reason" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["edit-row", "remove-row"])
def test_should_say_in_help_how_a_row_without_an_id_is_named(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert "joined by |" in capsys.readouterr().out
