"""Place names in more of their common forms (geo/ingest/mentions.py), each on a sentence written here.

The ʿayn some outlets write as h ("Foha"), a quarter named without its compass word ("Ansari" for
East al-Ansari), and a crossing point called by another word for it ("the Ramousa checkpoint").
"""

from datetime import date

import pytest

from geo.app.find import answer
from geo.data import evidence
from geo.ingest.mentions import find_mentions
from geo.ingest.report import ingest_text
from geo.places import names
from geo.places.gazetteer import Gazetteer, Place
from tests.conftest import DATA, ZONE

FRIDAY_DEC = date(2016, 12, 16)


@pytest.fixture(scope="module")
def december():
    """The December 2016 case: its gazetteer and the phrases its place_references.csv lists."""
    return evidence.load(DATA, case="aleppo-2016-12")


def place(place_id, name, *aliases):
    return Place(id=place_id, name=name, name_local="", kind="neighbourhood", role="event", lat=36.2, lon=37.1,
                 precision_m=1000, point="test point", coord_source="written for this test",
                 coord_source_url="https://example.org", retrieved=date(2026, 12, 1), aliases=aliases)


@pytest.mark.parametrize("spelling", ["Foha", "al-Foha", "Fouha"])
def test_should_fold_an_h_before_the_last_vowel_as_the_letter_it_stands_for(spelling):
    assert names.latin_key(spelling) == names.latin_key("Fua") == names.latin_key("al-Fu'ah")


def test_should_keep_an_h_that_is_not_before_the_last_vowel():
    assert names.latin_key("Sahara") != names.latin_key("Saara")


@pytest.mark.parametrize("spelling", ["Ramousa checkpoint", "Ar-Ramouseh crossing", "Ramousah highway junction",
                                      "Ramouseh crossing point", "al-Ramoussa roundabout"])
def test_should_fold_the_words_for_a_crossing_point_to_one_mark(spelling):
    assert names.latin_key(spelling) == names.latin_key("Ramouseh crossing") != names.latin_key("Ramouseh")


@pytest.mark.parametrize("spelling", ["East al-Ansari", "al-Ansari al-Sharqi", "Ansari East", "Eastern Ansari"])
def test_should_give_a_name_without_its_compass_word_as_its_core(spelling):
    assert names.core(spelling) == names.latin_key("Ansari")


def test_should_give_no_core_to_a_name_without_a_compass_word():
    assert names.core("al-Ansari") is None
    assert names.core("East") is None


def test_should_resolve_a_quarter_named_without_its_compass_word():
    gazetteer = Gazetteer([place("qasr_east", "East al-Qasr"), place("town", "Halab")])
    resolution = gazetteer.resolve("Al-Qasr")
    assert (resolution.place.id, resolution.matched_by) == ("qasr_east", "core")


def test_should_keep_a_name_that_is_a_place_of_its_own_when_a_quarter_of_it_has_a_compass_word():
    gazetteer = Gazetteer([place("city", "Halab"), place("city_east", "East Halab")])
    assert gazetteer.resolve("Halab").place.id == "city"


def test_should_resolve_no_core_that_two_places_share():
    gazetteer = Gazetteer([place("qasr_east", "East al-Qasr"), place("qasr_west", "West al-Qasr")])
    assert gazetteer.resolve("Qasr").place is None


def test_should_read_a_crossing_point_called_by_another_word_for_it(december):
    found = find_mentions("At dawn the buses stood at the southern Ramousa checkpoint for hours.", december.gazetteer)
    assert [(m.text, m.place_id) for m in found] == [("Ramousa checkpoint", "ramouseh_crossing")]


def test_should_read_a_name_alone_when_the_crossing_words_after_it_make_no_place(december):
    found = find_mentions("Gunmen stopped a car near the Rashidin checkpoint.", december.gazetteer)
    assert [(m.text, m.place_id) for m in found] == [("Rashidin", "rashidin")]


def test_should_find_towns_spelt_with_h_for_the_ayn_and_quarters_without_compass_words(december):
    text = "Few people stayed in Foha; buses also took families out of Ansari and Zebdiye."
    found = find_mentions(text, december.gazetteer)
    assert [(m.text, m.place_id) for m in found] == [("Foha", "foua"), ("Ansari", "ansari_east"),
                                                     ("Zebdiye", "zebdiye")]


def test_should_place_an_arrival_at_a_crossing_point_named_by_another_word(december):
    text = "On Friday buses carrying the wounded reached the Ramousa checkpoint."
    found = ingest_text(text, FRIDAY_DEC, None, december.gazetteer, zone=ZONE, sides={},
                        place_references=december.place_references).events
    assert {(e.place_id, e.type) for e in found} == {("ramouseh_crossing", "arrival")}


@pytest.mark.parametrize(("query", "place_id"), [("Al-Ansari", "ansari_east"), ("Ramousah highway junction",
                                                  "ramouseh_crossing"), ("al-Foha", "foua")])
def test_should_find_in_the_gazetteer_the_forms_ingest_reads(december, query, place_id):
    said = answer(query, december.gazetteer, online=False, off=None, problem=None, found=None).said
    assert said[0][0] == "success" and f"({place_id})" in said[0][1]


def test_should_match_no_consonant_skeleton_that_two_places_share():
    gazetteer = Gazetteer([place("east_qasr", "East Qasrin"), place("west_qasr", "West Qasrin"),
                           place("sukkari", "Sukkari")])
    assert gazetteer.resolve("Ost Qasrin").place is None  # s-t-k-s-r-n, as "East Qasrin" and "West Qasrin" are
    resolution = gazetteer.resolve("Sukary")  # s-k-r, one place's alone
    assert (resolution.place.id, resolution.matched_by) == ("sukkari", "consonants")


@pytest.mark.parametrize("query", ["Noah", "Taha", "Doha", "Fatah", "Sahara", "Eastern", "South", "Ansar",
                                   "Border crossing", "the crossing", "Sunday crossing", "Rashidin checkpoint"])
def test_should_resolve_no_word_or_name_the_new_forms_could_be_mistaken_for(december, query):
    assert december.gazetteer.resolve(query).place is None
