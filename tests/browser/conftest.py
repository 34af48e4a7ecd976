"""Real-browser fixtures: headless Chromium, the dashboard under `streamlit run`, and a CDN-less network.

The machines these tests run on have no internet. Every request a page makes is
intercepted: loopback goes through (the dashboard serves the map's scripts itself, from
geo/map/static), a CDN address of Leaflet or its plugins (a page built with CDN links) is
answered from the same files, the addresses geo.map.assets leaves out get an empty
stylesheet, map tiles get a blank image, and anything else is refused and recorded.
Skips where Chromium or Playwright is missing; fails instead in CI (CI=true).
"""

from __future__ import annotations

import contextlib
import re
import struct
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks import server
from geo.errors import ExportError
from geo.export import mapfile
from geo.map import assets
from panels.staged import WHOLE_SELECTOR
from tests.conftest import require

LOOPBACK = re.compile(r"^https?://(127\.0\.0\.1|localhost|\[::1\])(:\d+)?/")
TILES = re.compile(r"^https://([a-z]\.)?(basemaps\.cartocdn\.com|tile\.openstreetmap\.org|server\.arcgisonline\.com)/")
WAIT_MS = 120_000  # a cold dashboard on a busy 2-core machine takes a minute to draw its first map

# Counts the event markers on the map, through Leaflet itself, whether in view or not (the map
# opens on the city; a town 50 km away is on the map but off screen): each marker a cluster
# group holds is one event, and so is each interactive marker outside a group (place names
# and arrows are not interactive; a badge standing for a place's glyphs is not one more event).
COUNT_MARKERS = """() => {
  const map = Object.values(window).find(v => { try { return v instanceof L.Map; } catch (e) { return false; } });
  let count = 0;
  map.eachLayer(layer => {
    if (L.MarkerClusterGroup && layer instanceof L.MarkerClusterGroup) { count += layer.getLayers().length; }
    else if (layer instanceof L.Marker && !layer.__parent && !(L.MarkerCluster && layer instanceof L.MarkerCluster)
             && layer.options.interactive !== false
             && !(layer.options.icon && layer.options.icon.options.className === "evacmap-badge-icon")) { count += 1; }
  });
  return count;
}"""


def _png(width: int, height: int) -> bytes:
    """A blank (transparent) PNG, for map tiles."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    rows = b"".join(b"\x00" + b"\x00" * 4 * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


BLANK_TILE = _png(256, 256)


class Network:
    """The request handler of a browser context; ``refused`` lists what it turned away."""

    def __init__(self) -> None:
        self.refused: list[str] = []
        self.offline = False  # True: refuse every request off this machine, CDN and tiles too

    def handle(self, route) -> None:
        url = route.request.url
        if url.startswith(("data:", "file:")) or LOOPBACK.match(url):
            route.continue_()
        elif self.offline:
            self.refused.append(url)
            route.abort()
        elif TILES.match(url):
            route.fulfill(status=200, content_type="image/png", body=BLANK_TILE)
        elif url in assets.OMITTED:
            route.fulfill(status=200, content_type="text/css", body="")
        elif (path := assets.route(url)) is not None:
            route.fulfill(path=str(path))
        else:
            self.refused.append(url)
            route.abort()


@pytest.fixture(scope="session")
def chromium():
    """A headless Chromium driven by Playwright (the system's when found)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        require(False, "Playwright is not installed: pip install -e '.[test]'")
    try:
        executable = mapfile.find_chromium()
    except ExportError as error:
        require(False, str(error))
    with sync_playwright() as driver:
        own = Path(driver.chromium.executable_path)
        require(executable is not None or own.exists(),
                "no Chromium: apt-get install chromium (or `playwright install chromium`)")
        browser = driver.chromium.launch(executable_path=executable)
        yield browser
        browser.close()


@pytest.fixture
def network() -> Network:
    return Network()


@pytest.fixture
def page(chromium, vendored, network):
    """A fresh page whose every request goes through :class:`Network`."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    context.route("**/*", network.handle)
    context.set_default_timeout(WAIT_MS)
    tab = context.new_page()
    yield tab
    context.close()


@contextlib.contextmanager
def _streamlit(log: Path, **settings: str) -> Iterator[str]:
    """`streamlit run dashboard.py` on a free loopback port, with these environment settings."""
    with server.dashboard(settings, log=log) as (address, _):
        yield address


@pytest.fixture(scope="session")
def dashboard(chromium, vendored, tmp_path_factory) -> Iterator[str]:
    """The dashboard, its map's scripts served by its own server, tiles answered by :class:`Network`."""
    with _streamlit(tmp_path_factory.mktemp("streamlit") / "server.log") as address:
        yield address


@pytest.fixture(scope="session")
def offline_dashboard(chromium, vendored, tmp_path_factory) -> Iterator[str]:
    """The dashboard in offline mode (EVACMAP_OFFLINE=1): the map's scripts come inside the page."""
    with _streamlit(tmp_path_factory.mktemp("streamlit") / "server.log", **{assets.OFFLINE_ENV: "1"}) as address:
        yield address


def map_frame(page):
    """The frame the dashboard's map is drawn in (streamlit-folium's component), once Leaflet drew it and the
    rest of the page followed (panels.staged: a test acts on the page a reader sees, not on the run between)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    page.locator(WHOLE_SELECTOR).wait_for(state="attached", timeout=WAIT_MS)
    while time.monotonic() < deadline:
        for frame in page.frames:
            if "streamlit_folium" in frame.url and not frame.is_detached():
                with contextlib.suppress(Exception):  # a rerun may replace the frame under us
                    if frame.evaluate("() => !!document.querySelector('.leaflet-marker-pane')"):
                        return frame
        page.wait_for_timeout(250)
    pytest.fail("the dashboard drew no map")


def markers_settle_at(page, expected: int, frame=None) -> int:
    """Wait until the map draws ``expected`` event markers; return the count it settled on.

    ``frame`` is a page's own map (an exported HTML file); by default the dashboard's map
    frame, looked up again on each try, since a rerun may replace it.
    """
    deadline = time.monotonic() + WAIT_MS / 1000
    seen = -1
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):  # a detached frame: look it up again
            seen = (frame or map_frame(page)).evaluate(COUNT_MARKERS)
            if seen == expected:
                return seen
        page.wait_for_timeout(250)
    return seen


def click_a_marker(frame, page=None, rounds: int = 3, other_than: str | None = None):
    """Click the first event marker that no other marker covers (of an event ``other_than`` names, if given), as a
    person would; returns the frame clicked in.

    With the dashboard's ``page``, each round looks its map frame up again: on a loaded machine the page may
    still be settling (the rest of the page arriving after the map) when the first round tries.
    """
    why = []
    for _ in range(rounds):
        markers = frame.locator(".leaflet-marker-pane .evacmap-glyph"  # those drawn: a badged place's are not
                                + (f":not([data-event-id={other_than!r}])" if other_than else "") + ":visible")
        for i in range(markers.count()):
            try:
                markers.nth(i).click(trial=True, timeout=5000)
                markers.nth(i).click(timeout=5000)
                return frame
            except Exception as error:  # covered by another marker: try the next
                why.append(str(error).splitlines()[-3:])
        if page is None:
            break
        page.wait_for_timeout(1000)
        frame = map_frame(page)
    pytest.fail(f"no marker can be clicked: {why}")
