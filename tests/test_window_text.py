"""One way to write a window: inclusive local days, hours where it is not whole days (geo.times.window_text)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from geo import times

DAMASCUS = ZoneInfo("Asia/Damascus")  # UTC+2 in December 2016, UTC+3 in April 2017


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=DAMASCUS)


@pytest.mark.parametrize(("start", "end", "expected"), [
    (at(2016, 12, 1), at(2016, 12, 21), "1–20 Dec 2016"),
    (at(2017, 4, 15), at(2017, 4, 16), "15 Apr 2017"),
    (at(2016, 11, 30), at(2016, 12, 3), "30 Nov – 2 Dec 2016"),
    (at(2016, 12, 30), at(2017, 1, 3), "30 Dec 2016 – 2 Jan 2017"),
    (at(2017, 4, 15, 14), at(2017, 4, 15, 16), "15 Apr 2017, 14:00–16:00"),
    (at(2017, 4, 15, 23), at(2017, 4, 16), "15 Apr 2017, 23:00–24:00"),
    (at(2017, 4, 15, 22), at(2017, 4, 16, 2), "15 Apr 2017 22:00 – 16 Apr 2017 02:00"),
])
def test_should_write_a_window_as_inclusive_local_days_or_hours(start, end, expected):
    assert times.window_text(start, end, DAMASCUS) == expected


def test_should_write_a_utc_window_in_the_cases_local_days():
    utc = ZoneInfo("UTC")
    assert times.window_text(datetime(2016, 12, 14, 22, tzinfo=utc), datetime(2016, 12, 15, 22, tzinfo=utc),
                             DAMASCUS) == "15 Dec 2016"


def test_should_give_the_offsets_when_asked():
    assert times.window_text(at(2017, 4, 15), at(2017, 4, 16), DAMASCUS, with_offset=True) == "15 Apr 2017 (UTC+3)"
    assert times.window_text(at(2016, 12, 15, 9), at(2016, 12, 15, 10), DAMASCUS,
                             with_offset=True) == "15 Dec 2016, 09:00–10:00 (UTC+2)"


def test_should_refuse_a_window_that_ends_before_it_starts():
    with pytest.raises(ValueError, match="expected an end after its start"):
        times.window_text(at(2017, 4, 16), at(2017, 4, 15), DAMASCUS)
