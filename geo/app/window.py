"""The timeline's window: slider bounds, Aleppo-time conversions, day windows, and the View the widgets describe.

The slider works in Aleppo wall-clock time (``datetime`` with the Aleppo zone), to the hour;
a window is a ``(start, end)`` pair of such moments.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta

import pandas as pd

from geo import times
from geo.data.evidence import Evidence
from geo.view import View

Window = tuple[datetime, datetime]
HOUR = timedelta(hours=1)


def local(moment: pd.Timestamp | datetime) -> datetime:
    """A moment in Aleppo local time (the slider shows wall-clock time as given)."""
    return pd.Timestamp(moment).tz_convert(times.ALEPPO).to_pydatetime()


def day_window(day: date) -> Window:
    """The window of one local day, midnight to midnight in Aleppo."""
    start, end = times.local_day_span(day)
    return local(start), local(end)


def bounds(evidence: Evidence) -> Window:
    """The slider's ends: the evidence's whole span, in Aleppo time, to the hour."""
    first, last = evidence.time_span()
    return local(first.floor("h")), local(last.ceil("h"))


def opening(view: View, ends: Window) -> tuple[Window, str | None]:
    """The window a link's view opens on within the slider's ``ends``, and a notice when it holds no data.

    A window wholly outside the data shows the whole span instead; one partly outside is cut to it.
    """
    lo, hi = ends
    start = local(view.start) if view.start else lo
    end = local(view.end) if view.end else hi
    if end <= lo or start >= hi:
        params = view.to_params()
        return ends, (f"the window {params.get('start', '…')} to {params.get('end', '…')} "
                      "holds no data; showing the whole span instead")
    return (max(start, lo), min(end, hi)), None


def view_of(window: Window, ends: Window, *, types: Sequence[str] = (), sources: Sequence[str] = (),
            places: Sequence[str] = (), event: str | None = None) -> View:
    """The view the widgets describe; both slider handles on one hour mean that hour, the whole span no window."""
    lo, hi = ends
    start, end = max(window[0], lo), min(window[1], hi)
    if end <= start:
        start, end = (start, start + HOUR) if start < hi else (hi - HOUR, hi)
    whole = start <= lo and end >= hi
    return View(start=None if whole else start, end=None if whole else end, types=tuple(types),
                sources=tuple(sources), places=tuple(places), event=event)


def follow(window: Window, before: Window, after: Window) -> Window:
    """The window once the data's span changes from ``before`` to ``after`` (an upload added or removed).

    A window on the whole span stays on the whole span, and so does one the new span leaves empty;
    another is kept within the new span.
    """
    start, end = window
    lo, hi = after
    if window == before or min(end, hi) <= max(start, lo):
        return after
    return max(start, lo), min(end, hi)
