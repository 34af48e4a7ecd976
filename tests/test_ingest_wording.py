"""Wordings of the next war (issue 30), each on a sentence written here: people taken, evacuated or accompanied to a
place arrived there; a list of towns closed by one the gazetteer lacks is still a list; a dateline's city where
people arrive is not where they left; "from March 5 to the present" runs up to the report's day; and the typing
round's rules (an attack's place, an attack on people leaving, an attack survived or fled, a total with no day)."""

from datetime import date

import pytest

from geo.data import evidence
from geo.holdings import sides_ever
from geo.ingest.report import ingest_text
from tests.conftest import DATA

DECEMBER = date(2016, 12, 17)  # a Saturday: "Friday" is 16 December
APRIL = date(2017, 4, 15)  # a Saturday: "Friday" is 14 April


def found(text, case, published):
    loaded = evidence.load(DATA, case=case)
    report = ingest_text(text, published, "Wire", loaded.gazetteer, zone=loaded.case.timezone,
                         sides=sides_ever(loaded.holdings), place_references=loaded.place_references)
    return {(e.place_id, e.type, e.date.isoformat(), e.last.isoformat()) for e in report.events}


@pytest.mark.parametrize("text", [
    "The wounded were taken to Idlib on Friday.",
    "About 300 civilians were evacuated to Idlib on Friday.",
    "Volunteers accompanied 127 people to Idlib on Friday.",
    "On Friday the last families joined us in Idlib.",
])
def test_should_read_people_brought_to_a_place_as_arriving_there(text):
    assert ("idlib", "arrival", "2016-12-16", "2016-12-16") in found(text, "aleppo-2016-12", DECEMBER)


def test_should_keep_people_evacuated_from_a_place_to_another_a_departure_from_the_first():
    events = found("About 300 civilians were evacuated from al-Amiriyah to Idlib on Friday.", "aleppo-2016-12", DECEMBER)
    assert ("amiriyah", "departure", "2016-12-16", "2016-12-16") in events


def test_should_not_read_people_on_their_way_as_arrived():
    events = found("On Friday the wounded were being taken to Idlib.", "aleppo-2016-12", DECEMBER)
    assert not any(kind == "arrival" for _, kind, _, _ in events)


def test_should_read_a_list_closed_by_an_unknown_town_as_a_list_of_origins():
    """Serghaya is not in the April case's gazetteer: Madaya and Zabadani are still both left, the day told or the
    day before, and Zabadani is no arrival."""
    events = found("Evacuees from Madaya, Zabadani and Serghaya arrived in Idlib on Friday.", "four-towns-2017-04", APRIL)
    assert {("madaya", "departure", "2017-04-13", "2017-04-14"), ("zabadani", "departure", "2017-04-13", "2017-04-14"),
            ("idlib", "arrival", "2017-04-14", "2017-04-14")} <= events
    assert ("zabadani", "arrival", "2017-04-14", "2017-04-14") not in events


def test_should_not_read_a_departure_from_the_datelines_city_where_the_report_tells_arrivals_there():
    text = "IDLIB, December 16 (AP) — Hundreds of civilians left on Friday. Buses arrived in Idlib later on Friday."
    events = found(text, "aleppo-2016-12", DECEMBER)
    assert ("idlib", "arrival", "2016-12-16", "2016-12-16") in events
    assert not any(kind == "departure" for _, kind, _, _ in events)


@pytest.mark.parametrize(("text", "place", "kind"), [
    ("Civilians have arrived in Idlib from December 5 to the present.", "idlib", "arrival"),
    ("Convoys have left al-Amiriyah from December 5 until now.", "amiriyah", "departure"),
])
def test_should_read_from_a_day_to_the_present_as_a_span_up_to_publication(text, place, kind):
    assert (place, kind, "2016-12-05", "2016-12-17") in found(text, "aleppo-2016-12", DECEMBER)


@pytest.mark.parametrize("text", [
    "Hundreds of families escaped from al-Amiriyah on Friday.",
    "Families were flown out of al-Amiriyah on Friday.",
])
def test_should_read_people_escaping_or_flown_out_of_a_place_as_leaving_it(text):
    assert ("amiriyah", "departure", "2016-12-16", "2016-12-16") in found(text, "aleppo-2016-12", DECEMBER)


@pytest.mark.parametrize("text", [
    "The first evacuation flight landed in Idlib on Friday.",
    "The wounded were flown to Idlib on Friday.",
])
def test_should_read_people_landing_in_or_flown_to_a_place_as_arriving_there(text):
    assert ("idlib", "arrival", "2016-12-16", "2016-12-16") in found(text, "aleppo-2016-12", DECEMBER)


def test_should_read_a_convoy_taking_people_to_a_place_as_their_arrival_there():
    events = found("Buses left al-Amiriyah on Friday, taking the families to Idlib.", "aleppo-2016-12", DECEMBER)
    assert {("amiriyah", "departure", "2016-12-16", "2016-12-16"), ("idlib", "arrival", "2016-12-16", "2016-12-16")} <= events


@pytest.mark.parametrize("text", [
    "Buses were taking part in the talks in Idlib on Friday.",
    "The trip to Idlib on Friday was taking up to five hours.",
])
def test_should_not_read_taking_part_or_taking_up_to_as_an_arrival(text):
    assert not any(kind == "arrival" for _, kind, _, _ in found(text, "aleppo-2016-12", DECEMBER))


def test_should_give_each_place_the_verb_whose_object_leads_to_it():
    """Two verbs, each with its object and preposition: the plane's 'to' makes Idlib an arrival even with the ship's
    'transported ... from' nearer to it, which makes al-Amiriyah a departure."""
    text = "On Friday a plane flew 40 civilians to Idlib, and a ship transported 30 people across the water from al-Amiriyah."
    assert {("idlib", "arrival", "2016-12-16", "2016-12-16"),
            ("amiriyah", "departure", "2016-12-16", "2016-12-16")} <= found(text, "aleppo-2016-12", DECEMBER)


def test_should_read_planes_flying_from_a_place_as_leaving_it():
    events = found("Since Monday transport planes have been flying from al-Amiriyah.", "aleppo-2016-12", DECEMBER)
    assert any(place == "amiriyah" and kind == "departure" for place, kind, _, _ in events)


@pytest.mark.parametrize("text", [
    "The convoy drove from al-Amiriyah to Idlib on Friday.",
    "About 300 civilians were evacuated from al-Amiriyah to Idlib on Friday.",
])
def test_should_read_a_journey_from_one_place_to_another_as_leaving_the_first_and_reaching_the_second(text):
    assert {("amiriyah", "departure", "2016-12-16", "2016-12-16"),
            ("idlib", "arrival", "2016-12-16", "2016-12-16")} <= found(text, "aleppo-2016-12", DECEMBER)


def test_should_not_read_people_evacuated_from_a_place_and_still_on_their_way_as_arrived():
    events = found("People evacuated from al-Amiriyah are being taken to Idlib on Friday.", "aleppo-2016-12", DECEMBER)
    assert not any(kind == "arrival" for _, kind, _, _ in events)


def test_should_read_people_boarding_a_ship_as_leaving_but_not_people_on_board():
    assert ("amiriyah", "departure", "2016-12-16", "2016-12-16") in found(
        "On Friday 200 families boarded a ship in al-Amiriyah.", "aleppo-2016-12", DECEMBER)
    assert not any(kind == "departure" for _, kind, _, _ in found(
        "The ship reached Idlib on Friday with 200 families on board the ship.", "aleppo-2016-12", DECEMBER))


def test_should_not_date_an_event_by_the_day_the_fighting_began():
    """The day the war began dates the war, not the arrival the sentence tells (undated, so the day of publication)."""
    text = "Among those who arrived in Idlib were drivers whose buses were hit at the start of the fighting on December 5."
    events = found(text, "aleppo-2016-12", DECEMBER)
    assert ("idlib", "arrival", "2016-12-17", "2016-12-17") in events
    assert not any(first == "2016-12-05" for _, _, first, _ in events)


# The typing round of issue 30 (the Misrata and Palma sets): each rule on a sentence of our own.

def test_should_place_an_attack_where_its_on_leads_though_another_trigger_is_nearer():
    events = found("About 300 people displaced by Friday's attack by gunmen on al-Amiriyah have arrived in Idlib.",
                   "aleppo-2016-12", DECEMBER)
    assert {("amiriyah", "attack", "2016-12-16", "2016-12-16"), ("idlib", "arrival", "2016-12-16", "2016-12-16")} <= events


def test_should_read_a_shell_striking_a_bus_leaving_a_place_as_an_attack_there():
    assert found("On Friday a mortar shell struck a bus leaving al-Amiriyah.", "aleppo-2016-12", DECEMBER) == {
        ("amiriyah", "attack", "2016-12-16", "2016-12-16")}


def test_should_read_a_convoy_ambushed_after_leaving_a_place_as_both_a_departure_and_an_attack_there():
    assert found("Gunmen ambushed the convoy on Friday shortly after it left al-Amiriyah.", "aleppo-2016-12",
                 DECEMBER) == {("amiriyah", "attack", "2016-12-16", "2016-12-16"),
                               ("amiriyah", "departure", "2016-12-16", "2016-12-16")}


@pytest.mark.parametrize(("text", "expected"), [
    ("Survivors of the attack on al-Amiriyah told their story in Idlib on Friday.", set()),
    ("A family who fled the attack on al-Amiriyah is seen in a camp on Friday.",
     {("amiriyah", "departure", "2016-12-16", "2016-12-16")}),
])
def test_should_read_an_attack_people_survived_or_fled_as_the_scene_not_the_event(text, expected):
    assert {e for e in found(text, "aleppo-2016-12", DECEMBER) if e[0] == "amiriyah"} == expected


def test_should_read_a_truce_secured_as_made():
    assert ("amiriyah", "ceasefire", "2016-12-16", "2016-12-16") in found(
        "Turkey secured a truce in al-Amiriyah on Friday.", "aleppo-2016-12", DECEMBER)


@pytest.mark.parametrize("text", [
    "On Friday the agency decided to carry out evacuations for the stranded families, taking them to Idlib.",
    "Al-Amiriyah was still held by rebels fighting government troops on Friday, he said.",
    "Since the attacks on Friday, aid groups have helped families in al-Amiriyah.",
    "On Friday buses left Idlib. More than 7,000 people have also fled on foot to government-held areas.",
])
def test_should_find_no_event_where_the_words_only_say_who_people_are_or_set_the_scene(text):
    assert {e for e in found(text, "aleppo-2016-12", DECEMBER) if e[1] != "departure" or e[0] != "idlib"} == set()


def test_should_span_a_total_told_with_no_day_back_to_the_first_day_the_report_tells():
    events = found("On Thursday the first buses reached Idlib. On Saturday 300 people left al-Amiriyah. In total the "
                   "Red Crescent has evacuated 2,000 people from al-Amiriyah.", "aleppo-2016-12", DECEMBER)
    assert {("amiriyah", "departure", "2016-12-17", "2016-12-17"),
            ("amiriyah", "departure", "2016-12-15", "2016-12-17")} <= events


def test_should_read_people_airlifted_from_where_they_were_as_leaving_it():
    assert found("Once in al-Amiriyah, the wounded were airlifted to Idlib on Friday.", "aleppo-2016-12", DECEMBER) == {
        ("amiriyah", "departure", "2016-12-16", "2016-12-16"), ("idlib", "arrival", "2016-12-16", "2016-12-16")}


def test_should_read_people_who_continue_to_arrive_as_arriving():
    assert ("idlib", "arrival", "2016-12-16", "2016-12-16") in found(
        "On Friday displaced families continue to arrive in Idlib on foot.", "aleppo-2016-12", DECEMBER)


def test_should_read_the_population_of_a_town_arriving_elsewhere_as_having_left_it():
    events = found("The population of Foua began arriving in Idlib on Friday.", "aleppo-2016-12", DECEMBER)
    assert ("foua", "departure", "2016-12-15", "2016-12-16") in events and not any(
        e[0] == "foua" and e[1] == "arrival" for e in events)


def test_should_reach_a_places_verb_past_a_relative_clause_set_off_by_commas():
    events = found("Al-Amiriyah, which has been besieged by government forces and their allies for many weeks now, came "
                   "under heavy attack on Friday.", "aleppo-2016-12", DECEMBER)
    assert ("amiriyah", "attack", "2016-12-16", "2016-12-16") in events


def test_should_join_a_place_told_by_its_kind_of_town_to_the_one_before():
    events = found("On Friday buses carried families out of al-Amiriyah and the besieged district of al-Sukkari.",
                   "aleppo-2016-12", DECEMBER)
    assert {("amiriyah", "departure", "2016-12-16", "2016-12-16"),
            ("sukkari", "departure", "2016-12-16", "2016-12-16")} <= events


def test_should_read_where_people_live_as_who_they_are_not_where_they_wait():
    assert found("On Friday the evacuees were waiting for relatives who live in Idlib.", "aleppo-2016-12", DECEMBER) == set()


def test_should_read_a_press_releases_dateline_as_where_it_was_written_not_where_events_happened():
    events = found("Idlib – Hundreds of families displaced by the attacks on al-Amiriyah found shelter in camps on Friday.",
                   "aleppo-2016-12", DECEMBER)
    assert not any(e[0] == "idlib" for e in events)
