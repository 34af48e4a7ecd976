"""The review table of "Add reports" (panels/add_reports.py) run by Streamlit's AppTest: the case's own sources up
for review in edit mode, edits and decisions applied on one press of a form button, Save writing through the one
accept path (validated first, nothing written when it would not validate) and adding a pasted report it cites to
the case's sources, and no Save at all when read-only.

The two reports are a sentence each, written here; expected rows are read from the CSV files with the csv module.
"""

from __future__ import annotations

import hashlib
from datetime import date

import pytest
from streamlit.testing.v1 import AppTest

from geo.app import editing
from geo.data import archive
from panels import add_reports
from tests import csv_rows
from tests.page.conftest import text

WIRE = "Buses left al-Amiriyah on Thursday carrying 500 people, according to the Red Cross.\n"
DAILY = "On Thursday buses left al-Amiriyah, the ministry said.\n"
SUMMARY = "Buses took people out of al-Amiriyah, as two reports tell it."


def _panel(folder: str, editable: bool) -> None:
    from geo.data import evidence
    from panels import add_reports

    loaded = evidence.load(folder)
    add_reports.on_map(loaded.case.timezone)  # as the dashboard's map does, before the panel
    add_reports.add_reports(loaded, loaded, editable=editable)


@pytest.fixture
def case(data_copy):
    folder = data_copy
    archive.add_source(folder, WIRE, outlet="Wire", published=date(2016, 12, 16))
    archive.add_source(folder, DAILY, outlet="Daily", published=date(2016, 12, 17))
    return folder


def reviewing(folder, editable=True) -> AppTest:
    at = AppTest.from_function(_panel, args=(str(folder), editable), default_timeout=60).run()
    if editable:
        at.button(key=add_reports.CASE_SOURCES).click().run()
    return at


def ours(at: AppTest) -> int:
    """The row of the table whose candidate the two reports tell."""
    table = at.session_state[add_reports.REVIEW_TABLE]
    return [n for n, s in enumerate(table["sources"]) if s == "wire_20161216|daily_20161217"][0]


def edit(at: AppTest, row: int, **cells) -> None:
    at.session_state[add_reports.REVIEW_EDITOR] = {"edited_rows": {row: cells}, "added_rows": [], "deleted_rows": []}


def test_should_put_the_case_sources_up_for_review_with_their_evidence_beside_each_row(case):
    at = reviewing(case)
    assert not at.exception
    shown = at.data_editor(key=add_reports.REVIEW_EDITOR).value
    row = shown.iloc[ours(at)]
    assert (row["place_id"], row["start"], row["decision"]) == ("amiriyah", "2016-12-15", "")
    assert row["evidence"].startswith("[wire_20161216] Buses left al-Amiriyah")
    assert row["summary"].startswith("DRAFT: ")


def test_should_accept_the_selected_rows_on_one_press_without_writing(case):
    at = reviewing(case)
    before = (case / "events.csv").read_bytes()
    row = ours(at)
    edit(at, row, select=True, summary=SUMMARY)
    at.button(key=add_reports.ACCEPT_SELECTED).click().run()
    assert not at.exception
    table = at.session_state[add_reports.REVIEW_TABLE]
    assert (table.iloc[row]["decision"], table.iloc[row]["summary"], bool(table.iloc[row]["select"])) == (
        "accept", SUMMARY, False)
    assert (case / "events.csv").read_bytes() == before


def test_should_save_the_accepted_row_into_the_case_with_the_next_free_id(case):
    at = reviewing(case)
    expected = f"e{max(int(r['id'][1:]) for r in csv_rows.rows('events.csv', case)) + 1:03d}"
    edit(at, ours(at), decision="accept", summary=SUMMARY)
    at.button(key=add_reports.SAVE).click().run()
    assert not at.exception and not at.error
    event = csv_rows.rows("events.csv", case)[-1]
    assert (event["id"], event["summary"], event["sources"]) == (expected, SUMMARY, "wire_20161216|daily_20161217")
    assert any(f"as {expected}" in s for s in text(at.success))
    assert [r["row_id"] for r in csv_rows.rows("changes.csv", case)][-2:][0] == expected


def test_should_write_nothing_and_show_the_problems_when_the_row_would_not_validate(case):
    at = reviewing(case)
    files = {name: (case / name).read_bytes() for name in ("events.csv", "claims.csv", "changes.csv")}
    edit(at, ours(at), decision="accept")  # the draft summary, unconfirmed
    at.button(key=add_reports.SAVE).click().run()
    assert not at.exception
    assert any("Nothing was written" in e and "still the draft" in e for e in text(at.error))
    assert {name: (case / name).read_bytes() for name in files} == files


def test_should_offer_no_save_and_say_it_is_read_only_without_edit_mode(case):
    at = AppTest.from_function(_panel, args=(str(case), False), default_timeout=60).run()
    assert not [b for b in at.button if b.key in (add_reports.CASE_SOURCES, add_reports.SAVE)]
    at.text_area(key=add_reports.REPORT_TEXT).set_value(WIRE)
    at.date_input(key=add_reports.REPORT_DATE).set_value(date(2016, 12, 16))
    at.button(key=add_reports.INGEST).click().run()
    assert not at.exception
    assert len(at.data_editor(key=add_reports.REVIEW_EDITOR).value) >= 1
    assert not [b for b in at.button if b.key == add_reports.SAVE]
    assert editing.READ_ONLY_NOTE in [c.value for c in at.caption]


# "Review one row": plain fields for one candidate, in the same form as the table ------------------------

ARRIVAL = "The buses reached Rashidin on Friday evening, a local official said.\n"
ARRIVED = "The buses from al-Amiriyah reached al-Rashidin."


@pytest.fixture
def two_events(case):
    archive.add_source(case, ARRIVAL, outlet="Local", published=date(2016, 12, 17))
    return case


def field(candidate: str, name: str) -> str:
    return add_reports.field_key(candidate, name)


def choose(at: AppTest, candidate: str) -> None:
    at.selectbox(key=add_reports.ROW_CHOICE).set_value(candidate).run()


def row_of(at: AppTest, sources: str) -> tuple[int, str]:
    """The position and candidate id of the row read from exactly ``sources``."""
    table = at.session_state[add_reports.REVIEW_TABLE]
    n = list(table["sources"]).index(sources)
    return n, table.iloc[n]["candidate"]


def test_should_accept_one_row_with_its_edited_summary_and_leave_the_other_row_alone(two_events):
    at = reviewing(two_events)
    n, candidate = row_of(at, "wire_20161216|daily_20161217")
    other = 1 - n
    before = at.session_state[add_reports.REVIEW_TABLE].iloc[other].tolist()
    files = (two_events / "events.csv").read_bytes()
    choose(at, candidate)
    assert at.text_area(key=field(candidate, "summary")).value.startswith("DRAFT: ")
    assert any("still a draft" in w for w in text(at.warning))
    assert any("500 people" in m for m in text(at.markdown))  # the whole evidence sentence, beside the fields
    at.text_area(key=field(candidate, "summary")).input(SUMMARY)
    at.button(key=add_reports.ROW_ACCEPT).click().run()
    assert not at.exception and not at.error
    table = at.session_state[add_reports.REVIEW_TABLE]
    assert (table.iloc[n]["decision"], table.iloc[n]["summary"]) == ("accept", SUMMARY)
    assert table.iloc[other].tolist() == before
    assert (two_events / "events.csv").read_bytes() == files  # decided, not saved
    assert any(f"{candidate} accepted" in s for s in text(at.success))
    at.button(key=add_reports.SAVE).click().run()
    assert (csv_rows.rows("events.csv", two_events)[-1]["summary"]) == SUMMARY


def test_should_keep_a_rows_applied_edit_when_another_row_is_chosen_and_back(two_events):
    at = reviewing(two_events)
    (n, candidate), (m, other) = row_of(at, "wire_20161216|daily_20161217"), row_of(at, "local_20161217")
    choose(at, other)
    at.text_area(key=field(other, "summary")).input(ARRIVED)
    at.button(key=add_reports.ROW_REJECT).click().run()
    choose(at, candidate)
    assert at.text_area(key=field(candidate, "summary")).value.startswith("DRAFT: ")  # the fields show the row chosen
    choose(at, other)
    assert at.text_area(key=field(other, "summary")).value == ARRIVED
    table = at.session_state[add_reports.REVIEW_TABLE]
    assert (table.iloc[m]["decision"], table.iloc[m]["summary"], table.iloc[n]["decision"]) == ("reject", ARRIVED, "")


def test_should_take_the_tables_pending_edits_with_the_rows_decision(two_events):
    at = reviewing(two_events)
    (n, candidate), (m, _) = row_of(at, "wire_20161216|daily_20161217"), row_of(at, "local_20161217")
    choose(at, candidate)
    edit(at, m, summary=ARRIVED, decision="accept")  # typed in the table, not yet applied
    at.text_area(key=field(candidate, "summary")).input(SUMMARY)
    at.button(key=add_reports.ROW_ACCEPT).click().run()
    table = at.session_state[add_reports.REVIEW_TABLE]
    assert table.iloc[[n, m]][["decision", "summary"]].values.tolist() == [["accept", SUMMARY], ["accept", ARRIVED]]


def test_should_keep_a_table_edit_of_the_chosen_row_that_its_fields_did_not_change(two_events):
    at = reviewing(two_events)
    n, candidate = row_of(at, "wire_20161216|daily_20161217")
    choose(at, candidate)
    edit(at, n, summary=SUMMARY)
    at.text_input(key=field(candidate, "end")).input("2016-12-16")
    at.button(key=add_reports.ROW_ACCEPT).click().run()
    row = at.session_state[add_reports.REVIEW_TABLE].iloc[n]
    assert (row["decision"], row["summary"], row["end"]) == ("accept", SUMMARY, "2016-12-16")
    assert at.text_area(key=field(candidate, "summary")).value == SUMMARY  # the fields show the row as the table holds it


@pytest.mark.parametrize(("cells", "said"), [
    ({"summary": SUMMARY, "end": "2016-12-14"}, ": end: {candidate}: 2016-12-14 is before the start 2016-12-15"),
    ({}, ": summary: {candidate}: still the draft"),
])
def test_should_say_what_is_wrong_with_a_rows_edit_and_change_nothing(two_events, cells, said):
    at = reviewing(two_events)
    n, candidate = row_of(at, "wire_20161216|daily_20161217")
    choose(at, candidate)
    edit(at, 1 - n, summary=ARRIVED)  # typed in the table meanwhile: still there after the refusal
    before = at.session_state[add_reports.REVIEW_TABLE].copy()
    for name, value in cells.items():
        (at.text_area if name == "summary" else at.text_input)(key=field(candidate, name)).input(value)
    at.button(key=add_reports.ROW_ACCEPT).click().run()
    assert not at.exception
    assert any("Nothing changed" in e and f"review table:{n + 1}" + said.format(candidate=candidate) in e
               for e in text(at.error)), text(at.error)
    assert at.session_state[add_reports.REVIEW_TABLE].equals(before)
    for name, value in cells.items():
        assert (at.text_area if name == "summary" else at.text_input)(key=field(candidate, name)).value == value  # kept
    assert at.session_state[add_reports.REVIEW_EDITOR]["edited_rows"] == {1 - n: {"summary": ARRIVED}}


def test_should_never_put_what_the_fields_of_one_row_hold_on_another(two_events):
    at = reviewing(two_events)
    (n, candidate), (m, other) = row_of(at, "wire_20161216|daily_20161217"), row_of(at, "local_20161217")
    choose(at, other)
    choose(at, candidate)
    at.session_state[field(other, "summary")] = ARRIVED  # what a page drawn for the other row might still send
    at.session_state[field(other, "type")] = "arrival"
    at.text_area(key=field(candidate, "summary")).input(SUMMARY)
    at.button(key=add_reports.ROW_ACCEPT).click().run()
    table = at.session_state[add_reports.REVIEW_TABLE]
    assert (table.iloc[n]["summary"], table.iloc[n]["type"]) == (SUMMARY, "departure")
    assert table.iloc[m]["summary"].startswith("DRAFT: ") and table.iloc[m]["decision"] == ""
    assert "Decision so far: **accepted**" in [md.value for md in at.markdown]


def test_should_save_a_rows_precisions_and_actors_as_chosen_in_its_fields(two_events):
    at = reviewing(two_events)
    _, candidate = row_of(at, "wire_20161216|daily_20161217")
    choose(at, candidate)
    at.text_area(key=field(candidate, "summary")).input(SUMMARY)
    at.selectbox(key=field(candidate, "time_precision")).set_value("2")
    at.selectbox(key=field(candidate, "geo_precision")).set_value("3")
    at.text_input(key=field(candidate, "actors")).input("Syrian Arab Red Crescent|ICRC")
    at.button(key=add_reports.ROW_ACCEPT).click().run()
    assert not at.exception and not at.error
    at.button(key=add_reports.SAVE).click().run()
    saved = csv_rows.rows("events.csv", two_events)[-1]
    assert (saved["summary"], saved["time_precision"], saved["geo_precision"], saved["actors"]) == (
        SUMMARY, "2", "3", "Syrian Arab Red Crescent|ICRC")


# Save adds the pasted report the rows cite to the case's sources ------------------------------------------------


def pasted(folder, outlet: str) -> AppTest:
    """The panel in edit mode with WIRE pasted, dated 16 December, ``outlet`` given, its candidates found, and the
    row of al-Amiriyah accepted with its summary written."""
    at = AppTest.from_function(_panel, args=(str(folder), True), default_timeout=60).run()
    at.text_area(key=add_reports.REPORT_TEXT).set_value(WIRE)
    at.date_input(key=add_reports.REPORT_DATE).set_value(date(2016, 12, 16))
    at.text_input(key=add_reports.REPORT_OUTLET).set_value(outlet)
    at.button(key=add_reports.INGEST).click().run()
    table = at.session_state[add_reports.REVIEW_TABLE]
    row = [n for n, p in enumerate(table["place_id"]) if p == "amiriyah"][0]
    edit(at, row, decision="accept", summary=SUMMARY)
    return at


def test_should_add_a_pasted_report_to_the_sources_when_its_row_is_saved(data_copy):
    before = csv_rows.rows("sources.csv", data_copy)
    at = pasted(data_copy, "Wire Service")
    at.button(key=add_reports.SAVE).click().run()
    assert not at.exception and not at.error
    sources = csv_rows.rows("sources.csv", data_copy)
    assert len(sources) == len(before) + 1
    new = sources[-1]
    assert (new["id"], new["outlet"], new["published"], new["archive"]) == (
        "wire_service_20161216", "Wire Service", "2016-12-16", "sources/wire_service_20161216.txt")
    assert (data_copy / new["archive"]).read_bytes() == WIRE.encode("utf-8")
    assert new["sha256"] == hashlib.sha256(WIRE.encode("utf-8")).hexdigest()
    assert csv_rows.rows("events.csv", data_copy)[-1]["sources"] == "wire_service_20161216"
    assert ("sources.csv", "wire_service_20161216") in {(r["file"], r["row_id"])
                                                        for r in csv_rows.rows("changes.csv", data_copy)}


def test_should_refuse_to_save_a_pasted_report_without_its_outlet_and_write_nothing(data_copy):
    def files() -> dict[str, bytes]:
        return {str(p): p.read_bytes() for p in sorted(data_copy.rglob("*")) if p.is_file()}

    before = files()
    at = pasted(data_copy, "")
    at.button(key=add_reports.SAVE).click().run()
    assert not at.exception
    assert any("Nothing was written" in e and "no outlet is given for the pasted text" in e for e in text(at.error))
    assert files() == before
