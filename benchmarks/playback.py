"""The playback's figures (``--playback``): one step in headless Chromium, the page's bytes, the GIF and MP4."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.common import COMMAND, OFF_MACHINE, RESULTS, ROOT, fmt, folder, timed

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
    from geo.run.view import View, parse_moment
    return View(start=parse_moment(PLAYBACK_WEEK[0], "start"), end=parse_moment(PLAYBACK_WEEK[1], "end", end_of_day=True))


def measure_playback_step(data: Path) -> dict[str, float]:
    """Milliseconds of one playback step in headless Chromium, every event of ``data`` in the window."""
    import tempfile

    from playwright.sync_api import sync_playwright

    from geo import export
    from geo.data import evidence
    from geo.export import mapfile
    from geo.run.view import View

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
    from geo.run.selection import Selection
    from geo.run.view import View

    ev = evidence.load(data)
    out: dict[str, float] = {"events": len(ev.events)}
    for name, view in (("all", View()), ("week", _week())):
        out[f"shown_{name}"] = len(view.apply(ev))
        out[f"page_{name}_s"], page = timed(lambda view=view: mapfile.html(Selection.of(ev, view)))
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
        lines.append(f"| {what} | {fmt(figure, unit)} | {limit:g} {unit} | {met} |")
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
