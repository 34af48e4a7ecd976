"""Each look-up of a view once: counting wrappers (tests/conftest.py's ``counted``) around an export here, and around
one dashboard run in tests/page/test_page.py.

Measured before the run worked out one :class:`geo.run.selection.Selection`: the dashboard run called ``View.apply`` 4
times, ``View.window`` 17, ``window.bounds`` 5, ``View.corridors`` 3, ``Evidence.events_of`` 3, ``claims_of`` 6,
``held`` 8, ``cite`` 44 and ``outlets`` 90; the GeoJSON export ``View.window`` twice. After: each of
:data:`tests.conftest.ONCE` at most once (``cite`` 7 and ``outlets`` 9 in the run: once per source list and per
citation shown, never per event and consumer)."""

from __future__ import annotations

from geo import export
from geo.run.view import from_params
from tests.conftest import ONCE


def test_should_look_each_thing_up_once_in_an_export(shipped, counted):
    view, _ = from_params({"start": "2016-12-15", "end": "2016-12-15", "event": "e014"}, shipped)
    counted.clear()
    export.render(shipped, view, "geojson")
    assert {name: counted[name] for name in ONCE if counted[name] > 1} == {}, dict(counted)
