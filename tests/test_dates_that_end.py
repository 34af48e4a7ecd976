"""Dates that end: times outside 1900–2100 and zone names that are not zones are a problem each in `validate`, a
notice on a link, an ignored map message; never a traceback, and a bad case never stops the listing of the others."""

from __future__ import annotations

import csv
import json
import shutil
import time
from pathlib import Path
from zoneinfo import ZoneInfo

import pandas as pd
import pytest

from geo import times
from geo.app import messages
from geo.case import zone
from geo.cli import main
from geo.data import package, uploads
from geo.run.view import as_of_param, parse_moment
from tests.conftest import SHIPPED

DAMASCUS = ZoneInfo("Asia/Damascus")


def rewrite_events(folder: Path, changes: dict[int, dict[str, str]]) -> None:
    path = folder / "events.csv"
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for index, cells in changes.items():
        rows[index].update(cells)
    with open(path, "w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


def set_property(folder: Path, **properties: object) -> None:
    path = folder / package.DESCRIPTOR
    described = json.loads(path.read_text(encoding="utf-8"))
    for key, value in properties.items():
        if key == "name":
            described["name"] = value
        else:
            described["evacmap"][key] = value
    described["evacmap"].pop("default", None)
    path.write_text(json.dumps(described), encoding="utf-8")


def test_should_refuse_the_years_9999_and_1_with_a_problem_each(data_copy, capsys):
    rewrite_events(data_copy, {0: {"start": "9999-12-15T10:00:00+02:00", "end": ""},
                               1: {"start": "0001-01-01T00:00:00+00:00", "end": ""}})
    assert main(["validate", str(data_copy)]) == 2
    out = capsys.readouterr().out
    assert "events.csv:2: start: expected a time in the years 1900–2100, instead got '9999-12-15T10:00:00+02:00'" in out
    assert "events.csv:3: start: expected a time in the years 1900–2100, instead got '0001-01-01T00:00:00+00:00'" in out


def test_should_accept_the_first_and_last_moments_of_the_range(data_copy, capsys):
    rewrite_events(data_copy, {0: {"start": "1900-01-01T00:00:00+00:00", "end": "2100-12-31T23:59:00+00:00"}})
    main(["validate", str(data_copy)])
    assert "1900–2100" not in capsys.readouterr().out


@pytest.mark.parametrize("name", ["Asia", "A" * 300, "../../etc/passwd", "Asia/../Europe/Kyiv", "", "zone1970.tab"])
def test_should_say_a_name_that_is_not_a_zone_is_not_one(name):
    with pytest.raises(ValueError, match="expected an IANA time zone such as 'Europe/Kyiv'") as raised:
        zone(name, "evacmap.timezone")
    assert len(str(raised.value)) < 200


def test_should_list_every_case_beside_broken_ones(tmp_path, capsys):
    names = {"a-asia": {"timezone": "Asia"}, "b-long": {"timezone": "A" * 300}, "c-dots": {"timezone": "../x"},
             "d-year": {}, "e-good": {}}
    for name, properties in names.items():
        shutil.copytree(SHIPPED, tmp_path / name)
        set_property(tmp_path / name, name=name, **properties)
    rewrite_events(tmp_path / "d-year", {0: {"start": "9999-01-01T00:00:00+00:00", "end": ""}})
    assert main(["--data", str(tmp_path), "cases"]) == 2
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [c["id"] for c in listed] == sorted(names)
    assert [bool(c.get("problems")) for c in listed] == [True, True, True, True, False]
    assert listed[-1]["events"] == len((SHIPPED / "events.csv").read_text(encoding="utf-8").splitlines()) - 1
    assert main(["--data", str(tmp_path), "validate"]) == 2
    out = capsys.readouterr().out
    assert f"ok: {tmp_path / 'e-good'}" in out and out.count("evacmap.timezone") == 3


@pytest.mark.parametrize(("start", "end"), [("0001-01-01T00:00:00Z", "9999-12-31T00:00:00Z"),
                                            ("0001-01-01T00:00:00+01:00", "2016-12-15T00:00:00Z"),
                                            ("2016-12-15T00:00:00Z", "9999-12-31T23:59:59-12:00")])
def test_should_ignore_a_stopped_message_outside_the_range(start, end):
    assert messages.read({"evacmap": 1, "kind": "stopped", "start": start, "end": end}) == messages.Nothing()


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31", "1899-12-31", "2101-01-01"])
def test_should_say_a_link_names_a_day_outside_the_range(day):
    assert as_of_param({"as_of": day})[0] is None
    assert "in the years 1900–2100" in as_of_param({"as_of": day})[1]
    with pytest.raises(ValueError, match="in the years 1900–2100"):
        parse_moment(day, "start", zone=DAMASCUS)


def test_should_refuse_an_uploaded_event_in_the_year_9999():
    header = (SHIPPED / "events.csv").read_text(encoding="utf-8").splitlines()[0]
    row = (SHIPPED / "events.csv").read_text(encoding="utf-8").splitlines()[1].split(",")
    row[1], row[2] = "9999-12-15T10:00:00+02:00", ""
    frame, problems = uploads.read_upload("one.csv", f"{header}\n{','.join(row)}\n".encode())
    assert [str(p) for p in problems] == ["one.csv:2: start: expected a time in the years 1900–2100, "
                                          "instead got '9999-12-15T10:00:00+02:00'"]
    assert frame["start"].isna().all()




def walked(start: pd.Timestamp, end: pd.Timestamp, zone: ZoneInfo) -> str:
    """The offsets over [start, end] found the slow way: asked every six hours (no offset of these zones lasts less)."""
    seen, moment = [], start
    while moment < end:
        seen.append(times.offset(moment, zone))
        moment += pd.Timedelta(hours=6)
    seen.append(times.offset(end, zone))
    return "/".join(dict.fromkeys(seen))


@pytest.mark.parametrize(("zone_name", "start", "end"), [
    ("Asia/Damascus", "2016-12-01", "2017-04-30"), ("Asia/Damascus", "1919-01-01", "1925-01-01"),
    ("Europe/Kyiv", "1939-06-01", "1946-01-01"), ("America/New_York", "2090-02-01", "2092-12-01"),
    ("Africa/Casablanca", "2019-01-01", "2021-01-01"), ("Australia/Lord_Howe", "2030-01-01", "2031-06-01"),
    ("Asia/Kolkata", "1941-01-01", "1946-01-01"), ("UTC", "1900-01-01", "1903-01-01"),
])
def test_should_find_the_offsets_of_a_window_from_its_transitions_as_walking_it_would(zone_name, start, end):
    zone = ZoneInfo(zone_name)
    first, last = pd.Timestamp(start, tz="UTC"), pd.Timestamp(end, tz="UTC")
    assert times.offsets(first, last, zone) == walked(first, last, zone)


def test_should_find_the_offsets_of_five_centuries_in_well_under_a_second():
    started = time.process_time()
    found = times.offsets(pd.Timestamp("1690-01-01", tz="UTC"), pd.Timestamp("2250-01-01", tz="UTC"), DAMASCUS)
    assert time.process_time() - started < 0.2
    assert found.split("/")[:3] == ["UTC+2:25", "UTC+2", "UTC+3"]  # local mean time first (+2:25:12), then EET, EEST
