"""Which place an event is at (geo/ingest/placing.py, references.py), each on a sentence written here:
the enclave a December report describes without naming it, and the places only a crossing point or a route
are told by."""

from datetime import date

import pytest

from geo.data import evidence
from geo.ingest.report import ingest_text
from tests.conftest import DATA, ZONE

FRIDAY_DEC = date(2016, 12, 16)


@pytest.fixture(scope="module")
def december():
    """The December 2016 case: its gazetteer and the phrases its place_references.csv lists."""
    return evidence.load(DATA, case="aleppo-2016-12")


def december_places(text, december, published=FRIDAY_DEC):
    found = ingest_text(text, published, None, december.gazetteer, zone=ZONE, sides={},
                        place_references=december.place_references).events
    return {(e.place_id, e.type) for e in found}


@pytest.mark.parametrize("text", [
    "On Friday some families left the last rebel bastion in a long line of buses.",
    "On Friday some families left the besieged districts before noon.",
    "On Friday families living in the opposition-held parts of the city left in Red Crescent cars.",
    "On Friday the first plan to evacuate the rebel-held enclaves of the city was suspended.",
])
def test_should_read_the_enclave_a_december_report_describes_as_east_aleppo(december, text):
    assert {place for place, _ in december_places(text, december)} == {"east_aleppo"}


def test_should_read_no_enclave_where_only_a_crossing_point_of_it_is_meant(december):
    text = "On Friday gunmen fired at a crossing point with the enclave."
    assert december_places(text, december) == set()


def april_places(text, towns, published=date(2017, 4, 14)):
    return {(e.place_id, e.type) for e in ingest_text(text, published, None, towns, zone=ZONE).events}


@pytest.mark.parametrize("text", [
    "On Friday the coaches were leaving Madaya through the Ramousah road.",
    "On Friday the coaches drove out of Madaya via Ramousah towards the north.",
])
def test_should_give_no_departure_at_a_place_people_only_went_through(towns, text):
    assert april_places(text, towns) == {("madaya", "departure")}



def test_should_read_people_leaving_a_province_as_leaving_the_towns_in_it_the_report_names(towns):
    text = ("On Friday the people of Foua and Kefraya packed their bags. "
            "The first coaches to move were the ones leaving Idlib province.")
    report = ingest_text(text, date(2017, 4, 14), None, towns, zone=ZONE)
    second = {(e.place_id, e.type, e.geo_precision) for e in report.events if e.evidence.startswith("The first")}
    assert second == {("foua", "departure", 2), ("kefraya", "departure", 2)}


def test_should_keep_a_province_left_as_the_governorate_where_the_report_names_no_town_in_it(towns):
    text = "On Friday the first coaches to move were the ones leaving Idlib province."
    assert april_places(text, towns) == {("idlib_governorate", "departure")}


@pytest.mark.parametrize("text", [
    "On Friday coaches left two towns each in the Damascus and Idlib provinces.",
    "On Friday 300 people from Foua, one of the towns in Idlib, left on coaches.",
])
def test_should_read_a_city_named_as_the_place_of_towns_or_provinces_as_its_governorate(towns, text):
    assert "idlib" not in {place for place, _ in april_places(text, towns)}
