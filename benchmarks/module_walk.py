"""The view's walk down the layers: which of evacmap's modules one dashboard view passes through, in what order.

    python -m benchmarks.module_walk [--part view|map] [--sequence] [--json]

``--part view`` (the default): one view as the dashboard draws it (the shipped case, 15 December 2016, event e014 selected, as in
``tests/test_lookups_once.py``), through the functions ``dashboard.py`` calls, without Streamlit: what the view
shows, worked out once (:meth:`geo.run.selection.Selection.of`); its map (:func:`geo.map.build.map_of`, without the
selection, as the dashboard draws it); the playback inside it (:func:`geo.map.playback.add_playback`); the click
mark and the selected event's layer (:mod:`geo.map.highlight`); the map rendered to HTML. A tree older than
``geo.selection`` (before issue 19) is walked through its own functions: ``View.apply``, ``build.build_map``,
``playback.add_playback(m, evidence, view)``. ``--part map``: the map alone, from the selection worked out (untraced)
to its HTML: :func:`geo.map.build.map_of` as the dashboard calls it, then rendered (before issue 19,
``build.build_map``, which looked the view up itself).

What counts:

- the data are loaded and the view run once before the walk, untraced, so the walk is a rerun's (no imports, no
  first-time caches), as the dashboard's reruns are;
- ``sys.setprofile`` sees every Python function call (a method, a property, a comprehension, a generator's
  resumption, a dataclass's ``__init__``, a function a library calls back); a call into a function of one of
  evacmap's modules (``geo.*``, ``panels.*``, ``dashboard``) **enters** that module unless the nearest of evacmap's
  frames below it on the stack is in the same module: a module calling its own functions stays in it, also
  through a library between them (``functools.cached_property``, folium rendering an element's template);
- a call from a call site already seen (the same line of the same function of evacmap's, or of the caller where
  none of evacmap's is on the stack, calling the same function) is a loop going round again, not a new step:
  each call site enters once, the first time;
- the **walk** is the sequence of modules entered, consecutive entries of one module as one;
- **modules**: the different modules in the walk; **steps**: module changes (its length - 1); **returns**:
  entries of a module the walk had already left (a climb back up, or a second trip down into a helper);
  **entries**: how often each module is entered.

A walk straight down the layers enters each module once: returns 0. The walk is counted, not timed: the same
tree gives the same figures on any machine.
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import ModuleType

OURS = ("geo.", "panels.")
PARAMS = {"start": "2016-12-15", "end": "2016-12-15", "event": "e014"}
PARTS = ("view", "map")


def ours(module: str | None) -> bool:
    """Whether a module is one of evacmap's (the walk's)."""
    return bool(module) and (module.startswith(OURS) or module == "dashboard")


def _calling(frame) -> tuple[str | None, object, int]:
    """The nearest of evacmap's frames below ``frame`` on the stack: its module, code and line (a library between
    them, such as ``functools.cached_property`` or folium's templates, is looked through); without one, no module
    and the calling frame's own code and line."""
    caller = frame.f_back
    while caller is not None and not ours(caller.f_globals.get("__name__")):
        caller = caller.f_back
    if caller is None:
        return None, frame.f_back.f_code if frame.f_back else None, frame.f_back.f_lineno if frame.f_back else 0
    return caller.f_globals["__name__"], caller.f_code, caller.f_lineno


def walk(run: Callable[[object], object], prepare: Callable[[], object] = lambda: None) -> list[str]:
    """The modules of evacmap that ``run(prepare())`` enters, in order (see the module for what counts); ``prepare``
    runs untraced."""
    prepared = prepare()
    visits: list[str] = []
    sites: set[tuple[object, int, object]] = set()

    def profile(frame, event, _arg) -> None:
        if event != "call" or not ours(module := frame.f_globals.get("__name__")):
            return
        caller, code, line = _calling(frame)
        if caller == module or (code, line, frame.f_code) in sites:
            return
        sites.add((code, line, frame.f_code))
        if not visits or visits[-1] != module:
            visits.append(module)

    sys.setprofile(profile)
    try:
        run(prepared)
    finally:
        sys.setprofile(None)
    return visits


def figures(visits: list[str]) -> dict[str, object]:
    """The walk's figures (see the module): modules, steps, returns and entries per module, most first."""
    seen: set[str] = set()
    returns = 0
    for module in visits:
        returns += module in seen
        seen.add(module)
    entries = Counter(visits)
    return {"modules": len(entries), "steps": max(len(visits) - 1, 0), "returns": returns,
            "entries": dict(sorted(entries.items(), key=lambda item: (-item[1], item[0])))}


def _highlight_module() -> ModuleType:
    """The map's highlight: ``geo.map.highlight``, named ``geo.map.selection`` in a tree older than that name."""
    try:
        return importlib.import_module("geo.map.highlight")
    except ModuleNotFoundError:
        return importlib.import_module("geo.map.selection")


def _run_module(name: str) -> ModuleType:
    """What one run shows, ``geo.run.view`` or ``geo.run.selection``: ``geo.view`` and ``geo.selection`` in a tree
    older than the ``geo.run`` room."""
    try:
        return importlib.import_module(f"geo.run.{name}")
    except ModuleNotFoundError:
        return importlib.import_module(f"geo.{name}")


def runs(part: str = "view") -> tuple[Callable[[object], str], Callable[[], object]]:
    """The ``part`` of the dashboard's view to walk (see the module), as ``(run, prepare)`` for :func:`walk`: ``run``
    draws the map and returns its HTML; the data are loaded here, before either."""
    from geo.data import evidence
    from geo.map import assets, build, playback
    map_selection = _highlight_module()
    from_params = _run_module("view").from_params

    if part not in PARTS:
        raise ValueError(f"part: expected one of {', '.join(PARTS)}, instead got {part!r}")
    loaded = evidence.load()
    view = from_params(PARAMS, loaded)[0]
    served = assets.copies("static")
    if not hasattr(build, "map_of"):  # before issue 19: each consumer looked the view up itself
        unselected = replace(view, event=None)

        def map_before(_prepared: object) -> str:
            m = build.build_map(loaded, unselected, title=view.describe(loaded), offline_assets=served,
                                candidates=None, lookups=[], clickable_places=True)
            return m.get_root().render()

        def view_before(_prepared: object) -> str:
            view.apply(loaded)
            m = build.build_map(loaded, unselected, title=view.describe(loaded), offline_assets=served,
                                candidates=None, lookups=[], clickable_places=True)
            playback.add_playback(m, loaded, unselected, report=True)
            map_selection.add_click_mark(m)
            map_selection.selection_layer(loaded, view.event)
            return m.get_root().render()
        return (view_before if part == "view" else map_before), lambda: None
    Selection = _run_module("selection").Selection

    def map_alone(selection: Selection) -> str:
        m = build.map_of(selection, title=selection.title, offline_assets=served, highlight=False,
                         candidates=None, lookups=[], clickable_places=True)
        return m.get_root().render()

    def whole_view(_prepared: object) -> str:
        selection = Selection.of(loaded, view)
        m = build.map_of(selection, title=selection.title, offline_assets=served, highlight=False,
                         candidates=None, lookups=[], clickable_places=True)
        playback.add_playback(m, selection, send=True)
        map_selection.add_click_mark(m)
        map_selection.selection_layer(selection.selected)
        return m.get_root().render()

    return (whole_view, lambda: None) if part == "view" else (map_alone, lambda: Selection.of(loaded, view))


FOLIUM_ID = re.compile(r"_[0-9a-f]{32}(?![0-9a-f])")
"""folium's random element id (``map_<32 hex digits>``): what :func:`same_html` normalises."""


def normalised(html: str) -> str:
    """A map's HTML with folium's random element ids numbered in order of first appearance."""
    ids: dict[str, str] = {}
    return FOLIUM_ID.sub(lambda match: ids.setdefault(match.group(0), f"_{len(ids):032d}"), html)


def fixed_views(synthetic: Path | None = None) -> dict[str, str]:
    """The HTML (ids normalised) of fixed views as the dashboard and the exports draw them, by name: each shipped
    case whole, on one day and one day with an event selected (the map with and without the selection
    highlighted, its playback, click mark and selection layer), one with candidates and online lookups, and a
    ``synthetic`` case (counts by place) whole and with an event selected. Compare two trees' with
    ``python -m benchmarks.module_walk --html DIR`` run in each, then ``diff -r``."""
    import pandas as pd

    from geo.data import evidence
    from geo.map import build, playback
    map_selection = _highlight_module()
    from geo.places.geocode import Geocoded
    Selection = _run_module("selection").Selection
    from_params = _run_module("view").from_params

    def draw(loaded, params: dict[str, str], highlight: bool, **options: object) -> str:
        selection = Selection.of(loaded, from_params(params, loaded)[0])
        m = build.map_of(selection, title=selection.title, highlight=highlight, clickable_places=not highlight,
                         **options)
        playback.add_playback(m, selection, send=not highlight)
        map_selection.add_click_mark(m)
        if selection.selected is not None:
            map_selection.selection_layer(selection.selected).add_to(m)
        return normalised(m.get_root().render())

    found: dict[str, str] = {}
    cases = [("aleppo", evidence.load(case="aleppo-2016-12"), "2016-12-15", "e014"),
             ("four-towns", evidence.load(case="four-towns-2017-04"), "2017-04-15", "e010")]
    if synthetic is not None:
        loaded = evidence.load(synthetic)
        cases.append(("synthetic", loaded, None, str(loaded.events["id"].iloc[-1])))
    for name, loaded, day, event in cases:
        for highlight in (False, True):
            found[f"{name}-whole-{highlight}"] = draw(loaded, {}, highlight)
            found[f"{name}-whole-{event}-{highlight}"] = draw(loaded, {"event": event}, highlight)
            if day is not None:
                found[f"{name}-{day}-{event}-{highlight}"] = draw(loaded, {"start": day, "end": day, "event": event},
                                                                  highlight)
    loaded = cases[0][1]
    candidates = pd.DataFrame({"place_id": [loaded.events["place_id"].iloc[0]] * 2, "type": ["departure", "nothing"],
                               "evidence": ["a {{ 7*7 }} <b>bus</b> `left`", "$x"],
                               "start": [pd.Timestamp("2016-12-15T10:00Z"), None]})
    lookups = [Geocoded("Ramouseh", 36.16, 37.13, "Ramouseh, Aleppo <x>", osm="node/1"),
               Geocoded("Rashidin", 36.18, 37.07, "Rashidin", verified=True)]
    found["aleppo-candidates-lookups"] = draw(loaded, {"start": "2016-12-15", "end": "2016-12-16"}, False,
                                              candidates=candidates, lookups=lookups)
    return found


def measure(part: str = "view") -> tuple[list[str], dict[str, object]]:
    """The walk of the dashboard's view (or its ``part``, see the module), after one untraced run, and its figures."""
    run, prepare = runs(part)
    run(prepare())
    visits = walk(run, prepare)
    return visits, figures(visits)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--part", choices=PARTS, default="view", help="the whole view (default) or the map alone")
    parser.add_argument("--sequence", action="store_true", help="print the walk itself, one module a line")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--html", type=Path, metavar="DIR",
                        help="write the HTML of fixed views (folium's ids normalised) into DIR, to compare two trees")
    parser.add_argument("--synthetic", type=Path, metavar="CASE", help="with --html: a synthetic case folder too")
    args = parser.parse_args(argv)
    if args.html is not None:
        args.html.mkdir(parents=True, exist_ok=True)
        for name, html in fixed_views(args.synthetic).items():
            (args.html / f"{name}.html").write_text(html, encoding="utf-8")
        return 0
    visits, found = measure(args.part)
    if args.sequence:
        print("\n".join(visits))
    if args.json:
        print(json.dumps(found))
        return 0
    print(f"modules {found['modules']}, steps {found['steps']}, returns {found['returns']}")
    for module, count in found["entries"].items():
        print(f"{count:4d}  {module}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
