"""Times: stored in UTC, shown in Aleppo local time with UTC beside it.

Aleppo kept Syrian winter time, UTC+2 (EET), in December 2016; the IANA zone
``Asia/Damascus`` carries that history, so later rule changes do not shift old events.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pandas as pd

ALEPPO = ZoneInfo("Asia/Damascus")
UTC = UTC


def aware(moment: datetime, what: str = "time") -> datetime:
    """The moment in UTC; raises ValueError for a naive datetime."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{what}: expected a timezone-aware time, instead got {moment!r}")
    return moment.astimezone(UTC)


def local_day_start(day: date) -> datetime:
    """Local midnight at the start of an Aleppo day, in UTC."""
    return datetime.combine(day, time(0), tzinfo=ALEPPO).astimezone(UTC)


def local_day_span(day: date) -> tuple[datetime, datetime]:
    """The UTC span [start, end) of one Aleppo local day."""
    return local_day_start(day), local_day_start(day + timedelta(days=1))


def local_date(moment: datetime | pd.Timestamp) -> date:
    """The Aleppo calendar date of a moment."""
    return moment.astimezone(ALEPPO).date()


def describe(moment: datetime | pd.Timestamp, with_time: bool = True) -> str:
    """"15 Dec 2016 14:30 Aleppo (12:30 UTC)", or the local date alone for day-only times."""
    local = moment.astimezone(ALEPPO)
    if not with_time:
        return local.strftime("%a %d %b %Y").replace(" 0", " ")
    utc = moment.astimezone(UTC)
    return f"{local:%a %d %b %Y %H:%M} Aleppo ({utc:%H:%M} UTC)".replace(" 0", " ", 1)
