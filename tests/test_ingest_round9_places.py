"""Ingest rules of issue 20's ninth round about which place an event is at, each on a sentence written here:
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
    "The plan to evacuate the rebel-held enclaves in the city collapsed on Friday.",
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

