"""From candidates to rows: `evacmap ingest` writes a review file, `evacmap accept` writes its accepted rows.

The reports are a few sentences written here. Expected ids and rows are read from the case's CSV files with the
csv module (tests/csv_rows.py), not from geo.
"""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest

from geo.cli import main
from geo.workbench import COLUMNS
from tests import csv_rows
from tests.conftest import SHIPPED

WIRE = "Buses left al-Amiriyah on Thursday carrying 500 people, according to the Red Cross.\n"
DAILY = "On Thursday buses left al-Amiriyah, the ministry said.\n"


@pytest.fixture
def case(tmp_path) -> Path:
    """A copy of the December case with two sources of its own, archived: a wire story of 16 December and a daily's
    of 17 December, both telling of Thursday (15 December) at al-Amiriyah."""
    folder = tmp_path / "case"
    shutil.copytree(SHIPPED, folder)
    for name, text, outlet, day in (("wire.txt", WIRE, "Wire", "2016-12-16"), ("daily.txt", DAILY, "Daily", "2016-12-17")):
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert main(["--data", str(folder), "add-source", str(tmp_path / name), "--outlet", outlet,
                     "--published", day]) == 0
    return folder


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def review(capsys, case: Path, tmp_path: Path) -> list[dict[str, str]]:
    out = tmp_path / "review.csv"
    code, _, _ = run(capsys, "--data", case, "ingest", "--format", "csv", "-o", out)
    assert code == 0
    return csv_rows.rows(out.name, out.parent)


def written(rows: list[dict[str, str]], path: Path) -> Path:
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(COLUMNS))
        writer.writeheader()
        writer.writerows(rows)
    return path


def test_should_merge_the_case_sources_into_one_review_row_citing_both_with_a_draft_summary(capsys, case, tmp_path):
    rows = review(capsys, case, tmp_path)
    ours = [r for r in rows if "wire_20161216" in r["sources"]]
    assert len(ours) == 1
    row = ours[0]
    assert list(row) == list(COLUMNS)
    assert (row["candidate"], row["decision"], row["type"], row["place_id"], row["start"], row["end"]) == (
        "k001", "", "departure", "amiriyah", "2016-12-15", "")
    assert row["sources"] == "wire_20161216|daily_20161217"  # the ids sources.csv gave them
    assert row["summary"].startswith("DRAFT: ")
    assert "[wire_20161216] Buses left al-Amiriyah" in row["evidence"] and "[daily_20161217]" in row["evidence"]
    assert row["claims"] == "people_evacuated exact 500 people by Red Cross [wire_20161216]"


def test_should_give_candidate_ids_that_never_clash_when_reports_share_a_date(capsys, tmp_path):
    files = []
    for n, place in enumerate(("al-Amiriyah", "Ramousah", "Rashidin"), start=1):
        path = tmp_path / f"r{n}.txt"
        path.write_text(f"Buses left {place} on Sunday.\n", encoding="utf-8")
        files.append(f"{path}=2016-12-19")
    out = tmp_path / "review.csv"
    code, _, _ = run(capsys, "--data", SHIPPED, "ingest", *files, "--format", "csv", "-o", out)
    rows = csv_rows.rows(out.name, tmp_path)
    assert code == 0 and len(rows) == 3
    assert [r["candidate"] for r in rows] == ["k001", "k002", "k003"]
    assert sorted(r["sources"] for r in rows) == ["report_20161219", "report_20161219_2", "report_20161219_3"]


def test_should_read_each_report_with_its_own_publication_date(capsys, tmp_path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("Buses left al-Amiriyah on Thursday.\n", encoding="utf-8")
    second.write_text("Buses left Ramousah on Thursday.\n", encoding="utf-8")
    code, out, _ = run(capsys, "--data", SHIPPED, "ingest", f"{first}=2016-12-16",
                       f"{second}=2016-12-23", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0
    assert {(r["place_id"], r["start"]) for r in rows} == {("amiriyah", "2016-12-15"), ("ramousah", "2016-12-22")}


@pytest.mark.parametrize(("files", "message"), [
    (["a.txt"], "no publication date for a.txt"),
    (["a.txt=2016-13-01"], "a.txt=2016-13-01: the date after =: expected a date YYYY-MM-DD, instead got '2016-13-01'"),
])
def test_should_refuse_a_report_without_a_good_date(capsys, tmp_path, monkeypatch, files, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text("Buses left al-Amiriyah on Thursday.\n", encoding="utf-8")
    code, _, err = run(capsys, "--data", SHIPPED, "ingest", *files)
    assert code == 2 and message in err


def accepted(rows: list[dict[str, str]], **changed: str) -> list[dict[str, str]]:
    """The review with our candidate accepted and its summary confirmed, and ``changed`` cells."""
    ours = [r for r in rows if "wire_20161216" in r["sources"]][0]
    ours.update(decision="accept", summary="Buses took people out of al-Amiriyah, in our words.")
    ours.update(changed)
    return rows


def test_should_write_accepted_rows_with_the_next_free_ids_and_record_each_change(capsys, case, tmp_path):
    before_events, before_claims = csv_rows.rows("events.csv", case), csv_rows.rows("claims.csv", case)
    next_event = f"e{max(int(r['id'][1:]) for r in before_events) + 1:03d}"
    next_claim = f"c{max(int(r['id'][1:]) for r in before_claims) + 1:03d}"
    path = written(accepted(review(capsys, case, tmp_path)), tmp_path / "reviewed.csv")
    code, out, err = run(capsys, "--data", case, "accept", path, "--reason", "reviewed the two stories")
    assert code == 0, err
    assert f"k001 -> {next_event}" in out
    events, claims = csv_rows.rows("events.csv", case), csv_rows.rows("claims.csv", case)
    assert len(events) == len(before_events) + 1 and len(claims) == len(before_claims) + 1
    event = events[-1]
    # Thursday 15 December 2016 in Aleppo (UTC+2): from 14 Dec 22:00 UTC to 15 Dec 22:00 UTC
    assert (event["id"], event["start"], event["end"], event["place_id"], event["sources"]) == (
        next_event, "2016-12-14T22:00:00+00:00", "2016-12-15T22:00:00+00:00", "amiriyah", "wire_20161216|daily_20161217")
    assert (claims[-1]["id"], claims[-1]["event_id"], claims[-1]["value"], claims[-1]["claimed_by"],
            claims[-1]["source_id"]) == (next_claim, next_event, "500", "Red Cross", "wire_20161216")
    history = [r for r in csv_rows.rows("changes.csv", case) if r["reason"] == "reviewed the two stories"]
    assert [(r["file"], r["row_id"], r["field"]) for r in history] == [
        ("events.csv", next_event, "*"), ("claims.csv", next_claim, "*")]
    assert run(capsys, "validate", case)[0] == 0


@pytest.mark.parametrize(("changed", "message"), [
    ({"place_id": "nowhere"}, "events.csv:{line}: place_id: 'nowhere' is not an id in gazetteer.csv (from reviewed.csv line"),
    ({"start": "2016-12-32"}, "reviewed.csv:2: start: k001: '2016-12-32' is not a calendar date"),
    ({"start": "15/12/2016"}, "reviewed.csv:2: start: k001: expected a local day YYYY-MM-DD or a date-time"),
    ({"summary": ""}, "reviewed.csv:2: summary: k001: empty; write what happened"),
    ({"summary": "DRAFT: Departure at al-Amiriyah, 15 December 2016."}, "reviewed.csv:2: summary: k001: still the draft"),
    ({"sources": "wire_20161216|nobody_20161216"},
     "events.csv:{line}: sources: 'nobody_20161216' is not an id in sources.csv (from reviewed.csv line 2)"),
    ({"claims": "people_evacuated exact 500 people by ? [wire_20161216]"}, "reviewed.csv:2: claims: k001: claim 1"),
    ({"decision": "maybe"}, "reviewed.csv:2: decision: expected accept, reject or blank, instead got 'maybe'"),
])
def test_should_write_nothing_and_say_what_and_where_for_a_bad_review(capsys, case, tmp_path, changed, message):
    rows = review(capsys, case, tmp_path)
    files = {name: (case / name).read_bytes() for name in ("events.csv", "claims.csv", "changes.csv", "sources.csv")}
    path = written(accepted(rows, **changed), tmp_path / "reviewed.csv")
    code, _, err = run(capsys, "--data", case, "accept", path)
    assert code == 2
    assert message.format(line=len(csv_rows.rows("events.csv", case)) + 2) in err
    assert "nothing was written" in err
    assert {name: (case / name).read_bytes() for name in files} == files


def test_should_say_when_no_row_is_accepted(capsys, case, tmp_path):
    path = written(review(capsys, case, tmp_path), tmp_path / "reviewed.csv")
    code, _, err = run(capsys, "--data", case, "accept", path)
    assert code == 2 and "no row says accept; nothing was written" in err


def test_should_not_offer_again_what_the_case_holds_from_a_source(capsys, case, tmp_path):
    path = written(accepted(review(capsys, case, tmp_path)), tmp_path / "reviewed.csv")
    assert run(capsys, "--data", case, "accept", path)[0] == 0
    out = tmp_path / "again.csv"
    code, _, err = run(capsys, "--data", case, "ingest", "--format", "csv", "-o", out)
    assert code == 0 and "1 candidate(s) left out: the case holds them already" in err
    assert [r for r in csv_rows.rows(out.name, tmp_path) if "wire_20161216" in r["sources"]] == []
