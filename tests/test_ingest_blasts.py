"""The type of a place where an attack hit (geo/ingest/blasts.py), each on a
sentence written here: an explosive "set off" is no departure, an attacker's arrival is the attack, and a wait or
a transfer told only as what the people hit were doing gives its place the attack."""

import pytest

from geo.ingest import blasts
from geo.ingest.reading import read
from geo.ingest.report import ingest_text
from tests.conftest import ZONE
from tests.test_ingest_rules import SATURDAY


def types_at(text, gazetteer, place_id):
    return {e.type for e in ingest_text(text, SATURDAY, None, gazetteer, zone=ZONE).events if e.place_id == place_id}


def retyped(sentence, kind_of_trigger):
    reading = read(sentence)
    trigger = next(t for t in reading.triggers if t.type == kind_of_trigger)
    return blasts.retyped(reading, trigger, trigger.type)


@pytest.mark.parametrize("sentence", [
    "Near noon a homemade device was set off beside the coaches in Rashidin.",
    "A man set off a hidden bomb next to the coaches in Rashidin on Friday.",
])
def test_should_read_an_explosive_set_off_as_an_attack(sentence):
    assert retyped(sentence, "departure") == "attack"


def test_should_keep_a_convoy_that_set_off_a_departure():
    assert retyped("The convoy set off from Rashidin at dawn on Friday.", "departure") == "departure"


def test_should_read_an_attackers_arrival_as_the_attack():
    assert retyped("On Friday the bomber arrived at the parked coaches in Rashidin.", "arrival") == "attack"


def test_should_read_an_attacker_driving_up_as_the_attack():
    assert retyped("On Friday the bomber drove up to the parked coaches in Rashidin.", "departure") == "attack"


@pytest.mark.parametrize(("sentence", "kind_of_trigger"), [
    ("On Friday the families arrived at the parked coaches in Rashidin.", "arrival"),
    ("On Friday 400 gunmen and their families left the eastern districts.", "departure"),  # the evacuated, so called
])
def test_should_keep_the_movement_of_people_evacuated_its_type(sentence, kind_of_trigger):
    assert retyped(sentence, kind_of_trigger) == kind_of_trigger


@pytest.mark.parametrize(("sentence", "kind_of_trigger"), [
    ("On Friday a blast tore through the coaches as the families waited in Rashidin.", "gathering"),
    ("On Friday a bomb killed ten people in Rashidin, all of them being transferred to the north.", "transfer"),
    ("On Friday a rocket killed four people who waited by the road in Rashidin.", "gathering"),
    ("While they waited in Rashidin on Friday, the coaches were shelled.", "gathering"),  # the clause opens the sentence
])
def test_should_read_what_the_people_hit_were_doing_as_the_attack(sentence, kind_of_trigger):
    assert retyped(sentence, kind_of_trigger) == "attack"


def test_should_keep_a_wait_no_attack_hit_a_gathering():
    assert retyped("On Friday the families waited in Rashidin as the coaches were cleaned.", "gathering") == "gathering"


def test_should_keep_a_wait_of_the_main_clause_a_gathering():
    sentence = "The families waited in Rashidin on Friday, while shelling went on in the hills."
    assert retyped(sentence, "gathering") == "gathering"


def test_should_give_the_place_of_a_wait_hit_by_a_blast_the_attack(towns):
    text = "On Friday a blast tore through the coaches as the families waited in Rashidin."
    assert types_at(text, towns, "rashidin") == {"attack"}


def test_should_give_the_place_of_an_explosive_set_off_the_attack(towns):
    text = "On Friday a homemade device was set off beside the coaches in Rashidin."
    assert types_at(text, towns, "rashidin") == {"attack"}


def test_should_give_a_place_told_in_the_sentence_before_the_attack_of_an_explosive_set_off(towns):
    text = "On Friday the families waited in Rashidin. Near noon a homemade device was set off beside the coaches."
    assert "attack" in types_at(text, towns, "rashidin")
    assert "departure" not in types_at(text, towns, "rashidin")

