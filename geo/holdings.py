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
