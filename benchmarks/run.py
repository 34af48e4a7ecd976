"""Measure evacmap at 10k, 100k and 1M events beside a hand-written baseline; write RESULTS.md.

    .venv/bin/python benchmarks/run.py            # all sizes, about half an hour on 2 cores
    .venv/bin/python benchmarks/run.py --sizes 10000 --no-browser

For each size N it writes (once) a synthetic data folder with ``synth.py`` under
``benchmarks/data/`` (git-ignored): events as Parquet, and the same events as CSV. Then
each measurement runs in its own Python process, so its peak memory is its own:

- ``load``: load the folder (events as Parquet), three times, each in a fresh process;
- ``ours``: load (Parquet), filter a one-day window and the full range, build the map
  of each and render it to the HTML a browser receives, export each format (a full-range
  GeoJSON or ACLED file is left to ``exports``);
- ``load_csv``: load with the events as CSV;
- ``exports``: GeoJSON and ACLED of every event, streamed to files as ``evacmap export`` writes them,
  with their own peak memory;
- ``upload_spread`` and ``upload_month``: load (Parquet), then add an upload of :data:`UPLOAD_EVENTS`
  events (an events CSV, as the dashboard's upload reads it) spread over the whole year, or all in one
  month, and keep the merged evidence beside the loaded one, as a dashboard session does: the peak memory;
- ``dashboard``: dashboard.py through Streamlit's AppTest: first run, then reruns after
  moving the time slider to one day and back to the full range, and after a type filter;
  what each run sends to the browser (the serialised elements);
- ``baseline`` and ``baseline_dashboard``: the same steps for what a user would write by
  hand (pandas, one folium Marker per event in a MarkerCluster; ``baseline_app.py``);
- ``browser``: dashboard.py under ``streamlit run``, opened in headless Chromium
  (Playwright, the system's Chromium, map scripts from vendor/ as in tests/browser):
  seconds from opening the page to the first marker on the map, on a fresh server and
  then (median of 5 new pages) with the data loaded; once more on the shipped data.
- ``first_marker`` (also alone: ``--first-marker``): on the shipped data at 1440×900, when each
  milestone on the way to the first marker is reached (Streamlit's page, the map's frame, Leaflet,
  the map, the marker), beside the same figure for the hand-written page (``baseline_app.py``) and for
  the least page streamlit-folium allows (``floor_app.py``), and for a reader coming back; the last
  section of RESULTS.md.

Times are the median of a few runs for quick steps, one run for slow ones.

The playback's figures (issue 12) run alone, each in its own process, and rewrite only
their section of RESULTS.md (the full run writes it too):

    .venv/bin/python benchmarks/run.py --playback

- ``playback_step``: the HTML export of every event of the 10,000-event folder (counts
  per place and step above 300 events) in headless Chromium; the milliseconds of one
  step (``evacmapPlayback.show``, then two animation frames so it is painted), median
  and slowest over the day steps;
- ``playback_payload``: the bytes of the map page with its playback at 1,000,000 events
  (the whole span, and 12–20 December), and of the playback's JSON alone;
- ``animation``: ``evacmap export`` of the 12–20 December GIF and MP4 of the shipped
  data (offline: no tiles), seconds, frames and bytes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import server, synth  # noqa: E402

DATA = ROOT / "benchmarks" / "data"
FIRST_MARKER_S = 1.5
FIRST_MARKER_HEADING = "## First marker on the shipped data (issue 12)"
RESULTS = ROOT / "benchmarks" / "RESULTS.md"
SIZES = (10_000, 100_000, 1_000_000)
DAY = "2016-12-15"
BASELINE_LIMIT = 100_000
UPLOAD_EVENTS = 50_000  # an upload on top of the loaded events (at most one in 20 of them)
BASELINE_DASHBOARD_LIMIT = 10_000
LOADS = 3
OFF_MACHINE = re.compile(r"^https?://(?!127\.0\.0\.1[:/])")
CHILD_TIMEOUT_S = 3600
COMMAND = ".venv/bin/python benchmarks/run.py"
TARGETS = {  # what issue 6 asks, per size
    "rerun_s": {100_000: 0.5, 1_000_000: 2.0},
    "sent_mb": {10_000: 3.0, 100_000: 3.0, 1_000_000: 3.0},
    "load_s": {1_000_000: 3.0},
    "peak_mb": {1_000_000: 1536},
    "first_marker_s": {1_000_000: 3.0},
    "speedup": {10_000: 20.0},
}


def folder(events: int, fmt: str) -> Path:
    """The synthetic folder of this size and events format, written on first use."""
    path = DATA / f"{events}-{fmt}"
    if not (path / f"events.{fmt}").exists():
        synth.write(path, events, fmt=fmt)
    return path


def timed(step: Callable[[], object], repeat: int = 1) -> tuple[float, object]:
    """Median seconds of ``repeat`` runs of ``step``, and its last result."""
    seconds, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = step()
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds), result


def peak_mb() -> float:
    """Peak resident memory of this process so far, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def one_day():
    from geo.view import View, parse_moment
    return View(start=parse_moment(DAY, "start", zone=synth.ZONE),
                end=parse_moment(DAY, "end", end_of_day=True, zone=synth.ZONE))


def measure_ours(data: Path, repeat: int = 3) -> dict[str, float]:
    """Load, filter, map and export with evacmap's library, as the dashboard and CLI do."""
    from geo import export
    from geo.data import evidence
    from geo.map import build
    from geo.view import View

    out: dict[str, float] = {}
    out["load_s"], ev = timed(lambda: evidence.load(data))
    out["events"] = len(ev.events)
    for name, view in (("day", one_day()), ("all", View())):
        out[f"filter_{name}_s"], shown = timed(lambda view=view: view.apply(ev), repeat)
        out[f"shown_{name}"] = len(shown)
        out[f"map_{name}_s"], page = timed(lambda view=view: build.build_map(ev, view).get_root().render())
        out[f"map_{name}_mb"] = len(page.encode("utf-8")) / 1e6
        for fmt in ("csv", "html") if name == "all" else ("csv", "geojson", "acled", "html"):
            out[f"export_{fmt}_{name}_s"], _ = timed(lambda view=view, fmt=fmt: export.render(ev, view, fmt))
    out["peak_mb"] = peak_mb()
    return out


def _reset_peak() -> None:
    """Start this process's peak resident memory afresh (Linux: /proc/self/clear_refs), so each step has its own."""
    Path("/proc/self/clear_refs").write_text("5")


def _peak_since_reset() -> float:
    """Peak resident memory since :func:`_reset_peak`, in MiB (VmHWM, in KiB)."""
    status = Path("/proc/self/status").read_text().splitlines()
    return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024


def measure_exports(data: Path) -> dict[str, float]:
    """GeoJSON and ACLED exports of every event as ``evacmap export`` writes them: streamed chunk by chunk
    to a file (atomic write, fsync), in a process of their own; the peak memory of each, and of the process."""
    import tempfile

    from geo import export
    from geo.data import evidence
    from geo.view import View

    ev = evidence.load(data)
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="evacmap-exports-") as folder:
        for fmt in ("geojson", "acled"):
            path = Path(folder) / f"all.{fmt}"
            _reset_peak()
            out[f"export_{fmt}_all_s"], _ = timed(
                lambda fmt=fmt, path=path: export.write(path, lambda file, fmt=fmt: export.stream(ev, View(), fmt, file)))
            out[f"export_{fmt}_peak_mb"] = _peak_since_reset()
            out[f"export_{fmt}_all_mb"] = path.stat().st_size / 1e6
            path.unlink()
    out["exports_peak_mb"] = max(peak_mb(), out["export_geojson_peak_mb"], out["export_acled_peak_mb"])  # counted apart
    return out


def upload_file(data: Path, events: int, spread: bool) -> bytes:
    """An events CSV of ``events`` events from this folder's own with new ids: every n-th over the whole
    span (``spread``), or the last ones, all in the folder's last month."""
    import pandas as pd

    from geo.data import evidence, schema

    loaded = evidence.load(data).events
    rows = loaded.iloc[::len(loaded) // events][:events] if spread else loaded.iloc[-events:]
    text = rows[list(schema.EVENTS.names)].assign(id="upload_" + rows["id"])
    for name in ("start", "end"):
        text[name] = [pd.Timestamp(t).isoformat() if not pd.isna(t) else "" for t in rows[name]]
    return text.to_csv(index=False, lineterminator="\n").encode("utf-8")


def measure_upload(data: Path, spread: bool) -> dict[str, float]:
    """The peak memory while an upload is added to the loaded folder, both held as a dashboard session with
    an upload holds them (loaded data included; the load's own passing peak is not: it is measured apart).
    The upload file is made in a process of its own first."""
    import gc
    import tempfile

    from geo.data import evidence, merge

    kind = "spread" if spread else "month"
    with tempfile.TemporaryDirectory(prefix="evacmap-upload-") as folder:
        path = Path(folder) / f"upload_{kind}.csv"
        code = ("import sys; from pathlib import Path; from benchmarks import run; "
                f"Path({str(path)!r}).write_bytes(run.upload_file(Path({str(data)!r}), {{n}}, {spread}))")
        ev = evidence.load(data)
        events = min(UPLOAD_EVENTS, len(ev.events) // 20)
        subprocess.run([sys.executable, "-c", code.format(n=events)], cwd=ROOT, check=True)
        raw = path.read_bytes()
    gc.collect()
    loaded_mb = _current_mb()
    _reset_peak()  # the load's own peak is measured apart ("load_csv", "ours"); this is the upload's
    seconds, upload = timed(lambda: merge.add_events(ev, f"upload_{kind}.csv", raw))
    if upload.problems:
        raise RuntimeError(f"the upload was refused: {upload.problems[0]}")
    raw = b""
    gc.collect()
    return {f"upload_{kind}_s": seconds, f"upload_{kind}_events": upload.added,
            f"upload_{kind}_held_mb": _current_mb() - loaded_mb, f"upload_{kind}_peak_mb": _peak_since_reset()}


def _current_mb() -> float:
    """Resident memory of this process now, in MiB (VmRSS, in KiB)."""
    status = Path("/proc/self/status").read_text().splitlines()
    return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024


def measure_load(data: Path) -> dict[str, float]:
    """Only the load, in a fresh process: :data:`LOADS` of these give the load time, their median."""
    from geo.data import evidence
    seconds, _ = timed(lambda: evidence.load(data))
    return {"load_s": seconds}


def measure_load_csv(data: Path) -> dict[str, float]:
    from geo.data import evidence
    seconds, ev = timed(lambda: evidence.load(data))
    return {"load_csv_s": seconds, "events": len(ev.events), "peak_csv_mb": peak_mb()}


def _sent_mb(at) -> float:
    """What the last run sent to the browser: every element's serialised size, in MB."""
    def walk(node) -> Iterator:
        yield node
        for child in getattr(node, "children", {}).values():
            yield from walk(child)
    return sum(node.proto.ByteSize() for node in walk(at._tree) if hasattr(getattr(node, "proto", None), "ByteSize")) / 1e6


def _app(script: Path, data: Path):
    from streamlit.testing.v1 import AppTest
    os.environ["EVACMAP_DATA"] = str(data)
    os.environ.pop("EVACMAP_OFFLINE", None)
    return AppTest.from_file(str(script), default_timeout=CHILD_TIMEOUT_S)


def _window(at, start, end) -> Callable[[], object]:
    return lambda: at.slider(key="window").set_value((start, end)).run()


def _check(at) -> None:
    if at.exception:
        raise RuntimeError(f"the app failed: {at.exception[0].message}")


def measure_dashboard(data: Path, script: Path = ROOT / "dashboard.py", repeat: int = 3) -> dict[str, float]:
    """First run, then reruns after a slider move to one day and back, and after a filter (AppTest: the whole
    page from the first run, since no browser reports the map drawn; see panels/staged.py)."""
    from panels import staged

    staged.MAP_FIRST = False
    at = _app(script, data)
    out: dict[str, float] = {}
    out["first_run_s"], _ = timed(at.run)
    _check(at)
    out["first_run_mb"] = _sent_mb(at)
    whole = tuple(at.slider(key="window").value)
    day = tuple(d.astimezone(synth.ZONE) for d in (one_day().start, one_day().end))
    steps = {"day": _window(at, *day), "all": _window(at, *whole)}
    if script.name == "dashboard.py":
        steps["type"] = lambda: at.multiselect(key="types").set_value(["departure", "arrival"]).run()
    for name, step in steps.items():
        runs = []
        for _ in range(repeat):
            if name != "type":
                _window(at, *(whole if name == "day" else day))()  # move away, so the step is a change
            else:
                at.multiselect(key="types").set_value([]).run()
            runs.append(timed(step)[0])
            _check(at)
        out[f"rerun_{name}_s"] = statistics.median(runs)
        out[f"rerun_{name}_mb"] = _sent_mb(at)
    out["peak_mb"] = peak_mb()
    return out


def measure_baseline(data: Path, limit: int = BASELINE_LIMIT, repeat: int = 3) -> dict[str, float]:
    """The hand-written way: pandas, and one folium Marker per event in a MarkerCluster."""
    from benchmarks import baseline_app

    out: dict[str, float] = {}
    out["load_s"], events = timed(lambda: baseline_app.load.__wrapped__(str(data)))  # not through the cache
    span_end = events["end"].fillna(events["start"])
    windows = {"day": (one_day().start, one_day().end), "all": (events["start"].min(), span_end.max())}
    for name, (start, end) in windows.items():
        def select(start=start, end=end):
            return events[(events["start"] < end) & ((span_end > start) | (events["start"] >= start))]
        out[f"filter_{name}_s"], shown = timed(select, repeat)
        out[f"shown_{name}"] = len(shown)
        if len(shown) > limit:
            continue
        out[f"map_{name}_s"], page = timed(lambda shown=shown: baseline_app.event_map(shown).get_root().render())
        out[f"map_{name}_mb"] = len(page.encode("utf-8")) / 1e6
        out[f"export_csv_{name}_s"], _ = timed(lambda shown=shown: shown.to_csv(index=False).encode("utf-8"))
        out[f"export_html_{name}_s"] = out[f"map_{name}_s"]
    out["peak_mb"] = peak_mb()
    return out


def measure_baseline_dashboard(data: Path, repeat: int = 1) -> dict[str, float]:
    return measure_dashboard(data, ROOT / "benchmarks" / "baseline_app.py", repeat)


@contextlib.contextmanager
def streamlit_server(data: Path, timeout_s: float = 120) -> Iterator[str]:
    """dashboard.py under ``streamlit run`` on a free loopback port, on this data folder."""
    with server.dashboard({"EVACMAP_DATA": str(data)}, start_s=timeout_s) as (address, _):
        yield address


def _route(route) -> None:
    """A request off the machine: CDN scripts come from vendor/; tiles and all else are refused."""
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
     "() => !!document.querySelector('.leaflet-marker-pane > :not(.evacmap-report)')"),  # not the hidden reporter
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
        "cache) per page, map scripts served from vendor/; seconds from requesting the page, median of 5 pages on "
        f"warm servers, the three pages taken in turn (load average {figures['load_average']:.1f} at the end of "
        "the run). The dashboard draws the map first and the rest of the page once the map has drawn "
        "(`panels/staged.py`).",
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
        raise RuntimeError(f"vendored map assets are absent: {assets.FETCH_HINT}")
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


PLAYBACK_WEEK = ("2016-12-12", "2016-12-20")
PLAYBACK_TARGETS = {"step_median_ms": 50.0, "page_mb": 3.0, "gif_s": 30.0}
STEP_JS = """async (i) => {
  const started = performance.now();
  window.evacmapPlayback.show(i);
  const shown = performance.now();
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return [shown - started, performance.now() - started];
}"""


def _week():
    from geo.view import View, parse_moment
    return View(start=parse_moment(PLAYBACK_WEEK[0], "start"), end=parse_moment(PLAYBACK_WEEK[1], "end", end_of_day=True))


def measure_playback_step(data: Path) -> dict[str, float]:
    """Milliseconds of one playback step in headless Chromium, every event of ``data`` in the window."""
    import tempfile

    from playwright.sync_api import sync_playwright

    from geo import export
    from geo.data import evidence
    from geo.export import mapfile
    from geo.view import View

    ev = evidence.load(data)
    page = export.render(ev, View(), "html", offline="inline")
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as driver:
        path = Path(scratch) / "map.html"
        path.write_bytes(page)
        browser = driver.chromium.launch(executable_path=mapfile.find_chromium())
        tab = browser.new_page(viewport={"width": 1400, "height": 1000})
        tab.route(OFF_MACHINE, lambda route: route.abort())
        tab.goto(path.as_uri())
        tab.wait_for_function("() => window.evacmapPlayback")
        count = tab.evaluate("() => evacmapPlayback.count()")
        timings = [tab.evaluate(STEP_JS, i) for i in range(count)]
        browser.close()
    script, painted = [t[0] for t in timings], [t[1] for t in timings]
    return {"events": len(ev.events), "steps": count, "page_mb": len(page) / 1e6,
            "step_script_median_ms": statistics.median(script), "step_script_max_ms": max(script),
            "step_median_ms": statistics.median(painted), "step_max_ms": max(painted)}


def measure_playback_payload(data: Path) -> dict[str, float]:
    """Bytes of the map page with its playback (whole span and one week), and of the playback's JSON alone."""
    from geo.data import evidence
    from geo.export import mapfile
    from geo.map.playback import playback_data
    from geo.view import View

    ev = evidence.load(data)
    out: dict[str, float] = {"events": len(ev.events)}
    for name, view in (("all", View()), ("week", _week())):
        out[f"shown_{name}"] = len(view.apply(ev))
        out[f"page_{name}_s"], page = timed(lambda view=view: mapfile.html(ev, view))
        out[f"page_{name}_mb"] = len(page) / 1e6
        out[f"playback_{name}_mb"] = len(json.dumps(playback_data(ev, view), ensure_ascii=False).encode()) / 1e6
    out["page_mb"] = max(out["page_all_mb"], out["page_week_mb"])
    return out


def measure_animation() -> dict[str, float]:
    """``evacmap export`` of the 12–20 December GIF and MP4 (shipped data, offline), as a user runs it."""
    import tempfile

    from geo.export import animation
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for fmt in ("gif", "mp4"):
            target = Path(scratch) / f"evac.{fmt}"
            command = [sys.executable, "-m", "geo", "export", "--start", PLAYBACK_WEEK[0], "--end", PLAYBACK_WEEK[1],
                       "--format", fmt, "--offline", "-o", str(target)]
            started = time.perf_counter()
            subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
            out[f"{fmt}_s"] = time.perf_counter() - started
            out[f"{fmt}_bytes"] = target.stat().st_size
        from PIL import Image
        out["gif_frames"] = Image.open(Path(scratch) / "evac.gif").n_frames
        out["mp4_frames"] = animation.mp4_frames(Path(scratch) / "evac.mp4")
    return out


PLAYBACK = {
    "playback_step": lambda: measure_playback_step(folder(10_000, "parquet")),
    "playback_payload": lambda: measure_playback_payload(folder(1_000_000, "parquet")),
    "animation": measure_animation,
}
PLAYBACK_HEADING = "## Playback (issue 12)"


def playback_section(figures: dict[str, dict[str, float]], started: str) -> str:
    """RESULTS.md's playback section: the three targets, then every figure."""
    step, payload, made = (figures.get(k, {}) for k in PLAYBACK)
    rows = [("one playback step, 10,000 events in the window (median of the day steps, painted)",
             step.get("step_median_ms"), "ms", PLAYBACK_TARGETS["step_median_ms"]),
            ("map page with playback at 1,000,000 events (largest of whole span and 12–20 Dec)",
             payload.get("page_mb"), "MB", PLAYBACK_TARGETS["page_mb"]),
            ("`evacmap export` of the 12–20 December GIF", made.get("gif_s"), "s", PLAYBACK_TARGETS["gif_s"])]
    load = " ".join(f"{v:.1f}" for v in os.getloadavg())
    lines = [PLAYBACK_HEADING, "", f"Measured {started} by `{COMMAND} --playback` (see its docstring); "
             f"load average at the end {load} on {os.cpu_count()} cores.", "",
             "| target | figure | limit | met |", "|---|---|---|---|"]
    for what, figure, unit, limit in rows:
        met = "–" if figure is None else ("yes" if figure <= limit else "NO")
        lines.append(f"| {what} | {_fmt(figure, unit)} | {limit:g} {unit} | {met} |")
    lines += ["", "Every figure:", ""]
    for kind, values in figures.items():
        lines.append(f"- {kind}: " + ", ".join(f"{k} {v:.3g}" if isinstance(v, float) else f"{k} {v}"
                                               for k, v in values.items()))
    return "\n".join(lines) + "\n"


def write_playback_section(text: str, path: Path = RESULTS) -> None:
    """Put the playback section in RESULTS.md, replacing the one there (it is the last section)."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    kept = old.split(PLAYBACK_HEADING)[0].rstrip()
    path.write_text((kept + "\n\n" if kept else "") + text, encoding="utf-8")


CHILDREN = {
    "ours": lambda n: measure_ours(folder(n, "parquet")),
    "load": lambda n: measure_load(folder(n, "parquet")),
    "load_csv": lambda n: measure_load_csv(folder(n, "csv")),
    "exports": lambda n: measure_exports(folder(n, "parquet")),
    "upload_spread": lambda n: measure_upload(folder(n, "parquet"), spread=True),
    "upload_month": lambda n: measure_upload(folder(n, "parquet"), spread=False),
    "dashboard": lambda n: measure_dashboard(folder(n, "parquet")),
    "baseline": lambda n: measure_baseline(folder(n, "csv")),
    "baseline_dashboard": lambda n: measure_baseline_dashboard(folder(n, "csv")),
    "browser": lambda n: measure_browser(folder(n, "parquet") if n else synth.SHIPPED),
    **{kind: lambda n, run=run: run() for kind, run in PLAYBACK.items()},
    "first_marker": lambda n: measure_first_marker(),
}


def in_child(kind: str, events: int) -> dict[str, float]:
    """One measurement in a fresh Python process (so peak memory is its own); {} if it failed."""
    command = [sys.executable, str(Path(__file__).resolve()), "--child", kind, str(events)]
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=CHILD_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        print(f"  {kind} {events:,}: timed out after {CHILD_TIMEOUT_S} s", file=sys.stderr)
        return {"failed": f"timed out after {CHILD_TIMEOUT_S} s"}
    if done.returncode != 0:
        print(f"  {kind} {events:,} failed:\n{done.stderr[-2000:]}", file=sys.stderr)
        return {"failed": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else f"exit {done.returncode}"}
    return json.loads(done.stdout.strip().splitlines()[-1])


def machine() -> dict[str, str]:
    """What the figures were measured on."""
    import folium
    import pandas
    import pyarrow
    import streamlit

    from geo.export import mapfile

    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    memory = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                  if line.startswith("MemTotal"))
    chromium = mapfile.find_chromium()
    browser = subprocess.run([chromium, "--version"], capture_output=True, text=True).stdout.strip() if chromium else "none"
    return {
        "cpu": f"{cpu}, {len(os.sched_getaffinity(0))} cores available",
        "memory": f"{memory / 1024**2:.1f} GiB",
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "libraries": f"pandas {pandas.__version__}, pyarrow {pyarrow.__version__}, streamlit {streamlit.__version__}, "
                     f"folium {folium.__version__}",
        "browser": browser,
        "load": "load average at start {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()),
    }


def _fmt(value: object, unit: str) -> str:
    if not isinstance(value, int | float):
        return "–"
    return f"{value:,.0f} {unit}" if unit in ("MiB", "") else f"{value:.3g} {unit}" if value < 100 else f"{value:,.0f} {unit}"


def _ratio(baseline: object, ours: object) -> str:
    if not isinstance(baseline, int | float) or not isinstance(ours, int | float) or ours <= 0:
        return "–"
    return f"{baseline / ours:,.1f}×"


STEPS = (  # (label, key in the figures of a size, unit)
    ("load (events as Parquet; median of 3 fresh processes)", "load_s", "s"),
    ("load (events as CSV)", "load_csv_s", "s"),
    ("filter: one day", "filter_day_s", "s"),
    ("filter: full range", "filter_all_s", "s"),
    ("map build + render: one day", "map_day_s", "s"),
    ("map build + render: full range", "map_all_s", "s"),
    ("map HTML: one day", "map_day_mb", "MB"),
    ("map HTML: full range", "map_all_mb", "MB"),
    ("export CSV: one day", "export_csv_day_s", "s"),
    ("export GeoJSON: one day", "export_geojson_day_s", "s"),
    ("export ACLED: one day", "export_acled_day_s", "s"),
    ("export HTML: one day", "export_html_day_s", "s"),
    ("export CSV: full range", "export_csv_all_s", "s"),
    ("export HTML: full range", "export_html_all_s", "s"),
    ("export GeoJSON: full range, streamed to a file", "export_geojson_all_s", "s"),
    ("export GeoJSON: full range, size", "export_geojson_all_mb", "MB"),
    ("export GeoJSON: full range, peak memory of the export (loaded data included)", "export_geojson_peak_mb", "MiB"),
    ("export ACLED: full range, streamed to a file", "export_acled_all_s", "s"),
    ("export ACLED: full range, size", "export_acled_all_mb", "MB"),
    ("export ACLED: full range, peak memory of the export (loaded data included)", "export_acled_peak_mb", "MiB"),
    ("dashboard first run (incl. load)", "first_run_s", "s"),
    ("dashboard rerun: slider to one day", "rerun_day_s", "s"),
    ("dashboard rerun: slider to full range", "rerun_all_s", "s"),
    ("dashboard rerun: type filter", "rerun_type_s", "s"),
    ("sent to the browser per run (largest)", "sent_mb", "MB"),
    ("peak memory: library (load, filter, map, exports but full GeoJSON/ACLED)", "peak_mb", "MiB"),
    ("peak memory: load, then full-range GeoJSON and ACLED exports streamed to files", "exports_peak_mb", "MiB"),
    ("peak memory: dashboard (AppTest)", "dashboard_peak_mb", "MiB"),
    ("peak memory: load (events as CSV)", "peak_csv_mb", "MiB"),
    ("upload of 50k events spread over the year: add to the loaded events", "upload_spread_s", "s"),
    ("upload of 50k events spread over the year: memory the merged events add", "upload_spread_held_mb", "MiB"),
    ("peak memory: load, then an upload of 50k events spread over the year", "upload_spread_peak_mb", "MiB"),
    ("upload of 50k events in one month: add to the loaded events", "upload_month_s", "s"),
    ("upload of 50k events in one month: memory the merged events add", "upload_month_held_mb", "MiB"),
    ("peak memory: load, then an upload of 50k events in one month", "upload_month_peak_mb", "MiB"),
    ("browser: first marker, server just started", "first_marker_cold_s", "s"),
    ("browser: first marker, data loaded (median of 5)", "first_marker_s", "s"),
    ("browser: first marker, data loaded (best of 5)", "first_marker_best_s", "s"),
)


def combine(parts: dict[str, dict[str, float]]) -> tuple[dict[str, float], dict[str, float]]:
    """Ours and the baseline's figures for one size, under the keys of :data:`STEPS`."""
    ours = {**parts.get("ours", {}), **parts.get("load", {}), **parts.get("load_csv", {}), **parts.get("exports", {}),
            **parts.get("upload_spread", {}), **parts.get("upload_month", {})}
    base = dict(parts.get("baseline", {}))
    base["load_csv_s"] = base.pop("load_s", None)
    for figures, board in ((ours, parts.get("dashboard", {})), (base, parts.get("baseline_dashboard", {}))):
        figures.update({k: v for k, v in board.items() if k.startswith(("first_run", "rerun")) and k.endswith("_s")})
        if "peak_mb" in board:
            figures["sent_mb"] = max(v for k, v in board.items() if k.endswith("_mb") and k != "peak_mb")
            figures["dashboard_peak_mb"] = board["peak_mb"]
    browser = parts.get("browser", {})
    if "first_marker_warm_s" in browser:
        ours.update(first_marker_cold_s=browser["first_marker_cold_s"], first_marker_s=browser["first_marker_warm_s"],
                    first_marker_best_s=browser["first_marker_best_s"])
    for figures in (ours, base):
        failed = [f"{kind}: {part['failed']}" for kind, part in parts.items() if "failed" in part]
        if failed:
            figures["failed"] = "; ".join(failed)
    return ours, base


def targets(results: dict[int, tuple[dict, dict]]) -> list[str]:
    """The issue's targets, each with its figure and whether it is met."""
    rows = ["| target | size | figure | met |", "|---|---|---|---|"]

    def row(what: str, events: int, figure: object, limit: float, unit: str, higher_is_better: bool = False) -> None:
        if not isinstance(figure, int | float):
            rows.append(f"| {what} | {events:,} | not measured | no |")
            return
        met = figure >= limit if higher_is_better else figure <= limit
        shown = f"{figure:,.1f}×" if unit == "×" else _fmt(figure, unit)
        rows.append(f"| {what} | {events:,} | {shown} | {'yes' if met else '**no**'} |")

    def largest(figures: dict, *keys: str) -> float | None:
        return max((figures[k] for k in keys if isinstance(figures.get(k), int | float)), default=None)

    for events, (ours, base) in results.items():
        if events in TARGETS["rerun_s"]:
            row(f"dashboard rerun after a filter change (slowest of the three) ≤ {TARGETS['rerun_s'][events]} s", events,
                largest(ours, "rerun_day_s", "rerun_all_s", "rerun_type_s"), TARGETS["rerun_s"][events], "s")
        if events in TARGETS["sent_mb"]:
            row("sent to the browser ≤ 3 MB (largest dashboard run or map page)", events,
                largest(ours, "sent_mb", "map_all_mb", "map_day_mb"), 3.0, "MB")
        if events in TARGETS["load_s"]:
            row("load from Parquet ≤ 3 s (median of 3 fresh processes)", events, ours.get("load_s"), 3.0, "s")
        if events in TARGETS["peak_mb"]:
            row("peak memory ≤ 1.5 GiB (library, dashboard, full-range exports, load from CSV)", events,
                largest(ours, "peak_mb", "dashboard_peak_mb", "exports_peak_mb", "peak_csv_mb"), 1536, "MiB")
            row("peak memory ≤ 1.5 GiB with a 50k-event upload (spread over the year, or in one month)", events,
                largest(ours, "upload_spread_peak_mb", "upload_month_peak_mb"), 1536, "MiB")
        if events in TARGETS["first_marker_s"]:
            row("first markers in headless Chromium ≤ 3 s (data loaded, median)", events, ours.get("first_marker_s"),
                3.0, "s")
        if events in TARGETS["speedup"]:
            for label, key in (("dashboard rerun, slider to full range", "rerun_all_s"),
                               ("dashboard first run", "first_run_s"),
                               ("map build + render, full range", "map_all_s")):
                speed = base.get(key) / ours[key] if isinstance(base.get(key), int | float) and ours.get(key) else None
                row(f"≥ 20× faster than the baseline: {label}", events, speed, 20.0, "×", higher_is_better=True)
    return rows


def report(results: dict[int, tuple[dict, dict]], about: dict[str, str], started: str, seconds: float,
           floor: dict[str, float] | None = None) -> str:
    """RESULTS.md: the machine, the targets with their figures, and every step beside the baseline."""
    lines = [
        "# Benchmarks: evacmap at 10k, 100k and 1M events",
        "",
        f"Measured {started}, in {seconds / 60:.0f} minutes, by `{COMMAND}` (this page is its output; "
        "`benchmarks/run.py`'s docstring says what each step does, `benchmarks/synth.py`'s what the data hold).",
        "",
        "## Machine",
        "",
        *(f"- {key}: {value}" for key, value in about.items()),
        "",
        "## Targets (issue 6)",
        "",
        *targets(results),
        "",
    ]
    if floor and "first_marker_warm_s" in floor:
        lines += [f"For comparison, the same page on the shipped data (33 events) shows its first marker in "
                  f"{floor['first_marker_warm_s']:.2f} s (median of 5; best {floor['first_marker_best_s']:.2f} s): "
                  "most of that time is Streamlit's page and the map component starting, whatever the data.", ""]
    lines += [
        "## Every step, beside the hand-written baseline",
        "",
        "The baseline is `benchmarks/baseline_app.py`: pandas reads the files (no checks) and the map has one "
        "folium Marker per event in a MarkerCluster. Ratio = baseline time / evacmap time (above 1: evacmap is "
        "faster). \"–\": not measured (the baseline has no validation, GeoJSON or ACLED export, type filter or "
        f"Parquet reading; it draws every event only up to {BASELINE_LIMIT:,} events, and its dashboard is run "
        f"only up to {BASELINE_DASHBOARD_LIMIT:,} events: at 100,000 one run takes minutes).",
        "",
    ]
    for events, (ours, base) in results.items():
        shown = f"one day ({DAY}): {ours['shown_day']:,} events" if isinstance(ours.get("shown_day"), int) else ""
        lines += [f"### {events:,} events", "", shown, "", "| step | evacmap | baseline | ratio |", "|---|---|---|---|"]
        for label, key, unit in STEPS:
            if key not in ours and key not in base:
                continue
            ratio = _ratio(base.get(key), ours.get(key)) if unit == "s" else "–"
            lines.append(f"| {label} | {_fmt(ours.get(key), unit)} | {_fmt(base.get(key), unit)} | {ratio} |")
        if ours.get("loads"):
            lines += ["", "Loads from Parquet, each in a fresh process: " + ", ".join(f"{s:.2f} s" for s in ours["loads"]) + "."]
        lines += ["", *([f"Failed: {ours['failed']}", ""] if ours.get("failed") else [])]
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), metavar="N")
    parser.add_argument("--no-browser", action="store_true", help="skip the headless Chromium measurement")
    parser.add_argument("-o", "--output", type=Path, default=RESULTS, help="where to write the results")
    parser.add_argument("--playback", action="store_true",
                        help="only the playback figures (step, payload, GIF and MP4); rewrites their section of RESULTS.md")
    parser.add_argument("--first-marker", action="store_true",
                        help="only measure where the shipped data's first marker waits; rewrite that section of RESULTS.md")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "N"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, events = args.child
        print(json.dumps(CHILDREN[kind](int(events))))
        return 0
    if args.first_marker:
        section = first_marker_section(measure_first_marker())
        text = args.output.read_text(encoding="utf-8") if args.output.exists() else ""
        kept = text.split(FIRST_MARKER_HEADING)[0].rstrip()  # the section is the page's last: replace it
        args.output.write_text(kept + "\n\n" + "\n".join(section), encoding="utf-8")
        print("\n".join(section))
        return 0
    started, clock = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"), time.monotonic()
    if args.playback:
        figures = {kind: in_child(kind, 0) for kind in PLAYBACK}
        text = playback_section(figures, started)
        write_playback_section(text, args.output)
        print(text)
        return 0
    about = machine()
    results = {}
    for events in args.sizes:
        folder(events, "parquet"), folder(events, "csv")
        parts = {}
        loads = [in_child("load", events).get("load_s") for _ in range(LOADS)]
        parts["load"] = {"load_s": statistics.median(loads), "loads": loads} if None not in loads else {"failed": "load"}
        for kind in CHILDREN:
            if kind in ("load", "first_marker") or kind in PLAYBACK:
                continue
            if kind == "browser" and args.no_browser:
                continue
            if kind == "baseline_dashboard" and events > BASELINE_DASHBOARD_LIMIT:
                continue
            print(f"{events:,} events: {kind} ...", file=sys.stderr, flush=True)
            parts[kind] = in_child(kind, events)
            print(f"  {json.dumps(parts[kind])}", file=sys.stderr, flush=True)
        results[events] = combine(parts)
    floor = {} if args.no_browser else in_child("browser", 0)
    playback = {kind: in_child(kind, 0) for kind in PLAYBACK}
    steps = {} if args.no_browser else in_child("first_marker", 0)
    text = report(results, about, started, time.monotonic() - clock, floor)
    if steps:
        text = text.rstrip() + "\n\n" + "\n".join(first_marker_section(steps))
    args.output.write_text(text + "\n" + playback_section(playback, started), encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
