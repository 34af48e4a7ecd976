"""Uploaded events added to the loaded evidence for one session: checked against it, marked, cited."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pandas as pd
import pytest

from geo import export
from geo.app import listings
from geo.data import evidence, merge
from geo.run.view import View
from tests.conftest import SHIPPED

CORPUS = Path(__file__).resolve().parent / "bad_inputs"
GOOD = CORPUS / "good"
HEADER = (GOOD / "events.csv").read_text(encoding="utf-8").splitlines()[0]


def events_file(*rows: str) -> bytes:
    return "\n".join([HEADER, *rows, ""]).encode("utf-8")


ROW = "u001,2016-12-17T09:00:00+00:00,,1,1,rashidin,arrival,,Buses arrived again.,wire_20161215"


@pytest.fixture(scope="module")
def good() -> evidence.Evidence:
    return evidence.load(GOOD)


def test_should_add_the_uploaded_events_in_time_order_and_mark_them(good):
    upload = merge.add_events(good, "mine.csv", events_file(ROW))
    assert upload.problems == () and upload.added == 1
    events = upload.evidence.events
    assert list(events["id"]) == ["e002", "e001", "e003", "u001"]
    assert [merge.uploaded_from(row) for row in events.to_dict("records")] == [None, None, None, "mine.csv"]
    assert events.iloc[3]["place_name"] == good.place("rashidin").name


def test_should_leave_the_loaded_evidence_unchanged(good):
    before = good.events.copy()
    merge.add_events(good, "mine.csv", events_file(ROW))
    pd.testing.assert_frame_equal(good.events, before)
    assert merge.UPLOAD not in good.events.columns and dict(good.unregistered) == {}


def test_should_refuse_an_id_the_loaded_data_already_holds(good):
    upload = merge.add_events(good, "mine.csv", events_file(ROW, ROW.replace("u001", "e002", 1)))
    assert upload.evidence is None
    assert [str(p) for p in upload.problems] == [
        "mine.csv:3: id: 'e002' is already an event id in the loaded data; give the uploaded event an id of its own"
    ]


def test_should_refuse_an_id_repeated_within_the_upload(good):
    upload = merge.add_events(good, "mine.csv", events_file(ROW, ROW))
    assert [(p.line, p.column) for p in upload.problems] == [(3, "id")]
    assert "duplicate id 'u001'" in upload.problems[0].message


def test_should_name_unknown_places_and_types_with_their_line(good):
    upload = merge.add_events(good, "mine.csv", events_file(ROW, ROW.replace("u001", "u002").replace(
        "rashidin,arrival", "atlantis,teleport")))
    assert [(p.file, p.line, p.column) for p in upload.problems] == [("mine.csv", 3, "place_id"), ("mine.csv", 3, "type")]


def test_should_refuse_an_event_at_a_context_place_or_ending_before_it_starts(good):
    upload = merge.add_events(good, "mine.csv", events_file(
        ROW.replace("rashidin", "moscow"),
        ROW.replace("u001", "u002").replace(",,1,1", ",2016-12-16T09:00:00+00:00,1,1")))
    assert [(p.line, p.column) for p in upload.problems] == [(2, "place_id"), (3, "end")]
    assert "context place" in upload.problems[0].message


def test_should_accept_and_cite_a_source_id_sources_csv_lacks_without_inventing_its_outlet(good):
    upload = merge.add_events(good, "mine.csv", events_file(ROW.replace("wire_20161215", "wire_20161215|testwire_20161216")))
    assert upload.problems == () and upload.new_sources == ("testwire_20161216",)
    assert upload.evidence.cite(["testwire_20161216", "wire_20161215"]) == [
        "testwire_20161216 (not in sources.csv; from upload mine.csv)", "A wire agency, 2016-12-15"]
    assert "testwire_20161216" not in upload.evidence.sources
    sources = listings.event_rows(upload.evidence, upload.evidence.events.tail(1))["Sources"].iat[0]
    assert "not in sources.csv; from upload mine.csv" in sources


def test_should_export_the_uploaded_events_like_any_event(good):
    merged = merge.add_events(good, "mine.csv", events_file(ROW)).evidence
    csv_ids = pd.read_csv(io.BytesIO(export.render(merged, View(), "csv")))["id"]
    assert list(csv_ids) == ["e002", "e001", "e003", "u001"]
    features = json.loads(export.render(merged, View(), "geojson"))["features"]
    assert "u001" in {f["id"] for f in features}
    assert b"XXX-evacmap-u001" in export.render(merged, View(), "acled", timestamp=0)  # the fixture names no country


def test_should_read_back_the_shipped_export_only_as_taken_ids(shipped):
    data = export.render(shipped, View(), "geojson")
    upload = merge.add_events(shipped, "export.geojson", data)
    assert upload.evidence is None
    assert {p.column for p in upload.problems} == {"id"}


def test_should_note_a_geojson_point_far_from_its_place_and_draw_the_event_at_its_place(good):
    feature = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [37.5, 36.5]},
               "properties": dict(zip(HEADER.split(","), ROW.split(","), strict=True))}
    data = json.dumps({"type": "FeatureCollection", "features": [feature]}).encode()
    upload = merge.add_events(good, "far.geojson", data)
    assert upload.problems == () and [(p.line, p.column) for p in upload.notes] == [(1, "geometry")]
    assert "drawn at its place" in upload.notes[0].message
    row = upload.evidence.events.loc[upload.evidence.events["id"] == "u001"].iloc[0]
    assert (row["lat"], row["lon"]) == (good.place("rashidin").lat, good.place("rashidin").lon)


def test_should_not_note_a_geojson_point_at_its_place(good):
    data = (CORPUS / "uploads" / "good.geojson").read_text(encoding="utf-8").replace('"e00', '"u00')
    upload = merge.add_events(good, "good.geojson", data.encode())
    assert upload.problems == () and upload.notes == () and upload.added == 3


def test_should_keep_the_problems_of_an_unreadable_file(good):
    upload = merge.add_events(good, "e.csv", (CORPUS / "events.semicolon.csv").read_bytes())
    assert upload.evidence is None and [str(p) for p in upload.problems] == [
        "e.csv:1: columns are separated by ';'; expected ','"]


def _shipped_rows_renamed() -> bytes:
    """The shipped events again, each id prefixed with ``u_``: every one interleaves with a loaded event."""
    lines = (SHIPPED / "events.csv").read_text(encoding="utf-8").splitlines()
    return "\n".join([lines[0], *(f"u_{line}" for line in lines[1:] if line), ""]).encode("utf-8")


@pytest.mark.parametrize("runs", [0, 3, 64])
def test_should_merge_into_the_same_rows_as_a_sort_of_both_tables(shipped, monkeypatch, runs):
    monkeypatch.setattr(merge, "MAX_SHARED_RUNS", runs)
    merged = merge.add_events(shipped, "again.csv", _shipped_rows_renamed()).evidence.events
    again = shipped.events.assign(id="u_" + shipped.events["id"])
    expected = pd.concat([shipped.events, again]).sort_values(["start", "id"], kind="stable").reset_index(drop=True)
    pd.testing.assert_frame_equal(merged.drop(columns=merge.UPLOAD), expected)
    assert [merge.uploaded_from(row) for row in merged.to_dict("records")] == [
        "again.csv" if event_id.startswith("u_") else None for event_id in expected["id"]]


def test_should_share_the_loaded_text_columns_instead_of_copying_them(shipped):
    import pyarrow as pa

    late = "u900,2016-12-31T09:00:00+00:00,,1,1,rashidin,arrival,,Buses arrived again.,reuters_20161215"
    merged = merge.add_events(shipped, "late.csv", events_file(late)).evidence.events
    for name in ("id", "summary", "sources", "place_name"):
        own, shared = (pa.chunked_array(pa.array(events[name].array)) for events in (shipped.events, merged))
        # every loaded event is before the uploaded one: one run, a slice of the loaded column's own buffer
        assert shared.chunk(0).buffers()[2].address == own.chunk(0).buffers()[2].address, name
        assert shared.to_pylist() == [*own.to_pylist(), {"id": "u900", "summary": "Buses arrived again.",
                                                          "sources": "reuters_20161215", "place_name": "al-Rashidin"}[name]]
