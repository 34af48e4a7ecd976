"""The steps a playback goes through, and what each step shows, computed once in Python for the browser.

A step is a stretch of the window, an hour or a local day long (the first and last
may be shorter, cut by the window). A step holds an event by the window rule of
:meth:`geo.run.view.View.mask` (its span overlaps the step, or it starts inside it), so a
step shows what a view of that step would show; a corridor is in use during a step by
:meth:`geo.corridors.Corridor.active_during`. *So far* counts the events that started
before the step ends: what cumulative playback draws.

Up to :data:`geo.map.layers.MARKER_LIMIT` events the browser gets each event with its
start and end and decides per step itself. Above it, counts per place and step are
binned here (:func:`place_bins`), so what reaches the page grows with places and steps,
never with events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
from typing import Any

import numpy as np
import pandas as pd

from geo import times

STEP_SIZES = {"hour": timedelta(hours=1), "day": timedelta(days=1)}
"""The step sizes a playback offers, by name (the name is what ``--step`` and the map's menu take)."""
MAX_STEPS = 24 * 62
"""A step size that would cut the window into more steps than this is not offered (hours over a year)."""
MAX_CELLS = 120_000
"""Most (place, step) counts a playback carries per step size; above it only the busiest places are drawn,
while each step's totals stay exact. About 1.5 MB of page at the most."""


@dataclass(frozen=True)
class Step:
    """One stretch of a playback: [start, end) in UTC and its clock label."""

    start: datetime
    end: datetime
    label: str


def epoch(moment: datetime | pd.Timestamp) -> int:
    """Seconds since 1970-01-01 UTC: how times reach the browser."""
    return int(pd.Timestamp(moment).timestamp())


def steps(window: tuple[datetime, datetime], size: str, zone: tzinfo) -> list[Step]:
    """The window cut into steps of ``size`` ("hour" or "day"): days at local midnights in ``zone``, hours on the hour.

    Raises ValueError for an unknown size; returns [] when the window would need more than
    :data:`MAX_STEPS` steps of that size.
    """
    if size not in STEP_SIZES:
        raise ValueError(f"step: expected one of {', '.join(STEP_SIZES)}, instead got {size!r}")
    start, end = window
    if (end - start) / STEP_SIZES[size] > MAX_STEPS + 2:
        return []
    out = []
    moment = start
    while moment < end:
        local = moment.astimezone(zone)
        if size == "day":
            following = times.local_day_start(local.date() + timedelta(days=1), zone)
            label = times.describe(moment, zone, with_time=False)
        else:
            following = (local.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)).astimezone(times.UTC)
            label = times.describe(moment, zone)
        following = min(following, end)
        out.append(Step(moment.astimezone(times.UTC), following.astimezone(times.UTC), label))
        moment = following
    return out


SLIVER = timedelta(minutes=1)
"""A last step shorter than this (a window ending a second after its last event) is dropped when no event starts
in it: the playback would end on an empty step ("Wed 21 Dec 2016 · 0 events")."""


def whole(step: Step, size: str, zone: tzinfo) -> tuple[datetime, datetime]:
    """The whole local day (or hour) a step lies in, in UTC: what a playback stopped on it sends, even where
    the window cut the step short."""
    local = step.start.astimezone(zone)
    if size == "day":
        return times.local_day_span(local.date(), zone)
    first = local.replace(minute=0, second=0, microsecond=0).astimezone(times.UTC)
    return first, first + STEP_SIZES["hour"]


def without_empty_sliver(cut: list[Step], starts: np.ndarray) -> list[Step]:
    """The steps without a last one shorter than :data:`SLIVER` in which no event (UTC epoch ``starts``) starts."""
    if len(cut) < 2 or cut[-1].end - cut[-1].start >= SLIVER:
        return cut
    first, last = epoch(cut[-1].start), epoch(cut[-1].end)
    return cut if bool(np.any((starts >= first) & (starts < last))) else cut[:-1]


def active(starts: np.ndarray, ends: np.ndarray, step: Step) -> np.ndarray:
    """Which events (UTC epoch seconds of start and span end) a step holds, by the window rule."""
    first, last = epoch(step.start), epoch(step.end)
    return (starts < last) & ((ends > first) | (starts >= first))


def event_seconds(shown: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """Each event's start and span end as UTC epoch seconds."""
    def seconds(column: str) -> np.ndarray:
        values = pd.DatetimeIndex(shown[column]).tz_convert("UTC").as_unit("s")
        return values.asi8.astype(np.int64)
    return seconds("start"), seconds("span_end")


def place_bins(shown: pd.DataFrame, cuts: list[Step]) -> tuple[list[str], list[list[int]], list[list[int]]]:
    """Counts per place and step: places (busiest first), each step's flat ``[place, active, so far, ...]`` and
    each step's exact totals ``[active, so far]``.

    A step lists the places with an event active in it or started by its end; when that
    would pass :data:`MAX_CELLS` in all, only the busiest places are listed.
    """
    codes, place_ids = pd.factorize(shown["place_id"])
    starts, ends = event_seconds(shown)
    bounds = np.array([epoch(s.start) for s in cuts] + [epoch(cuts[-1].end)] if cuts else [], dtype=np.int64)
    totals_by_place = np.bincount(codes, minlength=len(place_ids))
    order = np.lexsort((np.arange(len(place_ids)), -totals_by_place))  # busiest first, first seen breaks ties
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    ranked = rank[codes]
    places = len(place_ids)
    count = len(cuts)
    # The step each event starts in, and the last step its span reaches (by the window rule).
    first = np.searchsorted(bounds, starts, side="right") - 1
    reach = np.searchsorted(bounds, ends, side="left") - 1  # a span ending exactly on a boundary stops before it
    last = np.maximum(first, reach)
    first_clipped = np.clip(first, 0, count)
    last_clipped = np.clip(last, -1, count - 1)
    inside = last_clipped >= first_clipped
    active_counts = np.zeros((count + 1, places), dtype=np.int64)
    np.add.at(active_counts, (first_clipped[inside], ranked[inside]), 1)
    np.add.at(active_counts, (last_clipped[inside] + 1, ranked[inside]), -1)
    active_counts = np.cumsum(active_counts, axis=0)[:count]
    started = np.zeros((count + 1, places), dtype=np.int64)
    np.add.at(started, (np.clip(first, 0, count), ranked), 1)
    so_far = np.cumsum(started, axis=0)[:count]
    keep = places
    while keep > 1 and int(np.count_nonzero(so_far[:, :keep] | active_counts[:, :keep])) > MAX_CELLS:
        keep //= 2
    bins = []
    for i in range(count):
        listed = np.flatnonzero((active_counts[i, :keep] > 0) | (so_far[i, :keep] > 0))
        cells = np.column_stack((listed, active_counts[i, listed], so_far[i, listed])).ravel()
        bins.append([int(v) for v in cells])
    totals = [[int(a), int(s)] for a, s in zip(active_counts.sum(axis=1), so_far.sum(axis=1))]
    return [str(place_ids[i]) for i in order[:keep]], bins, totals


@dataclass(frozen=True)
class Timeline:
    """What a playback steps through, worked out in one call (:func:`timeline`): each event's start and span end
    (UTC epoch seconds), the steps of every size (``cuts``, [] where a size is not offered), for each size offered
    its table as the browser takes it (``tables``: the steps' epoch ``starts`` and ``ends``, clock ``labels``, not
    yet escaped, ``iso`` bounds and the ``whole`` local day or hour a stop sends), the counts per place
    (``bins``, :func:`place_bins`, where asked) and the ``spans`` given, as epoch seconds."""

    starts: np.ndarray
    ends: np.ndarray
    cuts: dict[str, list[Step]]
    tables: dict[str, dict[str, list]]
    bins: dict[str, tuple[list[str], list[list[int]], list[list[int]]]]
    spans: list[tuple[int, int]]


def timeline(window: tuple[datetime, datetime], zone: tzinfo, shown: pd.DataFrame,
             spans: Sequence[tuple[datetime, datetime]] = (), by_place: bool = False) -> Timeline:
    """The :class:`Timeline` of the events ``shown`` in ``window``: steps at local midnights of ``zone`` or on the
    hour, without an empty last sliver; ``by_place``: their counts per place and step too; ``spans`` (the corridors'
    time in use) as epoch seconds."""
    starts, ends = event_seconds(shown)
    cuts = {size: without_empty_sliver(steps(window, size, zone), starts) for size in STEP_SIZES}
    tables: dict[str, dict[str, list[Any]]]  # each column a list of its own items
    tables = {size: {"starts": [epoch(s.start) for s in cut], "ends": [epoch(s.end) for s in cut],
                     "labels": [s.label for s in cut], "iso": [[s.start.isoformat(), s.end.isoformat()] for s in cut],
                     "whole": [[moment.isoformat() for moment in whole(s, size, zone)] for s in cut]}
              for size, cut in cuts.items() if cut}
    bins = {size: place_bins(shown, cut) for size, cut in cuts.items() if cut} if by_place else {}
    return Timeline(starts, ends, cuts, tables, bins, [(epoch(a), epoch(b)) for a, b in spans])
