"""Opening a map on its frame in the part of the map its controls leave free.

The opening frame (:mod:`geo.map.frame`) is fitted with Leaflet's ``fitBounds`` inside
padding that keeps every event out from under the map's own controls as they open. The
top and the bottom left are fixed: the zoom buttons and the title at the top, the folded
playback button (:mod:`geo.map.playback`, added after the map is built) above the scale bar
at the bottom left. The bottom right depends on the map's width, so it is measured in the
browser when the map opens (from the controls' own sizes where Leaflet's stylesheet is not
applied yet): the legend (open on wide maps, a button on narrow ones) with the overview
inset above it (open, or a button on a phone). Where that column stands taller
than the bottom padding, the frame keeps clear of it either on the right or at the bottom,
whichever leaves the frame more room.
"""

from __future__ import annotations

from branca.element import MacroElement
from folium.template import Template

from geo.map.frame import Bounds

FRAME_PADDING_PX = (30, 50, 30, 110)
"""Least room kept around the opening frame (left, top, right, bottom), in CSS pixels: the title box sits at the
top (about 45 px); at the bottom left the folded playback button (34 px) stands above the scale bar (about 45 px),
and a cluster marker reaches :data:`MARKER_REACH_PX` beyond its point."""
MARKER_REACH_PX = 19
"""How far the largest marker (a 38 px cluster) reaches beyond the point it stands for."""
MAX_ZOOM = 15
"""The opening frame never zooms in closer than this (a street block)."""
SLACK_PX = 8
"""Where Leaflet's stylesheet is not applied yet, what each control's border may still add (the inset's is 2 × 4 px)."""
ATTRIBUTION_PX = 20
"""The attribution line under the bottom-right column."""


class FitFrame(MacroElement):
    """Fit a map to ``bounds`` within :data:`FRAME_PADDING_PX`, clear of its bottom-right controls (see the module)."""

    _template = Template("""
        {% macro script(this, kwargs) %}
        (function () {
            var map = {{ this._parent.get_name() }}, pad = {{ this.padding|tojson }}, reach = {{ this.reach }};
            var corner = map._controlCorners.bottomright, size = map.getSize();
            var frame = map.getContainer().getBoundingClientRect();
            var placed = getComputedStyle(corner).position === "absolute";
            var controls = [].slice.call(corner.children)
                .filter(function (c) { return !L.DomUtil.hasClass(c, "leaflet-control-attribution"); });
            var right = pad[2], bottom = pad[3], wide = 0, tall = 0;
            if (placed) {
                controls.forEach(function (c) {
                    var r = c.getBoundingClientRect();
                    wide = Math.max(wide, frame.right - r.left);
                    tall = Math.max(tall, frame.bottom - r.top);
                });
            } else if (controls.length) {
                // Leaflet's stylesheet not applied yet (streamlit-folium adds it after this script): the column
                // from the controls' own sizes, Leaflet's 10 px margins, the attribution line and the borders.
                controls.forEach(function (c) {
                    wide = Math.max(wide, c.offsetWidth + 10 + {{ this.slack }});
                    tall += c.offsetHeight + 10 + {{ this.slack }};
                });
                tall += {{ this.attribution }};
            }
            wide += reach;
            tall += reach;
            if (controls.length && tall > bottom) {
                var beside = (size.x - pad[0] - Math.max(right, wide)) * (size.y - pad[1] - bottom);
                var below = (size.x - pad[0] - right) * (size.y - pad[1] - tall);
                if (beside > below) { right = Math.max(right, wide); } else { bottom = tall; }
            }
            map.fitBounds({{ this.bounds.corners()|tojson }}, {paddingTopLeft: [pad[0], pad[1]],
                          paddingBottomRight: [right, bottom], maxZoom: {{ this.max_zoom }}});
        })();
        {% endmacro %}
    """)

    def __init__(self, bounds: Bounds):
        super().__init__()
        self._name = "FitFrame"
        self.bounds = bounds
        self.padding = list(FRAME_PADDING_PX)
        self.reach = MARKER_REACH_PX
        self.max_zoom = MAX_ZOOM
        self.slack = SLACK_PX
        self.attribution = ATTRIBUTION_PX
