"""Places named together in one phrase each get the event the phrase's first place
gets (geo/ingest/coordination.py), on sentences written here. Expected dates are worked out by hand: Friday is
14 April 2017, and an implied departure spans the day told and the day before (13 April)."""

from datetime import date

from geo.ingest.coordination import group_heads, joined_role, phrase_spans
from geo.ingest.report import ingest_text
from tests.conftest import ZONE
from tests.test_ingest_rules import FRIDAY, SATURDAY

THURSDAY = date(2017, 4, 13)


def events(text, gazetteer, published=SATURDAY):
    return {(e.place_id, e.type, e.date) for e in ingest_text(text, published, None, gazetteer, zone=ZONE).events}


def spans(low, *names):
    """The span of each name in ``low``, found left to right."""
    found, at = [], 0
    for name in names:
        start = low.index(name, at)
        found.append((start, start + len(name)))
        at = start + len(name)
    return found


def test_should_imply_a_departure_from_every_town_of_a_phrase_far_from_the_words_for_the_buses(towns):
    text = "On Friday buses carrying many hundreds of the sick and wounded from Foua and Kefraya reached Rashidin."
    assert events(text, towns) == {("rashidin", "arrival", FRIDAY), ("foua", "departure", THURSDAY),
                                   ("kefraya", "departure", THURSDAY)}


def test_should_give_the_second_town_the_departure_though_it_stands_past_the_trigger_window(towns):
    text = "On Friday the departure of the last fighters and their wives and young children from Zabadani and Madaya went ahead."
    assert events(text, towns) == {("zabadani", "departure", FRIDAY), ("madaya", "departure", FRIDAY)}


def test_should_read_every_town_of_a_list_closed_by_and_as_where_the_convoy_came_from(towns):
    text = ("On Friday a convoy with fighters and their wives and young children from Zabadani, Madaya, Foua and Kefraya"
            " reached Idlib.")
    assert events(text, towns) == {("idlib", "arrival", FRIDAY), ("zabadani", "departure", THURSDAY),
                                   ("madaya", "departure", THURSDAY), ("foua", "departure", THURSDAY),
                                   ("kefraya", "departure", THURSDAY)}


def test_should_give_every_town_of_a_long_list_the_verb_after_it(towns):
    text = ("On Friday the families of Foua, Kefraya, Madaya and Zabadani, hungry and tired after so many months under"
            " a siege, finally left.")
    assert events(text, towns) == {(town, "departure", FRIDAY) for town in ("foua", "kefraya", "madaya", "zabadani")}


def test_should_join_two_towns_by_as_well_as(towns):
    text = "On Friday buses took families out of Foua as well as Kefraya."
    assert events(text, towns) == {("foua", "departure", FRIDAY), ("kefraya", "departure", FRIDAY)}


def test_should_keep_the_two_ends_of_a_route_eventless(towns):
    assert events("On Friday buses drove between Foua and Kefraya.", towns) == set()


def test_should_not_read_the_end_of_a_journey_as_a_second_place_left(towns):
    """The end of the journey is where the buses arrived ("drove from X to Y", lexicon.toml), not a place left."""
    assert events("On Friday buses drove from Foua to Madaya.", towns) == {("foua", "departure", FRIDAY),
                                                                          ("madaya", "arrival", FRIDAY)}


def test_should_group_a_list_under_its_first_place():
    low = "out of foua, kefraya, madaya and zabadani"
    assert group_heads(low, spans(low, "foua", "kefraya", "madaya", "zabadani"), ["town"] * 4) == [0, 0, 0, 0]


def test_should_not_group_places_a_bare_comma_only_separates():
    low = "they left madaya, zabadani"
    assert group_heads(low, spans(low, "madaya", "zabadani"), ["town", "town"]) == [0, 1]


def test_should_not_group_a_town_with_a_province():
    low = "buses left foua and idlib province"
    assert group_heads(low, spans(low, "foua", "idlib"), ["town", "governorate"]) == [0, 1]


def test_should_end_a_list_at_a_place_that_only_names_who_people_are():
    low = "buses left foua, and madaya residents watched"
    assert group_heads(low, spans(low, "foua", "madaya"), ["town", "town"]) == [0, 1]


def test_should_start_a_new_phrase_after_a_place_no_word_joins():
    low = "from foua to madaya and zabadani"
    assert group_heads(low, spans(low, "foua", "madaya", "zabadani"), ["town"] * 3) == [0, 1, 1]


def test_should_let_a_member_keep_a_role_its_own_words_give_it():
    assert joined_role("destination", "origin") == "destination"
    assert joined_role("coordinate", "locator") == "locator"


def test_should_span_a_phrase_from_its_first_place_to_its_last():
    low = "families of foua, kefraya and madaya left idlib"
    found = spans(low, "foua", "kefraya", "madaya", "idlib")
    assert phrase_spans(found, [0, 0, 0, 3]) == [(12, 36), (12, 36), (12, 36), (42, 47)]
