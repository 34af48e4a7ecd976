"""A gazetteer.csv row for an accepted online result: in the documented schema, loadable, never unchecked."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

import pytest

from geo.data import evidence, newplace, validation
from geo.places.geocode import Geocoded

GOOD = Path(__file__).resolve().parent / "bad_inputs" / "good"
FOUND = Geocoded("Hanadarat", 36.2625, 37.1608, "Handarat, Aleppo, Syria", osm="node/123")
FILLED = {"place_id": "handarat", "name": "Handarat", "name_local": "حندرات", "name_local_lang": "ar", "kind": "town",
          "role": "event", "precision_m": 1500, "retrieved": date(2026, 12, 1)}


@pytest.fixture(scope="module")
def gazetteer():
    return evidence.load(GOOD).gazetteer


def test_should_refuse_a_result_no_person_has_accepted(gazetteer):
    with pytest.raises(ValueError, match="unverified; a person must accept it"):
        newplace.gazetteer_row(FOUND, gazetteer, **FILLED)


def test_should_load_the_row_back_as_a_place_through_the_data_loaders(gazetteer, tmp_path):
    data, problems = newplace.gazetteer_row(FOUND.accept(), gazetteer, **FILLED)
    assert problems == []
    folder = tmp_path / "data"
    shutil.copytree(GOOD, folder)
    with (folder / "gazetteer.csv").open("a", encoding="utf-8") as out:
        out.write(data.decode("utf-8").splitlines()[1] + "\n")
    assert validation.validate(folder) == []
    place = evidence.load(folder).gazetteer.lookup("Hanadarat")
    assert (place.id, place.lat, place.lon, place.precision_m) == ("handarat", 36.2625, 37.1608, 1500)
    assert place.coord_source == "OpenStreetMap Nominatim, node/123"
    assert place.coord_source_url == "https://www.openstreetmap.org/node/123"
    assert place.aliases == ("Hanadarat",) and place.retrieved == date(2026, 12, 1)


def test_should_list_what_the_accepting_person_has_not_given(gazetteer):
    missing = {**FILLED, "name_local": " ", "kind": None, "role": None, "precision_m": None}
    _, problems = newplace.gazetteer_row(FOUND.accept(), gazetteer, **missing)
    # a local name may be left empty (a new region's places may have none known yet); kind, role and precision may not
    assert [(p.line, p.column) for p in problems] == [(2, "kind"), (2, "role"), (2, "precision_m")]


def test_should_refuse_an_id_the_gazetteer_holds_or_one_that_is_no_slug(gazetteer):
    _, problems = newplace.gazetteer_row(FOUND.accept(), gazetteer, **{**FILLED, "place_id": "amiriyah"})
    assert [str(p) for p in problems] == ["gazetteer.csv:2: id: 'amiriyah' is already a place in the gazetteer"]
    _, problems = newplace.gazetteer_row(FOUND.accept(), gazetteer, **{**FILLED, "place_id": "Hand Arat"})
    assert [(p.column, "expected an id" in p.message) for p in problems] == [("id", True)]


def test_should_point_to_a_search_when_the_result_names_no_osm_object(gazetteer):
    found = Geocoded("Handarat camp", 36.26, 37.16, "Handarat camp, Syria")
    data, problems = newplace.gazetteer_row(found.accept(), gazetteer, **FILLED)
    assert problems == []
    assert "https://nominatim.openstreetmap.org/ui/search.html?q=Handarat%20camp" in data.decode()


def test_should_suggest_a_new_slug_from_the_name(gazetteer):
    assert newplace.place_name(FOUND) == "Handarat"
    assert newplace.suggest_id("Sheikh Sa'eed", gazetteer) == "sheikh_saeed"
    assert newplace.suggest_id("Amiriyah", gazetteer) == "amiriyah_2"
    assert newplace.suggest_id("حندرات", gazetteer) == "place"


def test_should_refuse_to_append_to_a_file_with_another_header(gazetteer):
    from geo.data.newplace import Located, appended, new_row

    located = Located(36.26, 37.16, "placed by hand: a test", "placed by hand, not an authority record: a test",
                      "https://www.openstreetmap.org/?mlat=36.26&mlon=37.16#map=16/36.26/37.16")
    row, problems = new_row(located, gazetteer, **FILLED)
    assert problems == []
    whole, problems = appended(b"id,name\nx,X\n", row)
    assert whole == b"id,name\nx,X\n" and [(p.line, "expected the header" in p.message) for p in problems] == [(1, True)]
