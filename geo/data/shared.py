"""Places two cases share: a shared id must name the same place at the same point in every case.

Each case keeps its own ``gazetteer.csv`` (a case folder stands alone), so a place both
cases use (Rashidin, Ramouseh) is written twice; this check keeps the copies identical in
``name`` and ``lat``/``lon``, so the two cases put the place at one point.
"""

from __future__ import annotations

from collections.abc import Sequence

from geo.data.evidence import Evidence
from geo.errors import Problem

COMPARED = ("name", "lat", "lon")


def disagreements(loaded: Sequence[Evidence]) -> list[Problem]:
    """A problem for each shared place id whose name or coordinates differ from the first case that has it."""
    problems: list[Problem] = []
    first: dict[str, tuple[Evidence, object]] = {}
    for evidence in loaded:
        for place in evidence.gazetteer:
            if place.id not in first:
                first[place.id] = (evidence, place)
                continue
            other, seen = first[place.id]
            for column in COMPARED:
                mine, theirs = getattr(place, column), getattr(seen, column)
                if mine != theirs:
                    problems.append(Problem(
                        f"{evidence.folder.name}/gazetteer.csv", 0, column,
                        f"place {place.id!r} is {mine!r} here but {theirs!r} in case {other.case.id!r}; "
                        "a place id shared by cases names one place at one point"))
    return problems
