"""Map layers the browser draws from one JSON array: events counted by place, place names, route arrows.

A folium Marker with its icon, tooltip and popup takes milliseconds to render (three
times over in the dashboard) and a kilobyte or two of page. So events are drawn from
one array (:class:`geo.map.glyphs.EventGlyphs`), up to :data:`MARKER_LIMIT` of them; above it the map
draws one marker per place, showing how many of the events shown happened there, and
Leaflet.markercluster (which the map loads anyway) gathers neighbouring places into
clusters showing their sum. What reaches the page then grows with the number of
places, never with the number of events. Data text reaches the page escaped
(:func:`geo.map.escape.safe`) inside JSON.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import folium
import numpy as np
import pandas as pd
from branca.element import MacroElement
from folium.plugins import FastMarkerCluster
from folium.template import Template

from geo.data.evidence import Evidence
from geo.map import scripts
from geo.map.escape import safe
from geo.map.style import MARKER_HEX
from geo.places.gazetteer import Place

MARKER_LIMIT = 300
"""Up to this many events the map draws each as its own marker; above it, counts by place."""
TYPES_NAMED = 3
"""A place's tooltip names its most frequent event types, up to this many."""
DOTS = 6
"""A count marker shows a dot in the colour of each of its most frequent types, up to this many."""
LABEL_LIMIT = 100
"""Up to this many place names are written on the map; the places with most events shown first."""
MARKERS_MOVED = "evacmapmarkersmoved"
"""The map event fired when markers move without a zoom or pan (a spot's events fanned out), so names give way."""
CLICK_HINT = "click to show only this place"

# A place: its count and coloured dots, and its id where a click shows only it (geo.map.channel sends the pick).
# A cluster of places: the sum of their counts.
_PLACE_MARKER = """
function (row) {
    var dots = row[4].map(function (c) { return '<i style="background:' + c + '"></i>'; }).join('');
    var named = row[5] ? ' data-place-id="' + row[5] + '"' : '';
    var icon = L.divIcon({html: '<div' + named + '>' + row[2] + '<br>' + dots + '</div>',
                          className: 'evacmap-cluster evacmap-place', iconSize: L.point(38, 38)});
    var marker = L.marker(L.latLng(row[0], row[1]), {icon: icon, count: row[2], colours: row[4]});
    marker.bindTooltip(row[3]);
    return marker;
}
"""
_PLACE_CLUSTER = """
function (cluster) {
    var total = 0, colours = [];
    cluster.getAllChildMarkers().forEach(function (m) {
        total += m.options.count;
        m.options.colours.forEach(function (c) { if (colours.indexOf(c) < 0) { colours.push(c); } });
    });
    var dots = colours.slice(0, DOTS).map(function (c) { return '<i style="background:' + c + '"></i>'; }).join('');
    return L.divIcon({html: '<div>' + total + '<br>' + dots + '</div>',
                      className: 'evacmap-cluster', iconSize: L.point(38, 38)});
}
""".replace("DOTS", str(DOTS))


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


def place_count_layer(evidence: Evidence, shown: pd.DataFrame, clickable: bool = False) -> FastMarkerCluster:
    """One marker per place with the number of events shown there, clustered in the browser; ``clickable``: each
    names its place (``data-place-id``), so a click on it picks the place."""
    counts = place_counts(evidence, shown, clickable)
    data = [[lat, lon, events, tooltip, colours, safe(place_id) if clickable else ""]
            for lat, lon, events, tooltip, colours, place_id
            in zip(counts["lat"], counts["lon"], counts["events"], counts["tooltip"], counts["colours"], counts["place_id"])]
    return FastMarkerCluster(data, callback=_PLACE_MARKER.strip(), icon_create_function=_PLACE_CLUSTER,
                             spiderfyOnMaxZoom=False, showCoverageOnHover=False)


class PlaceLabels(MacroElement):
    """Place names written on the map, drawn by the browser from one array, most important first.

    At every zoom and pan the browser lays them out again (``js/labels.js``): in that order each name takes the first
    of four spots (right of its place's glyphs, left, below, above) whose box lies within the map and overlaps
    no name already shown and no glyph or marker; a name with no free spot gives way (see :func:`label_order`), except the
    ``kept`` ones (the places of the gravest events), which are laid out first and always shown.
    """

    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.labels_script }}
        evacmapLabels.draw({{ this._parent._parent.get_name() }}, {{ this._parent.get_name() }}, {{ this.labels|tojson }},
                           {{ this.moved_event|tojson }});
        {% endmacro %}
    """)

    def __init__(self, places: Sequence[Place], kept: Collection[str] = ()):
        super().__init__()
        self._name = "PlaceLabels"
        self.moved_event = MARKERS_MOVED
        self.labels = [[p.lat, p.lon, safe(p.name), p.id, p.id in kept] for p in places]
        self.labels_script = scripts.defining("labels.js", "evacmapLabels")


KIND_RANK = {"city": 0, "region": 1, "town": 2, "crossing": 3, "neighbourhood": 4, "governorate": 5}
"""Between places with as many events shown, the broader kind's name is kept first."""


def label_order(places: Sequence[Place], shown: pd.DataFrame, kept: Collection[str] = ()) -> list[Place]:
    """Names in the order they claim room on the map: the ``kept`` places first, then most events shown,
    then by :data:`KIND_RANK`, then in the order given (gazetteer order)."""
    counts = shown["place_id"].value_counts()
    ranked = sorted(enumerate(places), key=lambda item: (item[1].id not in kept, -int(counts.get(item[1].id, 0)),
                                                         KIND_RANK.get(item[1].kind, len(KIND_RANK)), item[0]))
    return [place for _, place in ranked]


class Arrows(MacroElement):
    """Arrows showing a route's direction of travel: ``(lat, lon, colour, degrees clockwise)`` each."""

    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.arrows|tojson }}.forEach(function (a) {
            L.marker([a[0], a[1]], {interactive: false, keyboard: false, icon: L.divIcon({
                html: '<div style="color:' + a[2] + ';transform:rotate(' + a[3] + 'deg)">&#10148;</div>',
                iconSize: [18, 18], iconAnchor: [9, 9], className: 'evacmap-arrow'})
            }).addTo({{ this._parent.get_name() }});
        });
        {% endmacro %}
    """)

    def __init__(self, arrows: Sequence[tuple[float, float, str, float]]):
        super().__init__()
        self._name = "Arrows"
        self.arrows = [[lat, lon, safe(colour), round(degrees, 1)] for lat, lon, colour, degrees in arrows]


def labelled_places(evidence: Evidence, shown: pd.DataFrame) -> list[Place]:
    """The places to name on the map: every event place (not governorates) when there are at most
    :data:`LABEL_LIMIT`, else the ones with most events shown (gazetteer order breaks ties)."""
    places = [p for p in evidence.gazetteer if p.role == "event" and p.kind != "governorate"]
    if len(places) <= LABEL_LIMIT:
        return places
    counts = shown["place_id"].value_counts()
    ranked = sorted(enumerate(places), key=lambda item: (-int(counts.get(item[1].id, 0)), item[0]))
    return [place for _, place in ranked[:LABEL_LIMIT]]


def add_place_labels(layer: folium.FeatureGroup, evidence: Evidence, shown: pd.DataFrame,
                     kept: Collection[str] = ()) -> None:
    """Write the names of :func:`labelled_places` on a layer of the map, in :func:`label_order`; the ``kept``
    ones (the places of the gravest events) never give way."""
    PlaceLabels(label_order(labelled_places(evidence, shown), shown, kept), kept).add_to(layer)
