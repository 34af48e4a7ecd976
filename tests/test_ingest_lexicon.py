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
    assert len(arrivals) == 24 and arrivals[0] == "arriv(?:e|ed|es|ing|al)"


def test_should_name_a_lookahead_the_lexicon_does_not_know():
    with pytest.raises(IngestError, match=r"lexicon.toml: <OUT>: expected one of FROM"):
        lexicon.trigger_words("departure", {"FROM": ""})


@pytest.mark.parametrize(("extra", "key", "value"), [("", "type", "evacuation"), ('to = "arival"\n', "to", "arival")])
def test_should_refuse_a_type_ingest_does_not_give(tmp_path, monkeypatch, extra, key, value):
    file = tmp_path / "lexicon.toml"
    kind = "evacuation" if key == "type" else "departure"
    file.write_text(f'[[trigger]]\ntype = "{kind}"\nwords = "left"\nexample = "They left X."\nplace = "x"\n{extra}',
                    encoding="utf-8")
    monkeypatch.setattr(lexicon, "LEXICON", file)
    lexicon._table.cache_clear()
    lexicon.trigger_entries.cache_clear()
    try:
        with pytest.raises(IngestError, match=rf"lexicon.toml: trigger 1 \('left'\): {key}: '{value}' is not an event type"):
            lexicon.trigger_entries()
    finally:
        lexicon._table.cache_clear()
        lexicon.trigger_entries.cache_clear()


def test_should_give_every_entry_a_type_ingest_knows():
    known = {"gathering", "departure", "arrival", "transfer", "halt", "attack", "clash", "advance", "ceasefire",
             "demining", "statement"}  # the types the lexicon's head and triggers.TRIGGERS name
    assert {e.type for e in ENTRIES} | {e.to for e in ENTRIES if e.to} <= known


def test_should_know_every_type_a_trigger_gives():
    from geo.ingest.vocabulary import EventKind

    assert {kind for kind, _ in triggers.TRIGGERS} == set(EventKind)
