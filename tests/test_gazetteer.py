"""The gazetteer resolves every spelling of a place, and refuses what is not one."""

import json
from datetime import date

import pytest

from geo.errors import UnknownPlace
from geo.places.gazetteer import THRESHOLD, Gazetteer, Place

# every spelling the five reports use for a place where something happened
REPORT_SPELLINGS = {
    "al-Amiriyah": "amiriyah",
    "Amiriyah": "amiriyah",
    "Amerriye": "amiriyah",
    "Ramoussa": "ramousah",
    "Ramousah": "ramousah",
    "al-Sukkari": "sukkari",
    "Sukkari": "sukkari",
    "Rashedeen": "rashidin",
    "Rashideen": "rashidin",
    "Er-Rashidin": "rashidin",
    "East Aleppo": "east_aleppo",
    "eastern Aleppo": "east_aleppo",
    "West Aleppo": "west_aleppo",
    "Aleppo": "aleppo",
    "Idlib": "idlib",
    "Foua": "foua",
    "Kefraya": "kefraya",
    "Moscow": "moscow",
    "Damascus": "damascus",
    "Palmyra": "palmyra",
}

# spellings in none of the reports: other outlets' habits, other languages, Arabic script
OWN_SPELLINGS = {
    "Ar-Ramouseh": "ramousah",
    "ar Ramousa": "ramousah",
    "Ramouse": "ramousah",
    "AL-RAMOUSAH": "ramousah",
    "Rachidine": "rashidin",
    "al-Rashideen": "rashidin",
    "Arrashidin": "rashidin",
    "al-Amiriya": "amiriyah",
    "Amariya": "amiriyah",
    "Al-Amariyah": "amiriyah",
    "el-Amiriyeh": "amiriyah",
    "Alamiriyah": "amiriyah",
    "as-Sukkari": "sukkari",
    "Soukkari": "sukkari",
    "al-Fu'ah": "foua",
    "al-Fuʿah": "foua",
    "Fuah": "foua",
    "Kafriya": "kefraya",
    "Kefrayya": "kefraya",
    "Idleb": "idlib",
    "Halab": "aleppo",
    "حلب": "aleppo",
    "الرَّاموسة": "ramousah",
    "الراشدين": "rashidin",
    "إدلب": "idlib",
    "Zebdiyeh": "zebdiye",
    "az-Zebdiye": "zebdiye",
    "Bustan al-Kasr": "bustan_al_qasr",
    "Bustan el Qasr": "bustan_al_qasr",
    "al-Kallasa": "kallaseh",
    "Sheikh Said": "sheikh_saeed",
    "Shaikh Sa'id": "sheikh_saeed",
    "Salah ad-Din": "salah_al_din",
    "Salah Eddin": "salah_al_din",
    "al-Mashhad": "mashhad",
    "el-Mashhed": "mashhad",
}

NOT_PLACES = ["Rashid", "Amira", "Amara", "Omar", "Mari", "Idris", "Ramadan", "Kafr", "Sukkur", "Idaho", "bus", "the",
              "evacuation", "Assad", "Amir", "Ramos", "convoy", "Red Crescent", "Putin", "", "   ", "--", "1000"]


@pytest.mark.parametrize(("spelling", "place_id"), REPORT_SPELLINGS.items())
def test_should_resolve_every_spelling_the_reports_use(gazetteer, spelling, place_id):
    resolution = gazetteer.resolve(spelling)
    assert resolution.place is not None and resolution.place.id == place_id, resolution
    assert resolution.score >= THRESHOLD


@pytest.mark.parametrize(("spelling", "place_id"), OWN_SPELLINGS.items())
def test_should_resolve_spellings_in_no_report(gazetteer, spelling, place_id):
    resolution = gazetteer.resolve(spelling)
    assert resolution.place is not None and resolution.place.id == place_id, resolution


@pytest.mark.parametrize("query", NOT_PLACES)
def test_should_refuse_names_that_are_not_places(gazetteer, query):
    resolution = gazetteer.resolve(query)
    assert resolution.place is None, resolution
    assert resolution.matched_by is None


def test_should_suggest_the_nearest_places_for_an_unresolved_name(gazetteer):
    assert "rashidin" in gazetteer.resolve("Rashid").suggestions


def test_should_say_how_each_name_matched(gazetteer):
    assert gazetteer.resolve("ramousah").matched_by == "id"
    assert gazetteer.resolve("Ramousah").matched_by == "name"
    assert gazetteer.resolve("Ar-Ramousseh").matched_by == "transliteration"
    assert gazetteer.resolve("Ar-Ramouseh").matched_by == "alias"
    assert gazetteer.resolve("الراموسة").matched_by in ("arabic", "alias")


def test_should_rank_exact_matches_above_folded_ones(gazetteer):
    assert gazetteer.resolve("Ramousah").score > gazetteer.resolve("Ar-Ramousseh").score > THRESHOLD


def test_should_give_the_same_answer_every_time(gazetteer):
    answers = {json.dumps(gazetteer.resolve("Kfarya").to_json()) for _ in range(3)}
    assert len(answers) == 1


def test_should_raise_unknown_place_with_suggestions_for_a_bad_id(gazetteer):
    with pytest.raises(UnknownPlace) as caught:
        gazetteer["rashid"]
    assert isinstance(caught.value, LookupError)
    assert "rashidin" in caught.value.suggestions


def test_should_print_the_documented_json_for_a_resolution(gazetteer):
    assert set(gazetteer.resolve("Amerriye").to_json()) == {"query", "id", "name", "lat", "lon", "score", "matched_by"}
    assert gazetteer.resolve("Rashid").to_json()["id"] is None


def place(place_id: str, name: str, role: str = "event", aliases: tuple[str, ...] = ()) -> Place:
    return Place(place_id, name, "", "town", role, 36.0, 37.0, 1000, "centre", "test", "http://x", date(2026, 1, 1),
                 aliases=aliases)


def test_should_prefer_an_event_place_when_a_key_is_shared():
    gazetteer = Gazetteer([place("b_context", "Mina", role="context"), place("a_event", "Meena")])
    assert gazetteer.resolve("Mena").place.id == "a_event"


def test_should_refuse_two_places_with_one_id():
    with pytest.raises(ValueError, match="duplicate place id"):
        Gazetteer([place("x", "X"), place("x", "Y")])


def test_should_refuse_a_place_off_the_globe():
    with pytest.raises(ValueError, match="instead got"):
        Place("x", "X", "", "town", "event", 95.0, 0.0, 1, "", "", "", date(2026, 1, 1))



def test_should_build_once_per_gazetteer_and_not_keep_the_gazetteer_alive():
    import gc
    import weakref

    from geo.data import evidence
    from geo.places.gazetteer import per_gazetteer

    built = []
    counted = per_gazetteer(lambda g: built.append(g.__class__) or len(built))
    first, second = evidence.load().gazetteer, evidence.load().gazetteer
    assert (counted(first), counted(first), counted(second), counted(second)) == (1, 1, 2, 2)
    gone = weakref.ref(first)
    del first
    gc.collect()
    assert gone() is None
