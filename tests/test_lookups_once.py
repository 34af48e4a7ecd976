"""Each look-up of a view once per run: counting wrappers around the view's and the evidence's look-ups, around one
dashboard run (the 15 December view, e014 selected, the Claims tab open) and one export.

Measured before the run worked out one :class:`geo.selection.Selection`: the dashboard run called ``View.apply`` 4
times, ``View.window`` 17, ``window.bounds`` 5, ``View.corridors`` 3, ``Evidence.events_of`` 3, ``claims_of`` 6,
``held`` 8, ``cite`` 44 and ``outlets`` 90; the GeoJSON export ``View.window`` twice. After: each of :data:`ONCE`
at most once (``cite`` 7 and ``outlets`` 9 in the run: once per source list and per citation shown, never per event
and consumer)."""

from __future__ import annotations

from collections import Counter

import pytest
from streamlit.testing.v1 import AppTest

from geo import export
from geo.app import window
from geo.app.text import markdown_literal
from geo.data.cases import DATA_ENV
from geo.data.evidence import Evidence
from geo.map import popups
from geo.selection import Selection
from geo.view import View, from_params
from panels import below_map
from tests.conftest import ROOT

LOOKUPS = {
    View: ("apply", "window", "claims", "corridors"),
    Evidence: ("events_of", "claims_of", "held", "cite", "outlets"),
}
ONCE = ("View.apply", "View.window", "window.bounds", "View.claims", "View.corridors", "Evidence.events_of",
        "Evidence.claims_of")
"""The look-ups a run makes at most once; ``held``, ``cite`` and ``outlets`` are counted to be seen (each once per place,
source list or citation the run shows, not once per event and again per consumer)."""


@pytest.fixture
def counted(monkeypatch) -> Counter:
    """Counts of every call to the look-ups of :data:`LOOKUPS` and to ``geo.app.window.bounds``."""
    counts: Counter = Counter()

    def counting(name, function):
        def wrapper(*args, **kwargs):
            counts[name] += 1
            return function(*args, **kwargs)
        return wrapper

    for owner, names in LOOKUPS.items():
        for name in names:
            monkeypatch.setattr(owner, name, counting(f"{owner.__name__}.{name}", getattr(owner, name)))
    monkeypatch.setattr(window, "bounds", counting("window.bounds", window.bounds))
    return counts


def test_should_look_each_thing_up_once_in_a_dashboard_run_and_show_the_popups_text_beside_the_map(
        shipped, monkeypatch, counted):
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.delenv("EVACMAP_OFFLINE", raising=False)
    app = AppTest.from_file(str(ROOT / "dashboard.py"), default_timeout=60)
    for name, value in {"start": "2016-12-15", "end": "2016-12-15", "event": "e014"}.items():
        app.query_params[name] = value
    app.session_state[below_map.PANEL] = "Claims"
    at = app.run()
    assert not at.exception
    assert {name: counted[name] for name in ONCE if counted[name] > 1} == {}, dict(counted)
    shown = Selection.of(shipped, from_params(dict(app.query_params), shipped)[0]).selected
    text = popups.event_text(shown, shipped.event_types[shown.event.type], shipped.case.timezone)
    drawn = [m.value for m in at.markdown] + [c.value for c in at.caption]
    for line in (text.when, text.summary, text.held, text.outlets, text.sources, text.origin):  # the popup's lines
        assert any(markdown_literal(line) in shown_text for shown_text in drawn), line


def test_should_look_each_thing_up_once_in_an_export(shipped, counted):
    view, _ = from_params({"start": "2016-12-15", "end": "2016-12-15", "event": "e014"}, shipped)
    counted.clear()
    export.render(shipped, view, "geojson")
    assert {name: counted[name] for name in ONCE if counted[name] > 1} == {}, dict(counted)
