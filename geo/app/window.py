"""The timeline's window: slider bounds, local-time conversions, day windows, and the View the widgets describe.

The slider works in the case's wall-clock time (``datetime`` in the case's zone), to the hour;
a window is a ``(start, end)`` pair of such moments.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta, tzinfo

import pandas as pd

from geo import times
from geo.data.evidence import Evidence
from geo.run.view import View

Window = tuple[datetime, datetime]
HOUR = timedelta(hours=1)


def local(moment: pd.Timestamp | datetime, zone: tzinfo) -> datetime:
    """A moment in the case's local time (the slider shows wall-clock time as given)."""
    return pd.Timestamp(moment).tz_convert(zone).to_pydatetime()


def day_window(day: date, zone: tzinfo) -> Window:
    """The window of one local day, midnight to midnight in the case's zone."""
    start, end = times.local_day_span(day, zone)
    return local(start, zone), local(end, zone)


def bounds(evidence: Evidence) -> Window:
    """The slider's ends: the evidence's whole span, in the case's local time, to the hour."""
    first, last = evidence.time_span()
    zone = evidence.case.timezone
    return local(first.floor("h"), zone), local(last.ceil("h"), zone)


def opening(view: View, ends: Window, zone: tzinfo) -> tuple[Window, str | None]:
    """The window a link's view opens on within the slider's ``ends``, and a notice when it holds no data.

    A window wholly outside the data shows the whole span instead; one partly outside is cut to it.
    """
    lo, hi = ends
    start = local(view.start, zone) if view.start else lo
    end = local(view.end, zone) if view.end else hi
    if end <= lo or start >= hi:
        params = view.to_params(zone)
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


def whole_step(stopped: Window, zone: tzinfo, ends: Window) -> Window:
    """The whole step a stopped playback reports, in the case's local time: its local days, or its hour (a report
    of one hour, or less, that starts off local midnight), kept within the slider's ``ends``.

    A step past the end of the data (a playback's trailing instant) becomes the last whole step before it.
    """
    start, end = (pd.Timestamp(moment).tz_convert(zone) for moment in stopped)
    lo, hi = (pd.Timestamp(moment).tz_convert(zone) for moment in ends)
    midnight = start == start.normalize()
    hours = end - start == pd.Timedelta(HOUR) or (end - start < pd.Timedelta(HOUR) and not midnight)
    if start >= hi:
        start = hi - pd.Timedelta(microseconds=1)
        end = hi
    if hours:
        first, last = start.floor("h"), end.ceil("h")
    else:
        first = pd.Timestamp(times.local_day_start(start.date(), zone)).tz_convert(zone)
        last_day = (end - pd.Timedelta(microseconds=1)).date()
        last = pd.Timestamp(times.local_day_start(last_day + timedelta(days=1), zone)).tz_convert(zone)
    return local(max(first, lo), zone), local(min(last, hi), zone)


def played(before: tuple[Window, Window] | None, window: Window, step: Window) -> tuple[Window, Window]:
    """(the window a playback played, the whole step it stopped on) once it stops on ``step`` while the slider
    shows ``window``; a playback stopped again within the step it stopped on keeps the window first played."""
    return (before[0] if before and before[1] == window else window), step


def whole_window(played: tuple[Window, Window] | None, window: Window) -> Window | None:
    """The window "Whole window" brings back: the one played, while the slider still shows the step it stopped
    on (None: no such button)."""
    return played[0] if played and played[1] == window and played[0] != window else None


def to_slider(window: Window) -> Window:
    """The slider's handles for a window: its first and its last hour, both inclusive (a window of 1–20 December
    reads "1 Dec" to "20 Dec", not "21 Dec, 00:00")."""
    start, end = window
    return start, max(start, end - HOUR)


def from_slider(handles: Window) -> Window:
    """The window the slider's handles show: from the first handle's hour to the end of the second's."""
    first, last = handles
    return first, max(first, last) + HOUR


def slider_format(window: Window, ends: Window) -> str:
    """The slider's date format (moment.js): days alone while the window is whole local days, else hours too."""
    year = "" if ends[0].year == ends[1].year else " YYYY"
    days = all(moment == pd.Timestamp(moment).normalize() for moment in window)
    return f"ddd D MMM{year}" if days else f"ddd D MMM{year}, HH:mm"
