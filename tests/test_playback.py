"""The in-map playback's steps and data, and the channel that tells the dashboard where playback stopped."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import folium
import pytest

from geo.map import build, playback, steps
from geo.run.selection import Selection
from geo.run.view import View, parse_moment
from tests import csv_rows
from tests.conftest import ZONE


def window(first: str, last: str) -> View:
    return View(start=parse_moment(first, "start", zone=ZONE), end=parse_moment(last, "end", end_of_day=True, zone=ZONE))


def test_should_cut_a_window_into_aleppo_days():
    cut = steps.steps(
        (parse_moment("2016-12-12", "s", zone=ZONE), parse_moment("2016-12-20", "e", end_of_day=True, zone=ZONE)), "day", ZONE
    )
    # Aleppo was two hours ahead of UTC in December 2016: each day starts at 22:00 UTC the day before.
    assert [s.start for s in cut] == [datetime(2016, 12, 11 + k, 22, tzinfo=UTC) for k in range(9)]
    assert cut[-1].end == datetime(2016, 12, 20, 22, tzinfo=UTC)
    assert cut[3].label == "Thu 15 Dec 2016"


def test_should_cut_a_day_into_hours_on_the_hour():
    cut = steps.steps(
        (parse_moment("2016-12-15", "s", zone=ZONE), parse_moment("2016-12-15", "e", end_of_day=True, zone=ZONE)), "hour", ZONE
    )
    assert len(cut) == 24
    assert cut[14].label == "Thu 15 Dec 2016 14:00 UTC+2 (12:00 UTC)"
    assert all(b.start == a.end for a, b in zip(cut, cut[1:]))


def test_should_refuse_an_unknown_step_size():
    with pytest.raises(ValueError, match="expected one of hour, day, instead got 'week'"):
        steps.steps((datetime(2016, 12, 1, tzinfo=UTC), datetime(2016, 12, 2, tzinfo=UTC)), "week", ZONE)


def test_should_offer_no_hour_steps_for_a_window_of_years():
    assert steps.steps((datetime(2014, 1, 1, tzinfo=UTC), datetime(2016, 12, 31, tzinfo=UTC)), "hour", ZONE) == []


def test_should_carry_every_event_of_the_window_with_its_start_and_end(shipped):
    view = window("2016-12-12", "2016-12-20")
    data = playback.playback_data(shipped, view)
    shown = view.apply(shipped)
    shown = shown.loc[~shown["id"].isin(csv_rows.said())]  # those said about a place are not on the map
    assert data["kind"] == "events" and len(data["events"]) == len(shown)
    first = shown.iloc[0]
    assert data["events"][0][3] == int(first["start"].timestamp())
    assert data["events"][0][4] == int(first["span_end"].timestamp())
    assert data["events"][0][5].startswith(f"{first['id']} · ")


def test_should_start_with_day_steps_for_a_week_and_hour_steps_for_a_day(shipped):
    assert playback.playback_data(shipped, window("2016-12-12", "2016-12-20"))["options"]["step"] == "day"
    assert playback.playback_data(shipped, window("2016-12-15", "2016-12-15"))["options"]["step"] == "hour"


def test_should_bin_counts_exactly_as_a_view_of_each_day_would_count(shipped):
    view = window("2016-12-12", "2016-12-20")
    cut = steps.steps(view.window(shipped), "day", ZONE)
    place_ids, bins, totals = steps.place_bins(view.apply(shipped), cut)
    for k, step in enumerate(cut):
        day = View(start=step.start, end=step.end).apply(shipped)
        started = view.apply(shipped)
        started = started.loc[started["start"] < step.end]
        expected = {p: (n, int((started["place_id"] == p).sum())) for p, n in day["place_id"].value_counts().items()}
        listed = {place_ids[bins[k][j]]: (bins[k][j + 1], bins[k][j + 2]) for j in range(0, len(bins[k]), 3)}
        assert {p: v for p, v in listed.items() if v[0] > 0} == expected
        assert totals[k] == [len(day), len(started)]


def test_should_list_only_the_busiest_places_when_the_cells_would_not_fit(shipped, monkeypatch):
    monkeypatch.setattr(steps, "MAX_CELLS", 5)
    view = window("2016-12-12", "2016-12-20")
    cut = steps.steps(view.window(shipped), "day", ZONE)
    place_ids, _, totals = steps.place_bins(view.apply(shipped), cut)
    busiest = view.apply(shipped)["place_id"].value_counts()
    assert len(place_ids) < busiest.size and place_ids[0] == busiest.index[0]
    assert sum(t[0] for t in totals) == sum(len(View(start=s.start, end=s.end).apply(shipped)) for s in cut)


def test_should_tell_the_page_where_playback_stopped_only_when_asked(shipped):
    view = window("2016-12-15", "2016-12-15")
    quiet = build.build_map(shipped, view)
    playback.add_playback(quiet, Selection.of(shipped, view))
    telling = build.build_map(shipped, view)
    playback.add_playback(telling, Selection.of(shipped, view), send=True)
    assert '"send": false}' in quiet.get_root().render() and "if (!window.evacmapChannel)" not in quiet.get_root().render()
    assert '"send": true}' in telling.get_root().render() and "if (!window.evacmapChannel)" in telling.get_root().render()


def test_should_step_aside_the_maps_own_event_and_corridor_layers(shipped):
    view = window("2016-12-15", "2016-12-15")
    m = build.build_map(shipped, view)
    element = playback.add_playback(m, Selection.of(shipped, view))
    assert {layer.layer_name for layer in element.hidden} >= {"Events", "Corridors (direction of travel)"}


def test_should_refuse_an_unknown_mode(shipped):
    with pytest.raises(ValueError, match="mode: expected one of window, cumulative"):
        playback.playback_data(shipped, View(), mode="everything")


def test_should_give_day_labels_in_aleppo_time(shipped):
    data = playback.playback_data(shipped, window("2016-12-15", "2016-12-16"), step="day")
    first = datetime.fromtimestamp(data["steps"]["day"]["starts"][0], UTC)
    assert first.astimezone(ZONE).hour == 0 and first + timedelta(days=1) == datetime.fromtimestamp(
        data["steps"]["day"]["ends"][0], UTC
    )


def test_should_end_the_whole_window_on_its_last_day_not_an_empty_sliver(shipped):
    # by hand from data/events.csv: the last span ends 2016-12-22T22:00Z, local midnight at the end of 22 December;
    # the whole window runs a second past it, a sliver in which no event starts.
    data = playback.playback_data(shipped, View(), step="day")
    table = data["steps"]["day"]
    assert table["labels"][-1] == "Thu 22 Dec 2016"
    assert table["iso"][-1][1] == "2016-12-22T22:00:00+00:00"


def test_should_send_the_whole_local_day_or_hour_of_a_step_the_window_cut_short():
    zone_step = steps.Step(datetime(2016, 12, 15, 8, 30, tzinfo=UTC), datetime(2016, 12, 15, 9, tzinfo=UTC), "cut")
    # 08:30 UTC is 10:30 in Aleppo (UTC+2): its day runs from 14 Dec 22:00 UTC, its hour from 08:00 UTC.
    assert steps.whole(zone_step, "day", ZONE) == (datetime(2016, 12, 14, 22, tzinfo=UTC), datetime(2016, 12, 15, 22, tzinfo=UTC))
    assert steps.whole(zone_step, "hour", ZONE) == (datetime(2016, 12, 15, 8, tzinfo=UTC), datetime(2016, 12, 15, 9, tzinfo=UTC))


def test_should_take_the_playbacks_glyphs_from_the_maps_own_without_their_popups(shipped):
    view = window("2016-12-15", "2016-12-15")
    selection = Selection.of(shipped, View(start=view.start, end=view.end, event="e014"))
    m = build.map_of(selection)
    drawn = playback.drawn_pins(m)
    taken = playback.playback_of(selection, drawn=drawn)["events"]
    assert [row[6]["id"] for row in taken] == [i for i in selection.events["id"] if i not in csv_rows.said()]
    assert drawn["e014"].selected and drawn["e014"].popup  # the map's own glyph: selected, with its popup
    assert all(row[6]["popup"] == "" and not row[6]["selected"] for row in taken)
    assert taken == playback.playback_of(selection)["events"]  # as the playback's own glyphs, worked out alone


def test_should_find_no_glyphs_on_a_map_that_drew_none():
    assert playback.drawn_pins(folium.Map()) is None
