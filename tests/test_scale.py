"""A year of events: the dashboard, views and timeline stay usable (sizes, not speed: benchmarks/run.py times them)."""

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

import dashboard
from benchmarks import synth
from geo import times
from geo.app import listings, timeline
from geo.data import evidence
from geo.data.cases import DATA_ENV
from geo.view import View
from panels import below_map, details, state
from tests import csv_rows
from tests.conftest import ROOT, ZONE


@pytest.fixture(scope="module")
def year(tmp_path_factory):
    """A synthetic folder of 3,000 events over the twelve months of 2016."""
    return synth.write(tmp_path_factory.mktemp("year"), 3000, seed=11)


@pytest.fixture(scope="module")
def loaded(year):
    return evidence.load(year)


@pytest.fixture
def app(year, monkeypatch) -> AppTest:
    monkeypatch.setenv(DATA_ENV, str(year))
    monkeypatch.delenv("EVACMAP_OFFLINE", raising=False)
    return AppTest.from_file(str(ROOT / "dashboard.py"), default_timeout=60)


def _events(at: AppTest) -> int:
    return int(next(m for m in at.metric if m.label == "Events").value)


def test_should_offer_a_day_picker_instead_of_a_button_for_each_day_of_a_year(app, loaded, year):
    at = app.run()
    assert not at.exception
    assert not [c for c in at.get("vega_lite_chart") if c.key == dashboard.DAY_BARS]  # no strip of 365 bars
    day = times.local_date(loaded.events["start"].iloc[len(loaded.events) // 2], ZONE)
    at.date_input(key=dashboard.DAY_PICK).set_value(day).run()
    start, end = times.local_day_span(day, ZONE)
    assert _events(at) == len(csv_rows.events((start, end), folder=year))
    assert at.query_params["start"] == at.query_params["end"] == day.isoformat()


def test_should_list_only_the_first_events_and_claims_and_say_so(app, loaded):
    app.session_state[below_map.PANEL] = "Events list"
    at = app.run()
    listed = [d for d in at.dataframe if d.key == below_map.TABLE][0].value
    assert list(listed["id"]) == list(loaded.events["id"].head(below_map.TABLE_ROWS))
    assert any(f"The first {below_map.TABLE_ROWS:,} of the {len(loaded.events):,} events shown" in c.value
               for c in at.caption)
    assert int(next(m for m in at.metric if m.label == "Claims").value) == len(loaded.claims)


def test_should_step_from_an_event_to_the_next_one_shown(app, loaded):
    at = app.run()
    at.button(key=details.NEXT).click().run()
    assert at.session_state[state.SELECTED] == loaded.events["id"].iloc[0]
    at.button(key=details.NEXT).click().run()
    assert at.session_state[state.SELECTED] == loaded.events["id"].iloc[1]
    at.button(key=details.PREVIOUS).click().run()
    assert at.session_state[state.SELECTED] == loaded.events["id"].iloc[0]
    assert not at.exception


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


def test_should_write_nothing_above_the_title(app):
    at = app.run()
    visible = [e for e in at.main.children.values() if e.type != "event"]  # st.html's style sheet: hidden block
    first = visible[0]  # the heading row: the case's title, then the case picker beside it
    while getattr(first, "children", None):
        first = next(iter(first.children.values()))
    assert first.type == "markdown" and first.value.startswith("**Synthetic evidence")  # synth.py's title


def test_should_gather_claims_a_week_at_a_time_from_the_first_day(loaded):
    numbers = timeline.claimed_numbers(loaded, loaded.events["id"], quantities=("people_evacuated", "buses"))
    weekly = timeline.claim_ranges(numbers, days=7)
    first = numbers["day"].min()
    assert weekly["claims"].sum() == len(numbers)
    assert all((day - first).days % 7 == 0 for day in weekly["day"])
    assert len(weekly) < len(timeline.claim_ranges(numbers))
