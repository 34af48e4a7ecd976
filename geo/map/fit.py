"""Fitting a map's opening view into the part of the map its controls leave free.

The opening view (:mod:`geo.map.opening`) is fitted with Leaflet's ``fitBounds`` inside
padding that keeps every event out from under the map's own controls as they open. The
left is fixed: the zoom buttons at the top, the folded playback button
(:mod:`geo.map.playback`, added after the map is built) above the scale bar at the bottom.
The right-hand corners depend on the map's width and the title's length, so they are
measured in the browser when the map opens (from the controls' own sizes where Leaflet's
stylesheet is not applied yet): at the top the title box above the layers button, at the
bottom the legend (open on wide maps, a button on narrow ones) with the overview inset
above it (open, or a button on a phone). Where a column reaches past the padding, the opening view
keeps clear of it either on the right or along its edge, whichever leaves the opening view more
room (the bottom column first). Once the view is set the event glyphs (``js/glyphs.js``) keep the fans of the
places in view whole inside the map, panning, or zooming out a step or two where the fans are larger than the map.

A map drawn again for a new window after its playback stopped opens instead on the view the reader left, if they
had dragged or zoomed the map (kept in the tab's session storage for that one redraw). The script is ``js/fit.js``.
"""

from __future__ import annotations

from folium.template import Template

from geo.map import scripts
from geo.map.opening import Bounds

OPENING_PADDING_PX = (30, 50, 30, 110)
"""Least room kept around the opening view (left, top, right, bottom), in CSS pixels: the title box sits at the
top (about 45 px); at the bottom left the folded playback button (34 px) stands above the scale bar (about 45 px),
and a cluster marker reaches :data:`MARKER_REACH_PX` beyond its point."""
MARKER_REACH_PX = 19
"""How far the largest marker (a 38 px cluster) reaches beyond the point it stands for."""
MAX_ZOOM = 15
"""The opening view never zooms in closer than this (a street block)."""
SLACK_PX = 8
"""Where Leaflet's stylesheet is not applied yet, what each control's border may still add (the inset's is 2 × 4 px)."""
ATTRIBUTION_PX = 20
"""The attribution line under the bottom-right column."""


class FitOpeningView(scripts.ScriptElement):
    """Fit a map to ``bounds`` within :data:`OPENING_PADDING_PX`, clear of its bottom-right controls (see the module)."""

    scripts = ("fit.js",)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapFit.open({{ this._parent.get_name() }}, {{ this.corners|tojson }}, {{ this.padding|tojson }},
                        {{ this.options|tojson }});
        {% endmacro %}
    """)

    def __init__(self, bounds: Bounds):
        super().__init__()
        self._name = "FitOpeningView"
        self.bounds = bounds
        self.corners = [[bounds.south, bounds.west], [bounds.north, bounds.east]]  # as Bounds.corners, no call back
        self.padding = list(OPENING_PADDING_PX)
        self.reach = MARKER_REACH_PX
        self.max_zoom = MAX_ZOOM
        self.slack = SLACK_PX
        self.attribution = ATTRIBUTION_PX
        self.options = {"reach": self.reach, "slack": self.slack, "attribution": self.attribution, "maxZoom": self.max_zoom}
