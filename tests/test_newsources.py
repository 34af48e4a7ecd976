"""Accepting a review of loose report files adds them to the case's sources in the same write as the events and claims.

The reports are a few sentences written here. Every expected value is read from the files with the csv module
(tests/csv_rows.py) and hashlib, not from geo.
"""

from __future__ import annotations

import csv
import hashlib
import json
import shutil
from datetime import date, datetime
from pathlib import Path

import pytest

from geo.cli import main
from geo.errors import DataFileError
from geo.workbench import LooseReport, accept, read_review
from tests import csv_rows
from tests.conftest import SHIPPED

WIRE = "Buses left al-Amiriyah on Thursday carrying 300 people, the Red Cross said.\n"
DAILY = "On Thursday a convoy pulled out of al-Amiriyah, officials said.\n"
SUMMARY = "A convoy took people out of al-Amiriyah, in our words."


@pytest.fixture
def case(tmp_path) -> Path:
    folder = tmp_path / "case"
    shutil.copytree(SHIPPED, folder)
    return folder


@pytest.fixture
def texts(tmp_path) -> tuple[Path, Path]:
    wire, daily = tmp_path / "wire.txt", tmp_path / "daily.txt"
    wire.write_text(WIRE, encoding="utf-8")
    daily.write_text(DAILY, encoding="utf-8")
    return wire, daily


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under the case folder, by its path there: what "nothing written" compares."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def reviewed(capsys, case: Path, tmp_path: Path, *files: str, **changed: str) -> Path:
    """`evacmap ingest FILES --format csv`, then every row accepted with its summary confirmed, and ``changed``."""
    review = tmp_path / "review.csv"
    code, _, err = run(capsys, "--data", case, "ingest", *files, "--format", "csv", "-o", review)
    assert code == 0, err
    rows = csv_rows.rows(review.name, tmp_path)
    for row in rows:
        row.update(decision="accept", summary=SUMMARY, **changed)
    path = tmp_path / "reviewed.csv"
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path


def test_should_add_each_loose_report_a_row_cites_as_a_source_with_its_copy_hash_and_history(capsys, case, tmp_path,
                                                                                              texts):
    wire, daily = texts
    before = csv_rows.rows("sources.csv", case)
    path = reviewed(capsys, case, tmp_path, f"{wire}=2016-12-16=Wire Agency", f"{daily}=2016-12-17=The Daily")
    code, out, err = run(capsys, "--data", case, "accept", path, "--reason", "two stories reviewed")
    assert code == 0, err
    sources = csv_rows.rows("sources.csv", case)
    assert sources[:len(before)] == before
    added = sources[len(before):]
    assert [(s["id"], s["file"], s["outlet"], s["published"], s["archive"]) for s in added] == [
        ("wire_agency_20161216", "wire.txt", "Wire Agency", "2016-12-16", "sources/wire_agency_20161216.txt"),
        ("the_daily_20161217", "daily.txt", "The Daily", "2016-12-17", "sources/the_daily_20161217.txt")]
    for source, text in zip(added, (wire, daily), strict=True):
        copy = case / source["archive"]
        assert copy.read_bytes() == text.read_bytes()
        assert source["sha256"] == hashlib.sha256(text.read_bytes()).hexdigest()
        assert datetime.fromisoformat(source["captured"]).utcoffset() is not None
    event = csv_rows.rows("events.csv", case)[-1]
    assert event["sources"] == "wire_agency_20161216|the_daily_20161217"
    claim = csv_rows.rows("claims.csv", case)[-1]
    assert (claim["event_id"], claim["value"], claim["source_id"]) == (event["id"], "300", "wire_agency_20161216")
    history = [r for r in csv_rows.rows("changes.csv", case) if r["reason"] == "two stories reviewed"]
    assert [(r["file"], r["row_id"], r["field"]) for r in history] == [
        ("sources.csv", "wire_agency_20161216", "*"), ("sources.csv", "the_daily_20161217", "*"),
        ("events.csv", event["id"], "*"), ("claims.csv", claim["id"], "*")]
    assert json.loads(history[0]["new"]) == added[0]
    described = json.loads((case / "datapackage.json").read_text(encoding="utf-8"))["sources"]
    assert {"Wire Agency, 2016-12-16", "The Daily, 2016-12-17"} <= {s["title"] for s in described}
    assert "wrote 2 source(s), 1 event(s) and 1 claim(s)" in out
    assert run(capsys, "validate", case)[0] == 0


def test_should_cite_the_source_that_holds_a_text_already_and_not_add_it_twice(capsys, case, tmp_path, texts):
    wire, daily = texts
    assert run(capsys, "--data", case, "add-source", wire, "--outlet", "Wire", "--published", "2016-12-16")[0] == 0
    before = csv_rows.rows("sources.csv", case)
    path = reviewed(capsys, case, tmp_path, f"{wire}=2016-12-16=Another name", f"{daily}=2016-12-17=Daily")
    code, out, err = run(capsys, "--data", case, "accept", path)
    assert code == 0, err
    sources = csv_rows.rows("sources.csv", case)
    assert [s["id"] for s in sources[len(before):]] == ["daily_20161217"]
    assert csv_rows.rows("events.csv", case)[-1]["sources"] == "wire_20161216|daily_20161217"
    assert sorted(p.name for p in (case / "sources").iterdir()) == ["daily_20161217.txt", "wire_20161216.txt"]
    assert "-> source wire_20161216 (the case holds its text already)" in out


def test_should_give_a_new_source_a_free_id_when_the_one_ingest_gave_it_is_taken(capsys, case, tmp_path, texts):
    wire, daily = texts
    other = tmp_path / "other.txt"
    other.write_text("Another story of that day, about Ramousah.\n", encoding="utf-8")
    assert run(capsys, "--data", case, "add-source", other, "--outlet", "Wire", "--published", "2016-12-16")[0] == 0
    path = reviewed(capsys, case, tmp_path, f"{wire}=2016-12-16=Wire")  # cited as wire_20161216 in the review
    code, _, err = run(capsys, "--data", case, "accept", path)
    assert code == 0, err
    assert csv_rows.rows("sources.csv", case)[-1]["id"] == "wire_20161216_2"
    assert csv_rows.rows("events.csv", case)[-1]["sources"] == "wire_20161216_2"
    assert csv_rows.rows("claims.csv", case)[-1]["source_id"] == "wire_20161216_2"


def test_should_refuse_a_loose_report_without_an_outlet_naming_it_and_write_nothing(capsys, case, tmp_path, texts):
    wire, daily = texts
    path = reviewed(capsys, case, tmp_path, f"{wire}=2016-12-16=Wire", f"{daily}=2016-12-17")
    before = snapshot(case)
    code, _, err = run(capsys, "--data", case, "accept", path)
    assert code == 2
    assert f"reviewed.csv:2: sources: report_20161217: no outlet is given for {daily}" in err
    assert "nothing was written" in err
    assert snapshot(case) == before


def test_should_take_the_outlet_written_into_the_review(capsys, case, tmp_path, texts):
    wire, _ = texts
    path = reviewed(capsys, case, tmp_path, f"{wire}=2016-12-16")
    text = path.read_text(encoding="utf-8").replace('""outlet"": """"', '""outlet"": ""Wire""')
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "--data", case, "accept", path)
    assert code == 0, err
    assert csv_rows.rows("sources.csv", case)[-1]["outlet"] == "Wire"


def test_should_write_nothing_when_a_row_citing_loose_reports_would_not_validate(capsys, case, tmp_path, texts):
    wire, daily = texts
    path = reviewed(capsys, case, tmp_path, f"{wire}=2016-12-16=Wire", f"{daily}=2016-12-17=Daily",
                    place_id="nowhere")
    before = snapshot(case)
    code, _, err = run(capsys, "--data", case, "accept", path)
    assert code == 2
    assert "place_id: 'nowhere' is not an id in gazetteer.csv (from reviewed.csv line 2)" in err
    assert snapshot(case) == before
    assert not (case / "sources").exists()


def test_should_refuse_a_report_file_that_changed_since_it_was_ingested(capsys, case, tmp_path, texts):
    wire, _ = texts
    path = reviewed(capsys, case, tmp_path, f"{wire}=2016-12-16=Wire")
    wire.write_text(WIRE.replace("300", "3,000"), encoding="utf-8")
    before = snapshot(case)
    code, _, err = run(capsys, "--data", case, "accept", path)
    assert code == 2 and f"reviewed.csv:2: new_sources: wire_20161216: {wire} changed since it was ingested" in err
    assert snapshot(case) == before


def test_should_refuse_to_ingest_a_report_that_is_not_utf8_naming_it(capsys, case, tmp_path):
    latin = tmp_path / "latin.txt"
    latin.write_bytes("Buses left al-Amiriyah on Thursday, caf\u00e9 owners said.\n".encode("latin-1"))
    before = snapshot(case)
    code, _, err = run(capsys, "--data", case, "ingest", f"{latin}=2016-12-16=Wire", "--format", "csv")
    assert code == 2 and f"{latin}:1: byte 0xe9" in err and "is not UTF-8" in err
    assert snapshot(case) == before


def test_should_refuse_a_loose_text_that_is_not_utf8_on_save_and_write_nothing(capsys, case, tmp_path, texts):
    wire, _ = texts
    rows = read_review(reviewed(capsys, case, tmp_path, f"{wire}=2016-12-16=Wire").read_bytes(), "review table")
    rows = [r.__class__(**{**r.cells(), "new_sources": ""}, line=r.line) for r in rows]  # as the dashboard gives it
    bad = LooseReport("upload.txt", "Buses left al-Amiriyah, caf\u00e9 owners said.\n".encode("latin-1"),
                      date(2016, 12, 16), "Wire")
    before = snapshot(case)
    with pytest.raises(DataFileError) as refused:
        accept(case, rows, reports={"wire_20161216": bad}, name="review table")
    assert any(p.file == "upload.txt" and "not UTF-8" in p.message for p in refused.value.problems)
    assert snapshot(case) == before


@pytest.mark.parametrize(("spec", "message"), [
    ("{wire}=2016-12-16=", "expected the outlet after the second = (a.txt=2022-05-01=Reuters), instead got nothing"),
    ("{wire}=16-12-2016=Wire", "the date after =: expected a date YYYY-MM-DD, instead got '16-12-2016'"),
])
def test_should_refuse_a_report_spec_without_its_parts(capsys, case, texts, spec, message):
    code, _, err = run(capsys, "--data", case, "ingest", spec.format(wire=texts[0]), "--format", "csv")
    assert code == 2 and message in err


def test_should_add_one_source_for_two_files_holding_the_same_text(capsys, case, tmp_path, texts):
    wire, _ = texts
    again = tmp_path / "again.txt"
    again.write_bytes(wire.read_bytes())
    before = csv_rows.rows("sources.csv", case)
    path = reviewed(capsys, case, tmp_path, f"{wire}=2016-12-16=Wire", f"{again}=2016-12-16=Wire")
    code, _, err = run(capsys, "--data", case, "accept", path)
    assert code == 0, err
    assert [s["id"] for s in csv_rows.rows("sources.csv", case)[len(before):]] == ["wire_20161216"]
    assert csv_rows.rows("events.csv", case)[-1]["sources"] == "wire_20161216"
