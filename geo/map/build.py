"""The folium map of a view: events by type, approximate places as areas, corridors, names, legend.

:func:`map_of` is the one place a map is drawn; the dashboard shows it and the exports save it. It goes
straight down, each module once with everything it needs: the look (:func:`geo.map.style.look`), what the
selection draws (:func:`geo.map.layers.drawn`, read from its fields), the data layers
(:func:`geo.map.layers.add_layers`, which writes their texts in one pass and draws the events through
:mod:`geo.map.event_layer` and :mod:`geo.map.glyphs`), where the map opens and the region its inset shows
(:func:`geo.map.opening.map_views`), the inset (:func:`geo.map.inset.add_inset`) and the fit
(:mod:`geo.map.fit`), and the geography under the tiles (:mod:`geo.map.geography`);
``python -m benchmarks.module_walk`` counts the walk. Every piece of data text goes
through :func:`geo.map.escape.safe`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from types import SimpleNamespace
from typing import Any

import folium
import pandas as pd
from branca.element import Element
from folium.template import Template

from geo.data.evidence import Evidence
from geo.map import flows, inset, layers, opening, scripts, style
from geo.map.assets import TileNotice
from geo.map.fit import FitOpeningView
from geo.map.geography import add_geography
from geo.map.style import BASE_LAYERS
from geo.places.geocode import Geocoded
from geo.run.selection import Selection
from geo.run.view import View

SELECTED_ZOOM = 15

UNUSED_ASSETS = ("bootstrap", "bootstrap_css", "glyphicons_css", "awesome_rotate_css")
"""Scripts and styles folium's Map loads that evacmap's maps never use (no Bootstrap widgets, Font Awesome
icons rather than glyphicons, no rotated markers; jQuery stays: folium's popups are built with it): left
out, the map's iframe has four fewer files to fetch and parse before its first marker (about 280 KB)."""

_NO_PINCH = re.compile(r",\s*maximum-scale=1\.0,\s*user-scalable=no")
"""What folium's viewport tag adds to forbid a phone's pinch-zoom (an accessibility failure: WCAG 1.4.4)."""


def _pinch_zoom(m: folium.Map) -> None:
    """Let a phone pinch-zoom the map's page: folium's own template, its viewport tag without ``user-scalable=no``.

    folium writes the tag in its Map's header macro; the macros are read by name from the template's module
    (``branca``'s ``MacroElement.render``), so the map is given the same module with that one macro wrapped."""
    macros = m._template.module.__dict__

    def header(this: folium.Map, kwargs: dict) -> str:
        return _NO_PINCH.sub("", str(macros["header"](this, kwargs)))

    m._template = SimpleNamespace(module=SimpleNamespace(**{**macros, "header": header}))


class MainLandmark(scripts.ScriptElement):
    """The map is its page's main content: its container is the page's ``main`` landmark, named "Map", so a screen
    reader can go straight to it and everything on the map lies within a landmark. Its routes' lines are left out
    of the tab order (the legend and the glyphs say what they are), so Tab goes from the map to its glyphs, one
    stop (js/glyphs.js), then to its controls."""

    scripts = ("controls.js",)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapControls.landmark({{ this._parent.get_name() }});
        {% endmacro %}
    """)


def corridor_colours(evidence: Evidence) -> dict[str, str]:
    """Each corridor's colour, by its place in corridors.csv (the same in every view)."""
    return style.colours_in_order([c.id for c in evidence.corridors])


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


def build_map(evidence: Evidence, view: View, **options: Any) -> folium.Map:
    """The map of a view (:func:`map_of` its :class:`~geo.run.selection.Selection`, looked up here)."""
    return map_of(Selection.of(evidence, view), **options)


def map_of(selection: Selection, *, offline_assets: Mapping[str, str] | None = None, title: str | None = None,
           candidates: pd.DataFrame | None = None, lookups: Sequence[Geocoded] = (), clickable_places: bool = False,
           highlight: bool = True) -> folium.Map:
    """The map of a selection: its events, the corridors in use in its window (each as wide as the people said to
have moved along it, :mod:`geo.map.flows`), place names and a legend.

    ``offline_assets`` maps each URL of :func:`asset_urls` to a local copy to load instead;
    ``candidates`` (columns ``place_id``, ``type``, ``evidence``, optional ``start``) are
    drawn as their own layer; ``lookups``, places an online geocoder found, as another.
    ``clickable_places``: a place's count marker says a click shows only that place (the dashboard does that).
    ``highlight``: the selected event is centred and highlighted (the dashboard draws it as a layer of its own,
    :mod:`geo.map.highlight`, so the map stays the same while the selection changes).
    """
    evidence, shown, corridors = selection.evidence, selection.on_map, selection.corridors
    has_candidates = candidates is not None and not candidates.empty
    moved = flows.flow_layer(selection) if corridors else None
    look = style.look(evidence.event_types, list(shown["type"].unique()) or list(evidence.event_types),
                      [c.id for c in evidence.corridors], title=title, corridors=bool(corridors),
                      candidates=has_candidates, lookups=bool(lookups))
    drawn = layers.drawn(selection, highlight)
    centre = (drawn.selected.lat, drawn.selected.lon) if drawn.selected is not None else None
    m = folium.Map(location=centre, zoom_start=SELECTED_ZOOM, tiles=None, control_scale=True)
    _pinch_zoom(m)
    MainLandmark().add_to(m)
    m.default_js = [(name, url) for name, url in m.default_js if name not in UNUSED_ASSETS]
    m.default_css = [(name, url) for name, url in m.default_css if name not in UNUSED_ASSETS]
    for index, layer in enumerate(BASE_LAYERS):
        folium.TileLayer(**layer, show=index == 0).add_to(m)
    look.style.add_to(m)
    if moved is not None:
        moved.add_to(m)  # under the corridors' lines of travel
    added = layers.add_layers(m, selection, drawn, look.corridor_colours, candidates=candidates, lookups=lookups,
                              clickable_places=clickable_places)
    if look.title is not None:
        look.title.add_to(m)
    look.legend.add_to(m)
    folium.LayerControl(collapsed=True).add_to(m)
    routes = [c.latlons for c in corridors]
    views = opening.map_views(evidence, shown, routes, added, inset.INSET_PLACES)
    inset.add_inset(m, selection.places, shown, views,
                    [(route, look.corridor_colours[c.id]) for route, c in zip(routes, corridors)])
    if centre is None:
        FitOpeningView(views.opening).add_to(m)
    TileNotice().add_to(m)
    add_geography(m, [(place.lat, place.lon) for place in evidence.gazetteer if place.role == "event"])
    if offline_assets is not None:
        _use_assets(m, offline_assets)
    return m
