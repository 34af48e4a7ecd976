"""The small map a new place is placed on by a click: the case's places, the GeoNames candidates, the point marked.

Drawn by the "Find a place" panel (:mod:`panels.new_place`) through streamlit-folium, whose ``last_clicked`` is the
click (:func:`geo.app.placing.clicked`). Its tiles are the main map's base layers, its scripts the same local copies
(``offline_assets``, :mod:`geo.map.assets`), and where the tile server can't be reached it says so and still takes
clicks on a plain background.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import folium

from geo.map.assets import TileNotice
from geo.map.build import UNUSED_ASSETS, _use_assets
from geo.map.escape import safe
from geo.map.style import BASE_LAYERS
from geo.places.gazetteer import Gazetteer
from geo.places.geonames import Candidate

PLACE_COLOUR = "gray"
CANDIDATE_COLOUR = "#1565c0"
MARK_COLOUR = "#c62828"
FOCUS_ZOOM = 11  # on a candidate or the point marked
CASE_ZOOM = 8  # on the case's places
WORLD = ((20.0, 0.0), 2)  # a case without places


def click_map(gazetteer: Gazetteer, candidates: Sequence[Candidate], *,
              offline_assets: Mapping[str, str] | None = None) -> folium.Map:
    """The map: the case's places in grey, the candidates in blue; centred on the first candidate, else the case's
    places. The point marked is a layer of its own (:func:`mark_layer`), so marking it leaves this map the same
    document and streamlit-folium keeps its last click."""
    places = [(p.lat, p.lon) for p in gazetteer]
    focus = next(((c.place.lat, c.place.lon) for c in candidates), None)
    if focus:
        centre, zoom = focus, FOCUS_ZOOM
    elif places:
        centre, zoom = (sum(p[0] for p in places) / len(places), sum(p[1] for p in places) / len(places)), CASE_ZOOM
    else:
        centre, zoom = WORLD
    shown = folium.Map(location=centre, zoom_start=zoom, tiles=None, control_scale=True)
    shown.default_js = [(name, url) for name, url in shown.default_js if name not in UNUSED_ASSETS]
    shown.default_css = [(name, url) for name, url in shown.default_css if name not in UNUSED_ASSETS]
    for index, layer in enumerate(BASE_LAYERS):  # satellite imagery among them, to place a camp or a plant
        folium.TileLayer(**layer, show=index == 0).add_to(shown)
    for place in gazetteer:
        folium.CircleMarker((place.lat, place.lon), radius=4, color=PLACE_COLOUR, fill=True,
                            tooltip=safe(place.name)).add_to(shown)
    for candidate in candidates:
        folium.CircleMarker((candidate.place.lat, candidate.place.lon), radius=6, color=CANDIDATE_COLOUR, fill=True,
                            tooltip=safe(f"{candidate.place.name}, GeoNames {candidate.place.geonames_id}")).add_to(shown)
    folium.LayerControl(collapsed=True).add_to(shown)
    TileNotice().add_to(shown)
    if offline_assets is not None:
        _use_assets(shown, offline_assets)
    return shown


def mark_layer(mark: tuple[float, float], radius_m: int | None) -> folium.FeatureGroup:
    """The place picked or the point clicked, in red, with its precision radius (``st_folium(feature_group_to_add=)``)."""
    layer = folium.FeatureGroup(name="New place")
    folium.CircleMarker(mark, radius=7, color=MARK_COLOUR, fill=True, fill_opacity=0.9).add_to(layer)
    if radius_m:
        folium.Circle(mark, radius=radius_m, color=MARK_COLOUR, fill=False).add_to(layer)
    return layer
