"""Ingest rules of issue 20, each on a sentence written here: background and plans apart from what
happened, statements placed where spoken or nowhere, the staging area, what people leaving from means."""

from datetime import date

import pytest

from geo.ingest.report import ingest_text
from tests.conftest import ZONE

SATURDAY = date(2017, 4, 15)
FRIDAY = date(2017, 4, 14)




def events(text, gazetteer, published=SATURDAY):
    return {(e.place_id, e.type, e.date, e.last) for e in ingest_text(text, published, None, gazetteer, zone=ZONE).events}


def places(text, gazetteer, published=SATURDAY):
    return {(e.place_id, e.type) for e in ingest_text(text, published, None, gazetteer, zone=ZONE).events}


# dates against each other ---------------------------------------------------------------------

def test_should_date_a_departure_told_a_day_earlier_than_the_day_named_before_it(towns):
    text = "A car bomb exploded beside the convoy in Rashidin on Saturday. The families had left Madaya a day earlier."
    assert ("madaya", "departure", FRIDAY, FRIDAY) in events(text, towns, published=date(2017, 4, 16))


def test_should_date_a_wait_since_a_weekday_from_that_day(towns):
    text = "Hundreds of families have been stranded in Rashidin since late Friday."
    assert events(text, towns) == {("rashidin", "halt", FRIDAY, SATURDAY)}


# background and plans -------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "The convoy waited under a swap deal recently reached by the two sides in Madaya.",
    "The exchange is part of a truce agreement covering Zabadani.",
    "The pact for Madaya, agreed late last month, allows the rebels to go north.",
    "It was meant to secure the evacuation of people from Foua.",
])
def test_should_not_make_a_ceasefire_or_departure_of_a_deal_only_referred_to(towns, text):
    assert not {kind for _, kind in places(text, towns)} & {"ceasefire", "departure"}


def test_should_keep_a_deal_the_sentence_says_was_made(towns):
    assert places("Negotiators reached a deal on Madaya on Saturday.", towns) == {("madaya", "ceasefire")}


def test_should_not_read_reaching_a_deal_as_an_arrival(towns):
    assert ("madaya", "arrival") not in places("Both camps reached an evacuation agreement for Madaya on Saturday.", towns)


def test_should_not_count_a_departure_someone_was_prevented_from(towns):
    assert ("zabadani", "departure") not in places("Gunmen prevented families in Zabadani from leaving on Saturday.", towns)


def test_should_count_what_someone_caused_to_happen(towns):
    assert ("rashidin", "halt") in places("The dispute caused hundreds of buses to be stranded in Rashidin on Saturday.", towns)


def test_should_read_went_on_as_a_transfer_only_when_people_move_onward(towns):
    assert ("rashidin", "transfer") not in places("Guards in Rashidin went on high alert on Saturday.", towns)


# statements -----------------------------------------------------------------------------------

def test_should_not_place_a_statement_at_the_place_it_speaks_of(towns):
    assert places("'Madaya is a ghost town now,' an aid official told reporters on Saturday.", towns) == set()


def test_should_place_what_a_statement_says_happened_at_its_place(towns):
    assert places("The monitor said a car bomb exploded beside the buses in Rashidin on Saturday.", towns) == {
        ("rashidin", "attack")}


def test_should_place_a_statement_where_it_was_spoken(towns):
    assert places("On Saturday the governor told journalists in Aleppo that the convoy was safe.", towns) == {
        ("aleppo", "statement")}


# places ---------------------------------------------------------------------------------------

def test_should_read_the_outskirts_of_a_city_as_the_place_in_it_the_report_names(towns):
    text = ("A car bomb exploded near the city of Aleppo on Saturday. "
            "The convoy had been parked at Rashidin since the morning.")
    (attack,) = [e for e in ingest_text(text, SATURDAY, None, towns, zone=ZONE).events if e.type == "attack"]
    assert (attack.place_id, attack.geo_precision) == ("rashidin", 2)


def test_should_read_a_citys_outskirts_after_its_possessive_as_near_it(towns):
    text = "Shelling hit Aleppo's western outskirts on Saturday. Crowds had gathered at Rashidin."
    assert ("rashidin", "attack") in places(text, towns)


def test_should_keep_the_city_when_the_report_names_no_place_in_it(towns):
    (attack,) = ingest_text("A car bomb exploded near Aleppo on Saturday.", SATURDAY, None, towns, zone=ZONE).events
    assert (attack.place_id, attack.geo_precision) == ("aleppo", 2)


def test_should_make_the_place_people_came_from_a_departure_when_they_left(towns):
    assert places("About 900 residents of Zabadani headed to the north on Saturday.", towns) == {
        ("zabadani", "departure")}
    assert ("madaya", "departure") in places("Some 2,000 people from Madaya left for Idlib on Saturday.", towns)
    # people of a town arriving elsewhere left it that day or before (the eighth round's implied departure)
    assert ("madaya", "departure", FRIDAY, SATURDAY) in events("Evacuees from Madaya arrived in Idlib on Saturday.", towns)


def test_should_place_an_event_in_the_named_neighbourhood_of_a_city(towns):
    assert places("Witnesses heard explosions in the western Aleppo district of Rashidin on Saturday.", towns) == {
        ("rashidin", "attack")}


# second round ---------------------------------------------------------------------------------

def test_should_read_the_eastern_part_of_the_city_as_its_eastern_region(gazetteer):
    text = "Empty buses arrived in Aleppo on Sunday. Hundreds left the eastern part of the ruined city that night."
    found = {(e.place_id, e.type) for e in ingest_text(text, date(2016, 12, 19), None, gazetteer, zone=ZONE).events}
    assert ("east_aleppo", "departure") in found


def test_should_carry_to_a_sentence_without_a_place_the_place_of_an_event_of_its_type(towns):
    text = ("A bomb was detonated beside the buses in Rashidin on Saturday, and traffic stopped in Jibrin. "
            "Witnesses said the blast shook the whole area.")
    assert ("jibrin", "attack") not in places(text, towns) and ("rashidin", "attack") in places(text, towns)


def test_should_read_people_carried_or_brought_from_a_place_as_leaving_it(towns):
    assert places("On Saturday buses carried 600 people from Zabadani.", towns) == {("zabadani", "departure")}
    assert places("On Saturday trucks brought the wounded from Madaya.", towns) == {("madaya", "departure")}


def test_should_read_people_transported_to_a_place_as_arriving_there(towns):
    assert places("On Saturday the families were transported by night to Jibrin.", towns) == {("jibrin", "arrival")}


def test_should_read_a_halted_exit_from_a_place_as_a_halt_there(towns):
    text = "The evacuation of gunmen and families from Madaya was suspended on Saturday."
    assert places(text, towns) == {("madaya", "halt")}


def test_should_read_rebel_held_territory_in_the_city_as_its_rebel_held_region(gazetteer):
    text = "On Thursday ambulances left rebel-held territory in the city of Aleppo."
    sides = {"east_aleppo": ("opposition",), "west_aleppo": ("government",)}  # as the case's holdings table says
    found = {(e.place_id, e.type) for e in ingest_text(text, date(2016, 12, 16), None, gazetteer, zone=ZONE,
                                                      sides=sides).events}
    assert found == {("east_aleppo", "departure")}


def test_should_not_count_what_a_sentence_is_unsure_will_happen(towns):
    text = "It was not yet clear on Saturday whether the buses waiting in Rashidin would leave for Aleppo."
    assert places(text, towns) == set()


def test_should_not_count_an_evacuation_the_sentence_only_describes(towns):
    assert places("The evacuation is part of a wider plan for Madaya, officials said on Saturday.", towns) == set()


def test_should_not_count_a_deal_made_before_the_story_began(towns):
    text = "On Saturday the convoy was on the road to Aleppo after the sides had reached a deal on Foua."
    assert ("foua", "ceasefire") not in places(text, towns)


# third round ----------------------------------------------------------------------------------

def test_should_count_a_departure_that_has_begun(towns):
    assert places("On Saturday a first column of buses has begun to leave Zabadani.", towns) == {("zabadani", "departure")}


def test_should_not_carry_a_place_to_a_departure_from_somewhere_else(towns):
    text = "A car bomb exploded near Jibrin on Saturday. The victims had been evacuated from two villages."
    assert ("jibrin", "departure") not in places(text, towns)


def test_should_not_give_a_place_carried_to_a_sentence_the_type_of_a_deal_it_only_mentions(towns):
    text = "Buses left Madaya on Saturday. Qatar, which helped to broker the swap deal, called it a success."
    assert places(text, towns) == {("madaya", "departure")}


# fourth round ---------------------------------------------------------------------------------

def test_should_read_coming_to_a_halt_as_a_halt(towns):
    assert places("Traffic through Rashidin came to a standstill on Saturday.", towns) == {("rashidin", "halt")}


def test_should_read_buses_entering_a_town_as_arriving_there(towns):
    assert places("On Saturday twenty buses entered Foua.", towns) == {("foua", "arrival")}


def test_should_not_count_what_people_must_be_allowed_to_do(towns):
    assert places("Rebels say families must be allowed to leave Madaya first, on Saturday.", towns) == set()


def test_should_not_place_an_attack_where_the_attackers_come_from(towns):
    found = places("On Saturday militants in Idlib shelled a road near Foua.", towns)
    assert ("idlib", "attack") not in found and ("foua", "attack") in found


def test_should_not_count_evacuations_of_earlier_deals(towns):
    assert places("Earlier deals saw the evacuation of people from Madaya, officials said on Saturday.", towns) == set()


def test_should_read_in_the_direction_of_a_place_as_going_there(towns):
    assert places("A convoy left Zabadani on Saturday in the direction of Idlib.", towns) == {("zabadani", "departure")}


def test_should_not_place_an_event_in_a_place_only_argued_over(towns):
    text = "The transfer stalled in Rashidin on Saturday after a dispute over the town of Madaya."
    assert places(text, towns) == {("rashidin", "halt")}


# fifth round ----------------------------------------------------------------------------------

def test_should_place_an_event_in_the_possessed_neighbourhood_of_a_city(gazetteer):
    text = "Red Cross buses arrived in Aleppo's Mashad neighbourhood on Thursday."
    found = {(e.place_id, e.type) for e in ingest_text(text, date(2016, 12, 16), None, gazetteer, zone=ZONE).events}
    assert found == {("mashhad", "arrival")}


def test_should_read_a_movement_said_not_to_have_happened_as_a_halt(towns):
    assert places("Residents say no evacuation has taken place from Zabadani since Friday.", towns) == {("zabadani", "halt")}


def test_should_not_count_a_transfer_offered_in_exchange(towns):
    text = "On Saturday families were due to quit Foua in exchange for the transfer of fighters from Madaya."
    assert not places(text, towns)


def test_should_date_overnight_as_the_night_before_publication():
    from geo.ingest.dates import find_dates

    assert [(d.first, d.last) for d in find_dates("buses left overnight", SATURDAY)] == [(FRIDAY, SATURDAY)]


# who the people are, and what was only meant (sixth round) -----------------------------------

def test_should_take_evacuees_of_a_place_as_where_they_come_from_not_where_a_blast_hit(towns):
    text = "A blast on Saturday hit a convoy of evacuees of Foua on the outskirts of Aleppo."
    assert ("foua", "attack") not in places(text, towns)


def test_should_read_a_departure_in_a_past_perfect_relative_clause_as_who_people_are(towns):
    text = "On Saturday the coaches carried women and children who had been evacuated from Kefraya."
    assert places(text, towns) == set()


def test_should_read_a_participle_after_a_noun_as_who_people_are_once_an_event_was_told(towns):
    text = "A blast on Saturday hit coaches carrying families leaving Madaya."
    assert places(text, towns) == set()


def test_should_still_read_a_participle_after_with_as_what_happened(towns):
    text = "The operation got going on Friday, with hundreds of gunmen and relatives leaving Zabadani."
    assert ("zabadani", "departure") in places(text, towns, published=FRIDAY)


def test_should_give_no_departure_to_the_object_of_a_departure_only_meant(towns):
    text = "On Friday a column of empty coaches set off to evacuate Foua."
    assert ("foua", "departure") not in places(text, towns, published=FRIDAY)


def test_should_read_an_attack_that_is_condemned_as_referred_to_not_as_happening_that_day(towns):
    text = "On Tuesday the envoy condemned the bombing in Rashidin as a crime."
    assert ("rashidin", "attack") not in places(text, towns, published=date(2017, 4, 18))


def test_should_read_an_attack_named_by_is_a_as_what_it_was_not_a_new_one(towns):
    text = "On Tuesday a spokesman said it was an attack on unarmed families in Rashidin."
    assert ("rashidin", "attack") not in places(text, towns, published=date(2017, 4, 18))


# seventh round: precision and type agreement --------------------------------------------------

def december(text, gazetteer, published=date(2016, 12, 19), sides=None):
    return {(e.place_id, e.type) for e in ingest_text(text, published, None, gazetteer, zone=ZONE, sides=sides).events}


def test_should_read_leaving_a_divided_city_as_leaving_the_part_of_it_the_report_names(gazetteer):
    text = "Snow fell on eastern Aleppo overnight. On Sunday ten buses left Aleppo, and the operation stalled in Aleppo."
    assert december(text, gazetteer) == {("east_aleppo", "departure"), ("east_aleppo", "halt")}


def test_should_keep_the_divided_city_for_arrivals_and_where_no_part_of_it_is_named(gazetteer):
    assert december("On Sunday ten buses left Aleppo.", gazetteer) == {("aleppo", "departure")}
    text = "Snow fell on eastern Aleppo overnight. On Sunday ten buses from the north arrived in Aleppo."
    assert december(text, gazetteer) == {("aleppo", "arrival")}


@pytest.mark.parametrize("text", [
    "On Saturday the coaches were waiting in Rashidin with their engines off.",
    "Families had been waiting in Rashidin for more than two days by Saturday.",
    "On Saturday the waiting passengers slept in Rashidin.",
])
def test_should_read_vehicles_waiting_or_a_long_wait_as_a_halt(towns, text):
    assert places(text, towns) == {("rashidin", "halt")}


@pytest.mark.parametrize("text", [
    "On Saturday crowds were waiting in Rashidin for buses to come.",
    "On Saturday twenty coaches stood waiting to leave Rashidin.",
])
def test_should_keep_a_wait_before_leaving_a_gathering(towns, text):
    assert places(text, towns) == {("rashidin", "gathering")}


def test_should_read_a_place_near_another_named_just_before_as_locating_it(towns):
    assert places("On Saturday the evacuation of Foua and Kefraya near Idlib was halted.", towns) == {
        ("foua", "halt"), ("kefraya", "halt")}


def test_should_not_place_an_event_where_the_one_who_tells_of_it_is(towns):
    assert places("On Saturday a source in Aleppo said a blast had hit buses in Rashidin.", towns) == {
        ("rashidin", "attack")}


def test_should_read_a_place_before_a_word_for_people_as_who_they_are(towns):
    assert places("On Saturday a Zabadani resident said the buses stopped in Rashidin.", towns) == {("rashidin", "halt")}
    assert places("On Saturday the Foua and Kefraya families said the buses stopped in Rashidin.", towns) == {
        ("rashidin", "halt")}


def test_should_read_what_went_on_for_years_as_background(towns):
    assert places("On Saturday the governor hailed the end of the siege of Madaya after many years of fighting.",
                  towns) == set()


def test_should_not_carry_a_place_to_what_only_would_happen(towns):
    text = "Buses left Madaya on Saturday. An official said the evacuations would go on shortly."
    assert places(text, towns) == {("madaya", "departure")}


def test_should_read_what_follows_is_part_of_as_describing_it(towns):
    text = "Buses left Madaya on Saturday. The departure is part of a swap that diplomats say was brokered abroad."
    assert places(text, towns) == {("madaya", "departure")}


def test_should_not_carry_an_arrival_to_the_place_people_left(towns):
    assert places("On Saturday ten buses left Madaya. They reached their destination at night.", towns) == {
        ("madaya", "departure")}


def test_should_not_carry_a_toll_of_an_attack_already_told_as_a_new_event(towns):
    text = "A car bomb exploded in Rashidin on Saturday. Officials said 12 fighters were killed in the blast."
    assert places(text, towns) == {("rashidin", "attack")}


def test_should_not_read_where_people_only_travel_on_to_as_an_arrival(towns):
    assert places("On Saturday the convoy reached Rashidin to travel on to Idlib.", towns) == {("rashidin", "arrival")}


@pytest.mark.parametrize(("text", "expected"), [
    ("On Saturday the buses moved from Rashidin.", {("rashidin", "departure")}),
    ("Convoys were on the move in Zabadani on Saturday.", {("zabadani", "departure")}),
    ("On Saturday a long delay at Ramousah kept families on their buses.", {("ramousah", "halt")}),
    ("On Saturday buses carrying people from Foua moved from Rashidin.", {("rashidin", "departure")}),
    ("On Saturday buses left Madaya following days of delays.", {("madaya", "departure")}),
])
def test_should_read_moving_from_on_the_move_and_a_delay(towns, text, expected):
    assert places(text, towns) == expected


def test_should_not_read_a_deal_that_has_been_reached_as_an_arrival(towns):
    assert ("madaya", "arrival") not in places("On Saturday an agreement has been reached on Madaya.", towns)


def test_should_read_the_towns_of_a_report_that_names_two_as_those_two(towns):
    text = ("Shelling hit Foua and Kefraya on Thursday. "
            "On Saturday forty coaches drove out of the besieged towns.")
    assert {("foua", "departure"), ("kefraya", "departure")} <= places(text, towns)


def test_should_not_guess_the_towns_of_a_report_that_names_more_than_two(towns):
    text = ("Shelling hit Foua, Kefraya and Madaya on Thursday. "
            "On Saturday forty coaches drove out of the besieged towns.")
    assert not {("foua", "departure"), ("kefraya", "departure")} & places(text, towns)


def test_should_give_a_place_named_again_between_dashes_the_role_of_its_first_naming(towns):
    text = "On Saturday evacuees from two rebel-held towns — Madaya and Zabadani — were held up in Rashidin."
    found = ingest_text(text, SATURDAY, None, towns, zone=ZONE,
                        place_references={"two rebel-held towns": ("madaya", "zabadani")}).events
    # no halt in either town; their people held in Rashidin had left them (the eighth round's implied departure)
    assert {(e.place_id, e.type) for e in found} == {("rashidin", "halt"), ("madaya", "departure"),
                                                     ("zabadani", "departure")}


def test_should_type_a_place_by_the_verb_whose_preposition_leads_to_it(towns):
    found = places("On Friday a convoy arrived in Aleppo, evacuating 500 people from Foua.", towns, published=FRIDAY)
    assert ("aleppo", "arrival") in found and ("aleppo", "departure") not in found
