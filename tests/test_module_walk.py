"""The view's walk down the layers (benchmarks/module_walk.py), counted, not timed: the selection and the map's build
each enter their modules once, and the dashboard's view climbs back up no more often than issue 19 left it.

Measured (``python -m benchmarks.module_walk --part view|map``): before issue 19 (commit 66b850a) the view took
114 steps with 89 returns and the map alone 88 steps with 67 returns; after the map's build went straight down,
86 steps with 61 returns (88 with 62 once the playback sends its stop through geo.map.channel), and 52 steps
with 31 returns. After the shared helpers were asked once per layer: 48 steps with 23 returns, and the map alone
32 steps with 12 returns. After the selection was worked out in one eager pass (one Evidence.records call; its
fields read by the map, the places too) and the map's styles rendered as child elements of their own: 33 steps
with 8 returns, and the map alone 15 steps with 2 returns. Those left: the shared helpers each layer that writes
text asks (geo.map.escape: the look, the layers' texts, the inset, the playback; geo.times: the title, the events'
validation, their local times, the steps' clock labels) and the domain records' own words (Event.when,
Claim.amount) read again by the popups' texts. The offline geography (issue 29: land, coast and borders drawn
without tiles, geo.map.geography) reads the map's assets and hands back to the build, which then adds the map's
scripts: one more return for the map (3) and two for the view (10), and the build entered twice. The corridors drawn
by people moved (issue 28, geo.map.flows) read the ledger of people moved (geo.ledger) in one call before the look:
its pass over the claims of people moved goes between geo.ledger.entries, geo.claims (each claim's bounds) and
geo.times (each claim's local day), and the flows' texts go through geo.map.escape once more: 12 returns for the map
and 20 for the view, the map's own modules still each entered once. Once the people moved were worked out in the
selection's pass (Selection.moved, from the claims it converts: the evidence looked up once again) the map reads them
and the ledger's pass goes down once, from the selection: geo.ledger.book, geo.times (the window's local days),
geo.ledger.entries, geo.times and geo.claims (each claim's day and bounds, in one loop), 3 returns; the map's flows
still send their texts through geo.map.escape and their days' clock through geo.map.steps before the look: 4 returns
for the map (3 + escape) and 15 for the view (10 + the ledger's 3 + escape + steps, which the playback then enters
again). The layer of who held what (geo.map.holders) reads the places' holders the selection's pass worked out (in
the evidence's one look-up, beside the events' own) and writes its tooltips and legend through geo.map.escape once
more: 5 returns for the map and 16 for the view."""

from __future__ import annotations

import pytest

from benchmarks import module_walk
from geo.map.escape import safe
from geo.map.style import colours_in_order

VIEW_RETURNS = 16  # floors reached (see the module's docstring): 15 and 4 before the layer of who held what; 20 and 12
MAP_RETURNS = 5  # while the flows read the ledger from the evidence; 10 and 3 before the flows; 8 and 2 before the
# offline geography; 23 and 12 before the selection's one eager pass
SELECTION_MODULES = ("geo.run.selection", "geo.run.view", "geo.data.evidence", "geo.data.cells", "geo.corridors",
                     "geo.holdings", "geo.sources", "geo.places.gazetteer")
"""The selection's pass and the evidence's one look-up: each entered once in the whole view."""
MAP_MODULES = ("geo.map.build", "geo.map.style", "geo.map.layers", "geo.map.popups",
               "geo.map.event_layer", "geo.map.glyphs", "geo.map.opening", "geo.map.inset", "geo.map.fit")
"""The map's build and its layer modules: each entered once, with everything it needs."""


def test_should_count_modules_steps_returns_and_entries_of_a_walk():
    found = module_walk.figures(["geo.a", "geo.b", "geo.a", "geo.c", "geo.b"])
    assert found == {"modules": 3, "steps": 4, "returns": 2, "entries": {"geo.a": 2, "geo.b": 2, "geo.c": 1}}


def test_should_count_a_loop_going_round_once_and_a_second_call_site_again():
    def run(_prepared):
        for text in ("a", "b", "c"):
            safe(text)
        colours_in_order(["x"])
        safe("d")

    assert module_walk.walk(run) == ["geo.map.escape", "geo.map.style", "geo.map.escape"]


@pytest.fixture(scope="module")
def map_walk():
    return module_walk.measure("map")[1]


def test_should_enter_each_module_of_the_maps_build_once(map_walk):
    # the build itself twice: once to begin, once back from the offline geography to add the scripts
    assert {m: map_walk["entries"].get(m) for m in MAP_MODULES} == {**dict.fromkeys(MAP_MODULES, 1), "geo.map.build": 2}


def test_should_keep_the_maps_returns_at_or_below_what_issue_19_reached(map_walk):
    assert map_walk["returns"] <= MAP_RETURNS, map_walk


def test_should_keep_the_views_returns_at_or_below_what_issue_19_reached():
    found = module_walk.measure("view")[1]
    assert found["returns"] <= VIEW_RETURNS, found
    # the gazetteer once, or twice where the offline geography's box of the places is not known yet in this process
    # (the selection's pass, then the geography clipping its land to that box)
    entries = {m: found["entries"].get(m) for m in SELECTION_MODULES}
    assert entries.pop("geo.places.gazetteer") in (1, 2)
    assert entries == dict.fromkeys(set(SELECTION_MODULES) - {"geo.places.gazetteer"}, 1)


def test_should_number_folium_ids_in_order_of_first_appearance():
    first, second = "a" * 32, "0123456789abcdef" * 2
    html = f"map_{first} marker_{second} map_{first}.addTo(map_{first})"
    expected = f"map_{0:032d} marker_{1:032d} map_{0:032d}.addTo(map_{0:032d})"
    assert module_walk.normalised(html) == expected
