"""A year of events: views, lists, story mode and the timeline stay usable (sizes, not speed: benchmarks/run.py times
them). The page on a year of events is tests/page/test_page.py."""

import pandas as pd
import pytest

from geo.app import listings, story, timeline
from geo.data import evidence
from geo.run.view import View
from tests import csv_rows


@pytest.fixture(scope="module")
def loaded(year):
    return evidence.load(year)


def test_should_step_from_an_event_to_the_next_one_shown(loaded, year):
    shown, ids = View().apply(loaded), csv_rows.events(folder=year)
    assert story.neighbours(shown, None) == (ids[-1], ids[0])
    assert story.neighbours(shown, ids[0]) == (None, ids[1])
    assert story.neighbours(shown, ids[1]) == (ids[0], ids[2])


def test_should_find_the_claims_of_a_view_as_its_events_ids_would(loaded, year):
    kinds = {row["id"]: row["type"] for row in csv_rows.rows("events.csv", year)}
    expected = [row["id"] for row in csv_rows.rows("claims.csv", year) if kinds[row["event_id"]] in ("departure", "arrival")]
    assert expected and list(View(types=("departure", "arrival")).claims(loaded)["id"]) == expected


def test_should_share_the_events_when_a_view_keeps_them_all_without_letting_a_change_reach_them(loaded):
    shown = View().apply(loaded)
    shown["extra"] = 1
    assert "extra" not in loaded.events.columns
    pd.testing.assert_frame_equal(shown.drop(columns="extra"), loaded.events)


def test_should_list_claims_sorted_and_cut_at_the_limit(loaded):
    everything = listings.claim_rows(loaded, loaded.events["id"])
    first = listings.claim_table(loaded, loaded.claims, limit=10)
    pd.testing.assert_frame_equal(first, everything.head(10))


def test_should_chart_each_partys_lowest_and_highest_claim_a_day_without_summing(loaded):
    numbers = timeline.claimed_numbers(loaded, loaded.events["id"], quantities=("people_evacuated", "buses"))
    ranges = timeline.claim_ranges(numbers)
    assert ranges["claims"].sum() == len(numbers)
    for _, row in ranges.iterrows():
        same = numbers.loc[(numbers["day"] == row["day"]) & (numbers["claimed_by"] == row["claimed_by"])]
        assert (row["low"], row["high"]) == (same["low"].min(), same["high"].max())
        if len(same) == 1:
            assert (row["amount"], row["source"]) == (same["amount"].iloc[0], same["source"].iloc[0])
        else:
            assert row["amount"].startswith(f"{len(same)} claims, ")


def test_should_gather_claims_a_week_at_a_time_from_the_first_day(loaded):
    numbers = timeline.claimed_numbers(loaded, loaded.events["id"], quantities=("people_evacuated", "buses"))
    weekly = timeline.claim_ranges(numbers, days=7)
    first = numbers["day"].min()
    assert weekly["claims"].sum() == len(numbers)
    assert all((day - first).days % 7 == 0 for day in weekly["day"])
    assert len(weekly) < len(timeline.claim_ranges(numbers))
