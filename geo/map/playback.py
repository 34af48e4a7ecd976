"""Playback inside the map: a control that steps through the window in the browser, with no Python rerun.

:func:`add_playback` puts on a folium map every event of the view with its start and
end (or, above :data:`geo.map.layers.MARKER_LIMIT` events, counts per place and step,
binned by :mod:`geo.map.steps`), the corridors with their time in use, and a control
inside the map. It opens folded into one small "▶ Play" button, so it hides next to nothing of the
map; a click plays at once and unfolds a bar with the pause button, the clock, a step slider,
a "Playback settings" toggle (hour or day steps, speeds, *window* mode: what happened in
this step, or *cumulative* mode: everything so far, older events faded; whether to skip
empty steps, on by default; "Whole window") and "Close playback", which folds it back and
shows the whole window again. Showing a step unfolds it, so its clock is always in view.
While a step is shown the map's own event and corridor layers step aside; "Whole window"
brings them back. The clock label, the markers and the
control's ``data-start``/``data-end`` attributes change in one synchronous call, so they
never disagree, and zoom and pan are left alone.

The page exposes ``window.evacmapPlayback`` (``count()``, ``show(i)``, ``at(end)``, ``pause()``, ``stop()``,
``reset()``, ``set(option, value)``): what the GIF and MP4 exports and the tests step with.

Pause keeps the step, the page's window, the zoom and the focus, and tells the page nothing; Play goes on
from there. When the reader presses Stop, or the playback reaches its last step (moving the slider by
hand is not a stop), the map tells the page that holds it where it stopped: the message
``{"evacmap": 1, "kind": "stopped", "start": ..., "end": ...}`` (ISO 8601 UTC; :mod:`geo.map.channel`),
which :func:`geo.app.messages.read` reads. In window mode the stopped window is the step; in
cumulative mode, from the start of the window to the end of the step. Either way a step is sent whole: its
local day at day steps, its hour at hour steps, even where the window cut it short
(:func:`geo.map.steps.whole`). The playback never ends on an empty sliver of a step
(:func:`geo.map.steps.without_empty_sliver`). The dashboard then keeps the map it drew (the window played) and
shows the step in it with :func:`geo.map.playback_control.stopped_step_layer`, so the map is not drawn again.

The control itself (its HTML, CSS and script) is :mod:`geo.map.playback_control`; data text is
escaped by :func:`geo.map.escape.safe` here, before it reaches it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import asdict
from datetime import datetime, timedelta
from typing import Any

import folium
from branca.element import Element

from geo.data.evidence import Evidence
from geo.map.escape import safe
from geo.map.event_layer import pins
from geo.map.glyphs import EventGlyphs, Pin
from geo.map.layers import MARKER_LIMIT
from geo.map.playback_control import Playback
from geo.map.steps import STEP_SIZES, timeline
from geo.map.style import CORRIDOR_COLOURS, MARKER_HEX
from geo.run.selection import Selection
from geo.run.view import View

SPEEDS = {"0.5×": 1600, "1×": 800, "2×": 400, "4×": 200}
"""Speed menu: milliseconds per step."""
MODES = ("window", "cumulative")
STEPPED_LAYERS = ("Events", "Approximate places (precision radius)", "Corridors (direction of travel)", "Selected event")
"""The map's own layers (by their names in the layer control) that step aside while a step is shown."""


def default_step(window: tuple[datetime, datetime]) -> str:
    """Hours for a window of up to two days, else days."""
    return "hour" if window[1] - window[0] <= timedelta(days=2) else "day"


def playback_data(evidence: Evidence, view: View, **options: Any) -> dict[str, Any]:
    """What the playback of a view carries (:func:`playback_of` its :class:`~geo.run.selection.Selection`)."""
    return playback_of(Selection.of(evidence, view), **options)


def playback_of(selection: Selection, *, step: str | None = None, mode: str = "window", skip_empty: bool = True,
                speed: str = "1×", drawn: Mapping[str, Pin] | None = None) -> dict[str, Any]:
    """What the playback carries: its steps per size, the events (or place counts per step) and corridors,
    the options it starts with (``step`` None: :func:`default_step`) and its text. Its events' glyphs are the
    ``drawn`` ones by event id (the map's, :func:`drawn_pins`) without their popups; where those lack one of them,
    worked out here."""
    evidence, window, shown, corridors = selection.evidence, selection.window, selection.on_map, selection.corridors
    step = step or default_step(window)
    if step not in STEP_SIZES:
        raise ValueError(f"step: expected one of {', '.join(STEP_SIZES)}, instead got {step!r}")
    if mode not in MODES:
        raise ValueError(f"mode: expected one of {', '.join(MODES)}, instead got {mode!r}")
    if speed not in SPEEDS:
        raise ValueError(f"speed: expected one of {', '.join(SPEEDS)}, instead got {speed!r}")
    many = len(shown) > MARKER_LIMIT
    in_use = [(c, span) for c in corridors for span in c.spans_in_use]  # a corridor stopped a while: a line a span
    line = timeline(window, evidence.case.timezone, shown, [span for _, span in in_use], by_place=many)
    routes = [[list(p) for p in c.latlons] for c, _ in in_use]
    if not many and (drawn is None or not drawn.keys() >= set(shown["id"])):
        drawn = {pin.id: pin for pin in pins(selection, selection.shown_on_map.values(), popups=False)}
    colours = {c.id: CORRIDOR_COLOURS[i % len(CORRIDOR_COLOURS)] for i, c in enumerate(evidence.corridors)}
    data: dict[str, Any] = {  # a JSON document: values of many shapes
        "window": [window[0].isoformat(), window[1].isoformat()],
        "steps": {size: {**table, "labels": [safe(label) for label in table["labels"]]}
                  for size, table in line.tables.items()},
        "corridors": [[route, first, last, colours[c.id], safe(c.name)]
                      for route, (first, last), (c, _) in zip(routes, line.spans, in_use)],
        "options": {"step": step if line.cuts[step] else next((s for s in STEP_SIZES if line.cuts[s]), step),
                    "mode": mode, "skip": skip_empty, "speed": speed},
        "speeds": SPEEDS,
        "text": {"whole": safe(f"Whole window: {selection.title}"), "event": "event", "events": "events",
                 "so_far": "so far", "busiest": "busiest places only", "none": "no events reported",
                 "skipped": "skipped, no events reported:"},
    }
    if not many:
        assert drawn is not None  # worked out above wherever the map's own were not given
        data["kind"] = "events"
        data["events"] = [
            [float(lat), float(lon), MARKER_HEX[evidence.event_types[t].colour], int(s), int(e),
             safe(f"{i} · {name} · {evidence.event_types[t].label}"), {**asdict(drawn[i]), "popup": "", "selected": False}]
            for lat, lon, t, s, e, i, name in zip(shown["lat"], shown["lon"], shown["type"], line.starts, line.ends,
                                                  shown["id"], shown["place_name"])]
    else:
        data["kind"] = "places"
        place_ids = max((b[0] for b in line.bins.values()), key=len, default=[])
        index = {p: i for i, p in enumerate(place_ids)}
        places = [evidence.gazetteer[p] for p in place_ids]
        data["places"] = [[place.lat, place.lon, safe(place.name)] for place in places]
        for size, (ids, bins, totals) in line.bins.items():
            remap = [index[p] for p in ids]  # each size lists a prefix of the same busiest-first order
            data["steps"][size]["bins"] = [[remap[v] if k % 3 == 0 else v for k, v in enumerate(b)] for b in bins]
            data["steps"][size]["totals"] = totals
            data["steps"][size]["partial"] = len(ids) < len(set(shown["place_id"]))
    return data


def drawn_pins(m: folium.Map) -> dict[str, Pin] | None:
    """The glyphs a map drew of its events (:class:`geo.map.glyphs.EventGlyphs`), by event id; None where it drew
    none (a map of counts by place, or one not drawn by :func:`geo.map.build.map_of`)."""
    found = [pin for e in _elements(m) if isinstance(e, EventGlyphs) for pin in e.pins]
    return {pin.id: pin for pin in found} if found else None


def _elements(element: Element) -> Iterator[Element]:
    yield element
    for child in element._children.values():
        yield from _elements(child)


def _layers(m: folium.Map) -> Iterator[Element]:
    for child in m._children.values():
        if isinstance(child, folium.FeatureGroup) and child.layer_name in STEPPED_LAYERS:
            yield child


def add_playback(m: folium.Map, selection: Selection, *, send: bool = False, step: str | None = None,
                 mode: str = "window", skip_empty: bool = True) -> Playback:
    """Add the playback of a selection to its map (built by :func:`geo.map.build.map_of`); with ``send`` it tells
    the page that holds the map where playback stopped (:mod:`geo.map.channel`)."""
    element = Playback(playback_of(selection, step=step, mode=mode, skip_empty=skip_empty, drawn=drawn_pins(m)),
                       hidden=list(_layers(m)), send=send)
    element.add_to(m)
    return element
