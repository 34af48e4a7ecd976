"""Times: stored in UTC, shown in the case's local time with UTC beside it.

Every local rule takes the case's IANA zone (``evidence.case.timezone``), whose history
gives each date its own offset: ``Asia/Damascus`` was UTC+2 in December 2016 and UTC+3
in April 2017, so later rule changes do not shift old events.
"""

from __future__ import annotations

import bisect
import struct
import zoneinfo
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import cache
from importlib import resources
from pathlib import Path

import pandas as pd

UTC = UTC

FIRST_YEAR, LAST_YEAR = 1900, 2100  # the years a time may fall in: validation refuses others, and pages never see them
EARLIEST = datetime(FIRST_YEAR, 1, 1, tzinfo=UTC)
AFTER_LAST = datetime(LAST_YEAR + 1, 1, 1, tzinfo=UTC)  # the first moment past the range
RANGE = f"{FIRST_YEAR}–{LAST_YEAR}"


def aware(moment: datetime, what: str = "time") -> datetime:
    """The moment in UTC; raises ValueError for a naive datetime."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{what}: expected a timezone-aware time, instead got {moment!r}")
    return moment.astimezone(UTC)


def local_day_start(day: date, zone: tzinfo) -> datetime:
    """Local midnight at the start of a day in the zone, in UTC."""
    return datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)


def local_day_span(day: date, zone: tzinfo) -> tuple[datetime, datetime]:
    """The UTC span [start, end) of one local day in the zone."""
    return local_day_start(day, zone), local_day_start(day + timedelta(days=1), zone)


def local_date(moment: datetime | pd.Timestamp, zone: tzinfo) -> date:
    """The local calendar date of a moment in the zone."""
    return moment.astimezone(zone).date()


def _label(delta: timedelta | None) -> str:
    minutes = int((delta or timedelta(0)).total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def offset(moment: datetime | pd.Timestamp, zone: tzinfo) -> str:
    """The zone's UTC offset at that moment, as "UTC+2", "UTC+3" or "UTC-4:30"."""
    return _label(moment.astimezone(zone).utcoffset())


@cache
def _transitions(key: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The zone's transitions from its TZif file (RFC 8536): each one's UTC second and the offset in seconds it
    starts, as :mod:`zoneinfo` reads them; None where the file cannot be found or read."""
    data = _tzif(key)
    if data is None or data[:4] != b"TZif":
        return None
    try:
        header = struct.unpack(">6l", data[20:44])
        size, at = 4, 44
        if data[4:5] >= b"2":  # version 2+: a second header and data block with 64-bit times follow the first
            ut, std, leap, count, types, chars = header
            at = 44 + count * 5 + types * 6 + chars + leap * 8 + std + ut
            header, size, at = struct.unpack(">6l", data[at + 20:at + 44]), 8, at + 44
        _, _, _, count, types, _ = header
        moments = struct.unpack(f">{count}{'q' if size == 8 else 'l'}", data[at:at + count * size])
        at += count * size
        kinds = data[at:at + count]
        at += count
        seconds = [struct.unpack(">l", data[at + 6 * i:at + 6 * i + 4])[0] for i in range(types)]
        return moments, tuple(seconds[k] for k in kinds)
    except (struct.error, IndexError):
        return None


def _tzif(key: str) -> bytes | None:
    """The TZif file of zone ``key``, where :mod:`zoneinfo` looks: its search path, then the tzdata package."""
    for folder in zoneinfo.TZPATH:
        path = Path(folder, key)
        if path.is_file():
            return path.read_bytes()
    try:
        return resources.files("tzdata").joinpath("zoneinfo", *key.split("/")).read_bytes()
    except (ModuleNotFoundError, OSError, ValueError):
        return None


def offsets(start: datetime | pd.Timestamp, end: datetime | pd.Timestamp, zone: tzinfo) -> str:
    """The offsets the zone kept over [start, end]: "UTC+2", or "UTC+2/UTC+3" across a change of clocks.

    Read from the zone's transitions within the window (a search in its TZif file's list), not by walking the
    window; after the file's last transition, where the zone's yearly rule holds, one year is enough to see every
    offset the rule gives. A zone whose transitions cannot be read (not a ZoneInfo of the zone database) is asked
    once a day of the window, which the years :data:`RANGE` bound.
    """
    first, last = pd.Timestamp(start).to_pydatetime(warn=False), pd.Timestamp(end).to_pydatetime(warn=False)
    seen = [offset(first, zone)]
    key = getattr(zone, "key", None)
    found = _transitions(key) if isinstance(key, str) else None
    asked_from = first
    if found is not None:
        moments, seconds = found
        low, high = bisect.bisect_right(moments, first.timestamp()), bisect.bisect_right(moments, last.timestamp())
        seen += [_label(timedelta(seconds=s)) for s in seconds[low:high]]
        if moments:
            asked_from = max(first, datetime.fromtimestamp(moments[-1], UTC))
    until = last if found is None else min(last, asked_from + timedelta(days=366))
    day = asked_from
    while day < until:  # at most a year past the last transition; every day of the window for an unreadable zone
        seen.append(offset(day, zone))
        day += timedelta(days=1)
    seen.append(offset(last, zone))
    return "/".join(dict.fromkeys(seen))


def describe(moment: datetime | pd.Timestamp, zone: tzinfo, with_time: bool = True) -> str:
    """"Thu 15 Dec 2016 14:30 UTC+2 (12:30 UTC)", or the local date alone for day-only times."""
    local = moment.astimezone(zone)
    day = f"{local:%a} {local.day} {local:%b %Y}"
    if not with_time:
        return day
    utc = moment.astimezone(UTC)
    return f"{day} {local:%H:%M} {offset(moment, zone)} ({utc:%H:%M} UTC)"


def _day(day: date, month: bool = True, year: bool = True) -> str:
    return " ".join([str(day.day)] + ([f"{day:%b}"] if month else []) + ([str(day.year)] if year else []))


def window_text(start: datetime | pd.Timestamp, end: datetime | pd.Timestamp, zone: tzinfo,
                with_offset: bool = False) -> str:
    """The one way a window [start, end) is written: inclusive local days, hours where it is not whole days.

    "15 Apr 2017", "1–20 Dec 2016", "30 Nov – 2 Dec 2016", "30 Dec 2016 – 2 Jan 2017"; not whole days:
    "15 Apr 2017, 14:00–16:00", "15 Apr 2017 22:00 – 16 Apr 2017 02:00"; ``with_offset`` adds the zone's
    offsets (" (UTC+3)"), as a command line's messages give them.
    """
    first, after = pd.Timestamp(start).tz_convert(zone), pd.Timestamp(end).tz_convert(zone)
    if after <= first:
        raise ValueError(f"window: expected an end after its start, instead got {first.isoformat()} to {after.isoformat()}")
    offsets_text = f" ({offsets(first, after, zone)})" if with_offset else ""
    if first == first.normalize() and after == after.normalize():
        a, b = first.date(), (after - pd.Timedelta(microseconds=1)).date()
        if a == b:
            text = _day(a)
        elif (a.year, a.month) == (b.year, b.month):
            text = f"{a.day}–{_day(b)}"
        elif a.year == b.year:
            text = f"{_day(a, year=False)} – {_day(b)}"
        else:
            text = f"{_day(a)} – {_day(b)}"
        return text + offsets_text
    if first.date() == (after - pd.Timedelta(microseconds=1)).date():  # within one local day
        close = "24:00" if after == after.normalize() else f"{after:%H:%M}"
        return f"{_day(first.date())}, {first:%H:%M}–{close}" + offsets_text
    return f"{_day(first.date())} {first:%H:%M} – {_day(after.date())} {after:%H:%M}" + offsets_text
