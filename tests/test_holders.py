"""The map's "Who held what" layer (geo.map.holders): off by default, one tint per place holdings.csv gives a holder
in the window, in its party's colour from parties.csv, a tooltip saying each change, and a legend of the parties."""

from __future__ import annotations

import json
import re

import folium
import pytest

from geo.data import evidence
from geo.map import build, holders
from geo.map.style import MARKER_HEX
from geo.run.selection import Selection
from geo.run.view import View, from_params
from tests import csv_rows
from tests.conftest import SHIPPED
from tests.test_holdings import _local

APRIL = SHIPPED.parent / "four-towns-2017-04"
KARABAKH = SHIPPED.parent / "karabakh-2023-09"
RED, GREEN = "#d63e2a", "#72b026"  # Leaflet.awesome-markers' "red" and "green": government, opposition in parties.csv


def _selection(folder, **params) -> Selection:
    loaded = evidence.load(folder)
    view = from_params(params, loaded)[0]
    return Selection.of(view.known(loaded), view)


def _rows(selection: Selection) -> dict[str, list]:
    return {row[7]: row for row in holders.held_places(selection)}


@pytest.fixture(scope="module")
def december() -> Selection:
    return _selection(SHIPPED, start="2016-12-10", end="2016-12-20")


def test_should_tint_each_place_held_in_the_window_in_its_holders_colour_at_its_end(december):
    window = (_local(2016, 12, 10, 2), _local(2016, 12, 21, 2))
    expected = csv_rows.held_at_end(window)
    colours = {r["id"]: MARKER_HEX[r["colour"]] for r in csv_rows.rows("parties.csv")}
    rows = _rows(december)
    assert {place: row[5] for place, row in rows.items()} == expected
    assert {place: row[3] for place, row in rows.items()} == {place: colours[side] for place, side in expected.items()}
    assert rows["east_aleppo"][3] == GREEN and rows["west_aleppo"][3] == RED


def test_should_draw_each_place_at_its_point_with_its_precision_radius(december):
    places = {r["id"]: r for r in csv_rows.rows("gazetteer.csv")}
    for place_id, row in _rows(december).items():
        assert row[:3] == [float(places[place_id]["lat"]), float(places[place_id]["lon"]),
                           int(places[place_id]["precision_m"])]


def test_should_say_when_al_sukkari_changed_hands_in_its_tooltip(december):
    assert _rows(december)["sukkari"][4] == ("Who held al-Sukkari: opposition until the end of Wed 14 Dec 2016, "
                                             "then contested")
    assert _rows(december)["east_aleppo"][4] == "Who held East Aleppo: opposition"


def test_should_tint_east_aleppo_by_the_army_over_the_day_it_retook_the_city():
    rows = _rows(_selection(SHIPPED, start="2016-12-20", end="2016-12-23"))
    assert rows["east_aleppo"][3] == RED
    assert rows["east_aleppo"][4] == "Who held East Aleppo: opposition until the end of Thu 22 Dec 2016, then government"


def test_should_leave_the_army_out_of_what_was_known_on_21_december():
    # as known on 21 Dec, no report yet says the army retook the city (reuters_20161222 is of 22 Dec)
    rows = _rows(_selection(SHIPPED, start="2016-12-20", end="2016-12-23", as_of="2016-12-21"))
    assert rows["east_aleppo"][5] == "opposition"
    assert rows["east_aleppo"][6] is False  # no holder known at the window's end: a dashed edge
    assert rows["east_aleppo"][4] == ("Who held East Aleppo: opposition until the end of Thu 22 Dec 2016, "
                                      "then no holder known")


def test_should_hold_the_april_spans_to_the_end_of_the_whole_window():
    # holdings.csv's April spans end at 2017-04-21T21:00Z, the end of the last day the title names (12–21 Apr 2017)
    rows = _rows(_selection(APRIL))
    assert all(row[6] for row in rows.values())
    assert rows["zabadani"][4] == ("Who held Zabadani: opposition from Fri 14 Apr 2017 until the end of Wed 19 Apr 2017, "
                                   "then government")


def test_should_say_the_time_no_holder_is_known_between_two_holders():
    rows = _rows(_selection(KARABAKH))
    assert rows["stepanakert"][4] == ("Who held Stepanakert: Nagorno-Karabakh de facto authorities until Wed 20 Sep "
                                      "2023 13:00 UTC+4 (09:00 UTC), then no holder known, then Azerbaijan from "
                                      "Sat 23 Sep 2023")


def test_should_draw_wider_places_first_so_a_district_lies_over_its_city(december):
    radii = [row[2] for row in holders.held_places(december)]
    assert radii == sorted(radii, reverse=True)


def test_should_list_the_parties_tinting_the_window_in_the_order_of_parties_csv(december):
    key = holders.legend(holders.held_places(december), december.evidence.parties)
    listed = re.findall(r"data-party='([a-z_]+)'", key)
    used = set(csv_rows.held_at_end((_local(2016, 12, 10, 2), _local(2016, 12, 21, 2))).values())
    assert listed == [r["id"] for r in csv_rows.rows("parties.csv") if r["id"] in used]
    assert "dashed edge" not in key


def test_should_explain_a_dashed_edge_in_the_legend_only_where_one_is_drawn():
    selection = _selection(KARABAKH, start="2023-09-19", end="2023-09-21")
    assert "dashed edge" in holders.legend(holders.held_places(selection), selection.evidence.parties)


def _layer(m: folium.Map) -> folium.FeatureGroup | None:
    found = [c for c in m._children.values() if isinstance(c, folium.FeatureGroup) and c.layer_name == holders.LAYER_NAME]
    assert len(found) <= 1
    return found[0] if found else None


def test_should_add_the_layer_to_the_map_off_by_default(december):
    layer = _layer(build.map_of(december))
    assert layer is not None and layer.show is False and layer.control is True
    html = build.map_of(december).get_root().render()
    assert json.dumps(holders.LAYER_NAME) in html  # named in the layers control


def test_should_add_no_layer_where_no_place_has_a_holder_in_the_window():
    selection = _selection(APRIL, start="2017-04-12", end="2017-04-13")  # the April spans start on 14 Apr
    assert selection.holders == {}
    assert _layer(build.map_of(selection)) is None


def test_should_colour_a_side_without_a_party_grey():
    party = holders.party_of("army", {})
    assert (party.label, party.colour) == ("army", holders.UNKNOWN_COLOUR)


def test_should_take_the_window_as_its_title_writes_it():
    selection = Selection.of(evidence.load(APRIL), View())
    start, end = selection.written_window
    assert (start, end) == (_local(2017, 4, 12, 3), _local(2017, 4, 22, 3))
    assert "12–21 Apr 2017" in selection.title
