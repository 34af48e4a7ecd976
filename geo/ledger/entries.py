"""The claims of people moved, each with what it counts and the local day it speaks of."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo

import pandas as pd

from geo import times
from geo.claims import Claim
from geo.data.evidence import Evidence
from geo.movements import MOVED_QUANTITIES, Movement

NO_CORRIDOR = ""  # the corridor of a figure the report ties to none (a city's whole exodus, say)
_JUST_BEFORE = timedelta(microseconds=1)


@dataclass(frozen=True)
class Entry:
    """One claimant's figure of people moved on one local day.

    ``low`` and ``high`` are the figure as given (equal for a single number); ``lower`` and ``upper`` the
    bounds its qualifier allows ("more than 4,000": 4,000 to no upper bound, math.inf; "nearly 1,000": 0 to
    1,000), which is what a comparison of figures may use. ``day`` is the local day of the convoy or day a
    group or day figure counts, or the day a running total was given for, and ``day_start`` that day's local
    midnight (in UTC). ``claimant`` is the claim's, ``amount`` its figure as a reader would say it ("over 4,000",
    "200–250")."""

    claim: Claim
    movement: Movement
    day: date
    day_start: datetime
    corridor_id: str
    low: float
    high: float
    lower: float
    upper: float
    claimant: str
    amount: str


def _bounds(claim: Claim) -> tuple[float, float, float, float]:
    """(low, high, lower, upper) of a claim of people moved."""
    low, high = claim.bounds
    lower = 0.0 if claim.qualifier in ("nearly", "up_to") else low
    upper = math.inf if claim.qualifier in ("at_least", "more_than") else high
    return low, high, lower, upper


def _day(movement: Movement, start: pd.Timestamp, span_end: pd.Timestamp, zone: tzinfo, published: date | None) -> date:
    """A group's or day's figure counts the day its event began; a running total speaks of its event's last
    moment (an end at local midnight belongs to the day before), or of its report's publication day where that
    came first: a week-long arrival's counts, given day by day, each stand on their own day; a total whose report
    says the day it counts up to (``counted_to``) stands on that day."""
    if movement.counted_to is not None:
        return movement.counted_to
    total = movement.scope == "total"
    moment = (span_end - _JUST_BEFORE if span_end > start else span_end) if total else start
    day = times.local_date(moment, zone)
    return min(day, published) if total and published is not None else day


def entries(evidence: Evidence, claims: Iterable[Claim] | None = None) -> list[Entry]:
    """Every claim of people moved that ``movements.csv`` describes, in (day, corridor, claim id) order: of
    ``claims`` (records already converted, a selection's say: the others are passed over), or of every claim the
    evidence holds (converted here).

    A claim of people moved with no row is left out here (``validate`` names it); so is a row whose claim
    the evidence does not hold (as known on an earlier day, say), or whose event it does not."""
    if not evidence.movements:
        return []
    if claims is None:
        claims = evidence.claims_of(evidence.claims.loc[evidence.claims["quantity"].isin(MOVED_QUANTITIES)
                                                        & evidence.claims["id"].isin(set(evidence.movements))])
    moved = [c for c in claims if c.quantity in MOVED_QUANTITIES and c.id in evidence.movements]
    events = evidence.events
    spans = {i: (pd.Timestamp(s), pd.Timestamp(e)) for i, s, e in zip(events["id"], events["start"], events["span_end"])}
    zone = evidence.case.timezone
    found = []
    for claim in moved:
        if claim.event_id not in spans:
            continue
        movement = evidence.movements[claim.id]
        source = evidence.sources.get(claim.source_id)
        day = _day(movement, *spans[claim.event_id], zone, source.published if source is not None else None)
        midnight = times.local_day_start(day, zone)
        low, high, lower, upper = _bounds(claim)
        found.append(Entry(claim, movement, day, midnight, movement.corridor_id or NO_CORRIDOR, low, high, lower, upper,
                           claim.claimed_by, claim.amount))
    return sorted(found, key=lambda e: (e.day, e.corridor_id, e.claim.id))


def undescribed(evidence: Evidence) -> list[str]:
    """The ids of the claims of people moved that ``movements.csv`` does not describe, which the ledger leaves out."""
    moved = evidence.claims.loc[evidence.claims["quantity"].isin(MOVED_QUANTITIES), "id"]
    return [claim_id for claim_id in moved if claim_id not in evidence.movements]
