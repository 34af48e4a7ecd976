"""The country a case declares (datapackage.json's evacmap.country) and the ACLED export that writes it."""

from __future__ import annotations

import csv
import io
import json
import shutil

import pytest

from geo.case import Country
from geo.data import evidence, package
from geo.data.validation import validate
from geo.export import render
from geo.run.view import View
from tests.conftest import SHIPPED


def acled_rows(folder) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(render(evidence.load(folder), View(), "acled", timestamp=0).decode())))


def set_country(folder, value) -> None:
    descriptor = folder / "datapackage.json"
    described = json.loads(descriptor.read_text(encoding="utf-8"))
    if value is None:
        described["evacmap"].pop("country", None)
    else:
        described["evacmap"]["country"] = value
    descriptor.write_text(json.dumps(described), encoding="utf-8")


def test_should_write_the_country_the_case_declares(tmp_path):
    folder = shutil.copytree(SHIPPED, tmp_path / "case")
    set_country(folder, {"iso": 31, "iso3": "AZE", "name": "Azerbaijan", "region": "Caucasus and Central Asia"})
    rows = acled_rows(folder)
    assert {(r["iso"], r["region"], r["country"]) for r in rows} == {("31", "Caucasus and Central Asia", "Azerbaijan")}
    assert all(r["event_id_cnty"].startswith("AZE-evacmap-e") for r in rows)


def test_should_leave_the_country_empty_where_the_case_names_none(tmp_path):
    folder = shutil.copytree(SHIPPED, tmp_path / "case")
    set_country(folder, None)
    rows = acled_rows(folder)
    assert {(r["iso"], r["region"], r["country"]) for r in rows} == {("", "", "")}
    assert all(r["event_id_cnty"].startswith("XXX-evacmap-") for r in rows)


def test_should_keep_the_country_when_the_descriptor_is_rewritten():
    case, problems = package.read_case(SHIPPED)
    assert not problems and case is not None
    assert package.descriptor(case)["evacmap"]["country"] == {"iso": 760, "iso3": "SYR", "name": "Syria",
                                                              "region": "Middle East"}


@pytest.mark.parametrize("value", [
    "Syria", {"iso": 760, "name": "Syria", "region": "Middle East"}, {"iso": "760", "iso3": "SYR", "name": "Syria",
                                                                        "region": "Middle East"},
    {"iso": 760, "iso3": "Syr", "name": "Syria", "region": "Middle East"}, {"iso": 0, "iso3": "SYR", "name": "Syria",
                                                                            "region": "Middle East"},
])
def test_should_refuse_a_country_that_is_not_one_naming_the_key(tmp_path, value):
    folder = shutil.copytree(SHIPPED, tmp_path / "case")
    set_country(folder, value)
    problems = validate(folder)
    assert [p.column for p in problems] == ["evacmap.country"]


def test_should_refuse_a_country_record_that_does_not_hold():
    with pytest.raises(ValueError, match="alpha-3"):
        Country(760, "SY", "Syria", "Middle East")
