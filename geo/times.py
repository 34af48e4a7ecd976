"""Times: stored in UTC, shown in the case's local time with UTC beside it.

Every local rule takes the case's IANA zone (``evidence.case.timezone``), whose history
gives each date its own offset: ``Asia/Damascus`` was UTC+2 in December 2016 and UTC+3
in April 2017, so later rule changes do not shift old events.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, tzinfo

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


def offset(moment: datetime | pd.Timestamp, zone: tzinfo) -> str:
    """The zone's UTC offset at that moment, as "UTC+2", "UTC+3" or "UTC-4:30"."""
    delta = moment.astimezone(zone).utcoffset() or timedelta(0)
    minutes = int(delta.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def offsets(start: datetime | pd.Timestamp, end: datetime | pd.Timestamp, zone: tzinfo) -> str:
    """The offsets the zone kept over [start, end]: "UTC+2", or "UTC+2/UTC+3" across a change of clocks."""
    seen: list[str] = []
    moment = pd.Timestamp(start)
    last = pd.Timestamp(end)
    while True:
        label = offset(min(moment, last), zone)
        if label not in seen:
            seen.append(label)
        if moment >= last:
            return "/".join(seen)
        moment += pd.Timedelta(hours=12)


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
