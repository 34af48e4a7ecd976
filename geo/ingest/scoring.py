"""How well ingest finds the curated events: recall and precision against ``events.csv``.

Matching, precisely: a candidate from report R **matches** a curated event E when

- E cites R (R's source id is in E's ``sources``; ``sources.csv`` maps R's file to it),
- they have the same ``place_id``, and
- their local days (in the case's time zone) overlap: the candidate's ``date``..``last`` against E's
  local day of ``start`` .. local day of the last moment before ``end`` (E's start day
  alone for an instant).

Type does not take part in matching; :attr:`Score.type_agreement` reports it apart.

- **recall** = curated events citing a scored report that at least one candidate
  from a report they cite matches / curated events citing a scored report;
- **pair recall** = the same counted per (event, cited report) pair, so an event two
  reports describe counts twice and must be found in each;
- **precision** = candidates that match at least one curated event / all candidates.

- **type agreement** = matched candidates whose type is the type of a curated event they
  match / matched candidates.

Run ``python -m geo.scoring [REPORTS_DIR [CASE_ID]]`` to print the figures for a folder of
reports with a ``manifest.csv`` (file, outlet, published), as ``../shared/reports`` has.
A folder that also holds an ``expected.csv`` (file, first, last, place_id, type: events
written by hand, as ``tests/fixtures/reports/heldout`` has) is scored against it instead
of ``events.csv``. A manifest may add a ``case`` column: each report is then read with its
own case's gazetteer and time zone, and the figures are printed per case and together.
``--merged`` merges the candidates across a folder's reports
(:mod:`geo.ingest.merging`) and scores each merged candidate against ``events.csv``
(:class:`MergedScore`). ``--texts DIR`` reads the report texts from another folder than the manifest's (texts that
are other people's words stay outside the repository); ``--role ROLE`` keeps only the
manifest rows of that role (``development`` or ``final-check``).
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from geo import times
from geo.errors import IngestError
from geo.holdings import sides_ever
from geo.ingest.candidates import CandidateEvent, IngestedReport
from geo.ingest.merging import MergedCandidate
from geo.ingest.report import ingest_text

if TYPE_CHECKING:  # the evidence is loaded by the caller (geo.scoring): ingest reads no data folder
    from geo.data.evidence import Evidence

MANIFEST = "manifest.csv"
EXPECTED = "expected.csv"  # hand-written expected events of a fixture folder


@dataclass(frozen=True)
class Score:
    """Recall and precision of a set of ingested reports, with what was missed and what was extra."""

    recall: float
    pair_recall: float
    precision: float
    type_agreement: float
    found: tuple[str, ...]
    missed: tuple[str, ...]
    matched: tuple[tuple[str, CandidateEvent], ...]
    mistyped: tuple[tuple[str, CandidateEvent, str], ...]
    spurious: tuple[tuple[str, CandidateEvent], ...]
    pairs_found: int = 0
    pairs: int = 0

    def describe(self) -> str:
        """The figures and the lists, for a person to read."""
        lines = [
            f"recall {self.recall:.3f} ({len(self.found)}/{len(self.found) + len(self.missed)} curated events), "
            f"pair recall {self.pair_recall:.3f}, "
            f"precision {self.precision:.3f} ({len(self.matched)}/{len(self.matched) + len(self.spurious)} candidates), "
            f"type agreement {self.type_agreement:.3f}",
            "missed: " + (", ".join(self.missed) or "none"),
        ]
        for source, event, wanted in self.mistyped:
            lines.append(f"type differs: {source} {event.date}..{event.last} {event.place_id} {event.type}, "
                         f"curated {wanted}: {event.evidence[:100]}")
        for source, event in self.spurious:
            lines.append(f"spurious: {source} {event.date}..{event.last} {event.place_id} {event.type}: "
                         f"{event.evidence[:100]}")
        return "\n".join(lines)


def curated_days(row: pd.Series | Mapping, zone: tzinfo) -> tuple[date, date]:
    """The first and last local day (in the case's ``zone``) of a curated event."""
    start = pd.Timestamp(row["start"])
    end = row["end"]
    first = times.local_date(start, zone)
    if pd.isna(end) or pd.Timestamp(end) <= start:
        return first, first
    return first, times.local_date(pd.Timestamp(end) - timedelta(microseconds=1), zone)


def _matches(event: CandidateEvent, row: pd.Series, zone: tzinfo) -> bool:
    first, last = curated_days(row, zone)
    return event.place_id == row["place_id"] and event.date <= last and first <= event.last


def score(reports: Mapping[str, IngestedReport], events: pd.DataFrame, zone: tzinfo) -> Score:
    """Score ingested reports, keyed by source id, against curated events (``Evidence.events``) of a case
    in ``zone``."""
    cited = {event_id: set(sources.split("|")) & set(reports) for event_id, sources in zip(events["id"], events["sources"])}
    rows = {row["id"]: row for _, row in events.iterrows() if cited[row["id"]]}
    found_pairs: set[tuple[str, str]] = set()
    matched: list[tuple[str, CandidateEvent]] = []
    spurious: list[tuple[str, CandidateEvent]] = []
    mistyped: list[tuple[str, CandidateEvent, str]] = []
    for source, report in reports.items():
        own = [row for row in rows.values() if source in cited[row["id"]]]
        for candidate in report.events:
            hits = [row for row in own if _matches(candidate, row, zone)]
            found_pairs.update((row["id"], source) for row in hits)
            (matched if hits else spurious).append((source, candidate))
            if hits and not any(row["type"] == candidate.type for row in hits):
                mistyped.append((source, candidate, "|".join(sorted({row["type"] for row in hits}))))
    pairs = sum(len(sources) for sources in cited.values())
    found = tuple(sorted({event_id for event_id, _ in found_pairs}))
    missed = tuple(sorted(set(rows) - set(found)))
    candidates = len(matched) + len(spurious)
    return Score(
        recall=len(found) / len(rows) if rows else 0.0,
        pair_recall=len(found_pairs) / pairs if pairs else 0.0,
        precision=len(matched) / candidates if candidates else 0.0,
        type_agreement=(len(matched) - len(mistyped)) / len(matched) if matched else 0.0,
        found=found, missed=missed, matched=tuple(matched), mistyped=tuple(mistyped), spurious=tuple(spurious),
        pairs_found=len(found_pairs), pairs=pairs,
    )


def combine(scores: Iterable[Score]) -> Score:
    """One score over several, as if their reports and events had been scored together
    (their event ids must not collide)."""
    parts = list(scores)
    found = tuple(sorted(e for s in parts for e in s.found))
    missed = tuple(sorted(e for s in parts for e in s.missed))
    matched = tuple(m for s in parts for m in s.matched)
    spurious = tuple(m for s in parts for m in s.spurious)
    mistyped = tuple(m for s in parts for m in s.mistyped)
    pairs, pairs_found = sum(s.pairs for s in parts), sum(s.pairs_found for s in parts)
    events, candidates = len(found) + len(missed), len(matched) + len(spurious)
    return Score(
        recall=len(found) / events if events else 0.0,
        pair_recall=pairs_found / pairs if pairs else 0.0,
        precision=len(matched) / candidates if candidates else 0.0,
        type_agreement=(len(matched) - len(mistyped)) / len(matched) if matched else 0.0,
        found=found, missed=missed, matched=matched, mistyped=mistyped, spurious=spurious,
        pairs_found=pairs_found, pairs=pairs,
    )


@dataclass(frozen=True)
class MergedScore:
    """How candidates merged across reports match curated events: each should match exactly one.

    A merged candidate **matches** a curated event with its place and type whose days overlap its
    own and which cites at least one of its reports."""

    candidates: int
    one_event: int
    several: tuple[tuple[str, tuple[str, ...]], ...]  # (candidate, the events it matches)
    unmatched: tuple[str, ...]
    events: int  # curated events citing a merged report
    found: int  # of those, matched by a merged candidate
    split: tuple[str, ...]  # events matched by more than one merged candidate

    def describe(self) -> str:
        """The figures and the lists, for a person to read."""
        lines = [f"{self.candidates} merged candidates: {self.one_event} match exactly one curated event, "
                 f"{len(self.several)} several, {len(self.unmatched)} none; curated events found "
                 f"{self.found}/{self.events}, split over several candidates {len(self.split)}"]
        lines += [f"several: {name} -> {', '.join(ids)}" for name, ids in self.several]
        lines += [f"none: {name}" for name in self.unmatched]
        lines += [f"split: {event_id}" for event_id in self.split]
        return "\n".join(lines)


def score_merged(merged: Sequence[MergedCandidate], events: pd.DataFrame, zone: tzinfo) -> MergedScore:
    """Score candidates merged across reports (:func:`geo.ingest.merging.merge_candidates`) against
    curated events of a case in ``zone``."""
    cited = {event_id: set(sources.split("|")) for event_id, sources in zip(events["id"], events["sources"])}
    reports = {source for candidate in merged for source in candidate.sources}
    rows = [row for _, row in events.iterrows() if cited[row["id"]] & reports]
    one, several, unmatched = 0, [], []
    matched_by: dict[str, int] = {}
    for candidate in merged:
        event = candidate.event
        name = f"{event.date}..{event.last} {event.place_id} {event.type} ({'|'.join(candidate.sources)})"
        hits = [row["id"] for row in rows if row["type"] == event.type and _matches(event, row, zone)
                and cited[row["id"]] & set(candidate.sources)]
        for event_id in hits:
            matched_by[event_id] = matched_by.get(event_id, 0) + 1
        if len(hits) == 1:
            one += 1
        elif hits:
            several.append((name, tuple(hits)))
        else:
            unmatched.append(name)
    return MergedScore(candidates=len(merged), one_event=one, several=tuple(several), unmatched=tuple(unmatched),
                       events=len(rows), found=len(matched_by),
                       split=tuple(sorted(e for e, n in matched_by.items() if n > 1)))


def read_manifest(folder: Path, role: str | None = None) -> list[dict[str, str]]:
    """The rows of a reports folder's manifest.csv: file, outlet, published (and maybe case, role);
    only those of ``role`` when it is given."""
    path = folder / MANIFEST
    if not path.is_file():
        raise IngestError(f"{path}: missing; expected a CSV with columns file, outlet, published")
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for line, row in enumerate(rows, start=2):
        for column in ("file", "outlet", "published"):
            if not (row.get(column) or "").strip():
                raise IngestError(f"{path.name}:{line}: {column}: required value is empty")
    if role is not None:
        rows = [row for row in rows if (row.get("role") or "").strip() == role]
        if not rows:
            raise IngestError(f"{path}: no row has role {role!r}")
    return rows


def ingest_folder(folder: Path, loaded: Evidence, *, texts: Path | None = None) -> dict[str, IngestedReport]:
    """Ingest every report a manifest lists, keyed by the id ``sources.csv`` gives its file, reading each
    text from ``texts`` (default: the manifest's folder)."""
    texts = folder if texts is None else texts
    by_file = {source.file: source.id for source in loaded.sources.values()}
    reports = {}
    for line, row in enumerate(read_manifest(folder), start=2):
        if row["file"] not in by_file:
            raise IngestError(f"{MANIFEST}:{line}: file: {row['file']!r} is not a file in sources.csv")
        try:
            published = date.fromisoformat(row["published"])
        except ValueError:
            raise IngestError(f"{MANIFEST}:{line}: published: expected YYYY-MM-DD, instead got {row['published']!r}") from None
        text = _read_report(texts / row["file"])
        reports[by_file[row["file"]]] = ingest_text(text, published, row["outlet"], loaded.gazetteer, file=row["file"],
                                                    zone=loaded.case.timezone, sides=sides_ever(loaded.holdings),
                                                    place_references=loaded.place_references)
    return reports


def read_expected(folder: Path, zone: tzinfo) -> pd.DataFrame:
    """A fixture folder's hand-written expected events as curated events: ids ``x1``, ``x2`` ...,
    each citing its report's file name, spanning its local days ``first``..``last`` (in ``zone``)."""
    path = folder / EXPECTED
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    events = []
    for line, row in enumerate(rows, start=2):
        try:
            first, last = date.fromisoformat(row["first"]), date.fromisoformat(row["last"])
        except (KeyError, TypeError, ValueError):
            raise IngestError(f"{path.name}:{line}: first/last: expected YYYY-MM-DD dates, "
                              f"instead got {row.get('first')!r}, {row.get('last')!r}") from None
        events.append({"id": f"x{line - 1}", "start": pd.Timestamp(times.local_day_start(first, zone)),
                       "end": pd.Timestamp(times.local_day_span(last, zone)[1]), "place_id": row["place_id"],
                       "type": row["type"], "sources": row["file"]})
    return pd.DataFrame(events, columns=["id", "start", "end", "place_id", "type", "sources"])


def ingest_fixtures(folder: Path, loaded: Evidence, *, texts: Path | None = None,
                    rows: Sequence[dict[str, str]] | None = None) -> dict[str, IngestedReport]:
    """Ingest every report a manifest lists (or the given ``rows`` of it), keyed by its file name (what
    ``expected.csv`` cites), reading each text from ``texts`` (default: the manifest's folder)."""
    reports = {}
    texts = folder if texts is None else texts
    for line, row in enumerate(read_manifest(folder) if rows is None else rows, start=2):
        try:
            published = date.fromisoformat(row["published"])
        except ValueError:
            raise IngestError(f"{MANIFEST}:{line}: published: expected YYYY-MM-DD, instead got {row['published']!r}") from None
        text = _read_report(texts / row["file"])
        reports[row["file"]] = ingest_text(text, published, row["outlet"], loaded.gazetteer, file=row["file"],
                                           zone=loaded.case.timezone, sides=sides_ever(loaded.holdings),
                                           place_references=loaded.place_references)
    return reports


def _read_report(path: Path) -> str:
    if not path.is_file():
        raise IngestError(f"{path}: missing; the manifest lists it (give the texts' folder with --texts)")
    return path.read_text(encoding="utf-8")


def score_folder(folder: Path, loaded: Evidence, *, texts: Path | None = None) -> Score:
    """Score a folder of reports: against its ``expected.csv`` if it has one, else against ``events.csv``."""
    if (folder / EXPECTED).is_file():
        return score(ingest_fixtures(folder, loaded, texts=texts), read_expected(folder, loaded.case.timezone),
                     loaded.case.timezone)
    return score(ingest_folder(folder, loaded, texts=texts), loaded.events, loaded.case.timezone)


def score_by_case(folder: Path, load: Callable[[str], Evidence], *, texts: Path | None = None,
                  role: str | None = None) -> dict[str, Score]:
    """Score a folder whose manifest names each report's ``case`` against its ``expected.csv``: each report
    read with its case's evidence (``load(case_id)``), scored per case; keyed by case id."""
    rows = read_manifest(folder, role)
    cases_of: dict[str, list[dict[str, str]]] = {}
    for line, row in enumerate(rows, start=2):
        if not (row.get("case") or "").strip():
            raise IngestError(f"{folder / MANIFEST}:{line}: case: required value is empty")
        cases_of.setdefault(row["case"].strip(), []).append(row)
    scores = {}
    for case_id, own in cases_of.items():
        loaded = load(case_id)
        files = {row["file"] for row in own}
        expected = read_expected(folder, loaded.case.timezone)
        expected = expected[expected["sources"].isin(files)].reset_index(drop=True)
        scores[case_id] = score(ingest_fixtures(folder, loaded, texts=texts, rows=own), expected,
                                loaded.case.timezone)
    return scores
