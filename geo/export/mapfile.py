"""Snapshots of a view: a standalone HTML map with timeline playback, and a PNG picture of it.

The HTML is :func:`geo.map.build.build_map` (events, corridors, legend) titled with
:meth:`View.describe`, plus a playback control in the map: a slider and a play button
that step through the window and ring the events (and draw the corridors) active at
each step. The PNG is that map without the playback control, drawn by headless
Chromium through Playwright: the system's Chromium when one is found, else
Playwright's own.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

import folium
import numpy as np
import pandas as pd
from branca.element import MacroElement
from jinja2 import Template

from geo import times
from geo.data.evidence import Evidence
from geo.errors import ExportError
from geo.map import assets
from geo.map.build import build_map
from geo.map.layers import MARKER_LIMIT
from geo.view import View

CHROMIUM_ENV = "EVACMAP_CHROMIUM"
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
NO_BROWSER = (
    "PNG export needs Chromium and Playwright: install Chromium (Debian/Ubuntu: apt-get install chromium; "
    f"or set {CHROMIUM_ENV} to a Chromium or Chrome executable) and Playwright (pip install playwright; "
    "`playwright install chromium` fetches Playwright's own Chromium instead)"
)
STEP_HOURS = (1, 3, 6, 12, 24)
MAX_STEPS = 240
SIZE_LIMITS = (200, 8000)
READY_MS = 20_000  # the map's scripts must have drawn it by then
TILES_MS = 8_000  # how long the picture waits for map tiles before drawing without them
PICTURE_CSS = ".leaflet-control-zoom, .leaflet-control-layers { display: none !important; }"  # buttons, not content


class Playback(MacroElement):
    """A Leaflet control that steps through the window, ringing the events active at each step.

    Every value reaches JavaScript through ``tojson``; text is set with ``textContent``.
    """

    _template = Template("""
        {% macro header(this, kwargs) %}
        <style>
          .evacmap-playback { background: #fff; padding: 6px 10px; border-radius: 4px;
            box-shadow: 0 1px 5px rgba(0,0,0,.4); font: 13px/1.4 system-ui, sans-serif; min-width: 420px; }
          .evacmap-playback button { width: 2.2em; margin-right: 6px; cursor: pointer; }
          .evacmap-playback input { width: 300px; vertical-align: middle; }
          .evacmap-playback .evacmap-playback-time { display: block; margin-top: 2px; }
        </style>
        {% endmacro %}
        {% macro script(this, kwargs) %}
        (function () {
          var map = {{ this._parent.get_name() }};
          var data = {{ this.data|tojson }};
          var rings = L.layerGroup().addTo(map);
          var control = L.control({position: "bottomleft"});
          var timer = null, input, button, label;
          function show(step) {
            rings.clearLayers();
            input.value = step;
            if (step >= data.steps.length) { label.textContent = data.text.all; return; }
            var now = data.steps[step];
            now.corridors.forEach(function (i) {
              L.polyline(data.corridors[i], {color: "#ffb000", weight: 9, opacity: 0.6, interactive: false}).addTo(rings);
            });
            now.events.forEach(function (i) {
              L.circleMarker(data.events[i], {radius: 18, color: "#ffb000", weight: 4, fill: true,
                fillOpacity: 0.2, interactive: false}).addTo(rings);
            });
            label.textContent = now.label + " · " + now.count + " " +
              (now.count === 1 ? data.text.event : data.text.events);
          }
          function stop() { clearInterval(timer); timer = null; button.textContent = "\\u25B6"; }
          function play() {
            var step = Number(input.value) >= data.steps.length ? 0 : Number(input.value);
            button.textContent = "\\u275A\\u275A";
            show(step);
            timer = setInterval(function () {
              step += 1;
              show(step);
              if (step >= data.steps.length) { stop(); }
            }, data.interval_ms);
          }
          control.onAdd = function () {
            var box = L.DomUtil.create("div", "evacmap-playback leaflet-bar");
            button = L.DomUtil.create("button", "evacmap-playback-play", box);
            button.type = "button";
            button.title = data.text.play;
            button.textContent = "\\u25B6";
            input = L.DomUtil.create("input", "evacmap-playback-slider", box);
            input.type = "range";
            input.min = 0;
            input.max = data.steps.length;
            input.setAttribute("aria-label", data.text.slider);
            label = L.DomUtil.create("span", "evacmap-playback-time", box);
            L.DomEvent.disableClickPropagation(box);
            L.DomEvent.disableScrollPropagation(box);
            L.DomEvent.on(button, "click", function () { if (timer) { stop(); } else { play(); } });
            L.DomEvent.on(input, "input", function () { stop(); show(Number(input.value)); });
            return box;
          };
          control.addTo(map);
          show(data.steps.length);
        })();
        {% endmacro %}
    """)

    def __init__(self, data: dict[str, object]):
        super().__init__()
        self._name = "Playback"
        self.data = data


def playback_data(evidence: Evidence, view: View) -> dict[str, object]:
    """What the playback control steps through: each step's label and the events and corridors active in it.

    A step holds an event or corridor by the same rules as a view's window
    (:meth:`View.mask`, :meth:`Corridor.active_during`), so a step shows what a view of
    that step would show. ``events`` are the points to ring and each step's ``events``
    index them: one point per event, or above :data:`geo.map.layers.MARKER_LIMIT` events
    one per place (its events share its point); a step's ``count`` is its events.
    """
    start, end = view.window(evidence)
    span = end - start
    hours = next((h for h in STEP_HOURS if span / timedelta(hours=h) <= MAX_STEPS), STEP_HOURS[-1])
    step = timedelta(hours=hours)
    shown = view.apply(evidence)
    corridors = view.corridors(evidence)
    if len(shown) > MARKER_LIMIT:  # ring places, not events: the events of a place share its point
        rings, place_ids = pd.factorize(shown["place_id"])
        points = [[evidence.gazetteer[p].lat, evidence.gazetteer[p].lon] for p in place_ids]
    else:
        rings = np.arange(len(shown))
        points = [[float(lat), float(lon)] for lat, lon in zip(shown["lat"], shown["lon"])]
    starts = pd.DatetimeIndex(shown["start"])
    reach = (shown["span_end"] - shown["start"]).max() if len(shown) else pd.Timedelta(0)
    steps = []
    moment = start
    while moment < end:
        until = min(moment + step, end)
        first, last = starts.searchsorted(moment - reach), starts.searchsorted(until)  # the only events that can be active
        active = View(start=moment, end=until).mask(shown.iloc[first:last])
        steps.append({
            "label": times.describe(moment, evidence.case.timezone),
            "events": [int(i) for i in dict.fromkeys(rings[first:last][active])],
            "count": int(active.sum()),
            "corridors": [i for i, c in enumerate(corridors) if c.active_during(moment, until)],
        })
        moment = until
    return {
        "interval_ms": 800,
        "steps": steps,
        "events": points,
        "corridors": [[list(p) for p in c.latlons] for c in corridors],
        "text": {
            "all": f"Whole window: {view.describe(evidence)} (press play to step through it, {hours} h a step)",
            "event": "event active",
            "events": "events active",
            "play": "Play / pause",
            "slider": "Time in the window",
        },
    }


def title(evidence: Evidence, view: View) -> str:
    """The snapshot's title: what it shows, its window and filters, and how much it holds."""
    events = len(view.apply(evidence))
    corridors = len(view.corridors(evidence))
    start, end = view.window(evidence)
    return (f"{evidence.case.title}: {view.describe(evidence)} "
            f"(local time, {times.offsets(start, end, evidence.case.timezone)}) · "
            f"{events} event{'s' * (events != 1)}, {corridors} corridor{'s' * (corridors != 1)}")


def snapshot_map(evidence: Evidence, view: View, *, offline: str | None = None, playback: bool = True) -> folium.Map:
    """The map of a snapshot: build_map titled with the view, plus playback; local assets if offline."""
    view.check(evidence)
    local = assets.copies(offline) if offline is not None else None
    m = build_map(evidence, view, offline_assets=local, title=title(evidence, view))
    if playback:
        Playback(playback_data(evidence, view)).add_to(m)
    return m


def html(evidence: Evidence, view: View, offline: str | None = None) -> bytes:
    """A standalone interactive map of the view; ``offline="inline"`` embeds its scripts and styles."""
    return snapshot_map(evidence, view, offline=offline).get_root().render().encode("utf-8")


def find_chromium() -> str | None:
    """A Chromium or Chrome executable: ``$EVACMAP_CHROMIUM``, then the usual names; None for Playwright's own."""
    chosen = os.environ.get(CHROMIUM_ENV)
    if chosen:
        if not (os.path.isfile(chosen) and os.access(chosen, os.X_OK)):
            raise ExportError(f"{CHROMIUM_ENV}={chosen!r} is not an executable file")
        return chosen
    return next((found for name in CHROMIUM_NAMES if (found := shutil.which(name))), None)


def _check_size(name: str, value: object) -> int:
    low, high = SIZE_LIMITS
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ExportError(f"{name}: expected a whole number of pixels from {low} to {high}, instead got {value!r}")
    return value


def png(evidence: Evidence, view: View, offline: str | None = None, width: int = 1600, height: int = 1000) -> bytes:
    """A PNG picture of the view's map, with its title, legend and attribution.

    With ``offline`` the browser makes no network request at all (no tiles: a plain
    background). Without it, the map's scripts still come from local copies when they
    have been fetched, and tiles load from the internet if it can be reached.
    """
    _check_size("width", width)
    _check_size("height", height)
    local = offline or ("file" if not assets.missing() else None)
    page = snapshot_map(evidence, view, offline=local, playback=False).get_root().render()
    return picture(page, width, height, offline=offline is not None)


def picture(page: str, width: int, height: int, offline: bool) -> bytes:
    """A screenshot of an HTML page in headless Chromium; ``offline`` refuses every network request."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return _screenshot(page, width, height, offline)
    # Playwright's sync API refuses to run in a thread with an event loop (Jupyter, async apps)
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(_screenshot, page, width, height, offline).result()


def _screenshot(page: str, width: int, height: int, offline: bool) -> bytes:
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
                return tab.screenshot(type="png")
            finally:
                browser.close()
