"""The events of a map: one glyph each (:mod:`geo.map.glyphs`), the selected one highlighted, and the
outline of every approximate place; above :data:`geo.map.layers.MARKER_LIMIT` events, counts by place."""

from __future__ import annotations

from collections.abc import Iterable

import folium

from geo.map.escape import safe
from geo.map.glyphs import EventGlyphs, Pin, grave
from geo.map.layers import MARKER_LIMIT, MARKERS_MOVED, place_count_layer
from geo.map.popups import event_name, event_popup, event_text, event_tooltip
from geo.map.style import MARKER_HEX, SELECTED_COLOUR, SINGLE_SOURCE_OPACITY
from geo.selection import Selection, ShownEvent

AREA_WEIGHT = 1
"""The line width of an approximate place's outline: thin, unfilled, so areas never hide the events."""


def area(shown: ShownEvent, colour: str) -> folium.Circle:
    """The ground a place may be anywhere within: its precision radius, outlined (dashed, thin, no fill)."""
    return folium.Circle((shown.lat, shown.lon), radius=float(shown.precision_m), color=colour, weight=AREA_WEIGHT,
                         opacity=0.7, dash_array="4 6", fill=False, interactive=False)


def pins(selection: Selection, events: Iterable[ShownEvent], popups: bool = True, selected: str | None = None) -> list[Pin]:
    """One glyph per event, as :class:`~geo.selection.Selection` worked it out (its popup: :func:`event_text`, who
    held the place in the window among it; no popups for the playback's glyphs)."""
    evidence = selection.evidence
    zone = evidence.case.timezone
    out = []
    for shown in events:
        event = shown.event
        kind = evidence.event_types[event.type]
        out.append(Pin(
            shown.lat, shown.lon, event.id, event.place_id, MARKER_HEX[kind.colour], kind.icon,
            event.geo_precision > 1, grave(event.type, shown.claims), safe(event_name(event, shown.place_name, kind, zone)),
            safe(event_tooltip(event, shown.place_name, kind, zone)),
            event_popup(event_text(shown, kind, zone)) if popups else "",
            SINGLE_SOURCE_OPACITY if shown.outlets == 1 else 1.0, event.id == selected))
    return out


def add_events(m: folium.Map, selection: Selection, selected: str | None, clickable_places: bool) -> set[str]:
    """Draw the events shown (and the ``selected`` one, highlighted, its popup open); returns the places of the
    gravest events drawn, whose names never give way."""
    shown = selection.events
    many = len(shown) > MARKER_LIMIT
    markers = folium.FeatureGroup(name="Events", control=True).add_to(m)
    areas = folium.FeatureGroup(name="Approximate places (precision radius)").add_to(m)
    chosen = folium.FeatureGroup(name="Selected event").add_to(m) if selected else None
    if many:
        place_count_layer(selection.evidence, shown.loc[shown["id"] != selected] if selected else shown,
                          clickable_places).add_to(markers)
        if not selected:
            return set()
    drawn_events = [selection.selected] if many else list(selection.shown.values())
    if selected and not many and selected not in selection.shown:
        drawn_events.append(selection.selected)
    drawn = pins(selection, drawn_events, selected=selected)
    glyphs = EventGlyphs(drawn, MARKERS_MOVED, open_id=selected)
    glyphs.add_to(chosen if many and chosen is not None else markers)
    outlined: set[tuple[str, str]] = set()
    for shown_event, pin in zip(drawn_events, drawn):
        if pin.approximate and (pin.place, pin.colour) not in outlined and not pin.selected:
            outlined.add((pin.place, pin.colour))
            area(shown_event, pin.colour).add_to(areas)
        if pin.selected and pin.approximate and chosen is not None:
            area(shown_event, SELECTED_COLOUR).add_to(chosen)
    return {pin.place for pin in drawn if pin.grave}
