"""The selected event, drawn over a map already in the page without drawing the map again.

The dashboard draws its map without the selection and hands :func:`selection_layer` to streamlit-folium as
``feature_group_to_add`` (its documented way of changing a drawn map): the component adds the group to the
map it already shows and swaps it when the selection changes, so the map's document, the reader's zoom and
pan all stay. Only the browser knows what the reader is looking at, so the layer's own script decides the
one move: when the event is off screen it pans there, keeping the zoom (never zooming in past the event's
precision). It also marks the event's glyphs (elements with ``data-event-id``, or a badge's
``data-event-ids``, naming it) with :data:`SELECTED_CLASS`.

A round trip to Python takes a second or two, so the map itself (:class:`ClickMark`, part of the drawn map)
marks a clicked event's glyph at once, in the browser; the selection layer follows and confirms it.
"""

from __future__ import annotations

import folium
from folium.template import Template

from geo.map import scripts
from geo.map.style import SELECTED_COLOUR
from geo.run.selection import ShownEvent

LAYER_NAME = "Selected event"
SELECTED_CLASS = "evacmap-selected"
RING_CLASS = "evacmap-selected-ring"
RING_PX = 24
GLYPHS = "[data-event-id], [data-event-ids], .awesome-marker, .evacmap-approx"
"""What a click marks at once: an event's glyph (``data-event-id``), a badge of several, or a marker of one event."""


class ClickMark(scripts.ScriptElement):
    """Part of the drawn map: a click on an event's glyph marks it with :data:`SELECTED_CLASS` at once."""

    scripts = ("highlight.js",)
    _template = Template("""
        {% macro header(this, kwargs) %}
        <style>
          .leaflet-marker-pane .{{ this.css_class }} {
            filter: drop-shadow(0 0 2px #111) drop-shadow(0 0 5px {{ this.colour }}) drop-shadow(0 0 5px {{ this.colour }});
            z-index: 100000 !important;
          }
        </style>
        {% endmacro %}
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapHighlight.clickMark({{ this._parent.get_name() }}, {{ this.data|tojson }});
        {% endmacro %}
    """)

    def __init__(self):
        super().__init__()
        self._name = "ClickMark"
        self.css_class, self.colour = SELECTED_CLASS, SELECTED_COLOUR
        self.data = {"glyphs": GLYPHS, "mark": SELECTED_CLASS}


def add_click_mark(m: folium.Map) -> ClickMark:
    """Make a click on an event's glyph mark it at once, before the page answers with the selection layer."""
    element = ClickMark()
    element.add_to(m)
    return element


class Highlight(scripts.ScriptElement):
    """Once its group is on a map: pan to ``point`` if it is off screen (same zoom), mark the event's glyphs."""

    scripts = ("highlight.js",)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapHighlight.highlight({{ this._parent.get_name() }}, {{ this.data|tojson }});
        {% endmacro %}
    """)

    def __init__(self, event_id: str, point: tuple[float, float]):
        super().__init__()
        self._name = "Highlight"
        self.data = {"id": event_id, "point": list(point), "mark": SELECTED_CLASS}


def selection_layer(selected: ShownEvent) -> folium.FeatureGroup:
    """The highlight of one event (a ring on its point, its area outlined when the place is approximate), to add
    to a drawn map (:attr:`geo.run.selection.Selection.selected`)."""
    point = (selected.lat, selected.lon)
    group = folium.FeatureGroup(name=LAYER_NAME, control=False)
    if selected.event.geo_precision > 1:
        folium.Circle(point, radius=float(selected.precision_m), color=SELECTED_COLOUR, weight=2, dash_array="5 5",
                      fill=False, interactive=False).add_to(group)
    folium.CircleMarker(point, radius=RING_PX, color="#111", weight=3, fill=True, fill_color=SELECTED_COLOUR,
                        fill_opacity=0.45, interactive=False, class_name=RING_CLASS).add_to(group)
    Highlight(selected.event.id, point).add_to(group)
    return group
