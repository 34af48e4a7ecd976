"""Places a report means without naming them ("the two villages"), read from a case's place_references.csv;
each rule on a sentence written here."""

import csv
from datetime import date

import pytest

from geo.data import evidence, validation
from geo.ingest.references import ReferenceFinder
from geo.ingest.report import ingest_text
from tests.conftest import DATA, ZONE

FRIDAY = date(2017, 4, 14)
REFERENCES = {  # written here, not read from the shipped file, so the rules are tested apart from the data
    "the two villages": ("foua", "kefraya"),
    "the two towns near damascus": ("madaya", "zabadani"),
    "the transit point": ("rashidin",),
}


@pytest.fixture(scope="module")
def towns():
    """The April 2017 case's gazetteer: Foua, Kefraya, Madaya, Zabadani, Rashidin, Ramousah, Aleppo."""
    return evidence.load(DATA, case="four-towns-2017-04").gazetteer


def places(text, gazetteer, references=REFERENCES):
    report = ingest_text(text, FRIDAY, None, gazetteer, zone=ZONE, place_references=references)
    return {(e.place_id, e.type) for e in report.events}


def test_should_read_a_listed_phrase_as_each_place_it_means(towns):
    text = "On Friday a long line of coaches pulled out of the two villages before sunrise."
    assert places(text, towns) == {("foua", "departure"), ("kefraya", "departure")}


def test_should_read_no_phrase_where_the_case_lists_none(towns):
    text = "On Friday a long line of coaches pulled out of the two villages before sunrise."
    assert places(text, towns, references={}) == set()


def test_should_keep_a_name_inside_a_phrase_part_of_the_phrase(towns):
    text = "Gunmen and their relatives left the two towns near Damascus on Friday."
    assert places(text, towns) == {("madaya", "departure"), ("zabadani", "departure")}


def test_should_let_a_name_just_after_the_phrase_say_where(towns):
    text = "The coaches were stuck for the whole night at the transit point in Ramousah."
    assert {place for place, _ in places(text, towns)} == {"ramousah"}


def test_should_match_a_phrase_across_line_breaks_and_capitals_but_not_inside_a_longer_word():
    finder = ReferenceFinder({"the transit point": ("rashidin",)})
    text = "Reached The transit\npoint; not the transit points' list nor athe transit point."
    assert [(m.start, m.place_id) for m in finder.find(text, 0, len(text))] == [(8, "rashidin")]


def test_should_prefer_the_longer_of_two_phrases_that_overlap():
    finder = ReferenceFinder({"the villages": ("foua", "kefraya"), "the villages near idlib": ("foua",)})
    text = "Buses reached the villages near Idlib."
    assert [(m.text, m.place_id) for m in finder.find(text, 0, len(text))] == [("the villages near Idlib", "foua")]


@pytest.mark.parametrize("case", ["aleppo-2016-12", "four-towns-2017-04"])
def test_should_load_every_phrase_a_shipped_case_lists(case):
    with open(DATA / case / "place_references.csv", encoding="utf-8", newline="") as rows:
        expected = {r["phrase"]: tuple(r["places"].split("|")) for r in csv.DictReader(rows)}
    assert evidence.load(DATA, case=case).place_references == expected


@pytest.mark.parametrize(("column", "value", "said"), [
    ("places", "foua|nowhere_town", "'nowhere_town' is not an id in gazetteer.csv"),
    ("phrase", "The  Two Villages", "expected lower-case words with one space between them"),
])
def test_should_refuse_a_reference_row_naming_an_unknown_place_or_a_phrase_ingest_cannot_match(
        tmp_path, column, value, said):
    import shutil

    case = tmp_path / "case"
    shutil.copytree(DATA / "four-towns-2017-04", case)
    path = case / "place_references.csv"
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    rows[0][column] = value
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    problems = validation.validate(case)
    assert any(p.file == "place_references.csv" and p.line == 2 and p.column == column and said in p.message
               for p in problems)
