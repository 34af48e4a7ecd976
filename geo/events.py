"""Events: dated, located happenings, and the fixed vocabulary of their types."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo

from geo import times


@dataclass(frozen=True)
class EventType:
    """One entry of the fixed event-type vocabulary, with its look and ACLED mapping."""

    id: str
    label: str
    description: str
    colour: str
    icon: str
    acled_disorder_type: str
    acled_event_type: str
    acled_sub_event_type: str


@dataclass(frozen=True)
class Event:
    """One dated, located happening; ``end`` is None for an instant."""

    id: str
    start: datetime
    time_precision: int
    geo_precision: int
    place_id: str
    type: str
    summary: str
    sources: tuple[str, ...]
    actors: tuple[str, ...] = ()
    end: datetime | None = None

    def __post_init__(self) -> None:
        times.aware(self.start, f"event {self.id!r} start")
        if self.end is not None and times.aware(self.end, f"event {self.id!r} end") < self.start:
            raise ValueError(f"event {self.id!r}: end {self.end!r} is before start {self.start!r}")

    def day_only(self, zone: tzinfo) -> bool:
        """True when the report gives the day but not the hour (the span is a local day of ``zone``)."""
        return self.end is not None and self.end - self.start == timedelta(days=1) and (
            self.start.astimezone(zone).hour == 0
        )

    def whole_days(self, zone: tzinfo) -> bool:
        """True when the span runs from one local midnight of ``zone`` to another, two days or more later (the report
        gives its days, not its hours)."""
        if self.end is None or self.end - self.start < timedelta(days=2):
            return False
        first, after = self.start.astimezone(zone), self.end.astimezone(zone)
        return first.time() == after.time() == time(0)

    def when(self, zone: tzinfo) -> str:
        """The event's time as a reader sees it: local time of ``zone`` (the case's) with UTC beside; a local day, or
        whole days from the first to the last ("Mon 12 Dec 2016 – Thu 15 Dec 2016"), alone."""
        if self.day_only(zone):
            return times.describe(self.start, zone, with_time=False)
        if self.end is not None and self.whole_days(zone):
            last = self.end - timedelta(microseconds=1)  # the span's last local day: the end is the midnight after it
            return times.describe(self.start, zone, with_time=False) + " – " + times.describe(last, zone, with_time=False)
        text = times.describe(self.start, zone)
        if self.end is not None:
            text += " – " + times.describe(self.end, zone)
        return text
