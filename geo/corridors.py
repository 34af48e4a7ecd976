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
class Corridor:
    """A route in travel order, the time it was in use and the claims of its length."""

    id: str
    name: str
    active_from: datetime
    active_until: datetime
    waypoints: tuple[Waypoint, ...]
    description: str
    sources: tuple[str, ...]
    length_claims: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        times.aware(self.active_from, f"corridor {self.id!r} active_from")
        times.aware(self.active_until, f"corridor {self.id!r} active_until")
        if self.active_until < self.active_from:
            raise ValueError(f"corridor {self.id!r}: active_until is before active_from")
        if len(self.waypoints) < 2:
            raise ValueError(f"corridor {self.id!r}: a route needs at least 2 waypoints, instead got {len(self.waypoints)}")

    @cached_property
    def length_km(self) -> float:
        """Geodesic length along the waypoints (WGS 84 ellipsoid), in kilometres, worked out once per corridor.

        Straight segments between waypoints: a lower bound on the road distance.
        """
        return sum(
            geodesic((a.lat, a.lon), (b.lat, b.lon)).km
            for a, b in zip(self.waypoints, self.waypoints[1:])
        )

    def active_during(self, start: datetime, end: datetime) -> bool:
        """True when the corridor was in use at some moment of [start, end]."""
        return self.active_from <= end and self.active_until >= start

    @cached_property
    def latlons(self) -> tuple[tuple[float, float], ...]:
        """The route as ``[lat, lon]`` pairs, the order folium takes, worked out once per corridor."""
        return tuple((w.lat, w.lon) for w in self.waypoints)
