"""What a clause hanging on another tells (geo/ingest/clauses.py, since.py), each on a sentence written
here: a day after "since" begins a span that runs up to the report's day; what a speaker at a place says happened
"there" happened at that place; a movement told in passing ("after leaving X") is an event of its own."""

from datetime import date

import pytest

from geo.ingest.clauses import passing, told_there
from geo.ingest.dates import DAY, WEEK, find_dates
from geo.ingest.report import ingest_text
from geo.ingest.triggers import triggers
from tests.conftest import ZONE
from tests.test_ingest_rules import FRIDAY, SATURDAY

SUNDAY = date(2017, 4, 16)
SUNDAY_DEC, MONDAY_DEC, WEDNESDAY_DEC = date(2016, 12, 18), date(2016, 12, 19), date(2016, 12, 21)
THURSDAY_DEC = date(2016, 12, 15)


def spans(text, published=SATURDAY):
    return [(d.first, d.last, d.precision) for d in find_dates(text, published)]


def events(text, gazetteer, published=SATURDAY):
    return {(e.place_id, e.type, e.date, e.last) for e in ingest_text(text, published, None, gazetteer, zone=ZONE).events}


@pytest.mark.parametrize(("text", "published", "first"), [
    ("The coaches have stood still since late on Friday.", SATURDAY, FRIDAY),
    ("The coaches have stood still since the morning of Friday, April 14, at the garage.", SUNDAY, FRIDAY),
    ("Another 900 people went out since midnight on Sunday.", MONDAY_DEC, SUNDAY_DEC),
    ("Since Thursday December 15th the two agencies have moved many people.", WEDNESDAY_DEC, THURSDAY_DEC),
    ("People have queued there since yesterday.", SATURDAY, FRIDAY),
])
def test_should_read_a_day_after_since_as_a_span_up_to_publication(text, published, first):
    assert spans(text, published) == [(first, published, WEEK)]


def test_should_read_a_day_told_again_after_a_since_span_as_part_of_it():
    assert spans("They have been parked since the morning of yesterday, Friday the 14th of April.") == [
        (FRIDAY, SATURDAY, WEEK)]


@pytest.mark.parametrize(("text", "expected"), [
    ("The buses left the town on Friday.", [(FRIDAY, FRIDAY, DAY)]),  # no "since": the day itself
    ("They have waited since this morning.", [(SATURDAY, SATURDAY, DAY)]),  # began the day the report was written
])
def test_should_keep_a_day_without_since_or_on_publication_a_day(text, expected):
    assert spans(text) == expected


def test_should_give_a_place_after_a_since_span_the_whole_span(towns):
    text = "A car bomb hit the coaches waiting in Rashidin, which had been stopped there since the morning of yesterday."
    assert events(text, towns) == {("rashidin", "halt", FRIDAY, SATURDAY)}


def test_should_place_what_a_speaker_says_happened_there_at_the_speakers_place(towns):
    text = "A man speaking by phone from the garage in Rashidin said the families had been stuck there since Friday."
    assert events(text, towns) == {("rashidin", "halt", FRIDAY, SATURDAY)}


@pytest.mark.parametrize(("text", "expected"), [
    ("a man speaking from x said the families had been stuck there since friday", True),
    ("a man speaking from x said the families had been stuck for hours", False),  # no "there": where it was said
    ("a man speaking from x said there was no food", False),  # "there" of no event
])
def test_should_tell_there_only_after_the_verb_of_an_event(text, expected):
    assert told_there(text, triggers(text)) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("On Saturday the coaches were stuck in Rashidin after leaving Foua on Friday.",  # each clause its own day
     {("rashidin", "halt", SATURDAY, SATURDAY), ("foua", "departure", FRIDAY, FRIDAY)}),
    ("On Saturday the convoy was held up in Rashidin after being evacuated from Kefraya.",
     {("rashidin", "halt", SATURDAY, SATURDAY), ("kefraya", "departure", SATURDAY, SATURDAY)}),
    ("On Saturday the coaches were stuck in Rashidin after having left Madaya.",
     {("rashidin", "halt", SATURDAY, SATURDAY), ("madaya", "departure", SATURDAY, SATURDAY)}),
    ("On Saturday families were stranded near Aleppo since leaving Zabadani.",
     {("aleppo", "halt", SATURDAY, SATURDAY), ("zabadani", "departure", SATURDAY, SATURDAY)}),
])
def test_should_read_a_movement_told_in_passing_as_an_event_at_its_own_place(towns, text, expected):
    assert events(text, towns) == expected


def test_should_keep_a_movement_named_by_a_noun_after_after_as_the_scene(towns):
    text = "On Saturday the coaches were stuck in Rashidin after the evacuation of Foua."
    assert events(text, towns) == {("rashidin", "halt", SATURDAY, SATURDAY)}


@pytest.mark.parametrize(("text", "word", "expected"), [
    ("stuck after leaving x", "leaving", True),
    ("stuck upon being evacuated from x", "evacuated", True),
    ("stuck after the departure from x", "departure", False),  # a noun: the scene
    ("stuck after bombing x", "bombing", False),  # not a movement or halt
    ("they left before leaving x", "leaving", False),  # "before": not yet happened
])
def test_should_tell_a_participle_after_after_since_or_upon_in_passing(text, word, expected):
    start = text.index(word)
    kind = "attack" if word == "bombing" else "departure"
    assert passing(text, kind, start, start + len(word)) is expected
