"""The selected event as a layer added to a drawn map (geo.map.highlight) and the map's "drawn" message (geo.map.ready)."""

from __future__ import annotations

import folium
import pytest

from geo.map import highlight, ready
from geo.run.selection import Selection
from geo.run.view import View
from tests import csv_rows


def _layer(evidence, event_id: str) -> folium.FeatureGroup:
    return highlight.selection_layer(Selection.of(evidence, View(event=event_id)).selected)


def _script(group: folium.FeatureGroup) -> str:
    m = folium.Map(location=(36.2, 37.1), zoom_start=12)
    group.add_to(m)
    return m.get_root().render()


def test_should_draw_a_ring_on_the_selected_events_point_and_name_it_for_the_browser(shipped):
    row = next(r for r in csv_rows.rows("events.csv") if r["geo_precision"] == "1")
    place = next(p for p in csv_rows.rows("gazetteer.csv") if p["id"] == row["place_id"])
    html = _script(_layer(shipped, row["id"]))
    assert highlight.RING_CLASS in html and f'"{row["id"]}"' in html
    assert f"[{float(place['lat'])}, {float(place['lon'])}]" in html  # where the ring and the pan go
    assert "setZoom" not in html and "fitBounds" not in html  # it pans at most, never zooms


def test_should_outline_an_approximate_places_area_only_for_an_approximate_event(shipped):
    rows = csv_rows.rows("events.csv")
    exact = next(r for r in rows if r["geo_precision"] == "1")
    rough = next(r for r in rows if r["geo_precision"] != "1")
    assert "L.circle(" not in _script(_layer(shipped, exact["id"]))
    assert "L.circle(" in _script(_layer(shipped, rough["id"]))


def test_should_refuse_an_id_no_event_has(shipped):
    with pytest.raises(KeyError, match="no event has the id 'nope'"):
        _layer(shipped, "nope")  # the selection refuses it, before any layer is drawn


def test_should_send_that_the_map_has_drawn_without_reading_the_host_page():
    html = _script(ready.ready_layer())
    assert 'evacmapControls.whenDrawn(' in html and '"drawn");' in html and "window.parent.postMessage" in html
    assert "window.parent.document" not in html and "st-key" not in html and "fire(\"click\"" not in html
