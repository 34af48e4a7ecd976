"""An event's time as a reader reads it (geo/events.py): an instant, a span of hours, a local day, whole days."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from geo.events import Event

VIENNA = ZoneInfo("Europe/Vienna")  # UTC+1 in winter, UTC+2 from 03:00 on Sunday 28 March 2021


def event(start: datetime, end: datetime | None) -> Event:
    return Event(id="e001", start=start, end=end, time_precision=3, geo_precision=1, place_id="p", type="departure",
                 summary="", sources=())


@pytest.mark.parametrize(("start", "end", "said"), [
    # 5 to 9 April 2021, Vienna in summer time (UTC+2): midnight to midnight, whole days, the last the 8th
    (datetime(2021, 4, 4, 22, tzinfo=UTC), datetime(2021, 4, 8, 22, tzinfo=UTC), "Mon 5 Apr 2021 – Thu 8 Apr 2021"),
    # across the change to summer time: 26 March 00:00 UTC+1 to 30 March 00:00 UTC+2
    (datetime(2021, 3, 25, 23, tzinfo=UTC), datetime(2021, 3, 29, 22, tzinfo=UTC), "Fri 26 Mar 2021 – Mon 29 Mar 2021"),
    # one local day alone
    (datetime(2021, 4, 4, 22, tzinfo=UTC), datetime(2021, 4, 5, 22, tzinfo=UTC), "Mon 5 Apr 2021"),
    # two days that start at noon are hours, not days
    (datetime(2021, 4, 5, 10, tzinfo=UTC), datetime(2021, 4, 7, 10, tzinfo=UTC),
     "Mon 5 Apr 2021 12:00 UTC+2 (10:00 UTC) – Wed 7 Apr 2021 12:00 UTC+2 (10:00 UTC)"),
    # an instant at midnight
    (datetime(2021, 4, 4, 22, tzinfo=UTC), None, "Mon 5 Apr 2021 00:00 UTC+2 (22:00 UTC)"),
])
def test_should_say_whole_days_by_their_first_and_last_day_and_other_spans_by_the_hour(start, end, said):
    assert event(start, end).when(VIENNA) == said
