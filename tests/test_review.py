"""Reviewing a report's candidate events: what is missing before reading it, and the reviewer's decisions."""

from __future__ import annotations

from datetime import date
from zoneinfo import ZoneInfo

import pandas as pd
import pytest

from geo import ingest
from geo.app import review
from geo.errors import DataFileError, IngestError

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


def test_should_refuse_eleven_files_in_one_click_before_reading_any(shipped, monkeypatch):
    monkeypatch.setattr(review, "read_report", lambda *_a, **_k: pytest.fail("a report was read"))
    files = [(f"r{i}.txt", b"Buses left Ramousah.") for i in range(review.REQUEST_FILES + 1)]
    with pytest.raises(IngestError, match=r"^11 files: one click reads at most 10; remove some"):
        review.read_reports("", date(2016, 12, 16), None, shipped, uploads=files)


def test_should_refuse_four_files_of_two_million_characters_before_reading_any(shipped, monkeypatch):
    monkeypatch.setattr(review, "read_report", lambda *_a, **_k: pytest.fail("a report was read"))
    files = [(f"r{i}.txt", "ب".encode() * 2_000_000) for i in range(4)]  # two bytes a character
    with pytest.raises(IngestError, match=r"^8,000,000 characters: one click reads at most 500,000"):
        review.read_reports("", date(2016, 12, 16), None, shipped, uploads=files)


def test_should_count_characters_not_bytes_of_an_arabic_report(shipped):
    text = "ب" * review.REQUEST_CHARS  # 1,000,000 bytes, 500,000 characters: allowed
    review.check_request("", [("r.txt", text.encode())])
    with pytest.raises(IngestError, match="500,001 characters"):
        review.check_request("x", [("r.txt", text.encode())])


# one row reviewed on its own ("Review one row") ----------------------------------------------------

VIENNA = ZoneInfo("Europe/Vienna")


def two_rows() -> pd.DataFrame:
    """A review table of two undecided candidates, written out cell by cell."""
    cells = {"candidate": ["k001", "k002"], "decision": ["", ""], "type": ["departure", "arrival"],
             "place_id": ["northgate", "eastfield_camp"], "start": ["2021-03-09", "2021-03-10"], "end": ["", ""],
             "time_precision": ["day", "day"], "geo_precision": ["town", "town"], "actors": ["", ""],
             "summary": ["DRAFT: Departure at Northgate, 9 March 2021.", "DRAFT: Arrival at Eastfield camp, 10 March 2021."],
             "claims": ["", ""], "sources": ["council_20210310|governor_20210311", "governor_20210311"],
             "evidence": ["[council_20210310] Buses left. … [governor_20210311] A convoy left.",
                          "[governor_20210311] It arrived."]}
    return pd.DataFrame({review.SELECT: [False, False], **cells})


def test_should_take_one_rows_edits_and_decision_and_leave_the_other_row_as_it_was():
    table = two_rows()
    taken = review.take_row(table, "k002", {"summary": " The convoy reached the camp. ", "end": "2021-03-11"},
                            review.ACCEPT, VIENNA)
    assert taken.iloc[1][["decision", "summary", "end", "start"]].tolist() == [
        "accept", "The convoy reached the camp.", "2021-03-11", "2021-03-10"]
    assert taken.iloc[0].tolist() == table.iloc[0].tolist()
    assert table.iloc[1]["decision"] == "" and table.iloc[1]["summary"].startswith("DRAFT: ")  # the table given


def test_should_keep_the_rows_own_decision_when_none_is_given():
    table = review.take_row(two_rows(), "k001", {}, review.REJECT, VIENNA)
    again = review.take_row(table, "k001", {"type": "arrival"}, None, VIENNA)
    assert again.iloc[0][["decision", "type"]].tolist() == ["reject", "arrival"]


@pytest.mark.parametrize(("edits", "decision", "where"), [
    ({"summary": "Buses left.", "end": "2021-03-08"}, review.ACCEPT, "review table:1: end: k001: 2021-03-08 is before the start"),
    ({"end": "2021-03-08"}, None, "review table:1: end: k001: 2021-03-08 is before the start 2021-03-09"),
    ({"start": "9 March", "summary": "Buses left."}, review.ACCEPT, "review table:1: start: k001: expected a local day"),
    ({}, review.ACCEPT, "review table:1: summary: k001: still the draft"),
    ({"summary": ""}, review.ACCEPT, "review table:1: summary: k001: empty"),
    ({"summary": "Buses left.", "claims": "500 people"}, review.ACCEPT, "review table:1: claims: k001: claim 1 '500 people'"),
    ({"place_id": "atlantis"}, None, "review table:1: place_id: k001: 'atlantis' is not one of the case's"),
    ({"time_precision": "7"}, None, "review table:1: time_precision: k001: '7' is not one of the case's"),
])
def test_should_refuse_a_bad_edit_naming_the_row_and_field_and_change_nothing(edits, decision, where):
    table = two_rows()
    before = table.copy()
    with pytest.raises(DataFileError) as raised:
        review.take_row(table, "k001", edits, decision, VIENNA, allowed={"place_id": ("northgate", "eastfield_camp"),
                                                                         "time_precision": ("day",)})
    assert any(str(p).startswith(where) for p in raised.value.problems), raised.value.problems
    pd.testing.assert_frame_equal(table, before)


def test_should_let_a_row_be_rejected_whatever_its_cells_hold():
    taken = review.take_row(two_rows(), "k001", {"end": "2021-03-01"}, review.REJECT, VIENNA)
    assert taken.iloc[0][["decision", "end"]].tolist() == ["reject", "2021-03-01"]


def test_should_name_a_candidate_the_table_does_not_hold_and_a_field_one_row_does_not_edit():
    with pytest.raises(KeyError, match="k009"):
        review.take_row(two_rows(), "k009", {}, review.ACCEPT, VIENNA)
    with pytest.raises(DataFileError, match="review table:2: sources: k002: not a field"):
        review.take_row(two_rows(), "k002", {"sources": "x"}, None, VIENNA)


def test_should_take_only_the_fields_the_reviewer_changed():
    filled = {"summary": "DRAFT: a", "type": "departure", "end": ""}
    assert review.row_edits(filled, {"summary": "Buses left. ", "type": "departure", "end": None}) == {
        "summary": "Buses left."}


def test_should_offer_a_row_by_its_id_type_and_place_whatever_its_decision():
    table = review.take_row(two_rows(), "k002", {}, review.REJECT, VIENNA)
    names = {"northgate": "Northgate"}
    assert review.row_label(table, "k001", names) == "k001: departure at Northgate"
    assert review.row_label(table, "k002", names) == "k002: arrival at eastfield_camp"  # a place without a name
    assert review.row_cells(table, "k002")["place_id"] == "eastfield_camp"


def test_should_give_each_sentence_of_a_rows_evidence_on_its_own():
    assert review.evidence_sentences(two_rows().iloc[0]["evidence"]) == [
        "[council_20210310] Buses left.", "[governor_20210311] A convoy left."]


def test_should_take_an_end_on_the_starts_own_day():
    taken = review.take_row(two_rows(), "k001", {"end": "2021-03-09", "summary": "Buses left."}, review.ACCEPT, VIENNA)
    assert taken.iloc[0][["decision", "end"]].tolist() == ["accept", "2021-03-09"]


def test_should_take_a_rows_precisions_and_actors():
    taken = review.take_row(two_rows(), "k002", {"time_precision": "2", "geo_precision": "3", "actors": "IOM|UNHCR",
                                                 "summary": "The convoy reached the camp."}, review.ACCEPT, VIENNA)
    assert taken.iloc[1][["time_precision", "geo_precision", "actors"]].tolist() == ["2", "3", "IOM|UNHCR"]
