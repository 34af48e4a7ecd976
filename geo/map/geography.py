"""The map's geography without the internet: land, coastline, sea and borders from Natural Earth, under the tiles.

The `world-atlas` npm package's TopoJSON (Natural Earth's 1:50m countries and land; ``countries-50m.json``, shipped
in ``static/`` with the map's other assets and its licence, :data:`geo.map.assets.WORLD_ATLAS`) is turned into
GeoJSON here, clipped to the case's region: the bounding box of its event places (not the places of context,
such as a capital a statement came from) plus :data:`MARGIN_DEG` on each side
(more for a spread-out case, :func:`region`), so a page carries only the geography it shows. The land is one
filled layer on the region's box filled with the sea's colour (outside the box the map stays grey: no geography
there, rather than a sea that is not); the coastline and the borders between countries are lines of their own (a
border is a TopoJSON arc two countries share; the coast, the land's own arcs), so the edges the clipping makes are
never drawn. The layer lies in a pane below the tiles: with tiles it is hidden by them; where they cannot be loaded
(offline, or an ``--offline`` export) it is what the reader sees.

>>> clip_ring([(0, 0), (4, 0), (4, 4), (0, 4)], (1, 1, 3, 3))
[(1.0, 3), (1.0, 1), (3.0, 1), (3.0, 3)]
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

import folium
from folium.template import Template

from geo.errors import ExportError
from geo.map import assets, scripts

logger = logging.getLogger(__name__)

MARGIN_DEG = 5.0
"""Degrees added on each side of the places' bounding box (at least; a quarter of its span for a wider case): at
2.5 the April case's opening view at 1440 px was grey east of about 39.6° E, half the map."""
DECIMALS = 3
"""Coordinates are rounded to this many decimals (about 100 m): the 1:50m data is coarser than that."""
LAND, COAST, BORDER, SEA = "#f2efe6", "#6b8fa8", "#9a8c98", "#c9dbe8"
ATTRIBUTION = "Natural Earth"

Box = tuple[float, float, float, float]
"""(west, south, east, north) in degrees."""
Point = tuple[float, float]
"""(lon, lat), GeoJSON's order."""


def region(points: Iterable[tuple[float, float]]) -> Box:
    """The box a case's map shows of the world: its places' (lat, lon) ``points`` and a margin."""
    lats, lons = zip(*points, strict=True)
    west, east, south, north = min(lons), max(lons), min(lats), max(lats)
    margin_x = max(MARGIN_DEG, (east - west) / 4)
    margin_y = max(MARGIN_DEG, (north - south) / 4)
    return (max(-180.0, west - margin_x), max(-90.0, south - margin_y), min(180.0, east + margin_x),
            min(90.0, north + margin_y))


@cache
def _topology(path: Path) -> dict:
    if not path.is_file():
        raise ExportError(f"{path}: the map's geography is absent; {assets.FETCH_HINT}")
    return json.loads(path.read_text(encoding="utf-8"))


def _arcs(topology: dict) -> list[list[Point]]:
    """The topology's arcs as (lon, lat) points: quantized and delta-encoded in the file."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    out = []
    for arc in topology["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            points.append((x * sx + tx, y * sy + ty))
        out.append(points)
    return out


def _ring(arcs: list[list[Point]], indexes: Sequence[int]) -> list[Point]:
    """A ring from arc indexes (``~i``: arc ``i`` reversed), each arc's first point dropped after the first."""
    ring: list[Point] = []
    for index in indexes:
        arc = arcs[index] if index >= 0 else arcs[~index][::-1]
        ring.extend(arc if not ring else arc[1:])
    return ring


def _polygons(geometry: dict) -> list[list[list[int]]]:
    if geometry.get("type") == "Polygon":
        return [geometry["arcs"]]
    if geometry.get("type") == "MultiPolygon":
        return geometry["arcs"]
    return []


def clip_ring(ring: Sequence[Point], box: Box) -> list[Point]:
    """A polygon's ring clipped to a box (Sutherland–Hodgman: one edge of the box at a time)."""
    west, south, east, north = box
    edges = ((lambda p: p[0] >= west, lambda a, b: _at_x(a, b, west)),
             (lambda p: p[0] <= east, lambda a, b: _at_x(a, b, east)),
             (lambda p: p[1] >= south, lambda a, b: _at_y(a, b, south)),
             (lambda p: p[1] <= north, lambda a, b: _at_y(a, b, north)))
    out = list(ring)
    if len(out) > 1 and out[0] == out[-1]:
        out = out[:-1]
    for inside, cross in edges:
        points, out = out, []
        for k, current in enumerate(points):
            previous = points[k - 1]
            if inside(current):
                if not inside(previous):
                    out.append(cross(previous, current))
                out.append(current)
            elif inside(previous):
                out.append(cross(previous, current))
        if not out:
            return []
    return out


def _at_x(a: Point, b: Point, x: float) -> Point:
    return (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))


def _at_y(a: Point, b: Point, y: float) -> Point:
    return (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)


def clip_line(line: Sequence[Point], box: Box) -> list[list[Point]]:
    """The runs of a line that reach into a box: each segment with an end inside, or crossing it, is kept whole
    (the map clips what lies outside; a few kilometres past the edge cost nothing)."""
    west, south, east, north = box

    def touches(a: Point, b: Point) -> bool:
        return not (max(a[0], b[0]) < west or min(a[0], b[0]) > east or max(a[1], b[1]) < south or min(a[1], b[1]) > north)

    runs: list[list[Point]] = []
    current: list[Point] = []
    for a, b in zip(line, line[1:]):
        if touches(a, b):
            if not current:
                current = [a]
            current.append(b)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


def _rounded(points: Iterable[Point]) -> list[list[float]]:
    out: list[list[float]] = []
    for lon, lat in points:
        point = [round(lon, DECIMALS), round(lat, DECIMALS)]
        if not out or point != out[-1]:
            out.append(point)
    return out


def features(box: Box, path: Path | None = None) -> dict:
    """The geography within ``box`` as a GeoJSON FeatureCollection: the sea (the box), the land (a MultiPolygon),
    the coastline and the borders (MultiLineStrings), each feature's ``properties.kind`` saying which."""
    topology = _topology(path or assets.vendor_folder() / assets.WORLD_ATLAS.folder / assets.GEOGRAPHY_FILE)
    arcs = _arcs(topology)
    land = []
    for polygon in (p for g in topology["objects"]["land"]["geometries"] for p in _polygons(g)):
        rings = [_rounded(clip_ring(_ring(arcs, indexes), box)) for indexes in polygon]
        if rings and len(rings[0]) >= 3:
            land.append([ring + [ring[0]] for ring in rings if len(ring) >= 3])
    coast_arcs = {i if i >= 0 else ~i for g in topology["objects"]["land"]["geometries"]
                  for polygon in _polygons(g) for ring in polygon for i in ring}
    used = Counter(i if i >= 0 else ~i for g in topology["objects"]["countries"]["geometries"]
                   for polygon in _polygons(g) for ring in polygon for i in set(ring))
    border_arcs = sorted(i for i, n in used.items() if n >= 2 and i not in coast_arcs)

    def lines(indexes: Iterable[int]) -> list[list[list[float]]]:
        return [rounded for i in sorted(indexes) for run in clip_line(arcs[i], box)
                if len(rounded := _rounded(run)) >= 2]

    west, south, east, north = box
    sea = [[[west, south], [east, south], [east, north], [west, north], [west, south]]]
    return {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"kind": "sea"}, "geometry": {"type": "Polygon", "coordinates": sea}},
        {"type": "Feature", "properties": {"kind": "land"}, "geometry": {"type": "MultiPolygon", "coordinates": land}},
        {"type": "Feature", "properties": {"kind": "coast"},
         "geometry": {"type": "MultiLineString", "coordinates": lines(coast_arcs)}},
        {"type": "Feature", "properties": {"kind": "border"},
         "geometry": {"type": "MultiLineString", "coordinates": lines(border_arcs)}},
    ]}


class Geography(scripts.ScriptElement):
    """The geography layer of a map (see the module's docstring), in a pane below the tiles."""

    scripts = ("controls.js",)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapControls.geography({{ this._parent.get_name() }}, {{ this.data|tojson }}, {{ this.look|tojson }},
                                  {{ this.attribution|tojson }});
        {% endmacro %}
    """)

    def __init__(self, data: dict):
        super().__init__()
        self._name = "Geography"
        self.data, self.attribution = data, ATTRIBUTION
        self.look = {"sea": {"stroke": False, "fillColor": SEA, "fillOpacity": 1},
                     "land": {"stroke": False, "fillColor": LAND, "fillOpacity": 1},
                     "coast": {"color": COAST, "weight": 1.2, "opacity": 1, "fill": False},
                     "border": {"color": BORDER, "weight": 1.2, "opacity": 1, "dashArray": "6 3", "fill": False}}


def add_geography(m: folium.Map, points: Iterable[tuple[float, float]]) -> Geography | None:
    """Draw the geography of the region around the (lat, lon) ``points`` under the map's tiles; none where the
    geography file is absent (the map still draws, as before it had one)."""
    try:
        element = Geography(features(region(points)))
    except ExportError as error:
        logger.warning("drawing the map without its offline geography: %s", error)
        return None
    element.add_to(m)
    return element
