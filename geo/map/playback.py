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

The page exposes ``window.evacmapPlayback`` (``count()``, ``show(i)``, ``stop()``,
``reset()``, ``set(option, value)``): what the GIF and MP4 exports and the tests step with.

When the reader pauses a playback, or it reaches its last step (moving the slider by
hand is not a stop), the map tells the page that holds it where it stopped: the message
``{"evacmap": 1, "kind": "stopped", "start": ..., "end": ...}`` (ISO 8601 UTC; :mod:`geo.map.channel`),
which :func:`geo.app.messages.read` reads. In window mode the stopped window is the step; in
cumulative mode, from the start of the window to the end of the step. Either way a step is sent whole: its
local day at day steps, its hour at hour steps, even where the window cut it short
(:func:`geo.map.steps.whole`). The playback never ends on an empty sliver of a step
(:func:`geo.map.steps.without_empty_sliver`).

The control itself (its HTML, CSS and script) is :mod:`geo.map.playback_control`; data text is
escaped by :func:`geo.map.escape.safe` here, before it reaches it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import asdict
from datetime import datetime, timedelta, tzinfo

import folium
from branca.element import Element

from geo.corridors import Corridor
from geo.data.evidence import Evidence
from geo.map.escape import safe
from geo.map.event_layer import pins
from geo.map.layers import MARKER_LIMIT
from geo.map.playback_control import Playback
from geo.map.steps import STEP_SIZES, Step, epoch, event_seconds, place_bins, steps, whole, without_empty_sliver
from geo.map.style import CORRIDOR_COLOURS, MARKER_HEX
from geo.selection import Selection
from geo.view import View

SPEEDS = {"0.5×": 1600, "1×": 800, "2×": 400, "4×": 200}
"""Speed menu: milliseconds per step."""
MODES = ("window", "cumulative")
STEPPED_LAYERS = ("Events", "Approximate places (precision radius)", "Corridors (direction of travel)", "Selected event")
"""The map's own layers (by their names in the layer control) that step aside while a step is shown."""


def _step_table(cut: list[Step], size: str, zone: tzinfo) -> dict[str, list]:
    """The steps as the browser takes them; ``whole``: the whole local day or hour of each, what a stop sends."""
    return {"starts": [epoch(s.start) for s in cut], "ends": [epoch(s.end) for s in cut],
            "labels": [safe(s.label) for s in cut],
            "iso": [[s.start.isoformat(), s.end.isoformat()] for s in cut],
            "whole": [[moment.isoformat() for moment in whole(s, size, zone)] for s in cut]}


def _corridor_rows(evidence: Evidence, corridors: Sequence[Corridor]) -> list[list]:
    colours = {c.id: CORRIDOR_COLOURS[i % len(CORRIDOR_COLOURS)] for i, c in enumerate(evidence.corridors)}
    return [[[list(p) for p in c.latlons], epoch(c.active_from), epoch(c.active_until), colours[c.id], safe(c.name)]
            for c in corridors]


def default_step(window: tuple[datetime, datetime]) -> str:
    """Hours for a window of up to two days, else days."""
    return "hour" if window[1] - window[0] <= timedelta(days=2) else "day"


def playback_data(evidence: Evidence, view: View, **options: object) -> dict[str, object]:
    """What the playback of a view carries (:func:`playback_of` its :class:`~geo.selection.Selection`)."""
    return playback_of(Selection.of(evidence, view), **options)


def playback_of(selection: Selection, *, step: str | None = None, mode: str = "window", skip_empty: bool = True,
                speed: str = "1×") -> dict[str, object]:
    """What the playback carries: its steps per size, the events (or place counts per step) and corridors,
    the options it starts with (``step`` None: :func:`default_step`) and its text."""
    evidence, window = selection.evidence, selection.window
    step = step or default_step(window)
    if step not in STEP_SIZES:
        raise ValueError(f"step: expected one of {', '.join(STEP_SIZES)}, instead got {step!r}")
    if mode not in MODES:
        raise ValueError(f"mode: expected one of {', '.join(MODES)}, instead got {mode!r}")
    if speed not in SPEEDS:
        raise ValueError(f"speed: expected one of {', '.join(SPEEDS)}, instead got {speed!r}")
    shown = selection.events
    zone = evidence.case.timezone
    starts = event_seconds(shown)[0]
    cuts = {size: without_empty_sliver(steps(window, size, zone), starts) for size in STEP_SIZES}
    data: dict[str, object] = {
        "window": [window[0].isoformat(), window[1].isoformat()],
        "steps": {size: _step_table(cut, size, zone) for size, cut in cuts.items() if cut},
        "corridors": _corridor_rows(evidence, selection.corridors),
        "options": {"step": step if cuts[step] else next((s for s in STEP_SIZES if cuts[s]), step),
                    "mode": mode, "skip": skip_empty, "speed": speed},
        "speeds": SPEEDS,
        "text": {"whole": safe(f"Whole window: {selection.title}"), "event": "event", "events": "events",
                 "so_far": "so far", "busiest": "busiest places only"},
    }
    if len(shown) <= MARKER_LIMIT:
        starts, ends = event_seconds(shown)
        glyphs = pins(selection, selection.shown.values(), popups=False)
        data["kind"] = "events"
        data["events"] = [
            [float(lat), float(lon), MARKER_HEX[evidence.event_types[t].colour], int(s), int(e),
             safe(f"{i} · {name} · {evidence.event_types[t].label}"), asdict(glyph)]
            for lat, lon, t, s, e, i, name, glyph in zip(shown["lat"], shown["lon"], shown["type"], starts, ends,
                                                         shown["id"], shown["place_name"], glyphs)]
    else:
        data["kind"] = "places"
        binned = {size: place_bins(shown, cut) for size, cut in cuts.items() if cut}
        place_ids = max((b[0] for b in binned.values()), key=len, default=[])
        index = {p: i for i, p in enumerate(place_ids)}
        data["places"] = [[evidence.gazetteer[p].lat, evidence.gazetteer[p].lon, safe(evidence.gazetteer[p].name)]
                          for p in place_ids]
        for size, (ids, bins, totals) in binned.items():
            remap = [index[p] for p in ids]  # each size lists a prefix of the same busiest-first order
            data["steps"][size]["bins"] = [[remap[v] if k % 3 == 0 else v for k, v in enumerate(b)] for b in bins]
            data["steps"][size]["totals"] = totals
            data["steps"][size]["partial"] = len(ids) < len(set(shown["place_id"]))
    return data


def _layers(m: folium.Map) -> Iterator[Element]:
    for child in m._children.values():
        if isinstance(child, folium.FeatureGroup) and child.layer_name in STEPPED_LAYERS:
            yield child


def add_playback(m: folium.Map, selection: Selection, *, send: bool = False, step: str | None = None,
                 mode: str = "window", skip_empty: bool = True) -> Playback:
    """Add the playback of a selection to its map (built by :func:`geo.map.build.map_of`); with ``send`` it tells
    the page that holds the map where playback stopped (:mod:`geo.map.channel`)."""
    element = Playback(playback_of(selection, step=step, mode=mode, skip_empty=skip_empty),
                       hidden=list(_layers(m)), send=send)
    element.add_to(m)
    return element
