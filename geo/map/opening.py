"""Where a map opens: the part of the map where the events of the window are densest.

An evacuation happens within a few kilometres of a city while a few of its events (the
towns the buses went to) lie 50 km away; a map fitted to every event shows the city as
one blob. So the opening view is found in two steps, from the events themselves:

1. the **core**: the smallest box (by area on the ground) holding a strict majority of
   the events, its edges on event positions; ties go to the smaller perimeter, then the
   heavier box, then the south-west-most one;
2. the **opening view**: the box around every event within :data:`REACH_KM` of the core, so the
   city and its outskirts are in view, and around every event within that reach of a distant spot
   whose own neighbourhood (the events within :data:`REACH_KM` of it) holds at least
   :data:`STORY_SHARE` of the events: a town where a good part of the story happened is in view,
   while a town or two with an event each are left to the overview inset.

On the December 2016 case (56 events, 34 of them placed at East Aleppo) the core is East
Aleppo's point and the opening view reaches from Rashidin (7 km west) to Jibrin; al-Fu'ah's four
events and the one in Idlib Governorate (45-50 km), 5 of 56, fewer than an eighth, stay out. In
April 2017 (37 events) the core is at Rashidin, and the besieged towns are a good part of the
story: al-Fu'ah and Kafriya hold 10 events, Madaya and Zabadani 7, so the opening view reaches
from Madaya to Jibrin. Above :data:`CORE_POINTS` distinct positions the core is
found among the cells of a grid coarse enough to leave at most that many, each at the weighted
centre of its positions (the opening view itself always uses the true positions), so the search stays
within milliseconds for any number of places. Callers with many events pass one position per
place with its event count as the weight (:func:`geo.map.build.build_map` does).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

if TYPE_CHECKING:
    from geo.data.evidence import Evidence

REACH_KM = 15.0
"""Events within this distance of the core are in the opening view with it: a city and its outskirts."""
STORY_SHARE = 0.125
"""A distant spot whose neighbourhood holds at least this share of the events (weights) is in the opening view."""
CORE_POINTS = 48
"""The core is searched among at most this many distinct positions (rounded to a grid above it)."""
_GRID_DEGREES = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 45.0, 90.0)


@dataclass(frozen=True)
class Bounds:
    """A box on the map in degrees, south <= north and west <= east."""

    south: float
    west: float
    north: float
    east: float

    def __post_init__(self) -> None:
        if not (-90 <= self.south <= self.north <= 90 and -180 <= self.west <= self.east <= 180):
            raise ValueError(f"bounds: expected -90 <= south <= north <= 90 and -180 <= west <= east <= 180, "
                             f"instead got {self!r}")

    @classmethod
    def around(cls, points: Iterable[tuple[float, float]]) -> Bounds:
        """The smallest box holding these ``(lat, lon)`` points; ValueError when there are none."""
        points = list(points)
        if not points:
            raise ValueError("bounds: expected at least one (lat, lon) point, instead got none")
        lats, lons = [p[0] for p in points], [p[1] for p in points]
        return cls(min(lats), min(lons), max(lats), max(lons))

    def corners(self) -> list[list[float]]:
        """``[[south, west], [north, east]]``, as Leaflet's ``fitBounds`` takes it."""
        return [[self.south, self.west], [self.north, self.east]]

    def km_to(self, lat: float, lon: float) -> float:
        """Ground distance from a point to the nearest point of the box (0 inside), in km."""
        near_lat = min(max(lat, self.south), self.north)
        near_lon = min(max(lon, self.west), self.east)
        return float(_km(lat, lon, near_lat, near_lon))


Numbers = Sequence[float] | np.ndarray  # positions or weights: a list of numbers or an array (read with np.asarray)


def _km(lat1, lon1, lat2, lon2):
    """Great-circle distance in km (haversine on a sphere of the mean Earth radius); numbers or arrays."""
    p1, p2 = np.radians(lat1), np.radians(lat2)
    a = np.sin((p2 - p1) / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(np.radians(np.subtract(lon2, lon1)) / 2) ** 2
    return 2 * 6371.0088 * np.arcsin(np.sqrt(np.minimum(1.0, a)))


def _grouped(lats: np.ndarray, lons: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Distinct positions and the summed weight at each."""
    codes, pairs = pd.factorize(lats + 1j * lons)  # hashing, not sorting: milliseconds at a million
    return pairs.real.copy(), pairs.imag.copy(), np.bincount(codes, weights=weights, minlength=len(pairs))


def _coarse(lats: np.ndarray, lons: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """At most :data:`CORE_POINTS` positions: the distinct ones, or else the cells of the finest grid of
    :data:`_GRID_DEGREES` leaving that many, each at the weighted mean of the positions in it."""
    for step in (0.0, *_GRID_DEGREES):
        cells = (lats, lons) if step == 0 else (np.round(lats / step), np.round(lons / step))
        codes, keys = pd.factorize(cells[0] + 1j * cells[1])
        if len(keys) <= CORE_POINTS:
            break
    total = np.bincount(codes, weights=weights)
    return (np.bincount(codes, weights=weights * lats) / total, np.bincount(codes, weights=weights * lons) / total, total)


def _positions(lats, lons, weights) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Latitudes, longitudes and weights as float arrays (weight 1 each by default), checked."""
    lats, lons = np.asarray(lats, dtype=float), np.asarray(lons, dtype=float)
    if len(lats) == 0 or len(lats) != len(lons):
        raise ValueError(f"opening view: expected as many latitudes as longitudes (at least one), "
                         f"instead got {len(lats)}, {len(lons)}")
    weights = np.ones(len(lats)) if weights is None else np.asarray(weights, dtype=float)
    if len(weights) != len(lats) or not np.all(weights > 0):
        raise ValueError(f"opening view: expected a positive weight per position, instead got {len(weights)} for {len(lats)}")
    return lats, lons, weights


def core(lats: Numbers, lons: Numbers, weights: Numbers | None = None) -> Bounds:
    """The smallest box holding a strict majority of the weight (see the module's rule)."""
    return _core(*_coarse(*_positions(lats, lons, weights)))


def _core(lats: np.ndarray, lons: np.ndarray, weights: np.ndarray) -> Bounds:
    """:func:`core` of at most :data:`CORE_POINTS` positions (:func:`_coarse`)."""
    need = float(weights.sum()) / 2
    lat_values, lat_rank = np.unique(lats, return_inverse=True)
    lon_values, lon_rank = np.unique(lons, return_inverse=True)
    grid = np.zeros((len(lat_values), len(lon_values)))
    np.add.at(grid, (lat_rank.ravel(), lon_rank.ravel()), weights)
    scale = math.cos(math.radians(float(np.mean(lat_values))))
    n_lon = len(lon_values)
    a, b = np.triu_indices(n_lon)  # lon windows [a, b]
    width = (lon_values[b] - lon_values[a]) * scale
    best: tuple | None = None
    for south in range(len(lat_values)):
        # rows[j, l]: weight with lat rank in [south, south + j] and lon rank l; cumulated over l
        rows = np.cumsum(grid[south:], axis=0)
        cumulated = np.concatenate([np.zeros((len(rows), 1)), np.cumsum(rows, axis=1)], axis=1)
        held = cumulated[:, b + 1] - cumulated[:, a]  # [j, window]
        j, window = np.nonzero(held > need)
        if len(j) == 0:
            continue
        height = lat_values[south + j] - lat_values[south]
        area, perimeter = height * width[window], height + width[window]
        key = np.lexsort((lon_values[a[window]], -held[j, window], perimeter, area))[0]
        candidate = (area[key], perimeter[key], -held[j[key], window[key]], lat_values[south], lon_values[a[window[key]]],
                     lat_values[south + j[key]], lon_values[b[window[key]]])
        if best is None or candidate[:5] < best[:5]:
            best = candidate
    assert best is not None  # the whole box always holds all the weight
    return Bounds(float(best[3]), float(best[4]), float(best[5]), float(best[6]))


def opening_view(lats: Numbers, lons: Numbers, weights: Numbers | None = None,
            reach_km: float = REACH_KM, nearby: Iterable[tuple[float, float]] = ()) -> Bounds:
    """The view a map opens on: every position within ``reach_km`` of the :func:`core` box or of a
    :func:`busy_spots` point beyond that reach (a distant town), and every ``nearby`` ``(lat, lon)`` point (a route's
    waypoints, say) within that reach of the core too."""
    lats, lons, weights = _grouped(*_positions(lats, lons, weights))
    coarse = _coarse(lats, lons, weights)
    centre = _core(*coarse)
    near_lats = np.clip(lats, centre.south, centre.north)
    near_lons = np.clip(lons, centre.west, centre.east)
    kept = _km(lats, lons, near_lats, near_lons) <= reach_km
    for lat, lon in _busy(*coarse, reach_km, STORY_SHARE):
        if centre.km_to(lat, lon) > reach_km:  # a distant town; the core's own neighbours are in view already
            kept |= _km(lats, lons, lat, lon) <= reach_km
    points = list(zip(lats[kept].tolist(), lons[kept].tolist()))
    return Bounds.around(points + [p for p in nearby if centre.km_to(*p) <= reach_km])


def busy_spots(lats: Numbers, lons: Numbers, weights: Numbers | None = None,
               reach_km: float = REACH_KM, share: float = STORY_SHARE) -> list[tuple[float, float]]:
    """The ``(lat, lon)`` spots whose neighbourhood (every position within ``reach_km``) holds at least ``share`` of
    the weight, found among at most :data:`CORE_POINTS` positions (the grid cells of :func:`core` above that)."""
    return _busy(*_coarse(*_positions(lats, lons, weights)), reach_km, share)


def _busy(lats: np.ndarray, lons: np.ndarray, weights: np.ndarray, reach_km: float,
          share: float) -> list[tuple[float, float]]:
    """:func:`busy_spots` of at most :data:`CORE_POINTS` positions (:func:`_coarse`)."""
    need = share * float(weights.sum())
    near = _km(lats[:, None], lons[:, None], lats[None, :], lons[None, :]) <= reach_km
    held = near.astype(float) @ weights
    return [(float(lat), float(lon)) for lat, lon in zip(lats[held >= need], lons[held >= need])]


@dataclass(frozen=True)
class MapViews:
    """Where a map opens (:func:`opening_view`), and the region its overview inset shows: every route, the
    busiest event places (``places``, the inset's dots) and the opening view."""

    opening: Bounds
    region: Bounds
    places: list[tuple[float, float]]


def map_views(evidence: Evidence, shown: pd.DataFrame, routes: Sequence[Sequence[tuple[float, float]]],
              added: Sequence[tuple[float, float]] = (), inset_places: int = 500) -> MapViews:
    """The :class:`MapViews` of a map of the events ``shown`` (rows with ``lat``, ``lon``) and the ``routes`` in use.

    The map opens where the events are densest (:func:`opening_view`, the routes' points near them counted in),
    with every point ``added`` (candidates, lookups); without events, on the routes and the added points, else the
    case's own opening view (its descriptor's ``opening_view``), else its event places. The inset dots the
    ``inset_places`` places with most events."""
    route_points = [p for route in routes for p in route]
    if shown.empty:
        points = route_points + list(added)
        if not points and evidence.case.opening_view is not None:
            points = list(evidence.case.opening_view)
        opening = Bounds.around(points or [(p.lat, p.lon) for p in evidence.gazetteer if p.role == "event"])
    else:
        at = shown.groupby(["lat", "lon"], sort=False).size()
        lats, lons = at.index.get_level_values(0).to_numpy(float), at.index.get_level_values(1).to_numpy(float)
        densest = opening_view(lats, lons, at.to_numpy(float), nearby=route_points)
        opening = Bounds.around([(densest.south, densest.west), (densest.north, densest.east), *added])
    counts = shown.groupby(["lat", "lon"], sort=False).size().sort_values(ascending=False, kind="stable")
    places = [(float(lat), float(lon)) for lat, lon in counts.index[:inset_places]]
    region = Bounds.around(route_points + places + [(opening.south, opening.west), (opening.north, opening.east)])
    return MapViews(opening, region, places)
