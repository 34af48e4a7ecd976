"""Map layers the browser draws from one JSON array: events counted by place, place names, route arrows.

A folium Marker with its icon, tooltip and popup takes milliseconds to render (three
times over in the dashboard) and a kilobyte or two of page. So events are drawn from
one array (:class:`geo.map.glyphs.EventGlyphs`), up to :data:`MARKER_LIMIT` of them; above it the map
draws one marker per place, showing how many of the events shown happened there, and
Leaflet.markercluster (which the map loads anyway) gathers neighbouring places into
clusters showing their sum. What reaches the page then grows with the number of
places, never with the number of events. Data text reaches the page escaped
(:func:`geo.map.escape.safe`) inside JSON.

:func:`add_layers` draws a map's data layers in the order its layer control lists them: the corridors in use,
the events (:mod:`geo.map.event_layer`), the place names, the candidates and online lookups.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import folium
import numpy as np
import pandas as pd
from folium.plugins import AntPath, FastMarkerCluster
from folium.template import Template

from geo import times
from geo.claims import Claim
from geo.corridors import Corridor
from geo.data.evidence import Evidence
from geo.map import scripts
from geo.map.escape import safe
from geo.map.event_layer import add_events
from geo.map.glyphs import GRAVE_TYPES, MARKERS_MOVED
from geo.map.popups import TOOLTIP_SEPARATOR, CorridorText, layer_texts
from geo.map.style import LOOKUP_COLOURS, MARKER_HEX
from geo.places.gazetteer import Place
from geo.places.geocode import Geocoded
from geo.run.selection import Selection, ShownEvent

MARKER_LIMIT = 300
"""Up to this many events the map draws each as its own marker; above it, counts by place."""
TYPES_NAMED = 3
"""A place's tooltip names its most frequent event types, up to this many."""
DOTS = 6
"""A count marker shows a dot in the colour of each of its most frequent types, up to this many."""
LABEL_LIMIT = 100
"""Up to this many place names are written on the map; the places with most events shown first."""
LABELS_SCRIPT = "labels.js"
"""The script that lays place names out (``window.evacmapLabels``): a script of :mod:`geo.map.scripts`."""
CANDIDATE_LAYER_COLUMNS = ("place_id", "type", "evidence")
CLICK_HINT = "click to show only this place"


class PlaceCounts(scripts.ScriptElement, FastMarkerCluster):
    """Folium's marker cluster of a row per place, drawn by ``js/places.js``: a place's count and coloured dots, its
    id where a click shows only it (:mod:`geo.map.channel` sends the pick); a cluster of places, the sum of their
    counts and up to :data:`DOTS` dots."""

    scripts = ("places.js",)

    def __init__(self, data: list, **options: Any):
        super().__init__(data, callback="evacmapPlaces.marker", icon_create_function=f"evacmapPlaces.clusterIcon({DOTS})",
                         **options)

    @property
    def callback(self) -> str:
        """What folium's template writes first in the cluster's script: the scripts it needs, then its callback."""
        return self.own_scripts() + "\n" + self._callback

    @callback.setter
    def callback(self, value: str) -> None:
        self._callback = value


def place_counts(evidence: Evidence, shown: pd.DataFrame, clickable: bool = False) -> pd.DataFrame:
    """Events shown per place, most first: ``place_id``, ``lat``, ``lon``, ``events``, ``tooltip``, ``colours``.

    ``tooltip`` is escaped HTML ("al-Amiriyah · 1,234 events · Departure 700, Gathering 500"), ending
    " · click to show only this place" when ``clickable`` (the dashboard acts on the click; an export can't);
    ``colours`` the marker colours of the place's most frequent types.
    """
    columns = ["place_id", "lat", "lon", "events", "tooltip", "colours"]
    place_codes, place_ids = pd.factorize(shown["place_id"])
    type_codes, type_ids = pd.factorize(shown["type"])
    width = len(type_ids)
    pairs = np.bincount(place_codes * width + type_codes, minlength=len(place_ids) * width)
    pairs = pairs.reshape(len(place_ids), width)
    kinds = [evidence.event_types[t] for t in type_ids]
    alphabetical = np.argsort(np.argsort(np.asarray(type_ids, dtype=object)))  # ties between types break on id
    rows = []
    for place_id, row in zip(place_ids, pairs):
        place = evidence.gazetteer[place_id]
        present = np.flatnonzero(row)
        order = present[np.lexsort((alphabetical[present], -row[present]))]
        named = ", ".join(f"{kinds[i].label} {row[i]:,}" for i in order[:TYPES_NAMED])
        more = f", {len(order) - TYPES_NAMED} more types" if len(order) > TYPES_NAMED else ""
        total = int(row.sum())
        hint = f" · {CLICK_HINT}" if clickable else ""
        tooltip = safe(f"{place.name} · {total:,} event{'s' if total != 1 else ''} · {named}{more}{hint}")
        colours = [MARKER_HEX[kinds[i].colour] for i in order[:DOTS]]
        rows.append((place_id, place.lat, place.lon, total, tooltip, colours))
    counts = pd.DataFrame(rows, columns=columns)
    return counts.sort_values(["events", "place_id"], ascending=[False, True], kind="stable").reset_index(drop=True)


def place_count_layer(evidence: Evidence, shown: pd.DataFrame, clickable: bool = False) -> PlaceCounts:
    """One marker per place with the number of events shown there, clustered in the browser; ``clickable``: each
    names its place (``data-place-id``), so a click on it picks the place."""
    counts = place_counts(evidence, shown, clickable)
    data = [[lat, lon, events, tooltip, colours, safe(place_id) if clickable else ""]
            for lat, lon, events, tooltip, colours, place_id
            in zip(counts["lat"], counts["lon"], counts["events"], counts["tooltip"], counts["colours"], counts["place_id"])]
    return PlaceCounts(data, spiderfyOnMaxZoom=False, showCoverageOnHover=False)


class PlaceLabels(scripts.ScriptElement):
    """Place names written on the map, drawn by the browser from one array, most important first.

    At every zoom and pan the browser lays them out again (``js/labels.js``): in that order each name takes the first
    of four spots (right of its place's glyphs, left, below, above) whose box lies within the map and overlaps
    no name already shown and no glyph or marker; a name with no free spot gives way (see :func:`label_order`), except the
    ``kept`` ones (the places of the gravest events), which are laid out first and always shown. ``names``: the
    places' names already escaped, by id (:func:`geo.map.popups.layer_texts`); without them, escaped here.
    """

    scripts = (LABELS_SCRIPT,)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapLabels.draw({{ this._parent._parent.get_name() }}, {{ this._parent.get_name() }}, {{ this.labels|tojson }},
                           {{ this.moved_event|tojson }});
        {% endmacro %}
    """)

    def __init__(self, places: Sequence[Place], kept: Collection[str] = (), names: Mapping[str, str] | None = None):
        super().__init__()
        self._name = "PlaceLabels"
        self.moved_event = MARKERS_MOVED
        names = {p.id: safe(p.name) for p in places} if names is None else names
        self.labels = [[p.lat, p.lon, names[p.id], p.id, p.id in kept] for p in places]


KIND_RANK = {"city": 0, "region": 1, "town": 2, "crossing": 3, "checkpoint": 4, "camp": 5, "site": 6, "neighbourhood": 7,
             "governorate": 8}
"""Between places with as many events shown, the broader kind's name is kept first."""


def label_order(places: Sequence[Place], shown: pd.DataFrame, kept: Collection[str] = ()) -> list[Place]:
    """Names in the order they claim room on the map: the ``kept`` places first, then most events shown,
    then by :data:`KIND_RANK`, then in the order given (gazetteer order)."""
    counts = shown["place_id"].value_counts()
    ranked = sorted(enumerate(places), key=lambda item: (item[1].id not in kept, -int(counts.get(item[1].id, 0)),
                                                         KIND_RANK.get(item[1].kind, len(KIND_RANK)), item[0]))
    return [place for _, place in ranked]


class Arrows(scripts.ScriptElement):
    """Arrows showing a route's direction of travel: ``(lat, lon, colour, degrees clockwise)`` each."""

    scripts = ("places.js",)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapPlaces.arrows({{ this._parent.get_name() }}, {{ this.arrows|tojson }});
        {% endmacro %}
    """)

    def __init__(self, arrows: Sequence[tuple[float, float, str, float]]):
        super().__init__()
        self._name = "Arrows"
        self.arrows = [[lat, lon, safe(colour), round(degrees, 1)] for lat, lon, colour, degrees in arrows]


def labelled_places(gazetteer: Iterable[Place], shown: pd.DataFrame) -> list[Place]:
    """The places of the ``gazetteer`` to name on the map: every event place (not governorates) when there are at
    most :data:`LABEL_LIMIT`, else the ones with most events shown (gazetteer order breaks ties)."""
    places = [p for p in gazetteer if p.role == "event" and p.kind != "governorate"]
    if len(places) <= LABEL_LIMIT:
        return places
    counts = shown["place_id"].value_counts()
    ranked = sorted(enumerate(places), key=lambda item: (-int(counts.get(item[1].id, 0)), item[0]))
    return [place for _, place in ranked[:LABEL_LIMIT]]


def add_place_labels(layer: folium.FeatureGroup, gazetteer: Iterable[Place], shown: pd.DataFrame,
                     kept: Collection[str] = (), places: Sequence[Place] | None = None,
                     names: Mapping[str, str] | None = None) -> None:
    """Write the names of :func:`labelled_places` (``places``, where worked out already, with their escaped
    ``names`` by id) on a layer of the map, in :func:`label_order`; the ``kept`` ones (the places of the gravest
    events) never give way."""
    places = labelled_places(gazetteer, shown) if places is None else places
    PlaceLabels(label_order(places, shown, kept), kept, names).add_to(layer)


def _bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Screen direction from a to b on a Web Mercator map, degrees clockwise from north."""
    def y(lat: float) -> float:
        return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))
    return math.degrees(math.atan2(math.radians(b[1] - a[1]), y(b[0]) - y(a[0])))


def _add_corridors(m: folium.Map, corridors: Sequence[Corridor], texts: Sequence[CorridorText],
                   colours: Mapping[str, str]) -> None:
    layer = folium.FeatureGroup(name="Corridors (direction of travel)").add_to(m)
    arrows = []
    for corridor, text in zip(corridors, texts, strict=True):
        colour, route = colours[corridor.id], corridor.latlons
        AntPath(route, tooltip=folium.Tooltip(text.tooltip), popup=folium.Popup(text.popup, max_width=380),
                color=colour, pulse_color="#ffffff", weight=3, opacity=0.85, delay=900).add_to(layer)
        arrows += [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, colour, _bearing(a, b) - 90) for a, b in zip(route, route[1:])]
    Arrows(arrows).add_to(layer)


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
        when = ("date unknown" if start is None or pd.isna(start)
                else times.describe(pd.Timestamp(start), evidence.case.timezone, with_time=False))
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


@dataclass(frozen=True)
class Drawn:
    """What a map draws of a selection (:func:`drawn`): the events drawn each as its own glyph (in
    time order; the selected one among them, or last when the window leaves it out), the selected event (None
    without one) and the lengths claimed of each corridor in use, by corridor id."""

    events: tuple[ShownEvent, ...]
    selected: ShownEvent | None
    corridor_lengths: Mapping[str, tuple[Claim, ...]]


def drawn(selection: Selection, highlight: bool = True) -> Drawn:
    """What a map of the selection draws (:class:`Drawn`): up to :data:`MARKER_LIMIT` events
    shown, each its own glyph; above it only the view's selected event (the rest are counted by place). ``highlight``
    False: the map draws no selected event (the dashboard adds it as a layer of its own)."""
    many = len(selection.on_map) > MARKER_LIMIT
    chosen = selection.selected_on_map if highlight else None
    events = [] if many else list(selection.shown_on_map.values())
    if chosen is not None and (many or chosen.event.id not in selection.shown_on_map):
        events.append(chosen)
    return Drawn(tuple(events), chosen, selection.corridor_lengths)


def add_layers(m: folium.Map, selection: Selection, drawn: Drawn, colours: Mapping[str, str], *,
               candidates: pd.DataFrame | None = None, lookups: Sequence[Geocoded] = (),
               clickable_places: bool = False) -> list[tuple[float, float]]:
    """The map's data layers, in the order its layer control lists them: the corridors in use (``colours`` by
    corridor id), the events ``drawn`` (:mod:`geo.map.event_layer`; above :data:`MARKER_LIMIT` events, counts by
    place), the place names, then the ``candidates`` and ``lookups`` where given. Their texts (the place names
    too) are written in one pass (:func:`geo.map.popups.layer_texts`). Returns the points the reader added
    (candidates, lookups), which the map opens on."""
    evidence, shown, corridors = selection.evidence, selection.on_map, selection.corridors
    named = labelled_places(selection.places.values(), shown)
    texts = layer_texts(evidence, corridors, drawn.corridor_lengths, drawn.events, named, selection.citations,
                        grave=GRAVE_TYPES)
    _add_corridors(m, corridors, texts.corridors, colours)
    counts = None
    if len(shown) > MARKER_LIMIT:
        selected = drawn.selected.event.id if drawn.selected is not None else None
        counts = place_count_layer(evidence, shown.loc[shown["id"] != selected] if selected else shown, clickable_places)
    kept = add_events(m, drawn, texts.glyphs, evidence.event_types, counts)
    place_names = folium.FeatureGroup(name="Place names")  # (add_to returns a branca Element, not the group)
    place_names.add_to(m)
    add_place_labels(place_names, selection.places.values(), shown, kept, named, texts.places)
    points: list[tuple[float, float]] = []
    if candidates is not None and not candidates.empty:
        points += _add_candidates(m, evidence, candidates)
    if lookups:
        points += _add_lookups(m, lookups)
    return points
