"""The ledger: each claimant's figures of people moved by corridor and local day, their running totals, the
gap between what left and what arrived, and what moved along each corridor in a window.

A running total is kept per corridor, direction and claimant: the claimant's latest stated total (a "so far"
figure), plus the convoys and days it counted after that total's day (a convoy told on the day of a total is
taken to be in it). Figures of different claimants are never added or averaged: they stand side by side, and
where they are compared (:func:`gaps`, :func:`flows`, :func:`flows_by_day`) it is as a range from the lowest to the
highest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from itertools import groupby

import pandas as pd

from geo import times
from geo.claims import Claim
from geo.data.evidence import Evidence
from geo.ledger.entries import NO_CORRIDOR, Entry, entries

LEDGER_COLUMNS = ("corridor_id", "corridor", "day", "direction", "place_id", "claimant", "scope", "amount", "low",
                  "high", "running_low", "running_high", "falls_below", "claim_id", "event_id", "source_id", "note")
GAP_COLUMNS = ("corridor_id", "corridor", "day", "left_low", "left_high", "left_by", "arrived_low", "arrived_high",
               "arrived_by", "overlap")
LEAVING = ("left", "along")  # what set out: counted against what arrived


@dataclass(frozen=True)
class _Running:
    """One claimant's running total on one corridor in one direction."""

    stated_low: float = 0.0
    stated_high: float = 0.0
    stated: bool = False  # has the claimant given a total yet
    stated_amount: str = ""
    added_low: float = 0.0
    added_high: float = 0.0

    @property
    def low(self) -> float:
        return self.stated_low + self.added_low

    @property
    def high(self) -> float:
        return self.stated_high + self.added_high


def _days(window: tuple[datetime, datetime] | None, evidence: Evidence) -> tuple[date, date] | None:
    """The local days a window covers (its end is exclusive)."""
    if window is None:
        return None
    zone = evidence.case.timezone
    start, end = window
    last = end - pd.Timedelta(microseconds=1) if end > start else end
    return times.local_date(start, zone), times.local_date(last, zone)


def _running_rows(found: Iterable[Entry]) -> list[tuple[Entry, _Running, str]]:
    """Each entry with its claimant's running total after that day, and the earlier total it falls below ("")."""
    state: dict[tuple[str, str, str], _Running] = {}
    out: list[tuple[Entry, _Running, str]] = []
    ordered = sorted(found, key=lambda e: (e.corridor_id, e.movement.direction, e.claimant, e.day, e.claim.id))
    for key, same in groupby(ordered, key=lambda e: (e.corridor_id, e.movement.direction, e.claimant)):
        for _, on_day in groupby(same, key=lambda e: e.day):
            today = list(on_day)
            run = state.get(key, _Running())
            totals = [e for e in today if e.movement.scope == "total"]
            falls = ""
            if totals:
                latest = max(totals, key=lambda e: e.high)
                if run.stated and latest.high < run.stated_low:
                    falls = run.stated_amount
                run = _Running(latest.low, latest.high, True, latest.amount)
            else:
                run = _Running(run.stated_low, run.stated_high, run.stated, run.stated_amount,
                               run.added_low + sum(e.low for e in today), run.added_high + sum(e.high for e in today))
            state[key] = run
            out += [(e, run, falls if e.movement.scope == "total" else "") for e in today]
    return out


def ledger(evidence: Evidence, window: tuple[datetime, datetime] | None = None,
           found: Iterable[Entry] | None = None) -> pd.DataFrame:
    """One row per claim of people moved (:data:`LEDGER_COLUMNS`), by corridor, day, direction and claimant: of
    the ``found`` entries (every claim of people moved the evidence holds without them, :func:`entries`).

    Running totals count from the first report, whatever the window; the window (start inclusive, end
    exclusive) only chooses which days' rows are listed. ``falls_below`` names the earlier total of the same
    claimant that a running total falls below (flagged, never dropped)."""
    return _book(evidence, _days(window, evidence), _running_rows(entries(evidence) if found is None else found))


def _book(evidence: Evidence, days: tuple[date, date] | None, running: list[tuple[Entry, _Running, str]]) -> pd.DataFrame:
    names = {c.id: c.name for c in evidence.corridors}
    rows = []
    for entry, run, falls in running:
        if days is not None and not days[0] <= entry.day <= days[1]:
            continue
        m, c = entry.movement, entry.claim
        rows.append((entry.corridor_id, names.get(entry.corridor_id, "no corridor named"), entry.day, m.direction,
                     m.place_id or "", entry.claimant, m.scope, entry.amount, entry.low, entry.high, run.low, run.high,
                     falls, c.id, c.event_id, c.source_id, m.note))
    frame = pd.DataFrame(rows, columns=list(LEDGER_COLUMNS))
    return frame.sort_values(["corridor_id", "day", "direction", "claimant", "claim_id"], kind="stable",
                             ignore_index=True)


def _spread(rows: pd.DataFrame) -> tuple[float, float, str]:
    """The range of the claimants' latest running totals in ``rows``, and who gave them."""
    latest = rows.groupby("claimant", sort=True).tail(1)
    return float(latest["running_low"].min()), float(latest["running_high"].max()), "; ".join(sorted(latest["claimant"]))


def gaps(book: pd.DataFrame) -> pd.DataFrame:
    """What left against what arrived (:data:`GAP_COLUMNS`): for each corridor and each day an arrival is told
    when a departure had been told by then, the range of the claimants' running totals of each, and whether
    the two ranges overlap (``overlap`` False: the figures disagree)."""
    rows = []
    for corridor_id, along in book.loc[book["corridor_id"] != NO_CORRIDOR].groupby("corridor_id", sort=True):
        along = along.sort_values("day", kind="stable")
        for day in sorted(set(along.loc[along["direction"] == "arrived", "day"])):
            upto = along.loc[along["day"] <= day]
            left, arrived = upto.loc[upto["direction"].isin(LEAVING)], upto.loc[upto["direction"] == "arrived"]
            if left.empty:
                continue
            (l_low, l_high, l_by), (a_low, a_high, a_by) = _spread(left), _spread(arrived)
            rows.append((corridor_id, along["corridor"].iat[0], day, l_low, l_high, l_by, a_low, a_high, a_by,
                         l_low <= a_high and a_low <= l_high))
    return pd.DataFrame(rows, columns=list(GAP_COLUMNS))


@dataclass(frozen=True)
class Flow:
    """The people claimed to have moved along one corridor in a window: each claimant's figure
    (``(claimant, low, high)``, by claimant) and their range (``low`` to ``high``)."""

    corridor_id: str
    by_claimant: tuple[tuple[str, float, float], ...]

    @property
    def low(self) -> float:
        return min(low for _, low, _ in self.by_claimant)

    @property
    def high(self) -> float:
        return max(high for _, _, high in self.by_claimant)


def _leaving_runs(running: list[tuple[Entry, _Running, str]],
                  directions: tuple[str, ...] = LEAVING) -> dict[tuple[str, str], list[tuple[Entry, _Running]]]:
    """What each claimant said set out along each corridor (``directions``: or arrived by it), with its running
    total after each entry, by (corridor, claimant), in the order :func:`_running_rows` gives."""
    by_key: dict[tuple[str, str], list[tuple[Entry, _Running]]] = {}
    for entry, run, _ in running:
        if entry.corridor_id != NO_CORRIDOR and entry.movement.direction in directions:
            by_key.setdefault((entry.corridor_id, entry.claimant), []).append((entry, run))
    return by_key


def _flows_in(by_key: dict[tuple[str, str], list[tuple[Entry, _Running]]], days: tuple[date, date] | None) -> dict[str, Flow]:
    found: dict[str, list[tuple[str, float, float]]] = {}
    for (corridor_id, claimant), runs in sorted(by_key.items()):
        before = [run for e, run in runs if days is not None and e.day < days[0]]
        inside = [run for e, run in runs if days is None or days[0] <= e.day <= days[1]]
        if not inside:
            continue
        start_low, start_high = (before[-1].low, before[-1].high) if before else (0.0, 0.0)
        low, high = max(inside[-1].low - start_low, 0.0), max(inside[-1].high - start_high, 0.0)
        found.setdefault(corridor_id, []).append((claimant, low, high))
    return {c: Flow(c, tuple(figures)) for c, figures in found.items()}


def flows(evidence: Evidence, window: tuple[datetime, datetime] | None = None,
          found: Iterable[Entry] | None = None) -> dict[str, Flow]:
    """Each corridor's people moved in the window, by claimant: what it said set out along the corridor (left
    or moved along it) in the window's days, as the rise of its running total over them; a corridor with no
    such figure is absent. Of the ``found`` entries (every claim of people moved without them)."""
    running = _running_rows(entries(evidence) if found is None else found)
    return _flows_in(_leaving_runs(running), _days(window, evidence))


def flows_by_day(evidence: Evidence, window: tuple[datetime, datetime],
                 found: Iterable[Entry] | None = None) -> list[tuple[date, dict[str, Flow]]]:
    """How the people moved along each corridor grew over the window: for each local day of the window on which a
    claimant told a figure of people setting out along a corridor, in day order, :func:`flows` from the window's
    first day up to and including that day. What a playback draws step by step. Of the ``found`` entries (every
    claim of people moved without them)."""
    return _by_day(_leaving_runs(_running_rows(entries(evidence) if found is None else found)),
                   _days(window, evidence))


def _by_day(by_key: dict[tuple[str, str], list[tuple[Entry, _Running]]],
            days: tuple[date, date] | None) -> list[tuple[date, dict[str, Flow]]]:
    first, last = days or (date.min, date.max)
    told = sorted({e.day for runs in by_key.values() for e, _ in runs if first <= e.day <= last})
    return [(day, _flows_in(by_key, (first, day))) for day in told]


@dataclass(frozen=True)
class Moved:
    """The people moved as one view shows them, worked out once from the same entries: the ledger's rows of the
    window's days (``book``, :func:`ledger`), how the people set out along each corridor grew over the window
    (``by_day``, :func:`flows_by_day`), and in the same way the people said to have arrived by each corridor
    (``arrived_by_day``: a figure of its own, never added to those who set out). Running totals count from the first
    report of the entries given."""

    book: pd.DataFrame
    by_day: tuple[tuple[date, Mapping[str, Flow]], ...]
    day_starts: Mapping[date, datetime]
    """The local midnight (in UTC) of each day of :attr:`by_day` and :attr:`arrived_by_day`."""
    arrived_by_day: tuple[tuple[date, Mapping[str, Flow]], ...] = ()

    @property
    def flows(self) -> Mapping[str, Flow]:
        """Each corridor's people moved over the whole window (the last day of :attr:`by_day`)."""
        return self.by_day[-1][1] if self.by_day else {}


def moved(evidence: Evidence, claims: Iterable[Claim], window: tuple[datetime, datetime]) -> Moved:
    """The people moved of ``claims`` (records of the evidence's claims; those not of people moved are passed
    over) in ``window``, in one pass over them (:class:`Moved`)."""
    days = _days(window, evidence)
    found = entries(evidence, claims)
    running = _running_rows(found)
    by_day = tuple(_by_day(_leaving_runs(running), days))
    arrived = tuple(_by_day(_leaving_runs(running, ("arrived",)), days))
    told = {day for day, _ in by_day + arrived}
    return Moved(_book(evidence, days, running), by_day, {e.day: e.day_start for e in found if e.day in told}, arrived)
