"""The library's own steps, in one process each: load, filter, map and export; the exports streamed to files; an
upload merged into loaded evidence; and the same steps written by hand (``baseline_app.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from benchmarks.common import BASELINE_LIMIT, ROOT, UPLOAD_EVENTS, one_day, peak_mb, timed


def measure_ours(data: Path, repeat: int = 3) -> dict[str, float]:
    """Load, filter, map and export with evacmap's library, as the dashboard and CLI do."""
    from geo import export
    from geo.data import evidence
    from geo.map import build
    from geo.run.view import View

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
    from geo.run.view import View

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
        code = ("import sys; from pathlib import Path; from benchmarks import library; "
                f"Path({str(path)!r}).write_bytes(library.upload_file(Path({str(data)!r}), {{n}}, {spread}))")
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
