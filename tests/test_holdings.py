"""Who held which place in a window (geo.holdings.holders): the spans that meet it and the holder at its end, against
the rows of each case's holdings.csv read by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from geo.data import evidence
from geo.holdings import Holding, holders
from tests import csv_rows
from tests.conftest import SHIPPED

APRIL = SHIPPED.parent / "four-towns-2017-04"
KARABAKH = SHIPPED.parent / "karabakh-2023-09"


def _local(year: int, month: int, day: int, hours: int, hour: int = 0) -> datetime:
    """A wall-clock hour of a case ``hours`` ahead of UTC, as a UTC moment."""
    return datetime(year, month, day, hour, tzinfo=UTC) - timedelta(hours=hours)


def _sides(found, place_id: str) -> list[str]:
    return [span.side for span in found[place_id].spans]


@pytest.fixture(scope="module")
def december():
    return evidence.load(SHIPPED).holdings


def test_should_give_east_aleppo_to_the_opposition_alone_from_10_to_20_december(december):
    # holdings.csv: east_aleppo opposition until 2016-12-22T22:00Z, government from then
    found = holders(december, _local(2016, 12, 10, 2), _local(2016, 12, 21, 2))
    assert _sides(found, "east_aleppo") == ["opposition"]
    assert found["east_aleppo"].at_end.side == "opposition"


def test_should_give_both_holders_of_east_aleppo_in_time_order_over_the_army_retaking_it(december):
    found = holders(december, _local(2016, 12, 20, 2), _local(2016, 12, 24, 2))
    assert _sides(found, "east_aleppo") == ["opposition", "government"]
    assert found["east_aleppo"].at_end.side == "government"


def test_should_keep_the_opposition_to_a_window_ending_the_moment_the_army_takes_over(december):
    # the window [.., 23 Dec 00:00 local): government's span starts at its end, so is not in it
    found = holders(december, _local(2016, 12, 20, 2), datetime(2016, 12, 22, 22, tzinfo=UTC))
    assert _sides(found, "east_aleppo") == ["opposition"]
    assert found["east_aleppo"].at_end.side == "opposition"


def test_should_give_al_sukkari_to_the_opposition_then_as_contested_from_15_december(december):
    # holdings.csv: sukkari opposition until 2016-12-14T22:00Z (the end of 14 Dec local), contested from then
    found = holders(december, _local(2016, 12, 10, 2), _local(2016, 12, 21, 2))
    assert _sides(found, "sukkari") == ["opposition", "contested"]
    assert found["sukkari"].at_end.side == "contested"


def test_should_give_madaya_to_the_opposition_then_the_government_on_15_april():
    found = holders(evidence.load(APRIL).holdings, _local(2017, 4, 14, 3), _local(2017, 4, 17, 3))
    assert _sides(found, "madaya") == ["opposition", "government"]
    assert found["madaya"].at_end.side == "government"


def test_should_know_no_holder_of_stepanakert_at_the_end_of_a_window_the_reports_leave_open():
    # holdings.csv: nk_authorities until the ceasefire (2023-09-20T09:00Z), azerbaijan only from 2023-09-22T20:00Z
    found = holders(evidence.load(KARABAKH).holdings, _local(2023, 9, 19, 4), _local(2023, 9, 22, 4))
    assert _sides(found, "stepanakert") == ["nk_authorities"]
    assert found["stepanakert"].at_end is None
    assert found["nagorno_karabakh"].at_end.side == "azerbaijan"


def test_should_give_no_place_a_holder_before_the_april_spans_begin():
    # every April span starts at 2017-04-13T21:00Z (14 Apr local)
    assert holders(evidence.load(APRIL).holdings, _local(2017, 4, 12, 3), _local(2017, 4, 14, 3)) == {}


@pytest.mark.parametrize(("folder", "hours", "days"), [
    (SHIPPED, 2, ((2016, 12, 1), (2016, 12, 15), (2016, 12, 22), (2016, 12, 23))),
    (APRIL, 3, ((2017, 4, 14), (2017, 4, 15), (2017, 4, 20), (2017, 4, 21))),
    (KARABAKH, 4, ((2023, 9, 19), (2023, 9, 20), (2023, 9, 21), (2023, 9, 23))),
])
def test_should_give_each_place_its_holder_at_the_end_of_each_day_as_the_rows_say(folder, hours, days):
    loaded = evidence.load(folder).holdings
    for day in days:
        start = _local(*day, hours)
        window = (start, start + timedelta(days=1))
        expected = csv_rows.held_at_end(window, folder)
        found = holders(loaded, *window)
        assert {p: (h.at_end.side if h.at_end else None) for p, h in found.items()} == expected, day


def test_should_leave_out_a_place_whose_only_span_ends_before_the_window():
    early = Holding("x", "government", "s1", until=datetime(2016, 12, 1, tzinfo=UTC))
    late = Holding("y", "opposition", "s1", start=datetime(2016, 12, 5, tzinfo=UTC))
    found = holders([early, late], datetime(2016, 12, 2, tzinfo=UTC), datetime(2016, 12, 6, tzinfo=UTC))
    assert list(found) == ["y"]
