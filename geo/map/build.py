"""The folium map of a view: events by type, approximate places as areas, corridors, names, legend.

:func:`build_map` is the one place a map is drawn; the dashboard shows it and the
exports save it. Every piece of data text goes through :func:`geo.map.escape.safe`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime, timedelta, tzinfo

import folium
import pandas as pd
from branca.element import Element
from folium.plugins import AntPath

from geo import times
from geo.claims import Claim
from geo.corridors import Corridor
from geo.data.evidence import Evidence
from geo.data.merge import uploaded_from
from geo.data.schema import SLUG
from geo.events import Event, EventType
from geo.map import frame
from geo.map.assets import TileNotice
from geo.map.escape import safe
from geo.map.fit import FitFrame
from geo.map.inset import Inset
from geo.map.layers import MARKER_LIMIT, Arrows, EventMarkers, Pin, add_place_labels, place_count_layer
from geo.map.style import (
    BASE_LAYERS,
    CLUSTER_ICON,
    CORRIDOR_COLOURS,
    LOOKUP_COLOURS,
    MARKER_HEX,
    SELECTED_COLOUR,
    SINGLE_SOURCE_OPACITY,
    Box,
    OpenPopup,
    Style,
    check_look,
    legend,
)
from geo.places.geocode import Geocoded
from geo.view import View

CLUSTER_THRESHOLD = 100
"""Up to this many events only markers on the same spot cluster (a click spreads them out);
above it markers within :data:`CLUSTER_RADIUS_PX` cluster; above :data:`geo.map.layers.MARKER_LIMIT`
one marker per place counts the events."""
CLUSTER_RADIUS_PX = 60
SELECTED_ZOOM = 15
INSET_PLACES = 500
"""The overview inset dots at most this many event places, those with most events shown first."""
TOOLTIP_SEPARATOR = " · "

UNUSED_ASSETS = ("bootstrap", "bootstrap_css", "glyphicons_css", "awesome_rotate_css")
"""Scripts and styles folium's Map loads that evacmap's maps never use (no Bootstrap widgets, Font Awesome
icons rather than glyphicons, no rotated markers; jQuery stays: folium's popups are built with it): left
out, the map frame has four fewer files to fetch and parse before its first marker (about 280 KB)."""

CANDIDATE_LAYER_COLUMNS = ("place_id", "type", "evidence")

_TOOLTIP_ID = re.compile(rf"\s*({SLUG}){re.escape(TOOLTIP_SEPARATOR)}")


def event_id_from_tooltip(text: str | None) -> str | None:
    """The event id an event marker's tooltip starts with ("e014 · ..."), else None."""
    match = _TOOLTIP_ID.match(text or "")
    return match.group(1) if match else None


def _claims_by_event(evidence: Evidence, event_ids: set[str]) -> dict[str, list[Claim]]:
    out: dict[str, list[Claim]] = {}
    for claim in evidence.claims_of(evidence.claims.loc[evidence.claims["event_id"].isin(event_ids)]):
        out.setdefault(claim.event_id, []).append(claim)
    return out


def _claim_items(evidence: Evidence, claims: list[Claim]) -> str:
    items = "".join(
        f"<li>{safe(c.describe())} &mdash; {safe(evidence.cite([c.source_id])[0])}"
        + (f"<br><small>{safe(c.note)}</small>" if c.note else "") + "</li>"
        for c in claims
    )
    return f"<ul style='padding-left:16px;margin:4px 0'>{items}</ul>"


def event_tooltip(event: Event, place_name: str, kind: EventType, zone: tzinfo) -> str:
    """The hover text of an event: its id first, so a click can be traced back to it; times local to ``zone``."""
    return TOOLTIP_SEPARATOR.join((event.id, event.when(zone), place_name, kind.label))


def held_text(evidence: Evidence, place_id: str, window: tuple[datetime, datetime]) -> str:
    """Who held the place during the window, each span with its source ("" when no report says)."""
    zone = evidence.case.timezone

    def day_or_time(moment: datetime, end: bool) -> str:  # a span bounded at local midnight reads as whole days
        local = moment.astimezone(zone)
        if (local.hour, local.minute, local.second) != (0, 0, 0):
            return times.describe(moment, zone)
        day = times.describe(moment - timedelta(days=1) if end else moment, zone, with_time=False)
        return f"the end of {day}" if end else day

    spans = []
    for held in evidence.held(place_id, *window):
        since = f" from {day_or_time(held.start, end=False)}" if held.start else ""
        until = f" until {day_or_time(held.until, end=True)}" if held.until else ""
        spans.append(f"{held.side}{since}{until} ({evidence.cite([held.source_id])[0]})")
    return "Held by: " + "; then ".join(spans) if spans else ""


def _event_popup(evidence: Evidence, event: Event, row: pd.Series, claims: list[Claim], held: str = "") -> str:
    kind = evidence.event_types[event.type]
    parts = [
        f"<b>{safe(kind.label)}</b> at <b>{safe(row['place_name'])}</b>",
        f"<div>{safe(event.when(evidence.case.timezone))}</div>",
        f"<p style='margin:6px 0'>{safe(event.summary)}</p>",
    ]
    if held:
        parts.append(f"<div>{safe(held)}</div>")
    if event.geo_precision > 1:
        parts.append(f"<div><i>Place approximate: within about {int(row['precision_m']):,} m of the point "
                     f"(geo precision {event.geo_precision})</i></div>")
    if event.actors:
        parts.append(f"<div>Who: {safe(', '.join(event.actors))}</div>")
    if claims:
        parts.append(f"<div>Claims ({len(claims)}):</div>{_claim_items(evidence, claims)}")
    parts.append(f"<div>{safe(outlets_text(evidence.outlets(event.sources)))}</div>")
    parts.append(f"<div>Sources: {safe('; '.join(evidence.cite(event.sources)))}</div>")
    upload = uploaded_from(row)
    parts.append(f"<div style='color:#777'>Event {safe(event.id)}"
                 + (f", from upload {safe(upload)} (this session only)" if upload else "") + "</div>")
    return "".join(parts)


def outlets_text(outlets: int) -> str:
    """How well corroborated an event is, as its popup says it."""
    if outlets == 1:
        return "Single source: reported by one outlet only"
    return f"Reported by {outlets} independent outlets"


def _opacity(evidence: Evidence, event: Event) -> float:
    return SINGLE_SOURCE_OPACITY if evidence.outlets(event.sources) == 1 else 1.0


def _approx_icon(kind: EventType, selected: bool = False) -> folium.DivIcon:
    border = SELECTED_COLOUR if selected else MARKER_HEX[kind.colour]
    return folium.DivIcon(
        html=f"<div style='border-color:{border};color:{MARKER_HEX[kind.colour]}'>"
             f"<i class='fa fa-{kind.icon}'></i></div>",
        icon_size=(32, 32), icon_anchor=(16, 16), class_name="evacmap-approx",
    )


def _event_layer(evidence: Evidence, event: Event, row: pd.Series, claims: list[Claim],
                 selected: bool = False, held: str = "") -> folium.Marker:
    kind = evidence.event_types[event.type]
    location = (float(row["lat"]), float(row["lon"]))
    icon = (_approx_icon(kind, selected) if event.geo_precision > 1
            else folium.Icon(color=kind.colour, icon=kind.icon, prefix="fa"))
    return folium.Marker(
        location, icon=icon,
        tooltip=folium.Tooltip(safe(event_tooltip(event, row["place_name"], kind, evidence.case.timezone))),
        popup=folium.Popup(_event_popup(evidence, event, row, claims, held), max_width=360, show=selected,
                           lazy=not selected),
        z_index_offset=1000 if selected else 0, colour=MARKER_HEX[kind.colour], opacity=_opacity(evidence, event),
    )


def _area(row: pd.Series, colour: str) -> folium.Circle:
    """The ground a place may be anywhere within: its precision radius, drawn under the marker."""
    return folium.Circle((float(row["lat"]), float(row["lon"])), radius=float(row["precision_m"]),
                         color=colour, weight=1, dash_array="5 5", fill=True, fill_opacity=0.12, interactive=False)


def _add_events(m: folium.Map, evidence: Evidence, shown: pd.DataFrame, selected: str | None,
                clickable_places: bool, window: tuple[datetime, datetime]) -> folium.Marker | None:
    """Draw the events shown (and the selected one, highlighted); returns the selected event's marker.

    Above :data:`geo.map.layers.MARKER_LIMIT` events, one marker per place counts them.
    """
    many = len(shown) > MARKER_LIMIT
    claims = _claims_by_event(evidence, (set() if many else set(shown["id"])) | ({selected} if selected else set()))
    markers = folium.FeatureGroup(name="Events", control=True).add_to(m)
    if many:
        place_count_layer(evidence, shown.loc[shown["id"] != selected] if selected else shown,
                          clickable_places).add_to(markers)
    else:
        _add_markers(evidence, shown, selected, claims, markers,
                     folium.FeatureGroup(name="Approximate places (precision radius)").add_to(m), window)
    if selected:
        rows = evidence.events.loc[evidence.events["id"] == selected]
        row, event = rows.iloc[0], evidence.events_of(rows)[0]
        chosen = folium.FeatureGroup(name="Selected event").add_to(m)
        if event.geo_precision > 1:
            _area(row, SELECTED_COLOUR).add_to(chosen)
        folium.CircleMarker((float(row["lat"]), float(row["lon"])), radius=24, color="#111", weight=3,
                            fill=True, fill_color=SELECTED_COLOUR, fill_opacity=0.45, interactive=False).add_to(chosen)
        return _event_layer(evidence, event, row, claims.get(event.id, []), selected=True,
                            held=held_text(evidence, event.place_id, window)).add_to(chosen)
    return None


def _add_markers(evidence: Evidence, shown: pd.DataFrame, selected: str | None, claims: dict[str, list[Claim]],
                 markers: folium.FeatureGroup, areas: folium.FeatureGroup, window: tuple[datetime, datetime]) -> None:
    """One marker per event shown but the selected one, and the area of each approximate place; a popup
    says who held the place in the window."""
    held = {place_id: held_text(evidence, place_id, window) for place_id in shown["place_id"].unique()}
    radius = CLUSTER_RADIUS_PX if len(shown) > CLUSTER_THRESHOLD else 1
    pins = []
    drawn_areas: set[tuple[str, str]] = set()
    for row, event in zip(shown.to_dict("records"), evidence.events_of(shown)):
        if row["id"] == selected:
            continue
        kind = evidence.event_types[event.type]
        if event.geo_precision > 1 and (row["place_id"], kind.colour) not in drawn_areas:
            drawn_areas.add((row["place_id"], kind.colour))
            _area(row, MARKER_HEX[kind.colour]).add_to(areas)
        pins.append(Pin(float(row["lat"]), float(row["lon"]), kind.colour, kind.icon, event.geo_precision > 1,
                        MARKER_HEX[kind.colour], safe(event_tooltip(event, row["place_name"], kind, evidence.case.timezone)),
                        _event_popup(evidence, event, row, claims.get(event.id, []), held[row["place_id"]]),
                        _opacity(evidence, event)))
    EventMarkers(pins, icon_create_function=CLUSTER_ICON, options={
        "maxClusterRadius": radius, "spiderfyOnMaxZoom": True, "showCoverageOnHover": False}).add_to(markers)


def _bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Screen direction from a to b on a Web Mercator map, degrees clockwise from north."""
    def y(lat: float) -> float:
        return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    return math.degrees(math.atan2(math.radians(b[1] - a[1]), y(b[0]) - y(a[0])))


def _corridor_text(evidence: Evidence, corridor: Corridor) -> tuple[str, str]:
    """Tooltip and popup HTML of a corridor: computed length beside the claimed ones."""
    rows = evidence.claims.loc[evidence.claims["id"].isin(corridor.length_claims)]
    claimed = evidence.claims_of(rows)
    zone = evidence.case.timezone
    span = f"in use {times.describe(corridor.active_from, zone)} – {times.describe(corridor.active_until, zone)}"
    computed = f"{corridor.length_km:.1f} km computed (straight lines between its points)"
    stated = "; ".join(f"{c.amount} {c.unit} ({c.claimed_by})" for c in claimed) or "no length given in the reports"
    tooltip = TOOLTIP_SEPARATOR.join((corridor.name, computed, f"claimed: {stated}"))
    popup = (f"<b>{safe(corridor.name)}</b><div>{safe(span)}</div><div>{safe(computed)}</div>"
             + (f"<div>Claimed lengths:</div>{_claim_items(evidence, claimed)}" if claimed else
                "<div>No length is claimed in the reports.</div>")
             + f"<p style='margin:6px 0'>{safe(corridor.description)}</p>"
             + f"<div>Sources: {safe('; '.join(evidence.cite(corridor.sources)))}</div>")
    return tooltip, popup


def corridor_colours(evidence: Evidence) -> dict[str, str]:
    """Each corridor's colour, by its place in corridors.csv (the same in every view)."""
    return {c.id: CORRIDOR_COLOURS[i % len(CORRIDOR_COLOURS)] for i, c in enumerate(evidence.corridors)}


def _add_inset(m: folium.Map, evidence: Evidence, shown: pd.DataFrame, corridors: list[Corridor],
               opening: frame.Bounds) -> None:
    """The overview inset: the region of every corridor in use and every event shown, and the opening frame."""
    colours = corridor_colours(evidence)
    counts = shown.groupby(["lat", "lon"], sort=False).size().sort_values(ascending=False, kind="stable")
    places = [(float(lat), float(lon)) for lat, lon in counts.index[:INSET_PLACES]]
    region = frame.Bounds.around([p for c in corridors for p in c.latlons] + places
                                 + [(opening.south, opening.west), (opening.north, opening.east)])
    Inset(region, [(c.latlons, colours[c.id]) for c in corridors], places).add_to(m)


def _add_corridors(m: folium.Map, evidence: Evidence, corridors: list[Corridor]) -> None:
    layer = folium.FeatureGroup(name="Corridors (direction of travel)").add_to(m)
    colours = corridor_colours(evidence)
    arrows = []
    for corridor in corridors:
        tooltip, popup = _corridor_text(evidence, corridor)
        colour = colours[corridor.id]
        AntPath(corridor.latlons, tooltip=folium.Tooltip(safe(tooltip)), popup=folium.Popup(popup, max_width=380),
                color=colour, pulse_color="#ffffff", weight=5, opacity=0.85, delay=900).add_to(layer)
        arrows += [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, colour, _bearing(a, b) - 90)
                   for a, b in zip(corridor.latlons, corridor.latlons[1:])]
    Arrows(arrows).add_to(layer)


def _add_labels(m: folium.Map, evidence: Evidence, shown: pd.DataFrame) -> None:
    add_place_labels(folium.FeatureGroup(name="Place names").add_to(m), evidence, shown)


def _add_candidates(m: folium.Map, evidence: Evidence, candidates: pd.DataFrame) -> list[tuple[float, float]]:
    missing = [c for c in CANDIDATE_LAYER_COLUMNS if c not in candidates.columns]
    if missing:
        raise ValueError(f"candidates: missing column(s) {', '.join(missing)}; expected {', '.join(CANDIDATE_LAYER_COLUMNS)}")
    layer = folium.FeatureGroup(name="Candidate events (not reviewed)").add_to(m)
    points = []
    for _, row in candidates.iterrows():
        place = evidence.gazetteer[row["place_id"]]
        kind = evidence.event_types.get(row["type"])
        label = kind.label if kind else str(row["type"])
        start = row.get("start")
        known = start is not None and not pd.isna(start)
        when = times.describe(pd.Timestamp(start), evidence.case.timezone, with_time=False) if known else "date unknown"
        tooltip = TOOLTIP_SEPARATOR.join(("Candidate, not reviewed", when, place.name, label))
        popup = (f"<b>Candidate event (not reviewed)</b><div>{safe(label)} at {safe(place.name)}, {safe(when)}</div>"
                 f"<p style='margin:6px 0'>Evidence: &ldquo;{safe(row['evidence'])}&rdquo;</p>")
        folium.CircleMarker((place.lat, place.lon), radius=11, color="#111", weight=2, dash_array="3 3",
                            fill=True, fill_color="#ffffff", fill_opacity=0.9,
                            tooltip=folium.Tooltip(safe(tooltip)), popup=folium.Popup(popup, max_width=360)).add_to(layer)
        points.append((place.lat, place.lon))
    return points


def lookup_tooltip(found: Geocoded) -> str:
    """The hover text of an online lookup: unverified until a person accepts it."""
    state = "accepted by you, not in the gazetteer" if found.verified else "UNVERIFIED"
    return TOOLTIP_SEPARATOR.join((f"{found.source} result ({state})", found.query, found.address))


def _add_lookups(m: folium.Map, lookups: Sequence[Geocoded]) -> list[tuple[float, float]]:
    layer = folium.FeatureGroup(name="Online place lookups (unverified until accepted)").add_to(m)
    for found in lookups:
        popup = (f"<b>{safe(found.address)}</b><div>{safe(lookup_tooltip(found))}</div>"
                 f"<div>lat {found.lat:.5f}, lon {found.lon:.5f}"
                 + (f" · OpenStreetMap {safe(found.osm)}" if found.osm else "") + "</div>")
        folium.RegularPolygonMarker((found.lat, found.lon), number_of_sides=4, rotation=45, radius=12,
                                    color=LOOKUP_COLOURS[found.verified], weight=3, dash_array="4 3", fill=True,
                                    fill_color="#ffffff", fill_opacity=0.8, tooltip=folium.Tooltip(safe(lookup_tooltip(found))),
                                    popup=folium.Popup(popup, max_width=360)).add_to(layer)
    return [(found.lat, found.lon) for found in lookups]


def _elements(element: Element) -> Iterator[Element]:
    yield element
    for child in list(element._children.values()):
        yield from _elements(child)


def asset_urls(m: folium.Map) -> list[str]:
    """Every JavaScript and CSS file the map loads, in order, once each: what an offline copy needs."""
    urls = [url for e in _elements(m) for _, url in [*getattr(e, "default_js", []), *getattr(e, "default_css", [])]]
    return list(dict.fromkeys(urls))


def _use_assets(m: folium.Map, assets: Mapping[str, str]) -> None:
    missing = [url for url in asset_urls(m) if url not in assets]
    if missing:
        raise ValueError(f"offline_assets: no local copy given for {', '.join(missing)}")
    for element in _elements(m):
        for attribute in ("default_js", "default_css"):
            if getattr(element, attribute, None):
                setattr(element, attribute, [(name, assets[url]) for name, url in getattr(element, attribute)])


def _opening_frame(evidence: Evidence, shown: pd.DataFrame, corridors: list[Corridor],
                   added: list[tuple[float, float]]) -> frame.Bounds:
    """Where the map opens: where the events shown are densest (:func:`geo.map.frame.initial`), with the
    corridor points near them and everything in ``added``; without events, the corridors, else the case's own
    frame (its descriptor's ``frame``), else its event places."""
    if shown.empty:
        points = [p for c in corridors for p in c.latlons] + added
        if not points and evidence.case.frame is not None:
            points = list(evidence.case.frame)
        return frame.Bounds.around(points or [(p.lat, p.lon) for p in evidence.gazetteer if p.role == "event"])
    at = shown.groupby(["lat", "lon"], sort=False).size()
    lats, lons = at.index.get_level_values(0).to_numpy(float), at.index.get_level_values(1).to_numpy(float)
    opening = frame.initial(lats, lons, at.to_numpy(float), nearby=[p for c in corridors for p in c.latlons])
    return frame.Bounds.around([(opening.south, opening.west), (opening.north, opening.east), *added])


def build_map(evidence: Evidence, view: View, *, offline_assets: Mapping[str, str] | None = None,
              title: str | None = None, candidates: pd.DataFrame | None = None,
              lookups: Sequence[Geocoded] = (), clickable_places: bool = False) -> folium.Map:
    """The map of a view: its events, the corridors in use in its window, place names and a legend.

    ``offline_assets`` maps each URL of :func:`asset_urls` to a local copy to load instead;
    ``candidates`` (columns ``place_id``, ``type``, ``evidence``, optional ``start``) are
    drawn as their own layer; ``lookups``, places an online geocoder found, as another.
    ``clickable_places``: a place's count marker says a click shows only that place (the dashboard does that).
    """
    for kind in evidence.event_types.values():
        check_look(kind)
    shown = view.apply(evidence)
    corridors = view.corridors(evidence)
    centre = None
    if view.event:
        row = evidence.events.loc[evidence.events["id"] == view.event].iloc[0]
        centre = (float(row["lat"]), float(row["lon"]))
    m = folium.Map(location=centre, zoom_start=SELECTED_ZOOM, tiles=None, control_scale=True)
    m.default_js = [(name, url) for name, url in m.default_js if name not in UNUSED_ASSETS]
    m.default_css = [(name, url) for name, url in m.default_css if name not in UNUSED_ASSETS]
    for index, layer in enumerate(BASE_LAYERS):
        folium.TileLayer(**layer, show=index == 0).add_to(m)
    Style().add_to(m)
    _add_labels(m, evidence, shown)
    _add_corridors(m, evidence, corridors)
    selected = _add_events(m, evidence, shown, view.event, clickable_places, view.window(evidence))
    points: list[tuple[float, float]] = []  # what the reader added (candidates, lookups): always in view
    has_candidates = candidates is not None and not candidates.empty
    if has_candidates:
        points += _add_candidates(m, evidence, candidates)
    if lookups:
        points += _add_lookups(m, lookups)
    if title:
        Box(f"<div class='evacmap-title'>{safe(title)}</div>", "topright", "evacmap-box").add_to(m)
    type_ids = list(shown["type"].unique()) or list(evidence.event_types)
    Box(legend([evidence.event_types[t] for t in type_ids], bool(corridors), has_candidates, bool(lookups)),
        "bottomright", "evacmap-box evacmap-legend").add_to(m)
    folium.LayerControl(collapsed=True).add_to(m)
    if selected is not None:
        OpenPopup(selected).add_to(m)
    opening = _opening_frame(evidence, shown, corridors, points)
    _add_inset(m, evidence, shown, corridors, opening)
    if centre is None:
        FitFrame(opening).add_to(m)
    TileNotice().add_to(m)
    if offline_assets is not None:
        _use_assets(m, offline_assets)
    return m
