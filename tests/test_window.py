"""The timeline's window arithmetic: Aleppo time, day windows, slider bounds, the view the widgets describe."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pandas as pd

from geo.app import window
from geo.run.view import View
from tests import csv_rows
from tests.conftest import ZONE


def aleppo(day: int, hour: int = 0, month: int = 12) -> datetime:
    return datetime(2016, month, day, hour, tzinfo=ZONE)


ENDS = (aleppo(14), aleppo(21))


def test_should_show_a_utc_moment_in_aleppo_wall_clock_time():
    local = window.local(pd.Timestamp("2016-12-15T12:30:00+00:00"), ZONE)
    assert (local.hour, local.minute, local.utcoffset()) == (14, 30, timedelta(hours=2))


def test_should_make_a_day_window_from_local_midnight_to_local_midnight():
    start, end = window.day_window(date(2016, 12, 15), ZONE)
    assert start.astimezone(UTC) == datetime(2016, 12, 14, 22, tzinfo=UTC)
    assert end - start == timedelta(days=1)


def test_should_bound_the_slider_by_the_whole_span_of_the_data_to_the_hour(shipped):
    lo, hi = window.bounds(shipped)
    events = csv_rows.rows("events.csv")
    corridors = csv_rows.rows("corridors.csv")
    first = min(csv_rows.moment(r["start"]) for r in events)
    last = max([csv_rows.moment(r["end"] or r["start"]) for r in events]
               + [csv_rows.moment(r["active_until"]) for r in corridors])
    assert lo <= first < lo + timedelta(hours=1) and hi - timedelta(hours=1) < last <= hi
    assert lo.minute == hi.minute == 0 and lo.utcoffset() == timedelta(hours=2)


def test_should_open_on_the_linked_window_cut_to_the_data():
    opened, notice = window.opening(View(start=aleppo(13), end=aleppo(16)), ENDS, ZONE)
    assert opened == (aleppo(14), aleppo(16)) and notice is None


def test_should_open_on_the_whole_span_with_a_notice_when_the_link_holds_no_data():
    opened, notice = window.opening(View(start=aleppo(1, month=11), end=aleppo(2, month=11)), ENDS, ZONE)
    assert opened == ENDS
    assert notice == "the window 2016-11-01 to 2016-11-01 holds no data; showing the whole span instead"


def test_should_describe_the_whole_span_as_no_window_and_keep_the_filters():
    view = window.view_of(ENDS, ENDS, types=["arrival"], places=["rashidin"], event="e014")
    assert view == View(types=("arrival",), places=("rashidin",), event="e014")


def test_should_read_both_handles_on_one_hour_as_that_hour():
    assert window.view_of((aleppo(15, 14), aleppo(15, 14)), ENDS) == View(start=aleppo(15, 14), end=aleppo(15, 15))
    assert window.view_of((aleppo(21), aleppo(21)), ENDS) == View(start=aleppo(20, 23), end=aleppo(21))


def test_should_keep_a_window_on_the_whole_span_on_the_whole_new_span():
    wider = (aleppo(14), aleppo(24))
    assert window.follow(ENDS, ENDS, wider) == wider
    assert window.follow(wider, wider, ENDS) == ENDS


def test_should_keep_another_window_within_the_new_span():
    assert window.follow((aleppo(15), aleppo(16)), ENDS, (aleppo(14), aleppo(24))) == (aleppo(15), aleppo(16))
    assert window.follow((aleppo(20), aleppo(23)), (aleppo(14), aleppo(24)), ENDS) == (aleppo(20), aleppo(21))


def test_should_show_the_whole_new_span_when_it_leaves_the_window_empty():
    assert window.follow((aleppo(22), aleppo(23)), (aleppo(14), aleppo(24)), ENDS) == ENDS


def test_should_make_a_stopped_day_step_the_whole_local_day():
    stopped = (datetime(2016, 12, 14, 22, tzinfo=UTC), datetime(2016, 12, 15, 22, tzinfo=UTC))  # 15 Dec, UTC+2
    assert window.whole_step(stopped, ZONE, ENDS) == (aleppo(15), aleppo(16))


def test_should_make_a_stopped_hour_step_that_hour():
    stopped = (datetime(2016, 12, 15, 10, tzinfo=UTC), datetime(2016, 12, 15, 11, tzinfo=UTC))
    assert window.whole_step(stopped, ZONE, ENDS) == (aleppo(15, 12), aleppo(15, 13))


def test_should_widen_a_part_of_a_day_to_the_whole_local_days_it_touches():
    stopped = (datetime(2016, 12, 15, 10, 30, tzinfo=UTC), datetime(2016, 12, 16, 3, tzinfo=UTC))
    assert window.whole_step(stopped, ZONE, ENDS) == (aleppo(15), aleppo(17))


def test_should_make_a_step_past_the_end_of_the_data_the_last_whole_day_not_its_last_hour():
    stopped = (datetime(2016, 12, 20, 22, tzinfo=UTC), datetime(2016, 12, 20, 22, 0, 1, tzinfo=UTC))  # 21 Dec 00:00
    assert window.whole_step(stopped, ZONE, ENDS) == (aleppo(20), aleppo(21))


def test_should_bring_back_the_window_played_while_the_slider_shows_the_step_it_stopped_on():
    week, day, hour = (aleppo(12), aleppo(21)), (aleppo(15), aleppo(16)), (aleppo(15, 9), aleppo(15, 10))
    first = window.played(None, week, day)
    assert first == (week, day) and window.whole_window(first, day) == week
    assert window.played(first, day, hour) == (week, hour)  # stopped again within the step: still the week
    assert window.whole_window(first, (aleppo(16), aleppo(17))) is None  # the reader moved on
    assert window.whole_window(None, day) is None


def test_should_put_the_sliders_handles_on_the_first_and_last_hour_of_a_window():
    assert window.to_slider((aleppo(1), aleppo(21))) == (aleppo(1), aleppo(20, 23))
    assert window.from_slider((aleppo(1), aleppo(20, 23))) == (aleppo(1), aleppo(21))
    assert window.from_slider((aleppo(15, 9), aleppo(15, 9))) == (aleppo(15, 9), aleppo(15, 10))  # one hour


def test_should_show_days_alone_on_the_slider_while_the_window_is_whole_days():
    assert window.slider_format((aleppo(1), aleppo(21)), ENDS) == "ddd D MMM"
    assert window.slider_format((aleppo(15, 9), aleppo(15, 10)), ENDS) == "ddd D MMM, HH:mm"
    assert window.slider_format((aleppo(15), aleppo(16)), (aleppo(1), datetime(2017, 1, 5, tzinfo=ZONE))) == \
        "ddd D MMM YYYY"
