"""Statements said about a place, no report saying where, are kept off the map (geo/run/selection.py: on_map, said,
said_about) but stay in the evidence and the exports; validate refuses ``placed=subject`` for what happened somewhere.

Expected values are read from the CSV files (tests/csv_rows.py) or counted by hand from them: in December 2016's
whole window East Aleppo holds 34 events, 13 of them statements at their subject (e003, e005, e011, e017, e018, e019,
e020, e023, e039, e040, e041, e042, e056), so 21 on the map; April's Rashidin holds 10, 2 of them said (e023, e037).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from geo.data import evidence
from geo.data.validation import validate
from geo.export import formats, mapfile
from geo.map import build, layers
from geo.run.selection import Selection
from geo.run.view import View
from tests import csv_rows
from tests.conftest import DATA

DECEMBER_SAID = {"e003", "e005", "e011", "e017", "e018", "e019", "e020", "e023", "e039", "e040", "e041", "e042", "e056"}


@pytest.fixture(scope="module")
def whole(shipped) -> Selection:
    return Selection.of(shipped, View())


def test_should_read_the_same_statements_at_their_subject_as_the_files_say(whole):
    assert csv_rows.said() == DECEMBER_SAID
    assert set(whole.said["id"]) == DECEMBER_SAID


def test_should_split_the_events_shown_into_those_on_the_map_and_those_said(whole):
    assert whole.on_map["id"].tolist() == csv_rows.on_map()
    assert len(whole.events) == len(csv_rows.events()) == 56  # every event is still shown: tables, counts, exports
    assert len(whole.on_map) + len(whole.said) == len(whole.events)


def test_should_leave_east_aleppo_21_glyphs_of_its_34_in_decembers_whole_window(whole):
    at_east = [r["id"] for r in csv_rows.rows("events.csv") if r["place_id"] == "east_aleppo"]
    assert len(at_east) == 34
    drawn = [shown.event.id for shown in layers.drawn(whole).events if shown.event.place_id == "east_aleppo"]
    assert len(drawn) == 21 and not set(drawn) & DECEMBER_SAID
    assert set(whole.said_about("east_aleppo")["id"]) == DECEMBER_SAID
    assert whole.said_about("west_aleppo").empty


def test_should_leave_rashidin_8_glyphs_of_its_10_in_aprils_whole_window():
    april = evidence.load(DATA / "four-towns-2017-04")
    selection = Selection.of(april, View())
    drawn = [shown.event.id for shown in layers.drawn(selection).events if shown.event.place_id == "rashidin"]
    assert len(drawn) == 8
    assert set(selection.said_about("rashidin")["id"]) == {"e023", "e037"}


def test_should_draw_every_karabakh_event_since_none_stands_at_its_subject():
    karabakh = evidence.load(DATA / "karabakh-2023-09")
    selection = Selection.of(karabakh, View())
    assert selection.said.empty and len(layers.drawn(selection).events) == 35


def test_should_draw_no_glyph_and_no_highlight_for_a_selected_statement_kept_off_the_map(shipped):
    selection = Selection.of(shipped, View(event="e056"))
    assert selection.selected is not None and selection.selected.event.id == "e056"  # the details still show it
    assert selection.selected_on_map is None
    m = build.map_of(selection)
    assert 'data-event-id="e056"' not in m.get_root().render()
    assert "e056" not in {shown.event.id for shown in layers.drawn(selection).events}


def _rows(selection: Selection, fmt: str) -> bytes:
    out = io.BytesIO()
    formats.stream_selection(selection, fmt, out)
    return out.getvalue()


def test_should_export_a_statement_said_about_a_place_at_that_place_with_precision_3(whole):
    east = next(r for r in csv_rows.rows("gazetteer.csv") if r["id"] == "east_aleppo")
    exported = list(csv.DictReader(io.StringIO(_rows(whole, "csv").decode("utf-8"))))
    assert [r["id"] for r in exported] == csv_rows.events()
    e056 = next(r for r in exported if r["id"] == "e056")
    assert (e056["place_id"], e056["geo_precision"]) == ("east_aleppo", "3")
    features = [json.loads(line.rstrip(",")) for line in _rows(whole, "geojson").decode("utf-8").splitlines()
                if line.startswith('{"type": "Feature"') or line.startswith('{"type":"Feature"')]
    point = next(f for f in features if f["properties"].get("id") == "e056")
    assert point["geometry"]["coordinates"] == pytest.approx([float(east["lon"]), float(east["lat"])])


def _write_notes(folder: Path, rows: list[tuple[str, str, str]]) -> None:
    with (folder / "event_notes.csv").open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(["event_id", "placed", "note"])
        writer.writerows(rows)


def test_should_refuse_placed_subject_for_an_event_that_is_not_a_statement(data_copy):
    # e025 is a departure (Reuters' convoy at Ramousah), on line 26 of events.csv
    _write_notes(data_copy, [("e005", "subject", "No report says where."), ("e025", "subject", "A convoy.")])
    problems = validate(data_copy)
    assert [(p.file, p.line, p.column) for p in problems] == [("event_notes.csv", 3, "placed")]
    assert "'e025'" in problems[0].message and "events.csv:26" in problems[0].message
    assert "'departure'" in problems[0].message


def test_should_refuse_placed_subject_for_a_statement_placed_finer_than_precision_3(data_copy):
    events = (data_copy / "events.csv").read_text(encoding="utf-8")
    line = next(x for x in events.splitlines() if x.startswith("e056,"))
    (data_copy / "events.csv").write_text(events.replace(line, line.replace(",1,3,east_aleppo,", ",1,1,east_aleppo,")),
                                          encoding="utf-8")
    problems = validate(data_copy)
    assert [(p.file, p.column) for p in problems] == [("event_notes.csv", "placed")]
    assert "'e056'" in problems[0].message and "geo_precision 3" in problems[0].message


@pytest.mark.parametrize("case", ["aleppo-2016-12", "four-towns-2017-04", "karabakh-2023-09"])
def test_should_keep_every_shipped_case_valid_under_the_rule(case):
    assert validate(DATA / case) == []


def test_should_say_in_a_snapshots_title_how_many_of_its_events_are_not_on_the_map(whole):
    assert "56 events (13 not on the map), " in mapfile.title(whole)
