"""How a number changed: each claimant's figures for an event's quantity against their reports' publication days.

:func:`history` is the chart's data, one row a claim (its CSV is :func:`history_csv`);
:func:`spec` draws it as Vega-Lite (step lines per claimant, a range as a band from its low to
its high figure, a point at each report); :func:`chart_png` renders that spec without a
browser through the optional ``vl-convert-python`` (``pip install 'evacmap[chart]'``).
A claimant's figure holds from its report's publication day until its next figure, or to the
end of the last publication day the evidence holds: the chart is of what was said when, so
a figure is neither averaged with another nor dropped. Claimants whose lines would lie on one another
(three outlets saying 120 from the same day, a fourth 118) are nudged a few pixels apart (:func:`nudges`,
on a y scale that ends at the highest figure), each its own visible line; the subtitle says so, and the
points' tooltips and the CSV keep the exact figures. A quantity is **disputed** when one event has several
different figures for it (:func:`disputed`).

Publication is known to the day (``sources.csv``'s ``published``), so a claimant's figures of
one day stand in their file order, the order the curators wrote them in.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import date, timedelta
from typing import Final

import altair as alt
import pandas as pd

from geo.claims import QUALIFIER_WORDS
from geo.data.evidence import Evidence
from geo.errors import ExportError, ViewError

HISTORY_COLUMNS = ("event_id", "quantity", "claimed_by", "published", "low", "high", "qualifier", "unit",
                   "source_id", "claim_id")
"""The chart's data, as its CSV writes it: a single figure has ``low`` equal to ``high``."""
WIDTH = 640
HEIGHT = 220
BAND_OPACITY = 0.25
DEFAULT_COLOURS = 10
"""Vega-Lite's default colour scheme (tableau10) tells this many claimants apart; more take :data:`COLOURS_MANY`."""
COLOURS_MANY: Final = "tableau20"
NUDGE_PX = 3
"""The step (in pixels, a line being 2 wide) by which a claimant's line is moved off another's (:func:`nudges`)."""
GAP_PX = 2.5
"""The least distance between two claimants' lines over the days both stand, so that each shows."""
NUDGED = "Lines of equal figures are drawn a few pixels apart so each claimant's shows; the points stand at the exact figures."


def _figures(claims: pd.DataFrame) -> tuple[pd.Series, pd.Series]:
    """Each claim's low and high figure: a range's bounds, or its one value twice."""
    ranged = claims["qualifier"] == "range"
    return claims["low"].where(ranged, claims["value"]), claims["high"].where(ranged, claims["value"])


def disputed(claims: pd.DataFrame) -> list[tuple[str, str]]:
    """The (event, quantity) pairs these claims (rows of ``evidence.claims``) give several different figures
    (low and high), most figures first, then by id."""
    low, high = _figures(claims)
    figures = pd.DataFrame({"event_id": claims["event_id"], "quantity": claims["quantity"], "low": low, "high": high})
    pair = ["event_id", "quantity"]
    counts = pd.DataFrame({"figures": figures.groupby(pair).size(),
                           "different": figures.drop_duplicates().groupby(pair).size()})
    counts = counts.loc[counts["different"] > 1].reset_index()
    counts = counts.sort_values(["figures", "event_id", "quantity"], ascending=[False, True, True], kind="stable")
    return list(zip(counts["event_id"], counts["quantity"]))


def quantities(evidence: Evidence, event_id: str, asked: Iterable[str] = ()) -> tuple[str, ...]:
    """The quantities to chart of an event: those ``asked`` for, else its disputed ones, else every one it has.

    Raises ViewError naming the event or the quantities when the evidence has none such.
    """
    asked = tuple(asked)
    if not (evidence.events["id"] == event_id).any():
        raise ViewError("event", event_id, "the id of an event in the case (as known then)")
    claims = evidence.claims.loc[evidence.claims["event_id"] == event_id]
    has = tuple(dict.fromkeys(claims["quantity"]))
    if not has:
        raise ViewError("event", event_id, "an event with claims (as known then)")
    unknown = [q for q in asked if q not in has]
    if unknown:
        raise ViewError("quantity", ",".join(unknown), f"what event {event_id} has claims of: {', '.join(has)}")
    return asked or tuple(q for _, q in disputed(claims)) or has


def history(evidence: Evidence, event_id: str, quantities: Iterable[str] | None = None) -> pd.DataFrame:
    """Every claim about the event (of these quantities; default all) in :data:`HISTORY_COLUMNS`, ordered by
    quantity, then publication day, then file order. Raises KeyError naming an unknown event."""
    if not (evidence.events["id"] == event_id).any():
        raise KeyError(f"unknown event id {event_id!r}")
    claims = evidence.claims.loc[evidence.claims["event_id"] == event_id]
    if quantities is not None:
        claims = claims.loc[claims["quantity"].isin(set(quantities))]
    low, high = _figures(claims)
    rows = pd.DataFrame({
        "event_id": claims["event_id"], "quantity": claims["quantity"], "claimed_by": claims["claimed_by"],
        "published": [evidence.sources[s].published.isoformat() for s in claims["source_id"]],
        "low": low.astype(float), "high": high.astype(float), "qualifier": claims["qualifier"], "unit": claims["unit"],
        "source_id": claims["source_id"], "claim_id": claims["id"],
    }, columns=list(HISTORY_COLUMNS))
    return rows.sort_values(["quantity", "published"], kind="stable").reset_index(drop=True)


def title(evidence: Evidence, event_id: str, known_on: date | None = None) -> str:
    """The chart's title: the event, its place and day, and the day the evidence is as known on."""
    event = evidence.event(event_id)
    place = evidence.place(event.place_id).name
    day = event.start.astimezone(evidence.case.timezone)
    known = f", as known on {known_on:%d %b %Y}" if known_on is not None else ""
    return f"Event {event_id} ({place}, {day:%d %b %Y}): each claimant's figures by publication day{known}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def history_csv(rows: pd.DataFrame) -> bytes:
    """The chart's data as UTF-8 CSV: a header of :data:`HISTORY_COLUMNS`, figures as written (16, not 16.0)."""
    table = rows[list(HISTORY_COLUMNS)].copy()
    for column in ("low", "high"):
        table[column] = [_number(v) for v in table[column]]
    return table.to_csv(index=False, lineterminator="\n").encode("utf-8")


def amounts(rows: pd.DataFrame) -> list[str]:
    """Each row's figure as a reader says it: "at least 16", "43–60"."""
    return [f"{_number(lo)}–{_number(hi)}" if q == "range" else QUALIFIER_WORDS[q] + _number(lo)
            for q, lo, hi in zip(rows["qualifier"], rows["low"], rows["high"])]


def standing(rows: pd.DataFrame) -> pd.DataFrame:
    """The rows that are each claimant's latest figures for their quantity: those of its last publication day
    (several when one day brought several, since a report's hour is not kept)."""
    last = rows.groupby(["quantity", "claimed_by"])["published"].transform("max")
    return rows.loc[rows["published"] == last]


def _steps(rows: pd.DataFrame, evidence: Evidence) -> pd.DataFrame:
    """The rows to draw: each claim with its day's label, amount and citation, and per claimant a closing row
    (``claim_id`` empty) carrying its last figure to the end of the last publication day."""
    end = (max(s.published for s in evidence.sources.values()) + timedelta(days=1)).isoformat()
    drawn = rows.copy()
    drawn["amount"] = amounts(rows)
    drawn["source"] = evidence.cite(drawn["source_id"])
    closing = drawn.groupby(["quantity", "claimed_by"], sort=False).tail(1).assign(
        published=end, claim_id="", amount="", source="")
    return pd.concat([drawn, closing], ignore_index=True)


def _segments(drawn: pd.DataFrame) -> dict[tuple[str, str], list[tuple[str, str, set[float]]]]:
    """Each (quantity, claimant)'s flat stretches of line: from one publication day to its next figure's, with the
    figures (low and high) it stands at."""
    ordered = drawn.sort_values(["quantity", "claimed_by", "published"], kind="stable")
    out: dict[tuple[str, str], list[tuple[str, str, set[float]]]] = {}
    for (quantity, claimant), rows in ordered.groupby(["quantity", "claimed_by"], sort=False):
        key = (str(quantity), str(claimant))
        days, lows, highs = list(rows["published"]), list(rows["low"]), list(rows["high"])
        out[key] = [(days[k], days[k + 1], {lows[k], highs[k]}) for k in range(len(days) - 1) if days[k] < days[k + 1]]
    return out


def nudges(drawn: pd.DataFrame) -> pd.Series:
    """Each drawn row's vertical nudge in pixels. Claimants are taken in the legend's order; each takes the first of
    0, -1, +1, -2, +2 ... × :data:`NUDGE_PX` that keeps its line at least :data:`GAP_PX` from every line drawn before
    it over the days both stand (a figure is ``HEIGHT / top`` pixels a unit, ``top`` its quantity's highest figure,
    as the unrounded y scale draws it)."""
    segments = _segments(drawn)
    tops = drawn.groupby("quantity")["high"].max()
    taken: dict[tuple[str, str], int] = {}
    slots = [0] + [sign * k for k in range(1, 2 * len(segments) + 2) for sign in (-1, 1)]

    def clear(key: tuple[str, str], slot: int) -> bool:
        scale = HEIGHT / tops[key[0]] if tops[key[0]] > 0 else 0.0
        return all(abs((f - g) * scale - (slot - taken[other]) * NUDGE_PX) >= GAP_PX
                   for other in taken if other[0] == key[0]
                   for a, b, figures in segments[key] for c, d, others in segments[other] if a < d and c < b
                   for f in figures for g in others)

    for key in sorted(segments):
        taken[key] = next(slot for slot in slots if clear(key, slot))
    return pd.Series([taken.get(key, 0) * NUDGE_PX for key in zip(drawn["quantity"], drawn["claimed_by"])],
                     index=drawn.index, dtype=float)


def spec(rows: pd.DataFrame, evidence: Evidence, title: str, width: int | None = WIDTH) -> dict:
    """The Vega-Lite chart of :func:`history` rows: one panel a quantity, a colour a claimant.

    ``width`` None fits the chart to its container (one quantity; the dashboard).
    """
    if rows.empty:
        raise ValueError("a claim chart needs at least one claim, instead got none")
    drawn = _steps(rows, evidence)
    drawn["nudge"] = nudges(drawn)
    heading: str | alt.TitleParams = alt.TitleParams(title, subtitle=NUDGED) if drawn["nudge"].any() else title
    drawn["what"] = drawn["quantity"].str.replace("_", " ") + " (" + drawn["unit"] + ")"
    claims_of = drawn.groupby("what", sort=False).size().sort_values(ascending=False, kind="stable")
    panels = list(claims_of.index)  # the quantity with most claims first
    one = len(panels) == 1
    y_title = panels[0] if one else None
    x = alt.X("published:T", title="published (local day)", scale=alt.Scale(type="utc"),
              axis=alt.Axis(format="%d %b", labelAngle=0, tickCount="day"))
    legend = alt.Legend(orient="bottom", columns=1, labelLimit=480, symbolOpacity=1)
    many = drawn["claimed_by"].nunique() > DEFAULT_COLOURS
    colour = alt.Color("claimed_by:N", title="claimed by", legend=legend,
                       scale=alt.Scale(scheme=COLOURS_MANY) if many else alt.Undefined)
    y = alt.Y("low:Q", title=y_title, stack=None, scale=alt.Scale(zero=True, nice=False))
    base = alt.Chart().encode(x=x, color=colour)
    nudge = alt.ExprRef(expr="datum.nudge")
    band = base.mark_area(interpolate="step-after", opacity=BAND_OPACITY, yOffset=nudge, y2Offset=nudge).encode(
        y=y, y2="high:Q")
    low_line = base.mark_line(interpolate="step-after", yOffset=nudge).encode(y=y)
    high_line = base.mark_line(interpolate="step-after", yOffset=nudge).encode(y=alt.Y("high:Q", stack=None))
    claims = base.transform_filter("datum.claim_id != ''")
    tooltip = [alt.Tooltip("claimed_by:N", title="claimed by"), alt.Tooltip("amount:N", title="claimed"),
               alt.Tooltip("unit:N"), alt.Tooltip("source:N"), alt.Tooltip("claim_id:N", title="claim")]
    ranges = claims.mark_rule(strokeWidth=3, yOffset=nudge, y2Offset=nudge).encode(
        y=alt.Y("low:Q", stack=None), y2="high:Q", tooltip=tooltip)
    points = claims.mark_point(filled=True, size=60).encode(  # never nudged: a point is the figure as given
        y=alt.Y("high:Q", stack=None), tooltip=tooltip)
    marks = (band, low_line, high_line, ranges, points)
    size = {"height": HEIGHT, "width": width} if width else {"height": HEIGHT}
    with alt.data_transformers.disable_max_rows():
        if one:
            chart = alt.layer(*marks, data=drawn).properties(title=heading, **size)
            if width is None:
                chart = chart.properties(autosize=alt.AutoSizeParams(type="fit-x", contains="padding"))
        else:
            header = alt.Header(labelAngle=0, labelAlign="left", labelAnchor="start", labelOrient="top", labelFontSize=12)
            chart = alt.layer(*marks).properties(**size).facet(
                data=drawn, row=alt.Row("what:N", title=None, header=header, sort=panels), title=heading,
            ).resolve_scale(y="independent")
        return chart.to_dict(validate=False)


def chart_png(chart: dict, scale: float = 2.0) -> bytes:
    """The chart as a PNG picture, drawn without a browser; raises ExportError when vl-convert-python is absent."""
    try:
        import vl_convert
    except ImportError:
        raise ExportError("a claim chart as PNG needs vl-convert-python: pip install 'evacmap[chart]' "
                          "(or use --format csv)") from None
    if not math.isfinite(scale) or scale <= 0:
        raise ExportError(f"a PNG's scale must be a positive number, instead got {scale!r}")
    return bytes(vl_convert.vegalite_to_png(vl_spec=chart, scale=scale))
