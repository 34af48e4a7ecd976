"""The "Add a source" form (panels/add_source.py) run by Streamlit's AppTest: drawn only when editable, a pasted
text kept in the case, the same text refused, and nothing drawn or written when not editable."""

from __future__ import annotations

from datetime import date

import pytest
from streamlit.testing.v1 import AppTest

from panels import add_source
from tests import csv_rows
from tests.page.conftest import text

TEXT = "Buses left the old town on Monday morning, a witness said.\n"


def _form(folder: str, editable: bool) -> None:
    from pathlib import Path

    from panels import add_source

    add_source.add_source(Path(folder), editable=editable)


def page(folder, editable=True) -> AppTest:
    return AppTest.from_function(_form, args=(str(folder), editable), default_timeout=30)


def filled(at: AppTest, text=TEXT, outlet="Wire Agency", published=date(2016, 12, 16), url="https://example.org/w"):
    at.text_area(key=add_source.SOURCE_TEXT).input(text)
    at.text_input(key=add_source.SOURCE_OUTLET).input(outlet)
    at.date_input(key=add_source.SOURCE_DATE).set_value(published)
    at.text_input(key=add_source.SOURCE_URL).input(url)
    at.button(key=add_source.SOURCE_SUBMIT).click()
    return at.run()


def test_should_keep_a_pasted_text_in_the_case_and_say_where(data_copy):
    at = filled(page(data_copy).run())
    assert not at.exception
    assert text(at.success) == ["Added source wire_agency_20161216: its copy is sources/wire_agency_20161216.txt, "
                                f"SHA-256 {csv_rows.rows('sources.csv', data_copy)[-1]['sha256']}."]
    row = csv_rows.rows("sources.csv", data_copy)[-1]
    assert (row["id"], row["url"], row["published"]) == ("wire_agency_20161216", "https://example.org/w", "2016-12-16")
    assert (data_copy / "sources" / "wire_agency_20161216.txt").read_text(encoding="utf-8") == TEXT
    assert at.text_area(key=add_source.SOURCE_TEXT).value == ""  # an empty form for the next one


def test_should_refuse_the_same_text_twice_naming_the_source(data_copy):
    at = filled(filled(page(data_copy).run()))
    assert not at.exception
    assert any("as source 'wire_agency_20161216'" in e for e in text(at.error))
    assert len([r for r in csv_rows.rows("sources.csv", data_copy) if r["id"].startswith("wire_agency")]) == 1


def test_should_ask_for_the_outlet_and_date_before_writing(data_copy):
    at = filled(page(data_copy).run(), outlet="")
    assert text(at.error) == ["Give the outlet and the publication date."]
    assert not (data_copy / "sources").exists()


def test_should_draw_nothing_and_write_nothing_when_not_editable(data_copy):
    at = page(data_copy, editable=False).run()
    assert not at.exception
    assert not at.text_area and not at.button and not at.expander
    assert not (data_copy / "sources").exists()


@pytest.mark.parametrize(("upload", "pasted", "expected"), [
    (("a.txt", b"text"), "", (b"text", "a.txt")), (None, "pasted", ("pasted", None)),
])
def test_should_take_the_file_or_the_pasted_text(upload, pasted, expected):
    assert add_source.text_given(upload, pasted) == expected


@pytest.mark.parametrize(("upload", "pasted", "message"), [(("a.txt", b"t"), "also", "not both"), (None, "  ", "give")])
def test_should_refuse_both_or_neither(upload, pasted, message):
    with pytest.raises(ValueError, match=message):
        add_source.text_given(upload, pasted)
