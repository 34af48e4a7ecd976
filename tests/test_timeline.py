"""The timeline: local days, events a day (the window rule of views), claimed evacuee numbers."""

from datetime import UTC, date, datetime, timedelta

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from geo import times
from geo.app import timeline
from geo.run.view import View
from tests import csv_rows
from tests.conftest import ZONE


def _events(*spans: tuple[datetime, datetime | None]) -> pd.DataFrame:
    """A minimal events table: the columns the timeline reads."""
    starts = [s for s, _ in spans]
    ends = [e if e is not None else s for s, e in spans]
    return pd.DataFrame({
        "id": [f"e{i}" for i in range(len(spans))],
        "start": pd.to_datetime(starts, utc=True),
        "span_end": pd.to_datetime(ends, utc=True),
        "type": "gathering", "place_id": "amiriyah", "sources": "s",
    })


def _counts(events: pd.DataFrame, days: list[date]) -> list[int]:
    return timeline.daily_events(events, days, zone=ZONE)["events"].tolist()


DAYS = [date(2016, 12, 14), date(2016, 12, 15), date(2016, 12, 16)]
MIDNIGHT_15 = times.local_day_start(date(2016, 12, 15), ZONE)  # 2016-12-14T22:00Z


def test_should_list_every_aleppo_day_from_first_to_last(shipped):
    days = timeline.days(shipped)
    first, last = shipped.time_span()
    assert days[0] == times.local_date(first, ZONE)
    assert days[-1] == times.local_date(last - pd.Timedelta(seconds=1), ZONE)
    assert all(b - a == timedelta(days=1) for a, b in zip(days, days[1:]))


def test_should_count_a_day_only_event_on_its_own_day_only():
    day_only = _events((MIDNIGHT_15, MIDNIGHT_15 + timedelta(days=1)))
    assert _counts(day_only, DAYS) == [0, 1, 0]


def test_should_count_a_span_on_every_day_it_overlaps():
    span = _events((MIDNIGHT_15 - timedelta(hours=2), MIDNIGHT_15 + timedelta(days=1, hours=1)))
    assert _counts(span, DAYS) == [1, 1, 1]


def test_should_count_an_instant_at_local_midnight_on_the_day_it_opens():
    assert _counts(_events((MIDNIGHT_15, None)), DAYS) == [0, 1, 0]


def test_should_count_nothing_for_no_events():
    assert _counts(_events(), DAYS) == [0, 0, 0]


def test_should_mark_the_days_the_window_overlaps():
    window = (MIDNIGHT_15 + timedelta(hours=20), MIDNIGHT_15 + timedelta(days=1, hours=2))
    daily = timeline.daily_events(_events(), DAYS, window, zone=ZONE)
    assert daily["in_window"].tolist() == [False, True, True]


def test_should_agree_with_the_view_for_every_day_of_the_shipped_data(shipped):
    days = timeline.days(shipped)
    for day, count in zip(days, _counts(shipped.events, days)):
        start, end = times.local_day_span(day, ZONE)
        assert count == len(csv_rows.events((start, end))), day


HOURS = st.integers(min_value=-30, max_value=100)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(HOURS, st.one_of(st.none(), st.integers(min_value=0, max_value=60))), max_size=12))
def test_should_agree_with_the_view_window_rule_for_any_spans(offsets):
    base = datetime(2016, 12, 14, 22, tzinfo=UTC)
    spans = [(base + timedelta(hours=h), None if d is None else base + timedelta(hours=h + d)) for h, d in offsets]
    events = _events(*spans)
    for day, count in zip(DAYS, _counts(events, DAYS)):
        start, end = times.local_day_span(day, ZONE)
        assert count == int(View(start=start, end=end).mask(events).sum())


def test_should_keep_every_claimed_evacuee_number_apart(shipped):
    numbers = timeline.claimed_numbers(shipped, shipped.events["id"])
    claims = shipped.claims.loc[shipped.claims["quantity"] == "people_evacuated"]
    assert len(numbers) == len(claims)
    assert set(numbers["claim_id"]) == set(claims["id"])
    day_15 = numbers.loc[numbers["day"] == date(2016, 12, 15)]
    assert day_15["claimed_by"].nunique() == len(day_15) > 1


def test_should_keep_only_claims_the_chosen_sources_carry(shipped):
    numbers = timeline.claimed_numbers(shipped, shipped.events["id"], sources=("reuters_20161215",))
    assert len(numbers) and set(numbers["source"]) == {shipped.sources["reuters_20161215"].cite()}


def test_should_give_a_range_its_low_and_high_and_a_number_both(shipped):
    numbers = timeline.claimed_numbers(shipped, shipped.events["id"], quantities=("wounded",))
    ranged = numbers.loc[numbers["low"] != numbers["high"]]
    assert len(ranged) and (ranged["low"] < ranged["high"]).all()
    assert any("–" in amount for amount in ranged["amount"])
