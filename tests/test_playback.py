"""The timeline's Play: the day after the one shown, stopping after the last, stepping when due."""

from __future__ import annotations

from datetime import date, datetime

from geo.app import playback
from tests.conftest import ZONE

DAYS = [date(2016, 12, 15), date(2016, 12, 16), date(2016, 12, 19)]


def day(n: int) -> tuple[datetime, datetime]:
    return datetime(2016, 12, n, tzinfo=ZONE), datetime(2016, 12, n + 1, tzinfo=ZONE)


def test_should_step_to_the_next_day_with_events_skipping_the_empty_ones():
    assert playback.next_window(day(15), DAYS, ZONE) == day(16)
    assert playback.next_window(day(16), DAYS, ZONE) == day(19)


def test_should_start_at_the_first_day_from_a_window_that_is_not_one_day():
    wider = (datetime(2016, 12, 15, 14, tzinfo=ZONE), datetime(2016, 12, 19, tzinfo=ZONE))
    assert playback.next_window(wider, DAYS, ZONE) == day(15)


def test_should_stop_after_the_last_day():
    assert playback.next_window(day(19), DAYS, ZONE) is None
    assert playback.next_window(day(19), [], ZONE) is None


def test_should_step_only_once_a_step_is_due():
    assert not playback.due(100.0, 100.5, seconds=1.5)
    assert playback.due(100.0, 101.5, seconds=1.5)
    assert playback.due(100.0, 101.4, seconds=1.5)  # a timer tick a little early still steps
