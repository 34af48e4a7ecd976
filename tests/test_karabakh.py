"""The September 2023 Nagorno-Karabakh case folder: it loads, it has the reports the issue asked for (both
governments' and the UN's), its times are Yerevan's UTC+4, both sides' names of a place find the same place,
the fuel depot's toll stays side by side by claimant, and every row was written by evacmap, with its history.

Expected values are read from the CSV files with the csv module, not from the code under test.
"""

from __future__ import annotations

import csv
from datetime import datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from geo.data import evidence, validation

CASE = Path(__file__).resolve().parents[1] / "data" / "karabakh-2023-09"
YEREVAN = ZoneInfo("Asia/Yerevan")


def rows(name: str) -> list[dict[str, str]]:
    with (CASE / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_should_validate_and_load_every_row():
    assert validation.validate(CASE) == []
    loaded = evidence.load(CASE)
    assert (len(loaded.events), len(loaded.claims), len(loaded.corridors)) == (
        len(rows("events.csv")), len(rows("claims.csv")), len(rows("corridors.csv")))
    assert loaded.case.timezone.key == "Asia/Yerevan"


def test_should_hold_fifteen_reports_of_eight_outlets_with_both_governments_and_the_un():
    outlets = {row["outlet"] for row in rows("sources.csv")}
    assert len(rows("sources.csv")) >= 15 and len(outlets) >= 8
    assert {"Armenpress", "Trend News Agency", "AzTV", "UN News", "UN OCHA", "UNHCR"} <= outlets
    claimants = {row["claimed_by"] for row in rows("claims.csv")}
    assert any(c.startswith("Armenian government") for c in claimants)
    assert any(c.startswith("Azerbaijani") for c in claimants)
    assert any(c.startswith(("UNHCR", "OCHA", "UN ")) for c in claimants)


def test_should_start_a_day_only_event_at_yerevan_midnight_four_hours_before_utc():
    for row in rows("events.csv"):
        start = datetime.fromisoformat(row["start"])
        local = start.astimezone(YEREVAN)
        assert local.utcoffset().total_seconds() == 4 * 3600, row["id"]
        if row["end"]:
            assert local.time() == time(0, 0), row["id"]


@pytest.mark.parametrize(("armenian", "azerbaijani"), [
    ("Stepanakert", "Khankendi"), ("Lachin", "Laçın"), ("Berdzor", "Lachin"), ("Shushi", "Shusha"),
    ("Martuni", "Khojavend"), ("Askeran", "Askyaran"),
])
def test_should_find_the_same_place_by_either_sides_name(armenian, azerbaijani):
    gazetteer = evidence.load(CASE).gazetteer
    assert gazetteer.lookup(armenian).id == gazetteer.lookup(azerbaijani).id


def test_should_keep_each_claimants_toll_of_the_fuel_depot_explosion_side_by_side():
    (blast,) = [r["id"] for r in rows("events.csv") if r["type"] == "explosion" and r["place_id"] == "fuel_depot"]
    killed = [(r["value"], r["claimed_by"], r["source_id"]) for r in rows("claims.csv")
              if r["event_id"] == blast and r["quantity"] == "killed"]
    assert {float(v) for v, _, _ in killed} == {20.0, 68.0, 170.0}
    assert len(killed) == len(set(killed)) >= 4  # 170 twice: the Reuters and the AFP report each keep their row


def test_should_name_only_the_cases_own_parties_as_holders():
    parties = {row["id"] for row in rows("parties.csv")}
    assert {"armenia", "azerbaijan", "nk_authorities"} <= parties
    assert {row["side"] for row in rows("holdings.csv")} <= parties


def test_should_have_written_every_event_claim_source_and_place_through_evacmap_with_its_history():
    added = {(r["file"], r["row_id"]) for r in rows("changes.csv") if r["field"] == "*" and r["old"] == ""}
    for name, key in (("events.csv", "id"), ("claims.csv", "id"), ("sources.csv", "id"), ("gazetteer.csv", "id")):
        missing = [r[key] for r in rows(name) if (name, r[key]) not in added]
        assert missing == [], name
