"""Measure evacmap at 10k, 100k and 1M events beside a hand-written baseline; print RESULTS.md (``--write`` writes it).

    .venv/bin/python benchmarks/run.py --write    # all sizes, about half an hour on 2 cores; rewrites RESULTS.md
    .venv/bin/python benchmarks/run.py --sizes 10000 --no-browser   # prints the figures, writes nothing

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
  (Playwright, the system's Chromium, the map's scripts from the dashboard's own server):
  seconds from opening the page to the first marker on the map, on a fresh server and
  then (median of 5 new pages) with the data loaded; once more on the shipped data.
- ``first_marker`` (also alone: ``--first-marker``): on the shipped data at 1440×900, when each
  milestone on the way to the first marker is reached (Streamlit's page, the map's frame, Leaflet,
  the map, the marker), beside the same figure for the hand-written page (``baseline_app.py``) and for
  the least page streamlit-folium allows (``floor_app.py``), and for a reader coming back; the last
  section of RESULTS.md.

Times are the median of a few runs for quick steps, one run for slow ones.

The playback's figures (issue 12) run alone, each in its own process, and with ``--write`` rewrite
only their section of RESULTS.md (the full run writes it too):

    .venv/bin/python benchmarks/run.py --playback --write

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
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import cli_speed, synth  # noqa: E402
from benchmarks.apps import measure_baseline_dashboard, measure_dashboard  # noqa: E402
from benchmarks.browser import first_marker_section, measure_browser, measure_first_marker  # noqa: E402
from benchmarks.common import (  # noqa: E402
    BASELINE_DASHBOARD_LIMIT,
    BASELINE_LIMIT,
    CHILD_TIMEOUT_S,
    COMMAND,
    DAY,
    FIRST_MARKER_HEADING,
    LOADS,
    RESULTS,
    ROOT,
    SIZES,
    TARGETS,
    fmt,
    folder,
)
from benchmarks.library import (  # noqa: E402
    measure_baseline,
    measure_exports,
    measure_load,
    measure_load_csv,
    measure_ours,
    measure_upload,
)
from benchmarks.playback import PLAYBACK, playback_section, write_playback_section  # noqa: E402

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
        shown = f"{figure:,.1f}×" if unit == "×" else fmt(figure, unit)
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
            lines.append(f"| {label} | {fmt(ours.get(key), unit)} | {fmt(base.get(key), unit)} | {ratio} |")
        if ours.get("loads"):
            lines += ["", "Loads from Parquet, each in a fresh process: " + ", ".join(f"{s:.2f} s" for s in ours["loads"]) + "."]
        lines += ["", *([f"Failed: {ours['failed']}", ""] if ours.get("failed") else [])]
    return "\n".join(lines).rstrip() + "\n"


CLI_REPEAT = 9


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES), metavar="N")
    parser.add_argument("--no-browser", action="store_true", help="skip the headless Chromium measurement")
    parser.add_argument("-o", "--output", type=Path, default=RESULTS, help="where --write writes the results")
    parser.add_argument("--write", action="store_true",
                        help="write the figures into RESULTS.md (or -o); without it they are only printed")
    parser.add_argument("--playback", action="store_true",
                        help="only the playback figures (step, payload, GIF and MP4); with --write, their section of RESULTS.md")
    parser.add_argument("--first-marker", action="store_true",
                        help="only measure where the shipped data's first marker waits; with --write, that section of RESULTS.md")
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
        if args.write:
            args.output.write_text(kept + "\n\n" + "\n".join(section), encoding="utf-8")
        print("\n".join(section))
        return 0
    started, clock = datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"), time.monotonic()
    if args.playback:
        figures = {kind: in_child(kind, 0) for kind in PLAYBACK}
        text = playback_section(figures, started)
        if args.write:
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
    text = text.rstrip() + "\n\n" + cli_speed.section(cli_speed.measure(CLI_REPEAT), CLI_REPEAT)
    if steps:
        text = text.rstrip() + "\n\n" + "\n".join(first_marker_section(steps))
    if args.write:
        args.output.write_text(text + "\n" + playback_section(playback, started), encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
