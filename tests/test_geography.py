"""The map's geography without tiles: Natural Earth's land, coast and borders, clipped to the case's region."""

from __future__ import annotations

import json

import pytest

from geo.data import evidence
from geo.map import assets, geography
from geo.map.build import map_of
from geo.run.selection import Selection
from geo.run.view import View
from tests.conftest import SHIPPED

APRIL = SHIPPED.parent / "four-towns-2017-04"
ATLAS = assets.STATIC / assets.WORLD_ATLAS.folder / assets.GEOGRAPHY_FILE


def test_should_clip_a_ring_to_a_box():
    assert geography.clip_ring([(0, 0), (4, 0), (4, 4), (0, 4)], (1, 1, 3, 3)) == [(1, 3), (1, 1), (3, 1), (3, 3)]
    assert geography.clip_ring([(5, 5), (6, 5), (6, 6)], (0, 0, 1, 1)) == []
    # a triangle across the box's east edge keeps the part inside, cut along the edge
    assert geography.clip_ring([(0, 0), (2, 0), (0, 2)], (-1, -1, 1, 3)) == [(0, 0), (1, 0), (1, 1), (0, 2)]


def test_should_keep_the_runs_of_a_line_that_reach_into_the_box():
    line = [(-3, 0), (-2, 0), (0.5, 0), (0.6, 0.2), (3, 3), (4, 3)]
    assert geography.clip_line(line, (0, -1, 1, 1)) == [[(-2, 0), (0.5, 0), (0.6, 0.2), (3, 3)]]


def test_should_take_the_region_of_the_places_with_a_margin():
    assert geography.region([(35.0, 36.0), (36.0, 37.0)]) == (31.0, 30.0, 42.0, 41.0)  # 5° each side


@pytest.mark.skipif(not ATLAS.is_file(), reason=f"{ATLAS} absent: python scripts/fetch_assets.py")
def test_should_draw_the_april_cases_coast_and_borders_within_its_region_in_a_few_kilobytes():
    ev = evidence.load(APRIL)
    points = [(p.lat, p.lon) for p in ev.gazetteer if p.role == "event"]
    box = geography.region(points)
    data = geography.features(box, ATLAS)
    kinds = {f["properties"]["kind"]: f["geometry"]["coordinates"] for f in data["features"]}
    assert set(kinds) == {"sea", "land", "coast", "border"}
    assert kinds["land"] and kinds["coast"] and kinds["border"]
    for ring in (ring for polygon in kinds["land"] for ring in polygon):
        slack = 10 ** -geography.DECIMALS  # the points are rounded
        assert all(box[0] - slack <= lon <= box[2] + slack and box[1] - slack <= lat <= box[3] + slack for lon, lat in ring)
    # the Mediterranean coast of Syria and Lebanon runs between 35.5° and 36.1° E from 33° to 36.5° N (Latakia
    # 35.78° E, Tartus 35.88° E, Tripoli 35.84° E, Beirut 35.50° E): the coast drawn passes there
    coast = [p for line in kinds["coast"] for p in line]
    for lat in (33.9, 34.9, 35.5):
        assert any(35.4 < lon < 36.2 and abs(plat - lat) < 0.1 for lon, plat in coast), lat
    # Idlib (36.63° E, 35.93° N) is on land, in the land drawn
    assert any(_inside((36.63393, 35.93062), polygon[0]) for polygon in kinds["land"])
    assert len(json.dumps(data, separators=(",", ":"))) < 20_000


def _inside(point, ring) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@pytest.mark.skipif(not ATLAS.is_file(), reason=f"{ATLAS} absent: python scripts/fetch_assets.py")
def test_should_put_the_geography_on_every_map_under_its_tiles():
    ev = evidence.load(APRIL)
    page = map_of(Selection.of(ev, View())).get_root().render()
    assert '"evacmapGeography"' in page and geography.ATTRIBUTION in page
