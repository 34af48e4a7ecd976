"""Candidates merged across reports: one per event (same place, type, overlapping days), citing every report."""

import json
from datetime import date

import pandas as pd

from geo.cli import main
from geo.ingest.grading import score_merged
from geo.ingest.merging import by_source, merge_candidates
from geo.ingest.report import ingest_text
from tests import csv_rows
from tests.conftest import ZONE

FRIDAY, SATURDAY = date(2016, 12, 16), date(2016, 12, 17)


def report(text, published, outlet, gazetteer):
    return ingest_text(text, published, outlet, gazetteer, zone=ZONE, file=f"{outlet}.txt")


def test_should_merge_one_event_two_reports_describe_into_one_candidate_citing_both(gazetteer):
    wire = report("About 40 buses left al-Amiriyah on Thursday.", FRIDAY, "Wire", gazetteer)
    daily = report("On Thursday 3,000 people left al-Amiriyah, the Red Crescent said.", SATURDAY, "Daily", gazetteer)
    (merged,) = merge_candidates(by_source([wire, daily]))
    assert merged.sources == ("wire_20161216", "daily_20161217")
    assert (merged.event.place_id, merged.event.type, merged.event.date) == ("amiriyah", "departure", date(2016, 12, 15))
    assert {c.value for c in merged.event.claims} == {40, 3000}
    assert "[wire_20161216]" in merged.event.evidence and "[daily_20161217]" in merged.event.evidence


def test_should_keep_apart_candidates_of_another_type_place_or_day(gazetteer):
    reports = by_source([
        report("Buses left al-Amiriyah on Thursday.", FRIDAY, "Wire", gazetteer),
        report("Buses left al-Amiriyah on Friday.", SATURDAY, "Daily", gazetteer),  # another day
        report("Crowds waited in al-Amiriyah on Thursday.", FRIDAY, "Radio", gazetteer),  # another type
        report("Buses left al-Sukkari on Thursday.", FRIDAY, "Agency", gazetteer),  # another place
    ])
    assert len(merge_candidates(reports)) == 4


def test_should_merge_a_chain_of_overlapping_days_and_keep_the_days_all_agree_on(gazetteer):
    reports = by_source([
        report("Fighting raged in al-Sukkari over the past two days.", FRIDAY, "Wire", gazetteer),  # 14..16
        report("Fighting raged in al-Sukkari on Thursday.", FRIDAY, "Daily", gazetteer),  # 15
    ])
    (merged,) = merge_candidates(reports)
    assert (merged.event.date, merged.event.last) == (date(2016, 12, 15), date(2016, 12, 15))


def test_should_give_two_reports_of_one_outlet_and_day_their_own_source_ids(gazetteer):
    first = report("Buses left al-Amiriyah on Thursday.", FRIDAY, "Wire", gazetteer)
    assert list(by_source([first, first])) == ["wire_20161216", "wire_20161216_2"]


def test_should_score_each_merged_candidate_against_the_curated_events_it_matches(gazetteer):
    reports = by_source([report("Buses left al-Amiriyah on Thursday.", FRIDAY, "Wire", gazetteer),
                         report("Buses left al-Amiriyah on Thursday.", SATURDAY, "Daily", gazetteer),
                         report("Crowds waited in al-Sukkari on Thursday.", FRIDAY, "Radio", gazetteer)])
    day = pd.Timestamp("2016-12-14T22:00:00+00:00")
    events = pd.DataFrame([
        {"id": "e1", "start": day, "end": day + pd.Timedelta(days=1), "place_id": "amiriyah", "type": "departure",
         "sources": "wire_20161216|daily_20161217"},
        {"id": "e2", "start": day, "end": pd.NaT, "place_id": "sukkari", "type": "clash", "sources": "radio_20161216"},
    ])
    result = score_merged(merge_candidates(reports), events, ZONE)
    assert (result.candidates, result.one_event, result.unmatched, result.found, result.events) == (
        2, 1, ("2016-12-15..2016-12-15 sukkari gathering (radio_20161216)",), 1, 2)


def test_should_print_merged_candidates_and_write_them_as_review_rows(capsys, tmp_path):
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("Buses left al-Amiriyah on Thursday.", encoding="utf-8")
    second.write_text("On Thursday buses left al-Amiriyah.", encoding="utf-8")
    assert main(["ingest", str(first), str(second), "--published", "2016-12-16", "--outlet", "Wire"]) == 0
    (merged,) = json.loads(capsys.readouterr().out)["merged"]
    assert merged["sources"] == ["wire_20161216", "wire_20161216_2"] and len(merged["evidence_by_source"]) == 2
    out = tmp_path / "merged.csv"
    assert main(["ingest", str(first), str(second), "--published", "2016-12-16", "--outlet", "Wire",
                 "--format", "csv", "-o", str(out)]) == 0
    (row,) = csv_rows.rows(out.name, out.parent)
    assert (row["candidate"], row["sources"]) == ("k001", "wire_20161216|wire_20161216_2")
