"""The dashboard's charts: what each day's bar and each claim's mark hold."""

from __future__ import annotations

from datetime import date

import pandas as pd

from geo.app import charts, timeline
from geo.run.selection import Selection
from geo.run.view import View, from_params
from tests import csv_rows


def rows(spec: dict) -> list[dict]:
    (values,) = spec["datasets"].values()
    return values


def test_should_count_the_events_of_every_day_and_mark_the_windows(shipped):
    view = from_params({"start": "2016-12-15", "end": "2016-12-15"}, shipped)[0]
    spec = charts.events_a_day(Selection.of(shipped, view), timeline.days(shipped))
    by_day = {r["iso"]: r for r in rows(spec)}
    # 30 rows of data/events.csv have a span overlapping 15 Dec local (counted by hand)
    assert by_day["2016-12-15"] == {"iso": "2016-12-15", "events": 30, "shown": "in the window"}
    assert {r["shown"] for d, r in by_day.items() if d != "2016-12-15"} == {"outside it"}
    assert spec["encoding"]["x"]["title"] == "December 2016 (local days)"


def _evacuee_claims() -> list[dict[str, str]]:
    """claims.csv's numbers of people evacuated, each with the Aleppo day its event began (events.csv)."""
    began = {r["id"]: (csv_rows.moment(r["start"]) + csv_rows.ALEPPO_OFFSET).date() for r in csv_rows.rows("events.csv")}
    return [{**r, "day": began[r["event_id"]]} for r in csv_rows.rows("claims.csv") if r["quantity"] == "people_evacuated"]


def test_should_mark_each_evacuee_claim_with_its_claimant_and_source(shipped):
    spec = charts.claimed_evacuees(Selection.of(shipped, View()), timeline.days(shipped))
    marks = rows(spec)
    claims = _evacuee_claims()
    assert len(marks) == len(claims) > 1
    assert sorted((m["iso"], m["claimed_by"]) for m in marks) == sorted((c["day"].isoformat(), c["claimed_by"])
                                                                        for c in claims)
    assert spec["title"] == "People evacuated, as each party claimed"


def test_should_draw_no_claims_chart_when_no_number_is_claimed(shipped):
    assert charts.claimed_evacuees(Selection.of(shipped, View(types=("clash",))), timeline.days(shipped)) is None


def test_should_gather_claims_into_weekly_ranges_above_the_mark_limit(shipped, monkeypatch):
    monkeypatch.setattr(charts, "MAX_CLAIM_MARKS", 1)
    spec = charts.claimed_evacuees(Selection.of(shipped, View()), timeline.days(shipped))
    claims = _evacuee_claims()
    first = min(c["day"] for c in claims)
    weeks = {((c["day"] - first).days // 7, c["claimed_by"]) for c in claims}  # one mark a party a week
    assert spec["title"].endswith("(lowest to highest claim a week)")
    assert len(rows(spec)) == len(weeks)


def test_should_name_both_months_when_the_days_span_two():
    days = list(pd.date_range("2016-11-28", "2016-12-03").date)
    assert charts.month_title(days) == "Nov 2016 – Dec 2016 (local days)"
    assert charts.month_title([date(2016, 12, 1)]) == "December 2016 (local days)"


def test_should_give_a_day_bar_only_to_the_days_with_events_and_let_a_click_pick_the_day(shipped):
    day_list = timeline.days(shipped)
    view = from_params({"start": "2016-12-19", "end": "2016-12-19"}, shipped)[0]
    spec = charts.day_bars(Selection.of(shipped, view), day_list)
    # expected: each local day's events.csv rows whose span overlaps it, by the rule in csv_rows
    expected = {d.isoformat(): len(csv_rows.events(csv_rows.local_day(d))) for d in day_list}
    assert {r["iso"]: r["events"] for r in rows(spec)} == {d: n for d, n in expected.items() if n}
    assert len(rows(spec)) < len(day_list)  # some days have nothing, and no bar
    assert {r["iso"] for r in rows(spec) if r["shown"] == "in the window"} == {"2016-12-19"}
    assert spec["encoding"]["x"]["scale"]["domain"] == [d.isoformat() for d in day_list]  # every day on the axis
    (param,) = spec["params"]
    assert param["name"] == charts.DAY_PICK and param["select"]["type"] == "point" and param["select"]["fields"] == ["iso"]


def test_should_read_the_clicked_day_from_the_charts_selection_and_nothing_from_an_empty_one():
    assert charts.picked_day({"selection": {charts.DAY_PICK: [{"iso": "2016-12-15"}]}}) == date(2016, 12, 15)
    assert charts.picked_day({"selection": {charts.DAY_PICK: []}}) is None
    assert charts.picked_day({"selection": {}}) is None
    assert charts.picked_day(None) is None
    assert charts.picked_day({"selection": {charts.DAY_PICK: [{"iso": "not a day"}]}}) is None
