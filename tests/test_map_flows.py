"""The corridors drawn by people moved (geo/map/flows.py): what each claimant said set out along each corridor in
the window, day by day, the scale of the widths, the legend, and what the page carries.

Every expected figure is counted by hand from the shipped cases' claims.csv and movements.csv rows (their ids are
named beside each figure) and the local days of the events they were told with (events.csv); never with geo.ledger.
The widths themselves are worked out in the browser (geo/map/js/flows.js; its node tests hold the same figures).
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, date, datetime, timedelta

import pytest

from geo.data import evidence
from geo.export import hxl
from geo.map import flows
from geo.map.build import map_of
from geo.run.selection import Selection
from geo.run.view import View, from_params
from tests.conftest import DATA

DECEMBER, APRIL, KARABAKH = "aleppo-2016-12", "four-towns-2017-04", "karabakh-2023-09"
ALEPPO = timedelta(hours=2)  # Aleppo's offset from UTC in December 2016; UTC+3 in April 2017 (data/README.md)
DAMASCUS_APRIL = timedelta(hours=3)


@pytest.fixture(scope="module")
def december():
    return evidence.load(DATA, case=DECEMBER)


@pytest.fixture(scope="module")
def april():
    return evidence.load(DATA, case=APRIL)


def _last(moved: flows.CorridorMoved) -> dict[str, tuple[float, float]]:
    return {claimant: told[-1][1:] for claimant, told in moved.series.items()}


def test_should_give_each_claimants_people_out_of_east_aleppo_over_the_whole_window(december):
    moved = flows.moved_along(Selection.of(december, View()))
    # one figure each along aleppo_corridor: c045 ICRC about 25,000 (e052, 21 Dec); c049 UN at least 34,000 (e056,
    # 22 Dec); c033 SANA at least 8,000 and c034 unnamed 6,000 (e044, 16 Dec); c014 5,000 and c015 more than 5,000
    # (e018), c024 more than 4,000 (e023), c025 nearly 1,000 (e025), all 15 Dec; c039 the Observatory and Turkey's
    # foreign minister about 4,500 (e047, 19 Dec); c047 state television nearly 150 (e053, 22 Dec)
    assert _last(moved["aleppo_corridor"]) == {
        "ICRC": (25000, 25000), "United Nations": (34000, 34000), "SANA": (8000, 8000),
        "unnamed ('said to')": (6000, 6000), "Russia (body not named)": (5000, 5000),
        "Russian General Staff": (5000, 5000), "Russian Foreign Ministry": (4000, 4000),
        "Reuters reporter on the scene": (1000, 1000),
        "Syrian Observatory for Human Rights|Turkish Foreign Minister Mevlut Cavusoglu": (4500, 4500),
        "Syrian state television": (150, 150)}
    assert moved["aleppo_corridor"].series["ICRC"] == ((date(2016, 12, 21), 25000, 25000),)
    # Foua and Kefraya: Storyful's nearly 600 on Monday 19 Dec (c042, e048) and more than 400 on Tuesday (c044, e049),
    # each one day's, so 1,000 by the 20th; the UN's 750 so far (c046, on e048 of 19 Dec, counted to Wednesday 21 Dec)
    assert moved["foua_kefraya_route"].series == {
        "local reports (Storyful)": ((date(2016, 12, 19), 600, 600), (date(2016, 12, 20), 1000, 1000)),
        "United Nations": ((date(2016, 12, 21), 750, 750),)}
    assert "idlib_route" not in moved  # no figure told of the onward route
    assert flows.largest(moved) == 34000  # c049


def test_should_count_only_the_windows_days_and_never_add_claimants(december):
    window = (datetime(2016, 12, 16, tzinfo=UTC) - ALEPPO, datetime(2016, 12, 20, tzinfo=UTC) - ALEPPO)  # 16-19 Dec
    moved = flows.moved_along(Selection.of(december, View(start=window[0], end=window[1])))
    # 16 Dec: SANA 8,000 (c033), unnamed 6,000 (c034); 19 Dec: the Observatory and Turkey 4,500 (c039); each a first
    # total of its claimant, so counted whole; the 15 Dec figures lie before the window
    assert _last(moved["aleppo_corridor"]) == {
        "SANA": (8000, 8000), "unnamed ('said to')": (6000, 6000),
        "Syrian Observatory for Human Rights|Turkish Foreign Minister Mevlut Cavusoglu": (4500, 4500)}
    assert flows.largest(moved) == 8000  # not 18,500, their sum


def test_should_narrow_a_corridors_band_to_the_claims_the_type_filter_keeps(december):
    selection = Selection.of(december, View(types=("departure",)))
    moved = flows.moved_along(selection)
    # the departures along aleppo_corridor: c025 nearly 1,000 (e025, 15 Dec), c039 about 4,500 (e047, 19 Dec), c045
    # about 25,000 (e052, 21 Dec), c047 nearly 150 (e053, 22 Dec); the statements (c014, c015, c024, c049) and the
    # halt (c033, c034) are filtered out, so the UN's 34,000 (c049) no longer sets the band's high end
    assert _last(moved["aleppo_corridor"]) == {
        "Reuters reporter on the scene": (1000, 1000),
        "Syrian Observatory for Human Rights|Turkish Foreign Minister Mevlut Cavusoglu": (4500, 4500),
        "ICRC": (25000, 25000), "Syrian state television": (150, 150)}
    assert flows.largest(moved) == 25000
    data = flows.flow_data(selection, moved, {c.id: "#123456" for c in december.corridors})
    assert data["scale"]["largest"] == 25000


def test_should_empty_a_corridors_band_when_the_filters_hide_every_event_of_its_claims(december):
    # the halt of 16 Dec (e044) holds SANA's at least 8,000 (c033) and the unnamed 6,000 (c034); Foua and Kefraya's
    # figures (c042, c044, c046) are all told with departures (e048, e049), so its band empties
    moved = flows.moved_along(Selection.of(december, View(types=("halt",))))
    assert _last(moved["aleppo_corridor"]) == {"SANA": (8000, 8000), "unnamed ('said to')": (6000, 6000)}
    assert "foua_kefraya_route" not in moved
    # by source: the BBC's report of 22 Dec is a source of e055 and e056 only; of their claims, c049 (the UN's 34,000)
    # is told along aleppo_corridor, c050 along no corridor
    by_bbc = flows.moved_along(Selection.of(december, View(sources=("bbc_20161222",))))
    assert {c: _last(m) for c, m in by_bbc.items()} == {"aleppo_corridor": {"United Nations": (34000, 34000)}}


def test_should_draw_the_map_the_tab_and_the_export_from_the_figures_worked_out_with_the_selection(december):
    selection = Selection.of(december, View(types=("halt",)))
    assert sorted(selection.moved.book["claim_id"]) == ["c033", "c034"]  # the tab's ledger: the halt's two claims
    html = map_of(selection).get_root().render()
    assert "8,000 people" in html and "34,000 people" not in html  # the widths' scale: SANA's at least 8,000 (c033)
    _, tags, *rows = csv.reader(io.StringIO(hxl.ledger_hxl(december, selection.moved.book).decode("utf-8")))
    assert sorted(row[tags.index("#meta+id")] for row in rows) == ["c033", "c034"]  # the HXL export of the ledger


def test_should_give_each_claimants_people_out_of_the_four_towns(april):
    moved = flows.moved_along(Selection.of(april, View()))
    # Foua and Kefraya: 5,000 on 14 Apr by SANA's reporter (c011), the Observatory (c012, a total) and Reuters (c014);
    # 3,000 on 19 Apr by the Observatory (c059, a convoy after its total: 8,000 in all), Hezbollah's media unit (c061)
    # and MaltaToday's agency copy (c063)
    assert moved["foua_kefraya_to_jibrin"].series == {
        "SANA reporter": ((date(2017, 4, 14), 5000, 5000),),
        "Syrian Observatory for Human Rights": ((date(2017, 4, 14), 5000, 5000), (date(2017, 4, 19), 8000, 8000)),
        "Reuters (own reporting)": ((date(2017, 4, 14), 5000, 5000),),
        "Hezbollah military media unit": ((date(2017, 4, 19), 3000, 3000),),
        "MaltaToday (agency copy)": ((date(2017, 4, 19), 3000, 3000),)}
    # Madaya and Zabadani, 14 Apr: the Observatory 2,200 (c015), Reuters 2,000 (c017), SANA 2,350 (c019); the arrivals
    # at al-Ramousah (c028) and Rashidin (c057) are not what set out
    assert _last(moved["madaya_zabadani_to_idlib"]) == {
        "Syrian Observatory for Human Rights": (2200, 2200), "Reuters (own reporting)": (2000, 2000),
        "SANA reporter": (2350, 2350)}
    assert _last(moved["zabadani_to_idlib_april"]) == {"Syrian Observatory for Human Rights": (300, 300)}  # c064
    assert flows.largest(moved) == 8000


def test_should_give_the_people_said_to_have_arrived_by_a_corridor_a_figure_of_their_own():
    karabakh = evidence.load(DATA, case=KARABAKH)
    selection = Selection.of(karabakh, View())
    lachin = flows.moved_along(selection)["lachin_corridor"]
    # set out along lachin_corridor: the ICRC more than 100 (c026, e023, 29 Sep), the spokesperson about 2,000 (c031,
    # e030, 28 Sep), OCHA more than 100,000 so far (c036, e034, 1 Oct)
    spokesperson = "Armenian government (Prime Minister's spokesperson Nazeli Baghdasaryan)"
    assert _last(lachin) == {"ICRC, as NEWS.am reported": (100, 100), spokesperson: (2000, 2000),
                             "OCHA": (100000, 100000)}
    # arrived at the Hakari bridge by it (e035, its last day 1 Oct; each total on its report's day where earlier):
    # the government's latest total 100,520 (c051; after 2,906 c037 and 42,500 c039), its spokesperson's 100,417 (c048,
    # 30 Sep; after 70,500 c040 and the 29 Sep totals c042-c044, the highest 88,780), UNHCR's 115,183 (c052), its High
    # Commissioner's 100,000 (c047), NEWS.am's 100,625 (c050), Reuters' 84,700 (c046), Turan's 70,500 (c041), AP's
    # 16,000 (c038), and Syunik's officials' first 30 (c009, one group, 24 Sep)
    assert _last(flows.CorridorMoved("lachin_corridor", lachin.arrived)) == {
        "Armenian government": (100520, 100520), spokesperson: (100417, 100417), "UNHCR": (115183, 115183),
        "UNHCR (High Commissioner Filippo Grandi)": (100000, 100000), "NEWS.am (source not named)": (100625, 100625),
        "Reuters (source not named)": (84700, 84700), "Turan (source not named)": (70500, 70500),
        "Associated Press (source not named)": (16000, 16000), "Syunik local officials": (30, 30)}
    assert lachin.arrived["Syunik local officials"] == ((date(2023, 9, 24), 30, 30),)
    assert flows.largest({"lachin_corridor": lachin}) == 100000  # the widths: OCHA's, not UNHCR's 115,183 arrived
    data = flows.flow_data(selection, flows.moved_along(selection), {c.id: "#123456" for c in karabakh.corridors})
    along = next(c for c in data["corridors"] if c["id"] == "lachin_corridor")
    yerevan = timedelta(hours=4)
    assert along["arrived"]["Syunik local officials"] == [[int((datetime(2023, 9, 24, tzinfo=UTC) - yerevan).timestamp()),
                                                           30, 30]]
    assert "Syunik local officials" in data["claimants"]  # the menu can choose a claimant of arrivals alone


def test_should_hand_the_browser_each_figure_from_its_local_days_start(april):
    selection = Selection.of(april, View())
    data = flows.flow_data(selection, flows.moved_along(selection), {c.id: "#123456" for c in april.corridors})
    along = {c["id"]: c for c in data["corridors"]}
    first = int((datetime(2017, 4, 14, tzinfo=UTC) - DAMASCUS_APRIL).timestamp())
    last = int((datetime(2017, 4, 19, tzinfo=UTC) - DAMASCUS_APRIL).timestamp())
    assert along["foua_kefraya_to_jibrin"]["series"]["Syrian Observatory for Human Rights"] == [
        [first, 5000, 5000], [last, 8000, 8000]]
    assert data["scale"] == {"largest": 8000, "min": flows.MIN_WIDTH, "max": flows.MAX_WIDTH}
    assert data["claimants"][0] == "Hezbollah military media unit"  # alphabetical, after "all"


def test_should_escape_every_claimants_name_on_its_way_to_the_page(december):
    selection = Selection.of(december, View())
    data = flows.flow_data(selection, flows.moved_along(selection), {c.id: "#123456" for c in december.corridors})
    assert "unnamed (&#x27;said to&#x27;)" in data["claimants"]
    assert "unnamed ('said to')" not in data["claimants"]


def test_should_keep_a_corridor_with_no_figure_on_the_map_and_say_so_in_the_legend(december):
    html = map_of(Selection.of(december, View())).get_root().render()
    assert flows.LAYER_NAME in html
    assert '"id": "idlib_route"' in html and '"series": {}' in html  # drawn thin, its label says no figure
    assert "thin: no figure told" in html
    assert "34,000 people" in html and "17,000 people" in html  # the scale: full width and half of it


def test_should_draw_no_flows_where_no_corridor_is_in_use(december):
    loaded = december
    view = from_params({"start": "2016-12-01", "end": "2016-12-02"}, loaded)[0]
    selection = Selection.of(loaded, view)
    assert not selection.corridors
    html = map_of(selection).get_root().render()
    assert "evacmapFlows.draw" not in html and "corridor width" not in html
