"""Who people are and where an event belongs (geo/ingest/roles.py, scene.py, placing.py), each on a sentence
written here: provinces named by a city,
what a sentence only describes, who people are, and where a wait or a running total belongs."""

from datetime import date

import pytest

from geo.data import evidence
from geo.ingest.report import ingest_text
from tests.conftest import DATA, ZONE
from tests.test_ingest_rules import FRIDAY, SATURDAY


def places(text, gazetteer, published=SATURDAY):
    return {(e.place_id, e.type) for e in ingest_text(text, published, None, gazetteer, zone=ZONE).events}


@pytest.mark.parametrize("text", [
    "On Friday two coaches left Kefraya in the Idleb countryside.",
    "On Friday two coaches left Kefraya, a village in the northern province of Idlib.",
])
def test_should_read_a_city_named_as_its_province_as_the_governorate_holding_the_town(towns, text):
    assert places(text, towns) == {("kefraya", "departure")}


def test_should_place_an_event_in_a_province_named_by_its_city_at_the_governorate(towns):
    assert places("On Friday rebels shelled the countryside of Idlib.", towns) == {
        ("idlib_governorate", "attack")}


def test_should_read_the_khan_al_asal_area_of_a_december_report_as_rashidin():
    december = evidence.load(DATA, case="aleppo-2016-12")
    text = "On Thursday the first wounded reached the opposition-held Khan al-Assal area west of the city."
    found = ingest_text(text, date(2016, 12, 15), None, december.gazetteer, zone=ZONE,
                        place_references=december.place_references).events
    assert {(e.place_id, e.type) for e in found} == {("rashidin", "arrival")}


def test_should_read_the_other_side_of_an_exchange_as_only_meant(towns):
    text = "On Friday rebels were to quit Madaya in exchange for families leaving Foua and Kefraya."
    assert places(text, towns) == set()


def test_should_read_a_sentence_told_again_word_for_word_once_where_it_is_told_last(towns):
    text = ("A caption dated 13 April 2017: buses wait by a road. Some 300 people drove out of Madaya at dawn.\n\n"
            "On Friday the deal went ahead. Some 300 people drove out of Madaya at dawn.")
    found = ingest_text(text, SATURDAY, None, towns, zone=ZONE).events
    assert [(e.place_id, e.type, e.date) for e in found] == [("madaya", "departure", FRIDAY)]


def test_should_read_people_leaving_after_filled_with_as_who_they_were(towns):
    found = places("On Friday gunmen shot at a bus that was filled with families leaving Madaya.", towns)
    assert ("madaya", "departure") not in found


def test_should_read_an_evacuation_corridor_as_a_way_not_a_departure(towns):
    assert places("On Saturday gunmen shelled the evacuation corridor in Ramousah.", towns) == {("ramousah", "attack")}


def test_should_read_where_victims_were_from_as_who_they_were(towns):
    text = "On Saturday the victims were from Foua and were being driven to Aleppo when the blast went off."
    assert not {("foua", "departure"), ("kefraya", "departure")} & places(text, towns)


def test_should_read_a_deal_told_as_what_it_is_as_no_event(towns):
    text = "On Saturday the swap deal was an agreement to move people out of Madaya as well as moving families from Foua."
    assert places(text, towns) == set()


def test_should_read_a_deal_brokered_in_a_relative_clause_as_only_referred_to(towns):
    text = "Shelling hit Madaya on Friday. The deal, which was brokered by three states, held on Saturday."
    assert ("madaya", "ceasefire") not in places(text, towns)


@pytest.mark.parametrize("text", [
    "On Friday people from Madaya reached Ramousah.",
    "On Friday the residents of Madaya were waiting in Ramousah.",
    "On Friday evacuees from Madaya were blocked in Ramousah.",
])
def test_should_read_people_of_a_town_arriving_or_waiting_elsewhere_as_having_left_it_that_day_or_before(towns, text):
    found = ingest_text(text, SATURDAY, None, towns, zone=ZONE).events
    assert [(e.date, e.last) for e in found if (e.place_id, e.type) == ("madaya", "departure")] == [
        (date(2017, 4, 13), FRIDAY)]


def test_should_not_read_a_town_that_only_names_one_person_as_a_departure(towns):
    text = "On Friday a Madaya resident said the families were blocked in Ramousah."
    assert ("madaya", "departure") not in places(text, towns)


def test_should_read_people_told_as_waiting_at_a_place_as_held_up_there(towns):
    assert ("rashidin", "halt") in places("On Saturday the families were waiting in Rashidin.", towns)


def test_should_keep_people_still_waiting_in_the_cold_a_gathering(towns):
    assert places("On Saturday some families were still waiting in the cold in Rashidin.", towns) == {
        ("rashidin", "gathering")}


def test_should_join_a_running_total_of_a_place_to_its_departure_that_day(towns):
    text = ("On Friday 3,000 people left Madaya. "
            "On Friday 9,000 people had been evacuated from Madaya so far, the governor said.")
    found = ingest_text(text, SATURDAY, None, towns, zone=ZONE).events
    assert [(e.place_id, e.type) for e in found] == [("madaya", "departure")]
    assert "9,000" in found[0].evidence and {c.value for c in found[0].claims} >= {3000, 9000}


def test_should_read_evacuees_picked_up_in_a_place_as_a_departure(towns):
    assert places("On Friday ten buses picked up the first evacuees in Madaya.", towns) == {("madaya", "departure")}


def test_should_read_a_place_after_a_citys_possessive_and_a_word_as_a_part_of_the_city(towns):
    text = "On Saturday a car bomb exploded in Aleppo's western Rashidin district."
    assert places(text, towns) == {("rashidin", "attack")}


def test_should_read_people_leaving_a_city_as_leaving_the_part_its_events_were_told_in_by_who_held_it():
    december = evidence.load(DATA, case="aleppo-2016-12")
    text = ("On Friday the evacuation of the rebel-held districts of Aleppo was halted. "
            "On Friday 40 wounded left Aleppo for Turkey.")
    found = ingest_text(text, date(2016, 12, 16), None, december.gazetteer, zone=ZONE,
                        sides={"east_aleppo": ("opposition",), "west_aleppo": ("government",)}).events
    assert {(e.place_id, e.type) for e in found} == {("east_aleppo", "halt"), ("east_aleppo", "departure")}


def test_should_read_the_buses_of_a_town_held_elsewhere_as_having_left_it(towns):
    found = places("On Friday the buses of Foua were stopped in Rashidin.", towns, published=FRIDAY)
    assert found == {("rashidin", "halt"), ("foua", "departure")}


def test_should_read_a_place_locating_the_villages_people_came_from_as_a_locator(towns):
    text = "On Wednesday 3,000 civilians from the besieged villages in Idlib were finally evacuated."
    assert places(text, towns) == set()


def test_should_read_people_from_a_town_who_left_as_leaving_it_when_a_speech_word_is_nearer(towns):
    text = "A woman riding one of the evacuation buses from Madaya said the convoy moved at dawn on Friday."
    assert ("madaya", "departure") in places(text, towns, published=FRIDAY)


def test_should_read_an_operation_begun_in_a_town_as_a_departure(towns):
    assert places("On Friday the same operation began in Zabadani.", towns, published=FRIDAY) == {
        ("zabadani", "departure")}


def test_should_read_the_other_side_of_a_swap_told_with_simultaneously_as_the_scene(towns):
    text = "On Friday the families are to quit Foua simultaneously with the rebel evacuation from Madaya."
    assert places(text, towns, published=FRIDAY) == set()
