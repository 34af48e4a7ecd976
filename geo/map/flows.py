"""People moved along the corridors, drawn on the map: each corridor's width by the people claimed to have set out
along it in the window, with a choice of claimant.

:func:`moved_along` reads, for each corridor in use in a selection's window, what each claimant said left or
moved along it (the selection's :attr:`~geo.run.selection.Selection.moved`, worked out with it: the rise of its
running total from the window's first day, of the claims the view's filters keep), day by day.
:class:`CorridorFlows` hands that to the browser (``js/flows.js``), which draws each corridor as a band from its
lowest to its highest figure (one figure: a line of that width), labelled with the figure and who gave it, a menu
choosing one claimant or all of them as a range, and the figures as they stood at the end
of each playback step (``map.evacmapFlows.at``). Figures of different claimants are never added nor averaged:
"all" is the range from the lowest to the highest. The people said to have arrived by a corridor (``movements.csv``
names its corridor) are labelled as a figure of their own, after those who set out: never added to them, nor drawn
as width. A corridor with no figure in the window stays a thin dashed line and says so. The width is in proportion
to the people, :data:`MAX_WIDTH` pixels for the largest figure the window holds (:func:`legend_rows` says it under
the claimant menu, where the reader chooses whose figures the widths show, and the map's legend stays as short as
before).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date

import folium
from branca.element import MacroElement
from folium.template import Template

from geo.ledger import Flow
from geo.map import scripts
from geo.map.escape import safe
from geo.map.steps import epoch
from geo.map.style import CORRIDOR_COLOURS
from geo.run.selection import Selection

MIN_WIDTH = 3
"""Pixels of a corridor's line for no people (and of a corridor with no figure)."""
MAX_WIDTH = 24
"""Pixels of a corridor's line for the largest figure of people moved in the window."""
LAYER_NAME = "People moved along corridors (width)"
FLOWS_SCRIPT = scripts.defining("flows.js", "evacmapFlows")
"""The script that draws the flows and their menu (``js/flows.js``), read once."""
ALL = "all"
"""The menu's choice of every claimant, as a range."""


Series = Mapping[str, tuple[tuple[date, float, float], ...]]


@dataclass(frozen=True)
class CorridorMoved:
    """What each claimant said set out along one corridor, as it grew over the window: ``series`` by claimant,
    each a tuple of ``(local day, low, high)``, the people from the window's first day up to and including
    that day, on each day the claimant told a figure; ``arrived`` the same of the people said to have arrived by
    it (labelled as a figure of its own; never added to those who set out, nor drawn as width)."""

    corridor_id: str
    series: Series
    arrived: Series = field(default_factory=dict)

    @property
    def claimants(self) -> tuple[str, ...]:
        return tuple(sorted(self.series))


def _series(by_day: Iterable[tuple[date, Mapping[str, Flow]]], in_use: set[str]) -> dict[str, dict[str, tuple[
        tuple[date, float, float], ...]]]:
    """Each claimant's figures as they changed over the days of ``by_day`` (:attr:`geo.ledger.Moved.by_day`), by
    corridor in use."""
    series: dict[str, dict[str, list[tuple[date, float, float]]]] = {}
    for day, found in by_day:
        for corridor_id, flow in found.items():
            if corridor_id not in in_use:
                continue
            by_claimant = series.setdefault(corridor_id, {})
            for claimant, low, high in flow.by_claimant:
                told = by_claimant.setdefault(claimant, [])
                if not told or told[-1][1:] != (low, high):
                    told.append((day, low, high))
    return {c: {k: tuple(v) for k, v in by.items()} for c, by in series.items()}


def moved_along(selection: Selection) -> dict[str, CorridorMoved]:
    """Each corridor in use in the selection's window with a figure of people who set out along it in the window
    (left or moved along it) or arrived by it, by corridor id; a corridor without one is absent."""
    in_use = {c.id for c in selection.corridors}
    left = _series(selection.moved.by_day, in_use)
    arrived = _series(selection.moved.arrived_by_day, in_use)
    return {c: CorridorMoved(c, left.get(c, {}), arrived.get(c, {})) for c in sorted(set(left) | set(arrived))}


def largest(moved: Mapping[str, CorridorMoved]) -> float:
    """The largest figure (a range's high end) any claimant gives of any corridor: the width scale's full width."""
    return max((high for m in moved.values() for told in m.series.values() for _, _, high in told), default=0.0)


def claimants(moved: Mapping[str, CorridorMoved]) -> list[str]:
    """Every claimant of a figure on the map (of people who set out or arrived), in alphabetical order: the menu's
    choices after "all"."""
    return sorted({claimant for m in moved.values() for claimant in (*m.series, *m.arrived)})


def legend_rows(moved: Mapping[str, CorridorMoved]) -> str:
    """The legend's rows for the corridors' widths: the scale (a line's width for the largest figure and for half of
    it) on one row, the band of a range and the thin dashed line of a corridor with no figure on the next."""
    top = largest(moved)
    swatch = "<span class='evacmap-flow-swatch{}' style='{}'></span>"
    rows = []
    if top > 0:  # two rows, so the legend grows little (the map's other controls keep their places beside it)
        half = MIN_WIDTH + (MAX_WIDTH - MIN_WIDTH) / 2
        rows.append("<div class='row'>" + "".join(f"{swatch.format('', f'height:{width:g}px')}{people:,.0f} people "
                                                  for width, people in ((MAX_WIDTH, top), (half, top / 2)))
                    + "said to have set out (corridor width)</div>")
        rows.append(f"<div class='row'>{swatch.format(' evacmap-flow-band', '')}pale band: lowest to highest figure; "
                    f"{swatch.format(' evacmap-flow-none', '')}thin: no figure told</div>")
    else:
        rows.append(f"<div class='row'>{swatch.format(' evacmap-flow-none', '')}thin: no figure told</div>")
    return "".join(rows)


def flow_data(selection: Selection, moved: Mapping[str, CorridorMoved], colours: Mapping[str, str]) -> dict:
    """What ``js/flows.js`` draws (a JSON document; every text escaped): each corridor in use with its route, colour,
    name and each claimant's figures as ``[epoch of the local day's start, low, high]``, the claimants, the
    scale and the texts."""
    days = sorted({day for m in moved.values() for told in (*m.series.values(), *m.arrived.values())
                   for day, _, _ in told})
    midnights = selection.moved.day_starts
    starts = {day: epoch(midnights[day]) for day in days}  # every day's clock first, then the texts

    def browser(series: Series) -> dict[str, list[list[float]]]:
        return {safe(claimant): [[starts[day], low, high] for day, low, high in told]
                for claimant, told in sorted(series.items())}

    corridors = []
    for corridor in selection.corridors:
        found = moved.get(corridor.id)
        corridors.append({"id": safe(corridor.id), "name": safe(corridor.name), "colour": safe(colours[corridor.id]),
                          "route": [list(p) for p in corridor.latlons],
                          "series": {} if found is None else browser(found.series),
                          "arrived": {} if found is None else browser(found.arrived)})
    return {
        "corridors": corridors,
        "claimants": [safe(c) for c in claimants(moved)],
        "scale": {"largest": largest(moved), "min": MIN_WIDTH, "max": MAX_WIDTH},
        "key": legend_rows(moved),
        "text": {"all": "All claimants, as a range", "menu": "People moved, as told by",
                 "none": "no figure of people moved told", "none_left": "no figure of people setting out told",
                 "none_yet": "no figure of people moved told so far", "none_by": "no figure of people moved told by",
                 "people": "people", "by": "by", "arrived": "arrived", "lowest": "lowest", "highest": "highest",
                 "so_far": "so far"},
    }


class CorridorFlows(MacroElement):
    """The corridors' widths by people moved, their labels and the claimant menu, drawn by ``js/flows.js`` in a
    layer of their own (:data:`LAYER_NAME`), under the corridors' lines of travel."""

    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.flows_script }}
        evacmapFlows.draw({{ this._parent._parent.get_name() }}, {{ this._parent.get_name() }}, {{ this.data|tojson }});
        {% endmacro %}
    """)

    def __init__(self, data: dict):
        super().__init__()
        self._name = "CorridorFlows"
        self.data = data
        self.flows_script = FLOWS_SCRIPT
        self.add_child(FlowStyle())


class FlowStyle(scripts.Styles):
    """The flows' labels, menu and legend swatches (``js/flows.css``)."""

    names = ("flows.css",)


def flow_layer(selection: Selection) -> FlowLayer:
    """The layer of people moved along the corridors in use in the selection's window (:class:`FlowLayer`: add it to
    the map before the corridors' lines of travel, so it lies under them), worked out in one pass, with its
    key of widths. Each corridor keeps its colour of :data:`geo.map.style.CORRIDOR_COLOURS` by its place in
    corridors.csv, as on the rest of the map."""
    moved = moved_along(selection)
    colours = {c.id: CORRIDOR_COLOURS[i % len(CORRIDOR_COLOURS)] for i, c in enumerate(selection.evidence.corridors)}
    layer = FlowLayer()
    CorridorFlows(flow_data(selection, moved, colours)).add_to(layer)
    return layer


class FlowLayer(folium.FeatureGroup):
    """The map's layer of people moved (:data:`LAYER_NAME`)."""

    def __init__(self) -> None:
        super().__init__(name=LAYER_NAME)
