"""The lexicon (geo/ingest/lexicon.toml): every entry's example sentence finds the event it says, through its words."""

import re
from datetime import date

import pytest

from geo.errors import IngestError
from geo.holdings import sides_ever
from geo.ingest import ingest_text, lexicon, triggers
from geo.ingest.cleaning import lowered
from tests.conftest import ZONE

ENTRIES = lexicon.trigger_entries()


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e.type}:{e.words}" for e in ENTRIES])
def test_should_find_the_event_each_trigger_entry_gives_in_its_example(entry, shipped):
    words = re.sub(r"<([A-Z]+)>", lambda m: triggers.LOOKAHEADS[m[1]], entry.words)
    assert re.search(rf"(?<!\w)(?:{words})\b", lowered(entry.example)), "the example does not hold the entry's words"
    report = ingest_text(entry.example, date(2016, 12, 17), None, shipped.gazetteer, zone=ZONE,
                         sides=sides_ever(shipped.holdings), place_references=shipped.place_references)
    assert (entry.place, entry.to or entry.type) in {(e.place_id, e.type) for e in report.events}, report.events


def test_should_place_every_example_at_a_place_of_the_shipped_case(shipped):
    assert all(e.place in shipped.gazetteer for e in ENTRIES)


def test_should_join_a_types_entries_in_the_files_order():
    arrivals = [e.words for e in ENTRIES if e.type == "arrival"]
    assert dict(triggers.TRIGGERS)["arrival"] == "|".join(arrivals)
    assert len(arrivals) == 21 and arrivals[0] == "arriv(?:e|ed|es|ing|al)"


def test_should_name_a_lookahead_the_lexicon_does_not_know():
    with pytest.raises(IngestError, match=r"lexicon.toml: <OUT>: expected one of FROM"):
        lexicon.trigger_words("departure", {"FROM": ""})
