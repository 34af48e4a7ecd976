"""The "People moved" tab: the ledger of people moved for what the page shows (its window, its filters and the
evidence as known on its day), as a table for a reader, what left against what arrived, and the chart."""

from __future__ import annotations

import pandas as pd

from geo.export import moved_chart
from geo.ledger import gaps
from geo.run.selection import Selection

DIRECTIONS = {"left": "left", "arrived": "arrived", "along": "moved along"}
SCOPES = {"group": "one convoy or group", "day": "that day", "total": "running total"}


def shown_ledger(selection: Selection) -> pd.DataFrame:
    """The ledger's rows of the window's days whose claims the filters keep (rows of :func:`geo.ledger.ledger`, as
    the selection worked them out: :attr:`~geo.run.selection.Selection.moved`); running totals count from the first
    report of the claims the filters keep."""
    book = selection.moved.book
    return book.loc[book["claim_id"].isin(set(selection.claims["id"]))].reset_index(drop=True)


def _figure(low: float, high: float) -> str:
    return f"{low:,.0f}" if low == high else f"{low:,.0f}–{high:,.0f}"


def reader_table(book: pd.DataFrame, selection: Selection) -> pd.DataFrame:
    """The ledger in a reader's words: day, corridor, who, which way, where, the figure as said, what it counts,
    the claimant's running total, and the report."""
    places = selection.places
    return pd.DataFrame({
        "Day": [d.strftime("%d %b %Y") for d in book["day"]],
        "Corridor": book["corridor"],
        "Claimed by": book["claimant"],
        "People who": book["direction"].map(DIRECTIONS),
        "Place": [places[p].name if p in places else "" for p in book["place_id"]],
        "Figure": book["amount"],
        "Counts": book["scope"].map(SCOPES),
        "Running total": [_figure(low, high) for low, high in zip(book["running_low"], book["running_high"])],
        "Falls below": book["falls_below"],
        "Report": selection.evidence.cite(book["source_id"]),
        "Claim": book["claim_id"],
    })


def gap_table(book: pd.DataFrame) -> pd.DataFrame:
    """What left against what arrived (:func:`geo.ledger.gaps`) in a reader's words; the last column says where the
    claimants' figures of the two do not meet."""
    found = gaps(book)
    return pd.DataFrame({
        "Day": [d.strftime("%d %b %Y") for d in found["day"]],
        "Corridor": found["corridor"],
        "Left (running totals)": [_figure(a, b) for a, b in zip(found["left_low"], found["left_high"])],
        "Arrived (running totals)": [_figure(a, b) for a, b in zip(found["arrived_low"], found["arrived_high"])],
        "Do they meet": ["yes" if meet else "no: the figures disagree" for meet in found["overlap"]],
    })


def charts(book: pd.DataFrame, selection: Selection) -> list[dict]:
    """The charts of each claimant's running total, one per corridor, each as wide as the page and with a legend of
    the claimants' lines (:func:`geo.export.moved_chart.panels`); none without a row."""
    if book.empty:
        return []
    return moved_chart.panels(book, f"People moved, by claimant: {selection.title}")
