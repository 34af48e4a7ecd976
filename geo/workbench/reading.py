"""A case's own sources read for review: each report's text from the case (or a folder of texts), with its own
publication date and outlet from ``sources.csv``, keyed by its source id; and the candidates the case does not
hold yet (:func:`unrecorded`), so a source reviewed again does not offer what was accepted from it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from pathlib import Path

import pandas as pd

from geo import ingest, times
from geo.data.evidence import Evidence
from geo.data.schema import LIST_SEPARATOR
from geo.data.tablefile import decode
from geo.errors import IngestError
from geo.holdings import sides_ever
from geo.ingest.candidates import IngestedReport
from geo.ingest.cleaning import read_report
from geo.ingest.merging import MergedCandidate


def text_path(evidence: Evidence, source_id: str, texts: Path | None = None) -> Path | None:
    """Where a source's text is: its archived copy in the case (``archive``), else its ``file`` in ``texts``;
    None when neither is a file."""
    source = evidence.sources[source_id]
    candidates = [evidence.folder / source.archive if source.archive else None,
                  Path(texts) / source.file if texts is not None and source.file else None]
    return next((p for p in candidates if p is not None and p.is_file()), None)


def read_text(path: Path, name: str) -> str:
    """A report file's text; raises IngestError naming ``name`` for what is not UTF-8 or holds nothing."""
    return read_file(path, name)[1]


def read_file(path: Path, name: str) -> tuple[bytes, str]:
    """A report file's bytes and its text; raises IngestError as :func:`read_text` does."""
    data = read_report(path)
    text, problems = decode(data, name)
    if problems:
        raise IngestError(str(problems[0]))
    if not text.strip():
        raise IngestError(f"{name}: the report is empty" if not text else
                          f"{name}: the report holds only blank space ({len(text):,} characters); nothing to ingest")
    return data, text


def ingest_one(evidence: Evidence, text: str, name: str, published: date, outlet: str | None,
               limit: int | None = None) -> IngestedReport:
    """One report's candidates, read with the case's gazetteer, zone, sides and place phrases."""
    options = {"limit": limit} if limit is not None else {}
    return ingest.ingest_text(text, published, outlet, evidence.gazetteer, file=name, zone=evidence.case.timezone,
                              sides=sides_ever(evidence.holdings), place_references=evidence.place_references, **options)


def case_reports(evidence: Evidence, texts: Path | None = None,
                 limit: int | None = None) -> tuple[dict[str, IngestedReport], list[str]]:
    """The candidates of every source of the case whose text is here, keyed by source id, each read with its own
    ``published`` and ``outlet``; and the ids of the sources without a text (:func:`text_path`)."""
    reports, missing = {}, []
    for source in evidence.sources.values():
        path = text_path(evidence, source.id, texts)
        if path is None:
            missing.append(source.id)
            continue
        reports[source.id] = ingest_one(evidence, read_text(path, str(path)), str(path), source.published, source.outlet,
                                        limit)
    return reports, missing


def unrecorded(evidence: Evidence, merged: Sequence[MergedCandidate]) -> tuple[list[MergedCandidate], int]:
    """The merged candidates the case does not hold yet, and how many it does: a candidate is held when an event
    of the case has its place and type, overlaps its local days and cites one of its sources (one accepted before)."""
    events = evidence.events
    zone = evidence.case.timezone
    kept, recorded = [], 0
    for candidate in merged:
        event = candidate.event
        first, last = times.local_day_start(event.date, zone), times.local_day_span(event.last, zone)[1]
        same = events.loc[(events["place_id"] == event.place_id) & (events["type"] == event.type)
                          & (events["start"] < pd.Timestamp(last)) & (events["span_end"] > pd.Timestamp(first))]
        cited = {s for cell in same["sources"] for s in cell.split(LIST_SEPARATOR)}
        if cited & set(candidate.sources):
            recorded += 1
        else:
            kept.append(candidate)
    return kept, recorded
