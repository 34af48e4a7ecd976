"""geo/data/rowedit.py: one row of a case table mended or removed, on a copy of the shipped December 2016 case.
Expected rows and bytes are written here by hand or read back with the csv module (tests/csv_rows.py)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from geo.data import rowedit
from geo.errors import DataFileError
from tests import csv_rows

TIME = datetime(2026, 12, 4, 9, 30, tzinfo=UTC)
WHO = {"editor": "ana", "time": TIME}


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under the folder and its bytes, to show that nothing was written."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def history(folder: Path) -> list[tuple[str, str, str, str, str, str, str, str]]:
    return [(r["time"], r["editor"], r["file"], r["row_id"], r["field"], r["old"], r["new"], r["reason"])
            for r in csv_rows.rows("changes.csv", folder)]


def test_should_change_one_cell_and_keep_every_other_byte_of_the_file(data_copy):
    before = (data_copy / "events.csv").read_bytes()
    lines = before.split(b"\n")
    assert lines[1].startswith(b"e001,") and b",east_aleppo,advance," in lines[1]
    lines[1] = lines[1].replace(b",east_aleppo,advance,", b",east_aleppo,arrival,")

    rowedit.edit(data_copy, "events.csv", "e001", {"type": "arrival"}, reason="misread", **WHO)

    assert (data_copy / "events.csv").read_bytes() == b"\n".join(lines)


def test_should_record_one_change_a_changed_field_with_old_value_new_value_and_reason(data_copy):
    assert not (data_copy / "changes.csv").exists()
    recorded = rowedit.edit(data_copy, "events", "e001", {"type": "arrival", "geo_precision": "1",
                                                          "end": ""}, reason="misread", **WHO)

    assert [(c.field, c.old, c.new) for c in recorded] == [("end", "2016-12-14T22:00:00+00:00", ""),
                                                           ("type", "advance", "arrival")]
    assert history(data_copy) == [
        ("2026-12-04T09:30:00+00:00", "ana", "events.csv", "e001", "end", "2016-12-14T22:00:00+00:00", "", "misread"),
        ("2026-12-04T09:30:00+00:00", "ana", "events.csv", "e001", "type", "advance", "arrival", "misread"),
    ]


def test_should_name_a_row_without_an_id_by_its_key_joined_by_a_bar(data_copy):
    rowedit.edit(data_copy, "corridor_waypoints", "aleppo_corridor|2", {"note": "The Ramousah crossing."},
                 reason="shorter", **WHO)

    waypoint = [r for r in csv_rows.rows("corridor_waypoints.csv", data_copy)
                if (r["corridor_id"], r["seq"]) == ("aleppo_corridor", "2")]
    assert [r["note"] for r in waypoint] == ["The Ramousah crossing."]
    assert [h[3:5] for h in history(data_copy)] == [("aleppo_corridor|2", "note")]


def test_should_write_nothing_for_an_edit_that_changes_nothing(data_copy):
    before = files_of(data_copy)

    assert rowedit.edit(data_copy, "events", "e001", {"type": "advance"}, reason="same", **WHO) == []
    assert files_of(data_copy) == before


def test_should_remove_a_row_and_record_it_whole_as_json(data_copy):
    old = next(r for r in csv_rows.rows("corridor_waypoints.csv", data_copy)
               if (r["corridor_id"], r["seq"]) == ("aleppo_corridor", "3"))
    before = (data_copy / "corridor_waypoints.csv").read_bytes()

    rowedit.remove(data_copy, "corridor_waypoints.csv", "aleppo_corridor|3", reason="duplicate stop", **WHO)

    line = b'aleppo_corridor,3,rashidin,,,,"Destination of the columns, where evacuees changed vehicles."\n'
    assert (data_copy / "corridor_waypoints.csv").read_bytes() == before.replace(line, b"")
    [(when, editor, file, row_id, field, was, now, reason)] = history(data_copy)
    assert (editor, file, row_id, field, now, reason) == ("ana", "corridor_waypoints.csv", "aleppo_corridor|3", "*",
                                                          "", "duplicate stop")
    assert json.loads(was) == old


def test_should_refuse_to_remove_an_event_its_claims_cite_naming_them(data_copy):
    citing = [r["id"] for r in csv_rows.rows("claims.csv", data_copy) if r["event_id"] == "e001"]
    assert citing == ["c001", "c002"]
    before = files_of(data_copy)

    with pytest.raises(DataFileError) as raised:
        rowedit.remove(data_copy, "events", "e001", reason="wrong", **WHO)

    message = str(raised.value)
    assert "events.csv:2" in message and "'e001'" in message
    assert "claims.csv c001 (event_id)" in message and "claims.csv c002 (event_id)" in message
    assert files_of(data_copy) == before


def test_should_refuse_to_remove_a_corridor_its_waypoints_follow(data_copy):
    before = files_of(data_copy)

    with pytest.raises(DataFileError, match=r"corridor_waypoints\.csv idlib_route\|1 \(corridor_id\)"):
        rowedit.remove(data_copy, "corridors", "idlib_route", reason="wrong", **WHO)
    assert files_of(data_copy) == before


def test_should_list_the_referrers_of_a_row_from_the_schemas_references(data_copy):
    cells = next(r for r in csv_rows.rows("sources.csv", data_copy) if r["id"] == "rt_20161215")
    expected = {("events.csv", r["id"], "sources") for r in csv_rows.rows("events.csv", data_copy)
                if "rt_20161215" in r["sources"].split("|")}
    expected |= {("claims.csv", r["id"], "source_id") for r in csv_rows.rows("claims.csv", data_copy)
                 if r["source_id"] == "rt_20161215"}
    expected |= {("corridors.csv", r["id"], "sources") for r in csv_rows.rows("corridors.csv", data_copy)
                 if "rt_20161215" in r["sources"].split("|")}
    assert ("corridors.csv", "aleppo_corridor", "sources") in expected

    found = rowedit.referrers(data_copy, rowedit.table(data_copy, "sources"), cells)

    assert {(r.file, r.row_id, r.column) for r in found} >= expected
    assert {r.file for r in found} <= {"events.csv", "claims.csv", "corridors.csv", "holdings.csv"}


@pytest.mark.parametrize(("file", "row", "values", "expected"), [
    ("places", "e001", {"type": "arrival"}, r"places\.csv: no such table"),
    ("changes.csv", "e001", {"type": "arrival"}, r"changes\.csv: the history is only appended to"),
    ("events", "e999", {"type": "arrival"}, r"events\.csv: no row 'e999'"),
    ("corridor_waypoints", "aleppo_corridor", {"note": "x"}, r"no row 'aleppo_corridor'.*corridor_id, seq, joined by \|"),
    ("events", "e001", {"colour": "red"}, r"events\.csv:2: colour: row 'e001': events\.csv has no column 'colour'"),
    ("events", "e001", {"id": "e002"}, r"events\.csv:2: id: row 'e001': 'e002' is taken: line 3 holds it"),
    ("corridor_waypoints", "aleppo_corridor|2", {"seq": "1"},
     r"corridor_waypoints\.csv:3: seq: row 'aleppo_corridor\|2': 'aleppo_corridor\|1' is taken"),
    ("events", "e001", {"start": "15 December"}, r"events\.csv:2: start: row 'e001': expected an ISO 8601 time"),
    ("events", "e001", {"place_id": "atlantis"}, r"events\.csv:2: place_id: row 'e001': 'atlantis' is not an id"),
    ("events", "e001", {"type": "picnic"}, r"events\.csv:2: type: row 'e001': "),
    ("claims", "c001", {"qualifier": "roughly"}, r"claims\.csv:2: qualifier: row 'c001': "),
    ("events", "e001", {"id": "e_renamed"},
     r"events\.csv:2: id: row 'e001': its id is referred to by 2 row\(s\), claims\.csv c001 \(event_id\); "
     r"claims\.csv c002 \(event_id\); change those first"),
])
def test_should_refuse_a_bad_edit_naming_where_and_write_nothing(data_copy, file, row, values, expected):
    before = files_of(data_copy)

    with pytest.raises(DataFileError, match=expected):
        rowedit.edit(data_copy, file, row, values, reason="bad", **WHO)
    assert files_of(data_copy) == before


def test_should_rewrite_the_descriptor_when_a_source_changes(data_copy):
    rowedit.edit(data_copy, "sources", "rt_20161215", {"outlet": "Russia Today"}, reason="full name", **WHO)

    titles = [s["title"] for s in json.loads((data_copy / "datapackage.json").read_text("utf-8"))["sources"]]
    assert any(t.startswith("Russia Today") for t in titles)


def test_should_find_a_row_after_a_cell_that_spans_lines_and_keep_it(data_copy):
    rowedit.edit(data_copy, "events", "e001", {"summary": "Two weeks of advances.\nThen the pocket shrank."},
                 reason="shorter", **WHO)
    rowedit.edit(data_copy, "events", "e002", {"type": "arrival"}, reason="misread", **WHO)

    rows = {r["id"]: r for r in csv_rows.rows("events.csv", data_copy)}
    assert rows["e001"]["summary"] == "Two weeks of advances.\nThen the pocket shrank."
    assert rows["e002"]["type"] == "arrival"
    assert (data_copy / "events.csv").read_bytes().split(b"\n")[3].startswith(b"e002,")


def test_should_keep_a_file_s_windows_line_endings(data_copy):
    path = data_copy / "parties.csv"
    crlf = path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    path.write_bytes(crlf)
    first = next(r["id"] for r in csv_rows.rows("parties.csv", data_copy))

    rowedit.edit(data_copy, "parties", first, {"note": "renamed"}, reason="r", **WHO)

    data = path.read_bytes()
    assert data.count(b"\r\n") == crlf.count(b"\r\n") and b"\n" not in data.replace(b"\r\n", b"")
