"""The chart of people moved: each claimant's running total of people who left, arrived or moved along a
corridor, by local day, as Vega-Lite: one panel per corridor in a picture (:func:`spec`, drawn as PNG by
:func:`geo.export.claim_chart.chart_png`), one chart per corridor as wide as its page (:func:`panels`).

A claimant's running total is a step line (a dashed one for arrivals) held from its day to its next; a total
given as a range, or a claimant's figures that differ in low and high, draw a band from the low to the high
figure. Figures of different claimants are never added or averaged: each is its own line.
"""

from __future__ import annotations

import textwrap

import pandas as pd

WIDTH = 640
LEGEND_LABEL_LIMIT = 240
"""Pixels of a claimant's name in the legend of a chart as wide as its page (:func:`panels`), the rest cut with an
ellipsis: a phone's 390 pixels less the page's margins, the y axis the legend lines up with and its symbol."""
SUBTITLE_CHARACTERS = 44
"""Characters of a line of a page's chart's subtitle (:func:`panels`): a title longer than a phone is wide wraps."""
DIRECTION_WORDS = {"left": "left", "arrived": "arrived", "along": "moved along the corridor"}
NO_CORRIDOR_NAMED = "no corridor named"


def _drawn(book: pd.DataFrame) -> pd.DataFrame:
    """The ledger's rows as the chart draws them: one per corridor panel, claimant's line and day, each line carried
    to the day after the ledger's last (so a claimant's last figure shows as a step too)."""
    if book.empty:
        raise ValueError("a chart of people moved needs at least one claim of people moved, instead got none")
    drawn = book.assign(
        day=pd.to_datetime(book["day"].astype(str)),
        what=book["direction"].map(DIRECTION_WORDS),
        panel=book["corridor"].where(book["corridor_id"] != "", NO_CORRIDOR_NAMED),
        line=book["claimant"] + " (" + book["direction"].map(DIRECTION_WORDS) + ")",
    )
    drawn = drawn.groupby(["panel", "line", "day"], sort=False, as_index=False).last()
    carried = drawn.sort_values("day", kind="stable").groupby(["panel", "line"], sort=False, as_index=False).last()
    carried["day"] = drawn["day"].max() + pd.Timedelta(days=1)
    carried["carried"] = True
    return pd.concat([drawn.assign(carried=False), carried], ignore_index=True)


def _layers(label_limit: int):  # -> alt.LayerChart
    """A claimant's band, step line and points (of the data the chart is given), coloured by claimant, with a
    legend naming each claimant's colour and each direction's dash under the chart."""
    import altair as alt

    x = alt.X("day:T", title="local day", axis=alt.Axis(format="%d %b", labelAngle=0, tickCount="day"))
    colour = alt.Color("claimant:N", title="claimed by",
                       legend=alt.Legend(orient="bottom", direction="vertical", columns=1, labelLimit=label_limit,
                                         symbolOpacity=1))
    words = list(DIRECTION_WORDS.values())
    dash = alt.StrokeDash("what:N", title="people who", scale=alt.Scale(
        domain=words, range=[[1, 0] if w != "arrived" else [6, 3] for w in words]),
        legend=alt.Legend(orient="bottom", direction="vertical", labelLimit=label_limit))
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
    return alt.layer(band, lines, points)


def spec(book: pd.DataFrame, title: str, width: int | None = WIDTH) -> dict:
    """A Vega-Lite spec of the ledger's running totals (rows of :func:`geo.ledger.ledger`), one panel per corridor
    (a picture's: :func:`panels` gives a page one chart per corridor, each as wide as the page); raises ValueError
    for a ledger with no row."""
    import altair as alt

    drawn = _drawn(book)
    size = {"width": width} if width else {}
    with alt.data_transformers.disable_max_rows():
        chart = _layers(480).properties(**size, height=220).facet(
            data=drawn, row=alt.Row("panel:N", title=None, header=alt.Header(labelAngle=0, labelAlign="left",
                                                                              labelAnchor="start", labelOrient="top")),
            title=title,
        ).resolve_scale(y="independent")
        return chart.to_dict(validate=False)


def panels(book: pd.DataFrame, title: str) -> list[dict]:
    """One Vega-Lite spec per corridor of the ledger (rows of :func:`geo.ledger.ledger`), in the ledger's order, each
    as wide as the block it is drawn in (``width: "container"``: a phone's page never scrolls sideways) with a legend
    under it naming each claimant's line; titled ``title`` and the corridor. Raises ValueError for a ledger with no
    row."""
    import altair as alt

    drawn = _drawn(book)
    out = []
    with alt.data_transformers.disable_max_rows():
        for panel, rows in drawn.groupby("panel", sort=False):
            chart = _layers(LEGEND_LABEL_LIMIT).properties(
                data=rows, width="container", height=220,
                title=alt.Title(str(panel), subtitle=textwrap.wrap(title, SUBTITLE_CHARACTERS), anchor="start"))
            spec = chart.to_dict(validate=False)
            spec["autosize"] = {"type": "fit-x", "contains": "padding"}  # as wide as the page; as tall as it needs
            # the two legends one under the other, so neither widens the chart (vega's legend layout)
            spec.setdefault("config", {})["legend"] = {"layout": {"bottom": {"anchor": "start", "direction": "vertical"}}}
            out.append(spec)
    return out
