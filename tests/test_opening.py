"""Where the map opens: the smallest box holding most events, widened to the events near it."""

from __future__ import annotations

import csv
import itertools
import math
from collections import Counter

import pytest
from geopy.distance import great_circle

from geo.data import evidence
from geo.map import build, fit, opening
from geo.run.view import View
from tests.conftest import SHIPPED as DATA  # the December 2016 case folder


def _smallest_majority_box(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    """By exhaustion: every box with edges on the points' coordinates, the smallest area holding over half
    of them (ties: smaller perimeter, more points, then south-west-most), as (south, west, north, east)."""
    lats, lons = sorted({p[0] for p in points}), sorted({p[1] for p in points})
    scale = math.cos(math.radians(sum(lats) / len(lats)))
    best = None
    for south, north in itertools.combinations_with_replacement(lats, 2):
        for west, east in itertools.combinations_with_replacement(lons, 2):
            inside = sum(south <= la <= north and west <= lo <= east for la, lo in points)
            if inside * 2 <= len(points):
                continue
            height, width = north - south, (east - west) * scale
            key = (height * width, height + width, -inside, south, west)
            if best is None or key < best[0]:
                best = (key, (south, west, north, east))
    return best[1]


def _as_tuple(bounds: opening.Bounds) -> tuple[float, float, float, float]:
    return bounds.south, bounds.west, bounds.north, bounds.east


def test_should_open_on_a_single_busy_spot_as_its_point():
    points = [(36.18, 37.14)] * 5 + [(36.17, 37.12)] * 3 + [(35.98, 36.70)]
    lats, lons = zip(*points)
    assert _as_tuple(opening.core(lats, lons)) == (36.18, 37.14, 36.18, 37.14)


def test_should_find_the_same_core_as_trying_every_box():
    points = [(36.20, 37.16), (36.17, 37.12), (36.16, 37.12), (36.18, 37.07), (36.17, 37.13), (35.93, 36.63),
              (35.98, 36.70), (36.19, 37.15), (36.17, 37.125)]
    lats, lons = zip(*points)
    assert _as_tuple(opening.core(lats, lons)) == pytest.approx(_smallest_majority_box(points))


def test_should_count_weights_as_that_many_events_at_one_spot():
    spots = [(36.20, 37.16), (36.17, 37.12), (36.16, 37.12), (35.93, 36.63)]
    counts = [1, 4, 3, 2]
    expanded = [spot for spot, n in zip(spots, counts) for _ in range(n)]
    lats, lons = zip(*spots)
    assert _as_tuple(opening.core(lats, lons, counts)) == pytest.approx(_smallest_majority_box(expanded))


def test_should_leave_towns_beyond_the_reach_with_few_events_out_of_the_opening_view():
    city = [(36.18, 37.14)] * 8 + [(36.18274, 37.06682)]  # about 7 km west: kept
    far = [(35.98167, 36.70167)]  # about 45 km away, one event of ten: left to the inset
    lats, lons = zip(*(city + far))
    assert great_circle(city[0], city[-1]).km < opening.REACH_KM < great_circle(city[0], far[0]).km
    assert len(far) / len(city + far) < opening.STORY_SHARE
    assert _as_tuple(opening.opening_view(lats, lons)) == (36.18, 37.06682, 36.18274, 37.14)


def test_should_bring_a_distant_town_holding_a_good_part_of_the_events_into_the_opening_view():
    city = [(36.18, 37.14)] * 5 + [(36.18274, 37.06682)]
    far = [(33.69032, 36.10354)] * 2 + [(33.72488, 36.1005)]  # Madaya and Zabadani, 4 km apart, 280 km south
    lats, lons = zip(*(city + far))
    assert len(far) / len(city + far) >= opening.STORY_SHARE > 1 / len(city + far)  # the town, not one of its spots
    assert _as_tuple(opening.opening_view(lats, lons)) == (33.69032, 36.1005, 36.18274, 37.14)


def test_should_find_the_core_on_a_grid_when_there_are_many_positions():
    # 200 distinct positions in a 1 km square hold 60% of the weight; the rest is spread 50 km away
    busy = [(36.18 + i * 0.00005, 37.14 + (i % 7) * 0.0001) for i in range(200)]
    spread = [(35.5 + i * 0.01, 36.5 + (i % 11) * 0.05) for i in range(130)]
    lats, lons = zip(*(busy + spread))
    weights = [3] * len(busy) + [3.5] * len(spread)
    found = opening.core(lats, lons, weights)
    assert len(busy) + len(spread) > opening.CORE_POINTS
    assert 36.17 <= found.south <= found.north <= 36.20 and 37.13 <= found.west <= found.east <= 37.16


def test_should_refuse_no_positions_and_bad_weights():
    with pytest.raises(ValueError, match="at least one"):
        opening.core([], [])
    with pytest.raises(ValueError, match="positive weight"):
        opening.core([36.0], [37.0], [0])


def _shipped_places() -> dict[str, tuple[float, float]]:
    with open(DATA / "gazetteer.csv", encoding="utf-8") as handle:
        return {row["id"]: (float(row["lat"]), float(row["lon"])) for row in csv.DictReader(handle)}


def test_should_open_the_shipped_evacuation_on_the_city_and_not_on_idlib():
    """The expected opening view from the CSV rows by the documented rule: the place holding a majority of the
    33 events is the core; the opening view holds every event place within 15 km of it, by great-circle distance."""
    places = _shipped_places()
    with open(DATA / "events.csv", encoding="utf-8") as handle:
        at = Counter(row["place_id"] for row in csv.DictReader(handle))
    busiest, count = at.most_common(1)[0]
    assert count * 2 > sum(at.values())  # one place holds the majority: the core is its point
    kept = [places[p] for p in at if great_circle(places[p], places[busiest]).km <= opening.REACH_KM]
    expected = [min(p[0] for p in kept), min(p[1] for p in kept), max(p[0] for p in kept), max(p[1] for p in kept)]
    for place in ("amiriyah", "ramousah", "rashidin"):
        assert places[place] in kept
    assert places["foua"] not in kept

    m = build.build_map(evidence.load(DATA), View())
    fitted = [child for child in m._children.values() if isinstance(child, fit.FitOpeningView)]
    assert [*fitted[0].bounds.corners()[0], *fitted[0].bounds.corners()[1]] == pytest.approx(expected)


def test_should_open_the_april_case_on_the_whole_story_from_madaya_to_rashidin():
    """From the CSV rows: each event place whose neighbourhood (event places within 15 km, by great-circle distance)
    holds at least an eighth of the April events is inside the opening view of the whole window."""
    folder = DATA.parent / "four-towns-2017-04"
    with open(folder / "gazetteer.csv", encoding="utf-8") as handle:
        places = {row["id"]: (float(row["lat"]), float(row["lon"])) for row in csv.DictReader(handle)}
    with open(folder / "events.csv", encoding="utf-8") as handle:
        at = Counter(row["place_id"] for row in csv.DictReader(handle))
    total = sum(at.values())
    busy = [p for p in at if sum(n for q, n in at.items()
                                   if great_circle(places[p], places[q]).km <= opening.REACH_KM) * 8 >= total]
    assert {"madaya", "zabadani", "foua", "kefraya", "rashidin"} <= set(busy)

    m = build.build_map(evidence.load(folder), View())
    bounds = next(c for c in m._children.values() if isinstance(c, fit.FitOpeningView)).bounds
    for place in busy:
        lat, lon = places[place]
        assert bounds.south <= lat <= bounds.north and bounds.west <= lon <= bounds.east, place
