"""The map's scripts come from evacmap itself: a page asks no host but this machine and the tile server."""

from __future__ import annotations

from datetime import date
from urllib.parse import urlsplit

import pytest

from geo import export
from geo.map import assets
from geo.run.view import View
from tests import csv_rows
from tests.browser.conftest import COUNT_MARKERS, LOOPBACK, TILES, map_frame, markers_settle_at

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1440, 900), "phone": (390, 844)}


def off_machine(requests: list[str]) -> list[str]:
    """The requests to a host other than this machine (data: and file: addresses never leave it)."""
    return [url for url in requests if not url.startswith(("data:", "file:", "blob:", "about:")) and not LOOPBACK.match(url)]


@pytest.mark.parametrize("size", SIZES)
def test_should_ask_no_host_but_localhost_and_the_tile_server(page, dashboard, size):
    requests: list[str] = []
    page.context.on("request", lambda request: requests.append(request.url))
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    page.goto(f"{dashboard}/?start=2016-12-15&end=2016-12-15")
    expected = len(csv_rows.on_map(csv_rows.local_day(date(2016, 12, 15))))
    assert markers_settle_at(page, expected) == expected
    leaving = off_machine(requests)
    assert [url for url in leaving if not TILES.match(url)] == []
    assert leaving, "the map asked for no tiles"
    served = [url for url in requests if "/app/static/" in url]
    assert any(url.endswith("/leaflet.js") for url in served)


def test_should_say_in_one_line_that_tiles_failed_and_draw_the_rest(page, dashboard, network):
    network.offline = True  # the tile server (and everything else off the machine) refused
    page.goto(f"{dashboard}/?start=2016-12-15&end=2016-12-15")
    expected = len(csv_rows.on_map(csv_rows.local_day(date(2016, 12, 15))))
    assert markers_settle_at(page, expected) == expected
    notice = map_frame(page).locator(".evacmap-tile-notice")
    notice.wait_for()
    assert notice.inner_text() == assets.TileNotice.TEXT
    assert network.refused and all(TILES.match(url) for url in network.refused)


def test_should_open_the_default_html_export_with_no_network(page, tmp_path, shipped, network):
    network.offline = True
    view = View(start=csv_rows.local_day(date(2016, 12, 15))[0], end=csv_rows.local_day(date(2016, 12, 15))[1])
    path = tmp_path / "map.html"
    path.write_bytes(export.render(shipped, view, "html"))
    page.goto(path.as_uri())
    page.wait_for_function("() => window.L && document.querySelector('.leaflet-marker-pane')")
    expected = len(csv_rows.on_map(csv_rows.local_day(date(2016, 12, 15))))
    page.wait_for_function(f"({COUNT_MARKERS})() === {expected}")
    page.locator(".evacmap-tile-notice").wait_for()
    assert all(TILES.match(url) for url in network.refused)
    assert {urlsplit(url).scheme for url in network.refused} <= {"https"}
