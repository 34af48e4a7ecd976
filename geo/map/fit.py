"""Opening a map on its frame in the part of the map its controls leave free.

The opening frame (:mod:`geo.map.frame`) is fitted with Leaflet's ``fitBounds`` inside
padding that keeps every event out from under the map's own controls as they open:
the zoom buttons and the title at the top, the folded playback button and the scale
bar at the bottom left, the folded legend and the attribution at the bottom right. On a
map at least :data:`geo.map.inset.INSET_OPEN_PX` wide the overview inset opens at the
bottom right too, so the padding on the right grows by :data:`geo.map.inset.ROOM_PX`;
which of the two applies is decided in the browser, where the map's width is known.
"""

from __future__ import annotations

from branca.element import MacroElement
from folium.template import Template

from geo.map import inset
from geo.map.frame import Bounds

FRAME_PADDING_PX = (30, 50, 30, 110)
"""Room kept around the opening frame (left, top, right, bottom), in CSS pixels: the title box sits at the top
(about 45 px); at the bottom left the folded playback button (34 px) stands above the scale bar (about 45 px),
and a cluster marker reaches 19 px beyond its point."""
MAX_ZOOM = 15
"""The opening frame never zooms in closer than this (a street block)."""


class FitFrame(MacroElement):
    """Fit a map to ``bounds`` within :data:`FRAME_PADDING_PX`, plus the inset's room where the inset opens."""

    _template = Template("""
        {% macro script(this, kwargs) %}
        (function () {
            var map = {{ this._parent.get_name() }}, pad = {{ this.padding|tojson }};
            var right = pad[2] + (map.getSize().x >= {{ this.open_px }} ? {{ this.room_px }} : 0);
            map.fitBounds({{ this.bounds.corners()|tojson }},
                          {paddingTopLeft: [pad[0], pad[1]], paddingBottomRight: [right, pad[3]], maxZoom: {{ this.max_zoom }}});
        })();
        {% endmacro %}
    """)

    def __init__(self, bounds: Bounds):
        super().__init__()
        self._name = "FitFrame"
        self.bounds = bounds
        self.padding = list(FRAME_PADDING_PX)
        self.open_px = int(inset.INSET_OPEN_PX)
        self.room_px = int(inset.ROOM_PX)
        self.max_zoom = MAX_ZOOM
