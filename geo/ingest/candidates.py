"""What ingest gives a person to review: candidate events and the report they came from, as JSON or events.csv rows.

:class:`CandidateEvent` is one dated, located happening found in a sentence;
:class:`IngestedReport` one report's mentions, candidates and claimed numbers;
:func:`events_frame` turns accepted candidates into rows of ``events.csv``'s schema.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, tzinfo

import pandas as pd

from geo import times
from geo.data import schema
from geo.ingest.mentions import Mention
from geo.ingest.quantities import QuantityClaim

EVIDENCE_SEPARATOR = " … "  # between the sentences of merged candidates


@dataclass(frozen=True)
class CandidateEvent:
    """A dated, located happening found in a report, for a person to accept or reject.

    ``date``..``last`` are local days (of the case's zone) (equal for a one-day event); ``time_utc``
    is set when the sentence gives a clock time.
    """

    date: dt.date  # (the module's name: the field ``date`` hides the type in the class)
    last: dt.date
    time_utc: datetime | None
    time_precision: int
    geo_precision: int
    place_id: str
    place_name: str
    type: str
    evidence: str
    evidence_start: int
    evidence_end: int
    mention: Mention
    claims: tuple[QuantityClaim, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The event object of ``evacmap ingest`` JSON; a span's date is ``first/last``."""
        day = self.date.isoformat() if self.last == self.date else f"{self.date.isoformat()}/{self.last.isoformat()}"
        return {
            "date": day,
            "time_utc": self.time_utc.isoformat() if self.time_utc else None,
            "place_id": self.place_id,
            "type": self.type,
            "evidence": self.evidence,
            "claims": [claim_json(c) for c in self.claims],
        }


@dataclass(frozen=True)
class IngestedReport:
    """What one report yields: its place mentions, candidate events and numeric claims."""

    file: str
    published: date
    outlet: str | None
    mentions: tuple[Mention, ...]
    events: tuple[CandidateEvent, ...]
    claims: tuple[QuantityClaim, ...]

    @property
    def source_id(self) -> str:
        """A sources.csv id for this report: outlet slug and publication date (``reuters_20161215``)."""
        return source_id(self.outlet, self.published)

    def to_json(self) -> dict[str, object]:
        """The report object of ``evacmap ingest`` JSON."""
        return {
            "file": self.file,
            "published": self.published.isoformat(),
            "mentions": [{"text": m.text, "start": m.start, "end": m.end, "place_id": m.place_id} for m in self.mentions],
            "events": [e.to_json() for e in self.events],
            "claims": [claim_json(c) for c in self.claims],
        }


def claim_json(claim: QuantityClaim) -> dict[str, object]:
    """The claim object of ``evacmap ingest`` JSON; ``evidence`` is the sentence it is in."""
    return {"value": claim.value, "low": claim.low, "high": claim.high, "unit": claim.unit,
            "claimed_by": claim.claimed_by, "evidence": claim.evidence}


def source_id(outlet: str | None, published: date) -> str:
    """``reuters_20161215`` from an outlet name and a date; ``report_...`` without an outlet."""
    words = re.findall(r"[a-z0-9]+", (outlet or "").lower().encode("ascii", "ignore").decode())
    return f"{'_'.join(words[:3]) or 'report'}_{published:%Y%m%d}"


def _summary(event: CandidateEvent, source: str) -> str:
    label = event.type.replace("_", " ")
    return f"Candidate {label} at {event.place_name}, found in {source} by evacmap ingest; check its evidence sentence."


def events_frame(events: Iterable[CandidateEvent], source: str, *, zone: tzinfo, first: int = 1,
                 cited: str | None = None) -> pd.DataFrame:
    """Accepted candidates as rows of ``events.csv`` (every cell a string, as written in the file).

    Ids are ``{source}_e01``, ``{source}_e02`` ... (numbered from ``first``); ``sources``
    is ``cited`` if given (``a|b`` for a candidate several reports describe), else ``source``;
    each must be (or become) a row of ``sources.csv``. Day-only events
    span their local days in ``zone``; timed ones are instants.
    """
    rows = []
    for n, event in enumerate(events, start=first):
        if event.time_utc is not None:
            start, end = event.time_utc, None
        else:
            start, end = times.local_day_start(event.date, zone), times.local_day_span(event.last, zone)[1]
        rows.append({
            "id": f"{source}_e{n:02d}",
            "start": start.isoformat(),
            "end": end.isoformat() if end else "",
            "time_precision": str(event.time_precision),
            "geo_precision": str(event.geo_precision),
            "place_id": event.place_id,
            "type": event.type,
            "actors": "",
            "summary": _summary(event, source),
            "sources": cited or source,
        })
    return pd.DataFrame(rows, columns=list(schema.EVENTS.names), dtype=str)


TOLD, TOLD_OF = "statement", "departure"  # a running total told of a place, and the movement it counts


# a movement told as a total ("in total the agency has evacuated 2,300 people", "so far 5,000 have left"; not "in all
# it carried 1,138", one ship's load): no day of its own, it runs from the first day the report tells an event on
_TOTAL = re.compile(r"\b(?:in total|so far|to date|altogether)\b", re.IGNORECASE)
# a day the sentence gives ("so far on Monday", "on 14 April"): the total is that day's
_A_DAY = re.compile(r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|today|yesterday|tonight|\d{1,2}\s+(?:jan|feb|mar|apr|may"
                    r"|jun|jul|aug|sep|oct|nov|dec)\w*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*\s+\d{1,2})\b",
                    re.IGNORECASE)


def totals_spanned(events: Sequence[CandidateEvent]) -> list[CandidateEvent]:
    """``events`` with each departure or arrival told as a total, in a sentence naming no day, spanning back to the
    report's first day told, so it stays beside the one movement of the day before it instead of merging into it."""
    first = min((e.date for e in events), default=None)
    return [replace(e, date=first, time_utc=None) if first is not None and e.type in ("departure", "arrival")
            and e.date > first and _TOTAL.search(e.evidence) and not _A_DAY.search(e.evidence) else e for e in events]


def merge_same(events: Iterable[CandidateEvent]) -> tuple[CandidateEvent, ...]:
    """One candidate per dates, time, place and type (a report's candidates); its evidence lists every sentence once,
    in order. A statement at the place and on a day of a departure (a running total of it, "20,000 have been
    evacuated from X, the minister said") joins the departure, evidence and claims."""
    kept: dict[tuple, tuple[CandidateEvent, dict[str, None], dict[QuantityClaim, None]]] = {}
    for event in events:
        key = (event.date, event.last, event.time_utc, event.place_id, event.type)
        if key not in kept:
            kept[key] = (event, {}, {})
        _, evidence, claims = kept[key]
        evidence.setdefault(event.evidence)
        for claim in event.claims:
            claims.setdefault(claim)
    for key, (event, evidence, claims) in list(kept.items()):
        if event.type != TOLD:
            continue
        movement = next((k for k, (other, _, _) in kept.items() if other.type == TOLD_OF and other.place_id == event.place_id
                         and other.date <= event.last and event.date <= other.last), None)
        if movement is not None:  # "20,000 have so far been evacuated from X, the minister said": the departure's count
            del kept[key]
            kept[movement][1].update(evidence)
            kept[movement][2].update(claims)
    return tuple(
        first if len(evidence) == 1 and tuple(claims) == first.claims
        else replace(first, evidence=EVIDENCE_SEPARATOR.join(evidence), claims=tuple(claims))
        for first, evidence, claims in kept.values()
    )
