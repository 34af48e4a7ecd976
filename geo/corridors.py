"""Corridors: the routes evacuees were moved along, and their geodesic length."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property

from geopy.distance import geodesic

from geo import times
from geo.places.gazetteer import check_location


@dataclass(frozen=True)
class Waypoint:
    """One point of a route: a gazetteer place, or an explicit sourced coordinate."""

    lat: float
    lon: float
    place_id: str | None = None
    coord_source: str = ""
    note: str = ""

    def __post_init__(self) -> None:
        check_location(self.lat, self.lon, f"waypoint {self.place_id or ''}".strip())


@dataclass(frozen=True)
class Pause:
    """A span inside a corridor's time in use when no convoy set out along it, told by ``events`` (the halt and
    the restart): from ``start`` until ``end``, when convoys set out again (the span excludes ``end``)."""

    start: datetime
    end: datetime
    events: tuple[str, ...]
    note: str = ""

    def __post_init__(self) -> None:
        times.aware(self.start, "pause from")
        times.aware(self.end, "pause until")
        if self.end <= self.start:
            raise ValueError(f"pause from {self.start.isoformat()}: until ({self.end.isoformat()}) is not after it")


@dataclass(frozen=True)
class Corridor:
    """A route in travel order, the time it was in use and the claims of its length.

    It was in use from ``active_from`` until ``active_until`` (the span excludes ``active_until``, as a view's
    window excludes its end, so a route in use until midnight is not in use on the next day), less its ``pauses``;
    a route whose two times are equal was in use at that instant.
    """

    id: str
    name: str
    active_from: datetime
    active_until: datetime
    waypoints: tuple[Waypoint, ...]
    description: str
    sources: tuple[str, ...]
    length_claims: tuple[str, ...] = ()
    pauses: tuple[Pause, ...] = ()

    def __post_init__(self) -> None:
        times.aware(self.active_from, f"corridor {self.id!r} active_from")
        times.aware(self.active_until, f"corridor {self.id!r} active_until")
        if self.active_until < self.active_from:
            raise ValueError(f"corridor {self.id!r}: active_until is before active_from")
        if len(self.waypoints) < 2:
            raise ValueError(f"corridor {self.id!r}: a route needs at least 2 waypoints, instead got {len(self.waypoints)}")
        for before, pause in zip((None, *self.pauses), self.pauses):
            if pause.start < self.active_from or pause.end > self.active_until:
                raise ValueError(f"corridor {self.id!r}: the pause from {pause.start.isoformat()} is not inside its "
                                 f"time in use ({self.active_from.isoformat()} .. {self.active_until.isoformat()})")
            if before is not None and pause.start < before.end:
                raise ValueError(f"corridor {self.id!r}: the pause from {pause.start.isoformat()} begins before the one "
                                 f"from {before.start.isoformat()} ends (pauses in time order, none overlapping)")

    @cached_property
    def length_km(self) -> float:
        """Geodesic length along the waypoints (WGS 84 ellipsoid), in kilometres, worked out once per corridor.

        Straight segments between waypoints: a lower bound on the road distance.
        """
        return sum(
            geodesic((a.lat, a.lon), (b.lat, b.lon)).km
            for a, b in zip(self.waypoints, self.waypoints[1:])
        )

    @cached_property
    def spans_in_use(self) -> tuple[tuple[datetime, datetime], ...]:
        """The spans ``[first, last)`` the corridor was in use, in time order: its time in use less its pauses
        (one span ``(t, t)`` for a route in use at the instant ``t``)."""
        if self.active_from == self.active_until:
            return ((self.active_from, self.active_until),)
        spans, begin = [], self.active_from
        for pause in self.pauses:
            if pause.start > begin:
                spans.append((begin, pause.start))
            begin = max(begin, pause.end)
        if begin < self.active_until:
            spans.append((begin, self.active_until))
        return tuple(spans)

    def active_during(self, start: datetime, end: datetime) -> bool:
        """True when the corridor was in use at some moment of the window ``[start, end)``."""
        return any(first < end and (last > start or first == last >= start) for first, last in self.spans_in_use)

    @cached_property
    def latlons(self) -> tuple[tuple[float, float], ...]:
        """The route as ``[lat, lon]`` pairs, the order folium takes, worked out once per corridor."""
        return tuple((w.lat, w.lon) for w in self.waypoints)
