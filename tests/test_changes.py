"""A case's history (changes.csv): the record, who edits, a diff of two versions, appending and reading back."""

from __future__ import annotations

import csv
import json
from datetime import UTC, datetime, timedelta, timezone

import pytest

from geo.data import changes, evidence, package, validation
from geo.data.changes import Change
from geo.errors import DataFileError

WHEN = datetime(2026, 12, 3, 11, 0, tzinfo=UTC)
HEADER = "time,editor,file,row_id,field,old,new,reason\n"


def one(row_id="e001", field="summary", old="before", new="after", time=WHEN, file="events.csv"):
    return Change(time, "ana", file, row_id, field, old, new, "checked against the report")


def test_should_refuse_a_change_whose_time_has_no_offset():
    with pytest.raises(ValueError, match="timezone-aware"):
        one(time=datetime(2026, 12, 3, 11, 0))


def test_should_keep_a_change_time_in_utc():
    assert one(time=datetime(2026, 12, 3, 13, 0, tzinfo=timezone(timedelta(hours=2)))).time == WHEN


def test_should_name_the_editor_from_the_environment_first(monkeypatch):
    monkeypatch.setenv("EVACMAP_EDITOR", "  Rana Haddad ")
    assert changes.editor() == "Rana Haddad"


def test_should_name_the_system_user_when_the_environment_names_none(monkeypatch):
    monkeypatch.setenv("EVACMAP_EDITOR", " ")
    monkeypatch.setattr(changes.getpass, "getuser", lambda: "rana")
    assert changes.editor() == "rana"


def test_should_name_an_unknown_editor_when_the_system_has_no_user(monkeypatch):
    monkeypatch.delenv("EVACMAP_EDITOR", raising=False)

    def no_user():
        raise OSError("no login name")

    monkeypatch.setattr(changes.getpass, "getuser", no_user)
    assert changes.editor() == "unknown"


def test_should_diff_one_change_per_field_changed_and_one_per_row_added_or_deleted():
    before = {"e001": {"id": "e001", "type": "arrival", "summary": "Buses came."},
              "e002": {"id": "e002", "type": "departure", "summary": "Buses left."}}
    after = {"e001": {"id": "e001", "type": "departure", "summary": "Buses came."},
             "e003": {"id": "e003", "type": "stall", "summary": "Buses stopped."}}
    found = changes.diff("events.csv", before, after, editor="ana", reason="review", time=WHEN)
    assert [(c.row_id, c.field, c.old, c.new) for c in found] == [
        ("e001", "type", "arrival", "departure"),
        ("e003", "*", "", json.dumps(after["e003"])),
        ("e002", "*", json.dumps(before["e002"]), ""),
    ]
    assert [c.added for c in found] == [False, True, False]
    assert [c.deleted for c in found] == [False, False, True]
    assert {(c.file, c.editor, c.reason, c.time) for c in found} == {("events.csv", "ana", "review", WHEN)}


def test_should_diff_a_field_one_side_lacks_as_empty_there():
    found = changes.diff("events.csv", {"e1": {"actors": "ICRC"}}, {"e1": {"end": "2016-12-16T00:00:00+00:00"}},
                         editor="ana", reason="", time=WHEN)
    assert [(c.field, c.old, c.new) for c in found] == [("end", "", "2016-12-16T00:00:00+00:00"), ("actors", "ICRC", "")]


def test_should_find_no_change_between_equal_rows():
    rows = {"e1": {"type": "arrival"}}
    assert changes.diff("events.csv", rows, dict(rows), editor="ana", reason="", time=WHEN) == []


def test_should_create_the_file_with_its_header_and_append_after_it(tmp_path):
    changes.append(tmp_path, [one()])
    changes.append(tmp_path, [one("e002", "type", "arrival", 'a "quoted", listed|value\nover two lines')])
    text = (tmp_path / "changes.csv").read_text(encoding="utf-8")
    assert text.startswith(HEADER)
    with open(tmp_path / "changes.csv", encoding="utf-8", newline="") as rows:
        written = list(csv.DictReader(rows))
    assert [(r["time"], r["row_id"], r["field"], r["new"]) for r in written] == [
        ("2026-12-03T11:00:00+00:00", "e001", "summary", "after"),
        ("2026-12-03T11:00:00+00:00", "e002", "type", 'a "quoted", listed|value\nover two lines')]


def test_should_read_back_what_was_appended(tmp_path):
    written = [one(), one("e002", "type", "", "x", WHEN + timedelta(seconds=5)), one(file="claims.csv", row_id="c1")]
    changes.append(tmp_path, written)
    assert changes.read(tmp_path) == written
    assert changes.history(tmp_path, "events.csv", "e001") == [written[0]]
    assert changes.history(tmp_path, "events.csv", "e404") == []


def test_should_read_no_changes_from_a_case_without_the_file(tmp_path):
    assert changes.read(tmp_path) == []


def test_should_append_after_a_last_line_without_its_line_end(tmp_path):
    (tmp_path / "changes.csv").write_text(HEADER + "2026-12-03T10:00:00+00:00,ana,events.csv,e001,type,a,b,", encoding="utf-8")
    changes.append(tmp_path, [one()])
    assert [c.row_id for c in changes.read(tmp_path)] == ["e001", "e001"]


def test_should_refuse_to_append_to_a_file_with_another_header_and_leave_it_as_it_was(tmp_path):
    path = tmp_path / "changes.csv"
    path.write_text("when,who\n1,2\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"changes.csv:1: expected the header time,editor"):
        changes.append(tmp_path, [one()])
    assert path.read_text(encoding="utf-8") == "when,who\n1,2\n"


def test_should_name_the_line_and_column_of_a_bad_row(tmp_path):
    (tmp_path / "changes.csv").write_text(HEADER + "yesterday,ana,events.csv,e001,type,a,b,\n"
                                          "2026-12-03T10:00:00+00:00,ana,notes.txt,e001,type,a,b,\n", encoding="utf-8")
    with pytest.raises(DataFileError) as error:
        changes.read(tmp_path)
    assert [(p.line, p.column) for p in error.value.problems] == [(2, "time"), (3, "file")]


def test_should_load_a_cases_history_and_give_one_events(data_copy):
    changes.append(data_copy, [one(), one("e002"), one(field="type")])
    loaded = evidence.load(data_copy)
    assert [c.field for c in loaded.history("events.csv", "e001")] == ["summary", "type"]
    assert len(loaded.changes) == 3


def test_should_report_a_bad_history_row_when_validating_the_case(data_copy):
    changes.append(data_copy, [one()])
    with open(data_copy / "changes.csv", "a", encoding="utf-8") as out:
        out.write("2026-12-03T10:00:00,ana,events.csv,e001,type,a,b,\n")
    assert [(p.file, p.line, p.column) for p in validation.validate(data_copy)] == [("changes.csv", 3, "time")]


def test_should_describe_the_history_in_the_package_only_where_the_case_holds_it(data_copy):
    assert "changes.csv" not in [r["path"] for r in package.resources(data_copy)]
    changes.append(data_copy, [one()])
    assert [r["path"] for r in package.resources(data_copy)][-1] == "changes.csv"


def test_should_pass_the_frictionless_validator_with_a_history(data_copy):
    frictionless = pytest.importorskip("frictionless", reason="frictionless is a test dependency: pip install -e '.[test]'")
    changes.append(data_copy, [one(), one("e002", "*", "", json.dumps({"id": "e002", "summary": "a, b"}))])
    (data_copy / package.DESCRIPTOR).write_bytes(package.rewritten(evidence.load(data_copy)))
    report = frictionless.validate(str(data_copy / package.DESCRIPTOR))
    assert [e.message for t in report.tasks for e in t.errors] + [e.message for e in report.errors] == []
