"""The dashboard's runs through Streamlit's AppTest (no browser): first run, reruns after a filter change, what
each run sends to the browser; and the hand-written page's (``baseline_app.py``)."""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable, Iterator
from pathlib import Path

from benchmarks import synth
from benchmarks.common import CHILD_TIMEOUT_S, ROOT, one_day, peak_mb, timed


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


def measure_baseline_dashboard(data: Path, repeat: int = 1) -> dict[str, float]:
    return measure_dashboard(data, ROOT / "benchmarks" / "baseline_app.py", repeat)
