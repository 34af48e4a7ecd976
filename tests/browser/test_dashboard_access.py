"""The dashboard for a keyboard, a screen reader and a phone: axe-core (from a local copy, tests/browser/vendor/) finds
no violation on the page or in the map's frame, as opened and with an event selected, at 1440x900 and 390x844 on
both shipped cases; the day picker and Play are reached within a few Tabs; on a phone a glyph's popup hides at most
a quarter of the map, and a tapped glyph's tooltip closes."""

from __future__ import annotations

import pytest

from tests import csv_rows
from tests.browser.conftest import click_a_marker, map_frame
from tests.browser.test_map_keyboard import AXE
from tests.conftest import SHIPPED

pytestmark = pytest.mark.browser

SCREENS = {"laptop": (1440, 900), "phone": (390, 844)}
# A case and an event of it to select by link on a laptop (any of its events.csv rows would do); a phone taps a glyph.
CASES = {"aleppo-2016-12": "e009", "four-towns-2017-04": "e035"}
# From the page's top, past the sidebar by its skip link: the case, the window's two handles, All days, then the day
# picker (its year, month and day fields and its calendar button).
TABS_TO_DAY_PICKER = 8
# Then the day strip's chart toolbar (4 buttons Streamlit draws), and in the map's frame the map, the glyphs (one
# stop), zoom in, zoom out, the layers and Play.
TABS_TO_PLAY = 21
RUN_AXE = ("async () => (await axe.run(document)).violations"
           ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}))")
# What has the keyboard focus, through the page's frames: "frame: label" inside one.
FOCUSED = """() => {
  let doc = document, e = document.activeElement, inside = false;
  while (e && e.tagName === 'IFRAME' && e.contentDocument) { inside = true; doc = e.contentDocument; e = doc.activeElement; }
  if (!e) { return ''; }
  const label = e.getAttribute('aria-label') || e.innerText || '';
  return (inside ? 'frame: ' : '') + label.trim().split('\\n')[0];
}"""
# The share of the map's area the open popup hides (its whole box, tip and margins too, as far as it lies on the map).
POPUP_SHARE = """() => {
  const map = document.querySelector('.leaflet-container').getBoundingClientRect();
  const p = document.querySelector('.leaflet-popup').getBoundingClientRect();
  const w = Math.max(0, Math.min(p.right, map.right) - Math.max(p.left, map.left));
  const h = Math.max(0, Math.min(p.bottom, map.bottom) - Math.max(p.top, map.top));
  return w * h / (map.width * map.height);
}"""


def _open(page, address: str, size: tuple[int, int], query: str = ""):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{address}/?{query}")
    frame = map_frame(page)
    frame.wait_for_function("() => !document.querySelector('[data-labels-pending]')")
    page.wait_for_timeout(1500)  # the page's blocks after the map, and the map's own fit
    return map_frame(page)


def _axe(where) -> list[dict]:
    where.add_script_tag(path=str(AXE))
    return where.evaluate(RUN_AXE)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("selected", [False, True], ids=["opened", "selected"])
def test_should_find_no_axe_violation_on_the_page_or_in_the_map(page, dashboard, case, screen, selected):
    event = CASES[case]
    assert event in csv_rows.events(folder=SHIPPED.parent / case)
    on_phone = selected and screen == "phone"  # a phone shows the selection in a popup on the map, opened by a tap
    frame = _open(page, dashboard, SCREENS[screen], f"case={case}" + (f"&event={event}" if selected and not on_phone else ""))
    if on_phone:
        click_a_marker(frame, page).locator(".leaflet-popup-content").wait_for()
        page.wait_for_timeout(800)
    assert _axe(page) == []
    assert _axe(map_frame(page)) == []


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("case", CASES)
def test_should_reach_the_day_picker_and_play_within_a_few_tabs(page, dashboard, case, screen):
    _open(page, dashboard, SCREENS[screen], f"case={case}")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Tab")  # the page's first stop: Streamlit's link past the sidebar
    assert page.evaluate(FOCUSED) == "Skip to main content"
    page.keyboard.press("Enter")
    seen = []
    for _ in range(40):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(FOCUSED))
        if seen[-1] == "frame: Play":
            break
    day_picker = next(i for i, name in enumerate(seen, 1) if "Show one day" in name)
    assert day_picker <= TABS_TO_DAY_PICKER, seen
    assert seen[-1] == "frame: Play" and len(seen) <= TABS_TO_PLAY, seen


def test_should_show_a_day_picked_by_keyboard(page, dashboard):
    _open(page, dashboard, SCREENS["laptop"], "case=four-towns-2017-04")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # past the sidebar
    for _ in range(TABS_TO_DAY_PICKER):
        page.keyboard.press("Tab")
        if "Show one day" in page.evaluate(FOCUSED):
            break
    page.keyboard.type("20170415")  # its year, month and day fields, each moving on to the next
    page.keyboard.press("Tab")  # the calendar's button
    page.keyboard.press("Tab")  # on, past the picker: the day is taken
    page.wait_for_url("**start=2017-04-15*")
    assert "end=2017-04-15" in page.url

@pytest.mark.parametrize("case", CASES)
def test_should_keep_a_phones_popup_to_a_quarter_of_the_map_and_close_a_tapped_glyphs_tooltip(page, dashboard, case):
    frame = _open(page, dashboard, SCREENS["phone"], f"case={case}")
    frame = click_a_marker(frame, page)  # a tap, as a phone gives it (the tooltip opened on the way)
    frame.locator(".leaflet-popup-content").wait_for()
    page.wait_for_timeout(800)  # the popup laid out at its size, and panned into view
    assert frame.evaluate(POPUP_SHARE) <= 0.25
    scrolled = frame.locator(".leaflet-popup-content.leaflet-popup-scrolled")
    assert scrolled.count() == 0 or scrolled.get_attribute("tabindex") == "0"  # a keyboard can scroll it
    assert frame.locator(".leaflet-tooltip").count() == 0
