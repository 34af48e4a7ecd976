"""A city named where the reader means the enclave in it (geo/ingest/placing.py), each on a
sentence written here: in a case where a region of the city changed hands (East Aleppo, from the rebels to the
government), people leave, and are halted leaving, that region, and the side that takes the city takes it; people
arriving in the city are in the city itself."""

from datetime import date

import pytest

from geo.data import evidence
from geo.holdings import sides_ever
from geo.ingest import placing
from geo.ingest.cleaning import clean
from geo.ingest.report import ingest_text
from geo.places.gazetteer import Gazetteer, Place
from tests.conftest import DATA, ZONE

FRIDAY_DEC = date(2016, 12, 16)  # publication: "Thursday" is 15 December


@pytest.fixture(scope="module")
def december():
    return evidence.load(DATA, case="aleppo-2016-12")


def december_events(text, december, sides=None):
    sides = sides_ever(december.holdings) if sides is None else sides
    found = ingest_text(text, FRIDAY_DEC, None, december.gazetteer, zone=ZONE, sides=sides,
                        place_references=december.place_references).events
    return {(e.place_id, e.type, e.date) for e in found}


def _place(place_id, kind, parent=None):
    return Place(id=place_id, name=place_id.title(), name_local="", kind=kind, role="event", lat=1.0, lon=1.0,
                 precision_m=1000, point="", coord_source="written here", coord_source_url="",
                 retrieved=date(2026, 1, 1), parent=parent)


def test_should_take_the_one_region_that_changed_hands_as_the_city_enclave():
    made_up = Gazetteer([_place("rivertown", "city"), _place("north_bank", "region", "rivertown"),
                         _place("south_bank", "region", "rivertown"), _place("hilltown", "city")])
    sides = {"north_bank": ("rebels", "army"), "south_bank": ("army",), "hilltown": ("rebels", "army")}
    assert placing.enclaves(made_up, sides) == {"rivertown": "north_bank"}


def test_should_give_no_enclave_to_a_city_two_of_whose_regions_changed_hands():
    made_up = Gazetteer([_place("rivertown", "city"), _place("north_bank", "region", "rivertown"),
                         _place("south_bank", "region", "rivertown")])
    sides = {"north_bank": ("rebels", "army"), "south_bank": ("army", "rebels")}
    assert placing.enclaves(made_up, sides) == {}


def test_should_find_east_aleppo_as_the_december_enclave_and_none_in_april(december, towns):
    april = evidence.load(DATA, case="four-towns-2017-04")
    assert placing.enclaves(december.gazetteer, sides_ever(december.holdings)) == {"aleppo": "east_aleppo"}
    assert placing.enclaves(towns, sides_ever(april.holdings)) == {}


@pytest.mark.parametrize(("text", "kind", "day"), [
    ("Two more columns of coaches left Aleppo on Friday.", "departure", FRIDAY_DEC),
    ("The evacuation of the wounded from Aleppo was suspended on Friday.", "halt", FRIDAY_DEC),
    ("On Thursday the army said it had retaken all of Aleppo.", "advance", date(2016, 12, 15)),
    ("On Thursday snipers fired on a convoy of ambulances in Aleppo.", "attack", date(2016, 12, 15)),
])
def test_should_place_leaving_and_taking_a_city_with_an_enclave_in_the_enclave(december, text, kind, day):
    assert december_events(text, december) == {("east_aleppo", kind, day)}


def test_should_place_an_attack_on_the_part_a_side_held_by_its_holder_before_the_enclave(december):
    text = "On Thursday rebels shelled government-held Aleppo."
    assert december_events(text, december) == {("west_aleppo", "attack", date(2016, 12, 15))}


def test_should_keep_the_city_when_the_case_tells_no_region_that_changed_hands(december):
    text = "Two more columns of coaches left Aleppo on Friday."
    assert december_events(text, december, sides={}) == {("aleppo", "departure", FRIDAY_DEC)}


def test_should_keep_people_arriving_in_the_city_in_the_city(december):
    text = "On Friday the first coaches from the two Shia villages arrived in Aleppo."
    assert ("aleppo", "arrival", FRIDAY_DEC) in december_events(text, december)
    assert not {place for place, _, _ in december_events(text, december)} & {"east_aleppo"}


def test_should_move_a_running_total_with_the_departure_it_counts(december):
    text = "Two more columns of coaches left Aleppo on Friday. By Friday some 6,000 had been evacuated from Aleppo."
    assert {place for place, _, _ in december_events(text, december)} == {"east_aleppo"}


def test_should_keep_a_departure_from_the_city_in_a_case_whose_city_is_not_divided(towns):
    april = evidence.load(DATA, case="four-towns-2017-04")
    found = ingest_text("Two more columns of coaches left Aleppo on Friday.", date(2017, 4, 15), None, towns,
                        zone=ZONE, sides=sides_ever(april.holdings)).events
    assert {(e.place_id, e.type) for e in found} == {("aleppo", "departure")}


def test_should_read_a_capital_place_and_a_written_day_before_a_dash_as_a_dateline():
    text = "ALEPPO, December 16 - The coaches left."
    (paragraph,) = clean(text).paragraphs
    assert text[paragraph.body:] == "The coaches left."


def test_should_keep_an_event_only_a_dateline_places_at_the_city(december):
    text = "Aleppo evacuation note\n\nALEPPO, December 16 - The last coaches drove away on Friday."
    assert december_events(text, december) == {("aleppo", "departure", FRIDAY_DEC)}



@pytest.mark.parametrize(("text", "left"), [
    ("On Friday evacuees from a rebel-held area of Aleppo arrived in Idlib.", {"east_aleppo"}),  # the side's part
    ("On Friday evacuees from government-held Aleppo arrived in Idlib.", {"west_aleppo"}),
    ("On Friday evacuees from Aleppo arrived in Idlib.", set()),  # a city is no town people are "from"
])
def test_should_read_evacuees_from_the_part_a_side_held_who_arrived_elsewhere_as_having_left_it(
        december, text, left):
    thursday = date(2016, 12, 15)
    found = ingest_text(text, FRIDAY_DEC, None, december.gazetteer, zone=ZONE, sides=sides_ever(december.holdings)).events
    assert {(e.place_id, e.type, e.date, e.last) for e in found} == {
        ("idlib", "arrival", FRIDAY_DEC, FRIDAY_DEC), *((region, "departure", thursday, FRIDAY_DEC) for region in left)}
