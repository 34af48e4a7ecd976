"""Accepting reviewed candidates into a case: the one code path of ``evacmap accept`` and the dashboard's Save.

:func:`accept` takes the rows of a review (:mod:`geo.workbench.review`) whose decision is ``accept``, gives each
the next free event id (``e057``) and each of its claims the next free claim id (``c213``), builds the would-be
``events.csv`` and ``claims.csv`` in a scratch copy of the case and runs :func:`geo.data.validation.validate` on
it (:mod:`geo.data.newrows`, the path every command that adds rows takes). A loose report the rows cite that the
case lacks (:mod:`geo.workbench.newsources`) becomes a ``sources.csv`` row with its archived copy in the same copy,
the rows rewritten to cite its new id. Only when that copy validates are the files written (each atomically; those
written first put back if a later one fails), every added row appended to ``changes.csv`` and, with new sources,
``datapackage.json`` rewritten. Otherwise nothing is written and the problems are raised, each naming the review's
line where the row came from::

    done = accept(Path("data/my-case"), read_review(Path("review.csv").read_bytes(), "review.csv"),
                  reason="reviewed the wire reports of 1 May")
    done.events  # (('k001', 'e024'), ('k003', 'e025'))
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from geo.data import archive, changes, newrows, package, schema
from geo.data.schema import LIST_SEPARATOR
from geo.data.tablefile import parse_csv, read_table
from geo.errors import DataFileError, Problem
from geo.workbench import newsources
from geo.workbench.newsources import LooseReport
from geo.workbench.review import ACCEPT, DRAFT, ClaimText, ReviewRow, read_claims, read_review, span

DEFAULT_REASON = "accepted from review"


@dataclass(frozen=True)
class Accepted:
    """What :func:`accept` wrote: each accepted candidate's new event id, the new claim ids, the changes recorded, and
    what became of the loose reports the rows cite."""

    events: tuple[tuple[str, str], ...]
    claims: tuple[str, ...]
    changes: int
    sources: tuple[tuple[str, str], ...] = ()
    """Each loose report added as a source: the review's id and its new source id."""
    already: tuple[tuple[str, str], ...] = ()
    """Each loose report whose text the case held already: the review's id and the source id it is cited as."""


def next_ids(taken: Sequence[str], prefix: str, count: int) -> list[str]:
    """``count`` ids ``{prefix}NNN`` after the highest one ``taken`` holds, none of them taken (at least 3 digits).

    >>> next_ids(["e001", "e009", "e_x"], "e", 2)
    ['e010', 'e011']
    """
    numbers = [m.group(1) for i in taken if (m := re.fullmatch(rf"{prefix}(\d+)", i))]
    width = max([3, *(len(n) for n in numbers)])
    n, used = max((int(x) for x in numbers), default=0), set(taken)
    found: list[str] = []
    while len(found) < count:
        n += 1
        if (name := f"{prefix}{n:0{width}d}") not in used:
            found.append(name)
    return found


def _rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig"))))


def row_problems(row: ReviewRow, name: str) -> list[Problem]:
    """What keeps a row from being accepted before any file is built: its summary, its sources, its claims (its days
    are :func:`~geo.workbench.review.span`'s)."""
    found = []
    if not row.summary:
        found.append(Problem(name, row.line, "summary", f"{row.candidate}: empty; write what happened, in your words"))
    elif row.summary.startswith(DRAFT.strip()):
        found.append(Problem(name, row.line, "summary", f"{row.candidate}: still the draft; rewrite it, or take "
                                                        f"{DRAFT.strip()!r} away to confirm it"))
    if not row.sources:
        found.append(Problem(name, row.line, "sources", f"{row.candidate}: expected the source ids of sources.csv "
                                                        "the event is read from"))
    _, wrong = read_claims(row.claims)
    found += [Problem(name, row.line, "claims", f"{row.candidate}: {message}") for message in wrong]
    return found


def accept(case_dir: Path, rows: Sequence[ReviewRow], *, reason: str = DEFAULT_REASON, editor: str | None = None,
           name: str = "review", now: datetime | None = None,
           reports: Mapping[str, LooseReport] | None = None) -> Accepted:
    """Write the accepted rows of a review into the case; see the module's text.

    ``reports`` are the loose reports the review cites by id that the case may not hold yet (the dashboard's uploads
    and pasted text), beside those the rows' ``new_sources`` cells name (:mod:`geo.workbench.newsources`): each one an
    accepted row cites becomes a source of the case in the same write, or is cited as the source holding its text.
    Raises DataFileError listing every problem as FILE:LINE: column: message (a row's own problems against ``name``
    and its line there; a would-be file's as that file's, with the review line it came from) and writes nothing;
    ExportError when a file cannot be written (each as it was).
    """
    case_dir = Path(case_dir)
    case, problems = package.read_case(case_dir)
    if case is None:
        raise DataFileError(problems)
    chosen = [r for r in rows if r.decision.casefold() == ACCEPT]
    if not chosen:
        raise DataFileError(Problem(name, 0, "decision", "no row says accept; nothing was written"))
    if (case_dir / "events.parquet").exists():
        raise DataFileError(Problem("events.parquet", 0, "", "this case keeps its events in events.parquet; accept "
                                                             "writes events.csv, so nothing was written"))
    problems = [p for r in chosen for p in row_problems(r, name)]
    spans = {r.candidate: span(r, case.timezone) for r in chosen}
    wrongs = {r.candidate: wrong for r in chosen if (wrong := spans[r.candidate][2])}
    problems += [Problem(name, r.line, wrongs[r.candidate].split(":", 1)[0],
                         f"{r.candidate}: {wrongs[r.candidate].split(': ', 1)[1]}") for r in chosen if r.candidate in wrongs]
    loose, wrong_cells = newsources.from_cells([(r.line, r.new_sources) for r in chosen], name)
    problems += wrong_cells
    if problems:
        raise DataFileError(sorted(problems, key=lambda p: p.line))

    when = now or datetime.now(UTC).replace(microsecond=0)
    who = editor or changes.editor()
    claims_of = {r.candidate: read_claims(r.claims)[0] for r in chosen}
    cited = _cited(chosen, claims_of)
    loose = {**loose, **(reports or {})}
    sourcing = newsources.sourced(_known_sources(case_dir) if set(cited) & set(loose) else [],
                                  {key: line for key, line in cited.items() if key in loose}, loose, name=name,
                                  captured=when)

    def cite(source_id: str) -> str:
        return sourcing.ids.get(source_id, source_id)

    events_path, claims_path = case_dir / schema.EVENTS.file, case_dir / schema.CLAIMS.file
    old_events, old_claims = events_path.read_bytes(), claims_path.read_bytes()
    event_rows, claim_rows = _rows(old_events), _rows(old_claims)
    event_ids = next_ids([r.get("id", "") for r in event_rows], "e", len(chosen))
    claim_ids = iter(next_ids([r.get("id", "") for r in claim_rows], "c", sum(len(c) for c in claims_of.values())))
    new_events: dict[str, dict[str, str]] = {}
    new_claims: dict[str, dict[str, str]] = {}
    came_from: dict[str, int] = {}  # new row id -> its line in the review
    for row, event_id in zip(chosen, event_ids, strict=True):
        start, end, _ = spans[row.candidate]
        sources = dict.fromkeys(cite(s.strip()) for s in row.sources.split(LIST_SEPARATOR))
        new_events[event_id] = {"id": event_id, "start": start, "end": end, "time_precision": row.time_precision,
                                "geo_precision": row.geo_precision, "place_id": row.place_id, "type": row.type,
                                "actors": row.actors, "summary": row.summary, "sources": LIST_SEPARATOR.join(sources)}
        came_from[event_id] = row.line
        for claim in claims_of[row.candidate]:
            claim_id = next(claim_ids)
            new_claims[claim_id] = {"id": claim_id, "event_id": event_id, "quantity": claim.quantity,
                                    "value": _number(claim.value), "low": _number(claim.low), "high": _number(claim.high),
                                    "qualifier": claim.qualifier, "unit": claim.unit, "claimed_by": claim.claimed_by,
                                    "source_id": cite(claim.source_id), "note": ""}
            came_from[claim_id] = row.line
    files, new_sources = _source_files(case_dir, sourcing)
    came_from.update({source_id: cited[key] for key, source_id in sourcing.ids.items() if source_id in new_sources})
    events_bytes, problems = newrows.appended(old_events, schema.EVENTS, list(new_events.values()))
    claims_bytes, claim_problems = newrows.appended(old_claims, schema.CLAIMS, list(new_claims.values()))
    files |= {schema.EVENTS.file: events_bytes, schema.CLAIMS.file: claims_bytes}
    recorded = [c for file, added in ((schema.SOURCES.file, new_sources), (schema.EVENTS.file, new_events),
                                      (schema.CLAIMS.file, new_claims))
                for c in changes.diff(file, {}, added, editor=who, reason=reason, time=when)]
    changes_path = case_dir / changes.FILE
    files[changes.FILE] = changes.appended(changes_path.read_bytes() if changes_path.is_file() else b"", recorded,
                                           str(changes_path))
    problems = problems + claim_problems or _would_be(case_dir, files, came_from, name)
    if problems:
        raise DataFileError(problems)
    if new_sources:  # the descriptor lists the sources, as `evacmap add-source` rewrites it
        files[package.DESCRIPTOR] = newrows.descriptor(case_dir, files)
    newrows.write(case_dir, files)
    return Accepted(tuple((r.candidate, e) for r, e in zip(chosen, event_ids, strict=True)), tuple(new_claims),
                    len(recorded), tuple((key, i) for key, i in sourcing.ids.items() if i in new_sources),
                    tuple(sourcing.already.items()))


def _source_files(case_dir: Path, sourcing: newsources.Sourcing) -> tuple[dict[str, bytes], dict[str, dict[str, str]]]:
    """The archived copies of the new sources, then ``sources.csv`` with their rows (none: no file at all), and those
    rows by id."""
    files: dict[str, bytes] = {source.archive: data for source, data in sourcing.added}
    rows = {source.id: archive.source_row(source) for source, _ in sourcing.added}
    if rows:
        path = case_dir / schema.SOURCES.file
        data = path.read_bytes() if path.is_file() else b""
        for row in rows.values():
            data = archive.rows_with(data, row)
        files[schema.SOURCES.file] = data
    return files, rows


def _cited(chosen: Sequence[ReviewRow], claims_of: Mapping[str, Sequence[ClaimText]]) -> dict[str, int]:
    """Every source id the rows cite (their ``sources`` and their claims'), each with the first line citing it."""
    found: dict[str, int] = {}
    for row in chosen:
        for source_id in [s.strip() for s in row.sources.split(LIST_SEPARATOR)] + [c.source_id for c in
                                                                                  claims_of[row.candidate]]:
            if source_id:
                found.setdefault(source_id, row.line)
    return found


def _known_sources(case_dir: Path) -> list[dict[str, str]]:
    """The rows of the case's ``sources.csv`` (each with its ``_line``); raises DataFileError for a file that cannot
    be read."""
    path = case_dir / schema.SOURCES.file
    if not path.is_file():
        return []
    frame, problems = read_table(path, schema.SOURCES)
    if problems:
        raise DataFileError(problems)
    return [{str(k): str(v) for k, v in r.items()} for r in frame.to_dict("records")]


def _number(value: float | None) -> str:
    if value is None:
        return ""
    return f"{int(value)}" if float(value).is_integer() else f"{value}"


def _would_be(case_dir: Path, files: Mapping[str, bytes], came_from: Mapping[str, int], name: str) -> list[Problem]:
    """The problems of the case with ``files`` in place of its own (:func:`geo.data.newrows.problems`); a problem on a
    row the review added says which review line it came from."""
    found = newrows.problems(case_dir, files)
    lines: dict[tuple[str, int], int] = {}
    for file, data in files.items():
        if file not in (schema.EVENTS.file, schema.CLAIMS.file, schema.SOURCES.file):
            continue
        frame, _ = parse_csv(data, schema.BY_FILE[file], file)
        for row_id, line in zip(frame["id"], frame["_line"]):
            if row_id in came_from:
                lines[(file, int(line))] = came_from[row_id]
    return [Problem(p.file, p.line, p.column, p.message + (f" (from {name} line {lines[(p.file, p.line)]})"
                                                           if (p.file, p.line) in lines else ""))
            for p in found]


def accept_file(case_dir: Path, review: Path, *, reason: str = DEFAULT_REASON, editor: str | None = None) -> Accepted:
    """:func:`accept` on a reviewed file (read by :func:`geo.workbench.review.read_review`)."""
    return accept(case_dir, read_review(Path(review).read_bytes(), Path(review).name), reason=reason, editor=editor,
                  name=Path(review).name)
