"""data/README.md documents exactly the columns geo/data/schema.py checks, in order, and every case ships them."""

import re

import pytest

from geo.data import schema
from tests.conftest import DATA

CASES = sorted(p.parent for p in DATA.glob("*/datapackage.json"))


def documented_columns() -> dict[str, list[str]]:
    """The column names of each file's table in data/README.md."""
    text = (DATA / "README.md").read_text(encoding="utf-8")
    sections = re.split(r"^## ", text, flags=re.M)[1:]
    columns = {}
    for section in sections:
        title, _, body = section.partition("\n")
        rows = [r for r in re.findall(r"^\| ([a-z0-9_]+) \|", body, flags=re.M) if r not in ("column", "key")]
        if title.strip().endswith(".csv"):
            columns[title.strip()] = rows
    return columns


@pytest.mark.parametrize("file_schema", schema.ALL, ids=lambda s: s.file)
def test_should_document_every_column_of_every_file_in_order(file_schema):
    assert documented_columns().get(file_schema.file) == list(file_schema.names)


@pytest.mark.parametrize(("case", "file_schema"), [
    (case, s) for case in CASES for s in schema.ALL if not s.optional or (case / s.file).exists()  # place_sources.csv
], ids=lambda v: getattr(v, "name", None) or getattr(v, "file", None))
def test_should_ship_each_file_of_every_case_with_exactly_its_documented_header(file_schema, case):
    header = (case / file_schema.file).read_text(encoding="utf-8").splitlines()[0]
    assert header.split(",") == list(file_schema.names)


def test_should_document_no_file_the_schema_does_not_know():
    assert set(documented_columns()) == {s.file for s in schema.ALL}


def test_should_allow_exactly_the_marker_colours_the_map_can_draw():
    from geo.map.style import MARKER_HEX

    assert set(schema.MARKER_COLOURS) == set(MARKER_HEX)


@pytest.mark.parametrize(("column", "value"), [("colour", "red;background:url(x)"), ("icon", "bus\" onmouseover=\"x")])
def test_should_refuse_event_type_styles_that_could_reach_html_as_code(data_copy, column, value):
    from geo.data import validation
    from tests.test_evidence import rewrite

    line = rewrite(data_copy / "event_types.csv", 0, column, value)
    assert any((p.file, p.line, p.column) == ("event_types.csv", line, column) for p in validation.validate(data_copy))
