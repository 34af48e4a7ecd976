"""The day a sentence speaks of (geo/ingest/ongoing.py, leads.py), each on a sentence written here: a
sentence with no day of its own told in the present tense or present perfect tells a state that still held when the
report was written, so the day written before it only begins a span that runs up to publication
(:mod:`geo.ingest.ongoing`)."""

from datetime import date

import pytest

from geo.ingest.dates import DAY, WEEK, DateMention
from geo.ingest.ongoing import present, until_published
from geo.ingest.report import ingest_text
from tests.conftest import ZONE
from tests.test_ingest_rules import FRIDAY, SATURDAY

THURSDAY = date(2017, 4, 13)


def events(text, gazetteer, published=SATURDAY):
    return {(e.place_id, e.type, e.date, e.last) for e in ingest_text(text, published, None, gazetteer, zone=ZONE).events}


def on(day):
    return DateMention("on Friday", 0, 9, day, day, DAY)


@pytest.mark.parametrize("low", [
    "hundreds of families are still waiting at the crossing",
    "the coaches have been stuck at the garage",
    "most of the families are being transferred to camps in the north",
    "the convoy has now left the town",
])
def test_should_read_an_event_told_in_the_present_or_present_perfect_as_ongoing(low):
    assert present(low)


@pytest.mark.parametrize("low", [
    "hundreds of families were still waiting at the crossing",
    "the coaches had been stuck at the garage",
    "the convoy left the town",
    "the mayor says the town is quiet",  # no event at all
])
def test_should_not_read_a_past_or_absent_event_as_ongoing(low):
    assert not present(low)


def test_should_stretch_the_day_before_a_present_tense_sentence_up_to_publication():
    stretched = until_published("The coaches are still stuck at the garage.", (), on(THURSDAY), SATURDAY)
    assert (stretched.first, stretched.last, stretched.precision) == (THURSDAY, SATURDAY, WEEK)


@pytest.mark.parametrize(("low", "when"), [
    ("the coaches were stuck at the garage", on(THURSDAY)),  # past tense: that day
    ("the coaches are still stuck at the garage", on(SATURDAY)),  # already the day of publication
    ("the coaches are still stuck at the garage", None),  # before any date: publication already
])
def test_should_keep_the_day_of_a_past_tense_sentence_or_one_reaching_publication(low, when):
    assert until_published(low, (), when, SATURDAY) == when


def test_should_keep_the_date_a_sentence_takes_when_it_has_a_day_of_its_own():
    assert until_published("The coaches are still stuck at the garage on Friday.", (on(FRIDAY),), on(THURSDAY),
                           SATURDAY) == on(THURSDAY)


def test_should_date_a_wait_told_in_the_present_from_the_day_before_it_to_publication(towns):
    text = "The buses pulled out of Foua on Friday. The buses have been stuck in Rashidin ever since."
    assert ("rashidin", "halt", FRIDAY, SATURDAY) in events(text, towns)


def test_should_keep_the_day_before_a_wait_told_in_the_past(towns):
    text = "The buses pulled out of Foua on Friday. The buses were stuck in Rashidin for hours."
    assert ("rashidin", "halt", FRIDAY, FRIDAY) in events(text, towns)
