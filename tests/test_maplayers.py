"""Many events on a map: counted by place, clustered in the browser; place names from one array."""

import html
from collections import Counter
from datetime import timedelta

import folium
import pytest
from folium.plugins import FastMarkerCluster

from benchmarks import synth
from geo import times
from geo.data import evidence
from geo.export import mapfile
from geo.map import build, layers, playback
from geo.run import selection
from geo.run.selection import Selection
from geo.run.view import View
from tests import csv_rows
from tests.conftest import ZONE
from tests.test_mapview import HOSTILE, _edit, _marked_events, _tree


@pytest.fixture(scope="module")
def many(tmp_path_factory):
    """A synthetic evidence base of 2,000 events at some 160 places."""
    return evidence.load(synth.write(tmp_path_factory.mktemp("many"), 2000, seed=3))


def test_should_count_each_places_events_and_name_its_commonest_types(many):
    counts = layers.place_counts(many, many.events)
    assert counts["events"].sum() == len(many.events)
    assert list(counts["place_id"]) == list(dict.fromkeys(counts["place_id"]))
    assert counts["events"].is_monotonic_decreasing
    top = counts.iloc[0]
    at_top = many.events.loc[many.events["place_id"] == top["place_id"], "type"].value_counts()
    commonest = many.event_types[at_top.index[0]].label
    assert top["tooltip"].startswith(f"{many.gazetteer[top['place_id']].name} · {at_top.sum():,} events · {commonest}")
    assert (top["lat"], top["lon"]) == (many.gazetteer[top["place_id"]].lat, many.gazetteer[top["place_id"]].lon)


def test_should_count_nothing_for_no_events(many):
    assert layers.place_counts(many, many.events.iloc[:0]).empty


def test_should_send_one_row_per_place_whatever_the_number_of_events(many):
    layer = layers.place_count_layer(many, many.events)
    assert len(layer.data) == many.events["place_id"].nunique() < len(many.events)
    m = folium.Map()
    layer.add_to(m)
    assert "L.markerClusterGroup" in m.get_root().render()


def test_should_escape_place_names_in_counts_and_labels(data_copy):
    _edit(data_copy / "gazetteer.csv", "amiriyah", name="Amiriyah" + HOSTILE)
    hostile = evidence.load(data_copy)
    m = folium.Map()
    layers.place_count_layer(hostile, hostile.events).add_to(m)
    layers.add_place_labels(folium.FeatureGroup().add_to(m), hostile.gazetteer, hostile.events)
    page = m.get_root().render()
    assert "<img src=x" not in page and "Amiriyah&lt;img src=x" in page.replace("\\u0026", "&")


def test_should_label_every_event_place_of_a_small_gazetteer(shipped):
    labelled = layers.labelled_places(shipped.gazetteer, shipped.events)
    expected = [p.id for p in shipped.gazetteer if p.role == "event" and p.kind != "governorate"]
    assert [p.id for p in labelled] == expected


def test_should_label_only_the_busiest_places_of_a_large_gazetteer(many):
    labelled = layers.labelled_places(many.gazetteer, many.events)
    assert len(labelled) == layers.LABEL_LIMIT
    busiest = many.events["place_id"].value_counts().index[0]
    assert labelled[0].id == busiest


def test_should_carry_counts_per_place_and_step_rather_than_events_above_the_marker_limit(many, monkeypatch):
    monkeypatch.setattr(playback, "MARKER_LIMIT", 3)
    day = many.events["start"].dt.tz_convert(ZONE).dt.date.value_counts().index[0]
    start, end = times.local_day_span(day, ZONE)
    data = playback.playback_data(many, View(start=start, end=end))
    assert data["kind"] == "places" and "events" not in data
    names = [p[2] for p in data["places"]]
    at = {row["id"]: row["place_id"] for row in csv_rows.rows("events.csv", many.folder)}
    name = {row["id"]: row["name"] for row in csv_rows.rows("gazetteer.csv", many.folder)}
    for hour, bins in enumerate(data["steps"]["hour"]["bins"]):
        shown = csv_rows.events((start + timedelta(hours=hour), start + timedelta(hours=hour + 1)), folder=many.folder)
        expected = {html.escape(name[p]): n for p, n in Counter(at[i] for i in shown).items()}
        drawn = {names[bins[k]]: bins[k + 1] for k in range(0, len(bins), 3) if bins[k + 1] > 0}
        assert drawn == expected
        assert data["steps"]["hour"]["totals"][hour][0] == len(shown)


def test_should_count_by_place_on_the_map_above_the_marker_limit(many):
    m = build.build_map(many, View())
    counted = [e for e in _tree(m) if isinstance(e, FastMarkerCluster)]
    assert len(counted) == 1 and sum(row[2] for row in counted[0].data) == len(many.events)
    assert not _marked_events(m)


def test_should_still_draw_the_selected_event_alone_among_the_counts(many):
    selected = many.events["id"].iloc[-1]
    m = build.build_map(many, View(event=selected))
    counted = next(e for e in _tree(m) if isinstance(e, FastMarkerCluster))
    assert sum(row[2] for row in counted.data) == len(many.events) - 1
    assert _marked_events(m) == [selected]


def test_should_draw_markers_one_by_one_up_to_the_limit(many, monkeypatch):
    monkeypatch.setattr(layers, "MARKER_LIMIT", len(many.events))
    monkeypatch.setattr(selection, "FEW_EVENTS", len(many.events))  # the selection works out each event drawn
    m = build.build_map(many, View())
    assert len(_marked_events(m)) == len(many.events)
    assert not any(isinstance(e, FastMarkerCluster) for e in _tree(m))


def test_should_work_out_each_event_the_map_draws_one_by_one():
    assert layers.MARKER_LIMIT <= selection.FEW_EVENTS


def test_should_name_each_count_markers_place_only_where_a_click_shows_it(many):
    expected = set(many.events["place_id"])  # every place with an event has a count marker
    clickable = next(e for e in _tree(build.build_map(many, View(), clickable_places=True))
                     if isinstance(e, FastMarkerCluster))
    assert {row[5] for row in clickable.data} == expected and len(clickable.data) == len(expected)
    exported = next(e for e in _tree(build.build_map(many, View())) if isinstance(e, FastMarkerCluster))
    assert {row[5] for row in exported.data} == {""}


def test_should_tell_two_places_of_one_name_apart_by_id(data_copy, monkeypatch):
    _edit(data_copy / "gazetteer.csv", "rashidin", name="al-Ramousah")
    ev = evidence.load(data_copy)
    monkeypatch.setattr(layers, "MARKER_LIMIT", 0)
    counted = next(e for e in _tree(build.build_map(ev, View(), clickable_places=True)) if isinstance(e, FastMarkerCluster))
    named = {row[5] for row in counted.data if "al-Ramousah" in row[3]}
    assert named == {"ramousah", "rashidin"}


def test_should_promise_a_click_on_a_places_count_only_where_the_dashboard_acts_on_it(many):
    assert layers.CLICK_HINT in build.build_map(many, View(), clickable_places=True).get_root().render()
    assert layers.CLICK_HINT not in mapfile.html(Selection.of(many, View())).decode("utf-8")
