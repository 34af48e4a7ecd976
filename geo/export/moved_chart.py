"""The chart of people moved: each claimant's running total of people who left, arrived or moved along a
corridor, by local day, one panel per corridor, as Vega-Lite (drawn as PNG by :func:`geo.export.claim_chart.chart_png`).

A claimant's running total is a step line (a dashed one for arrivals) held from its day to its next; a total
given as a range, or a claimant's figures that differ in low and high, draw a band from the low to the high
figure. Figures of different claimants are never added or averaged: each is its own line.
"""

from __future__ import annotations

import pandas as pd

WIDTH = 640
DIRECTION_WORDS = {"left": "left", "arrived": "arrived", "along": "moved along the corridor"}


def spec(book: pd.DataFrame, title: str, width: int | None = WIDTH) -> dict:
    """A Vega-Lite spec of the ledger's running totals (rows of :func:`geo.ledger.ledger`); raises ValueError
    for a ledger with no row."""
    import altair as alt

    if book.empty:
        raise ValueError("a chart of people moved needs at least one claim of people moved, instead got none")
    drawn = book.assign(
        day=pd.to_datetime(book["day"].astype(str)),
        what=book["direction"].map(DIRECTION_WORDS),
        panel=book["corridor"].where(book["corridor_id"] != "", "no corridor named"),
        line=book["claimant"] + " (" + book["direction"].map(DIRECTION_WORDS) + ")",
    )
    drawn = drawn.groupby(["panel", "line", "day"], sort=False, as_index=False).last()
    # each line is carried to the day after the ledger's last, so a claimant's last figure shows as a step too
    carried = drawn.sort_values("day", kind="stable").groupby(["panel", "line"], sort=False, as_index=False).last()
    carried["day"] = drawn["day"].max() + pd.Timedelta(days=1)
    carried["carried"] = True
    drawn = pd.concat([drawn.assign(carried=False), carried], ignore_index=True)
    x = alt.X("day:T", title="local day", axis=alt.Axis(format="%d %b", labelAngle=0, tickCount="day"))
    colour = alt.Color("claimant:N", title="claimed by",
                       legend=alt.Legend(orient="bottom", columns=1, labelLimit=480, symbolOpacity=1))
    words = list(DIRECTION_WORDS.values())
    dash = alt.StrokeDash("what:N", title="people who", scale=alt.Scale(
        domain=words, range=[[1, 0] if w != "arrived" else [6, 3] for w in words]))
    tooltip = [alt.Tooltip("claimant:N", title="claimed by"), alt.Tooltip("what:N", title="people who"),
               alt.Tooltip("amount:N", title="figure"), alt.Tooltip("scope:N"),
               alt.Tooltip("running_low:Q", title="running total (low)", format=","),
               alt.Tooltip("running_high:Q", title="running total (high)", format=","),
               alt.Tooltip("day:T", title="day", format="%d %b %Y")]
    base = alt.Chart().encode(x=x, color=colour)
    band = base.mark_area(opacity=0.2, interpolate="step-after").encode(
        y=alt.Y("running_low:Q", title="people, running total"), y2="running_high:Q", detail="line:N")
    lines = base.mark_line(interpolate="step-after").encode(y="running_high:Q", strokeDash=dash, detail="line:N")
    points = base.mark_point(filled=True, opacity=1).transform_filter("!datum.carried").encode(
        y="running_high:Q", tooltip=tooltip)
    size = {"width": width} if width else {}
    with alt.data_transformers.disable_max_rows():
        chart = alt.layer(band, lines, points).properties(**size, height=220).facet(
            data=drawn, row=alt.Row("panel:N", title=None, header=alt.Header(labelAngle=0, labelAlign="left",
                                                                              labelAnchor="start", labelOrient="top")),
            title=title,
        ).resolve_scale(y="independent")
        return chart.to_dict(validate=False)
