"""The timeline's Play: which day's window comes next, and when a step is due."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, tzinfo

from geo.app.window import Window, day_window

STEP_SECONDS = 1.5  # how long each day is shown


def next_window(window: Window, day_list: Sequence[date], zone: tzinfo) -> Window | None:
    """The window Play shows after ``window``: the next day's, the first day's from any window that is not
    one day's, or None after the last day (Play stops)."""
    spans = [day_window(day, zone) for day in day_list]
    if not spans or window == spans[-1]:
        return None
    return spans[spans.index(window) + 1] if window in spans else spans[0]


def due(last_step: float, now: float, seconds: float = STEP_SECONDS) -> bool:
    """Whether the next step is due ``seconds`` after the last one (a tenth early still counts: ticks jitter)."""
    return now - last_step >= 0.9 * seconds
