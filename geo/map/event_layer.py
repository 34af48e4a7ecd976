"""The events of a map: one glyph each (:mod:`geo.map.glyphs`), the selected one highlighted, and the
outline of every approximate place; above :data:`geo.map.layers.MARKER_LIMIT` events, counts by place."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import folium
from folium.plugins import FastMarkerCluster

from geo.events import EventType
from geo.map import glyphs
from geo.map.glyphs import Pin
from geo.map.popups import GlyphText, glyph_texts
from geo.map.style import SELECTED_COLOUR
from geo.run.selection import Selection, ShownEvent

if TYPE_CHECKING:
    from geo.map.layers import Drawn

AREA_WEIGHT = 1
"""The line width of an approximate place's outline: thin, unfilled, so areas never hide the events."""


def area(shown: ShownEvent, colour: str) -> folium.Circle:
    """The ground a place may be anywhere within: its precision radius, outlined (dashed, thin, no fill)."""
    return folium.Circle((shown.lat, shown.lon), radius=float(shown.precision_m), color=colour, weight=AREA_WEIGHT,
                         opacity=0.7, dash_array="4 6", fill=False, interactive=False)


def pins(selection: Selection, events: Iterable[ShownEvent], popups: bool = True, selected: str | None = None) -> list[Pin]:
    """One glyph per event, as :class:`~geo.run.selection.Selection` worked it out (its popup: who held the place in
    the window among it; no popups for the playback's glyphs)."""
    evidence, events = selection.evidence, list(events)
    texts = glyph_texts(events, evidence.event_types, evidence.case.timezone, popups)
    return glyphs.pins(events, texts, evidence.event_types, selected)


def add_events(m: folium.Map, drawn: Drawn, texts: Sequence[GlyphText], event_types: Mapping[str, EventType],
               counts: FastMarkerCluster | None = None) -> set[str]:
    """Draw the events ``drawn`` with their ``texts`` (the selected one highlighted, its popup open) and, above the
    marker limit, the ``counts`` by place; returns the places of the gravest events drawn, whose names never give
    way."""
    selected = drawn.selected.event.id if drawn.selected is not None else None
    markers = folium.FeatureGroup(name="Events", control=True).add_to(m)
    areas = folium.FeatureGroup(name="Approximate places (precision radius)").add_to(m)
    chosen = folium.FeatureGroup(name="Selected event").add_to(m) if selected else None
    if counts is not None:
        counts.add_to(markers)
        if not selected:
            return set()
    drawn_pins = glyphs.draw(chosen if counts is not None and chosen is not None else markers, drawn.events, texts,
                             event_types, selected)
    outlined: set[tuple[str, str]] = set()
    for shown_event, pin in zip(drawn.events, drawn_pins):
        if pin.approximate and (pin.place, pin.colour) not in outlined and not pin.selected:
            outlined.add((pin.place, pin.colour))
            area(shown_event, pin.colour).add_to(areas)
        if pin.selected and pin.approximate and chosen is not None:
            area(shown_event, SELECTED_COLOUR).add_to(chosen)
    return {pin.place for pin in drawn_pins if pin.grave}
