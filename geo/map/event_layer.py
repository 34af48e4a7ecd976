"""The events of a map: one glyph each (:mod:`geo.map.glyphs`), the selected one highlighted, and the
outline of every approximate place; above :data:`geo.map.layers.MARKER_LIMIT` events, counts by place."""

from __future__ import annotations

from datetime import datetime

import folium
import pandas as pd

from geo.claims import Claim
from geo.data.evidence import Evidence
from geo.events import Event
from geo.map.escape import safe
from geo.map.glyphs import EventGlyphs, Pin, grave
from geo.map.layers import MARKER_LIMIT, MARKERS_MOVED, place_count_layer
from geo.map.popups import event_name, event_popup, event_tooltip, held_text
from geo.map.style import MARKER_HEX, SELECTED_COLOUR, SINGLE_SOURCE_OPACITY

AREA_WEIGHT = 1
"""The line width of an approximate place's outline: thin, unfilled, so areas never hide the events."""


def claims_by_event(evidence: Evidence, event_ids: set[str]) -> dict[str, list[Claim]]:
    """The claims of each of these events, by event id."""
    out: dict[str, list[Claim]] = {}
    for claim in evidence.claims_of(evidence.claims.loc[evidence.claims["event_id"].isin(event_ids)]):
        out.setdefault(claim.event_id, []).append(claim)
    return out


def _opacity(evidence: Evidence, event: Event) -> float:
    return SINGLE_SOURCE_OPACITY if evidence.outlets(event.sources) == 1 else 1.0


def area(row: dict | pd.Series, colour: str) -> folium.Circle:
    """The ground a place may be anywhere within: its precision radius, outlined (dashed, thin, no fill)."""
    return folium.Circle((float(row["lat"]), float(row["lon"])), radius=float(row["precision_m"]),
                         color=colour, weight=AREA_WEIGHT, opacity=0.7, dash_array="4 6", fill=False, interactive=False)


def pins(evidence: Evidence, shown: pd.DataFrame, claims: dict[str, list[Claim]],
         window: tuple[datetime, datetime] | None, selected: str | None = None) -> list[Pin]:
    """One glyph per event shown; a popup says who held the place in the window (no popups without a window:
    the playback's glyphs)."""
    zone = evidence.case.timezone
    held = {place_id: held_text(evidence, place_id, window) for place_id in shown["place_id"].unique()} if window else {}
    out = []
    for row, event in zip(shown.to_dict("records"), evidence.events_of(shown)):
        kind = evidence.event_types[event.type]
        own = claims.get(event.id, [])
        out.append(Pin(
            float(row["lat"]), float(row["lon"]), event.id, row["place_id"], MARKER_HEX[kind.colour], kind.icon,
            event.geo_precision > 1, grave(event.type, own), safe(event_name(event, row["place_name"], kind, zone)),
            safe(event_tooltip(event, row["place_name"], kind, zone)),
            event_popup(evidence, event, row, own, held[row["place_id"]]) if window else "", _opacity(evidence, event),
            event.id == selected))
    return out


def add_events(m: folium.Map, evidence: Evidence, shown: pd.DataFrame, selected: str | None,
               clickable_places: bool, window: tuple[datetime, datetime]) -> set[str]:
    """Draw the events shown (and the selected one, highlighted, its popup open); returns the places of the
    gravest events drawn, whose names never give way."""
    many = len(shown) > MARKER_LIMIT
    claims = claims_by_event(evidence, (set() if many else set(shown["id"])) | ({selected} if selected else set()))
    markers = folium.FeatureGroup(name="Events", control=True).add_to(m)
    areas = folium.FeatureGroup(name="Approximate places (precision radius)").add_to(m)
    chosen = folium.FeatureGroup(name="Selected event").add_to(m) if selected else None
    rows = shown
    if selected and (many or not (shown["id"] == selected).any()):
        rows = evidence.events.loc[evidence.events["id"] == selected]  # its place joined, as in shown
        if many:
            place_count_layer(evidence, shown.loc[shown["id"] != selected], clickable_places).add_to(markers)
        else:
            rows = pd.concat([shown, rows], ignore_index=True)
    elif many:
        place_count_layer(evidence, shown, clickable_places).add_to(markers)
        return set()
    drawn = pins(evidence, rows, claims, window, selected)
    glyphs = EventGlyphs(drawn, MARKERS_MOVED, open_id=selected)
    glyphs.add_to(chosen if many and chosen is not None else markers)
    outlined: set[tuple[str, str]] = set()
    for row, pin in zip(rows.to_dict("records"), drawn):
        if pin.approximate and (pin.place, pin.colour) not in outlined and not pin.selected:
            outlined.add((pin.place, pin.colour))
            area(row, pin.colour).add_to(areas)
        if pin.selected and pin.approximate and chosen is not None:
            area(row, SELECTED_COLOUR).add_to(chosen)
    return {pin.place for pin in drawn if pin.grave}
