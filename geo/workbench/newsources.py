"""The reports a review cites that are not sources of the case yet, and the ``sources.csv`` rows accept makes of them.

A review of loose files (``evacmap ingest a.txt=2022-05-01=Reuters``) or of reports uploaded or pasted in the
dashboard cites each report by the id ingest gave it (``reuters_20220501``) before the case holds it. The review file
carries each such report in the ``new_sources`` cell of every row citing it: a JSON object, the review's id ->
``{"file", "published", "outlet", "url", "sha256"}``, the file's path as ingest read it and the SHA-256 of its bytes
then (:func:`cell`), so ``evacmap accept`` reads the same text again (:func:`from_cells`) and refuses one that changed
since; the dashboard keeps the uploaded and pasted texts in its session and hands them over as they are.

:func:`sourced` makes those the accepted rows cite into new sources exactly as :func:`geo.data.archive.add_source`
does (:func:`geo.data.archive.new_source`: a copy under ``sources/``, its SHA-256, the capture time, the publication
date, the outlet and the address), under the first free ``outlet_yyyymmdd`` id; a text the case holds already (the
same hash) is cited as the source holding it, never added twice. A report without an outlet is refused, naming its
file: an outlet is never guessed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from geo.data import archive
from geo.errors import DataFileError, IngestError, Problem
from geo.ingest.cleaning import read_report
from geo.sources import Source

COLUMN = "new_sources"
"""The review file's column of the reports a row cites that are not sources of the case yet."""
FIELDS = ("file", "published", "outlet", "url", "sha256")
PASTED = "the pasted text"


@dataclass(frozen=True)
class LooseReport:
    """A report a review cites that the case does not hold yet: its text, and what its ``sources.csv`` row needs.

    ``file`` names it (a path or a file's name; empty for a pasted text); ``outlet`` is empty when nobody gave it."""

    file: str
    text: bytes
    published: date
    outlet: str = ""
    url: str = ""


@dataclass(frozen=True)
class Sourcing:
    """What :func:`sourced` made of the loose reports the accepted rows cite: each one's source id in the case (the
    review's id -> the case's), the new sources with the bytes of their copies, and the loose reports the case held
    already (the review's id -> the source holding the text)."""

    ids: Mapping[str, str] = field(default_factory=dict)
    added: tuple[tuple[Source, bytes], ...] = ()
    already: Mapping[str, str] = field(default_factory=dict)


def cell(reports: Mapping[str, LooseReport]) -> str:
    """The ``new_sources`` cell of a row citing ``reports`` (the review's id -> report; empty: ``""``)."""
    if not reports:
        return ""
    return json.dumps({key: {"file": r.file, "published": r.published.isoformat(), "outlet": r.outlet, "url": r.url,
                             "sha256": archive.sha256(r.text)} for key, r in reports.items()}, ensure_ascii=False)


def from_cells(rows: Sequence[tuple[int, str]], name: str) -> tuple[dict[str, LooseReport], list[Problem]]:
    """The loose reports the ``new_sources`` cells of review rows name (each ``(line, cell)``), each text read again
    from its file; and the problems: a cell that is not such JSON, two rows that describe one id apart, a file that
    cannot be read or whose bytes are no longer those ingest read."""
    found: dict[str, LooseReport] = {}
    given: dict[str, tuple[int, dict[str, str]]] = {}
    problems: list[Problem] = []
    for line, text in rows:
        if not text.strip():
            continue
        entries = _entries(text)
        if entries is None:
            problems.append(Problem(name, line, COLUMN, f"expected what `evacmap ingest --format csv` wrote: a JSON "
                                                        f"object of source id -> {{{', '.join(FIELDS)}}}"))
            continue
        for key, entry in entries.items():
            if key in given:
                if given[key][1] != entry:
                    problems.append(Problem(name, line, COLUMN, f"{key}: described otherwise on line {given[key][0]}; "
                                                                "give one report the same file, date and outlet"))
                continue
            given[key] = (line, entry)
            report = _report(key, entry, line, name, problems)
            if report is not None:
                found[key] = report
    return found, problems


def _entries(text: str) -> dict[str, dict[str, str]] | None:
    """The cell's entries, each field as text; None when it is not a JSON object of objects with the :data:`FIELDS`."""
    try:
        entries = json.loads(text)
    except ValueError:
        return None
    if not isinstance(entries, dict) or not all(isinstance(e, dict) for e in entries.values()):
        return None
    if not all(set(e) <= set(FIELDS) and isinstance(e.get("file"), str) and e.get("file") for e in entries.values()):
        return None
    return {str(k): {f: "" if e.get(f) is None else str(e.get(f)) for f in FIELDS} for k, e in entries.items()}


def _report(key: str, entry: Mapping[str, str], line: int, name: str, problems: list[Problem]) -> LooseReport | None:
    """One entry's report, its text read from its file; None (with the problem added) when that fails."""
    file = entry["file"]
    try:
        published = date.fromisoformat(entry["published"])
    except ValueError:
        problems.append(Problem(name, line, COLUMN, f"{key}: published: expected YYYY-MM-DD, instead got "
                                                    f"{entry['published']!r}"))
        return None
    try:
        data = read_report(Path(file), archive.MAX_SOURCE_BYTES)
    except IngestError as error:
        problems.append(Problem(name, line, COLUMN, f"{key}: {error}"))
        return None
    if entry["sha256"] and archive.sha256(data) != entry["sha256"]:
        problems.append(Problem(name, line, COLUMN, f"{key}: {file} changed since it was ingested (its SHA-256 is no "
                                                    "longer the one recorded here): ingest it again and review anew"))
        return None
    return LooseReport(file, data, published, entry["outlet"].strip(), entry["url"].strip())


def sourced(known: Sequence[Mapping[str, str]], cited: Mapping[str, int], reports: Mapping[str, LooseReport], *,
            name: str, captured: datetime) -> Sourcing:
    """The sources the loose ``reports`` that accepted rows cite become beside the ``known`` rows of ``sources.csv``
    (``cited``: the review's id -> the first review line citing it; ids that are not loose reports are left alone).

    Raises DataFileError naming each report at fault and the review line citing it: no outlet, a text that is not
    UTF-8, empty, or too large. Nothing is written."""
    rows = [dict(r) for r in known]
    ids: dict[str, str] = {}
    already: dict[str, str] = {}
    added: list[tuple[Source, bytes]] = []
    problems: list[Problem] = []
    for key, line in cited.items():
        report = reports.get(key)
        if report is None:
            continue
        holding = archive.holding_text(rows, archive.sha256(report.text))
        if holding is not None:
            ids[key] = already[key] = holding["id"]
            continue
        if not report.outlet:
            problems.append(Problem(name, line, "sources", f"{key}: no outlet is given for {report.file or PASTED}, "
                                                           "and none is guessed: say who published it (`evacmap "
                                                           "ingest FILE=YYYY-MM-DD=OUTLET`, the outlet in the row's "
                                                           f"{COLUMN}, or the dashboard's outlet field)"))
            continue
        try:
            source, data = archive.new_source(report.text, outlet=report.outlet, published=report.published,
                                              known=rows, url=report.url or None,
                                              file=Path(report.file).name if report.file else None,
                                              captured=captured)
        except DataFileError as error:
            problems += [Problem(p.file, p.line, p.column, f"{p.message} (cited as {key} on {name} line {line})")
                         for p in error.problems]
            continue
        ids[key] = source.id
        added.append((source, data))
        rows.append({**archive.source_row(source), "_line": "0"})
    if problems:
        raise DataFileError(problems)
    return Sourcing(ids, tuple(added), already)
