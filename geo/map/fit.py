"""Opening a map on its frame in the part of the map its controls leave free.

The opening frame (:mod:`geo.map.frame`) is fitted with Leaflet's ``fitBounds`` inside
padding that keeps every event out from under the map's own controls as they open. The
left is fixed: the zoom buttons at the top, the folded playback button
(:mod:`geo.map.playback`, added after the map is built) above the scale bar at the bottom.
The right-hand corners depend on the map's width and the title's length, so they are
measured in the browser when the map opens (from the controls' own sizes where Leaflet's
stylesheet is not applied yet): at the top the title box above the layers button, at the
bottom the legend (open on wide maps, a button on narrow ones) with the overview inset
above it (open, or a button on a phone). Where a column reaches past the padding, the frame
keeps clear of it either on the right or along its edge, whichever leaves the frame more
room (the bottom column first).
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
            var size = map.getSize(), frame = map.getContainer().getBoundingClientRect();
            // The controls standing in a right-hand corner: how far they reach in from the right and from their edge.
            function column(corner, top) {
                var placed = getComputedStyle(corner).position === "absolute", wide = 0, tall = 0;
                var controls = [].slice.call(corner.children)
                    .filter(function (c) { return !L.DomUtil.hasClass(c, "leaflet-control-attribution"); });
                if (placed) {
                    controls.forEach(function (c) {
                        var r = c.getBoundingClientRect();
                        wide = Math.max(wide, frame.right - r.left);
                        tall = Math.max(tall, top ? r.bottom - frame.top : frame.bottom - r.top);
                    });
                } else if (controls.length) {
                    // Leaflet's stylesheet not applied yet (streamlit-folium adds it after this script): the column
                    // from the controls' own sizes, Leaflet's 10 px margins, the attribution line and the borders.
                    controls.forEach(function (c) {
                        wide = Math.max(wide, c.offsetWidth + 10 + {{ this.slack }});
                        tall += c.offsetHeight + 10 + {{ this.slack }};
                    });
                    if (!top) { tall += {{ this.attribution }}; }
                }
                return {any: controls.length > 0, wide: wide + reach, tall: tall + reach};
            }
            var left = pad[0], top = pad[1], right = pad[2], bottom = pad[3];
            // Keep clear of each right-hand column on the right or along its edge, whichever leaves more room.
            var low = column(map._controlCorners.bottomright, false);
            if (low.any && low.tall > bottom) {
                var beside = (size.x - left - Math.max(right, low.wide)) * (size.y - top - bottom);
                var below = (size.x - left - right) * (size.y - top - low.tall);
                if (beside > below) { right = Math.max(right, low.wide); } else { bottom = low.tall; }
            }
            var high = column(map._controlCorners.topright, true);
            if (high.any && high.tall > top && high.wide > right) {
                var aside = (size.x - left - Math.max(right, high.wide)) * (size.y - top - bottom);
                var under = (size.x - left - right) * (size.y - high.tall - bottom);
                if (aside > under) { right = Math.max(right, high.wide); } else { top = high.tall; }
            }
            map.fitBounds({{ this.bounds.corners()|tojson }}, {paddingTopLeft: [left, top],
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
