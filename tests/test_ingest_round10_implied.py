"""Ingest rules of issue 20's tenth round on implied departures, each on a sentence written here: people or
vehicles of a town told at another place, or taken to one, had left the town, that day or the day before."""

from datetime import date

import pytest

from geo.data import evidence
from geo.ingest.report import ingest_text
from tests.conftest import DATA, ZONE
from tests.test_ingest_rules import FRIDAY, SATURDAY

THURSDAY = date(2017, 4, 13)
SUNDAY = date(2017, 4, 16)
MONDAY_DEC, TUESDAY_DEC = date(2016, 12, 19), date(2016, 12, 20)


def events(text, gazetteer, published=SATURDAY):
    return {(e.place_id, e.type, e.date, e.last) for e in ingest_text(text, published, None, gazetteer, zone=ZONE).events}


@pytest.fixture(scope="module")
def december():
    """The December 2016 case's gazetteer: East Aleppo is a region of the city, Amiriyah a district of it."""
    return evidence.load(DATA, case="aleppo-2016-12").gazetteer


def test_should_read_vehicles_arriving_from_a_town_as_having_left_it(towns):
    found = events("On Saturday forty buses arrived in Rashidin from Foua.", towns)
    assert ("foua", "departure", FRIDAY, SATURDAY) in found and ("rashidin", "arrival", SATURDAY, SATURDAY) in found


def test_should_read_vehicles_arriving_from_a_town_with_no_place_told_as_having_left_it(towns):
    assert events("On Saturday forty coaches arrived from Kefraya.", towns) == {("kefraya", "departure", FRIDAY, SATURDAY)}


@pytest.mark.parametrize(("text", "town"), [
    ("On Saturday civilians of Kefraya were taken by bus to Jibrin.", "kefraya"),
    ("On Saturday the group was travelling to Aleppo from Madaya.", "madaya"),
    ("On Saturday fighters from Zabadani crossed to rebel-held land.", "zabadani"),
])
def test_should_read_people_of_a_town_taken_or_travelling_elsewhere_as_having_left_it(towns, text, town):
    assert (town, "departure", FRIDAY, SATURDAY) in events(text, towns)


def test_should_read_people_of_towns_named_many_words_after_them_as_having_left_them(towns):
    text = "On Saturday the evacuees, from the two mostly Shia villages of Foua and Kefraya, were held up in Rashidin."
    assert {("foua", "departure", FRIDAY, SATURDAY), ("kefraya", "departure", FRIDAY, SATURDAY)} <= events(text, towns)


def test_should_read_people_of_a_town_changing_buses_elsewhere_as_having_left_it(towns):
    assert ("foua", "departure", FRIDAY, SATURDAY) in events("On Saturday residents of Foua changed buses in Rashidin.",
                                                             towns)


@pytest.mark.parametrize("text", [
    "On Saturday buses reached Rashidin to evacuate residents of Foua.",  # only meant: they are still in Foua
    "On Saturday buses on their way towards Foua were burned.",  # where the buses went, not where they came from
    "Residents of Foua will be taken to Aleppo on Sunday.",  # only planned
    "On Saturday the victims were from Foua and were taken to Aleppo.",  # who the victims were
    "On Saturday the United Nations condemned the blast in Rashidin on evacuees travelling from Foua to Jibrin.",
])
def test_should_not_read_a_town_people_are_only_meant_to_leave_or_go_to_as_left(towns, text):
    assert not any(place == "foua" and kind == "departure" for place, kind, _, _ in events(text, towns))


def test_should_read_people_of_a_city_part_as_having_left_it_only_when_on_the_move(december):
    waiting = events("On Tuesday civilians from East Aleppo waited in Amiriyah.", december, published=TUESDAY_DEC)
    moving = events("On Tuesday a convoy of evacuees from East Aleppo reached Rashidin.", december, published=TUESDAY_DEC)
    assert not any(place == "east_aleppo" for place, _, _, _ in waiting)
    assert ("east_aleppo", "departure", MONDAY_DEC, TUESDAY_DEC) in moving


def test_should_span_an_implied_departure_up_to_the_report_when_its_sentence_tells_no_day(towns):
    text = "On Friday shelling hit Zabadani. Buses from Madaya were later held up in Ramousah."
    assert ("madaya", "departure", THURSDAY, SUNDAY) in events(text, towns, published=SUNDAY)
