"""place_sources.csv: every coordinate consulted, and the precision rule evacmap validate checks."""

import csv
import math

import pytest

from geo.data import validation
from tests.conftest import DATA
from tests.test_evidence import rewrite


def metres(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance on a sphere of the mean Earth radius (haversine), written out here."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6_371_008.8 * math.asin(math.sqrt(h))


def rows(path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


# every shipped case that keeps a place_sources.csv
CASES = sorted(p.parent for p in DATA.glob("*/place_sources.csv"))


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_should_draw_each_circle_around_every_credible_source_of_its_place(case):
    places = {p["id"]: p for p in rows(case / "gazetteer.csv")}
    consulted = [r for r in rows(case / "place_sources.csv") if r["credible"] == "yes"]
    assert consulted
    for row in consulted:
        place = places[row["place"]]
        distance = metres((float(place["lat"]), float(place["lon"])), (float(row["lat"]), float(row["lon"])))
        # 0.5% slack: the sphere here, the WGS 84 ellipsoid in the code
        assert distance <= int(place["precision_m"]) * 1.005, (row["place"], row["source"], distance)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_should_take_each_point_from_one_of_its_credible_sources(case):
    places = {p["id"]: p for p in rows(case / "gazetteer.csv")}
    consulted = [r for r in rows(case / "place_sources.csv") if r["credible"] == "yes"]
    for place_id in {r["place"] for r in consulted}:
        point = (float(places[place_id]["lat"]), float(places[place_id]["lon"]))
        nearest = min(metres(point, (float(r["lat"]), float(r["lon"]))) for r in consulted if r["place"] == place_id)
        assert nearest < 5, place_id


def test_should_check_the_place_sources_of_both_shipped_cases():
    assert {c.name for c in CASES} >= {"aleppo-2016-12", "four-towns-2017-04"}


def test_should_name_the_gazetteer_line_and_the_source_row_a_too_small_circle_misses(data_copy):
    gazetteer = rows(data_copy / "gazetteer.csv")
    index = next(i for i, p in enumerate(gazetteer) if p["id"] == "ramousah")
    line = rewrite(data_copy / "gazetteer.csv", index, "precision_m", "1500")
    source_line = 2 + next(i for i, r in enumerate(rows(data_copy / "place_sources.csv"))
                           if r["place"] == "ramousah" and "video point" in r["source"])
    found = [p for p in validation.validate(data_copy) if p.file == "gazetteer.csv"]
    assert [(p.line, p.column) for p in found] == [(line, "precision_m")]
    assert f"place_sources.csv:{source_line}" in found[0].message and "1,500 m" in found[0].message


def test_should_refuse_a_point_that_is_no_credible_sources_point(data_copy):
    gazetteer = rows(data_copy / "gazetteer.csv")
    index = next(i for i, p in enumerate(gazetteer) if p["id"] == "amiriyah")
    line = rewrite(data_copy / "gazetteer.csv", index, "lat", "36.1750")
    found = [(p.file, p.line, p.column) for p in validation.validate(data_copy)]
    assert ("gazetteer.csv", line, "lat") in found and ("gazetteer.csv", line, "precision_m") not in found


def test_should_ignore_a_source_marked_not_credible(data_copy):
    consulted = rows(data_copy / "place_sources.csv")
    index = next(i for i, r in enumerate(consulted) if r["credible"] == "no")
    rewrite(data_copy / "place_sources.csv", index, "lat", "36.5")
    assert validation.validate(data_copy) == []


def test_should_accept_a_folder_without_place_sources(data_copy):
    (data_copy / "place_sources.csv").unlink()
    assert validation.validate(data_copy) == []
