"""How the map looks: colours, base maps, its CSS, the legend and title boxes,.

Data text reaches the map's HTML only through :func:`geo.map.escape.safe`: folium writes popup and
tooltip HTML into JavaScript template literals, so ``$``, backticks and backslashes are
escaped as well as HTML. The boxes pass their HTML to JavaScript through ``tojson``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import xyzservices
from branca.element import MacroElement
from folium.template import Template

from geo.events import EventType
from geo.map import scripts
from geo.map.escape import safe

LEGEND_OPEN_PX = 900
"""A map at least this wide shows its legend open; a narrower one (a phone) folds it, so the legend does not hide
the data, and folds it again when a popup opens. Resizing the map across it opens or folds it, until the reader
folds or opens it by hand."""

# Leaflet.awesome-markers' colour names and the fill of their marker images.
MARKER_HEX = {
    "red": "#d63e2a", "darkred": "#a23336", "lightred": "#ff8e7f", "orange": "#f69730",
    "beige": "#ffcb92", "green": "#72b026", "darkgreen": "#728224", "lightgreen": "#bbf970",
    "blue": "#38aadd", "darkblue": "#0067a3", "lightblue": "#8adaff", "purple": "#d252b9",
    "darkpurple": "#5b396b", "pink": "#ff91ea", "cadetblue": "#436978", "white": "#fbfbfb",
    "gray": "#575757", "lightgray": "#a3a3a3", "black": "#303030",
}
CORRIDOR_COLOURS = ("#6a3d9a", "#e6550d", "#1b7837", "#c51b7d", "#2166ac")
SELECTED_COLOUR = "#ffd400"

_CARTO_ATTRIBUTION = ('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors '
                      '&copy; <a href="https://carto.com/attributions">CARTO</a>')
_ESRI_ATTRIBUTION = "Tiles &copy; Esri &mdash; Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community"

# Tile providers as objects, not names: folium looks a name (or a URL) up among every provider xyzservices knows,
# which took about 60 ms a layer on each rerun.
BASE_LAYERS = (
    dict(tiles=xyzservices.TileProvider(
             name="CartoDB.Positron", url="https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png",
             subdomains="abcd", attribution="(C) OpenStreetMap contributors (C) CARTO", html_attribution=_CARTO_ATTRIBUTION),
         name="Light map (CARTO Positron)"),
    dict(tiles=xyzservices.providers.OpenStreetMap.Mapnik, name="Street map (OpenStreetMap)"),
    dict(tiles=xyzservices.TileProvider(
             name="Esri.WorldImagery",
             url="https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}",
             attribution="Tiles (C) Esri", html_attribution=_ESRI_ATTRIBUTION),
         name="Satellite (Esri World Imagery)"),
)


def tile_url(provider: xyzservices.TileProvider) -> str:
    """A provider's URL template as Leaflet takes it: ``{s}`` and ``{r}`` left for Leaflet to fill."""
    return provider.build_url(fill_subdomain=False, scale_factor="{r}")


LOOKUP_COLOURS = {False: "#c2185b", True: "#2e7d32"}  # online lookups, unverified and accepted: unlike any event marker
ICON_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")

CSS = """
.evacmap-box {background: rgba(255,255,255,.93); padding: 6px 9px; border-radius: 5px;
  box-shadow: 0 1px 4px rgba(0,0,0,.35); font: 12px/1.4 sans-serif; color: #222; max-width: 300px}
.evacmap-title {font-size: 14px; font-weight: 600; margin: 0; line-height: inherit}
.leaflet-popup-content {font: 13px/1.4 sans-serif}
.evacmap-legend {font-size: 11px; line-height: 1.35; padding-right: 14px}
.evacmap-legend summary {cursor: pointer; font-weight: 600; font-size: 13px}
.evacmap-legend .swatch {display: inline-block; width: 16px; text-align: center; margin-right: 4px}
.evacmap-legend .row {white-space: nowrap}
@media (min-width: 1000px) and (max-height: 719px) {  /* a wide, short map (the dashboard's): the legend in two
  columns, so that it, the inset above it and the title and layers button at the top right all fit one above the other */
  .evacmap-box.evacmap-legend {max-width: 560px}
  .evacmap-legend .rows {column-count: 2; column-gap: 14px}
}
.evacmap-label-hidden {visibility: hidden}
.evacmap-label div {display: inline-block; font: 600 11px sans-serif; color: #222; white-space: nowrap;
  text-shadow: 0 0 3px #fff, 0 0 3px #fff, 0 0 2px #fff}
.evacmap-label-kept div {font-size: 12px; color: #8b0000}
.evacmap-label .evacmap-toll {display: block; font: 400 10px sans-serif; color: #8b0000}
.evacmap-label .evacmap-leader {position: absolute; left: 0; top: 0; height: 1px; background: #333;
  transform-origin: 0 50%; pointer-events: none}
.evacmap-inset-name div {position: absolute; font: 700 10px sans-serif; color: #111; white-space: nowrap;
  text-shadow: 0 0 3px #fff, 0 0 3px #fff, 0 0 2px #fff}
.evacmap-cluster div {width: 38px; height: 38px; border-radius: 50%; background: rgba(255,255,255,.93);
  border: 2px solid #333; box-sizing: border-box; text-align: center; font: 700 12px/14px sans-serif; padding-top: 4px}
.evacmap-cluster i {display: inline-block; width: 7px; height: 7px; border-radius: 50%; margin: 0 1px}
@media (max-width: 559px) {  /* a phone: the attribution wraps clear of the scale bar at the bottom left */
  .leaflet-container .leaflet-control-attribution {max-width: calc(100vw - 140px); font-size: 9px; line-height: 1.3}
}
.evacmap-held-swatch {width: 12px; height: 12px; border-radius: 50%; opacity: .55; vertical-align: -1px;
  box-sizing: border-box; border: 1px solid rgba(0,0,0,.5)}
.evacmap-held-ring {border: 2px dashed #555}
.evacmap-held-note {color: #555; margin-bottom: 2px}
.evacmap-arrow div {font-size: 18px; line-height: 18px; text-shadow: 0 0 2px #fff}
.evacmap-box.evacmap-held-legend {max-width: 250px}  /* who held what: a few parties, kept off the events beside it */
"""


class Box(scripts.ScriptElement):
    """A fixed box on the map (title or legend); ``body`` is HTML whose data text is escaped."""

    scripts = ("controls.js",)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapControls.box({{ this._parent.get_name() }}, {{ this.data|tojson }});
        {% endmacro %}
    """)

    def __init__(self, body: str, position: str, css_class: str):
        super().__init__()
        self._name = "EvacmapBox"
        self.body, self.position, self.css_class = body, position, css_class
        self.data = {"body": body, "position": position, "cssClass": css_class, "openPx": int(LEGEND_OPEN_PX)}


class Style(MacroElement):
    """The map's own CSS (static text, no data)."""

    _template = Template("{% macro header(this, kwargs) %}<style>" + CSS + "</style>{% endmacro %}")

    def __init__(self):
        super().__init__()
        self._name = "EvacmapStyle"


def check_look(kind: EventType) -> None:
    """Raise ValueError unless an event type's colour and icon are ones the map can draw."""
    if kind.colour not in MARKER_HEX:
        raise ValueError(f"event type {kind.id!r}: colour: expected one of {', '.join(MARKER_HEX)}, "
                         f"instead got {kind.colour!r}")
    if not ICON_NAME.fullmatch(kind.icon):
        raise ValueError(f"event type {kind.id!r}: icon: expected a Font Awesome icon name such as 'bus', "
                         f"instead got {kind.icon!r}")


SINGLE_SOURCE_OPACITY = 0.5
"""A pin's ``opacity`` when one outlet alone reports its event (others 1): such a glyph is drawn hollow, white
in its type's colour, so it stays plainly seen."""


def legend(kinds: list[EventType], corridors: bool, candidates: bool, lookups: bool = False) -> str:
    """The legend's HTML: the types shown, then the map's symbols (the scale of the corridors' widths stands under
    their claimant menu, :func:`geo.map.flows.legend_rows`); folds on a small map."""
    rows = []
    for kind in kinds:
        rows.append(f"<div class='row'><span class='swatch' style='color:{MARKER_HEX[kind.colour]}'>"
                    f"<i class='fa fa-{kind.icon}'></i></span>{safe(kind.label)}</div>")
    rows.append("<div class='row'><span class='swatch' style='color:#555'>&#9711;</span>"
                "dashed ring and outline: approximate place</div>")
    rows.append("<div class='row'><span class='swatch' style='color:#555'>&#9711;</span>"
                "hollow (white): reported by one outlet only</div>")
    rows.append("<div class='row'><span class='swatch'>&#8902;</span>events at one place fan out around it</div>")
    rows.append("<div class='row'><span class='swatch' style='color:#111'>&#11044;</span>"
                "larger, ringed: attacks, people killed</div>")
    rows.append("<div class='row'><span class='swatch'><b>&#9313;</b></span>"
                "many events: a count per place (click)</div>")
    if corridors:
        rows.append(f"<div class='row'><span class='swatch' style='color:{CORRIDOR_COLOURS[0]}'>&#10148;</span>"
                    "corridor in use, direction of travel</div>")
    if candidates:
        rows.append("<div class='row'><span class='swatch'>&#9676;</span>candidate event, not reviewed</div>")
    if lookups:
        rows.append(f"<div class='row'><span class='swatch' style='color:{LOOKUP_COLOURS[False]}'>&#9671;</span>"
                    "online lookup: unverified until accepted (green)</div>")
    return "<details open><summary>Legend</summary><div class='rows'>" + "".join(rows) + "</div></details>"


@dataclass(frozen=True)
class Look:
    """A map's look for one view (:func:`look`): its CSS, its title box (None without a title), its legend box and
    each corridor's colour by id."""

    style: Style
    title: Box | None
    legend: Box
    corridor_colours: dict[str, str]


def look(event_types: Mapping[str, EventType], legend_types: Sequence[str], corridor_ids: Sequence[str], *,
         title: str | None, corridors: bool, candidates: bool, lookups: bool) -> Look:
    """A map's look, after checking every event type's look (:func:`check_look`): the legend names
    ``legend_types`` and the symbols in use; each corridor of the case (``corridor_ids``, in the case's order) keeps
    its colour in every view. Raises ValueError for an event type the map cannot draw."""
    for kind in event_types.values():
        check_look(kind)
    box = Box(f"<h1 class='evacmap-title'>{safe(title)}</h1>", "topright", "evacmap-box") if title else None
    key = Box(legend([event_types[t] for t in legend_types], corridors, candidates, lookups), "bottomright",
              "evacmap-box evacmap-legend")
    return Look(Style(), box, key, colours_in_order(corridor_ids))


def colours_in_order(corridor_ids: Sequence[str]) -> dict[str, str]:
    """The corridor palette dealt out to ``corridor_ids`` in their order: each id's colour by its place among them
    (given the case's corridors, the same in every view: :func:`geo.map.build.corridor_colours`)."""
    return {c: CORRIDOR_COLOURS[i % len(CORRIDOR_COLOURS)] for i, c in enumerate(corridor_ids)}
