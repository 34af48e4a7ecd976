"""Dates and times in report text resolve against the publication date, into local days (Asia/Damascus here) and UTC."""

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from geo.ingest.dates import DAY, MONTH, WEEK, WEEKDAYS, find_dates, find_times
from geo.ingest.sentence_dates import BySentence
from tests.conftest import ZONE

THURSDAY = date(2016, 12, 15)
FRIDAY = date(2016, 12, 16)


def days(text, published=FRIDAY):
    return [(d.first, d.last) for d in find_dates(text, published)]


@pytest.mark.parametrize(("text", "expected"), [
    ("on Dec. 15, 2016.", date(2016, 12, 15)),
    ("ALEPPO, SYRIA - DECEMBER 19 : civilians", date(2016, 12, 19)),
    ("on December 20, 2016 with a convoy", date(2016, 12, 20)),
    ("on Thursday 15 December", date(2016, 12, 15)),
    ("Thursday, December 15", date(2016, 12, 15)),
    ("the 15th of December", date(2016, 12, 15)),
    ("dated 15/12/2016", date(2016, 12, 15)),
    ("dated 12/15/2016", date(2016, 12, 15)),
    ("dated 15.12.16", date(2016, 12, 15)),
    ("2016-12-15", date(2016, 12, 15)),
])
def test_should_read_explicit_dates_in_every_house_style(text, expected):
    assert days(text) == [(expected, expected)]


def test_should_give_a_date_without_a_year_the_year_before_publication_unless_it_is_a_month_ahead():
    assert days("May 5") == [(date(2016, 5, 5), date(2016, 5, 5))]
    assert days("talks due on January 3") == [(date(2017, 1, 3), date(2017, 1, 3))]


def test_should_read_an_ambiguous_numeric_date_the_way_nearer_publication():
    assert days("12/05/2016") == [(date(2016, 12, 5), date(2016, 12, 5))]


def test_should_not_take_the_verb_may_or_a_time_or_a_decimal_for_a_date():
    assert days("buses may 5 times return at 2.30am with 2.5 square km") == []


@pytest.mark.parametrize(("text", "expected"), [
    ("on Wednesday", date(2016, 12, 14)),
    ("Thursday evening", date(2016, 12, 15)),
    ("On Monday, the ministry said", date(2016, 12, 12)),
    ("on Friday", date(2016, 12, 16)),
    ("last Friday", date(2016, 12, 9)),
    ("SATURDAY", date(2016, 12, 10)),
])
def test_should_take_a_weekday_as_the_most_recent_such_day_on_or_before_publication(text, expected):
    assert days(text) == [(expected, expected)]


def test_should_date_the_ambulances_yesterday_to_the_day_before_publication():
    assert days("Ambulances rolled out yesterday", published=FRIDAY) == [(THURSDAY, THURSDAY)]


@pytest.mark.parametrize(("text", "offset"), [
    ("today", 0), ("tonight", 0), ("this morning", 0), ("yesterday", -1), ("last night", -1),
    ("the day before yesterday", -2), ("tomorrow", 1),
])
def test_should_count_relative_days_from_publication(text, offset):
    day = FRIDAY + timedelta(days=offset)
    assert days(text) == [(day, day)]


def test_should_span_earlier_in_the_week_from_monday_to_the_day_before_publication():
    found = find_dates("Efforts began earlier in the week", THURSDAY)
    assert [(d.first, d.last, d.precision) for d in found] == [(date(2016, 12, 12), date(2016, 12, 14), WEEK)]


@pytest.mark.parametrize(("text", "first", "last", "precision"), [
    ("this week", date(2016, 12, 12), FRIDAY, WEEK),
    ("last week", date(2016, 12, 5), date(2016, 12, 11), WEEK),
    ("during the past two weeks", date(2016, 12, 2), FRIDAY, WEEK),
    ("this year", date(2016, 1, 1), FRIDAY, MONTH),
    ("last month", date(2016, 11, 1), date(2016, 11, 30), MONTH),
    ("in November", date(2016, 11, 1), date(2016, 11, 30), MONTH),
    ("in 2015", date(2015, 1, 1), date(2015, 12, 31), MONTH),
])
def test_should_resolve_spans_with_their_precision(text, first, last, precision):
    assert [(d.first, d.last, d.precision) for d in find_dates(text, FRIDAY)] == [(first, last, precision)]


def test_should_keep_offsets_of_each_date_in_the_text():
    text = "On Wednesday the deal broke down; on Dec. 15, 2016 buses left."
    for found in find_dates(text, FRIDAY):
        assert text[found.start:found.end] == found.text
    assert [d.text for d in find_dates(text, FRIDAY)] == ["Wednesday", "Dec. 15, 2016"]


@pytest.mark.parametrize(("text", "published"), [
    ("yesterday", date.min), ("the day before yesterday", date(1, 1, 2)), ("on Sunday", date.min),
    ("last week", date(1, 1, 3)), ("the past three weeks", date(1, 1, 10)), ("last month", date(1, 1, 20)),
    ("last year", date(1, 6, 1)), ("in December", date.min), ("tomorrow", date.max), ("next Monday", date.max),
    ("in December", date.max),
])
def test_should_give_no_date_for_a_phrase_that_points_outside_the_calendar(text, published):
    assert find_dates(text, published) == ()


def test_should_still_read_dates_inside_the_calendar_from_its_first_and_last_days():
    assert days("today and Dec. 15", published=date.max) == [(date.max, date.max), (date(9999, 12, 15),) * 2]
    assert days("today, January 5 and this year", published=date.min) == [
        (date.min, date.min), (date(1, 1, 5),) * 2, (date.min, date.min)]
    assert days("on 31/12/2016", published=date.max) == [(date(2016, 12, 31),) * 2]


def test_should_refuse_a_datetime_as_the_publication_date():
    with pytest.raises(TypeError, match="published"):
        find_dates("yesterday", datetime(2016, 12, 16, 9, 0))


@given(st.dates(min_value=date(1990, 1, 1), max_value=date(2040, 12, 31)), st.sampled_from(WEEKDAYS))
def test_should_resolve_any_weekday_to_that_weekday_within_the_week_before_publication(published, weekday):
    (found,) = find_dates(f"on {weekday.capitalize()}", published)
    assert found.first.weekday() == WEEKDAYS.index(weekday)
    assert 0 <= (published - found.first).days <= 6 and found.precision == DAY


@pytest.mark.parametrize(("text", "utc"), [
    ("at about 12:30 GMT", datetime(2016, 12, 15, 12, 30, tzinfo=UTC)),
    ("came into effect at 2.30am", datetime(2016, 12, 15, 0, 30, tzinfo=UTC)),
    ("(0030GMT)", datetime(2016, 12, 15, 0, 30, tzinfo=UTC)),
    ("at 2:30 p.m.", datetime(2016, 12, 15, 12, 30, tzinfo=UTC)),
    ("at 14:00", datetime(2016, 12, 15, 12, 0, tzinfo=UTC)),
    ("at 5 pm", datetime(2016, 12, 15, 15, 0, tzinfo=UTC)),
    ("by noon", datetime(2016, 12, 15, 10, 0, tzinfo=UTC)),
])
def test_should_turn_clock_times_into_utc_with_aleppo_at_utc_plus_two(text, utc):
    (found,) = find_times(text)
    assert found.on(THURSDAY, ZONE) == utc


def test_should_read_a_late_gmt_time_on_the_aleppo_day_it_falls_in():
    (found,) = find_times("at 23:15 GMT")
    moment = found.on(THURSDAY, ZONE)
    assert moment == datetime(2016, 12, 14, 23, 15, tzinfo=UTC)
    assert (moment + timedelta(hours=2)).date() == THURSDAY


def test_should_prefer_the_whole_gmt_time_over_its_parts_and_skip_decimals():
    assert [t.text for t in find_times("a truce at 2.30am (0030GMT) over 2.5 square km and 10 ambulances")] == [
        "2.30am", "0030GMT"]
    assert [t.utc for t in find_times("2.30am (0030GMT)")] == [False, True]


def test_should_carry_the_last_day_or_week_date_written_before_each_sentence():
    text = "On Wednesday talks failed. Buses waited. This year was hard. Yesterday they left. Then more came."
    spans, start = [], 0
    for sentence in text.split(". "):
        spans.append((start, start + len(sentence)))
        start += len(sentence) + 2
    written = BySentence(text, spans, FRIDAY)
    assert [written.before(i) and written.before(i).first for i in range(len(spans))] == [
        None, date(2016, 12, 14), date(2016, 12, 14), date(2016, 12, 14), THURSDAY]
    assert [d.text for d in written[2]] == ["This year"]


# spans: a span of days with its precision, never a guessed day (published Monday 19 December 2016)

MONDAY = date(2016, 12, 19)


@pytest.mark.parametrize(("text", "first", "last", "precision"), [
    ("earlier in the week", date(2016, 12, 12), date(2016, 12, 18), WEEK),  # Monday: the week before
    ("over the past two weeks", date(2016, 12, 5), MONDAY, WEEK),
    ("in the past 10 days", date(2016, 12, 9), MONDAY, WEEK),
    ("in recent days", date(2016, 12, 12), MONDAY, WEEK),
    ("over the past 48 hours", date(2016, 12, 17), MONDAY, WEEK),
    ("over the weekend", date(2016, 12, 17), date(2016, 12, 18), WEEK),  # Saturday and Sunday just gone
    ("a few days ago", date(2016, 12, 12), date(2016, 12, 17), WEEK),
    ("two days ago", date(2016, 12, 17), date(2016, 12, 17), DAY),
    ("earlier this month", date(2016, 12, 1), date(2016, 12, 18), MONTH),
    ("in recent weeks", date(2016, 11, 21), MONDAY, MONTH),
])
def test_should_read_a_span_phrase_as_its_days_with_the_matching_precision(text, first, last, precision):
    (found,) = find_dates(f"Buses left {text}.", MONDAY)
    assert (found.first, found.last, found.precision) == (first, last, precision)


def test_should_read_a_clock_time_in_the_zone_it_is_given():
    (two_thirty,) = find_times("at 2.30pm")
    assert two_thirty.on(THURSDAY, ZONE) == datetime(2016, 12, 15, 12, 30, tzinfo=UTC)  # Asia/Damascus: UTC+2 then
    assert two_thirty.on(THURSDAY, UTC) == datetime(2016, 12, 15, 14, 30, tzinfo=UTC)


# counted from the day the text speaks of (issue 20) ------------------------------------------

def test_should_count_a_day_earlier_from_the_last_day_written_before_it_not_from_publication():
    text = "The market was shelled on Tuesday. Nobody has claimed it. Traders had fled a day earlier."
    spans = [(0, 34), (35, 57), (58, len(text))]
    written = BySentence(text, spans, FRIDAY)  # Friday 16 Dec: Tuesday is the 13th, a day earlier the 12th
    assert [(d.first, d.precision) for d in written[2]] == [(date(2016, 12, 12), DAY)]


def test_should_count_a_shift_in_the_same_sentence_from_the_day_written_before_it():
    text = "Talks opened on Monday and a truce followed two days later."
    assert [(d.first, d.last) for d in BySentence(text, [(0, len(text))], FRIDAY)[0]] == [
        (date(2016, 12, 12), date(2016, 12, 12)), (date(2016, 12, 14), date(2016, 12, 14))]


def test_should_count_a_shift_from_publication_when_no_day_is_written_before_it():
    assert days("the previous day", FRIDAY) == [(THURSDAY, THURSDAY)]
    assert days("the next day", THURSDAY) == [(FRIDAY, FRIDAY)]


@pytest.mark.parametrize("text", ["a day after the fire", "a full day after leaving home", "the day before yesterday"])
def test_should_not_count_a_day_from_an_event_or_a_duration(text):
    assert all(d.shift is None for d in find_dates(text, FRIDAY))


def test_should_read_since_a_weekday_as_the_days_from_it_to_publication():
    assert [(d.first, d.last, d.precision) for d in find_dates("stuck there since late Tuesday", FRIDAY)] == [
        (date(2016, 12, 13), FRIDAY, WEEK)]


def test_should_read_a_duration_in_hours_or_days_as_the_days_up_to_publication():
    assert days("queued for more than 30 hours", FRIDAY) == [(date(2016, 12, 14), FRIDAY)]
    assert days("camped for three days", FRIDAY) == [(date(2016, 12, 13), FRIDAY)]


def test_should_date_a_sentence_without_a_date_by_the_main_day_of_the_sentence_before():
    text = "Talks resumed on Thursday after a shelling on Monday. Buses moved again."
    written = BySentence(text, [(0, 53), (54, len(text))], FRIDAY)
    assert written.before(1).first == THURSDAY
