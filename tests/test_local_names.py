"""A place's name in its local script, in any script (gazetteer.csv's name_local and name_local_lang), and older
gazetteers whose name_ar still loads, with a warning naming the file."""

from __future__ import annotations

import csv
import io
import logging
from datetime import date

import pytest

from geo.data import evidence, validation
from geo.places.gazetteer import Gazetteer, Place
from tests import csv_rows
from tests.test_evidence import rewrite


def _old_gazetteer(folder):
    """The case's gazetteer as written before local names: name_ar in place of name_local and name_local_lang."""
    path = folder / "gazetteer.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    names = [c for c in rows[0] if c != "name_local_lang"]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["name_ar" if c == "name_local" else c for c in names], lineterminator="\n")
    writer.writeheader()
    writer.writerows({("name_ar" if c == "name_local" else c): r[c] for c in names} for r in rows)
    path.write_text(out.getvalue(), encoding="utf-8")
    return rows


def test_should_load_an_older_gazetteer_with_name_ar_as_arabic_local_names_and_say_so(data_copy, caplog):
    rows = _old_gazetteer(data_copy)
    caplog.set_level(logging.WARNING, logger="geo")
    assert validation.validate(data_copy) == []
    places = evidence.load(data_copy).gazetteer
    assert [(p.name_local, p.name_local_lang) for p in places] == [(r["name_local"], "ar") for r in rows]
    notices = [r.getMessage() for r in caplog.records if "name_ar" in r.getMessage()]
    assert notices and all(m.startswith(f"{data_copy / 'gazetteer.csv'}: column name_ar read as name_local, "
                                        "with name_local_lang 'ar'") for m in notices)
    assert places.resolve("الراموسة").place.id == "ramousah"


def test_should_refuse_a_gazetteer_with_both_the_old_and_the_new_column(data_copy):
    path = data_copy / "gazetteer.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join([lines[0] + ",name_ar", *(line + ",x" for line in lines[1:])]) + "\n", encoding="utf-8")
    problems = validation.validate(data_copy)
    assert [(p.file, p.line, p.column) for p in problems] == [("gazetteer.csv", 1, "name_ar")]
    assert "unexpected column" in problems[0].message


def test_should_migrate_the_shipped_gazetteers_to_arabic_local_names():
    for case in ("aleppo-2016-12", "four-towns-2017-04"):
        rows = csv_rows.rows("gazetteer.csv", csv_rows.SHIPPED.parent / case)
        assert {r["name_local_lang"] for r in rows} == {"ar"}
        assert all(any("\u0600" <= ch <= "\u06ff" for ch in r["name_local"]) for r in rows)


@pytest.mark.parametrize("tag", ["Arabic", "a", "ar_SY", "hy am"])
def test_should_refuse_a_language_that_is_no_bcp47_tag(data_copy, tag):
    line = rewrite(data_copy / "gazetteer.csv", 0, "name_local_lang", tag)
    problems = validation.validate(data_copy)
    assert [(p.file, p.line, p.column) for p in problems] == [("gazetteer.csv", line, "name_local_lang")]


def _place(place_id, name, name_local, lang, aliases=()):
    return Place(id=place_id, name=name, name_local=name_local, name_local_lang=lang, kind="city", role="event",
                 lat=39.8, lon=46.75, precision_m=3000, point="centre", coord_source="test", coord_source_url="https://x",
                 retrieved=date(2026, 12, 3), aliases=aliases)


def test_should_resolve_a_local_name_in_any_script():
    places = Gazetteer([_place("stepanakert", "Stepanakert", "Ստեփանակերտ", "hy", ("Khankendi",)),
                        _place("lachin", "Lachin", "Laçın", "az"), _place("goris", "Goris", "Գորիս", "hy")])
    assert [(r.place.id, r.matched_by) for r in map(places.resolve, ["Ստեփանակերտ", "Գորիս", "Laçın", "Lachin"])] == [
        ("stepanakert", "local"), ("goris", "local"), ("lachin", "local"), ("lachin", "name")]
    assert places.resolve("ՍՏԵՓԱՆԱԿԵՐՏ").place.id == "stepanakert"  # case aside
    assert not places.resolve("Երևան").resolved
