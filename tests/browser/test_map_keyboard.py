"""Keyboard and screen readers: the glyphs are one stop in the tab order (arrows move between them), Play comes
within a few Tabs, and axe-core (from a local copy, tests/browser/vendor/) finds no violation in the HTML export; a
phone may pinch-zoom it."""

from __future__ import annotations

from pathlib import Path

import pytest

from geo import export
from geo.data import evidence
from geo.run.view import from_params
from tests.conftest import SHIPPED

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "vendor" / "axe-core@4.10.3" / "axe.min.js"
CASES = {"aleppo-2016-12": SHIPPED, "four-towns-2017-04": SHIPPED.parent / "four-towns-2017-04"}
SCREENS = {"laptop": (1440, 900), "phone": (390, 844)}
TABS_TO_PLAY = 7  # the map, one glyph (the group), zoom in and out, the claimant menu of people moved, the layers, Play


def _open(page, tmp_path, folder: Path, size: tuple[int, int]) -> None:
    ev = evidence.load(folder)
    path = export.write(tmp_path / "map.html", export.render(ev, from_params({}, ev)[0], "html", offline="inline"))
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(path.as_uri())
    page.wait_for_function("() => window.evacmapPlayback && !document.querySelector('[data-labels-pending]')")


def violations(page) -> list[dict]:
    """What axe-core finds on the page: [{id, impact, nodes}]."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("async () => (await axe.run(document)).violations"
                          ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length}))")
    return found


@pytest.mark.parametrize("case", CASES)
def test_should_reach_play_within_a_few_tabs_past_the_glyphs_as_one_stop(page, tmp_path, case):
    _open(page, tmp_path, CASES[case], SCREENS["laptop"])
    names = []
    for _ in range(40):
        page.keyboard.press("Tab")
        names.append(page.evaluate("() => document.activeElement.getAttribute('aria-label') || "
                                   "document.activeElement.className"))
        if names[-1] == "Play":
            break
    assert names[-1] == "Play" and len(names) <= TABS_TO_PLAY, names


def test_should_move_between_glyphs_with_the_arrow_keys(page, tmp_path):
    _open(page, tmp_path, CASES["four-towns-2017-04"], SCREENS["laptop"])
    first = page.locator(".leaflet-marker-pane .leaflet-marker-icon[tabindex='0']:has([data-event-id], .evacmap-badge)")
    assert first.count() == 1
    first.focus()
    seen = [page.evaluate("() => document.activeElement.firstElementChild.getAttribute('aria-label')")]
    for _ in range(3):
        page.keyboard.press("ArrowRight")
        seen.append(page.evaluate("() => document.activeElement.firstElementChild.getAttribute('aria-label')"))
    assert len(set(seen)) == 4, seen
    assert page.locator(".leaflet-marker-pane [tabindex='0']:has([data-event-id], .evacmap-badge)").count() == 1


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("case", CASES)
def test_should_let_a_phone_pinch_zoom_and_report_what_axe_finds(page, tmp_path, case, screen):
    _open(page, tmp_path, CASES[case], SCREENS[screen])
    viewport = page.get_attribute("meta[name=viewport]", "content")
    assert "user-scalable=no" not in viewport and "maximum-scale" not in viewport
    found = violations(page)
    assert [v for v in found if v["id"] == "meta-viewport"] == []
    assert found == [], found
