"""The event types a new case starts from (geo/data/neutral_event_types.csv): worded for any war, the screening of
evacuees among them; the two Syrian cases keep their own."""

from __future__ import annotations

import csv
import re

from geo.cli import main
from geo.data import package, schema
from geo.data.tablefile import read_table
from tests import csv_rows
from tests.conftest import DATA

SYRIAN_WORDS = re.compile(r"\b(?:government|rebel|regime|opposition|syria\w*|aleppo|isis|hezbollah)\b", re.I)


def _neutral() -> list[dict[str, str]]:
    with package.NEUTRAL_EVENT_TYPES.open(encoding="utf-8", newline="") as rows:
        return list(csv.DictReader(rows))


def test_should_follow_the_event_types_schema():
    _, problems = read_table(package.NEUTRAL_EVENT_TYPES, schema.EVENT_TYPES)
    assert problems == []


def test_should_offer_the_steps_of_any_evacuation():
    ids = {r["id"] for r in _neutral()}
    assert {"departure", "arrival", "gathering", "crossing", "screening", "halt", "attack", "ceasefire", "agreement",
            "statement"} <= ids


def test_should_name_the_screening_of_evacuees_by_both_its_names():
    screening = next(r for r in _neutral() if r["id"] == "screening")
    assert "filtration" in screening["description"]


def test_should_word_no_type_for_one_side_of_one_war():
    assert [(r["id"], m.group()) for r in _neutral() for m in SYRIAN_WORDS.finditer(r["label"] + " " + r["description"])
            ] == []


def test_should_keep_the_syrian_wording_in_the_shipped_cases():
    for case in ("aleppo-2016-12", "four-towns-2017-04"):
        advance = next(r for r in csv_rows.rows("event_types.csv", DATA / case) if r["id"] == "advance")
        assert "government forces" in advance["description"]


def test_should_start_a_new_case_from_the_neutral_types_or_the_file_given(tmp_path, capsys):
    assert main(["new-case", str(tmp_path / "a"), "--title", "A", "--timezone", "Asia/Yerevan"]) == 0
    assert (tmp_path / "a" / "event_types.csv").read_bytes() == package.NEUTRAL_EVENT_TYPES.read_bytes()
    given = DATA / "aleppo-2016-12" / "event_types.csv"
    assert main(["new-case", str(tmp_path / "b"), "--title", "B", "--timezone", "UTC", "--event-types", str(given)]) == 0
    assert (tmp_path / "b" / "event_types.csv").read_bytes() == given.read_bytes()
    assert main(["new-case", str(tmp_path / "c"), "--title", "C", "--timezone", "UTC", "--event-types",
                 str(tmp_path / "none.csv")]) == 2
    assert "none.csv" in capsys.readouterr().err and not (tmp_path / "c").exists()


def test_should_find_every_type_ingest_gives_in_each_shipped_case():
    from geo.ingest.vocabulary import EventKind

    for case in sorted(p.name for p in DATA.iterdir() if (p / "event_types.csv").is_file()):
        ids = {r["id"] for r in csv_rows.rows("event_types.csv", DATA / case)}
        assert sorted(set(EventKind) - ids) == [], case
