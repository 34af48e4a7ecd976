"""The map's "Who held what" layer, off until the reader turns it on: each place a report gives a holder for in the
window, tinted by the party holding it at the window's end, with a legend of those parties.

The places and their holders are the run's (:attr:`geo.run.selection.Selection.holders`: the evidence as known on
the view's day, over the window as its title writes it); nothing here filters again. A place is a translucent disc
of its precision radius (never under 24 px on screen: a ring round a town's glyphs on a map of the region) in a pane under
the corridors, the glyphs and the names, so it hides none of them (``js/holders.js`` draws it, and shows the legend
at the bottom left while the layer is on: open on a wide map, folded on a phone's, as the map's own legend). Where
the holder changed in the window, the tint is the holder at its end and the tooltip says the change ("Who held
al-Sukkari: opposition until the end of Wed 14 Dec 2016, then contested"); where no holder is known at the window's
end, the disc is tinted by the last one, its edge dashed, and the tooltip says so. A place no report gives a holder
for in the window is not drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, tzinfo

import folium
from folium.template import Template

from geo.holdings import Holders, Party
from geo.map import scripts
from geo.map.escape import safe
from geo.map.popups import span_bound
from geo.map.style import LEGEND_OPEN_PX, MARKER_HEX
from geo.run.selection import Selection

LAYER_NAME = "Who held what (tinted by holder)"
"""The layer's name in the layers control."""
UNKNOWN_COLOUR = "gray"
"""The colour of a side no ``parties.csv`` row gives one (a case written before parties could be declared)."""
NO_HOLDER = "no holder known"


def holder_text(place_name: str, found: Holders, window: tuple[datetime, datetime], zone: tzinfo) -> str:
    """A held place's tooltip: who held it over the window, in order, each change dated once, and any time in it no
    holder is known for ("Who held al-Sukkari: opposition until the end of Wed 14 Dec 2016, then contested"). A
    span's bound outside the window is left unsaid."""
    start, end = window
    parts: list[str] = []
    last_until: datetime | None = None
    for span in found.spans:
        follows = bool(parts) and last_until == span.start
        if parts and last_until is not None and span.start is not None and last_until < span.start:
            parts.append(NO_HOLDER)
        since = (f" from {span_bound(span.start, zone, end=False)}"
                 if span.start is not None and span.start > start and not follows else "")
        until = f" until {span_bound(span.until, zone, end=True)}" if span.until is not None and span.until < end else ""
        parts.append(f"{span.label}{since}{until}")
        last_until = span.until
    if found.at_end is None:
        parts.append(NO_HOLDER)
    return f"Who held {place_name}: " + ", then ".join(parts)


def party_of(side: str, parties: Mapping[str, Party]) -> Party:
    """The party a holding's ``side`` names (``parties.csv``), or one of its id in :data:`UNKNOWN_COLOUR` where the
    case declares none."""
    return parties.get(side) or Party(side, side, UNKNOWN_COLOUR)


def held_places(selection: Selection) -> list[list]:
    """The layer's rows, widest first (a city's disc under its districts', so the smaller place is the one a pointer
    finds; gazetteer order between equals), one for each place the selection gives a holder for in its window:
    ``[lat, lon, radius_m, colour, tooltip, party_id, known_to_end, place_id]``; ``colour`` that of the holder at
    the window's end (of the last one, ``known_to_end`` False, where none is known then)."""
    evidence, found = selection.evidence, selection.holders
    rows = []
    for place in selection.places.values():
        holders = found.get(place.id)
        if holders is None:
            continue
        shown = holders.at_end or holders.spans[-1]
        party = party_of(shown.side, evidence.parties)
        rows.append([place.lat, place.lon, place.precision_m, MARKER_HEX[party.colour],
                     safe(holder_text(place.name, holders, selection.written_window, evidence.case.timezone)),
                     safe(party.id), holders.at_end is not None, safe(place.id)])
    return sorted(rows, key=lambda row: -row[2])


def legend(rows: Sequence[list], parties: Mapping[str, Party]) -> str:
    """The layer's legend: the parties the layer tints, in ``parties.csv`` order (then any the case declares
    none for), each in its colour, and what a dashed edge means where one is drawn."""
    used = list(dict.fromkeys(row[5] for row in rows))
    order = [p for p in parties if p in used] + [p for p in used if p not in parties]
    lines = []
    for side in order:
        party = party_of(side, parties)
        lines.append(f"<div class='row'><span class='swatch evacmap-held-swatch' data-party='{safe(side)}' "
                     f"style='background:{MARKER_HEX[party.colour]}'></span>{safe(party.label)}</div>")
    if any(not row[6] for row in rows):
        lines.append("<div class='row'><span class='swatch evacmap-held-swatch evacmap-held-ring'></span>"
                     f"dashed edge: {NO_HOLDER} at the window's end (tint: the last)</div>")
    return ("<details open><summary>Who held what</summary><div class='evacmap-held-note'>at the window's end, as reports "
            "say; point at a place for its changes</div><div class='rows'>" + "".join(lines) + "</div></details>")


class HeldPlaces(scripts.ScriptElement):
    """The layer's discs and its legend, drawn by ``js/holders.js`` from one array (:func:`held_places`)."""

    scripts = ("holders.js",)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapHolders.draw({{ this._parent._parent.get_name() }}, {{ this._parent.get_name() }}, {{ this.data|tojson }});
        {% endmacro %}
    """)

    def __init__(self, rows: Sequence[list], legend_html: str):
        super().__init__()
        self._name = "HeldPlaces"
        self.data = {"places": list(rows), "legend": legend_html, "openPx": int(LEGEND_OPEN_PX)}


def add_holders(m: folium.Map, selection: Selection) -> bool:
    """Add the "Who held what" layer to ``m``, off by default; nothing when the selection gives no place a holder
    in its window. Returns whether it was added."""
    rows = held_places(selection)
    if not rows:
        return False
    layer = folium.FeatureGroup(name=LAYER_NAME, show=False)
    layer.add_to(m)
    HeldPlaces(rows, legend(rows, selection.evidence.parties)).add_to(layer)
    return True

