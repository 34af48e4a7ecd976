"""The review file: one row per merged candidate, for a person to decide on, edit and accept.

Its columns (:data:`COLUMNS`): ``candidate`` (``k001``, ``k002`` ... in the file's order, never two alike),
``decision`` (``accept``, ``reject`` or blank), ``type``, ``place_id``, ``start`` and ``end`` (local days
``YYYY-MM-DD`` of the case, ``end`` blank for one day; or a date-time with its UTC offset for a timed event),
``time_precision``, ``geo_precision``, ``actors`` (``|``-separated), ``summary`` (a draft beginning with
:data:`DRAFT` that the reviewer must rewrite or confirm by taking the mark away), ``claims`` (see below),
``sources`` (every source id the candidate was merged from, ``|``-separated), ``evidence`` (the sentences it
was read from, each after its source id in brackets: for review only, never written into the case) and
``new_sources`` (the loose report files among its sources, which the case does not hold yet, with their dates,
outlets and hashes: :mod:`geo.workbench.newsources`; blank for the case's own sources).

A claim is written ``QUANTITY QUALIFIER AMOUNT UNIT by CLAIMANT [SOURCE]``, claims joined by ``; ``::

    people_evacuated about 5000 people by the Red Cross [wire_20161215]; killed range 43-60 people by ? [daily_20161216]

An amount is one number, or ``LOW-HIGH`` for the qualifier ``range``; a claimant of ``?`` is one the report did not
name, which the reviewer must give before the row is accepted.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import tzinfo

import pandas as pd

from geo import times
from geo.data.schema import LIST_SEPARATOR, QUALIFIERS
from geo.data.tablefile import decode
from geo.errors import DataFileError, Problem
from geo.ingest.candidates import CandidateEvent
from geo.ingest.merging import MergedCandidate
from geo.ingest.quantities import QuantityClaim
from geo.workbench.newsources import LooseReport, cell

COLUMNS = ("candidate", "decision", "type", "place_id", "start", "end", "time_precision", "geo_precision", "actors",
           "summary", "claims", "sources", "evidence", "new_sources")
OPTIONAL = ("new_sources",)
"""The columns a review file may lack (one written before they were added): blank in each row."""
DECISIONS = ("accept", "reject", "")
ACCEPT, REJECT = "accept", "reject"
DRAFT = "DRAFT: "
"""The mark a drafted summary begins with; a row is accepted only once it is gone."""
UNKNOWN_CLAIMANT = "?"
CLAIM_SEPARATOR = "; "
_NUMBER = r"\d[\d,]*(?:\.\d+)?"
CLAIM = re.compile(rf"(?P<quantity>[a-z0-9][a-z0-9_]*) (?P<qualifier>{'|'.join(QUALIFIERS)}) "
                   rf"(?P<low>{_NUMBER})(?:-(?P<high>{_NUMBER}))? (?P<unit>.+?) by (?P<claimed_by>.+?) "
                   r"\[(?P<source>[a-z0-9][a-z0-9_]*)\]")


@dataclass(frozen=True)
class ReviewRow:
    """One row of a review file as written there (every cell text); ``line`` is its line in the file."""

    candidate: str
    decision: str
    type: str
    place_id: str
    start: str
    end: str
    time_precision: str
    geo_precision: str
    actors: str
    summary: str
    claims: str
    sources: str
    evidence: str
    new_sources: str = ""
    line: int = 0

    def cells(self) -> dict[str, str]:
        """The row's cells, in :data:`COLUMNS` order."""
        return {name: getattr(self, name) for name in COLUMNS}


@dataclass(frozen=True)
class ClaimText:
    """One claim of a review row's ``claims`` cell, read."""

    quantity: str
    qualifier: str
    value: float | None
    low: float | None
    high: float | None
    unit: str
    claimed_by: str
    source_id: str


def _amount(value: float) -> str:
    return f"{int(value)}" if float(value).is_integer() else f"{value}"


def claim_text(claim: QuantityClaim, source: str) -> str:
    """A claim as the review file writes it: ``people_evacuated about 5000 people by the Red Cross [wire_20161215]``."""
    low, high = (claim.low, claim.high) if claim.qualifier == "range" else (claim.value, claim.value)
    assert low is not None and high is not None  # a claim read from text always has its figure
    amount = f"{_amount(low)}-{_amount(high)}" if claim.qualifier == "range" else _amount(low)
    claimant = " ".join((claim.claimed_by or "").split()) or UNKNOWN_CLAIMANT
    return f"{claim.quantity} {claim.qualifier} {amount} {claim.unit} by {claimant} [{source}]"


def read_claims(cell: str) -> tuple[list[ClaimText], list[str]]:
    """The claims of a ``claims`` cell and what is wrong with it (one message per claim that cannot be read)."""
    found, wrong = [], []
    for n, part in enumerate((p.strip() for p in cell.split(CLAIM_SEPARATOR.strip())), start=1):
        if not part:
            continue
        m = CLAIM.fullmatch(part)
        if m is None:
            wrong.append(f"claim {n} {part!r}: expected QUANTITY QUALIFIER AMOUNT UNIT by CLAIMANT [SOURCE], "
                         "e.g. 'people_evacuated about 5000 people by the Red Cross [wire_20161215]'")
            continue
        low = float(m["low"].replace(",", ""))
        high = float(m["high"].replace(",", "")) if m["high"] else None
        if (m["qualifier"] == "range") != (high is not None):
            wrong.append(f"claim {n} {part!r}: a range needs LOW-HIGH, any other qualifier one number")
            continue
        if m["claimed_by"].strip() == UNKNOWN_CLAIMANT:
            wrong.append(f"claim {n} {part!r}: who said it? write the claimant in place of '?', or delete the claim")
            continue
        value = None if high is not None else low
        found.append(ClaimText(m["quantity"], m["qualifier"], value, low if high is not None else None, high,
                               m["unit"].strip(), m["claimed_by"].strip(), m["source"]))
    return found, wrong


def _day(event: CandidateEvent) -> tuple[str, str]:
    if event.time_utc is not None:
        return event.time_utc.isoformat(), ""
    return event.date.isoformat(), "" if event.last == event.date else event.last.isoformat()


def draft_summary(event: CandidateEvent) -> str:
    """A draft the reviewer must confirm: what, where and when, in a few words (``DRAFT: Departure at X on 15 Dec``)."""
    what = event.type.replace("_", " ").capitalize()
    days = times.describe(event.time_utc, event.time_utc.tzinfo or times.UTC) if event.time_utc else (
        event.date.strftime("%-d %B %Y") + ("" if event.last == event.date else event.last.strftime(" to %-d %B %Y")))
    return f"{DRAFT}{what} at {event.place_name}, {days}."


def review_rows(merged: Sequence[MergedCandidate], loose: Mapping[str, LooseReport] | None = None) -> list[ReviewRow]:
    """One undecided review row per merged candidate, ids ``k001``, ``k002`` ... in the order given; ``loose``: the
    report files read (source id -> report) that the case does not hold yet, for each row's ``new_sources``."""
    loose = loose or {}
    rows = []
    for n, candidate in enumerate(merged, start=1):
        event = candidate.event
        claim_source: dict[QuantityClaim, str] = {}
        for source, member in candidate.members:
            for claim in member.claims:
                claim_source.setdefault(claim, source)
        claims = CLAIM_SEPARATOR.join(claim_text(c, claim_source.get(c, candidate.sources[0])) for c in event.claims)
        start, end = _day(event)
        rows.append(ReviewRow(f"k{n:03d}", "", event.type, event.place_id, start, end, str(event.time_precision),
                              str(event.geo_precision), "", draft_summary(event), claims,
                              LIST_SEPARATOR.join(candidate.sources), event.evidence,
                              cell({s: loose[s] for s in candidate.sources if s in loose}), line=n + 1))
    return rows


def review_frame(rows: Sequence[ReviewRow]) -> pd.DataFrame:
    """Review rows as a table of text in :data:`COLUMNS`, one row each (what ``--format csv`` writes)."""
    return pd.DataFrame([r.cells() for r in rows], columns=list(COLUMNS), dtype=str)


def review_csv(rows: Sequence[ReviewRow]) -> bytes:
    """The review file's bytes."""
    return review_frame(rows).to_csv(index=False, lineterminator="\n").encode("utf-8")


def from_frame(frame: pd.DataFrame, *, first_line: int = 2) -> list[ReviewRow]:
    """Review rows from a table in :data:`COLUMNS` (the dashboard's edited table); row n is line ``first_line + n``."""
    rows = []
    for n, record in enumerate(frame.to_dict("records")):
        cells = {name: "" if record.get(name) is None or pd.isna(record.get(name)) else str(record[name]).strip()
                 for name in COLUMNS}
        rows.append(ReviewRow(**cells, line=first_line + n))
    return rows


def read_review(data: bytes, name: str) -> list[ReviewRow]:
    """The rows of a reviewed file; raises DataFileError naming the file (not UTF-8, a missing column, a repeated
    candidate id, a decision other than accept, reject or blank)."""
    text, problems = decode(data, name)
    if problems:
        raise DataFileError(problems)
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in COLUMNS if c not in (reader.fieldnames or ()) and c not in OPTIONAL]
    if missing:
        raise DataFileError(Problem(name, 1, "", f"missing column(s) {', '.join(missing)}; expected the columns "
                                                 f"{', '.join(COLUMNS)} (`evacmap ingest --format csv` writes them)"))
    rows, problems = [], []
    seen: dict[str, int] = {}  # candidate id -> the line it is first on
    for record in reader:
        line = reader.line_num
        row = ReviewRow(**{c: (record.get(c) or "").strip() for c in COLUMNS}, line=line)
        if row.decision.casefold() not in DECISIONS:
            problems.append(Problem(name, line, "decision", f"expected accept, reject or blank, instead got "
                                                            f"{row.decision!r}"))
        if row.candidate in seen:
            problems.append(Problem(name, line, "candidate", f"{row.candidate!r} is also on line {seen[row.candidate]}; "
                                                             "each candidate once"))
        seen.setdefault(row.candidate, line)
        rows.append(row)
    if problems:
        raise DataFileError(problems)
    return rows


def span(row: ReviewRow, zone: tzinfo) -> tuple[str, str, str | None]:
    """The row's ``start`` and ``end`` as ``events.csv`` writes them (UTC, ISO 8601), and what is wrong, if anything.

    A local day starts at the day's local midnight and, without ``end``, lasts the day; an ``end`` day lasts to its
    end; a date-time keeps its offset's instant (an instant, without ``end``).
    """
    def instant(cell: str, column: str, end: bool) -> tuple[pd.Timestamp | None, str | None]:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", cell):
            try:
                day = pd.Timestamp(cell).date()
            except ValueError:
                return None, f"{column}: {cell!r} is not a calendar date"
            moment = times.local_day_span(day, zone)[1] if end else times.local_day_start(day, zone)
            return pd.Timestamp(moment).tz_convert("UTC"), None
        try:
            found = pd.Timestamp(cell)
        except ValueError:
            found = None
        if found is None or found.tzinfo is None:
            return None, (f"{column}: expected a local day YYYY-MM-DD or a date-time with its UTC offset, "
                          f"instead got {cell!r}")
        return found.tz_convert("UTC"), None

    start, wrong = instant(row.start, "start", False)
    if wrong or start is None:
        return "", "", wrong or "start: a start is needed"
    if not row.end:
        day_only = bool(re.fullmatch(r"\d{4}-\d{2}-\d{2}", row.start))
        end = pd.Timestamp(times.local_day_span(start.tz_convert(zone).date(), zone)[1]).tz_convert("UTC") if day_only else None
    else:
        end, wrong = instant(row.end, "end", True)
        if wrong or end is None:
            return "", "", wrong or "end: expected a day or a time"
    return start.isoformat(), end.isoformat() if end is not None else "", None

