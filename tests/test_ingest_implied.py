"""Implied departures (geo/ingest/implied.py), each on a sentence written here: people or vehicles of a town told at
another place, or taken to one, had left the town, that day or the day before; people a
departure only describes ("who had left X", "buses carrying families out of X") had left X, that day or the day
before, whatever the sentence tells of them; a movement told in the present progressive with no day of its own
happens as the report is written; "the Shia towns" or "villages" are al-Fu'ah and Kafriya in both cases."""

from datetime import date

import pytest

from geo.data import evidence
from geo.ingest.dates import MONTH, WEEK, find_dates
from geo.ingest.ongoing import told_now
from geo.ingest.report import ingest_text
from tests.conftest import DATA, ZONE
from tests.test_ingest_rules import FRIDAY, SATURDAY

THURSDAY = date(2017, 4, 13)
SUNDAY = date(2017, 4, 16)
MONDAY_DEC, TUESDAY_DEC = date(2016, 12, 19), date(2016, 12, 20)


def events(text, gazetteer, published=SATURDAY, references=None):
    report = ingest_text(text, published, None, gazetteer, zone=ZONE, place_references=references)
    return {(e.place_id, e.type, e.date, e.last) for e in report.events}


@pytest.fixture(scope="module")
def december():
    """The December 2016 case's gazetteer and phrases for unnamed places."""
    loaded = evidence.load(DATA, case="aleppo-2016-12")
    return loaded.gazetteer, loaded.place_references


@pytest.fixture(scope="module")
def december_gazetteer():
    """The December 2016 case's gazetteer: East Aleppo is a region of the city, Amiriyah a district of it."""
    return evidence.load(DATA, case="aleppo-2016-12").gazetteer


@pytest.mark.parametrize("text", [
    "On Saturday a blast killed dozens of men who had left their homes in Foua and Kefraya.",
    "On Saturday a bomb struck coaches carrying families out of the besieged towns Foua and Kefraya.",
    "On Saturday a shell killed three evacuees who had been bused out of Foua and Kefraya.",
])
def test_should_read_people_a_departure_only_describes_as_having_left_their_towns(towns, text):
    # the blast is Saturday's; the departure it describes was that day or the day before
    assert {("foua", "departure", FRIDAY, SATURDAY), ("kefraya", "departure", FRIDAY, SATURDAY)} <= events(text, towns)


@pytest.mark.parametrize("text", [
    "On Saturday a blast hit the men who had met in Foua.",  # no departure describes them
    "On Saturday a blast hit buses carrying families to Foua.",  # taken to the town, not out of it
    "On Saturday the rebels plan to bomb coaches that would take families out of Foua.",  # only meant
])
def test_should_not_read_a_town_without_a_told_departure_from_it_as_left(towns, text):
    assert not any(place == "foua" and kind == "departure" for place, kind, _, _ in events(text, towns))


@pytest.mark.parametrize(("sentence", "now"), [
    ("Many people are being evacuated from the two towns at the same time.", True),
    ("Thousands are still waiting to go.", True),
    ("Many people were evacuated from the two towns.", False),  # told in the past
    ("Many people are being evacuated from the towns on Monday.", False),  # a day of its own
])
def test_should_tell_a_movement_in_the_present_progressive_as_happening_now(sentence, now):
    own_dates = ("Monday",) if "Monday" in sentence else ()
    assert told_now(sentence, own_dates) is now


def test_should_date_a_present_progressive_sentence_to_the_report_not_the_sentence_before(december):
    gazetteer, references = december
    text = ("Last Thursday the envoy spoke of fifty thousand people trapped in the east of Aleppo.\n\n"
            "Ambulances went out on Monday. Meanwhile many people are being evacuated from Foua and Kefraya.")
    found = events(text, gazetteer, published=TUESDAY_DEC, references=references)
    assert ("foua", "departure", TUESDAY_DEC, TUESDAY_DEC) in found
    assert not any(place == "foua" and first == MONDAY_DEC for place, _, first, _ in found)


@pytest.mark.parametrize("phrase", ["the two Shia towns", "two besieged Shiite towns"])
def test_should_read_two_shia_towns_as_foua_and_kefraya_in_december(december, phrase):
    gazetteer, references = december
    found = events(f"On Monday 500 people left {phrase} near Idlib.", gazetteer, published=TUESDAY_DEC,
                   references=references)
    assert {("foua", "departure", MONDAY_DEC, MONDAY_DEC), ("kefraya", "departure", MONDAY_DEC, MONDAY_DEC)} <= found


def test_should_not_read_two_towns_without_shia_as_foua_and_kefraya_in_december(december):
    gazetteer, references = december
    found = events("On Monday 500 people left two towns near the Lebanese border.", gazetteer, published=TUESDAY_DEC,
                   references=references)
    assert not {place for place, _, _, _ in found} & {"foua", "kefraya"}


def test_should_read_the_shiite_villages_as_foua_and_kefraya_in_april(towns):
    references = evidence.load(DATA, case="four-towns-2017-04").place_references
    text = "On Saturday families from the Shi'ite villages near Idlib were taken by bus to Aleppo."
    found = events(text, towns, references=references)
    assert {("foua", "departure", FRIDAY, SATURDAY), ("kefraya", "departure", FRIDAY, SATURDAY)} <= found


def test_should_not_imply_again_a_departure_the_report_told_on_an_earlier_day(towns):
    text = ("On Friday 3,000 people left Foua.\n\n"
            "On Sunday residents of Foua were held up in Rashidin.")
    found = events(text, towns, published=date(2017, 4, 16))
    assert [(first, last) for place, kind, first, last in found if place == "foua" and kind == "departure"] == [
        (FRIDAY, FRIDAY)]


def test_should_keep_a_departure_implied_when_the_told_one_is_later(towns):
    text = ("On Friday residents of Foua were held up in Rashidin.\n\n"
            "On Sunday 3,000 more people left Foua.")
    found = events(text, towns, published=date(2017, 4, 16))
    assert ("foua", "departure", THURSDAY, FRIDAY) in found


def test_should_date_a_departure_told_as_who_people_are_to_that_day_or_the_day_before(towns):
    text = "On Saturday a woman evacuated from her village near Madaya said the coaches had no water."
    assert ("madaya", "departure", FRIDAY, SATURDAY) in events(text, towns)


def test_should_keep_the_day_of_a_departure_people_are_told_to_make(towns):
    text = "On Saturday the women were evacuated from Madaya."  # "were": the sentence's own event, on its day
    assert ("madaya", "departure", SATURDAY, SATURDAY) in events(text, towns)


def test_should_not_imply_a_departure_of_people_the_buses_only_came_for(towns):
    text = "On Saturday twenty coaches entered Zabadani with the aim of moving fighters from Zabadani and Madaya."
    found = events(text, towns)
    assert ("zabadani", "arrival", SATURDAY, SATURDAY) in found
    assert not any(kind == "departure" for _, kind, _, _ in found)


@pytest.mark.parametrize("text", [
    "On Saturday a bomb killed ten people on buses that had left Foua.",
    "On Saturday a bomb killed ten people on buses which had already left the besieged Foua.",
])
def test_should_read_a_town_a_past_perfect_departure_takes_as_its_object_as_left(towns, text):
    assert ("foua", "departure", FRIDAY, SATURDAY) in events(text, towns)


def test_should_not_read_a_town_people_left_for_as_left(towns):
    text = "On Saturday a bomb killed ten people on buses that had left for Foua."
    assert not any(kind == "departure" for _, kind, _, _ in events(text, towns))


@pytest.mark.parametrize("text", ["750 people have left since December 19.", "750 people have left since Dec. 19."])
def test_should_read_since_a_month_and_a_day_as_a_span_from_that_day(text):
    assert [(d.first, d.last, d.precision) for d in find_dates(text, TUESDAY_DEC)] == [(MONDAY_DEC, TUESDAY_DEC, WEEK)]


def test_should_keep_since_a_month_and_a_year_a_month():
    assert [(d.first, d.last, d.precision) for d in find_dates("Fighting has raged since December 2016.", TUESDAY_DEC)] == [
        (date(2016, 12, 1), date(2016, 12, 31), MONTH)]


@pytest.mark.parametrize("people", ["inhabitants", "villagers"])
def test_should_read_inhabitants_of_a_town_as_who_people_are_not_where_an_attack_was(towns, people):
    text = f"On Saturday a bomb killed {people} of Kefraya in Rashidin."
    assert events(text, towns) == {("rashidin", "attack", SATURDAY, SATURDAY)}


@pytest.mark.parametrize("text", [
    "On Monday the rebels agreed to the deal in exchange for people being allowed to leave Foua.",
    "On Monday the sides agreed to resume the evacuation as long as people are allowed to leave Foua.",
])
def test_should_read_leaving_someone_is_allowed_to_as_a_condition_not_a_departure(december, text):
    gazetteer, references = december
    found = events(text, gazetteer, published=TUESDAY_DEC, references=references)
    assert not any(place == "foua" and kind == "departure" for place, kind, _, _ in found)


def test_should_still_read_people_allowed_to_leave_as_leaving(december):
    gazetteer, references = december
    found = events("On Monday the rebels allowed 500 people to leave Foua.", gazetteer, published=TUESDAY_DEC,
                   references=references)
    assert ("foua", "departure", MONDAY_DEC, MONDAY_DEC) in found


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


def test_should_read_people_of_a_city_part_as_having_left_it_only_when_on_the_move(december_gazetteer):
    waiting = events("On Tuesday civilians from East Aleppo waited in Amiriyah.", december_gazetteer, published=TUESDAY_DEC)
    moving = events("On Tuesday a convoy of evacuees from East Aleppo reached Rashidin.", december_gazetteer,
                    published=TUESDAY_DEC)
    assert not any(place == "east_aleppo" for place, _, _, _ in waiting)
    assert ("east_aleppo", "departure", MONDAY_DEC, TUESDAY_DEC) in moving


def test_should_span_an_implied_departure_up_to_the_report_when_its_sentence_tells_no_day(towns):
    text = "On Friday shelling hit Zabadani. Buses from Madaya were later held up in Ramousah."
    assert ("madaya", "departure", THURSDAY, SUNDAY) in events(text, towns, published=SUNDAY)
