"""A soak: many visitors on one server, through everything that costs memory, then gone; memory must come back.

Starts ``streamlit run dashboard.py`` on a free 127.0.0.1 port (the shipped config, disconnected
sessions kept only ``--expiry`` seconds: ``server.disconnectedSessionTTL``) and drives SESSIONS
headless Chromium pages against it, arriving ``--gap`` seconds apart. Each opens a day of the default case,
clicks two other days' bars, uploads a one-event CSV, downloads the view's GIF (every
``--gif-every``-th session; the dashboard makes one animation at a time, so those sessions take
turns), switches to the other case, and closes. Nothing leaves the machine (the map's CDN scripts
come from their vendored npm copies; every other request outside loopback is refused).

The server's resident memory is read after a warm-up session that did all of it and expired (the
evidence of both cases cached, Chromium started once), during the sessions, and after they have
all closed and expired. It passes with no error and the memory after expiry within ``--margin`` MB
of where it started.

    python benchmarks/soak.py --sessions 40

Prints the figures and one JSON line; exits 1 on an error or memory not given back, 2 when it cannot run.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import io
import json
import os
import sys
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import server  # noqa: E402  (after the path: runs from a checkout)
from benchmarks.load_sessions import (  # noqa: E402
    SETTLED,
    SHOWING,
    SHOWN_ERRORS,
    day_counts,
    day_sequence,
    label,
    loopback_page,
    rss_kib,
)
from geo.data import cases, evidence  # noqa: E402
from geo.data.schema import EVENTS  # noqa: E402
from geo.errors import ExportError  # noqa: E402
from geo.export import mapfile  # noqa: E402

MAX_SESSIONS = 60
STEP_TIMEOUT_MS = 240_000  # one change, on a machine all the sessions share
FIRST_LOAD_TIMEOUT_MS = 300_000
GIF_TIMEOUT_MS = 300_000  # a GIF, waiting for the ones before it
GIF_ATTEMPTS = 5
ARRIVAL_GAP_S = 5.0  # 40 sessions arrive over three minutes, about a dozen at once on 2 cores
EXPIRY_S = 5  # server.disconnectedSessionTTL for the soak: a closed session is let go after this
SETTLE_S = 30  # after expiry, how long memory may take to come back before it is read
MARGIN_MB = 50
DATA = ROOT / "data"
UPLOADED = {"start": "2016-12-16T09:00:00+00:00", "end": "", "time_precision": "1", "geo_precision": "1",
            "place_id": "rashidin", "type": "arrival", "actors": "",
            "summary": "Soak test: buses arrived, as a visitor might upload it.", "sources": "reuters_20161215"}
GIF_ON = "() => { const b = document.querySelector('.st-key-export_gif button'); return b && !b.disabled; }"
# True once the page shows this case's title, its Events metric, and no run is going on.
CASE_SHOWN = """(title) => {
  const status = document.querySelector('[data-testid="stStatusWidget"]');
  const running = status && /stop|running/i.test(status.innerText);
  const metric = [...document.querySelectorAll('[data-testid="stMetric"]')]
      .some(m => m.innerText.trim().startsWith('Events'));
  return document.body.innerText.includes(title) && metric && !running
      && !document.querySelector('[data-stale="true"]');
}"""


@dataclass
class Visit:
    """What one visitor's session did and saw."""

    index: int
    steps: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    gif_bytes: int = 0
    gif_retries: int = 0
    refused: int = 0
    seconds: float = 0.0


@dataclass(frozen=True)
class Plan:
    """What the sessions do: the default case's days with events and their counts, and the case switched to."""

    days: list[date]
    counts: dict[date, int]
    other_case: str
    other_title: str


def plan(data: Path = DATA) -> Plan:
    """The soak's plan for the shipped folder of cases: the default case's days, and another case to switch to."""
    found = cases.find(data)
    default = cases.pick_from(found, data)
    other = next(case for case in found if case.id != default.id)
    days, counts = day_counts()
    return Plan(days, counts, other.id, evidence.load(other.folder).case.title)


def uploaded(day: date) -> int:
    """How many of a visitor's uploaded events a view of ``day`` shows (its one event is on 16 December)."""
    return int(day.isoformat() == UPLOADED["start"][:10])


def upload_csv(index: int) -> bytes:
    """A visitor's events file: one event of the default case, its id the visitor's own."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(EVENTS.names), lineterminator="\n")
    writer.writeheader()
    writer.writerow({"id": f"soak{index:03d}", **UPLOADED})
    return out.getvalue().encode("utf-8")


async def click_bar(page, day: date) -> None:
    """Click the bar of ``day`` in the day strip above the map once it is drawn (not waiting for it to hold
    still: on a machine this busy the strip may be redrawn for a while)."""
    bar = page.locator(f".st-key-day_bars g.mark-rect path[aria-label^='iso: {day.isoformat()};']")
    await bar.wait_for(state="visible")
    await bar.click(force=True)


async def visit(browser, address: str, index: int, soak: Plan, gif: bool, gif_turn: asyncio.Lock) -> Visit:
    """One visitor: a day, two other days, an upload, a GIF (when ``gif``), the other case; then gone."""
    result = Visit(index)
    context, page = await loopback_page(browser, result, STEP_TIMEOUT_MS, accept_downloads=True)
    days = day_sequence(index, soak.days, 2)
    started = time.perf_counter()
    try:
        await page.goto(f"{address}/?start={days[0]}&end={days[0]}", timeout=FIRST_LOAD_TIMEOUT_MS)
        await page.wait_for_function(SETTLED, arg=[label(days[0]), soak.counts[days[0]]], timeout=FIRST_LOAD_TIMEOUT_MS)
        result.steps.append("opened")
        for day in days[1:]:
            await click_bar(page, day)
            await page.wait_for_function(SETTLED, arg=[label(day), soak.counts[day]])
        result.steps.append("window")
        await page.locator('[data-testid="stSidebar"] input[type="file"]').set_input_files(
            files=[{"name": f"soak-{index:03d}.csv", "mimeType": "text/csv", "buffer": upload_csv(index)}])
        await page.locator('[data-testid="stAlertContentSuccess"]', has_text=f"added from soak-{index:03d}.csv").wait_for()
        result.steps.append("upload")
        if gif:
            async with gif_turn:  # the dashboard makes one animation at a time; the others' buttons say so
                # A page drawn while another visitor's GIF was being made shows its button off ("busy, try
                # again"): trying again is changing the view, which draws it afresh.
                await click_bar(page, days[0])
                await page.wait_for_function(SETTLED, arg=[label(days[0]), soak.counts[days[0]] + uploaded(days[0])])
                saved = await download_gif(page, result)
                result.gif_bytes = saved.stat().st_size
                if not saved.read_bytes().startswith(b"GIF89a"):
                    result.errors.append("the download is not a GIF")
            result.steps.append("gif")
        await page.locator(".st-key-case_pick").click()
        await page.get_by_role("option", name=soak.other_case).click()
        await page.wait_for_function(CASE_SHOWN, arg=soak.other_title)
        result.steps.append("case")
        shown = await page.locator(SHOWN_ERRORS).all_inner_texts()
        result.errors += [f"shown: {text[:200]}" for text in shown]
    except Exception as error:  # a timeout or a closed page is a session error, reported, not raised
        showing = await page.evaluate(SHOWING) if not page.is_closed() else "closed"
        result.errors.append(f"{type(error).__name__} after {result.steps}: {str(error).splitlines()[0][:200]}; "
                             f"showing {showing}")
    finally:
        result.seconds = time.perf_counter() - started
        await context.close()
    return result


async def download_gif(page, result: Visit) -> Path:
    """Click the GIF button and save what comes, clicking again (as a visitor would) when the browser's fetch of
    the made file was cancelled: Streamlit drops a made download once two script runs of any session have ended
    without it, which many busy sessions can do before the browser has fetched it."""
    from playwright.async_api import Error as PlaywrightError

    for attempt in range(1, GIF_ATTEMPTS + 1):
        await page.wait_for_function(GIF_ON, timeout=GIF_TIMEOUT_MS)
        async with page.expect_download(timeout=GIF_TIMEOUT_MS) as download:
            await page.locator(".st-key-export_gif button").click()
        try:
            return Path(await (await download.value).path())
        except PlaywrightError:
            if attempt == GIF_ATTEMPTS:
                raise
            result.gif_retries += 1
    raise AssertionError("unreachable")


async def sample_rss(pid: int, samples: list[int], stop: asyncio.Event, every_s: float = 1.0) -> None:
    """Append the server's resident memory (KiB) every ``every_s`` seconds until ``stop``."""
    while not stop.is_set():
        value = rss_kib(pid)
        if value is not None:
            samples.append(value)
        await asyncio.sleep(every_s)


async def settled_rss(pid: int, wait_s: float) -> int | None:
    """The server's memory once closed sessions have expired: read after ``wait_s`` seconds, the least of five
    readings a second apart (a reading caught mid-collection is not the level)."""
    await asyncio.sleep(wait_s)
    readings = []
    for _ in range(5):
        readings.append(rss_kib(pid))
        await asyncio.sleep(1)
    known = [r for r in readings if r is not None]
    return min(known) if known else None


async def soak(address: str, pid: int, sessions: int, gif_every: int, expiry_s: float, gap_s: float,
               chromium: str | None) -> tuple[list[Visit], dict[str, int | None]]:
    """The visits and the server's memory: cold, after a warm-up visit expired, peak, and after all expired."""
    from playwright.async_api import async_playwright

    soak_plan = plan()
    memory: dict[str, int | None] = {"cold": rss_kib(pid)}
    gif_turn = asyncio.Lock()
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=chromium)
        try:
            warm = await visit(browser, address, 0, soak_plan, gif_every > 0, gif_turn)
            if warm.errors:
                raise RuntimeError(f"the warm-up visit failed: {warm.errors[0]}")
            memory["start"] = await settled_rss(pid, expiry_s + SETTLE_S)
            samples: list[int] = []
            stop = asyncio.Event()
            sampler = asyncio.create_task(sample_rss(pid, samples, stop))

            async def arrive(index: int) -> Visit:
                await asyncio.sleep(index * gap_s)
                return await visit(browser, address, index, soak_plan, gif_every > 0 and index % gif_every == 0,
                                   gif_turn)

            visits = await asyncio.gather(*(arrive(i) for i in range(sessions)))
            stop.set()
            await sampler
            memory["peak"] = max(samples, default=None)
            memory["after_expiry"] = await settled_rss(pid, expiry_s + SETTLE_S)
        finally:
            await browser.close()
    return list(visits), memory


def summarise(visits: list[Visit], memory: dict[str, int | None], wall_s: float, margin_mb: float) -> dict:
    errors = [f"session {v.index}: {e}" for v in visits for e in v.errors]
    start, after = memory.get("start"), memory.get("after_expiry")
    grown_mb = None if start is None or after is None else round((after - start) / 1024, 1)
    if grown_mb is not None and grown_mb > margin_mb:
        errors.append(f"the server kept {grown_mb} MB after every session expired; the margin is {margin_mb} MB")
    return {
        "sessions": len(visits),
        "completed": sum(v.steps[-1:] == ["case"] for v in visits),
        "uploads": sum("upload" in v.steps for v in visits),
        "gifs": sum("gif" in v.steps for v in visits),
        "gif_bytes": max((v.gif_bytes for v in visits), default=0),
        "gif_retries": sum(v.gif_retries for v in visits),
        "errors": errors,
        "page_errors": sum(len(v.page_errors) for v in visits),
        "refused_requests": sum(v.refused for v in visits),
        "server_rss_mb": {k: None if v is None else round(v / 1024, 1) for k, v in memory.items()},
        "grown_mb": grown_mb,
        "visit_s_max": round(max((v.seconds for v in visits), default=0.0), 1),
        "wall_s": round(wall_s, 1),
        "cpus": os.cpu_count(),
        "load_average": [round(v, 2) for v in os.getloadavg()] if hasattr(os, "getloadavg") else None,
    }


def report(summary: dict) -> str:
    rss = summary["server_rss_mb"]
    lines = [
        f"{summary['sessions']} sessions on one server in {summary['wall_s']} s ({summary['cpus']} CPUs, load average "
        f"{summary['load_average']}): {summary['completed']} went through it all, {summary['uploads']} uploads, "
        f"{summary['gifs']} GIF downloads (up to {summary['gif_bytes']:,} bytes, {summary['gif_retries']} clicked again); "
        f"longest visit {summary['visit_s_max']} s",
        f"  server memory: {rss.get('cold')} MB cold, {rss.get('start')} MB after a warm-up visit expired, "
        f"{rss.get('peak')} MB at the peak, {rss.get('after_expiry')} MB after every session expired "
        f"({summary['grown_mb']:+} MB)" if summary["grown_mb"] is not None else "  server memory: not readable here",
        f"  browser page errors: {summary['page_errors']}; requests refused (not loopback): "
        f"{summary['refused_requests']}",
        f"errors: {len(summary['errors'])}",
    ]
    return "\n".join(lines + [f"  {e}" for e in summary["errors"]])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=40, help=f"sessions, 1 to {MAX_SESSIONS}")
    parser.add_argument("--gif-every", type=int, default=10, help="every Nth session downloads a GIF (0: none)")
    parser.add_argument("--gap", type=float, default=ARRIVAL_GAP_S, help="seconds between two sessions' arrivals")
    parser.add_argument("--expiry", type=float, default=EXPIRY_S, help="seconds a closed session is kept")
    parser.add_argument("--margin", type=float, default=MARGIN_MB, help="MB the server may keep after expiry")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds the soak may take in all")
    args = parser.parse_args(argv)
    if not 1 <= args.sessions <= MAX_SESSIONS or args.gif_every < 0 or args.expiry < 1:
        parser.error(f"--sessions must be 1 to {MAX_SESSIONS}, --gif-every 0 or more, --expiry 1 or more")
    try:
        chromium = mapfile.find_chromium()
        import playwright  # noqa: F401
    except (ExportError, ImportError) as error:
        print(f"soak: cannot run: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    settings = {"STREAMLIT_SERVER_DISCONNECTED_SESSION_TTL": str(int(args.expiry))}
    try:
        with server.dashboard(settings, options=["--data", str(DATA)]) as (address, process):
            visits, memory = asyncio.run(asyncio.wait_for(
                soak(address, process.pid, args.sessions, args.gif_every, args.expiry, args.gap, chromium), timeout=args.timeout))
    except (RuntimeError, TimeoutError) as error:
        print(f"soak: {error or 'it ran out of time'}", file=sys.stderr)
        return 2
    summary = summarise(visits, memory, time.perf_counter() - started, args.margin)
    print(report(summary))
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
