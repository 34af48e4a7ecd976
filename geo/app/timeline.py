"""The timeline: the case's local days, events per day, and the evacuee numbers each party claimed.

A day counts an event when the event's span overlaps that local day, the same rule
:class:`geo.run.view.View` uses for its window, so a day's bar and the map after choosing
that day agree. Claims are never summed or merged: each claimed number is one row.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta, tzinfo

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from geo import times
from geo.data.evidence import Evidence

EVACUEE_QUANTITIES = ("people_evacuated",)


def days(evidence: Evidence) -> list[date]:
    """Every local day of the case from the first event or corridor to the last."""
    first, last = evidence.time_span()
    zone = evidence.case.timezone
    day = times.local_date(first, zone)
    final = times.local_date(last - pd.Timedelta(microseconds=1), zone) if last > first else day
    out = []
    while day <= final:
        out.append(day)
        day += timedelta(days=1)
    return out


def _ns(moments: Sequence[datetime] | pd.Series) -> np.ndarray:
    """UTC moments as int64 nanoseconds since the epoch, for binary search."""
    return pd.DatetimeIndex(pd.to_datetime(moments, utc=True)).as_unit("ns").asi8


def _overlaps(day: date, window: tuple[datetime, datetime] | None, zone: tzinfo) -> bool:
    if window is None:
        return False
    start, end = times.local_day_span(day, zone)
    return start < window[1] and end > window[0]


def daily_events(events: pd.DataFrame, day_list: Sequence[date],
                 window: tuple[datetime, datetime] | None = None, *, zone: tzinfo) -> pd.DataFrame:
    """Events per local day of ``zone`` (``day``, ``events``), and whether the day overlaps ``window``.

    Counts by binary search over sorted times, so a million events take milliseconds.
    """
    spans = [times.local_day_span(d, zone) for d in day_list]
    day_starts, day_ends = _ns([s for s, _ in spans]), _ns([e for _, e in spans])
    starts = np.sort(_ns(events["start"]))
    ends = np.sort(_ns(events["span_end"]))
    instants = np.sort(_ns(events.loc[events["start"] == events["span_end"], "start"]))
    begun = np.searchsorted(starts, day_ends, side="left")  # start < day end
    over = np.searchsorted(ends, day_starts, side="right")  # span ended by day start ...
    at_start = np.searchsorted(instants, day_starts, side="right") - np.searchsorted(instants, day_starts, side="left")
    counts = begun - (over - at_start)  # ... except instants exactly at day start, which are in
    return pd.DataFrame({
        "day": list(day_list),
        "events": counts.astype(int),
        "in_window": [_overlaps(d, window, zone) for d in day_list],
    })


def claimed_numbers(evidence: Evidence, event_ids: Iterable[str], sources: Sequence[str] = (),
                    quantities: Sequence[str] = EVACUEE_QUANTITIES,
                    window: tuple[datetime, datetime] | None = None) -> pd.DataFrame:
    """One row per claimed number about these events, on the local day the event began.

    Columns: ``day``, ``claimed_by``, ``low``, ``high`` (equal unless a range), ``amount``
    (as the source hedged it), ``quantity``, ``claim_id``, ``event_id``, ``source``
    (a citation) and ``in_window``. ``sources``, when given, keeps only claims those
    reports carry.
    """
    columns = ["day", "claimed_by", "low", "high", "amount", "quantity", "claim_id", "event_id", "source", "in_window"]
    claims = evidence.claims
    rows = claims.loc[claims["quantity"].isin(quantities)]
    rows = rows.loc[_among(rows["event_id"], event_ids)]
    if sources:
        rows = rows.loc[rows["source_id"].isin(sources)]
    events = evidence.events
    about = events.loc[_among(events["id"], rows["event_id"]), ["id", "start"]].set_index("id")["start"]
    zone = evidence.case.timezone
    days = about.dt.tz_convert(zone.key).dt.date.to_dict()
    overlapping = {day: _overlaps(day, window, zone) for day in set(days.values())}
    citations = {source_id: evidence.cite([source_id])[0] for source_id in rows["source_id"].unique()}
    records = []
    for claim in evidence.claims_of(rows):
        day = days[claim.event_id]
        low = claim.low if claim.qualifier == "range" else claim.value
        high = claim.high if claim.qualifier == "range" else claim.value
        records.append((day, claim.claimed_by, low, high, f"{claim.amount} {claim.unit}", claim.quantity,
                        claim.id, claim.event_id, citations[claim.source_id], overlapping[day]))
    return pd.DataFrame.from_records(records, columns=columns)


def _among(values: pd.Series, ids: Iterable[str]) -> np.ndarray:
    """``values.isin(ids)`` for ids by the thousand (pandas looks each of many ids up one by one)."""
    listed = ids if isinstance(ids, pd.Series | pd.Index | np.ndarray | pd.api.extensions.ExtensionArray) else list(ids)
    wanted = pa.array(listed, type=pa.large_string())
    return pc.is_in(pa.array(values, type=pa.large_string()), value_set=wanted).to_numpy(zero_copy_only=False)


def claim_ranges(numbers: pd.DataFrame, days: int = 1) -> pd.DataFrame:
    """:func:`claimed_numbers` gathered per party and per ``days`` days: the lowest and highest number
    claimed and how many claims.

    For charts of more claims than a browser can draw one by one; the numbers are
    neither summed nor averaged. Columns as :func:`claimed_numbers` (``day`` is the first
    day of each stretch of ``days`` days from the earliest, ``amount`` describes the range,
    ``source`` how many reports), plus ``claims``.
    """
    if days > 1:
        first = min(numbers["day"])
        numbers = numbers.assign(day=[first + timedelta(days=(d - first).days // days * days) for d in numbers["day"]])
    keys = ["day", "claimed_by"]
    grouped = numbers.groupby(keys, sort=True)
    ranges = grouped.agg(low=("low", "min"), high=("high", "max"), claims=("claim_id", "size"), one=("amount", "first"),
                         cited=("source", "first"), sources=("source", "nunique"),
                         in_window=("in_window", "max")).reset_index()
    several = ranges["claims"] > 1
    ranges["amount"] = np.where(several, [f"{n:,} claims, {low:,.0f} to {high:,.0f}" for n, low, high
                                          in zip(ranges["claims"], ranges["low"], ranges["high"])], ranges["one"])
    ranges["source"] = np.where(several, [f"{n} reports" if n > 1 else cited for n, cited
                                          in zip(ranges["sources"], ranges["cited"])], ranges["cited"])
    return ranges.drop(columns=["one", "cited", "sources"])
