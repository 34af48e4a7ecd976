"""Click to highlight: how long after a click on an event's marker the dashboard's map shows it selected.

Two moments, both read by the page's own clock (``performance.now()`` in the map's frame): when the clicked
glyph is marked in the browser (:class:`geo.map.highlight.ClickMark`), and when the selection layer the page
sends back after its rerun is on the map (:func:`geo.map.highlight.selection_layer`). Each round also checks
that the map is the same document and kept its zoom.

    .venv/bin/python -m benchmarks.selection [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

from benchmarks import server
from geo.errors import ExportError
from geo.export import mapfile

VIEWS = ("?start=2016-12-15&end=2016-12-15", "?case=four-towns-2017-04&start=2017-04-15&end=2017-04-15")
GLYPH = ".leaflet-marker-pane .awesome-marker, .leaflet-marker-pane .evacmap-approx, .leaflet-marker-pane [data-event-id]"

WATCH = """() => {
  window.evacmapClicks = [];
  const box = document.querySelector('.leaflet-container');
  box.addEventListener('click', () => window.evacmapClicks.push(
    {at: performance.now(), before: box.getAttribute('data-selected-event')}), true);
  new MutationObserver(() => {
    const last = window.evacmapClicks[window.evacmapClicks.length - 1];
    if (!last) return;
    if (last.marked === undefined && box.querySelector('.leaflet-marker-pane .evacmap-selected')) {
      last.marked = performance.now() - last.at;
    }
    const shown = box.getAttribute('data-selected-event');
    if (last.layer === undefined && shown && shown !== last.before) { last.layer = performance.now() - last.at; }
  }).observe(document.body, {attributes: true, subtree: true, childList: true});
  window.evacmapSameDocument = true;
}"""


def _frame(page):
    from tests.browser.conftest import map_frame

    return map_frame(page)


def measure(rounds: int = 5) -> dict[str, object]:
    """Median and worst click-to-mark and click-to-layer times (ms) over ``rounds`` clicks per view."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import Network

    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as folder, server.dashboard(log=Path(folder) / "server.log") as (address, _), \
            sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=mapfile.find_chromium())
        for view in VIEWS:
            context = browser.new_context(viewport={"width": 1440, "height": 900})
            context.route("**/*", Network().handle)
            context.set_default_timeout(120_000)
            page = context.new_page()
            page.goto(f"{address}/{view}")
            frame = _frame(page)
            page.wait_for_timeout(2000)
            frame.evaluate(WATCH)
            zoom = frame.evaluate("() => window.map.getZoom()")
            marks, layers = [], []
            for i in range(rounds):
                glyphs = frame.locator(GLYPH)
                if not glyphs.count():  # every event in a cluster on one spot: spread them out first
                    frame.locator(".leaflet-marker-pane .evacmap-cluster").first.click(force=True)
                    page.wait_for_timeout(1000)
                if not glyphs.count():
                    raise RuntimeError(f"{view}: no event glyph to click")
                glyphs.nth(i % glyphs.count()).click(force=True)
                frame.wait_for_function("() => window.evacmapClicks.at(-1).layer !== undefined", timeout=60_000)
                last = frame.evaluate("() => window.evacmapClicks.at(-1)")
                marks.append(last.get("marked", float("nan")))
                layers.append(last["layer"])
                frame.evaluate("() => window.map.closePopup()")
                page.wait_for_timeout(500)
            figures[view] = {
                "click_to_mark_ms_median": round(statistics.median(marks), 1), "click_to_mark_ms_max": round(max(marks), 1),
                "click_to_layer_ms_median": round(statistics.median(layers)), "click_to_layer_ms_max": round(max(layers)),
                "same_document": frame.evaluate("() => window.evacmapSameDocument === true"),
                "zoom_kept": frame.evaluate("() => window.map.getZoom()") == zoom, "rounds": rounds}
            context.close()
        browser.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    try:
        print(json.dumps(measure(args.rounds), indent=2))
    except ExportError as error:
        print(f"no Chromium: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
