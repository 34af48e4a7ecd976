"""The overview inset: the whole region at a glance, its routes, and where the main map looks.

The main map opens on the city (:mod:`geo.map.frame`); the towns the routes lead to lie
beyond it. The inset (Leaflet-MiniMap, the plugin behind folium's ``MiniMap``) stays fixed on
the region holding every route in use and every event shown, draws the routes in their
colours and the event places as dots, and outlines the main map's current frame. It never
moves the main map. It sits at the bottom right, above the legend (folded on the dashboard's map), away from
the playback at the bottom left, so the two never stack into one column; it folds to a button on a map narrower
than :data:`INSET_OPEN_PX`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from folium import TileLayer
from folium.plugins import MiniMap
from folium.template import Template

from geo.map.frame import Bounds
from geo.map.style import BASE_LAYERS, tile_url

WIDTH_PX = 190
HEIGHT_PX = 150
MARGIN_PX = 12
"""Room left around the region inside the inset."""
MAX_ZOOM = 9
"""The inset never zooms in closer than this (about 45 km across at 36° N): it is an overview."""
MIN_ZOOM = 1
FRAME_COLOUR = "#d00"
"""The outline of the main map's frame in the inset."""

INSET_OPEN_PX = 560
"""A map narrower than this (a phone) opens with the inset folded to a button."""


def zoom_to_fit(region: Bounds, width_px: int = WIDTH_PX, height_px: int = HEIGHT_PX) -> int:
    """The highest Web Mercator zoom at which ``region`` fits the inset, within [MIN_ZOOM, MAX_ZOOM]."""
    def y(lat: float) -> float:
        return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))

    span_x = math.radians(region.east - region.west) / (2 * math.pi)  # share of the world's width
    span_y = (y(region.north) - y(region.south)) / (2 * math.pi)
    fits = [math.log2((size - 2 * MARGIN_PX) / (256 * span)) for size, span in ((width_px, span_x), (height_px, span_y))
            if span > 0]
    return max(MIN_ZOOM, min(MAX_ZOOM, math.floor(min(fits)) if fits else MAX_ZOOM))


class Inset(MiniMap):
    """The overview inset of :mod:`geo.map.inset`: ``routes`` as ``(latlons, colour)``, ``places`` as ``(lat, lon)``."""

    _template = Template("""
        {% macro script(this, kwargs) %}
        var {{ this.get_name() }} = (function () {
            var map = {{ this._parent.get_name() }};
            var layers = [L.tileLayer({{ this.tiles|tojson }}, {{ this.tile_options|tojson }})];
            {{ this.routes|tojson }}.forEach(function (r) {
                layers.push(L.polyline(r[0], {color: r[1], weight: 3, opacity: 0.9, interactive: false}));
            });
            {{ this.places|tojson }}.forEach(function (p) {
                layers.push(L.circleMarker(p, {radius: 2, color: "#222", weight: 1, fillOpacity: 0.8, interactive: false}));
            });
            var options = {{ this.options|tojavascript }};
            options.minimized = map.getSize().x < {{ this.open_px }};
            var inset = new L.Control.MiniMap(L.layerGroup(layers), options);
            // An overview only: the plugin would move the main map to the inset's centre whenever the
            // inset moves (its first draw, a resize, unfolding), losing the opening frame or the reader's.
            inset._onMiniMapMoved = function () { this._mainMapMoving = false; };
            map.addControl(inset);
            return inset;
        })();
        {% endmacro %}
    """)

    def __init__(self, region: Bounds, routes: Sequence[tuple[Sequence[tuple[float, float]], str]],
                 places: Sequence[tuple[float, float]]):
        layer = BASE_LAYERS[0]
        super().__init__(tile_layer=TileLayer(layer["tiles"]),  # drawn by the template below; a provider, not a name
                         position="bottomright", width=WIDTH_PX, height=HEIGHT_PX, toggle_display=True,
                         zoom_level_fixed=zoom_to_fit(region),
                         center_fixed=[(region.south + region.north) / 2, (region.west + region.east) / 2],
                         aiming_rect_options={"color": FRAME_COLOUR, "weight": 2, "fillOpacity": 0.08, "interactive": False},
                         shadow_rect_options={"weight": 0, "opacity": 0, "fillOpacity": 0})
        self._name = "Inset"
        self.tiles = tile_url(layer["tiles"])
        self.tile_options = {"subdomains": layer["tiles"].get("subdomains", "abc"), "attribution": ""}
        self.routes = [[[list(p) for p in latlons], colour] for latlons, colour in routes]
        self.places = [list(p) for p in dict.fromkeys(places)]
        self.open_px = INSET_OPEN_PX
