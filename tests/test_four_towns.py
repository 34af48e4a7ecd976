"""The April 2017 "Four Towns" case folder: it loads, its places agree with the December
2016 case, its times are Syria's UTC+3 of that month, and disagreeing figures stay apart.

Expected values are read from the CSV files with the csv module, not from the code
under test, and checked against the documented rules of ``data/README.md``.
"""

from __future__ import annotations

import csv
from collections import Counter
from datetime import datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from geo.data import evidence

DATA = Path(__file__).resolve().parents[1] / "data"
CASE = DATA / "four-towns-2017-04"
SYRIA = ZoneInfo("Asia/Damascus")
BOMBING = "e016"


def rows(name: str, folder: Path = CASE) -> list[dict[str, str]]:
    with (folder / name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def december_gazetteer() -> Path:
    """The December 2016 case's gazetteer, wherever the layout keeps it."""
    for path in (DATA / "gazetteer.csv", DATA / "aleppo-2016-12" / "gazetteer.csv"):
        if path.is_file():
            return path
    pytest.skip("no December 2016 gazetteer found under data/")


def test_should_load_the_case_without_a_problem():
    loaded = evidence.load(CASE)
    assert len(loaded.events) == len(rows("events.csv"))
    assert len(loaded.claims) == len(rows("claims.csv"))
    assert len(loaded.corridors) == len(rows("corridors.csv"))


def test_should_meet_the_issue_minimums_of_events_claims_corridors_and_outlets():
    outlets = {row["outlet"] for row in rows("sources.csv")}
    assert len(rows("events.csv")) >= 25
    assert len(rows("claims.csv")) >= 20
    assert len(rows("corridors.csv")) >= 2
    assert len(outlets) >= 5


def test_should_give_shared_places_the_december_id_name_and_coordinates():
    with december_gazetteer().open(encoding="utf-8", newline="") as handle:
        december = {row["id"]: row for row in csv.DictReader(handle)}
    april = {row["id"]: row for row in rows("gazetteer.csv")}
    shared = set(december) & set(april)
    assert {"aleppo", "rashidin", "ramousah", "foua", "kefraya", "idlib"} <= shared
    for place_id in shared:
        for column in ("name", "lat", "lon", "precision_m"):
            assert april[place_id][column] == december[place_id][column], (place_id, column)


def test_should_give_every_new_place_a_coordinate_source_and_a_radius():
    for row in rows("gazetteer.csv"):
        assert row["coord_source"].strip() and row["coord_source_url"].startswith("http"), row["id"]
        assert int(row["precision_m"]) > 0


def test_should_cite_every_report_by_outlet_date_and_address():
    for row in rows("sources.csv"):
        assert row["outlet"].strip() and row["published"].startswith("2017-04-"), row["id"]
        assert row["url"].startswith("http"), row["id"]


def test_should_write_local_midnights_as_2100_utc_the_evening_before():
    """April 2017 Syria was on UTC+3, so a day-only event starts at 21:00 UTC."""
    for row in rows("events.csv"):
        for column in ("start", "end"):
            if not row[column]:
                continue
            moment = datetime.fromisoformat(row[column])
            assert moment.utcoffset().total_seconds() == 0, (row["id"], column)
            local = moment.astimezone(SYRIA)
            assert local.utcoffset().total_seconds() == 3 * 3600
            if moment.time() == time(21, 0):
                assert local.time() == time(0, 0), (row["id"], column)


def test_should_keep_each_claimants_toll_of_the_bombing_as_its_own_row():
    killed = [row for row in rows("claims.csv") if row["event_id"] == BOMBING and row["quantity"] == "killed"]
    loaded = evidence.load(CASE).claims_for([BOMBING])
    assert sum(claim.quantity == "killed" for claim in loaded) == len(killed)
    claimants = Counter(row["claimed_by"] for row in killed)
    values = {row["value"] for row in killed if row["value"]}
    assert len(claimants) >= 5
    assert {"16", "112", "126"} <= values
