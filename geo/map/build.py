"""The folium map of a view: events by type, approximate places as areas, corridors, names, legend.

:func:`build_map` is the one place a map is drawn; the dashboard shows it and the
exports save it. Every piece of data text goes through :func:`geo.map.escape.safe`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence

import folium
import pandas as pd
from branca.element import Element
from folium.plugins import AntPath

from geo import times
from geo.claims import Claim
from geo.corridors import Corridor
from geo.data.evidence import Evidence
from geo.data.schema import SLUG
from geo.map.assets import TileNotice
from geo.map.escape import safe
from geo.map.event_layer import add_events
from geo.map.fit import FitOpeningView
from geo.map.inset import Inset, story_ends
from geo.map.layers import Arrows, add_place_labels
from geo.map.opening import Bounds, opening_view
from geo.map.popups import TOOLTIP_SEPARATOR, corridor_text
from geo.map.popups import held_text as held_text  # where callers found it before popups.py
from geo.map.style import BASE_LAYERS, CORRIDOR_COLOURS, LOOKUP_COLOURS, Box, Style, check_look, legend
from geo.places.geocode import Geocoded
from geo.selection import Selection
from geo.view import View

SELECTED_ZOOM = 15
INSET_PLACES = 500
"""The overview inset dots at most this many event places, those with most events shown first."""

UNUSED_ASSETS = ("bootstrap", "bootstrap_css", "glyphicons_css", "awesome_rotate_css")
"""Scripts and styles folium's Map loads that evacmap's maps never use (no Bootstrap widgets, Font Awesome
icons rather than glyphicons, no rotated markers; jQuery stays: folium's popups are built with it): left
out, the map's iframe has four fewer files to fetch and parse before its first marker (about 280 KB)."""

CANDIDATE_LAYER_COLUMNS = ("place_id", "type", "evidence")

_TOOLTIP_ID = re.compile(rf"\s*({SLUG}){re.escape(TOOLTIP_SEPARATOR)}")


def event_id_from_tooltip(text: str | None) -> str | None:
    """The event id an event marker's tooltip starts with ("e014 · ..."), else None."""
    match = _TOOLTIP_ID.match(text or "")
    return match.group(1) if match else None


def _bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Screen direction from a to b on a Web Mercator map, degrees clockwise from north."""
    def y(lat: float) -> float:
        return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    return math.degrees(math.atan2(math.radians(b[1] - a[1]), y(b[0]) - y(a[0])))


def corridor_colours(evidence: Evidence) -> dict[str, str]:
    """Each corridor's colour, by its place in corridors.csv (the same in every view)."""
    return {c.id: CORRIDOR_COLOURS[i % len(CORRIDOR_COLOURS)] for i, c in enumerate(evidence.corridors)}


def _within_others(evidence: Evidence, place_ids: Sequence[str]) -> set[str]:
    """The places among these that hold another of them (a governorate holding a town shown): the town names
    that end of the story."""
    held = set()
    for place_id in place_ids:
        parent = evidence.gazetteer[place_id].parent
        while parent and parent not in held:
            held.add(parent)
            parent = evidence.gazetteer[parent].parent if parent in evidence.gazetteer else None
    return held & set(place_ids)


def _add_inset(m: folium.Map, evidence: Evidence, shown: pd.DataFrame, corridors: list[Corridor],
               opening: Bounds) -> None:
    """The overview inset: the region of every corridor in use and every event shown, the opening view, and the
    names of the story's ends."""
    colours = corridor_colours(evidence)
    counts = shown.groupby(["lat", "lon"], sort=False).size().sort_values(ascending=False, kind="stable")
    places = [(float(lat), float(lon)) for lat, lon in counts.index[:INSET_PLACES]]
    region = Bounds.around([p for c in corridors for p in c.latlons] + places
                                 + [(opening.south, opening.west), (opening.north, opening.east)])
    by_place = shown.groupby("place_id", sort=False).size().sort_values(ascending=False, kind="stable")
    broad = _within_others(evidence, list(by_place.index))
    ends = story_ends([(evidence.gazetteer[p].lat, evidence.gazetteer[p].lon, evidence.gazetteer[p].name, int(n))
                       for p, n in by_place.head(INSET_PLACES).items() if p not in broad])
    Inset(region, [(c.latlons, colours[c.id]) for c in corridors], places, ends).add_to(m)


def _add_corridors(m: folium.Map, evidence: Evidence, corridors: list[Corridor],
                   lengths: Mapping[str, Sequence[Claim]]) -> None:
    layer = folium.FeatureGroup(name="Corridors (direction of travel)").add_to(m)
    colours = corridor_colours(evidence)
    arrows = []
    for corridor in corridors:
        tooltip, popup = corridor_text(evidence, corridor, lengths[corridor.id])
        colour = colours[corridor.id]
        AntPath(corridor.latlons, tooltip=folium.Tooltip(safe(tooltip)), popup=folium.Popup(popup, max_width=380),
                color=colour, pulse_color="#ffffff", weight=5, opacity=0.85, delay=900).add_to(layer)
        arrows += [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, colour, _bearing(a, b) - 90)
                   for a, b in zip(corridor.latlons, corridor.latlons[1:])]
    Arrows(arrows).add_to(layer)


def _add_labels(m: folium.Map, evidence: Evidence, shown: pd.DataFrame, kept: set[str]) -> None:
    add_place_labels(folium.FeatureGroup(name="Place names").add_to(m), evidence, shown, kept)


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


def _opening_view(evidence: Evidence, shown: pd.DataFrame, corridors: list[Corridor],
                   added: list[tuple[float, float]]) -> Bounds:
    """Where the map opens: where the events shown are densest (:func:`geo.map.opening.opening_view`), with the
    corridor points near them and everything in ``added``; without events, the corridors, else the case's own
    opening view (its descriptor's ``opening_view``), else its event places."""
    if shown.empty:
        points = [p for c in corridors for p in c.latlons] + added
        if not points and evidence.case.opening_view is not None:
            points = list(evidence.case.opening_view)
        return Bounds.around(points or [(p.lat, p.lon) for p in evidence.gazetteer if p.role == "event"])
    at = shown.groupby(["lat", "lon"], sort=False).size()
    lats, lons = at.index.get_level_values(0).to_numpy(float), at.index.get_level_values(1).to_numpy(float)
    opening = opening_view(lats, lons, at.to_numpy(float), nearby=[p for c in corridors for p in c.latlons])
    return Bounds.around([(opening.south, opening.west), (opening.north, opening.east), *added])


def build_map(evidence: Evidence, view: View, **options: object) -> folium.Map:
    """The map of a view (:func:`map_of` its :class:`~geo.selection.Selection`, looked up here)."""
    return map_of(Selection.of(evidence, view), **options)


def map_of(selection: Selection, *, offline_assets: Mapping[str, str] | None = None, title: str | None = None,
           candidates: pd.DataFrame | None = None, lookups: Sequence[Geocoded] = (), clickable_places: bool = False,
           highlight: bool = True) -> folium.Map:
    """The map of a selection: its events, the corridors in use in its window, place names and a legend.

    ``offline_assets`` maps each URL of :func:`asset_urls` to a local copy to load instead;
    ``candidates`` (columns ``place_id``, ``type``, ``evidence``, optional ``start``) are
    drawn as their own layer; ``lookups``, places an online geocoder found, as another.
    ``clickable_places``: a place's count marker says a click shows only that place (the dashboard does that).
    ``highlight``: the selected event is centred and highlighted (the dashboard draws it as a layer of its own,
    :mod:`geo.map.selection`, so the map stays the same while the selection changes).
    """
    evidence, view = selection.evidence, selection.view
    for kind in evidence.event_types.values():
        check_look(kind)
    shown, corridors = selection.events, list(selection.corridors)
    selected = view.event if highlight else None
    centre = None
    if selected:
        centre = (selection.selected.lat, selection.selected.lon)
    m = folium.Map(location=centre, zoom_start=SELECTED_ZOOM, tiles=None, control_scale=True)
    m.default_js = [(name, url) for name, url in m.default_js if name not in UNUSED_ASSETS]
    m.default_css = [(name, url) for name, url in m.default_css if name not in UNUSED_ASSETS]
    for index, layer in enumerate(BASE_LAYERS):
        folium.TileLayer(**layer, show=index == 0).add_to(m)
    Style().add_to(m)
    _add_corridors(m, evidence, corridors, selection.corridor_lengths)
    grave_places = add_events(m, selection, selected, clickable_places)
    _add_labels(m, evidence, shown, grave_places)
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
    opening = _opening_view(evidence, shown, corridors, points)
    _add_inset(m, evidence, shown, corridors, opening)
    if centre is None:
        FitOpeningView(opening).add_to(m)
    TileNotice().add_to(m)
    if offline_assets is not None:
        _use_assets(m, offline_assets)
    return m
