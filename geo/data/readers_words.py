"""A summary speaks to the reader of what happened, never of the case's own files or columns.

The curators' reasoning (why an event stands where it does, which rows were kept apart) belongs in
``event_notes.csv``; a summary that says "events.csv needs a place" or "the coarsest precision (3)" is
refused by ``validate``, naming the words.
"""

from __future__ import annotations

import re

import pandas as pd

from geo.errors import Problem

# words that speak of the data rather than of the events: a file name, the gazetteer, a column's coded value
DATA_TALK = re.compile(
    r"\b[a-z_]+\.(?:csv|json|parquet)\b|\bgazetteer\b|\bdatapackage\b|\bthe schema\b|\bprecision \(\d\)"
    r"|\bcoarsest precision\b|\bgeo_precision\b|\btime_precision\b|\bplace_id\b",
    re.IGNORECASE,
)


def data_talk(summary: str) -> str | None:
    """The first words of ``summary`` that speak of the data's files or columns, or None."""
    found = DATA_TALK.search(summary)
    return found.group(0) if found else None


def summary_problems(events: pd.DataFrame, file: str, limit: int | None) -> list[Problem]:
    """A problem for each summary (rows with ``_line``) that speaks of the data's own files or columns."""
    problems = []
    for line, summary in zip(events["_line"], events["summary"]):
        words = data_talk(summary) if isinstance(summary, str) else None
        if words is not None:
            problems.append(Problem(file, int(line), "summary", f"speaks of the data ({words!r}), not to the reader: "
                                                                "say what happened, and put how it was read in "
                                                                "event_notes.csv"))
    return problems[:limit]
