"""The rules of ``movements.csv`` that span more than one cell: what a claim of people moved counts.

A row belongs to a claim of people moved (:data:`geo.movements.MOVED_QUANTITIES`); people who left or arrived are
at a place, people moved along a corridor are on one; only a running total counts from a ``since`` and up to a
``counted_to``. A claim of people moved with no row is no problem (a claim just accepted from a review, say): the
ledger leaves it out and says how many it left out (:func:`geo.ledger.entries.undescribed`).
"""

from __future__ import annotations

import pandas as pd

from geo.errors import Problem
from geo.movements import MOVED_QUANTITIES

FILE = "movements.csv"
MAX_PROBLEMS = 100


def movement_problems(movements: pd.DataFrame, claims: pd.DataFrame) -> list[Problem]:
    """The problems of ``movements.csv`` against ``claims.csv``, each naming its line and column."""
    problems: list[Problem] = []
    quantity = dict(zip(claims["id"], claims["quantity"]))
    for row in movements.to_dict("records"):
        line, claim_id = int(row["_line"]), row["claim_id"]
        if claim_id in quantity and quantity[claim_id] not in MOVED_QUANTITIES:
            problems.append(Problem(FILE, line, "claim_id", f"claim {claim_id!r} counts {quantity[claim_id]!r}, not people "
                                                            f"moved ({', '.join(MOVED_QUANTITIES)})"))
        if row["direction"] == "along" and not row["corridor_id"]:
            problems.append(Problem(FILE, line, "corridor_id", "people moved along a corridor need its corridor_id"))
        if row["direction"] in ("left", "arrived") and not row["place_id"]:
            problems.append(Problem(FILE, line, "place_id", f"people who {row['direction']} need the place's place_id"))
        if not pd.isna(row["since"]) and row["scope"] != "total":
            problems.append(Problem(FILE, line, "since", f"since belongs to a running total, instead the scope is "
                                                         f"{row['scope']!r}"))
        if not pd.isna(row["counted_to"]) and row["scope"] != "total":
            problems.append(Problem(FILE, line, "counted_to", f"counted_to belongs to a running total, instead the "
                                                              f"scope is {row['scope']!r}"))
    return problems[:MAX_PROBLEMS]
