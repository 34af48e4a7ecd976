"""Reviewing candidate events: reading the pasted or uploaded reports, merging what several describe into one
candidate per event, and the reviewer's decisions.

Several reports read at once are reviewed as merged candidates (:func:`geo.ingest.merge_candidates`:
same place, same type, overlapping days), one row each with every report that describes it, so a
reviewer accepts an event once however many reports tell it; the accepted rows cite them all.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date, datetime, tzinfo
from typing import TypeVar

import pandas as pd

from geo import ingest
from geo.app.files import report_text
from geo.app.listings import CANDIDATE_CHOICES, candidate_rows
from geo.data.evidence import Evidence
from geo.errors import IngestError
from geo.holdings import sides_ever
from geo.ingest.candidates import IngestedReport
from geo.ingest.merging import MergedCandidate

UNDECIDED, ACCEPT, REJECT = CANDIDATE_CHOICES
SOURCES_COLUMN = "Sources"  # the review table's column naming the reports that describe a merged candidate
# an uploaded file named as a source id says its outlet and publication date: "reuters_20161215.txt"
_SOURCE_NAME = re.compile(r"(?P<outlet>[A-Za-z0-9][\w-]*?)_(?P<day>\d{8})(?:_\d+)?\.txt", re.IGNORECASE)


def read_report(text: str, published: date | None, outlet: str | None, evidence: Evidence, *,
                upload: tuple[str, bytes] | None = None) -> IngestedReport:
    """The candidate events of a pasted report, or of an uploaded ``(name, bytes)`` one instead.

    Raises :class:`~geo.errors.IngestError` saying what is missing (no text, no publication date) or wrong;
    text over :data:`geo.ingest.REQUEST_MAX_CHARS` is refused, so one request cannot hold the server for long.
    """
    if upload is not None:
        text = report_text(*upload)
    if not text.strip():
        raise IngestError("paste a report's text or upload a .txt file first")
    if published is None:
        raise IngestError("give the report's publication date: relative dates (Thursday, yesterday) count from it")
    return ingest.ingest_text(text, published, outlet or None, evidence.gazetteer, zone=evidence.case.timezone,
                              sides=sides_ever(evidence.holdings), place_references=evidence.place_references,
                              file=upload[0] if upload is not None else "pasted", limit=ingest.REQUEST_MAX_CHARS)


def decisions(count: int, edited_rows: Mapping[int | str, Mapping[str, str]]) -> list[str]:
    """The decision on each of ``count`` candidates: the review table's edits (row -> changed cells) over
    "undecided"; edits of rows that are not there are ignored."""
    decided = [UNDECIDED] * count
    for row, edit in edited_rows.items():
        if 0 <= int(row) < count:
            decided[int(row)] = edit.get("Decision", decided[int(row)])
    return decided


Candidate = TypeVar("Candidate")  # a candidate event, or a merged one


def with_decision(candidates: Sequence[Candidate], decided: Sequence[str], *wanted: str) -> list[Candidate]:
    """The candidates whose decision is one of ``wanted``."""
    return [c for c, d in zip(candidates, decided, strict=True) if d in wanted]


def named(name: str) -> tuple[str | None, date | None]:
    """The outlet and publication date an uploaded file's name gives (``reuters_20161215.txt`` -> ``("reuters",
    2016-12-15)``), or ``(None, None)`` for any other name or an impossible date."""
    m = _SOURCE_NAME.fullmatch(name)
    if m is None:
        return None, None
    try:
        day = datetime.strptime(m["day"], "%Y%m%d").date()
    except ValueError:
        return None, None
    return m["outlet"].replace("_", " "), day


def read_reports(text: str, published: date | None, outlet: str | None, evidence: Evidence, *,
                 uploads: Sequence[tuple[str, bytes]] = ()) -> dict[str, IngestedReport]:
    """The pasted report and every uploaded ``(name, bytes)`` one, read at once, keyed by source id
    (:func:`geo.ingest.by_source`). An upload named as a source id (``reuters_20161215.txt``) is read with
    its own outlet and date; every other report with the ``published`` and ``outlet`` given.

    Raises :class:`~geo.errors.IngestError` as :func:`read_report` does, naming the upload at fault.
    """
    reports = [read_report(text, published, outlet, evidence)] if text.strip() or not uploads else []
    for name, data in uploads:
        own_outlet, own_day = named(name)
        reports.append(read_report("", own_day or published, own_outlet or outlet, evidence, upload=(name, data)))
    return ingest.by_source(reports)


def merged(reports: Mapping[str, IngestedReport]) -> tuple[MergedCandidate, ...]:
    """The candidates of the reports read at once, one per event (:func:`geo.ingest.merge_candidates`)."""
    return ingest.merge_candidates(reports)


def merged_rows(evidence: Evidence, candidates: Sequence[MergedCandidate], decided: Sequence[str]) -> pd.DataFrame:
    """The review table of merged candidates: one row each, its reports in :data:`SOURCES_COLUMN`."""
    rows = candidate_rows(evidence, [m.event for m in candidates], decided)
    rows.insert(len(rows.columns) - 1, SOURCES_COLUMN, [", ".join(m.sources) for m in candidates])
    return rows


def accepted_rows(candidates: Sequence[MergedCandidate], decided: Sequence[str], zone: tzinfo) -> pd.DataFrame:
    """The accepted merged candidates as ``events.csv`` rows, each citing every report that describes it."""
    return ingest.merged_frame(with_decision(candidates, decided, ACCEPT), zone=zone)
