"""The dashboard's two charts as Vega-Lite specs: events a day, and evacuee numbers by who claimed them.

Each spec holds its data, so the dashboard only draws it; the days of the view's window
stand out. Built with Altair, without its schema check on every rerun (the check takes
longer than building the chart; the specs are fixed here and tested).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import altair as alt

from geo.app import timeline
from geo.run.selection import Selection

HEIGHT = 160
MAX_CLAIM_MARKS = 1000
"""Above this many claims, a mark is each party's lowest to highest claim a day, then a week."""
_FIT_WIDTH = alt.AutoSizeParams(type="fit-x", contains="padding")  # the height is the plot's, legends below it
_RANGE_TITLES = {1: " (lowest to highest claim a day)", 7: " (lowest to highest claim a week)"}


def _spec(chart: alt.TopLevelMixin) -> dict:
    with alt.data_transformers.disable_max_rows():
        return chart.to_dict(validate=False)


def month_title(day_list: Sequence[date]) -> str:
    """The day axis's title: "December 2016 (local days)", or the first and last month."""
    first, last = day_list[0], day_list[-1]
    if (first.year, first.month) == (last.year, last.month):
        return f"{first:%B %Y} (local days)"
    return f"{first:%b %Y} – {last:%b %Y} (local days)"


def _day_axis(day_list: Sequence[date]) -> alt.X:
    domain = [d.isoformat() for d in day_list]
    return alt.X("iso:O", sort=domain, scale=alt.Scale(domain=domain), title=month_title(day_list),
                 axis=alt.Axis(labelAngle=0, labelExpr="toNumber(substring(datum.value, 8, 10))"))


def events_a_day(selection: Selection, day_list: Sequence[date]) -> dict:
    """Bars of the events the filters keep on each local day of the case (:attr:`~geo.run.selection.Selection.all_days`)."""
    daily = timeline.daily_events(selection.all_days, day_list, selection.window,
                                 zone=selection.evidence.case.timezone)
    daily["iso"] = [d.isoformat() for d in day_list]
    daily["shown"] = daily["in_window"].map({True: "in the window", False: "outside it"})
    bars = alt.Chart(daily[["iso", "events", "shown"]]).mark_bar().encode(
        x=_day_axis(day_list), y=alt.Y("events:Q", title="events", axis=alt.Axis(tickMinStep=1)),
        color=alt.Color("shown:N", scale=alt.Scale(domain=["in the window", "outside it"], range=["#1f6fb4", "#c9d6e3"]),
                        legend=alt.Legend(title=None, orient="bottom")),
        tooltip=[alt.Tooltip("iso:N", title="day"), alt.Tooltip("events:Q", title="events")],
    ).properties(title="Events a day", height=HEIGHT, autosize=_FIT_WIDTH)
    return _spec(bars)


def claimed_evacuees(selection: Selection, day_list: Sequence[date]) -> dict | None:
    """Each claimed number of people evacuated, by claimant, on a log scale; None when none is claimed.

    Every claim is its own mark (a range shows as a rule from low to high) up to
    :data:`MAX_CLAIM_MARKS`; above it a mark gathers a party's claims of a day, then of a week.
    """
    numbers = timeline.claimed_numbers(selection.evidence, selection.all_days["id"], selection.view.sources,
                                       window=selection.window)
    if numbers.empty:
        return None
    claims, days = numbers, 0  # days: how many days one mark gathers; 0 while each claim is its own mark
    for stretch in (1, 7):
        if len(claims) > MAX_CLAIM_MARKS:
            claims, days = timeline.claim_ranges(numbers, stretch), stretch
    claims["iso"] = [d.isoformat() for d in claims["day"]]
    claims["shown"] = claims["in_window"].map({True: 1.0, False: 0.3})
    base = alt.Chart(claims[["iso", "claimed_by", "low", "high", "amount", "source", "shown"]]).encode(
        x=_day_axis(day_list), xOffset=alt.XOffset("claimed_by:N"),
        color=alt.Color("claimed_by:N", title="claimed by", legend=alt.Legend(orient="bottom", columns=2)),
        opacity=alt.Opacity("shown:Q", legend=None, scale=None),
        tooltip=[alt.Tooltip("iso:N", title="week from" if days == 7 else "day"),
                 alt.Tooltip("claimed_by:N", title="claimed by"),
                 alt.Tooltip("amount:N", title="claimed"), alt.Tooltip("source:N", title="source")],
    )
    y = alt.Y("high:Q", scale=alt.Scale(type="log"), title="people (log scale)", axis=alt.Axis(format="~s"))
    chart = base.mark_rule(strokeWidth=3).encode(y=y, y2="low:Q") + base.mark_point(filled=True, size=90).encode(y=y)
    title = "People evacuated, as each party claimed" + _RANGE_TITLES.get(days, "")
    return _spec(chart.properties(title=title, height=HEIGHT, autosize=_FIT_WIDTH))


DAY_BARS_HEIGHT = 44
DAY_PICK = "day"
"""The name of :func:`day_bars`'s point selection: a clicked bar's local day."""


def day_bars(selection: Selection, day_list: Sequence[date]) -> dict:
    """A compact strip of the events the filters keep on each local day, whose bars are clicked to show a day.

    Only days with events get a bar (an empty day has nothing to click); the axis still lists every day.
    The point selection :data:`DAY_PICK` holds the clicked bar's ``iso`` day (read it with :func:`picked_day`).
    """
    daily = timeline.daily_events(selection.all_days, day_list, selection.window,
                                 zone=selection.evidence.case.timezone)
    daily["iso"] = [d.isoformat() for d in day_list]
    daily = daily[daily["events"] > 0]
    daily["shown"] = daily["in_window"].map({True: "in the window", False: "outside it"})
    pick = alt.selection_point(name=DAY_PICK, fields=["iso"], on="click", clear="dblclick", toggle=False)
    domain = [d.isoformat() for d in day_list]
    x = alt.X("iso:O", sort=domain, scale=alt.Scale(domain=domain, paddingInner=0.15), title=None,
              axis=alt.Axis(labelAngle=0, labelExpr="toNumber(substring(datum.value, 8, 10))", ticks=False,
                            labelFontSize=10, labelOverlap=True))
    bars = alt.Chart(daily[["iso", "events", "shown"]]).mark_bar(cursor="pointer").encode(
        x=x, y=alt.Y("events:Q", title=None, axis=None, scale=alt.Scale(type="sqrt")),  # a 1-event day stays clickable
        color=alt.Color("shown:N", scale=alt.Scale(domain=["in the window", "outside it"], range=["#1f6fb4", "#c9d6e3"]),
                        legend=None),
        tooltip=[alt.Tooltip("iso:N", title="show the day"), alt.Tooltip("events:Q", title="events")],
    ).add_params(pick).properties(height=DAY_BARS_HEIGHT, autosize=_FIT_WIDTH)
    return _spec(bars)


def picked_day(state: object) -> date | None:
    """The day a click on :func:`day_bars` picked, from the chart's selection state (Streamlit's
    ``{"selection": {"day": [{"iso": "2016-12-15"}]}}``); None when no bar is picked or the state is not one."""
    try:
        points = state["selection"][DAY_PICK]  # type: ignore[index]
        return date.fromisoformat(points[0]["iso"]) if points else None
    except (KeyError, IndexError, TypeError, ValueError):
        return None
