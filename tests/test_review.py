"""Reviewing a report's candidate events: what is missing before reading it, and the reviewer's decisions."""

from __future__ import annotations

from datetime import date

import pandas as pd
import pytest

from geo import ingest
from geo.app import review
from geo.errors import IngestError

TEXT = "Buses carrying evacuees left Ramousah on Thursday and reached Rashidin in the evening, a reporter said."


def test_should_read_the_candidates_of_a_pasted_report(shipped):
    report = review.read_report(TEXT, date(2016, 12, 16), "Test Wire", shipped)
    assert report.file == "pasted" and [c.place_id for c in report.events] == ["ramousah", "rashidin"]


def test_should_read_an_uploaded_report_instead_of_the_pasted_text(shipped):
    report = review.read_report("", date(2016, 12, 16), None, shipped, upload=("wire.txt", TEXT.encode()))
    assert report.file == "wire.txt" and len(report.events) == 2


@pytest.mark.parametrize(("text", "published", "message"), [
    ("  ", date(2016, 12, 16), "paste a report's text"),
    (TEXT, None, "give the report's publication date"),
])
def test_should_say_what_is_missing_before_reading(shipped, text, published, message):
    with pytest.raises(IngestError, match=message):
        review.read_report(text, published, None, shipped)


def test_should_refuse_a_report_longer_than_one_request_may_hold(shipped, monkeypatch):
    monkeypatch.setattr(ingest, "REQUEST_MAX_CHARS", len(TEXT) - 1)
    with pytest.raises(IngestError):
        review.read_report(TEXT, date(2016, 12, 16), None, shipped)


def test_should_take_the_reviewers_edits_into_the_table_and_ignore_rows_that_are_not_there():
    table = pd.DataFrame({review.SELECT: [False, False], "decision": ["", ""], "summary": ["a", "b"]})
    edited = review.with_edits(table, {0: {"decision": "accept", "select": True}, "1": {"summary": "c"},
                                       5: {"decision": "reject"}, -1: {"decision": "reject"}})
    assert edited.to_dict("list") == {review.SELECT: [True, False], "decision": ["accept", ""], "summary": ["a", "c"]}
    assert table.to_dict("list")["decision"] == ["", ""]  # the table given is left as it was


def test_should_decide_on_the_selected_rows_and_clear_the_selection():
    table = pd.DataFrame({review.SELECT: [True, False, True], "decision": ["", "accept", "reject"]})
    decided = review.decide_selected(table, review.ACCEPT)
    assert decided.to_dict("list") == {review.SELECT: [False, False, False], "decision": ["accept", "accept", "accept"]}
    assert review.not_rejected(review.decide_selected(table, review.REJECT)) == [1]


# several reports at once, reviewed as merged candidates ------------------------------------------

WIRE = "Buses carrying evacuees left Ramousah on Thursday and reached Rashidin in the evening, a reporter said."
DAILY = "A long line of green buses drove out of Ramousah on Thursday, residents said."


def test_should_read_each_upload_named_as_a_source_id_with_its_own_outlet_and_date(shipped):
    reports = review.read_reports("", None, None, shipped, uploads=[("wire_20161216.txt", WIRE.encode()),
                                                                    ("daily_20161217.txt", DAILY.encode())])
    assert list(reports) == ["wire_20161216", "daily_20161217"]
    assert [r.published for r in reports.values()] == [date(2016, 12, 16), date(2016, 12, 17)]


@pytest.mark.parametrize(("name", "expected"), [
    ("reuters_20161215.txt", ("reuters", date(2016, 12, 15))),
    ("middle_east_eye_20170415.txt", ("middle east eye", date(2017, 4, 15))),
    ("notes.txt", (None, None)),
    ("wire_20161332.txt", (None, None)),  # no 32nd of a 13th month
])
def test_should_read_an_outlet_and_date_only_from_a_name_that_is_a_source_id(name, expected):
    assert review.named(name) == expected


def test_should_ask_for_the_date_of_an_upload_whose_name_gives_none(shipped):
    with pytest.raises(IngestError, match="publication date"):
        review.read_reports("", None, None, shipped, uploads=[("notes.txt", WIRE.encode())])


def test_should_review_an_event_two_reports_describe_as_one_row_citing_both(shipped):
    reports = review.read_reports(DAILY, date(2016, 12, 17), "Daily", shipped,
                                  uploads=[("wire_20161216.txt", WIRE.encode())])
    table = review.review_table(review.merged(reports))
    rows = dict(zip(table["place_id"], table["sources"], strict=True))
    assert rows == {"ramousah": "daily_20161217|wire_20161216", "rashidin": "wire_20161216"}
    assert list(table["candidate"]) == ["k001", "k002"] and not table[review.SELECT].any()
