"""The overview inset: the whole region at a glance, its routes, and where the main map looks.

The main map opens on the city (:mod:`geo.map.opening`); the towns the routes lead to lie
beyond it. The inset (Leaflet-MiniMap, the plugin behind folium's ``MiniMap``) stays fixed on
the region holding every route in use and every event shown, draws the routes in their
colours and the event places as dots, names each end of the story (:func:`story_ends`: places
far apart, such as Idlib province and Madaya near Damascus) and outlines the main map's current view. It never
moves the main map. A frame of the playback export may draw in it the glyphs of the events its main map does not
show whole (:mod:`geo.export.animation`); its names then give way to them. It sits at the bottom right, above the
legend (folded on the dashboard's map), away from the playback at the bottom left, so the two never stack into one
column; it folds to a button on a map narrower than :data:`INSET_OPEN_PX`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import folium
import pandas as pd
from folium import TileLayer
from folium.plugins import MiniMap
from folium.template import Template
from folium.utilities import camelize

from geo.map import scripts
from geo.map.escape import safe
from geo.map.layers import LABELS_SCRIPT
from geo.map.opening import Bounds, MapViews
from geo.map.style import BASE_LAYERS, tile_url
from geo.places.gazetteer import Place

WIDTH_PX = 190
HEIGHT_PX = 150
MARGIN_PX = 12
"""Room left around the region inside the inset."""
MAX_ZOOM = 9
"""The inset never zooms in closer than this (about 45 km across at 36° N): it is an overview."""
MIN_ZOOM = 1
GLYPH_MARGIN_PX = 6
"""Glyphs drawn in the inset (a frame of the playback export) stay this far inside its edges (its border is 4 px)."""
LEAST_GLYPH_SCALE = 0.5
"""A fan of glyphs too big for the inset (a busy step on a small map) is drawn smaller, down to this share of its size."""
VIEW_COLOUR = "#d00"
"""The outline of the main map's current view in the inset."""

TILES = tile_url(BASE_LAYERS[0]["tiles"])
"""The inset's base map (the main map's first), as Leaflet takes it."""
INSET_PLACES = 500
"""The overview inset dots at most this many event places, those with most events shown first."""

INSET_OPEN_PX = 560
"""A map narrower than this (a phone) opens with the inset folded to a button."""
WIDE_PX = 900
"""On a map at least this wide the inset is :data:`WIDE_SIZE_PX`, room for the names of a story's ends."""
WIDE_SIZE_PX = (250, 200)
GROUP_KM = 30.0
"""Event places within this distance of an end's busiest place are that end of the story, named together."""
NAMES_PER_END = 2
"""An end of the story is named by its busiest places, up to this many."""


@dataclass(frozen=True)
class End:
    """One end of a story: a group of event places near each other, named by its busiest ones, at the busiest."""

    lat: float
    lon: float
    name: str
    events: int


def story_ends(places: Sequence[tuple[float, float, str, int]]) -> list[End]:
    """The ends of a story told by event places ``(lat, lon, name, events)`` given busiest first: each place joins
    the first end whose first (busiest) place lies within :data:`GROUP_KM`, else starts an end of its own; an end
    is named by its first :data:`NAMES_PER_END` places joined with " · ", at its first place; ends busiest first
    (the order given breaks ties). One end alone is returned too.

    >>> [e.name for e in story_ends([(36.2, 37.1, "Aleppo", 5), (33.7, 36.1, "Madaya", 3), (33.72, 36.09, "Zabadani", 3)])]
    ['Madaya · Zabadani', 'Aleppo']
    """
    ends: list[list[tuple[float, float, str, int]]] = []
    for place in places:
        home = next((end for end in ends if _km(end[0][0], end[0][1], place[0], place[1]) < GROUP_KM), None)
        if home is None:
            ends.append([place])
        else:
            home.append(place)
    ranked = sorted(enumerate(ends), key=lambda item: (-sum(p[3] for p in item[1]), item[0]))
    return [End(end[0][0], end[0][1], " · ".join(list(dict.fromkeys(p[2] for p in end))[:NAMES_PER_END]),
                sum(p[3] for p in end)) for _, end in ranked]


def _km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(min(1.0, a)))


def zoom_to_fit(region: Bounds, width_px: int = WIDTH_PX, height_px: int = HEIGHT_PX) -> int:
    """The highest Web Mercator zoom at which ``region`` fits the inset, within [MIN_ZOOM, MAX_ZOOM]."""
    def y(lat: float) -> float:
        return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))

    span_x = math.radians(region.east - region.west) / (2 * math.pi)  # share of the world's width
    span_y = (y(region.north) - y(region.south)) / (2 * math.pi)
    fits = [math.log2((size - 2 * MARGIN_PX) / (256 * span)) for size, span in ((width_px, span_x), (height_px, span_y))
            if span > 0]
    return max(MIN_ZOOM, min(MAX_ZOOM, math.floor(min(fits)) if fits else MAX_ZOOM))


class Inset(scripts.ScriptElement, MiniMap):
    """The overview inset of :mod:`geo.map.inset`: ``routes`` as ``(latlons, colour)``, ``places`` as ``(lat, lon)``;
    the ``ends`` of the story (:func:`story_ends`) are named in it when there are two or more."""

    scripts = (LABELS_SCRIPT, "inset.js")
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        var {{ this.get_name() }} = evacmapInset.add({{ this._parent.get_name() }}, {{ this.data|tojson }});
        {% endmacro %}
    """)

    def __init__(self, region: Bounds, routes: Sequence[tuple[Sequence[tuple[float, float]], str]],
                 places: Sequence[tuple[float, float]], ends: Sequence[End] = ()):
        layer = BASE_LAYERS[0]
        super().__init__(tile_layer=TileLayer(layer["tiles"]),  # drawn by the template below; a provider, not a name
                         position="bottomright", width=WIDTH_PX, height=HEIGHT_PX, toggle_display=True,
                         zoom_level_fixed=zoom_to_fit(region),
                         center_fixed=[(region.south + region.north) / 2, (region.west + region.east) / 2],
                         aiming_rect_options={"color": VIEW_COLOUR, "weight": 2, "fillOpacity": 0.08, "interactive": False},
                         shadow_rect_options={"weight": 0, "opacity": 0, "fillOpacity": 0})
        self._name = "Inset"
        self.data = {
            "tiles": TILES,
            "tileOptions": {"subdomains": layer["tiles"].get("subdomains", "abc"), "attribution": ""},
            "routes": [[[list(p) for p in latlons], colour] for latlons, colour in routes],
            "places": [list(p) for p in dict.fromkeys(places)],
            "ends": [[e.lat, e.lon, safe(e.name)] for e in ends] if len(ends) > 1 else [],
            "options": {camelize(key): value for key, value in self.options.items()},
            "openPx": INSET_OPEN_PX, "widePx": WIDE_PX, "wide": list(WIDE_SIZE_PX),
            "glyphMargin": GLYPH_MARGIN_PX, "leastScale": LEAST_GLYPH_SCALE,
        }


def _within_others(places: Mapping[str, Place], place_ids: Sequence[str]) -> set[str]:
    """The places among these that hold another of them (a governorate holding a town shown): the town names
    that end of the story. ``places``: every place, by id."""
    held = set()
    for place_id in place_ids:
        parent = places[place_id].parent
        while parent and parent not in held:
            held.add(parent)
            parent = places[parent].parent if parent in places else None
    return held & set(place_ids)


def add_inset(m: folium.Map, places: Mapping[str, Place], shown: pd.DataFrame, views: MapViews,
              routes: Sequence[tuple[Sequence[tuple[float, float]], str]]) -> None:
    """Add the overview inset to a map: the region of ``views`` (:func:`geo.map.opening.map_views`) with its
    ``routes`` as ``(latlons, colour)``, its event places, and the names of the story's ends (the places with most
    events ``shown``, a place holding another shown left to it; ``places``: every place, by id)."""
    by_place = shown.groupby("place_id", sort=False).size().sort_values(ascending=False, kind="stable")
    broad = _within_others(places, list(by_place.index))
    top = {str(p): int(n) for p, n in by_place.head(INSET_PLACES).items()}  # (ids: events' checked place_id, strings)
    ends = story_ends([(places[p].lat, places[p].lon, places[p].name, n) for p, n in top.items() if p not in broad])
    Inset(views.region, routes, views.places, ends).add_to(m)
