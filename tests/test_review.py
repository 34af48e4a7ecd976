"""Reviewing a report's candidate events: what is missing before reading it, and the reviewer's decisions."""

from __future__ import annotations

from datetime import date

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


def test_should_take_the_reviewers_edits_over_undecided():
    assert review.decisions(3, {0: {"Decision": "accept"}, "2": {"Decision": "reject"}}) == [
        "accept", "undecided", "reject"]


def test_should_ignore_edits_of_rows_that_are_not_there():
    assert review.decisions(1, {5: {"Decision": "accept"}, -1: {"Decision": "reject"}}) == ["undecided"]


def test_should_pick_the_candidates_with_a_decision():
    assert review.with_decision(["a", "b", "c"], ["accept", "reject", "undecided"], "accept", "undecided") == ["a", "c"]
