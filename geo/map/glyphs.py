"""Events as glyphs: each event of a view its own visible mark, none on top of another.

Up to :data:`geo.map.layers.MARKER_LIMIT` events, each is drawn as a round glyph in its type's
colour with its type's icon (the legend's look). Events at one place, or at places closer on
screen than a glyph, fan out around their point, already fanned (no click needed), each
place's fan on its own side, away from its neighbours and the map's edges and controls,
laid out again at every zoom by ``js/glyphs.js``: the gravest events (attacks, events
with people killed: :func:`grave`) claim room first, are larger and drawn on top. Each glyph
carries ``data-event-id`` and an accessible name (type, place, date). The playback
(:mod:`geo.map.playback_control`) draws its steps with the same script.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass

from branca.element import Element, MacroElement
from folium.template import Template

from geo.claims import Claim
from geo.events import EventType
from geo.map import scripts
from geo.map.popups import GlyphText
from geo.map.style import MARKER_HEX, SINGLE_SOURCE_OPACITY
from geo.run.selection import ShownEvent

GRAVE_TYPES = frozenset({"attack"})
"""Event types drawn as the gravest, whatever their claims."""
GRAVE_QUANTITIES = frozenset({"killed"})
"""An event with a claim of one of these quantities is drawn as the gravest."""
POPUP_WIDTH_PX = 290
POPUP_HEIGHT_PX = 290
"""A popup's content at most (Leaflet adds about 20 px of border): within 320 × 320 on a desktop, scrolled inside."""
POPUP_PAD_PX = ((50, 60), (60, 50))
"""Room an opened popup keeps from the map's edges (top left, bottom right): clear of the zoom buttons,
the title and layers at the top, the legend and playback at the bottom."""
MARKERS_MOVED = "evacmapmarkersmoved"
"""The map event fired when markers move without a zoom or pan (a spot's events fanned out), so names give way."""
GLYPH_SCRIPT = "glyphs.js"
"""The glyph script (``window.evacmapGlyphs``): a script of :mod:`geo.map.scripts`."""
GLYPH_STYLE = "glyphs.css"
"""The glyphs' style in ``geo/map/js``: in the page of every element that draws glyphs (:class:`GlyphStyle`)."""


def grave(event_type: str, claims: Iterable[Claim]) -> bool:
    """Whether an event is one of the gravest: an attack, or an event someone says killed people."""
    return event_type in GRAVE_TYPES or any(c.quantity in GRAVE_QUANTITIES for c in claims)


@dataclass(frozen=True)
class Pin:
    """One event's glyph: where, which event and place, its look (type colour and icon; dashed ring when the
    place is approximate; faded when one outlet alone reports it) and its texts, escaped HTML: ``name``
    (type, place, date: the accessible name), ``tooltip`` (starts with the event id) and ``popup``."""

    lat: float
    lon: float
    id: str
    place: str
    colour: str
    icon: str
    approximate: bool
    grave: bool
    name: str
    tooltip: str
    popup: str
    opacity: float = 1.0
    selected: bool = False


def pins(events: Sequence[ShownEvent], texts: Sequence[GlyphText], event_types: Mapping[str, EventType],
         selected: str | None = None) -> list[Pin]:
    """One glyph per event, with its texts (:func:`geo.map.popups.glyph_texts`, in the same order); ``selected``:
    the id of the event drawn selected."""
    out = []
    for shown, text in zip(events, texts, strict=True):
        event = shown.event
        kind = event_types[event.type]
        out.append(Pin(shown.lat, shown.lon, event.id, event.place_id, MARKER_HEX[kind.colour], kind.icon,
                       event.geo_precision > 1, grave(event.type, shown.claims), text.name, text.tooltip, text.popup,
                       SINGLE_SOURCE_OPACITY if shown.outlets == 1 else 1.0, event.id == selected))
    return out


def draw(layer: Element, events: Sequence[ShownEvent], texts: Sequence[GlyphText], event_types: Mapping[str, EventType],
         selected: str | None = None) -> list[Pin]:
    """Draw the events on ``layer`` as one :class:`EventGlyphs` (the ``selected`` one's popup open) and return their
    pins."""
    drawn = pins(events, texts, event_types, selected)
    EventGlyphs(drawn, MARKERS_MOVED, open_id=selected).add_to(layer)
    return drawn


class GlyphStyle(scripts.Styles):
    """The glyph style (:data:`GLYPH_STYLE`), in the page of an element that draws glyphs."""

    names = (GLYPH_STYLE,)


class EventGlyphs(scripts.ScriptElement):
    """The events of a view as glyphs (see the module), drawn by the browser from one array; the popup of
    ``open_id`` (the selected event) opens once they are on the map."""

    scripts = (GLYPH_SCRIPT,)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        var {{ this.get_name() }} = evacmapGlyphs.drawOn({{ this._parent._parent.get_name() }}, {{ this._parent.get_name() }},
                                                        {{ this.rows }}, {{ this.options|tojson }});
        {% endmacro %}
    """)

    def __init__(self, pins: Sequence[Pin], moved_event: str, open_id: str | None = None):
        super().__init__()
        self.open_id = open_id
        self._name = "EventGlyphs"
        self.moved_event = moved_event
        self.pins = list(pins)
        # the pins as a JavaScript array, written as they are given; "</" as "<\\/", so no text can end the script
        self.rows = json.dumps([asdict(p) for p in self.pins], ensure_ascii=False).replace("</", "<\\/")
        self.options = {"width": POPUP_WIDTH_PX, "height": POPUP_HEIGHT_PX, "pad": [list(p) for p in POPUP_PAD_PX],
                        "moved": moved_event, "open": open_id}
        self.add_child(GlyphStyle())


class DetailsBeside(MacroElement):
    """Part of a map drawn in a page that shows the picked event's details beside the map (the dashboard's drawer):
    while the page's element ``row`` (a CSS selector) that holds the map's frame and the details is at least
    ``need_px`` wide, the details sit beside the map and a click on a glyph opens no popup over it (the popup said the
    same, and its pan moved the glyph away); narrower, the details wrap under the map and the popup opens."""

    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this._parent.get_name() }}.evacmapDetailsBeside = {row: {{ this.row|tojson }}, need: {{ this.need }}};
        {% endmacro %}
    """)

    def __init__(self, row: str, need_px: int):
        super().__init__()
        self._name = "DetailsBeside"
        self.row, self.need = row, int(need_px)


def add_details_beside(m: Element, row: str, need_px: int) -> DetailsBeside:
    """Open no glyph popup while the page shows the details beside the map (:class:`DetailsBeside`)."""
    element = DetailsBeside(row, need_px)
    element.add_to(m)
    return element

