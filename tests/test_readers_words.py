"""Summaries speak to the reader (geo/data/readers_words.py): none of the shipped cases' summaries speaks of the data's
files or columns, and validate refuses one that does, naming its line and the words."""

from __future__ import annotations

import pytest

from geo.data.readers_words import data_talk
from geo.data.validation import validate
from tests import csv_rows
from tests.conftest import DATA


@pytest.mark.parametrize("case", ["aleppo-2016-12", "four-towns-2017-04"])
def test_should_keep_every_shipped_summary_in_a_readers_words(case):
    # checked with plain string tests, not with geo's pattern: no summary names a file, the gazetteer or a precision code
    for row in csv_rows.rows("events.csv", DATA / case):
        text = row["summary"].lower()
        assert ".csv" not in text and "gazetteer" not in text and "precision (" not in text, (row["id"], row["summary"])


@pytest.mark.parametrize(("summary", "words"), [
    ("events.csv needs a place, so the statement stands at its subject.", "events.csv"),
    ("It stands at east Aleppo with the coarsest precision (3).", "coarsest precision"),
    ("The gazetteer keeps Moscow as context only.", "gazetteer"),
    ("Buses left Foua at dawn.", None),
    ("The precision of the strike was disputed.", None),
])
def test_should_find_words_that_speak_of_the_data(summary, words):
    assert data_talk(summary) == words


def test_should_refuse_a_summary_that_speaks_of_the_data_naming_its_line(data_copy):
    events = data_copy / "events.csv"
    lines = events.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace("On Monday Russia", "As events.csv needs a place, on Monday Russia", 1)  # e003
    assert "events.csv needs" in lines[3]
    events.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems = [p for p in validate(data_copy) if p.column == "summary"]
    assert [(p.file, p.line) for p in problems] == [("events.csv", 4)]
    assert "'events.csv'" in problems[0].message and "event_notes.csv" in problems[0].message


def test_should_hold_a_note_for_every_event_whose_reasoning_left_its_summary():
    notes = {r["event_id"]: r["note"] for r in csv_rows.rows("event_notes.csv", DATA / "aleppo-2016-12")}
    # the twelve statements whose place no report gives (or Moscow, kept as context) and e021, e025, e030, e035
    assert {"e003", "e005", "e011", "e017", "e018", "e019", "e020", "e023", "e039", "e040", "e041", "e042"} <= set(notes)
    assert "Moscow" in notes["e020"]
