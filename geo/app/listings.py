"""The tables a reader scans beside the map: events shown, claims side by side, ingested candidates.

Plain DataFrames of display text (times in the case's local time with UTC beside), so the dashboard
only lays them out and tests read them without a browser.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import tzinfo

import pandas as pd

from geo import times
from geo.claims import Claim
from geo.data.evidence import Evidence
from geo.data.merge import uploaded_from
from geo.ingest.candidates import CandidateEvent

EVENT_COLUMNS = ("id", "When (local, UTC)", "Place", "Type", "Summary", "Sources")
CLAIM_COLUMNS = ("What", "Claimed", "Who said it", "Source", "Event", "Note")
CANDIDATE_CHOICES = ("undecided", "accept", "reject")
CANDIDATE_LIST_COLUMNS = ("Decision", "Day (local)", "Time (UTC)", "Place", "Type", "Evidence")


def event_rows(evidence: Evidence, events: pd.DataFrame) -> pd.DataFrame:
    """One row per event, in the order given: id, time, place, type label, summary, citations (and the
    file an uploaded event came from)."""
    rows = []
    for row, event in zip(events.to_dict("records"), evidence.events_of(events)):
        upload = uploaded_from(row)
        rows.append((event.id, event.when(evidence.case.timezone), row["place_name"], evidence.event_types[event.type].label,
                     event.summary, "; ".join(evidence.cite(event.sources)) + (f" · from upload {upload}" if upload else "")))
    return pd.DataFrame(rows, columns=list(EVENT_COLUMNS))


def claim_rows(evidence: Evidence, event_ids: Iterable[str], limit: int | None = None) -> pd.DataFrame:
    """Every claim about these events (the first ``limit``), sorted by what is counted so disagreeing numbers sit together."""
    return claim_table(evidence, evidence.claims.loc[evidence.claims["event_id"].isin(set(event_ids))], limit)


def claim_table(evidence: Evidence, claims: pd.DataFrame, limit: int | None = None) -> pd.DataFrame:
    """These claims (rows of ``evidence.claims``) as :func:`claim_rows` lists them, the first ``limit``."""
    keys = pd.DataFrame({"What": claims["quantity"].str.replace("_", " "), "Event": claims["event_id"]})
    order = keys.sort_values(["What", "Event"], kind="stable").index[:limit]
    found = evidence.claims_of(claims.loc[order])
    source_ids = sorted({c.source_id for c in found})
    cited = dict(zip(source_ids, evidence.cite(source_ids)))
    return _claim_frame(found, [cited[c.source_id] for c in found])


def claim_list(claims: Sequence[Claim], citations: Sequence[str]) -> pd.DataFrame:
    """Claims already looked up, each with its source's citation, as :func:`claim_rows` lists them."""
    order = sorted(range(len(claims)), key=lambda i: (claims[i].quantity.replace("_", " "), claims[i].event_id))
    return _claim_frame([claims[i] for i in order], [citations[i] for i in order])


def _claim_frame(claims: Sequence[Claim], citations: Sequence[str]) -> pd.DataFrame:
    rows = [(claim.quantity.replace("_", " "), f"{claim.amount} {claim.unit}", claim.claimed_by, citation,
             claim.event_id, claim.note) for claim, citation in zip(claims, citations, strict=True)]
    return pd.DataFrame(rows, columns=list(CLAIM_COLUMNS))


def candidate_rows(evidence: Evidence, candidates: Sequence[CandidateEvent], decisions: Sequence[str]) -> pd.DataFrame:
    """The ingested candidates as a review table, each with the reviewer's decision."""
    rows = []
    for candidate, decision in zip(candidates, decisions, strict=True):
        day = candidate.date.isoformat() + ("" if candidate.last == candidate.date else f" to {candidate.last.isoformat()}")
        kind = evidence.event_types.get(candidate.type)
        rows.append((decision, day, f"{candidate.time_utc:%H:%M}" if candidate.time_utc else "",
                     candidate.place_name, kind.label if kind else candidate.type, candidate.evidence))
    return pd.DataFrame(rows, columns=list(CANDIDATE_LIST_COLUMNS))


def candidate_layer(candidates: Sequence[CandidateEvent], zone: tzinfo) -> pd.DataFrame:
    """Candidates in the columns :func:`geo.map.build.build_map` draws (``start`` in UTC; a day starts in ``zone``)."""
    return pd.DataFrame({
        "place_id": [c.place_id for c in candidates],
        "type": [c.type for c in candidates],
        "evidence": [c.evidence for c in candidates],
        "start": [pd.Timestamp(c.time_utc or times.local_day_start(c.date, zone)) for c in candidates],
    }, columns=["place_id", "type", "evidence", "start"])
