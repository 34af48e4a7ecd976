"""The "People moved" tab's chart in a real browser, on a phone and a laptop: it fits the screen (the page never scrolls sideways)
and names each claimant's line in a legend. December's claimants along aleppo_corridor over the whole window are
counted by hand in tests/test_map_flows.py (ten, from c014 to c049)."""

from __future__ import annotations

import pytest

from panels import below_map
from tests.browser.conftest import map_frame

pytestmark = pytest.mark.browser

WAIT_MS = 60_000
WIDE = "() => [document.documentElement.scrollWidth, document.body.scrollWidth]"
OVER = """(svg) => { const own = svg.getBoundingClientRect();
  return Math.max(...[...svg.querySelectorAll('text, path')].map(e => e.getBoundingClientRect().right)) - own.right; }"""
"""How far past its drawing's right edge a chart's text or marks reach (pixels; a clipped legend name, say)."""


@pytest.mark.parametrize("size", [(390, 844), (1440, 900)], ids=["phone", "laptop"])
def test_should_fit_the_people_moved_chart_on_the_screen_and_name_each_claimants_line(page, dashboard, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{dashboard}/?case=aleppo-2016-12")
    map_frame(page)
    page.get_by_role("tab", name="People moved").click()
    chart = page.locator(f"[class*='st-key-{below_map.MOVED_CHART}'] svg.marks")
    chart.first.wait_for(timeout=WAIT_MS)
    page.wait_for_timeout(1500)  # the chart sizes itself to its container
    assert max(page.evaluate(WIDE)) <= size[0]
    # every chart's drawing, and all it holds (its legends' names), inside the screen and inside its own block
    for drawn in chart.all():
        box = drawn.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
        assert drawn.evaluate(OVER) <= 1
    block = page.locator(f"[class*='st-key-{below_map.MOVED_CHART}']")
    block.locator("g.role-legend").first.wait_for(timeout=WAIT_MS)
    # one chart per corridor, each with its legend of claimants (vega draws it as SVG text)
    labels = block.locator("g.role-legend-label text").evaluate_all("texts => texts.map(t => t.textContent)")
    assert {"ICRC", "United Nations", "SANA", "Syrian state television"} <= set(labels)
