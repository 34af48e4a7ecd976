"""The dashboard map's controls at a laptop's and a phone's size (issue 12): folded, the playback and the
overview inset take little of the map, and no event opens under them, the legend, the title or the layers button."""

from __future__ import annotations

import pytest

from tests import csv_rows
from tests.browser.conftest import map_frame, markers_settle_at

pytestmark = pytest.mark.browser

SCREENS = {"laptop": (1440, 900), "phone": (390, 844)}

# Boxes relative to the map, as [left, top, right, bottom] in CSS pixels, of the map, its lower controls and
# every event marker drawn within it (place names and route arrows are not events).
BOXES = """() => {
  const map = document.querySelector('.leaflet-container').getBoundingClientRect();
  const box = e => { const r = e.getBoundingClientRect();
    return [r.left - map.left, r.top - map.top, r.right - map.left, r.bottom - map.top]; };
  const one = s => box(document.querySelector(s));
  const markers = [...document.querySelectorAll('.leaflet-map-pane .leaflet-marker-pane > *')]
    .filter(e => !e.matches('.evacmap-label, .evacmap-arrow')).map(box)
    .filter(b => b[2] > 0 && b[3] > 0 && b[0] < map.width && b[1] < map.height);
  return {map: [0, 0, map.width, map.height], playback: one('.evacmap-playback'),
          inset: one('.leaflet-control-minimap'), legend: one('.evacmap-legend'),
          title: one('.evacmap-title'), layers: one('.leaflet-control-layers'), markers};
}"""


def _area(b: list[float]) -> float:
    return max(0.0, b[2] - b[0]) * max(0.0, b[3] - b[1])


def _meet(a: list[float], b: list[float]) -> list[float]:
    return [max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])]


def _opened(page, dashboard: str, shipped, size: tuple[int, int]) -> dict:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{dashboard}/")
    expected = len(csv_rows.on_map())  # the events the map draws: not those said about a place (event_notes.csv)
    assert markers_settle_at(page, expected) == expected
    frame = map_frame(page)
    frame.wait_for_function("() => window.evacmapPlayback && document.querySelector('.leaflet-control-minimap')")
    seen = None
    for _ in range(40):  # the inset and the markers' fade-in settle within a second or two
        page.wait_for_timeout(300)
        now = frame.evaluate(BOXES)
        if now == seen and now["markers"]:
            return now
        seen = now
    pytest.fail(f"the map did not settle: {seen}")


@pytest.mark.parametrize("screen", SCREENS)
def test_should_open_with_the_folded_playback_and_inset_covering_under_a_tenth_of_the_map(page, dashboard, shipped, screen):
    boxes = _opened(page, dashboard, shipped, SCREENS[screen])
    playback, inset = (_meet(boxes[k], boxes["map"]) for k in ("playback", "inset"))
    covered = _area(playback) + _area(inset) - _area(_meet(playback, inset))  # the union of two boxes
    assert covered / _area(boxes["map"]) < 0.10, boxes


@pytest.mark.parametrize("screen", SCREENS)
def test_should_open_with_no_event_under_the_folded_controls(page, dashboard, shipped, screen):
    boxes = _opened(page, dashboard, shipped, SCREENS[screen])
    under = [(name, marker) for name in ("playback", "inset", "legend", "title", "layers") for marker in boxes["markers"]
             if _area(_meet(boxes[name], marker)) > 0]
    assert under == [], boxes
