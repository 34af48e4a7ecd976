"""The dashboard's "Add events from a file", run headless with AppTest: added for the session, or refused whole."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from streamlit.runtime.media_file_manager import MediaFileManager
from streamlit.testing.v1 import AppTest

import dashboard
from geo.data.cases import DATA_ENV
from geo.data.schema import EVENTS
from panels import below_map, events_file, state
from tests import csv_rows
from tests.conftest import ROOT, SHIPPED

APP = str(ROOT / "dashboard.py")
SHIPPED_EVENTS = len(csv_rows.rows("events.csv"))  # the events the dashboard shows before an upload
CORPUS = Path(__file__).resolve().parent / "bad_inputs"
ROW = {"id": "u001", "start": "2016-12-23T09:00:00+00:00", "end": "", "time_precision": "1", "geo_precision": "1",
       "place_id": "rashidin", "type": "arrival", "actors": "", "summary": "Buses arrived again, in our words.",
       "sources": "reuters_20161215"}


def csv_file(*rows: dict[str, str]) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(EVENTS.names), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")


def row(**changes: str) -> dict[str, str]:
    return {**ROW, **changes}


@pytest.fixture
def app(monkeypatch) -> AppTest:
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.delenv("EVACMAP_OFFLINE", raising=False)
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state[below_map.PANEL] = "Events list"  # these tests read the event list
    return at.run()


def upload(at: AppTest, name: str, data: bytes) -> AppTest:
    at.file_uploader(key=events_file.EVENTS_FILE).set_value((name, data, "application/octet-stream"))
    return at.run()


def events(at: AppTest) -> int:
    return int(next(m for m in at.metric if m.label == "Events").value)


def text(elements) -> list[str]:
    return [e.value.replace("\\", "") for e in elements]  # the markdown source escapes punctuation


def listed(at: AppTest) -> dict[str, str]:
    """Event id -> its Sources cell, from the event list."""
    table = next(t.value for t in at.dataframe if "Summary" in t.value)
    return dict(zip(table["id"], table["Sources"], strict=True))


def test_should_add_a_good_csv_for_the_session_and_mark_its_events(app):
    at = upload(app, "mine.csv", csv_file(row(), row(id="u002", start="2016-12-16T09:00:00+00:00")))
    assert not at.exception and not at.error and not at.warning
    assert events(at) == SHIPPED_EVENTS + 2
    assert "2 event(s) added from mine.csv for this session" in text(at.success)[0]
    assert listed(at)["u001"].endswith("· from upload mine.csv")
    assert "from upload" not in listed(at)["e001"]
    at.session_state[state.SELECTED] = "u001"
    at.run()
    assert any("from upload mine.csv" in c for c in text(at.caption))
    assert at.query_params["event"] == "u001"
    assert (SHIPPED / "events.csv").read_text(encoding="utf-8").count("u001") == 0


def test_should_widen_the_window_to_an_uploaded_day_and_narrow_it_back_when_the_file_is_removed(app):
    at = upload(app, "mine.csv", csv_file(row()))
    assert '"2016-12-23"' in _day_strip(at)
    at.file_uploader(key=events_file.EVENTS_FILE).set_value(None)
    at.run()
    assert not at.exception and not at.success
    assert events(at) == SHIPPED_EVENTS
    assert '"2016-12-23"' not in _day_strip(at) and '"2016-12-20"' in _day_strip(at)


def _day_strip(at) -> str:
    """The spec of the strip of events a day above the map (its axis lists every day of the case)."""
    (strip,) = [c for c in at.get("vega_lite_chart") if c.key == dashboard.DAY_BARS]
    return strip.proto.spec


def test_should_forget_a_selected_uploaded_event_when_the_file_is_removed(app):
    at = upload(app, "mine.csv", csv_file(row(start="2016-12-16T09:00:00+00:00")))
    at.session_state[state.SELECTED] = "u001"
    at.run()
    at.file_uploader(key=events_file.EVENTS_FILE).set_value(None)
    at.run()
    assert not at.exception and not at.warning
    assert at.session_state[state.SELECTED] is None and "event" not in at.query_params
    assert events(at) == SHIPPED_EVENTS


def test_should_add_a_parquet_file(app):
    table = pa.table({name: pa.array([ROW[name] or None]) for name in EVENTS.names})
    table = table.set_column(EVENTS.names.index("time_precision"), "time_precision", pa.array([1]))
    out = io.BytesIO()
    pq.write_table(table, out)
    at = upload(app, "mine.parquet", out.getvalue())
    assert not at.exception and not at.error
    assert events(at) == SHIPPED_EVENTS + 1 and "u001" in listed(at)


def test_should_add_a_geojson_file(app, shipped):
    properties = {**ROW, "end": None, "actors": [], "sources": ["reuters_20161215"]}
    place = shipped.place("rashidin")
    feature = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [place.lon, place.lat]},
               "properties": properties}
    data = json.dumps({"type": "FeatureCollection", "features": [feature]}).encode()
    at = upload(app, "mine.geojson", data)
    assert not at.exception and not at.error and not at.warning
    assert events(at) == SHIPPED_EVENTS + 1 and "u001" in listed(at)


def test_should_refuse_a_file_whose_id_the_shipped_data_holds_and_keep_the_shipped_view(app):
    at = upload(app, "mine.csv", csv_file(row(), row(id="e001")))
    assert not at.exception
    (error,) = text(at.error)
    assert "mine.csv was not added: 1 problem(s)" in error
    assert "mine.csv:3: id: 'e001' is already an event id in the loaded data" in error
    assert events(at) == SHIPPED_EVENTS and "u001" not in listed(at)


def test_should_refuse_an_id_repeated_in_the_file(app):
    at = upload(app, "mine.csv", csv_file(row(), row()))
    (error,) = text(at.error)
    assert "mine.csv:3: id: duplicate id 'u001'; ids must be unique (first on line 2)" in error
    assert events(at) == SHIPPED_EVENTS


def test_should_name_file_line_and_column_of_unknown_places_and_types(app):
    at = upload(app, "mine.csv", csv_file(row(place_id="atlantis", type="teleport")))
    (error,) = text(at.error)
    assert "mine.csv:2: place_id: 'atlantis' is not a place in the gazetteer" in error
    assert "mine.csv:2: type: 'teleport' is not an event type" in error


def test_should_list_the_problems_of_a_bad_file_from_the_corpus(app):
    at = upload(app, "events.time_without_offset.csv", (CORPUS / "events.time_without_offset.csv").read_bytes())
    (error,) = text(at.error)
    assert "events.time_without_offset.csv:4: start: expected an ISO 8601 time with a UTC offset" in error
    assert events(at) == SHIPPED_EVENTS


def test_should_list_the_first_twenty_problems_and_count_the_rest(app):
    taken = [row(id=f"e{n:03}") for n in range(1, 26)]
    at = upload(app, "mine.csv", csv_file(*taken))
    (error,) = text(at.error)
    assert "25 problem(s)" in error and "… and 5 more problem(s)" in error
    assert error.count("is already an event id") == 20


def test_should_accept_and_warn_about_source_ids_sources_csv_lacks(app):
    at = upload(app, "mine.csv", csv_file(row(sources="reuters_20161215|testwire_20161223")))
    assert not at.error
    (warning,) = text(at.warning)
    assert "cites source ids not in sources.csv: testwire_20161223" in warning
    assert "testwire_20161223 (not in sources.csv; from upload mine.csv)" in listed(at)["u001"]
    assert events(at) == SHIPPED_EVENTS + 1


def test_should_export_the_uploaded_events_with_the_shipped_ones(app, monkeypatch):
    made = {}
    original = MediaFileManager.add_deferred

    def record(self, callable_, mimetype, coordinates, file_name=None, **options):
        made[file_name] = callable_
        return original(self, callable_, mimetype, coordinates, file_name=file_name, **options)

    monkeypatch.setattr(MediaFileManager, "add_deferred", record)
    upload(app, "mine.csv", csv_file(row(sources="testwire_20161223")))
    exports = {name.rsplit(".", 1)[-1] + ("_acled" if "_acled" in name else ""): make for name, make in made.items()}
    assert b"\nu001,2016-12-23T09:00:00+00:00," in exports["csv"]()
    assert b"SYR-evacmap-u001" in exports["csv_acled"]()
    assert b"testwire_20161223 (not in sources.csv; from upload mine.csv)" in exports["csv_acled"]()
    assert "testwire_20161223 (not in sources.csv; from upload mine.csv)" in exports["geojson"]().decode()
    assert b"from upload mine.csv" in exports["html"]()


def test_should_say_a_link_to_an_uploaded_event_names_no_event_in_a_session_without_the_file(monkeypatch):
    monkeypatch.delenv(DATA_ENV, raising=False)
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["event"] = "u001"
    at.run()
    assert not at.exception
    (warning,) = text(at.warning)
    assert "event: no event has the id 'u001'" in warning
    assert events(at) == SHIPPED_EVENTS


def test_should_let_go_of_what_an_upload_made_when_the_file_is_removed(app):
    at = upload(app, "mine.csv", csv_file(row()))
    assert events_file.EVENTS_FILE_ADDED in at.session_state
    at.file_uploader(key=events_file.EVENTS_FILE).set_value(None)
    at.run()
    assert not at.exception
    assert all(key not in at.session_state for key in events_file.KEPT)


def test_should_keep_one_upload_a_session_replacing_the_previous_one(app):
    at = upload(app, "first.csv", csv_file(row()))
    at = upload(app, "second.csv", csv_file(row(id="u002")))
    assert not at.exception
    _, added = at.session_state[events_file.EVENTS_FILE_ADDED]
    assert added.file == "second.csv" and events(at) == SHIPPED_EVENTS + 1
