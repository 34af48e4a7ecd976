"""Candidates merged across reports: one candidate per event, however many reports describe it.

Ingesting several reports at once gives each its own candidates, so an event six reports
describe would ask a reviewer six times. :func:`merge_candidates` joins the candidates that
describe one event — the **same place**, the **same type** and **overlapping local days** —
into one :class:`MergedCandidate` that cites every report and carries every claim. Joining
is transitive: a candidate that overlaps any member of a group joins it. The merged days are
the days every member agrees on when they share one, else the span of them all.

>>> merged = merge_candidates({"wire_20161216": wire, "daily_20161217": daily})  # doctest: +SKIP
>>> [(m.event.place_id, m.event.type, m.sources) for m in merged]                  # doctest: +SKIP
[('amiriyah', 'departure', ('wire_20161216', 'daily_20161217'))]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import tzinfo

import pandas as pd

from geo.ingest.candidates import EVIDENCE_SEPARATOR, CandidateEvent, IngestedReport, events_frame
from geo.ingest.dates import DAY


@dataclass(frozen=True)
class MergedCandidate:
    """One event as several reports describe it: ``event`` is what a reviewer accepts (the agreed
    days, the finest precision, every sentence and claim), ``members`` each report's own candidate."""

    event: CandidateEvent
    members: tuple[tuple[str, CandidateEvent], ...]

    @property
    def sources(self) -> tuple[str, ...]:
        """The source ids of the reports that describe it, in the order given, each once."""
        return tuple(dict.fromkeys(source for source, _ in self.members))

    def to_json(self) -> dict[str, object]:
        """The merged object of ``evacmap ingest`` JSON: the event, its sources and each report's sentence."""
        return {**self.event.to_json(), "sources": list(self.sources),
                "evidence_by_source": [{"source": s, "evidence": e.evidence} for s, e in self.members]}


def _joined(members: list[tuple[str, CandidateEvent]]) -> MergedCandidate:
    events = [event for _, event in members]
    first, last = max(e.date for e in events), min(e.last for e in events)
    if first > last:  # no day every report agrees on: the span of them all
        first, last = min(e.date for e in events), max(e.last for e in events)
    times = {e.time_utc for e in events if e.time_utc is not None}
    best = min(events, key=lambda e: (e.geo_precision, e.time_precision))
    evidence = EVIDENCE_SEPARATOR.join(dict.fromkeys(f"[{source}] {e.evidence}" for source, e in members))
    claims = tuple(dict.fromkeys(claim for e in events for claim in e.claims))
    event = replace(best, date=first, last=last, time_utc=times.pop() if len(times) == 1 else None,
                    time_precision=DAY if first == last else max(e.time_precision for e in events),
                    evidence=evidence, claims=claims)
    return MergedCandidate(event, tuple(members))


def merge_candidates(reports: Mapping[str, IngestedReport]) -> tuple[MergedCandidate, ...]:
    """The candidates of several reports (keyed by source id) merged into one per event: same place,
    same type, overlapping days; ordered by first day, place and type."""
    groups: dict[tuple[str, str], list[tuple[str, CandidateEvent]]] = {}
    for source, report in reports.items():
        for event in report.events:
            groups.setdefault((event.place_id, event.type), []).append((source, event))
    merged: list[MergedCandidate] = []
    for members in groups.values():
        members.sort(key=lambda member: (member[1].date, member[1].last))
        current = [members[0]]
        reach = members[0][1].last
        for source, event in members[1:]:
            if event.date <= reach:
                current.append((source, event))
                reach = max(reach, event.last)
            else:
                merged.append(_joined(current))
                current, reach = [(source, event)], event.last
        merged.append(_joined(current))
    return tuple(sorted(merged, key=lambda m: (m.event.date, m.event.place_id, m.event.type)))


def by_source(reports: Iterable[IngestedReport]) -> dict[str, IngestedReport]:
    """Reports keyed by their source id; a second report with the same id (same outlet and day) gets
    ``_2``, a third ``_3`` ..., so each stays its own source."""
    keyed: dict[str, IngestedReport] = {}
    for report in reports:
        key, n = report.source_id, 1
        while key in keyed:
            n += 1
            key = f"{report.source_id}_{n}"
        keyed[key] = report
    return keyed


def merged_frame(merged: Sequence[MergedCandidate], *, zone: tzinfo) -> pd.DataFrame:
    """Merged candidates as rows of ``events.csv``: ids ``{first source}_m01`` ..., ``sources`` every report's id."""
    frames = [events_frame([m.event], m.sources[0], zone=zone, first=n, cited="|".join(m.sources))
              for n, m in enumerate(merged, start=1)]
    rows = pd.concat(frames, ignore_index=True) if frames else events_frame([], "none", zone=zone)
    rows["id"] = [f"{m.sources[0]}_m{n:02d}" for n, m in enumerate(merged, start=1)]
    return rows
