"""Many users at once: concurrent dashboard sessions changing filters, on loopback only.

Starts ``streamlit run dashboard.py`` on a free 127.0.0.1 port and opens SESSIONS
headless Chromium pages at once (one browser, one context each). Nothing leaves the
machine: the dashboard serves the map's scripts itself (a CDN address, should a page ask one, is
answered from the same files, :func:`geo.map.assets.route`), and every other request outside
loopback is refused. After one warm-up page, each page opens a different day (``?start=D&end=D``), waits for the
"Events" metric to show that day's count, then clicks CHANGES other days' bars; a
rerun is timed from the click until the metric and the caption show the new day and
no element is stale. Then it runs the same SESSIONS as AppTests in threads of this
process, one script run at a time (AppTest keeps one global runtime, so two runs at once
break each other): their rerun times are the script's alone, without a browser, and counting
calls to :func:`geo.data.evidence.load` checks the evidence is loaded once for all of them
(``st.cache_resource``: shared, not copied per session).

    python benchmarks/load_sessions.py --sessions 20 --changes 5

Prints the figures and one JSON line; exits 1 on any error, 2 when it cannot run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import server  # noqa: E402  (after the path: runs from a checkout)
from geo.app import timeline, window  # noqa: E402
from geo.data import evidence  # noqa: E402
from geo.errors import ExportError  # noqa: E402
from geo.export import mapfile  # noqa: E402
from geo.map import assets  # noqa: E402

MAX_SESSIONS = 50
MAX_CHANGES = 20
STEP_TIMEOUT_MS = 60_000  # one filter change
FIRST_LOAD_TIMEOUT_MS = 240_000  # the first page of a session, while all the others start too
ARRIVAL_GAP_S = 0.25  # sessions arrive this far apart, then all run at once
SCRIPT_SESSIONS_TIMEOUT_S = 600
LOOPBACK = re.compile(r"^(https?://127\.0\.0\.1(:\d+)?/|data:|blob:|about:)")

# True once the page shows `day`'s window with `count` events and the rerun is over.
SETTLED = """([day, count]) => {
  const metric = [...document.querySelectorAll('[data-testid="stMetric"]')]
      .find(m => m.innerText.trim().startsWith('Events'));
  const value = metric && metric.querySelector('[data-testid="stMetricValue"]');
  const caption = [...document.querySelectorAll('[data-testid="stCaptionContainer"]')]
      .some(c => c.innerText.startsWith(day + ' ·'));
  const status = document.querySelector('[data-testid="stStatusWidget"]');
  const running = status && /stop|running/i.test(status.innerText);
  return !!value && value.innerText.trim() === String(count) && caption
      && !document.querySelector('[data-stale="true"]') && !running;
}"""
SHOWN_ERRORS = '[data-testid="stException"], [data-testid="stAlertContentError"]'
# What a page shows, for the report when it does not settle.
SHOWING = """() => {
  const metric = [...document.querySelectorAll('[data-testid="stMetric"]')].map(m => m.innerText.replace(/\\s+/g, ' '));
  const caption = [...document.querySelectorAll('[data-testid="stCaptionContainer"]')].map(c => c.innerText);
  const status = document.querySelector('[data-testid="stStatusWidget"]');
  return JSON.stringify({metric, caption: caption.filter(c => c.includes('·')).slice(0, 1),
                         stale: document.querySelectorAll('[data-stale="true"]').length,
                         status: status ? status.innerText : null});
}"""


@dataclass
class Session:
    """What one browser session saw."""

    index: int
    first_load_s: float | None = None
    reruns_s: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    refused: int = 0


def day_counts() -> tuple[list[date], dict[date, int]]:
    """The data's local days with events (the ones with a bar to click), and the events the dashboard shows
    for each (geo.app.timeline's rule)."""
    loaded = evidence.load()
    per_day = timeline.daily_events(loaded.events, timeline.days(loaded), zone=loaded.case.timezone)
    counts = {day: n for day, n in zip(per_day["day"], per_day["events"], strict=True) if n}
    return list(counts), counts


def day_sequence(index: int, days: list[date], changes: int) -> list[date]:
    """The days session ``index`` shows: each different from the one before."""
    step = 1 + index % (len(days) - 1) if len(days) > 1 else 0
    return [days[(index + k * step) % len(days)] for k in range(changes + 1)]


def label(day: date) -> str:
    """How the dashboard's caption names a single day (geo.times.window_text, through geo.run.view.View.describe)."""
    return f"{day.day} {day:%b %Y}"


def rss_kib(pid: int) -> int | None:
    """Resident memory of a process in KiB (Linux), or None where /proc is absent."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return int(match.group(1)) if match else None


async def loopback_page(browser, result, step_timeout_ms: int = STEP_TIMEOUT_MS, **options):
    """A new browser context and page that may reach only this machine (the map's scripts served from the
    package where a page still names a CDN), counting each refused request in ``result.refused`` and each page
    error in ``result.page_errors``; a step waits at most ``step_timeout_ms``; ``options`` go to the context."""
    context = await browser.new_context(viewport={"width": 1400, "height": 1000}, **options)

    async def loopback_only(route) -> None:
        url = route.request.url
        if LOOPBACK.match(url):
            await route.continue_()
        elif (path := assets.route(url)) is not None:
            await route.fulfill(path=str(path))
        else:
            result.refused += 1
            await route.abort()

    await context.route("**/*", loopback_only)
    page = await context.new_page()
    page.set_default_timeout(step_timeout_ms)
    page.on("pageerror", lambda error: result.page_errors.append(str(error)[:200]))
    return context, page


async def run_session(browser, address: str, index: int, days: list[date], counts: dict[date, int],
                      changes: int) -> Session:
    """Open one day, then click through ``changes`` other days, timing each rerun."""
    result = Session(index)
    context, page = await loopback_page(browser, result)
    sequence = day_sequence(index, days, changes)
    await asyncio.sleep(index * ARRIVAL_GAP_S)
    try:
        started = time.perf_counter()
        await page.goto(f"{address}/?start={sequence[0]}&end={sequence[0]}", timeout=FIRST_LOAD_TIMEOUT_MS)
        await page.wait_for_function(SETTLED, arg=[label(sequence[0]), counts[sequence[0]]],
                                     timeout=FIRST_LOAD_TIMEOUT_MS)
        result.first_load_s = time.perf_counter() - started
        for day in sequence[1:]:
            started = time.perf_counter()
            await page.locator(f".st-key-day_bars g.mark-rect path[aria-label^='iso: {day.isoformat()};']").click()
            await page.wait_for_function(SETTLED, arg=[label(day), counts[day]], timeout=STEP_TIMEOUT_MS)
            result.reruns_s.append(time.perf_counter() - started)
        shown = await page.locator(SHOWN_ERRORS).all_inner_texts()
        result.errors += [f"shown: {text[:200]}" for text in shown]
    except Exception as error:  # a timeout or a closed page is a session error, reported, not raised
        showing = await page.evaluate(SHOWING) if not page.is_closed() else "closed"
        result.errors.append(f"{type(error).__name__}: {str(error).splitlines()[0][:200]}; showing {showing}")
    finally:
        await context.close()
    return result


async def run_sessions(address: str, server: subprocess.Popen, sessions: int, changes: int,
                       chromium: str | None) -> tuple[list[Session], tuple[int | None, int | None]]:
    """The sessions' results, and the server's memory after a warm-up page and after the sessions."""
    from playwright.async_api import async_playwright

    days, counts = day_counts()
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=chromium)
        try:
            warm = await run_session(browser, address, 0, days, counts, 1)
            if warm.errors:
                raise RuntimeError(f"the warm-up page failed: {warm.errors[0]}")
            before = rss_kib(server.pid)
            results = await asyncio.gather(*(run_session(browser, address, i, days, counts, changes)
                                             for i in range(sessions)))
            return list(results), (before, rss_kib(server.pid))
        finally:
            await browser.close()


def script_sessions(sessions: int, changes: int) -> tuple[int, list[float], list[str]]:
    """The same sessions as AppTests in threads of this process, one run at a time (script time, no browser).

    Returns how often the evidence was loaded for all of them, each rerun's time, and errors.
    """
    import streamlit as st
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import AppTest, app_test, local_script_runner

    days, counts = day_counts()
    zone = evidence.load().case.timezone
    calls: list[object] = []
    reruns: list[float] = []
    errors: list[str] = []
    original = evidence.load

    # AppTest sets a global runtime for a run and clears it after: runs in two threads at once would fail.
    one_run_at_a_time = threading.Lock()
    from panels import staged

    staged.MAP_FIRST = False  # no browser draws the map here, so nothing would ask for the whole page

    def counted(folder=None):
        calls.append(folder)
        return original(folder)

    def session(index: int) -> None:
        sequence = day_sequence(index, days, changes)
        try:
            app = AppTest.from_file(str(ROOT / "dashboard.py"), default_timeout=STEP_TIMEOUT_MS / 1000)
            app.query_params.update(start=str(sequence[0]), end=str(sequence[0]))
            with one_run_at_a_time:
                app.run()
            for day in sequence[1:]:
                with one_run_at_a_time:
                    started = time.perf_counter()
                    app.slider(key="window").set_value(window.to_slider(window.day_window(day, zone))).run()  # a day
                    reruns.append(time.perf_counter() - started)
                shown = next(m.value for m in app.metric if m.label == "Events")
                if shown != str(counts[day]):
                    errors.append(f"AppTest session {index}: {day} shows {shown} events, expected {counts[day]}")
            errors.extend(f"AppTest session {index}: {str(e.value)[:200]}" for e in app.exception)
        except Exception as error:  # reported with the others, not raised
            errors.append(f"AppTest session {index}: {type(error).__name__}: {str(error)[:200]}")

    st.cache_resource.clear()
    evidence.load = counted
    # The script compiled once for all sessions, as a server has it (AppTest would compile it on every run,
    # which a server never does, and the rerun times would count it).
    shared = ScriptCache()
    shared.get_bytecode(str(ROOT / "dashboard.py"))
    app_test.ScriptCache = local_script_runner.ScriptCache = lambda: shared
    try:
        threads = [threading.Thread(target=session, args=(i,), name=f"session-{i}") for i in range(sessions)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=SCRIPT_SESSIONS_TIMEOUT_S)
        errors += [f"AppTest {t.name}: still running after {SCRIPT_SESSIONS_TIMEOUT_S} s" for t in threads if t.is_alive()]
    finally:
        evidence.load = original
        app_test.ScriptCache = local_script_runner.ScriptCache = ScriptCache
        st.cache_resource.clear()
    return len(calls), sorted(reruns), errors


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]


def spread(values: list[float]) -> dict[str, float | None]:
    values = sorted(values)
    return {"p50": percentile(values, 0.5), "p90": percentile(values, 0.9), "p99": percentile(values, 0.99),
            "max": values[-1] if values else None}


def summarise(sessions: list[Session], rss: tuple[int | None, int | None], browser_s: float,
              script: tuple[int, list[float], list[str]]) -> dict[str, object]:
    loads, script_reruns, script_errors = script
    errors = [f"session {s.index}: {e}" for s in sessions for e in s.errors] + script_errors
    if loads != 1:
        errors.append(f"the evidence was loaded {loads} times for {len(sessions)} AppTest sessions; expected once")
    return {
        "sessions": len(sessions),
        "reruns": sum(len(s.reruns_s) for s in sessions),
        "errors": errors,
        "browser_rerun_s": spread([r for s in sessions for r in s.reruns_s]),
        "browser_first_load_s": spread([s.first_load_s for s in sessions if s.first_load_s is not None]),
        "script_rerun_s": spread(script_reruns),
        "script_reruns": len(script_reruns),
        "evidence_loads": loads,
        "server_rss_kib": {"warm": rss[0], "after": rss[1]},
        "page_errors": sum(len(s.page_errors) for s in sessions),
        "refused_requests": sum(s.refused for s in sessions),
        "browser_wall_s": round(browser_s, 2),
        "cpus": os.cpu_count(),
        "load_average": [round(v, 2) for v in os.getloadavg()] if hasattr(os, "getloadavg") else None,
    }


def report(summary: dict) -> str:
    def times(spread: dict) -> str:
        shown = {k: "-" if v is None else f"{v:.2f} s" for k, v in spread.items()}
        return f"p50 {shown['p50']}, p90 {shown['p90']}, p99 {shown['p99']}, max {shown['max']}"

    rss = summary["server_rss_kib"]
    lines = [
        f"{summary['sessions']} concurrent browser sessions, {summary['reruns']} filter changes in "
        f"{summary['browser_wall_s']} s ({summary['cpus']} CPUs, load average {summary['load_average']})",
        f"  rerun, click to settled page: {times(summary['browser_rerun_s'])}",
        f"  first page load: {times(summary['browser_first_load_s'])}",
        f"  server memory: {rss['warm']} KiB after a warm-up page, {rss['after']} KiB after the sessions",
        f"  browser page errors: {summary['page_errors']}; requests refused (not loopback): "
        f"{summary['refused_requests']}",
        f"{summary['sessions']} AppTest sessions in threads, one run at a time, {summary['script_reruns']} filter changes",
        f"  rerun, script only: {times(summary['script_rerun_s'])}",
        f"  evidence loaded {summary['evidence_loads']} time(s) for all of them (st.cache_resource)",
        f"errors: {len(summary['errors'])}",
    ]
    return "\n".join(lines + [f"  {e}" for e in summary["errors"]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20, help=f"concurrent sessions, 1 to {MAX_SESSIONS}")
    parser.add_argument("--changes", type=int, default=5, help=f"filter changes per session, 1 to {MAX_CHANGES}")
    parser.add_argument("--timeout", type=float, default=900, help="seconds the browser part may take in all")
    args = parser.parse_args(argv)
    if not 1 <= args.sessions <= MAX_SESSIONS or not 1 <= args.changes <= MAX_CHANGES:
        parser.error(f"--sessions must be 1 to {MAX_SESSIONS} and --changes 1 to {MAX_CHANGES}")
    try:
        chromium = mapfile.find_chromium()
        import playwright  # noqa: F401
    except (ExportError, ImportError) as error:
        print(f"load_sessions: cannot run: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    try:
        with server.dashboard() as (address, process):
            sessions, rss = asyncio.run(asyncio.wait_for(
                run_sessions(address, process, args.sessions, args.changes, chromium), timeout=args.timeout))
    except (RuntimeError, TimeoutError) as error:
        print(f"load_sessions: {error or 'the browser part ran out of time'}", file=sys.stderr)
        return 2
    browser_s = time.perf_counter() - started
    summary = summarise(sessions, rss, browser_s, script_sessions(args.sessions, args.changes))
    print(report(summary))
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
