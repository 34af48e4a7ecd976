"""The map first on the page: where its frame sits on a laptop screen and on a phone (issue 12)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import WAIT_MS, map_frame

pytestmark = pytest.mark.browser

MAP_FRAME = "iframe[src*='streamlit_folium']"


def _map_box(page, dashboard: str, width: int, height: int) -> dict:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{dashboard}/")
    map_frame(page)  # Leaflet drew it, and the whole page followed
    # The day strip's chart is drawn (its code loads lazily: on a cold browser, after the map), then the layout
    # settles once the components have their heights.
    page.locator(".st-key-day_bars canvas, .st-key-day_bars svg").first.wait_for(timeout=WAIT_MS)
    page.wait_for_timeout(500)
    return page.locator(MAP_FRAME).first.bounding_box()


def test_should_put_the_map_in_the_top_third_of_a_laptop_screen_and_make_it_the_largest_thing(page, dashboard):
    box = _map_box(page, dashboard, 1440, 900)
    assert box["y"] <= 320 and box["width"] >= 1000 and box["height"] >= 560, box  # the map is the page
    strip = page.locator(".st-key-day_bars").bounding_box()
    assert strip["y"] + strip["height"] <= box["y"] + 1  # the time control right above the map
    assert box["y"] - (strip["y"] + strip["height"]) < 60


def test_should_show_the_map_full_width_on_the_first_screen_of_a_phone(page, dashboard):
    box = _map_box(page, dashboard, 390, 844)
    assert box["y"] <= 420 and box["width"] >= 0.9 * 390, box
    details = page.get_by_role("button", name="Next").first.bounding_box()
    assert details["y"] > box["y"] + box["height"]  # the details come after the map, not before it
    picker = page.locator("[data-testid=stMain] [data-testid=stSelectbox]").first.bounding_box()  # not only in the
    assert picker["x"] >= 0 and picker["x"] + picker["width"] <= 390  # folded sidebar: on the page, above the map
    assert picker["y"] >= 0 and picker["y"] + picker["height"] <= box["y"]


def test_should_keep_the_drawn_map_in_place_when_the_rest_of_the_page_follows_it(page, dashboard):
    """The first stage draws the map; the whole page comes once the map sends that it has drawn (panels.staged).
    The map's frame must stay the same document at the same place (a reload would redraw it and lose the reader's
    view), the message must leave nothing on the map, and the page must hear it once."""
    page.set_viewport_size({"width": 1440, "height": 900})
    loads = []
    page.on("framenavigated", lambda frame: loads.append(frame.url) if "streamlit_folium" in frame.url else None)
    page.add_init_script("""window.addEventListener('message', e => {
        if (e.data && e.data.evacmap) { (window.evacmapHeard = window.evacmapHeard || []).push(e.data.kind); } });""")
    page.goto(f"{dashboard}/")
    page.locator(MAP_FRAME).first.wait_for()
    for frame in page.frames:  # the first stage's map, drawn
        if "streamlit_folium" in frame.url:
            frame.wait_for_function("() => !!document.querySelector('.leaflet-marker-pane > *')", timeout=120_000)
            frame.evaluate("() => { window.evacmapFirstStage = true; }")
            drawn_at = page.locator(MAP_FRAME).first.bounding_box()
    map_frame(page)  # waits for the whole page
    page.wait_for_timeout(1000)  # any rerun the whole page caused has landed
    assert len(loads) == 1, loads
    frame = next(f for f in page.frames if "streamlit_folium" in f.url)
    assert frame.evaluate("() => window.evacmapFirstStage === true")  # the same document, not a new one
    assert page.locator(MAP_FRAME).first.bounding_box() == drawn_at  # and nothing above it moved it
    assert frame.locator(".leaflet-tooltip").count() == 0  # nothing the message left on the map
    assert page.evaluate("() => window.evacmapHeard") == ["drawn"]  # the page heard it, once
    assert page.locator("[data-testid=stMultiSelect]").count() == 3  # the filters came with the whole page
