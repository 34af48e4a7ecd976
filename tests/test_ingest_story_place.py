"""The story's place (geo/ingest/carrying.py, at_main_place) for sentences that tell an event but name no place, each
on a sentence written here: such an event happened where the report's story is (the place it tells that type of event at, else
its departures, else its headline's), unless the sentence ties it elsewhere."""

from datetime import date

import pytest

from geo.ingest.carrying import CARRIED_PRECISION
from geo.ingest.report import ingest_text
from tests.conftest import ZONE

SATURDAY = date(2017, 4, 15)  # publication: "Friday" is 14 April, "Thursday" 13 April
FRIDAY, THURSDAY = date(2017, 4, 14), date(2017, 4, 13)
STORY = "Buses left Madaya on Thursday.\n\n"  # the story's departure, told in a paragraph of its own


def events(text, towns):
    return {(e.place_id, e.type, e.date, e.geo_precision)
            for e in ingest_text(text, SATURDAY, None, towns, zone=ZONE).events}


def test_should_place_a_halt_naming_no_place_where_the_report_tells_its_departures(towns):
    found = events(STORY + "The operation was halted on Friday.", towns)
    assert found == {("madaya", "departure", THURSDAY, 1), ("madaya", "halt", FRIDAY, CARRIED_PRECISION)}
    assert CARRIED_PRECISION == 2


def test_should_place_a_halt_naming_no_place_at_the_place_the_headline_names(towns):
    found = events("Zabadani evacuation on hold\n\nThe operation was halted on Friday after a quarrel.", towns)
    assert found == {("zabadani", "halt", FRIDAY, CARRIED_PRECISION)}


def test_should_prefer_the_headline_place_to_the_departures_for_a_halt_naming_no_place(towns):
    text = "Zabadani evacuation on hold\n\nBuses left Madaya on Thursday.\n\nThe operation was halted on Friday."
    assert ("zabadani", "halt", FRIDAY, CARRIED_PRECISION) in events(text, towns)
    assert ("madaya", "halt", FRIDAY, CARRIED_PRECISION) not in events(text, towns)


def test_should_date_a_background_halt_to_the_day_it_tells_not_the_publication_day(towns):
    found = events(STORY + "Officials said the operation had been suspended on Friday.", towns)
    assert ("madaya", "halt", FRIDAY, CARRIED_PRECISION) in found


@pytest.mark.parametrize("told", [
    '"We were halted on Friday," a man said.',  # a speaker's own words
    "If the operation is halted on Friday, the deal may fail.",  # only a condition
    "On Friday the UN sent monitors to watch the evacuation.",  # the evacuation is what the monitors were sent for
    "On Friday the convoy was stopped at a checkpoint.",  # somewhere the report does not name
    "The operation was halted.",  # neither place nor day, and the report tells no halt
    "On Friday the evacuations marked the end of the first stage of the deal.",  # what they were, not what happened
    "On Friday more buses were heading towards the villages in order to evacuate the sick.",  # where they went to
    "A blast hit the buses on Friday.",  # the report tells no attack: nowhere is its attacks' place
])
def test_should_not_place_an_event_the_sentence_ties_elsewhere_at_the_story_place(towns, told):
    assert events(STORY + told, towns) == {("madaya", "departure", THURSDAY, 1)}
