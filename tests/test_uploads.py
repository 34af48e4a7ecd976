"""Uploaded event files, CSV, Parquet or GeoJSON: read alike, problems located, nothing lost."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from geo import export
from geo.data import evidence, tablefile, uploads
from geo.data.schema import EVENTS
from geo.errors import Problem
from geo.run.view import View

CORPUS = Path(__file__).resolve().parent / "bad_inputs"
UPLOADS = CORPUS / "uploads"
GOOD_EVENTS = CORPUS / "good" / "events.csv"

# bad GeoJSON file -> every problem read_upload reports (with the good folder's evidence)
GEOJSON_CASES: dict[str, list[tuple[int, str, str]]] = {
    "not_json.geojson": [(3, "", "not valid JSON: Expecting ',' delimiter (column 275)")],
    "not_utf8.geojson": [(3, "", "byte 0xe9 at offset 784 is not UTF-8")],
    "single_feature.geojson": [(1, "type", "expected a GeoJSON FeatureCollection with a 'features' list")],
    "no_features.geojson": [(0, "", "no events: the file holds no rows")],
    "not_a_feature.geojson": [(3, "type", "expected a GeoJSON Feature")],
    "coordinates_out_of_range.geojson": [(2, "geometry", "instead got [37.12546, 136.17084]")],
    "nan_coordinates.geojson": [(3, "geometry", "expected [lon, lat] with lon from -180 to 180")],
    "coordinates_as_text.geojson": [(4, "geometry", "expected coordinates [lon, lat]")],
    "linestring.geojson": [(3, "geometry", "expected a Point geometry or null, instead got 'LineString'")],
    "wrong_types.geojson": [
        (3, "summary", "expected text or a number, instead got an object"),
        (3, "time_precision", "expected a number, instead got 'high'"),
        (3, "geo_precision", "expected a number, instead got 'true'"),
    ],
    "infinity.geojson": [(2, "time_precision", "not a JSON value, RFC 8259")],
    "unexpected_property.geojson": [(4, "casualties", "unexpected property; expected only: id, start")],
    "missing_property.geojson": [(2, "type", "required value is empty")],
    "duplicate_id.geojson": [(4, "id", "duplicate id 'e001'; ids must be unique (first on line 2)")],
    "time_without_offset.geojson": [(3, "start", "with a UTC offset")],
    "impossible_date.geojson": [(2, "start", "expected a real ISO 8601 date and time")],
    "list_item_with_separator.geojson": [(2, "actors", "a list item holds '|', the list separator")],
    "unknown_place.geojson": [(4, "place_id", "'amiriya' is not a place in the gazetteer; did you mean amiriyah?")],
    "null_geometry.geojson": [],
}


@pytest.fixture(scope="module")
def good() -> evidence.Evidence:
    return evidence.load(CORPUS / "good")


def parquet_bytes(table: pa.Table) -> bytes:
    out = io.BytesIO()
    pq.write_table(table, out)
    return out.getvalue()


def good_parquet_columns() -> dict[str, pa.Array]:
    frame = pd.read_csv(GOOD_EVENTS, dtype=str, keep_default_na=False)
    columns = {name: pa.array(frame[name].tolist()) for name in EVENTS.names}
    columns["start"] = pa.array(pd.to_datetime(frame["start"], utc=True))
    columns["time_precision"] = pa.array(frame["time_precision"].astype(int))
    columns["actors"] = pa.array([a.split("|") if a else [] for a in frame["actors"]])
    return columns


def test_should_try_every_upload_of_the_corpus():
    assert {p.name for p in UPLOADS.iterdir()} == {*GEOJSON_CASES, "good.geojson"}


@pytest.mark.parametrize("bad_file", sorted(GEOJSON_CASES))
def test_should_locate_every_problem_of_a_bad_geojson_file(good, bad_file):
    frame, problems = uploads.read_upload(bad_file, (UPLOADS / bad_file).read_bytes(), good)
    expected = GEOJSON_CASES[bad_file]
    assert [(p.file, p.line, p.column) for p in problems] == [(bad_file, n, c) for n, c, _ in expected]
    for problem, (_, _, words) in zip(problems, expected, strict=True):
        assert words in problem.message, problem


def test_should_read_the_good_geojson_as_the_good_csv(good):
    from_json, problems = uploads.read_upload("good.geojson", (UPLOADS / "good.geojson").read_bytes(), good)
    from_csv, _ = tablefile.read_table(GOOD_EVENTS, EVENTS)
    assert problems == []
    pd.testing.assert_frame_equal(from_json[list(EVENTS.names)], from_csv[list(EVENTS.names)])
    assert list(from_json["_line"]) == [2, 3, 4]
    assert (from_json.loc[0, "lat"], from_json.loc[0, "lon"]) == (36.17084, 37.12546)


def test_should_read_a_missing_geometry_as_no_position(good):
    frame, _ = uploads.read_upload("x.geojson", (UPLOADS / "null_geometry.geojson").read_bytes(), good)
    assert frame["lat"].isna().tolist() == [False, True, False]


def test_should_keep_the_good_features_of_a_file_with_a_bad_one(good):
    frame, _ = uploads.read_upload("x.geojson", (UPLOADS / "not_a_feature.geojson").read_bytes(), good)
    assert list(frame["id"]) == ["e001", "e003"]


def test_should_accept_a_byte_order_mark_before_geojson(good):
    data = b"\xef\xbb\xbf" + (UPLOADS / "good.geojson").read_bytes()
    assert uploads.read_upload("good.geojson", data, good)[1] == []


def test_should_read_back_evacmaps_own_geojson_export(shipped):
    data = export.render(shipped, View(), "geojson")
    assert '"feature": "corridor"' in data.decode("utf-8")
    frame, problems = uploads.read_upload("export.geojson", data, shipped)
    assert problems == []
    assert sorted(frame["id"]) == sorted(shipped.events["id"])


@pytest.mark.parametrize("bad_file", sorted(p.name for p in CORPUS.glob("events.*.csv")))
def test_should_check_an_uploaded_csv_exactly_as_a_data_file(bad_file):
    data = (CORPUS / bad_file).read_bytes()
    uploaded, problems = uploads.read_upload("events.csv", data)
    read, expected = tablefile.read_table(CORPUS / bad_file, EVENTS, name="events.csv")
    if read.empty and not expected:
        expected = [Problem("events.csv", 0, "", "no events: the file holds no rows")]
    assert problems == expected
    pd.testing.assert_frame_equal(uploaded, read)


def test_should_name_place_type_and_source_ids_the_evidence_lacks(good):
    data = GOOD_EVENTS.read_bytes().replace(b",rashidin,arrival,", b",atlantis,teleport,").replace(
        b"wire_20161215\n", b"wire_20161215|nowhere\n")
    _, problems = uploads.read_upload("events.csv", data, good)
    assert [(p.line, p.column) for p in problems] == [(3, "place_id"), (3, "type"), (3, "sources")]
    assert problems[1].message == "'teleport' is not an event type; expected one of arrival, departure"


@pytest.mark.parametrize(
    ("filename", "message"),
    [
        ("events.xlsx", "expected a .csv, .parquet or .geojson file"),
        ("events", "expected a .csv, .parquet or .geojson file"),
    ],
)
def test_should_refuse_a_file_of_another_format(filename, message):
    assert uploads.read_upload(filename, b"id\n")[1] == [Problem(filename, 0, "", message)]


def test_should_refuse_a_file_over_the_size_cap_without_reading_it():
    data = GOOD_EVENTS.read_bytes()
    frame, problems = uploads.read_upload("events.csv", data, max_bytes=len(data) - 1)
    assert frame.empty
    assert problems == [Problem("events.csv", 0, "", f"file is {len(data):,} bytes; the limit is {len(data) - 1:,}")]
    assert uploads.read_upload("events.csv", data, max_bytes=len(data))[1] == []


def test_should_document_a_size_cap_an_events_file_of_thousands_of_rows_fits_under():
    assert 1000 * len(GOOD_EVENTS.read_bytes()) <= uploads.MAX_UPLOAD_BYTES


def test_should_name_the_upload_by_its_file_name_only():
    _, problems = uploads.read_upload("C:\\Users\\me\\events<img src=x>.csv", b"")
    assert problems[0].file == "events<img src=x>.csv"


def test_should_say_a_semicolon_separated_upload_uses_the_wrong_separator():
    data = GOOD_EVENTS.read_bytes().replace(b",", b";")
    assert uploads.read_upload("events.csv", data)[1] == [
        Problem("events.csv", 1, "", "columns are separated by ';'; expected ','")
    ]


def test_should_call_a_header_only_upload_one_without_events():
    data = GOOD_EVENTS.read_bytes().split(b"\n")[0] + b"\n"
    assert uploads.read_upload("events.csv", data)[1] == [Problem("events.csv", 0, "", "no events: the file holds no rows")]


def test_should_read_a_parquet_file_as_the_same_csv():
    frame, problems = uploads.read_upload("events.parquet", parquet_bytes(pa.table(good_parquet_columns())))
    from_csv, _ = tablefile.read_table(GOOD_EVENTS, EVENTS)
    assert problems == []
    pd.testing.assert_frame_equal(frame[list(EVENTS.names)], from_csv[list(EVENTS.names)])
    assert list(frame["_line"]) == [1, 2, 3]  # Parquet has rows, not lines


def test_should_name_the_row_of_a_bad_parquet_cell():
    columns = good_parquet_columns()
    columns["time_precision"] = pa.array(["1", "high", None])
    columns["start"] = pa.array(pd.to_datetime(["2016-12-15T12:30", "2016-12-15T00:00", "2016-12-16T08:00"]))
    _, problems = uploads.read_upload("e.parquet", parquet_bytes(pa.table(columns)))
    assert [(p.line, p.column) for p in problems] == [
        (1, "start"), (2, "start"), (3, "start"), (3, "time_precision"), (2, "time_precision"),
    ]
    assert "UTC offset" in problems[0].message
    assert problems[3].message == "required value is empty"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda c: c.pop("type"), Problem("e.parquet", 0, "type", "missing column")),
        (lambda c: c.update(lat=pa.array([1.0, 2.0, 3.0])),
         Problem("e.parquet", 0, "lat", "unexpected column; expected only: " + ", ".join(EVENTS.names))),
        (lambda c: c.update(summary=pa.array([{"a": 1}] * 3)),
         Problem("e.parquet", 0, "summary", "expected text or numbers, instead got a column of struct<a: int64>")),
        (lambda c: c.update(sources=pa.array([[1], [2], [3]])),
         Problem("e.parquet", 0, "sources", "expected text or numbers, instead got a column of list<element: int64>")),
    ],
)
def test_should_name_a_bad_parquet_column(change, problem):
    columns = good_parquet_columns()
    change(columns)
    frame, problems = uploads.read_upload("e.parquet", parquet_bytes(pa.table(columns)))
    assert frame.empty
    assert problems == [problem]


@pytest.mark.parametrize("data", [b"", b"PAR1", b"id,start\n", b"PAR1" + b"\x00" * 64 + b"PAR1"])
def test_should_say_bytes_that_are_not_parquet_are_not_parquet(data):
    frame, problems = uploads.read_upload("e.parquet", data)
    assert frame.empty
    assert [(p.line, p.column) for p in problems] == [(0, "")]
    assert problems[0].message.startswith("not a readable Parquet file: ")


def test_should_refuse_a_parquet_file_that_decompresses_past_the_cap():
    columns = good_parquet_columns()
    columns["summary"] = pa.array(["x" * 100_000] * 3)
    data = parquet_bytes(pa.table(columns))
    _, problems = uploads.read_upload("e.parquet", data, max_bytes=len(data))
    assert len(data) < 100_000
    assert problems[0].message.startswith("file decompresses to ")


def test_should_refuse_bytes_of_another_type():
    with pytest.raises(TypeError, match="data: expected bytes"):
        uploads.read_upload("e.csv", "id,start\n")


def test_should_give_json_lines_in_the_problem_for_a_pretty_printed_file(good):
    document = json.loads((UPLOADS / "good.geojson").read_text(encoding="utf-8"))
    document["features"][2]["properties"]["type"] = "teleport"
    text = json.dumps(document, indent=2)
    _, problems = uploads.read_upload("pretty.geojson", text.encode("utf-8"), good)
    third = text.splitlines().index('    {', text.splitlines().index('    {', text.splitlines().index('    {') + 1) + 1) + 1
    assert [(p.line, p.column) for p in problems] == [(third, "type")]


def repeated_parquet(path: Path, rows: int, summary: str = "Buses left the district.") -> bytes:
    """An attacker's Parquet upload: every events column one dictionary value repeated ``rows`` times, so the
    file stays small whatever ``rows`` is; written to ``path`` and returned."""
    values = {"id": "e001", "start": "2016-12-15T12:30:00+02:00", "end": "", "time_precision": "1",
              "place_id": "ramouseh", "geo_precision": "1", "type": "evacuation", "summary": summary,
              "actors": "", "sources": "icrc-2016-12-15"}
    indices = pa.array(np.zeros(rows, dtype=np.int32))
    columns = {name: pa.DictionaryArray.from_arrays(indices, pa.array([values.get(name, "")]))
               for name in EVENTS.names}
    pq.write_table(pa.table(columns), path, compression="zstd")
    return path.read_bytes()


READ_AND_MEASURE = """
import resource, sys
from pathlib import Path
from geo.data import uploads
data = Path(sys.argv[1]).read_bytes()
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
frame, problems = uploads.read_upload("events.parquet", data)
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(len(frame), grown // 1024, [p.message for p in problems][0])
"""


def _read_in_a_fresh_process(path: Path) -> tuple[int, int, str]:
    """Rows read, peak memory growth in MB and the first problem, of reading ``path`` as an upload in a new Python."""
    done = subprocess.run([sys.executable, "-c", READ_AND_MEASURE, str(path)], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    rows, grown, message = done.stdout.strip().split(" ", 2)
    return int(rows), int(grown), message


def test_should_refuse_five_million_repeated_parquet_rows_by_the_footer_before_decoding_them(tmp_path):
    data = repeated_parquet(tmp_path / "events.parquet", 5_000_000)
    assert len(data) < 1_000_000  # the probe was 389 KB
    rows, grown_mb, message = _read_in_a_fresh_process(tmp_path / "events.parquet")
    assert rows == 0 and grown_mb < 200
    assert message == f"file holds 5,000,000 rows; the limit is {uploads.MAX_UPLOAD_ROWS:,} events"


def test_should_refuse_a_parquet_file_whose_one_text_repeated_would_decode_past_the_cap(tmp_path):
    rows = uploads.MAX_UPLOAD_ROWS
    long_summary = "x" * (uploads.MAX_UPLOAD_DECODED_BYTES // rows + 1)
    data = repeated_parquet(tmp_path / "events.parquet", rows, summary=long_summary)
    assert len(data) < uploads.MAX_UPLOAD_BYTES
    frame, problems = uploads.read_upload("events.parquet", data)
    assert frame.empty and len(problems) == 1
    assert problems[0].message.startswith("file decodes to about ")
    assert problems[0].message.endswith(f"the limit is {uploads.MAX_UPLOAD_DECODED_BYTES:,}")


def test_should_give_a_message_not_a_traceback_for_a_malformed_parquet_file(tmp_path):
    data = bytearray(repeated_parquet(tmp_path / "events.parquet", 1000))
    middle = len(data) // 2
    data[middle:middle + 64] = b"\xff" * 64  # pages no longer decode
    frame, problems = uploads.read_upload("events.parquet", bytes(data))
    assert frame.empty and len(problems) == 1
    assert problems[0].message.startswith("not a readable Parquet file: ")


def test_should_refuse_a_csv_of_more_lines_than_the_row_limit_before_reading_it():
    header = GOOD_EVENTS.read_bytes().split(b"\n")[0] + b"\n"
    data = header + b"\n" * (uploads.MAX_UPLOAD_ROWS + 1)
    frame, problems = uploads.read_upload("events.csv", data)
    assert frame.empty
    assert problems == [Problem("events.csv", 0, "", f"file has {uploads.MAX_UPLOAD_ROWS + 2:,} lines; the limit "
                                                     f"is {uploads.MAX_UPLOAD_ROWS:,} events and the header")]


def test_should_refuse_geojson_of_millions_of_empty_objects_before_decoding_it():
    data = b'{"type": "FeatureCollection", "features": [' + b"{}," * 1_000_000 + b"{}]}"
    frame, problems = uploads.read_upload("events.geojson", data)
    assert frame.empty and len(problems) == 1
    # the collection, its features list and 1,000,001 empty objects
    assert problems[0].message.startswith("file holds 1,000,003 JSON objects and arrays; the limit is ")


def test_should_say_geojson_nested_a_million_deep_is_too_deep():
    data = b"[" * 500_000 + b"]" * 500_000
    frame, problems = uploads.read_upload("events.geojson", data, max_bytes=len(data))
    assert frame.empty
    assert problems == [Problem("events.geojson", 0, "", "JSON nested too deep; a GeoJSON feature is a few levels deep")]
