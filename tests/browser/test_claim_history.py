"""The Claims tab's chart of how a number changed, drawn in a real browser, as known on a day."""

from __future__ import annotations

import pytest

from panels import below_map
from tests import csv_rows
from tests.browser.conftest import map_frame
from tests.conftest import DATA

pytestmark = pytest.mark.browser

APRIL = DATA / "four-towns-2017-04"
WAIT_MS = 60_000


def test_should_draw_a_point_for_each_toll_known_on_the_day_linked(page, dashboard):
    page.goto(f"{dashboard}/?case=four-towns-2017-04&event=e016&as_of=2017-04-16")
    map_frame(page)
    published = {r["id"] for r in csv_rows.rows("sources.csv", APRIL) if r["published"] <= "2017-04-16"}
    tolls = [r for r in csv_rows.rows("claims.csv", APRIL)
             if r["event_id"] == "e016" and r["quantity"] == "killed" and r["source_id"] in published]
    points = page.locator(f".st-key-{below_map.HISTORY_CHART} g.mark-symbol.role-mark path")
    points.first.wait_for(timeout=WAIT_MS)
    assert points.count() == len(tolls) > 3
    assert page.locator(f".st-key-{below_map.HISTORY_CHART} g.mark-area.role-mark path").count() > 0  # the 43–60 range's band
