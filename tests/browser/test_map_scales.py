"""The map at two scales in a real browser: the city in the opening view, the region in the inset, names that
never collide, events at one spot fanned out from the start."""

from __future__ import annotations

from collections import Counter

import pytest

from geo.map import build
from geo.map import inset as inset_module
from geo.run.view import View
from tests import csv_rows
from tests.browser.conftest import map_frame, markers_settle_at

pytestmark = pytest.mark.browser

THE_MAP = "Object.values(window).find(v => { try { return v instanceof L.Map; } catch (e) { return false; } })"

# The boxes of the place names shown and of every marker (names and route arrows aside), on screen.
BOXES = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const pane = document.querySelector('.leaflet-map-pane .leaflet-marker-pane');
  const names = [...pane.querySelectorAll('.evacmap-label:not(.evacmap-label-hidden) > div')].map(box);
  const markers = [...pane.querySelectorAll('.evacmap-glyph')].concat([...pane.children]
    .filter(e => !e.matches('.evacmap-label, .evacmap-arrow, .evacmap-glyph-icon'))).map(box);
  const pending = !!document.querySelector('.leaflet-container').dataset.labelsPending;
  const map = document.querySelector('.leaflet-container:not(.leaflet-control-minimap)').getBoundingClientRect();
  const onMap = e => { const r = e.getBoundingClientRect();
    return r.left >= map.left && r.left <= map.right && r.top >= map.top && r.top <= map.bottom; };
  const hidden = [...pane.querySelectorAll('.evacmap-label-hidden')].filter(onMap).length;  // names of places in view
  return {names, markers, hidden, pending};
}"""


# The centre and radius of each glyph standing for an event at a point (its marker's anchor there), on screen.
AT_SPOT = """spot => {
  const map = MAP, at = map.latLngToContainerPoint(spot), frame = map.getContainer().getBoundingClientRect();
  return [...document.querySelectorAll('.leaflet-marker-pane .evacmap-glyph-icon')].filter(icon => {
    const r = icon.getBoundingClientRect();
    return Math.abs(r.left - frame.left - at.x) < 1.5 && Math.abs(r.top - frame.top - at.y) < 1.5;
  }).map(icon => {
    const r = icon.firstChild.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2, r.width / 2];
  });
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _collisions(boxes: dict) -> list[tuple]:
    names, markers = boxes["names"], boxes["markers"]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:] if _overlap(a, b)]
    return pairs + [(a, b) for a in names for b in markers if _overlap(a, b)]


def _settled_boxes(page, frame) -> dict:
    """The boxes once markers are drawn, the names' layout has run and two looks 300 ms apart agree."""
    seen = None
    for _ in range(100):
        page.wait_for_timeout(300)
        now = frame.evaluate(BOXES)
        if now == seen and now["markers"] and not now["pending"]:
            return now
        seen = now
    pytest.fail(f"the map did not settle: {seen} {[f.url for f in page.frames]}")


def _opened(page, shipped):
    """The dashboard's map frame once it shows every shipped event on the map, drawn and laid out (not those said
    about a place, event_notes.csv)."""
    expected = len(csv_rows.on_map())
    assert markers_settle_at(page, expected) == expected
    frame = map_frame(page)
    return frame, _settled_boxes(page, frame)


def test_should_open_on_the_city_with_the_regional_routes_in_the_inset(page, dashboard, shipped):
    page.goto(dashboard)
    frame, _ = _opened(page, shipped)
    inside = frame.evaluate(f"""places => {{
        const map = {THE_MAP};
        return places.map(p => map.getBounds().contains(p));
    }}""", [[shipped.gazetteer[p].lat, shipped.gazetteer[p].lon] for p in ("amiriyah", "ramouseh_crossing", "rashidin", "foua")])
    # the city's route in view; al-Fu'ah, 45 km away, left to the inset
    assert inside == [True, True, True, False], frame.evaluate(f"() => ({THE_MAP}).getBounds().toBBoxString()")
    inset = frame.locator(".leaflet-control-minimap")
    inset.wait_for()
    colours = build.corridor_colours(shipped)
    for corridor in View().corridors(shipped):
        assert inset.locator(f"path[stroke='{colours[corridor.id]}']").count() >= 1, corridor.id
    assert inset.locator(f"path[stroke='{inset_module.VIEW_COLOUR}']").count() == 1  # the main map's current view


def test_should_show_place_names_that_overlap_neither_each_other_nor_a_marker(page, dashboard, shipped):
    page.goto(dashboard)
    frame, opening = _opened(page, shipped)
    # four names laid out at 1440x900 since the case reaches 22 December (56 events): the districts' names under
    # East Aleppo's fan of 36 glyphs give way to it, and al-Rashidin's, its glyphs at the map's left edge, finds no
    # free spot beside them (five and more before, with 42 events on a narrower view)
    assert len(opening["names"]) >= 4 and opening["markers"]
    assert _collisions(opening) == []
    frame.evaluate(f"() => {{ const map = {THE_MAP}; map.setZoom(map.getZoom() - 2, {{animate: false}}); }}")
    zoomed_out = _settled_boxes(page, frame)
    # names that now collide gave way (the opening view already hides the districts under East Aleppo's fan, so the
    # count of hidden names need not grow; what must hold is that none of those shown collide)
    assert zoomed_out["hidden"] > 0
    assert _collisions(zoomed_out) == []


def test_should_open_with_the_busiest_spot_as_one_badge_that_fans_out_when_clicked(page, dashboard, shipped):
    page.goto(dashboard)
    frame, _ = _opened(page, shipped)
    on_map = set(csv_rows.on_map())  # East Aleppo's 21 of its 34: the statements said about it have no glyph
    busiest = Counter(r["place_id"] for r in csv_rows.rows("events.csv") if r["id"] in on_map).most_common(1)[0]
    stacked = busiest[1]
    spot = shipped.gazetteer[busiest[0]]
    badge = frame.locator(".evacmap-badge").filter(has_text=str(stacked))
    assert badge.count() == 1 and len(badge.get_attribute("data-event-ids").split()) == stacked
    badge.click()
    glyphs = frame.evaluate(AT_SPOT.replace("MAP", THE_MAP), [spot.lat, spot.lon])
    assert len(glyphs) == stacked  # each event of the spot drawn, with no click
    for i, (x, y, r) in enumerate(glyphs):
        for other_x, other_y, other_r in glyphs[i + 1:]:
            assert ((x - other_x) ** 2 + (y - other_y) ** 2) ** 0.5 >= r + other_r, "two glyphs of the spot overlap"
