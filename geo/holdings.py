"""Who held a place, from when until when, as a report says: the map shows a place's side in a window."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from geo import times


@dataclass(frozen=True)
class Party:
    """A party to the conflict a case declares (``parties.csv``): a side that held places, how a reader sees it named,
    and its colour (one of the map's marker colours)."""

    id: str
    label: str
    colour: str
    note: str = ""


@dataclass(frozen=True)
class Holding:
    """One side holding one place over a span; ``start`` None: held already before the reports,
    ``until`` None: still held at the last report. ``label`` names the side to a reader (its party's label; the
    side's id when none is given, as in a case that declares no parties)."""

    place_id: str
    side: str
    source_id: str
    start: datetime | None = None
    until: datetime | None = None
    note: str = ""
    label: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", self.label or self.side)
        for moment, what in ((self.start, "from"), (self.until, "until")):
            if moment is not None:
                times.aware(moment, f"holding of {self.place_id!r} {what}")
        if self.start is not None and self.until is not None and self.until <= self.start:
            raise ValueError(f"holding of {self.place_id!r}: until {self.until!r} is not after from {self.start!r}")

    def overlaps(self, start: datetime, end: datetime) -> bool:
        """True when this span shares time with the window [start, end)."""
        return (self.start is None or self.start < end) and (self.until is None or self.until > start)


def held(holdings: Iterable[Holding], place_id: str, start: datetime, end: datetime) -> tuple[Holding, ...]:
    """A place's holdings that meet the window, in time order (several when it changed hands)."""
    found = [c for c in holdings if c.place_id == place_id and c.overlaps(start, end)]
    return tuple(sorted(found, key=lambda c: (c.start is not None, c.start or start)))


def sides_ever(holdings: Iterable[Holding]) -> dict[str, tuple[str, ...]]:
    """Each place's sides over the whole case, in first-seen order."""
    sides: dict[str, tuple[str, ...]] = {}
    for c in holdings:
        if c.side not in sides.get(c.place_id, ()):
            sides[c.place_id] = (*sides.get(c.place_id, ()), c.side)
    return sides


@dataclass(frozen=True)
class Holders:
    """Who held one place over a window: the spans that meet it, in time order, and the one holding it at the
    window's end (None: no known holder then, as where a report leaves the days after a ceasefire open)."""

    place_id: str
    spans: tuple[Holding, ...]
    at_end: Holding | None


def holders(holdings: Iterable[Holding], start: datetime, end: datetime) -> dict[str, Holders]:
    """Each place some holding meets the window [start, end), by place id in the order the holdings first name
    them: its spans in the window and who held it at the window's end (a span running up to ``end`` or past it)."""
    every = tuple(holdings)
    found = {place_id: held(every, place_id, start, end) for place_id in dict.fromkeys(c.place_id for c in every)}
    return {place_id: Holders(place_id, met, _at_end(met, end)) for place_id, met in found.items() if met}


def _at_end(spans: tuple[Holding, ...], end: datetime) -> Holding | None:
    """The span of ``spans`` (all meeting a window ending at ``end``) still running at the window's end."""
    running = [c for c in spans if c.until is None or c.until >= end]
    return running[-1] if running else None
