"""Streamed exports: the same bytes as before, whatever the chunk size, written to a file chunk by chunk.

``tests/fixtures/exports/`` holds a data folder (the shipped data of 29 Nov 2016's commit
997b027, with hostile text, empty actors, fractional and huge claim values and killed
counts added) and the GeoJSON, CSV and ACLED files the object-per-row exporter of that
commit wrote for it, plus the outlet count each format has carried since (the GeoJSON
``outlets`` property, the CSV and ACLED ``outlets`` column; checked when they were added to
be the only difference): the streamed exporter must write them byte for byte. Since cases
became data, the GeoJSON files were edited by hand to match: each collection names its
case and window (``"name"``, ``"case"``), and every time says its offset, "UTC+2", where
it said "Aleppo" (every time in the fixture is in December 2016, when Asia/Damascus was UTC+2),
and since corridors can be stopped a while, each corridor says its pauses (``"paused": []``: none); since a place's
local name may be in any script, ``place_name_ar`` is ``place_name_local`` followed by ``"place_name_local_lang": "ar"``.
The CSV and ACLED files hold text cells as they are, as ``raw=True`` writes them (``evacmap export --raw``);
by default a formula-like cell gets an apostrophe first (``tests/test_formulas.py``).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from benchmarks import run, synth
from geo import export
from geo.cli import main
from geo.data import evidence, validation
from geo.errors import ExportError
from geo.run.view import View, parse_moment
from tests.conftest import ROOT, ZONE

FIXTURES = ROOT / "tests" / "fixtures" / "exports"
STAMP = 1_700_000_000
VIEWS = {
    "all": View(),
    "day": View(start=parse_moment("2016-12-15", "start", zone=ZONE),
                end=parse_moment("2016-12-15", "end", end_of_day=True, zone=ZONE)),
    "empty": View(start=parse_moment("2015-01-01", "start", zone=ZONE),
                end=parse_moment("2015-01-02", "end", zone=ZONE)),
}
GOLDEN = {"geojson": ".geojson", "csv": ".csv", "acled": ".acled.csv"}


def options(fmt: str, **more: object) -> dict[str, object]:
    return {"timestamp": STAMP, **more} if fmt == "acled" else more


@pytest.fixture(scope="module")
def hostile() -> evidence.Evidence:
    return evidence.load(FIXTURES / "data")


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory) -> evidence.Evidence:
    """300 synthetic events over a year: summer and winter time, instants, spans, day-only events, claims."""
    return evidence.load(synth.write(tmp_path_factory.mktemp("synth") / "csv", 300, seed=11))


@pytest.mark.parametrize("fmt", GOLDEN)
@pytest.mark.parametrize("name", VIEWS)
def test_should_write_the_same_bytes_as_the_object_per_row_exporter(hostile, fmt, name):
    expected = (FIXTURES / f"{name}{GOLDEN[fmt]}").read_bytes()
    raw = {"raw": True} if fmt in export.SPREADSHEETS else {}  # the exporter of that commit let formulas through
    assert export.render(hostile, VIEWS[name], fmt, **options(fmt, **raw)) == expected


@pytest.mark.parametrize("fmt", GOLDEN)
@pytest.mark.parametrize("chunk", [1, 7])
def test_should_write_the_same_bytes_whatever_the_chunk_size(hostile, synthetic, fmt, chunk):
    for loaded in (hostile, synthetic):
        whole = export.render(loaded, View(), fmt, **options(fmt))
        out = io.BytesIO()
        export.stream(loaded, View(), fmt, out, **options(fmt, chunk=chunk))
        assert out.getvalue() == whole


def test_should_write_geojson_that_strict_parsers_accept(hostile, synthetic):
    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} is not JSON")

    for loaded in (hostile, synthetic):
        collection = json.loads(export.render(loaded, View(), "geojson", chunk=7), parse_constant=refuse)
        events = [f for f in collection["features"] if f["properties"]["feature"] == "event"]
        assert [f["id"] for f in events] == list(loaded.events["id"])


def test_should_keep_an_events_end_missing_and_its_empty_actors_empty(hostile):
    features = {f["id"]: f["properties"] for f in json.loads(export.render(hostile, View(), "geojson"))["features"]}
    assert features["e024"]["end"] is None and features["e024"]["actors"] == []
    assert "second line" in features["e025"]["summary"] and "\u2028" in features["e025"]["summary"]


def test_should_code_the_lowest_exact_killed_count_and_list_the_hedged_ones(hostile):
    data = export.render(hostile, View(), "acled", timestamp=STAMP, chunk=7).decode("utf-8")
    rows = {row["event_id_cnty"]: row for row in csv.DictReader(io.StringIO(data))}
    assert rows["SYR-evacmap-e025"]["fatalities"] == "9"
    assert rows["SYR-evacmap-e025"]["tags"] == ("fatality claim not coded: killed: at least 40 people (C); "
                                                "fatality claim not coded: killed: 3.5–7 people (D)")
    assert rows["SYR-evacmap-e024"]["fatalities"] == "7" and rows["SYR-evacmap-e001"]["fatalities"] == "0"


def test_should_export_from_the_command_line_to_the_same_bytes(tmp_path, capsys):
    for fmt in ("geojson", "csv"):
        target = tmp_path / f"all.{fmt}"
        raw = ["--raw"] if fmt in export.SPREADSHEETS else []
        assert main(["--data", str(FIXTURES / "data"), "export", "--format", fmt, *raw, "-o", str(target)]) == 0
        assert target.read_bytes() == (FIXTURES / f"all{GOLDEN[fmt]}").read_bytes()
        assert f"({target.stat().st_size:,} bytes, {fmt}," in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["all.csv", "all.geojson"]


def test_should_write_what_a_producer_writes_atomically(tmp_path):
    target = tmp_path / "out.txt"
    export.write(target, lambda out: [out.write(b"chunk %d\n" % i) for i in range(3)])
    assert target.read_bytes() == b"chunk 0\nchunk 1\nchunk 2\n"


def test_should_leave_the_old_file_and_no_scratch_when_a_producer_fails(tmp_path):
    target = tmp_path / "out.txt"
    target.write_bytes(b"before")

    def failing(out) -> None:
        out.write(b"half")
        raise ExportError("stopped half way")

    with pytest.raises(ExportError, match="half way"):
        export.write(target, failing, force=True)
    assert target.read_bytes() == b"before"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_should_refuse_to_start_an_export_over_an_existing_file(tmp_path, hostile):
    target = tmp_path / "out.geojson"
    target.write_bytes(b"keep")
    started: list[bool] = []
    with pytest.raises(ExportError, match="already exists"):
        export.write(target, lambda out: started.append(True))
    assert started == [] and target.read_bytes() == b"keep"


@pytest.mark.parametrize("chunk", [0, -5, 2.5, True, "10"])
def test_should_refuse_a_chunk_size_that_is_not_a_positive_whole_number(hostile, chunk):
    with pytest.raises(ExportError, match="chunk: expected a whole number of rows"):
        export.render(hostile, View(), "csv", chunk=chunk)


def test_should_take_no_chunk_size_for_the_map_formats(hostile):
    with pytest.raises(ExportError, match="unknown option"):
        export.stream(hostile, View(), "html", io.BytesIO(), chunk=10)


def test_should_keep_the_fixture_folder_valid():
    assert validation.validate(FIXTURES / "data") == []
    assert Path(FIXTURES / "all.geojson").read_bytes().startswith(b'{"type": "FeatureCollection"')


def test_should_measure_streamed_exports_with_their_own_peak_memory(synthetic):
    figures = run.measure_exports(synthetic.folder)
    assert figures["export_geojson_all_mb"] == len(export.render(synthetic, View(), "geojson")) / 1e6
    assert figures["export_acled_all_s"] > 0
    assert 0 < figures["export_geojson_peak_mb"] <= figures["exports_peak_mb"]
