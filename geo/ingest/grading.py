"""How well ingest finds the curated events: recall and precision against ``events.csv`` (or hand-written events).

Matching, strictly: a candidate from report R **may match** a curated event E when

- E cites R (R's source id is in E's ``sources``; ``sources.csv`` maps R's file to it),
- they have the same ``place_id`` and the same ``type``, and
- their local days (in the case's time zone) overlap: the candidate's ``date``..``last`` against E's
  local day of ``start`` .. local day of the last moment before ``end`` (E's start day
  alone for an instant).

Of those pairs, each report's candidates are matched to the (event, R) pairs by a maximum bipartite matching
(:func:`maximum_matching`): a candidate is matched to at most one event, and an event to at most one candidate of
each report it cites. Two candidates for one event count once; the second counts against precision.

- **recall** = curated events citing a scored report matched to at least one candidate / curated events citing
  a scored report;
- **pair recall** = matched (event, cited report) pairs / all such pairs, so an event two reports describe
  must be found in each;
- **precision** = matched candidates / all candidates;
- **by type** = the same recall and precision counted over the events and candidates of one type.

The **lenient** figures (:class:`Lenient`) are the scoring's earlier ones, printed beside for continuity: a
candidate matches every event of its report at its place whose days overlap, whatever the type, and one
candidate counts for all of them; type agreement = lenient-matched candidates whose type is that of an event
they match / lenient-matched candidates.

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
manifest rows of that role (``development`` or ``final-check-N``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from geo import times
from geo.errors import IngestError
from geo.ingest.candidates import CandidateEvent, IngestedReport
from geo.ingest.merging import MergedCandidate
from geo.ingest.report_sets import EXPECTED, MANIFEST, ingest_fixtures, ingest_folder, read_expected, read_manifest

if TYPE_CHECKING:  # the evidence is loaded by the caller (geo.scoring): ingest reads no data folder
    from geo.data.evidence import Evidence



@dataclass(frozen=True)
class TypeFigures:
    """The strict figures of one event type: expected events of it found, candidates of it matched."""

    type: str
    expected: int
    found: int
    candidates: int
    matched: int

    @property
    def recall(self) -> float:
        return self.found / self.expected if self.expected else 0.0

    @property
    def precision(self) -> float:
        return self.matched / self.candidates if self.candidates else 0.0

    def describe(self) -> str:
        """``departure recall 0.800 (8/10), precision 0.900 (9/10)``."""
        return (f"{self.type} recall {self.recall:.3f} ({self.found}/{self.expected}), "
                f"precision {self.precision:.3f} ({self.matched}/{self.candidates})")


@dataclass(frozen=True)
class Lenient:
    """The counts of the scoring before the strict one, kept for continuity: a candidate matches every expected
    event at its place whose days overlap its own, whatever the type, and may count for several."""

    found: int  # expected events at least one candidate matches
    events: int
    pairs_found: int  # (event, cited report) pairs a candidate of that report matches
    pairs: int
    matched: int  # candidates matching at least one expected event
    candidates: int
    typed: int  # matched candidates whose type is that of an event they match

    @property
    def recall(self) -> float:
        return self.found / self.events if self.events else 0.0

    @property
    def pair_recall(self) -> float:
        return self.pairs_found / self.pairs if self.pairs else 0.0

    @property
    def precision(self) -> float:
        return self.matched / self.candidates if self.candidates else 0.0

    @property
    def type_agreement(self) -> float:
        return self.typed / self.matched if self.matched else 0.0

    def describe(self) -> str:
        """``lenient: recall ..., pair recall ..., precision ..., type agreement ...``."""
        return (f"lenient: recall {self.recall:.3f} ({self.found}/{self.events}), pair recall {self.pair_recall:.3f}, "
                f"precision {self.precision:.3f} ({self.matched}/{self.candidates}), "
                f"type agreement {self.type_agreement:.3f}")


@dataclass(frozen=True)
class Score:
    """Strict recall and precision of a set of ingested reports (one candidate for at most one expected event, on
    the same place, type and local days), per type, with the lenient figures beside them and what was missed and
    what was extra."""

    recall: float
    pair_recall: float
    precision: float
    by_type: tuple[TypeFigures, ...]
    lenient: Lenient
    found: tuple[str, ...]
    missed: tuple[str, ...]
    matched: tuple[tuple[str, CandidateEvent, str], ...]  # (report, candidate, the event it is matched to)
    unmatched: tuple[tuple[str, CandidateEvent, str], ...]  # (report, candidate, why it counts for nothing)
    expected: tuple[tuple[str, str], ...] = ()  # (event id, type) of every expected event
    pairs_found: int = 0
    pairs: int = 0

    def totals(self) -> str:
        """The strict figures, the lenient ones beside them, and the figures per type: no candidate or event."""
        events, candidates = len(self.found) + len(self.missed), len(self.matched) + len(self.unmatched)
        return "\n".join([
            f"recall {self.recall:.3f} ({len(self.found)}/{events} expected events), pair recall {self.pair_recall:.3f}, "
            f"precision {self.precision:.3f} ({len(self.matched)}/{candidates} candidates); {self.lenient.describe()}",
            "by type: " + "; ".join(figures.describe() for figures in self.by_type),
        ])

    def describe(self) -> str:
        """The figures and the lists, for a person to read."""
        lines = [self.totals(), "missed: " + (", ".join(self.missed) or "none")]
        for source, event, why in self.unmatched:
            lines.append(f"unmatched ({why}): {source} {event.date}..{event.last} {event.place_id} {event.type}: "
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
    """The lenient match: same place, overlapping local days."""
    first, last = curated_days(row, zone)
    return event.place_id == row["place_id"] and event.date <= last and first <= event.last


def maximum_matching(edges: Sequence[Sequence[int]], right: int) -> list[int | None]:
    """A maximum matching of a bipartite graph by augmenting paths (Kuhn's algorithm): ``edges[i]`` lists the
    right-hand nodes (``0 .. right - 1``) left-hand node ``i`` may take; returns, per left-hand node, the
    right-hand node it is matched to, or None. Each right-hand node is taken at most once.

    >>> maximum_matching([[0, 1], [0]], 2)
    [1, 0]
    """
    taken_by: list[int | None] = [None] * right

    def augment(node: int, seen: list[bool]) -> bool:
        for other in edges[node]:
            if not seen[other]:
                seen[other] = True
                holder = taken_by[other]
                if holder is None or augment(holder, seen):
                    taken_by[other] = node
                    return True
        return False

    for left in range(len(edges)):
        augment(left, [False] * right)
    matched: list[int | None] = [None] * len(edges)
    for other, node in enumerate(taken_by):
        if node is not None:
            matched[node] = other
    return matched


def score(reports: Mapping[str, IngestedReport], events: pd.DataFrame, zone: tzinfo) -> Score:
    """Score ingested reports, keyed by source id, against curated events (``Evidence.events``) of a case
    in ``zone``: strictly (see the module's words), the lenient figures beside."""
    cited = {event_id: set(sources.split("|")) & set(reports) for event_id, sources in zip(events["id"], events["sources"])}
    rows = {row["id"]: row for _, row in events.iterrows() if cited[row["id"]]}
    found_pairs: set[tuple[str, str]] = set()
    matched, unmatched = [], []
    lenient_pairs: set[tuple[str, str]] = set()
    lenient_matched = lenient_typed = 0
    for source, report in reports.items():
        own = [row for row in rows.values() if source in cited[row["id"]]]
        near = [[k for k, row in enumerate(own) if _matches(candidate, row, zone)] for candidate in report.events]
        strict = [[k for k in hits if own[k]["type"] == candidate.type] for candidate, hits in zip(report.events, near)]
        for candidate, hits, k in zip(report.events, near, maximum_matching(strict, len(own))):
            lenient_pairs.update((own[h]["id"], source) for h in hits)
            lenient_matched += bool(hits)
            lenient_typed += any(own[h]["type"] == candidate.type for h in hits)
            if k is not None:
                found_pairs.add((own[k]["id"], source))
                matched.append((source, candidate, own[k]["id"]))
            else:
                unmatched.append((source, candidate, _why(candidate, [own[h] for h in hits])))
    pairs = sum(len(sources) for sources in cited.values())
    found = tuple(sorted({event_id for event_id, _ in found_pairs}))
    lenient = Lenient(found=len({event_id for event_id, _ in lenient_pairs}), events=len(rows),
                      pairs_found=len(lenient_pairs), pairs=pairs, matched=lenient_matched,
                      candidates=len(matched) + len(unmatched), typed=lenient_typed)
    expected = tuple((event_id, row["type"]) for event_id, row in rows.items())
    return _figures(expected, found, tuple(matched), tuple(unmatched), len(found_pairs), pairs, lenient)


def _why(candidate: CandidateEvent, near: Sequence[pd.Series]) -> str:
    """Why a candidate counts for nothing strictly, from the events at its place and days (``near``)."""
    if not near:
        return "no expected event at its place and days"
    if any(row["type"] == candidate.type for row in near):
        return "its event was matched to another candidate"
    return "type differs: expected " + "|".join(sorted({row["type"] for row in near}))


def _figures(expected: tuple[tuple[str, str], ...], found: tuple[str, ...],
             matched: tuple[tuple[str, CandidateEvent, str], ...], unmatched: tuple[tuple[str, CandidateEvent, str], ...],
             pairs_found: int, pairs: int, lenient: Lenient) -> Score:
    found_set = set(found)
    types = sorted({t for _, t in expected} | {c.type for _, c, _ in matched + unmatched})
    by_type = tuple(TypeFigures(
        type=t,
        expected=sum(1 for _, own in expected if own == t),
        found=sum(1 for event_id, own in expected if own == t and event_id in found_set),
        candidates=sum(1 for _, c, _ in matched + unmatched if c.type == t),
        matched=sum(1 for _, c, _ in matched if c.type == t),
    ) for t in types)
    candidates = len(matched) + len(unmatched)
    return Score(
        recall=len(found) / len(expected) if expected else 0.0,
        pair_recall=pairs_found / pairs if pairs else 0.0,
        precision=len(matched) / candidates if candidates else 0.0,
        by_type=by_type, lenient=lenient, found=found,
        missed=tuple(sorted({event_id for event_id, _ in expected} - found_set)),
        matched=matched, unmatched=unmatched, expected=expected, pairs_found=pairs_found, pairs=pairs,
    )


def combine(scores: Iterable[Score]) -> Score:
    """One score over several, as if their reports and events had been scored together
    (their event ids must not collide)."""
    parts = list(scores)
    lenient = Lenient(**{name: sum(getattr(s.lenient, name) for s in parts) for name in Lenient.__dataclass_fields__})
    pairs, pairs_found = sum(s.pairs for s in parts), sum(s.pairs_found for s in parts)
    return _figures(tuple(e for s in parts for e in s.expected), tuple(sorted(e for s in parts for e in s.found)),
                    tuple(m for s in parts for m in s.matched), tuple(m for s in parts for m in s.unmatched),
                    pairs_found, pairs, lenient)


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


def score_folder(folder: Path, loaded: Evidence, *, texts: Path | None = None) -> Score:
    """Score a folder of reports: against its ``expected.csv`` if it has one, else against ``events.csv``."""
    if (folder / EXPECTED).is_file():
        return score(ingest_fixtures(folder, loaded, texts=texts), read_expected(folder, loaded.case.timezone),
                     loaded.case.timezone)
    return score(ingest_folder(folder, loaded, texts=texts), loaded.events, loaded.case.timezone)


def score_by_case(folder: Path, load: Callable[[str], Evidence], *, texts: Path | None = None,
                  role: str | None = None, without: Collection[str] = ()) -> dict[str, Score]:
    """Score a folder whose manifest names each report's ``case`` against its ``expected.csv``: each report
    read with its case's evidence (``load(case_id)``), scored per case; keyed by case id. The files named in
    ``without`` are left out, their expected events with them (texts of which no copy is at hand)."""
    rows = [row for row in read_manifest(folder, role) if row["file"] not in without]
    if not rows:
        raise IngestError(f"{folder / MANIFEST}: every row{f' of role {role!r}' if role else ''} is left out")
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
