"""The dashboard in headless Chromium: seconds to its first marker, and where they go (``--first-marker``)."""

from __future__ import annotations

import contextlib
import os
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

from benchmarks import server
from benchmarks.common import COMMAND, FIRST_MARKER_S, OFF_MACHINE, ROOT


@contextlib.contextmanager
def streamlit_server(data: Path, timeout_s: float = 120) -> Iterator[str]:
    """dashboard.py under ``streamlit run`` on a free loopback port, on this data folder."""
    with server.dashboard({"EVACMAP_DATA": str(data)}, start_s=timeout_s) as (address, _):
        yield address


def _route(route) -> None:
    """A request off the machine: a CDN script (the hand-written pages link them) comes from geo/map/static; tiles and
    all else are refused."""
    from geo.map import assets

    url = route.request.url
    if url in assets.OMITTED:
        route.fulfill(status=200, content_type="text/css", body="")
    elif (path := assets.route(url)) is not None:
        route.fulfill(path=str(path))
    else:
        route.abort()


def _context(browser, width: int = 1440, height: int = 900):
    """A new browser context (empty cache) whose requests off the machine go through :func:`_route`; loopback is
    not intercepted, so the page loads as it would."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route(OFF_MACHINE, _route)
    return context


MILESTONES = (  # (key, what, JavaScript true once reached: in the page, or in the map's frame)
    ("app_s", "Streamlit's page drew the dashboard's first heading", "page",
     "() => !!document.querySelector('[data-testid=stHeading]')"),
    ("frame_s", "the map component's frame exists", "frame", "() => true"),
    ("leaflet_s", "Leaflet has loaded in the frame", "frame", "() => typeof L !== 'undefined'"),
    ("map_s", "the map is drawn (its container has a tile or marker pane)", "frame",
     "() => !!document.querySelector('.leaflet-marker-pane')"),
    ("marker_s", "the first marker is drawn", "frame",
     "() => !!document.querySelector('.leaflet-marker-pane > *')"),
)


def _milestones(page, address: str, keys: tuple[str, ...] | None = None, timeout_s: float = 120) -> dict[str, float]:
    """Seconds from opening a page to each of :data:`MILESTONES` (or those named in ``keys``), polled every 20 ms."""
    wanted = [m for m in MILESTONES if keys is None or m[0] in keys]
    started = time.perf_counter()
    page.goto(address, wait_until="commit")
    reached: dict[str, float] = {}
    while len(reached) < len(wanted) and time.perf_counter() - started < timeout_s:
        frames = [f for f in page.frames if "streamlit_folium" in f.url and not f.is_detached()]
        for key, _, where, test in wanted:
            if key in reached:
                continue
            with contextlib.suppress(Exception):  # a frame mid-load or replaced
                if (page.evaluate(test) if where == "page" else any(f.evaluate(test) for f in frames)):
                    reached[key] = time.perf_counter() - started
        page.wait_for_timeout(20)
    if len(reached) < len(wanted):
        raise RuntimeError(f"only {', '.join(reached)} within {timeout_s} s")
    return reached


FIRST_MARKER_PAGES = (  # (name, script, data folder setting or None, what it is)
    ("ours", "dashboard.py", ROOT / "data", "evacmap's dashboard on the shipped data (its default case)"),
    ("baseline", "benchmarks/baseline_app.py", ROOT / "data" / "aleppo-2016-12",
     "the hand-written page (`benchmarks/baseline_app.py`: slider, metric, clustered markers, table), same case"),
    ("floor", "benchmarks/floor_app.py", None,
     "a heading and one marker (`benchmarks/floor_app.py`): what Streamlit and streamlit-folium take by themselves"),
)


def measure_first_marker(repeat: int = 5) -> dict[str, float]:
    """Where the time to the first marker goes, on warm servers: evacmap's dashboard beside a hand-written page
    and the least page streamlit-folium allows (:data:`FIRST_MARKER_PAGES`), their new pages taken in turn so
    that the machine's load falls on all alike; the median of ``repeat`` pages each. Then the dashboard once
    more for a reader coming back (the browser's cache holds Streamlit's and the map's scripts)."""
    from playwright.sync_api import sync_playwright

    from geo.export import mapfile

    runs: dict[str, list[dict[str, float]]] = {name: [] for name, *_ in FIRST_MARKER_PAGES}
    with contextlib.ExitStack() as stack:
        addresses = {}
        for name, script, data, _ in FIRST_MARKER_PAGES:
            settings = {"EVACMAP_DATA": str(data)} if data is not None else {}
            addresses[name] = stack.enter_context(server.dashboard(settings, start_s=120, script=script))[0]
        driver = stack.enter_context(sync_playwright())
        browser = driver.chromium.launch(executable_path=mapfile.find_chromium())
        for round_ in range(1 + repeat):  # the first round warms the servers (imports, data load): not counted
            for name, *_ in FIRST_MARKER_PAGES:
                context = _context(browser)
                keys = None if name == "ours" else ("frame_s", "leaflet_s", "map_s", "marker_s")
                reached = _milestones(context.new_page(), addresses[name], keys)
                context.close()
                if round_:
                    runs[name].append(reached)
        context = _context(browser)
        revisits = []
        for visit in range(1 + repeat):  # the first visit fills the cache: not counted
            page = context.new_page()
            reached = _milestones(page, addresses["ours"], ("marker_s",))
            page.close()
            if visit:
                revisits.append(reached["marker_s"])
        context.close()
        browser.close()
    out = {key: statistics.median(run[key] for run in runs["ours"]) for key, *_ in MILESTONES}
    out["marker_best_s"] = min(run["marker_s"] for run in runs["ours"])
    for name in ("baseline", "floor"):
        out[f"{name}_marker_s"] = statistics.median(run["marker_s"] for run in runs[name])
        out[f"{name}_marker_best_s"] = min(run["marker_s"] for run in runs[name])
    out["revisit_marker_s"] = statistics.median(revisits)
    out["revisit_marker_best_s"] = min(revisits)
    out["load_average"] = os.getloadavg()[0]
    return out


def first_marker_section(figures: dict[str, float]) -> list[str]:
    """RESULTS.md's section on the shipped data's first marker (issue 12's target)."""
    met = "yes" if figures["marker_s"] <= FIRST_MARKER_S else "no"
    lines = [
        f"## First marker on the shipped data (issue 12): ≤ {FIRST_MARKER_S} s",
        "",
        f"`{COMMAND} --first-marker`: each page in headless Chromium at 1440×900, a new browser context (empty "
        "cache) per page, the dashboard's map scripts from its own server; seconds from requesting the page, "
        "median of 5 pages on warm servers, the three pages taken in turn "
        f"(load average {figures['load_average']:.1f} at the end of the run). The dashboard draws the map first "
        "and the rest of the page once the map has drawn (`panels/staged.py`).",
        "",
        "| milestone (evacmap's dashboard) | seconds |",
        "|---|---|",
        *(f"| {what} | {figures[key]:.2f} |" for key, what, *_ in MILESTONES),
        "",
    ]
    if "floor_marker_s" in figures:
        lines += [
            "| page | first marker, median (best) |",
            "|---|---|",
            f"| {FIRST_MARKER_PAGES[0][3]} | {figures['marker_s']:.2f} s ({figures['marker_best_s']:.2f} s) |",
            *(f"| {what} | {figures[f'{name}_marker_s']:.2f} s ({figures[f'{name}_marker_best_s']:.2f} s) |"
              for name, _, _, what in FIRST_MARKER_PAGES[1:]),
            f"| evacmap's dashboard, a reader coming back (scripts in the browser's cache) | "
            f"{figures['revisit_marker_s']:.2f} s ({figures['revisit_marker_best_s']:.2f} s) |",
            "",
        ]
    lines += [f"Target met (new reader, median): {met}.", ""]
    return lines


def measure_browser(data: Path, repeat: int = 5) -> dict[str, float]:
    """First markers in headless Chromium: on a fresh server (cold), then, with the data loaded, the
    median of ``repeat`` new pages (warm)."""
    from playwright.sync_api import sync_playwright

    from geo.export import mapfile
    from geo.map import assets

    if assets.missing():
        raise RuntimeError(f"the map's assets are absent: {assets.FETCH_HINT}")
    seconds = []
    with streamlit_server(data) as address, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=mapfile.find_chromium())
        for _ in range(1 + repeat):
            context = _context(browser, 1400, 1000)
            seconds.append(_milestones(context.new_page(), address, ("marker_s",))["marker_s"])
            context.close()
        browser.close()
    return {"first_marker_cold_s": seconds[0], "first_marker_warm_s": statistics.median(seconds[1:]),
            "first_marker_best_s": min(seconds[1:])}
