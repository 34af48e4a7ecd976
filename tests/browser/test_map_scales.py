"""The map at two scales in a real browser: the city framed, the region in the inset, names that
never collide, events at one spot fanned out on click."""

from __future__ import annotations

import pytest

from geo.map import build
from geo.map import inset as inset_module
from geo.view import View
from tests.browser.conftest import map_frame, markers_settle_at

pytestmark = pytest.mark.browser

THE_MAP = "Object.values(window).find(v => { try { return v instanceof L.Map; } catch (e) { return false; } })"

# The boxes of the place names shown and of every marker (names, route arrows and the hidden reporter aside), on screen.
BOXES = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const pane = document.querySelector('.leaflet-map-pane .leaflet-marker-pane');
  const names = [...pane.querySelectorAll('.evacmap-label:not(.evacmap-label-hidden) > div')].map(box);
  const markers = [...pane.children].filter(e => !e.matches('.evacmap-label, .evacmap-arrow, .evacmap-report')).map(box);
  const pending = !!document.querySelector('.leaflet-container').dataset.labelsPending;
  return {names, markers, hidden: pane.querySelectorAll('.evacmap-label-hidden').length, pending};
}"""


# Where the single event markers are on screen (names, arrows and clusters aside), once faded in (single-source ones stay faded).
FANNED = """() => [...document.querySelector('.leaflet-map-pane .leaflet-marker-pane').children]
    .filter(e => !e.matches('.evacmap-label, .evacmap-arrow, .evacmap-cluster') && getComputedStyle(e).opacity > 0.1)
    .map(e => { const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)]; })"""


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
    """The dashboard's map frame once it shows every shipped event, drawn and laid out."""
    assert markers_settle_at(page, len(shipped.events)) == len(shipped.events)
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
    assert inset.locator(f"path[stroke='{inset_module.FRAME_COLOUR}']").count() == 1  # the main map's frame


def test_should_show_place_names_that_overlap_neither_each_other_nor_a_marker(page, dashboard, shipped):
    page.goto(dashboard)
    frame, opening = _opened(page, shipped)
    assert len(opening["names"]) >= 5 and opening["markers"]
    assert _collisions(opening) == []
    frame.evaluate(f"() => {{ const map = {THE_MAP}; map.setZoom(map.getZoom() - 2, {{animate: false}}); }}")
    zoomed_out = _settled_boxes(page, frame)
    assert zoomed_out["hidden"] > opening["hidden"]  # names that now collide gave way
    assert _collisions(zoomed_out) == []


def test_should_fan_out_the_events_at_one_spot_when_they_are_clicked(page, dashboard, shipped):
    page.goto(dashboard)
    frame, _ = _opened(page, shipped)
    busiest = shipped.events["place_id"].value_counts()
    stacked = int(busiest.iloc[0])
    spot = shipped.gazetteer[busiest.index[0]]
    cluster = frame.evaluate(f"""spot => {{
        const map = {THE_MAP};
        const at = map.latLngToContainerPoint(spot);
        const icons = [...document.querySelectorAll('.leaflet-marker-pane .evacmap-cluster')];
        const near = icons.map(e => {{ const r = e.getBoundingClientRect();
            return Math.hypot(r.left + r.width / 2 - at.x, r.top + r.height / 2 - at.y); }});
        const i = near.indexOf(Math.min(...near));
        icons[i].setAttribute('data-test', 'stacked');
        return [icons[i].innerText.trim().split(/\\s+/)[0], map.getZoom()];
    }}""", [spot.lat, spot.lon])
    assert int(cluster[0]) == stacked
    legend = frame.locator(".evacmap-legend details")
    if legend.get_attribute("open") is not None:
        legend.locator("summary").click()  # fold the legend, as a reader would, if it covers the spot
    frame.locator("[data-test=stacked]").click()
    fanned: set[tuple[int, int]] = set()
    for _ in range(40):  # the fan-out animates
        page.wait_for_timeout(250)
        fanned = set(map(tuple, frame.evaluate(FANNED)))
        if len(fanned) >= stacked:
            break
    assert len(fanned) >= stacked  # each event of the spot at a place of its own on screen
    assert frame.locator(".leaflet-overlay-pane path").count() >= stacked  # a leg from the spot to each
    assert frame.evaluate(f"() => ({THE_MAP}).getZoom()") == cluster[1]  # fanned out where the reader is, not zoomed in
