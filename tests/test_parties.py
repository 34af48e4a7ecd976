"""The parties a case declares (parties.csv): holdings.csv's side refers to them, a case without the file keeps to
the first cases' four sides, and a reader reads each party's label."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from geo.data import evidence, package, validation
from geo.map.popups import held_text
from tests import csv_rows
from tests.test_evidence import rewrite

WINDOW = (datetime(2016, 12, 10, tzinfo=UTC), datetime(2016, 12, 24, tzinfo=UTC))


def test_should_declare_the_four_sides_in_each_syrian_case():
    for case in ("aleppo-2016-12", "four-towns-2017-04"):
        rows = csv_rows.rows("parties.csv", csv_rows.SHIPPED.parent / case)
        assert [(r["id"], r["label"]) for r in rows] == [("government", "government"), ("opposition", "opposition"),
                                                         ("contested", "contested"), ("isis", "isis")]


def test_should_refuse_a_side_that_is_not_among_the_parties(data_copy):
    line = rewrite(data_copy / "holdings.csv", 1, "side", "regime")
    problems = validation.validate(data_copy)
    assert [str(p) for p in problems] == [f"holdings.csv:{line}: side: 'regime' is not an id in parties.csv"]


def test_should_take_a_new_partys_id_and_show_its_label(data_copy):
    with (data_copy / "parties.csv").open("a", encoding="utf-8") as out:
        out.write("army,the Syrian army,darkred,\n")
    rows = csv_rows.rows("holdings.csv", data_copy)
    index = next(i for i, r in enumerate(rows) if r["place_id"] == "east_aleppo" and r["side"] == "government")
    rewrite(data_copy / "holdings.csv", index, "side", "army")
    loaded = evidence.load(data_copy)
    assert {h.label for h in loaded.holdings if h.side == "army"} == {"the Syrian army"}
    assert "Held by: opposition until the end of " in held_text(loaded, "east_aleppo", WINDOW)
    assert "; then the Syrian army from " in held_text(loaded, "east_aleppo", WINDOW)


def test_should_keep_a_case_without_parties_to_the_four_first_sides(data_copy):
    (data_copy / "parties.csv").unlink()
    assert validation.validate(data_copy) == []
    assert evidence.load(data_copy).parties == {}
    line = rewrite(data_copy / "holdings.csv", 0, "side", "armenia")
    problems = validation.validate(data_copy)
    assert [(p.file, p.line, p.column) for p in problems] == [("holdings.csv", line, "side")]
    assert "expected one of government, opposition, contested, isis" in problems[0].message
    assert "declare the case's own in parties.csv" in problems[0].message


def test_should_read_the_side_as_it_was_drawn_before_parties(data_copy):
    with_parties = held_text(evidence.load(data_copy), "east_aleppo", WINDOW)
    (data_copy / "parties.csv").unlink()
    assert held_text(evidence.load(data_copy), "east_aleppo", WINDOW) == with_parties


@pytest.mark.parametrize(("column", "value", "expected"), [("colour", "#ff0000", "expected one of red"),
                                                           ("id", "Armenian Army", "expected an id")])
def test_should_refuse_a_bad_party(data_copy, column, value, expected):
    line = rewrite(data_copy / "parties.csv", 3, column, value)
    problems = validation.validate(data_copy)
    assert (problems[0].file, problems[0].line, problems[0].column) == ("parties.csv", line, column)
    assert expected in problems[0].message
    assert [p.file for p in problems[1:]] == (["holdings.csv"] if column == "id" else [])  # isis has no party now


def test_should_describe_the_side_as_a_reference_only_where_the_case_declares_parties(data_copy):
    def side(resources):
        holdings = next(r for r in resources if r["path"] == "holdings.csv")["schema"]
        keys = [k["reference"]["resource"] for k in holdings.get("foreignKeys", []) if k["fields"] == ["side"]]
        return keys, next(f for f in holdings["fields"] if f["name"] == "side")["constraints"].get("enum")

    assert side(package.resources(data_copy)) == (["parties"], None)
    (data_copy / "parties.csv").unlink()
    assert side(package.resources(data_copy)) == ([], ["government", "opposition", "contested", "isis"])


def test_should_pass_the_frictionless_validator_without_parties(data_copy):
    frictionless = pytest.importorskip("frictionless", reason="frictionless is a test dependency: pip install -e '.[test]'")
    (data_copy / "parties.csv").unlink()
    (data_copy / package.DESCRIPTOR).write_bytes(package.rewritten(evidence.load(data_copy)))
    report = frictionless.validate(str(data_copy / package.DESCRIPTOR))
    assert [e.message for t in report.tasks for e in t.errors] + [e.message for e in report.errors] == []
