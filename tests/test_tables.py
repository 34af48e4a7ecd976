"""The tables beside the map: events shown, claims side by side, candidates for review."""

from datetime import date

from geo import ingest, times
from geo.app import listings
from geo.run.view import from_params
from tests.conftest import ZONE


def test_should_list_events_with_aleppo_and_utc_times_and_citations(shipped):
    view = from_params({"start": "2016-12-15T14:00", "end": "2016-12-15T15:00"}, shipped)[0]
    rows = listings.event_rows(shipped, view.apply(shipped))
    departure = rows.loc[rows["id"] == "e035"].iloc[0]
    assert departure["When (local, UTC)"] == "Thu 15 Dec 2016 14:30 UTC+2 (12:30 UTC)"
    assert departure["Type"] == "Departure" and "RT, 2016-12-15" in departure["Sources"]


def test_should_put_disagreeing_numbers_side_by_side_with_who_said_them(shipped):
    rows = listings.claim_rows(shipped, shipped.events["id"])
    assert len(rows) == len(shipped.claims)
    evacuated = rows.index[rows["What"] == "people evacuated"]
    assert list(evacuated) == list(range(evacuated.min(), evacuated.max() + 1))
    assert rows.loc[evacuated, "Who said it"].nunique() > 2


def test_should_place_a_day_only_candidate_at_local_midnight(shipped):
    report = ingest.ingest_text("Buses left Ramousah on Thursday.", date(2016, 12, 16), "Test Wire", shipped.gazetteer,
                                  zone=ZONE)
    layer = listings.candidate_layer(report.events, ZONE)
    assert list(layer["place_id"]) == ["ramousah"]
    assert layer["start"].iloc[0] == times.local_day_start(date(2016, 12, 15), ZONE)
    review = listings.candidate_rows(shipped, report.events, ["accept"])
    assert list(review["Decision"]) == ["accept"] and list(review["Day (local)"]) == ["2016-12-15"]
