"""What one run shows (geo.run.selection): a view looked up once, its events with their place, claims and holdings joined,
and the one text the map's popup and the details panel both write."""

from __future__ import annotations

from datetime import date

import pytest

from geo.map import popups
from geo.map.escape import safe
from geo.run.selection import Selection
from geo.run.view import View
from tests import csv_rows

DAY = csv_rows.local_day(date(2016, 12, 15))


@pytest.fixture(scope="module")
def day(shipped) -> Selection:
    return Selection.of(shipped, View(start=DAY[0], end=DAY[1]))


def test_should_hold_the_window_events_claims_and_corridors_of_the_view(day):
    ids = csv_rows.events(DAY)
    assert day.window == DAY
    assert list(day.events["id"]) == list(day.shown) == ids
    assert sorted(day.claims["id"]) == sorted(r["id"] for r in csv_rows.claims_about(ids))
    assert [c.id for c in day.corridors] == csv_rows.corridors_in_use(DAY)


def test_should_join_each_events_place_claims_sources_and_who_held_the_place(day):
    ids = csv_rows.events(DAY)
    claimed = next(i for i in ids if csv_rows.claims_about([i]))
    row = next(r for r in csv_rows.rows("events.csv") if r["id"] == claimed)
    place = next(p for p in csv_rows.rows("gazetteer.csv") if p["id"] == row["place_id"])
    shown = day.shown[claimed]
    assert (shown.place_name, shown.lat, shown.lon, shown.precision_m) == (
        place["name"], float(place["lat"]), float(place["lon"]), int(place["precision_m"]))
    assert [c.id for c in shown.claims] == [r["id"] for r in csv_rows.claims_about([claimed])]
    assert len(shown.citations) == len(row["sources"].split("|"))
    held = [r for r in csv_rows.rows("holdings.csv") if r["place_id"] == row["place_id"]
            and (not r["from"] or r["from"] < DAY[1].isoformat()) and (not r["until"] or r["until"] > DAY[0].isoformat())]
    assert [(c.side, c.source_id) for c, _ in shown.held] == [(r["side"], r["source_id"]) for r in held]


def test_should_work_out_a_selected_event_outside_the_window_on_its_own(shipped):
    outside = next(i for i in csv_rows.events() if i not in csv_rows.events(DAY))
    selection = Selection.of(shipped, View(start=DAY[0], end=DAY[1], event=outside))
    assert selection.selected.event.id == outside
    assert list(selection.shown) == csv_rows.events(DAY)  # shown are the window's events, without it
    assert [c.id for c in selection.selected.claims] == [r["id"] for r in csv_rows.claims_about([outside])]
    with pytest.raises(KeyError, match="no event has the id 'nope'"):
        Selection.of(shipped, View(event="nope"))


def test_should_let_go_of_a_selected_event_the_window_leaves_out_or_the_evidence_lacks_when_asked(shipped):
    outside = next(i for i in csv_rows.events() if i not in csv_rows.events(DAY))
    for event_id in (outside, "gone"):  # "gone": an uploaded event whose file was removed
        selection = Selection.of(shipped, View(start=DAY[0], end=DAY[1], event=event_id), let_go=True)
        assert selection.view.event is None and selection.selected is None
        assert list(selection.shown) == csv_rows.events(DAY)
    inside = csv_rows.events(DAY)[0]
    kept = Selection.of(shipped, View(start=DAY[0], end=DAY[1], event=inside), let_go=True)
    assert kept.selected is kept.shown[inside]


def test_should_write_the_popup_from_the_text_the_details_panel_shows(day, shipped):
    claimed = next(i for i in day.shown if day.shown[i].claims)
    shown = day.shown[claimed]
    text = popups.event_text(shown, shipped.event_types[shown.event.type], shipped.case.timezone)
    popup = popups.event_popup(text)
    lines = [text.kind, text.place, text.when, text.summary, *text.claims, text.held, text.outlets, text.sources,
             text.origin]
    assert all(safe(line) in popup for line in lines if line)
    assert text.claims == tuple(popups.claims_summary(shown.claims))


def test_should_cite_the_corridors_sources_and_hold_every_place_by_id(day):
    in_use = set(csv_rows.corridors_in_use(DAY))
    named = {s for r in csv_rows.rows("corridors.csv") if r["id"] in in_use for s in r["sources"].split("|") if s}
    assert named and named <= set(day.citations)
    assert list(day.places) == [r["id"] for r in csv_rows.rows("gazetteer.csv")]
