"""Snapshots of a view: a standalone HTML map with timeline playback, and a PNG picture of it.

The HTML is :func:`geo.map.build.map_of` a :class:`~geo.run.selection.Selection` (events, corridors, legend) titled
with :meth:`View.describe`, plus the playback control of :mod:`geo.map.playback`, the same
one the dashboard's map carries. The PNG is that map without the playback control, drawn by headless
Chromium through Playwright: the system's Chromium when one is found, else
Playwright's own. Every event of the picture is a glyph seen whole in it, as in a frame of the playback export
(:mod:`geo.export.animation`): an event the main map does not show whole, clear of its title, legend and inset (a
town beyond the opening view, a glyph under a control), is drawn as its glyph in the overview inset, unfolded for it
on a narrow picture (``geo/map/js/frames.js``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from html import escape
from pathlib import Path
from typing import Any, TypeVar

import folium
from branca.element import Figure

from geo import times
from geo.errors import ExportError
from geo.map import assets, scripts
from geo.map.build import map_of
from geo.map.playback import add_playback, drawn_pins
from geo.run.selection import Selection

CHROMIUM_ENV = "EVACMAP_CHROMIUM"
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
NO_BROWSER = (
    "PNG export needs Chromium and Playwright: install Chromium (Debian/Ubuntu: apt-get install chromium; "
    f"or set {CHROMIUM_ENV} to a Chromium or Chrome executable) and Playwright (pip install playwright; "
    "`playwright install chromium` fetches Playwright's own Chromium instead)"
)
SIZE_LIMITS = (200, 8000)
READY_MS = 20_000  # the map's scripts must have drawn it by then
TILES_MS = 8_000  # how long the picture waits for map tiles before drawing without them
T = TypeVar("T")
logger = logging.getLogger(__name__)
FRAMES_SCRIPT = scripts.defining("frames.js")
"""The script that sees a picture or a frame show every event it holds (``geo/map/js/frames.js``)."""
NEXT_PAINT = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
INSET_OPEN_MS = 700
"""How long the inset takes to unfold (the plugin's 0.6 s transition) on a map narrow enough to open it folded."""
PICTURE_CSS = (".leaflet-control-zoom, .leaflet-control-layers, .evacmap-flow-menu"  # buttons and menus, not content
               " { display: none !important; }")


def title(selection: Selection) -> str:
    """The snapshot's title: what it shows, its window and filters, and how much it holds (and how many of its events
    are said about places, and not on the map)."""
    evidence, events, corridors = selection.evidence, len(selection.events), len(selection.corridors)
    said = len(selection.said)
    start, end = selection.window
    return (f"{evidence.case.title}: {selection.title} "
            f"(local time, {times.offsets(start, end, evidence.case.timezone)}) · "
            f"{events} event{'s' * (events != 1)}" + (f" ({said} not on the map)" if said else "")
            + f", {corridors} corridor{'s' * (corridors != 1)}")


def snapshot_map(selection: Selection, *, offline: str | None = None, playback: bool = True) -> folium.Map:
    """The map of a snapshot: :func:`~geo.map.build.map_of` titled with the view, plus playback; its scripts inline
    unless ``offline`` names another of :data:`geo.map.assets.MODES`."""
    selection.view.check(selection.evidence)
    local = assets.copies(offline or "inline")
    m = map_of(selection, offline_assets=local, title=title(selection))
    if playback:
        add_playback(m, selection)
    return m


def html(selection: Selection, offline: str | None = None) -> bytes:
    """A standalone interactive map of the view; ``offline="inline"`` embeds its scripts and styles. The page has
    its title and says its language (``lang="en"``), as a screen reader needs."""
    figure = snapshot_map(selection, offline=offline).get_root()
    assert isinstance(figure, Figure)  # a folium.Map's root is its branca Figure
    figure.title = escape(title(selection))
    return figure.render().replace("<html>", '<html lang="en">', 1).encode("utf-8")


def find_chromium() -> str | None:
    """A Chromium or Chrome executable: ``$EVACMAP_CHROMIUM``, then the usual names; None for Playwright's own."""
    chosen = os.environ.get(CHROMIUM_ENV)
    if chosen:
        if not (os.path.isfile(chosen) and os.access(chosen, os.X_OK)):
            raise ExportError(f"{CHROMIUM_ENV}={chosen!r} is not an executable file")
        return chosen
    return next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)


def check_size(name: str, value: object) -> int:
    low, high = SIZE_LIMITS
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ExportError(f"{name}: expected a whole number of pixels from {low} to {high}, instead got {value!r}")
    return value


DASHBOARD_ONLY = f".{assets.TileNotice.CSS_CLASS}"
"""What a picture of the map leaves out: notices for the reader of a live map (tiles that could not be loaded)."""


def png(selection: Selection, offline: str | None = None, width: int = 1600, height: int = 1000) -> bytes:
    """A PNG picture of the view's map, with its title, legend and attribution (not :data:`DASHBOARD_ONLY`).

    With ``offline`` the browser makes no network request at all (no tiles: a plain
    background). Without it, the map's scripts still come from local copies when they
    have been fetched, and tiles load from the internet if it can be reached.
    """
    check_size("width", width)
    check_size("height", height)
    local = offline or ("file" if not assets.missing() else None)
    m = snapshot_map(selection, offline=local, playback=False)
    rows = {i: {**asdict(pin), "popup": "", "selected": False} for i, pin in (drawn_pins(m) or {}).items()}
    return picture(m.get_root().render(), width, height, offline=offline is not None, glyphs=(m.get_name(), rows))


def picture(page: str, width: int, height: int, offline: bool,
            glyphs: tuple[str, dict[str, dict]] | None = None) -> bytes:
    """A screenshot of an HTML page in headless Chromium; ``offline`` refuses every network request. ``glyphs``:
    the name of the page's map and its glyph rows by event id, to draw in its inset those it does not show whole
    (:func:`show_unseen`)."""
    def shoot(tab) -> bytes:
        tab.add_style_tag(content=f"{DASHBOARD_ONLY} {{ display: none !important; }}")
        if glyphs is not None:
            watch_frames(tab, *glyphs)
            if show_unseen(tab) and tab.evaluate("() => evacmapFrames.open(window.evacmapFrameMap)"):
                tab.wait_for_timeout(INSET_OPEN_MS)  # a narrow picture: its inset unfolds to draw them
                show_unseen(tab)
        return tab.screenshot(type="png")

    return in_browser(page, width, height, offline, shoot)


def watch_frames(tab, map_name: str, rows: dict[str, dict]) -> None:
    """Load ``geo/map/js/frames.js`` into a page whose map is ``window[map_name]``, with its glyph rows by event id."""
    tab.add_script_tag(content=FRAMES_SCRIPT)
    tab.evaluate("([name, rows]) => { window.evacmapFrameMap = window[name]; window.evacmapFrameRows = rows; }",
                 [map_name, rows])


def show_unseen(tab) -> list[str]:
    """Draw in the inset of a page readied by :func:`watch_frames` the glyphs its main map does not show whole, clear
    of its controls; returns their event ids (none: the inset is cleared)."""
    tab.evaluate(NEXT_PAINT)
    moved = tab.evaluate("() => evacmapFrames.step(window.evacmapFrameMap, window.evacmapFrameRows)")
    if moved:
        logger.debug("%s drawn in the inset", ", ".join(moved))
        tab.evaluate(NEXT_PAINT)
    return moved


def in_browser(page: str, width: int, height: int, offline: bool, action: Callable[[Any], T]) -> T:
    """``action(tab)`` on an HTML page loaded once in headless Chromium, its map drawn (and its tiles, for
    up to a few seconds); ``offline`` refuses every network request."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return _in_browser(page, width, height, offline, action)
    # Playwright's sync API refuses to run in a thread with an event loop (Jupyter, async apps)
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(_in_browser, page, width, height, offline, action).result()


def _in_browser(page: str, width: int, height: int, offline: bool, action: Callable[[Any], T]) -> T:
    try:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import TimeoutError as PlaywrightTimeout
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise ExportError(NO_BROWSER) from None
    executable = find_chromium()
    with tempfile.TemporaryDirectory(prefix="evacmap-png-") as folder:
        path = Path(folder) / "map.html"
        path.write_text(page, encoding="utf-8")
        with sync_playwright() as driver:
            try:
                browser = driver.chromium.launch(executable_path=executable)
            except PlaywrightError as error:
                raise ExportError(f"{NO_BROWSER}\n(starting {executable or 'Playwright Chromium'} failed: "
                                  f"{str(error).splitlines()[0]})") from None
            try:
                tab = browser.new_page(viewport={"width": width, "height": height})
                if offline:
                    tab.route(re.compile(r"^https?://"), lambda route: route.abort())
                tab.goto(path.as_uri(), wait_until="load", timeout=READY_MS)
                try:
                    tab.wait_for_function("() => window.L && document.querySelector('.leaflet-container')",
                                          timeout=READY_MS)
                except PlaywrightTimeout:
                    raise ExportError(
                        "the map's scripts did not load (Leaflet comes from a public CDN, which did not answer); "
                        "fetch local copies with `python scripts/fetch_assets.py` and export with --offline"
                    ) from None
                with contextlib.suppress(PlaywrightTimeout):
                    tab.wait_for_load_state("networkidle", timeout=TILES_MS)
                tab.add_style_tag(content=PICTURE_CSS)
                tab.evaluate("document.fonts.ready.then(() => true)")
                return action(tab)
            finally:
                browser.close()
