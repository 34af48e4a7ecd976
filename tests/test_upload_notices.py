"""An events file a visitor adds (geo.app.upload_notices over geo.data.merge): added for the session and marked, or
refused whole with every problem located; what the page says about it; a link to its event without it.

The page's wiring (the sidebar's uploader, removing the file, the exports) is tests/page/test_page_panels.py.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from geo.app import listings, upload_notices
from geo.data import merge
from geo.data.schema import EVENTS
from geo.map.popups import event_text
from geo.run.selection import Selection
from geo.run.view import View, from_params
from tests import csv_rows
from tests.conftest import SHIPPED

SHIPPED_EVENTS = len(csv_rows.rows("events.csv"))
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


def _added(shipped, name: str, data: bytes):
    upload = merge.add_events(shipped, name, data)
    return upload, upload_notices.shown(upload, shipped), upload_notices.said(upload)


def _listed(evidence) -> dict[str, str]:
    """Event id -> its Sources cell, as the event list shows it."""
    table = listings.event_rows(evidence, evidence.events)
    return dict(zip(table["id"], table["Sources"], strict=True))


def _error(said) -> str:
    ((level, text),) = said
    assert level == "error"
    return text.replace("\\", "")  # the markdown source escapes punctuation


def test_should_add_a_good_csv_for_the_session_and_mark_its_events(shipped):
    _, shown, said = _added(shipped, "mine.csv", csv_file(row(), row(id="u002", start="2016-12-16T09:00:00+00:00")))
    assert [level for level, _ in said] == ["success"]
    assert "2 event(s) added from mine.csv for this session" in said[0][1].replace("\\", "")
    assert len(shown.events) == SHIPPED_EVENTS + 2 and len(shipped.events) == SHIPPED_EVENTS
    assert _listed(shown)["u001"].endswith("· from upload mine.csv") and "from upload" not in _listed(shown)["e001"]
    selected = Selection.of(shown, View(event="u001")).selected
    assert "from upload mine.csv" in event_text(selected, shown.event_types["arrival"], shown.case.timezone).origin
    assert (SHIPPED / "events.csv").read_text(encoding="utf-8").count("u001") == 0


def test_should_add_a_parquet_file(shipped):
    table = pa.table({name: pa.array([ROW[name] or None]) for name in EVENTS.names})
    table = table.set_column(EVENTS.names.index("time_precision"), "time_precision", pa.array([1]))
    out = io.BytesIO()
    pq.write_table(table, out)
    _, shown, said = _added(shipped, "mine.parquet", out.getvalue())
    assert [level for level, _ in said] == ["success"]
    assert len(shown.events) == SHIPPED_EVENTS + 1 and "u001" in _listed(shown)


def test_should_add_a_geojson_file(shipped):
    properties = {**ROW, "end": None, "actors": [], "sources": ["reuters_20161215"]}
    place = shipped.place("rashidin")
    feature = {"type": "Feature", "geometry": {"type": "Point", "coordinates": [place.lon, place.lat]},
               "properties": properties}
    data = json.dumps({"type": "FeatureCollection", "features": [feature]}).encode()
    _, shown, said = _added(shipped, "mine.geojson", data)
    assert [level for level, _ in said] == ["success"]
    assert len(shown.events) == SHIPPED_EVENTS + 1 and "u001" in _listed(shown)


def test_should_refuse_a_file_whose_id_the_shipped_data_holds_and_keep_the_shipped_view(shipped):
    _, shown, said = _added(shipped, "mine.csv", csv_file(row(), row(id="e001")))
    error = _error(said)
    assert "mine.csv was not added: 1 problem(s)" in error
    assert "mine.csv:3: id: 'e001' is already an event id in the loaded data" in error
    assert shown is shipped and "u001" not in _listed(shown)


def test_should_refuse_an_id_repeated_in_the_file(shipped):
    _, shown, said = _added(shipped, "mine.csv", csv_file(row(), row()))
    assert "mine.csv:3: id: duplicate id 'u001'; ids must be unique (first on line 2)" in _error(said)
    assert shown is shipped


def test_should_name_file_line_and_column_of_unknown_places_and_types(shipped):
    error = _error(_added(shipped, "mine.csv", csv_file(row(place_id="atlantis", type="teleport")))[2])
    assert "mine.csv:2: place_id: 'atlantis' is not a place in the gazetteer" in error
    assert "mine.csv:2: type: 'teleport' is not an event type" in error


def test_should_list_the_problems_of_a_bad_file_from_the_corpus(shipped):
    name = "events.time_without_offset.csv"
    _, shown, said = _added(shipped, name, (CORPUS / name).read_bytes())
    assert f"{name}:4: start: expected an ISO 8601 time with a UTC offset" in _error(said)
    assert shown is shipped


def test_should_list_the_first_twenty_problems_and_count_the_rest(shipped):
    error = _error(_added(shipped, "mine.csv", csv_file(*[row(id=f"e{n:03}") for n in range(1, 26)]))[2])
    assert "25 problem(s)" in error and "… and 5 more problem(s)" in error
    assert error.count("is already an event id") == 20


def test_should_accept_and_warn_about_source_ids_sources_csv_lacks(shipped):
    _, shown, said = _added(shipped, "mine.csv", csv_file(row(sources="reuters_20161215|testwire_20161223")))
    assert [level for level, _ in said] == ["warning", "success"]
    assert "cites source ids not in sources.csv: testwire_20161223" in said[0][1].replace("\\", "")
    assert "testwire_20161223 (not in sources.csv; from upload mine.csv)" in _listed(shown)["u001"]
    assert len(shown.events) == SHIPPED_EVENTS + 1


def test_should_say_a_link_to_an_uploaded_event_names_no_event_in_a_session_without_the_file(shipped):
    view, notices = from_params({"event": "u001"}, shipped)
    assert view.event is None and notices == ["event: no event has the id 'u001'; no event is selected"]
