"""When and whether an event happened (geo/ingest/leads.py, scene.py, triggers.IRREALIS), each on sentences
written here: the day of an
undated lead, what only was meant or agreed, and the type of a sentence holding two events."""

from datetime import date

from geo.ingest.report import ingest_text
from tests.conftest import ZONE
from tests.test_ingest_rules import FRIDAY, SATURDAY

SUNDAY = date(2017, 4, 16)


def events(text, gazetteer, published=SATURDAY):
    return {(e.place_id, e.type, e.date) for e in ingest_text(text, published, None, gazetteer, zone=ZONE).events}


def test_should_date_an_undated_lead_by_publication_when_no_dated_sentence_tells_its_kind(towns):
    text = "A car bomb exploded beside a bus convoy in Ramousah.\n\nOn Friday some 40 buses left Foua."
    assert ("ramousah", "attack", SATURDAY) in events(text, towns)


def test_should_date_an_undated_lead_by_the_first_sentence_dating_an_event_of_its_kind(towns):
    text = ("A car bomb exploded beside a bus convoy in Ramousah.\n\nSome 40 buses left Foua on Thursday.\n\n"
            "The United Nations condemned the blast on Friday.")
    assert ("ramousah", "attack", FRIDAY) in events(text, towns, published=SUNDAY)


def test_should_date_an_undated_picture_caption_by_the_first_date_of_the_story(towns):
    text = "This photo shows families gather in Madaya.\n\nOn Friday the first buses left Zabadani."
    assert ("madaya", "gathering", FRIDAY) in events(text, towns)


def test_should_read_vehicles_waiting_after_a_blast_as_what_the_blast_hit(towns):
    found = events("On Saturday a blast tore through buses waiting in Ramousah.", towns)
    assert found == {("ramousah", "attack", SATURDAY)}


def test_should_read_a_crowd_a_rocket_struck_as_the_place_of_the_attack(towns):
    assert events("On Friday a rocket struck a crowd waiting outside Ramousah.", towns) == {("ramousah", "attack", FRIDAY)}


def test_should_read_a_deal_struck_by_the_sides_as_no_attack(towns):
    assert {kind for _, kind, _ in events("On Friday a deal was struck by the sides in Madaya.", towns)} == {"ceasefire"}


def test_should_split_sentences_at_a_stop_that_lost_its_space(towns):
    found = events("Many families were still waiting in Madaya.On Friday gunmen shelled a bus in Zabadani.", towns)
    assert found == {("madaya", "gathering", SATURDAY), ("zabadani", "attack", FRIDAY)}


def test_should_read_a_present_passive_movement_under_a_deal_as_how_the_deal_works(towns):
    assert events("Families are evacuated from Foua under a deal between the warring sides.", towns) == set()


def test_should_still_read_a_past_movement_under_a_deal_as_what_happened(towns):
    found = events("On Friday families were evacuated from Foua under a deal between the warring sides.", towns)
    assert found == {("foua", "departure", FRIDAY)}


def test_should_read_a_movement_asked_for_in_the_subjunctive_as_only_meant(towns):
    text = "On Friday the evacuation stalled over demands that families also be moved out of Foua."
    assert ("foua", "departure", FRIDAY) not in events(text, towns)


def test_should_read_the_origin_of_a_movement_only_asked_for_as_no_place_of_the_halt(towns):
    text = "On Friday the convoy was halted after militias demanded that the wounded be brought out of Foua."
    assert {place for place, _, _ in events(text, towns)} == set()


def test_should_read_every_origin_of_a_movement_only_asked_for_as_no_place_of_a_halt_named_after_them(towns):
    text = ("On Friday the convoy was halted after militias demanded that the wounded be brought out of Foua and "
            "Kefraya, and angry men blocked the road.")
    assert {place for place, _, _ in events(text, towns)} == set()


def test_should_read_a_participle_after_an_expected_movement_as_expected_too(towns):
    assert events("On Friday all residents of Foua were expected to leave, heading to Aleppo.", towns) == set()


def test_should_read_a_movement_the_sides_differed_over_as_not_done(towns):
    text = "On Friday the negotiators differed over the evacuation of fighters from Zabadani."
    assert ("zabadani", "departure", FRIDAY) not in events(text, towns)
