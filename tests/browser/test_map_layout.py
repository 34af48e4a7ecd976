"""No map control covers another (issue 18), at a phone's and a laptop's size and at the size of the dashboard's
map on a 1440×900 screen, on both cases, before and during playback: zoom, layers, title, legend, playback, the
inset (or its button), attribution and scale bar; the legend is open on the wider maps and folded on the phone's."""

from __future__ import annotations

from itertools import combinations

import pytest

from geo import export
from geo.data import evidence
from geo.run.view import from_params
from tests.conftest import SHIPPED

pytestmark = pytest.mark.browser

SCREENS = {"laptop": (1440, 900), "phone": (390, 844), "dashboard": (1108, 560)}  # the dashboard's map at 1440×900
CASES = {"aleppo-15-dec": (SHIPPED, "2016-12-15"), "four-towns-15-apr": (SHIPPED.parent / "four-towns-2017-04", "2017-04-15")}
CONTROLS = {
    "zoom": ".leaflet-control-zoom", "layers": ".leaflet-control-layers", "title": ".evacmap-box:has(.evacmap-title)",
    "legend": ".evacmap-legend", "playback": ".evacmap-playback", "inset": ".leaflet-control-minimap",
    "attribution": ".folium-map > .leaflet-control-container .leaflet-control-attribution",
    "scale": ".leaflet-control-scale",
}
BOXES = """(controls) => Object.fromEntries(Object.entries(controls).map(([name, selector]) => {
  const e = document.querySelector(selector);
  if (!e) { return [name, null]; }
  const r = e.getBoundingClientRect();
  return [name, [r.left, r.top, r.right, r.bottom]];
}))"""


def _overlaps(boxes: dict) -> list[str]:
    found = []
    for (a, box_a), (b, box_b) in combinations(boxes.items(), 2):
        if box_a is None or box_b is None:
            continue
        width = min(box_a[2], box_b[2]) - max(box_a[0], box_b[0])
        height = min(box_a[3], box_b[3]) - max(box_a[1], box_b[1])
        if width > 0.5 and height > 0.5:
            found.append(f"{a} {box_a} and {b} {box_b}")
    return found


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("case", CASES)
def test_should_keep_every_map_control_clear_of_the_others_before_and_during_playback(page, tmp_path, case, screen):
    folder, day = CASES[case]
    loaded = evidence.load(folder)
    view = from_params({"start": day, "end": day}, loaded)[0]
    page.set_viewport_size({"width": SCREENS[screen][0], "height": SCREENS[screen][1]})
    page.goto(export.write(tmp_path / "map.html", export.render(loaded, view, "html")).as_uri())
    page.locator(".evacmap-playback-play").wait_for()
    page.wait_for_timeout(500)
    assert _overlaps(page.evaluate(BOXES, CONTROLS)) == [], "before playback"
    assert page.evaluate(BOXES, CONTROLS)["scale"] is not None
    legend_open = page.evaluate("() => document.querySelector('.evacmap-legend details').open")
    assert legend_open == (SCREENS[screen][0] >= 900), "the legend is open on a map 900 px wide or more, folded under"
    page.locator(".evacmap-playback-play").click()
    page.wait_for_function("() => document.querySelector('.evacmap-playback').hasAttribute('data-start')")
    assert _overlaps(page.evaluate(BOXES, CONTROLS)) == [], "while playing"
    page.evaluate("() => { window.evacmapPlayback.stop(); window.evacmapPlayback.show(window.evacmapPlayback.count() - 1); }")
    assert _overlaps(page.evaluate(BOXES, CONTROLS)) == [], "on the last step"
