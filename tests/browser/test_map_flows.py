"""The corridors drawn by people moved (geo/map/flows.py, js/flows.js) in headless Chromium: the widths are drawn,
and change with the claimant chosen and with the playback's step. Figures counted by hand in tests/test_map_flows.py:
December's largest figure is the UN's 34,000 (c049), drawn 24 px wide; the ICRC's 25,000 (c045) 3 + 21 x 25/34."""

from __future__ import annotations

import pytest

from geo import export
from geo.data import evidence
from geo.export import mapfile
from geo.run.selection import Selection
from geo.run.view import View
from tests.conftest import DATA

pytestmark = pytest.mark.browser

STATE = """() => { const m = Object.values(window).find(v => { try { return v instanceof L.Map; } catch (e) { return false; } });
  const s = m.evacmapFlows.state();
  s.widths = [...document.querySelectorAll('.leaflet-overlay-pane path')].map(p => p.getAttribute('stroke-width'));
  return s; }"""
CHOOSE = """(who) => {
  const m = Object.values(window).find(v => { try { return v instanceof L.Map; } catch (e) { return false; } });
  m.evacmapFlows.choose(who); }"""


@pytest.fixture(scope="module")
def december_html():
    loaded = evidence.load(DATA, case="aleppo-2016-12")
    return mapfile.snapshot_map(Selection.of(loaded, View()), offline="file").get_root().render()


def _along(state: dict, corridor_id: str) -> dict:
    return next(c for c in state["corridors"] if c["id"] == corridor_id)


def test_should_draw_the_corridors_widths_and_change_them_with_the_claimant_and_the_step(page, tmp_path, december_html):
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(export.write(tmp_path / "flows.html", december_html.encode("utf-8")).as_uri())
    page.wait_for_function("() => document.querySelector('.evacmap-flow-label')")
    state = page.evaluate(STATE)
    aleppo = _along(state, "aleppo_corridor")
    assert (aleppo["low"], aleppo["high"]) == (150, 34000)  # all claimants: nearly 150 (c047) to 34,000 (c049)
    assert (aleppo["line"], aleppo["band"]) == (3.1, 24)
    assert "24" in state["widths"]  # the band is drawn that wide on the page
    assert _along(state, "idlib_route")["label"] == "no figure of people moved told"
    page.select_option(".evacmap-flow-menu select", "ICRC")
    icrc = page.evaluate(STATE)
    assert (_along(icrc, "aleppo_corridor")["line"], icrc["choice"]) == (18.4, "ICRC")
    assert "18.4" in icrc["widths"]
    page.evaluate(CHOOSE, "all")
    page.evaluate("() => window.evacmapPlayback.show(0)")  # the first step with anything to show
    early = _along(page.evaluate(STATE), "aleppo_corridor")
    assert early["high"] is None or early["high"] < 34000  # the flows grow with the steps
    page.evaluate("() => window.evacmapPlayback.reset()")
    assert _along(page.evaluate(STATE), "aleppo_corridor")["band"] == 24


def test_should_label_the_people_said_to_have_arrived_by_a_corridor_apart_from_those_who_set_out(page, tmp_path):
    # Karabakh, counted by hand in tests/test_map_flows.py: set out along lachin_corridor 100 (c026) to 100,000 (c036,
    # OCHA), the band's full width; arrived at the Hakari bridge 30 (c009, Syunik's officials) to 115,183 (c052, UNHCR)
    loaded = evidence.load(DATA, case="karabakh-2023-09")
    html = mapfile.snapshot_map(Selection.of(loaded, View()), offline="file").get_root().render()
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(export.write(tmp_path / "karabakh.html", html.encode("utf-8")).as_uri())
    page.wait_for_function("() => document.querySelector('.evacmap-flow-label')")
    lachin = _along(page.evaluate(STATE), "lachin_corridor")
    assert (lachin["low"], lachin["high"], lachin["band"]) == (100, 100000, 24)
    assert (lachin["arrived"]["low"], lachin["arrived"]["high"]) == (30, 115183)
    assert "; arrived 30\u2013115,183 \u00B7 lowest Syunik local officials, highest UNHCR" in lachin["label"]
    shown = page.locator(".evacmap-flow-label").all_inner_texts()
    assert any("arrived 30\u2013115,183" in text for text in shown)
