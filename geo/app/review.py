"""Reviewing a report's candidate events: reading the pasted or uploaded report, and the reviewer's decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from geo import ingest
from geo.app.files import report_text
from geo.app.listings import CANDIDATE_CHOICES
from geo.data.evidence import Evidence
from geo.errors import IngestError
from geo.holdings import sides_ever
from geo.ingest.candidates import CandidateEvent, IngestedReport

UNDECIDED, ACCEPT, REJECT = CANDIDATE_CHOICES


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


def decisions(count: int, edited_rows: Mapping[object, Mapping[str, str]]) -> list[str]:
    """The decision on each of ``count`` candidates: the review table's edits (row -> changed cells) over
    "undecided"; edits of rows that are not there are ignored."""
    decided = [UNDECIDED] * count
    for row, edit in edited_rows.items():
        if 0 <= int(row) < count:
            decided[int(row)] = edit.get("Decision", decided[int(row)])
    return decided


def with_decision(candidates: Sequence[CandidateEvent], decided: Sequence[str], *wanted: str) -> list[CandidateEvent]:
    """The candidates whose decision is one of ``wanted``."""
    return [c for c, d in zip(candidates, decided, strict=True) if d in wanted]
