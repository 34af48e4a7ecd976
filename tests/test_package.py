"""Each case's datapackage.json: a valid Frictionless Data Package whose Table Schemas are geo/data/schema.py's."""

from __future__ import annotations

import csv
import json
import shutil

import pytest

from geo.data import package, schema, validation
from tests.conftest import DATA, ROOT

CASES = sorted(p.parent for p in DATA.glob("*/datapackage.json"))
FIXTURE_CASES = sorted(p.parent for p in (ROOT / "tests" / "fixtures").glob("**/datapackage.json"))
TYPES = {"text": "string", "texts": "string", "slug": "string", "slugs": "string", "enum": "string", "icon": "string",
         "float": "number", "int": "integer", "date": "date", "datetime": "datetime"}


def test_should_ship_at_least_the_december_2016_case():
    assert "aleppo-2016-12" in {p.name for p in CASES}


@pytest.mark.parametrize("case", CASES + FIXTURE_CASES, ids=lambda p: str(p.relative_to(ROOT)))
def test_should_describe_every_file_with_the_schemas_columns_types_and_keys(case):
    described = json.loads((case / package.DESCRIPTOR).read_text(encoding="utf-8"))
    resources = {r["path"]: r["schema"] for r in described["resources"]}
    held = [s for s in schema.ALL if not s.optional or (case / s.file).is_file()]  # place_sources.csv is optional
    assert list(resources) == [s.file for s in held]
    for file_schema in held:
        fields = resources[file_schema.file]["fields"]
        assert [(f["name"], f["type"]) for f in fields] == [(c.name, TYPES[c.kind]) for c in file_schema.columns]
        required = [f["name"] for f in fields if f.get("constraints", {}).get("required")]
        assert required == [c.name for c in file_schema.columns if c.required]
        references = {fk["fields"][0] for fk in resources[file_schema.file].get("foreignKeys", [])}
        assert references == {c.name for c in file_schema.columns if c.references and c.kind == "slug"
                              and c.references.rsplit(".", 1)[0] in resources}  # holdings' side: parties.csv if held


@pytest.mark.parametrize("case", CASES + FIXTURE_CASES, ids=lambda p: str(p.relative_to(ROOT)))
def test_should_list_the_cases_reports_as_its_sources(case):
    described = json.loads((case / package.DESCRIPTOR).read_text(encoding="utf-8"))
    with open(case / "sources.csv", encoding="utf-8", newline="") as rows:
        expected = [f"{r['outlet']}, {r['published']}" for r in csv.DictReader(rows)]
    assert [s["title"] for s in described["sources"]] == expected


def _frictionless_errors(case) -> list[str]:
    frictionless = pytest.importorskip("frictionless", reason="frictionless is a test dependency: pip install -e '.[test]'")
    report = frictionless.validate(str(case / package.DESCRIPTOR))
    return [f"{task.name}: {error.type}: {error.message}" for task in report.tasks for error in task.errors] + [
        error.message for error in report.errors]


@pytest.mark.parametrize("case", CASES + FIXTURE_CASES, ids=lambda p: str(p.relative_to(ROOT)))
def test_should_pass_the_frictionless_validator(case):
    assert _frictionless_errors(case) == []


def test_should_fail_the_frictionless_validator_on_a_reference_to_nowhere(tmp_path):
    case = tmp_path / "case"
    shutil.copytree(CASES[0], case)
    text = (case / "claims.csv").read_text(encoding="utf-8").splitlines()
    first = text[1].split(",")
    first[1] = "nowhere"
    (case / "claims.csv").write_text("\n".join([text[0], ",".join(first), *text[2:]]) + "\n", encoding="utf-8")
    errors = _frictionless_errors(case)
    assert errors and all("claims" in e and "foreign-key" in e for e in errors)


@pytest.mark.parametrize(("edit", "column", "message"), [
    (lambda p: p["evacmap"].update(timezone="Mars/Olympus"), "evacmap.timezone", "expected an IANA time zone"),
    (lambda p: p["evacmap"].update(window={"start": "2016-12-22", "end": "2016-12-01"}), "evacmap.window",
     "is before the start"),
    (lambda p: p.update(name="Aleppo 2016"), "name", "expected the case id"),
    (lambda p: p.pop("evacmap"), "evacmap", "expected an object"),
])
def test_should_locate_a_bad_case_property_in_the_descriptor(data_copy, edit, column, message):
    path = data_copy / package.DESCRIPTOR
    described = json.loads(path.read_text(encoding="utf-8"))
    edit(described)
    path.write_text(package.dumps(described), encoding="utf-8")
    found = [p for p in validation.validate(data_copy) if p.file == package.DESCRIPTOR]
    assert [(p.column, message in p.message) for p in found] == [(column, True)]
    if column != "evacmap":
        key = column.rsplit(".", 1)[-1]
        assert f'"{key}"' in path.read_text(encoding="utf-8").splitlines()[found[0].line - 1]


def test_should_refuse_a_case_folder_without_a_descriptor(data_copy):
    (data_copy / package.DESCRIPTOR).unlink()
    found = validation.validate(data_copy)
    assert [(p.file, p.line) for p in found] == [(package.DESCRIPTOR, 0)] and "new-case" in found[0].message
