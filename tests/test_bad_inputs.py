"""A corpus of bad data files: each is reported exactly where it is wrong, and nothing else changes.

Every file in ``tests/bad_inputs/`` is ``<data file>.<what is wrong>.csv``: a copy of
the small, valid folder ``tests/bad_inputs/good/`` with one thing broken. Each test
puts one bad file into a copy of that folder and checks that ``evacmap validate``
reports exactly the expected problems (file, line, column and the gist of the
message), that no file is touched, and that every other row reads exactly as before.
"""

from __future__ import annotations

import hashlib
import shutil
import time
from datetime import date
from pathlib import Path

import pandas as pd
import pytest

from geo import cli
from geo.data import evidence, schema, tablefile, validation
from geo.errors import DataFileError, IngestError, Problem
from tests.conftest import ZONE

CORPUS = Path(__file__).resolve().parent / "bad_inputs"
GOOD = CORPUS / "good"

# bad file -> every problem validate() reports: (file, line, column, words the message holds)
CASES: dict[str, list[tuple[str, int, str, str]]] = {
    "events.missing_column.csv": [("events.csv", 1, "type", "missing column")],
    "events.extra_column.csv": [("events.csv", 1, "lat", "unexpected column; expected only: id, start")],
    "events.repeated_column.csv": [("events.csv", 1, "summary", "column appears more than once")],
    "events.wrong_type.csv": [("events.csv", 3, "time_precision", "expected a number, instead got 'day'")],
    "events.fractional_number.csv": [("events.csv", 4, "geo_precision", "expected a whole number, instead got '1.5'")],
    "events.number_out_of_range.csv": [("events.csv", 2, "time_precision", "expected a value from 1 to 3")],
    "events.impossible_date.csv": [("events.csv", 3, "start", "expected a real ISO 8601 date and time")],
    "events.unparseable_date.csv": [("events.csv", 2, "start", "instead got '15 Dec 2016 14:30+02:00'")],
    "events.time_without_offset.csv": [("events.csv", 4, "start", "with a UTC offset")],
    "events.end_before_start.csv": [("events.csv", 3, "end", "end is before start")],
    "events.unknown_place.csv": [("events.csv", 4, "place_id", "'atlantis' is not an id in gazetteer.csv")],
    "events.context_place.csv": [("events.csv", 2, "place_id", "'moscow' is a context place")],
    "events.unknown_type.csv": [("events.csv", 3, "type", "'teleport' is not an id in event_types.csv")],
    "events.unknown_source.csv": [("events.csv", 4, "sources", "'nowhere' is not an id in sources.csv")],
    "events.bad_list_separator.csv": [
        ("events.csv", 2, "sources", "expected ids separated by '|'"),
        ("events.csv", 2, "sources", "is not an id in sources.csv"),
    ],
    "events.duplicate_id.csv": [("events.csv", 4, "id", "duplicate id 'e001'; ids must be unique (first on line 2)")],
    "events.bad_id.csv": [("events.csv", 3, "id", "expected an id of a-z, 0-9 and _, instead got 'E 2'")],
    "events.empty_required.csv": [("events.csv", 3, "summary", "required value is empty")],
    "events.empty.csv": [("events.csv", 0, "", "empty file; expected a header row: id,start,end")],
    "events.blank.csv": [("events.csv", 1, "", "empty file")],
    "events.leading_blank_line.csv": [("events.csv", 1, "", "line 1 is empty; expected a header row")],
    "events.header_only.csv": [
        ("claims.csv", 2, "event_id", "'e001' is not an id in events.csv"),
        ("claims.csv", 3, "event_id", "'e001' is not an id in events.csv"),
    ],
    "events.not_utf8.csv": [("events.csv", 3, "summary", "byte 0xe9 at offset 348 is not UTF-8; save the file as UTF-8")],
    "events.utf16.csv": [("events.csv", 1, "", "the file is UTF-16; save the file as UTF-8")],
    "events.bom.csv": [],
    "events.semicolon.csv": [("events.csv", 1, "", "columns are separated by ';'; expected ','")],
    "events.tab.csv": [("events.csv", 1, "", "columns are separated by a tab; expected ','")],
    "events.ragged_long.csv": [("events.csv", 3, "", "expected 10 fields, found 11")],
    "events.ragged_short.csv": [("events.csv", 4, "", "expected 10 fields, found 9")],
    "events.quoted_newline.csv": [("events.csv", 5, "time_precision", "instead got 'x'")],
    "events.blank_lines.csv": [("events.csv", 6, "id", "instead got 'E003'")],
    "events.crlf.csv": [("events.csv", 4, "id", "instead got 'E003'")],
    "events.unclosed_quote.csv": [("events.csv", 3, "", "not valid CSV: a quote opened here is never closed")],
    "events.stray_quote.csv": [("events.csv", 4, "", "not valid CSV: expected ',' after a closing quote")],
    "events.nul_character.csv": [("events.csv", 3, "summary", "holds a NUL character")],
    "gazetteer.lat_out_of_range.csv": [("gazetteer.csv", 3, "lat", "expected a value from -90 to 90")],
    "gazetteer.lat_nan.csv": [("gazetteer.csv", 4, "lat", "expected a number, instead got 'NaN'")],
    "gazetteer.lon_inf.csv": [("gazetteer.csv", 2, "lon", "expected a number, instead got 'inf'")],
    "gazetteer.lon_out_of_range.csv": [("gazetteer.csv", 5, "lon", "expected a value from -180 to 180")],
    "gazetteer.duplicate_id.csv": [("gazetteer.csv", 5, "id", "duplicate id 'rashidin'")],
    "gazetteer.unknown_parent.csv": [("gazetteer.csv", 3, "parent", "'halab' is not an id in gazetteer.csv")],
    "gazetteer.impossible_retrieved.csv": [("gazetteer.csv", 4, "retrieved", "expected a real date YYYY-MM-DD")],
    "gazetteer.bad_kind.csv": [("gazetteer.csv", 3, "kind", "expected one of neighbourhood, town")],
    "gazetteer.javascript_url.csv": [
        ("gazetteer.csv", 4, "coord_source_url", "expected an http:// or https:// address"),
    ],
    "claims.unknown_event.csv": [("claims.csv", 3, "event_id", "'e999' is not an id in events.csv")],
    "claims.negative_value.csv": [("claims.csv", 2, "value", "expected a value of at least 0, instead got '-20'")],
    "claims.range_without_high.csv": [("claims.csv", 3, "low", "qualifier 'range' needs both low and high")],
    "claims.header_only.csv": [],
    "corridors.until_before_from.csv": [("corridors.csv", 2, "active_until", "active_until is before active_from")],
    "corridor_waypoints.place_and_point.csv": [("corridor_waypoints.csv", 2, "place_id", "either place_id or lat")],
    "corridor_waypoints.duplicate_seq.csv": [("corridor_waypoints.csv", 4, "seq", "seq 2 appears twice")],
    "corridor_waypoints.huge_seq.csv": [("corridor_waypoints.csv", 3, "seq", "expected a value from 1 to 10000")],
    "corridor_waypoints.point_without_source.csv": [
        ("corridor_waypoints.csv", 3, "coord_source", "needs the source of its coordinates"),
    ],
    "sources.impossible_published.csv": [("sources.csv", 2, "published", "instead got '2016-11-31'")],
}
# cells a bad file changes on purpose without making them wrong: (file, row id, column)
CHANGED_ON_PURPOSE = {"events.quoted_newline.csv": ("e001", "summary")}


def target_of(bad_file: str) -> str:
    return bad_file.split(".")[0] + ".csv"


def digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(GOOD, target)
    return target


def row_key(frame: pd.DataFrame, file: str) -> pd.Series:
    if file == "corridor_waypoints.csv":
        return frame["corridor_id"].astype(str) + "#" + frame["seq"].astype(str)
    return frame["id"].astype(str)


def assert_other_rows_unchanged(bad_file: str, problems: list[Problem]) -> None:
    """Every row of the bad file that has no problem reads exactly as the same row of the good file."""
    target = target_of(bad_file)
    file_schema = schema.BY_FILE[target]
    good, _ = tablefile.read_table(GOOD / target, file_schema)
    bad, _ = tablefile.read_table(CORPUS / bad_file, file_schema, name=target)
    flagged = {p.line for p in problems if p.file == target}
    good = good.set_axis(row_key(good, target))
    skip_id, skip_column = CHANGED_ON_PURPOSE.get(bad_file, (None, None))
    for key, (_, row) in zip(row_key(bad, target), bad.iterrows(), strict=True):
        if row["_line"] in flagged:
            continue
        for column in file_schema.names:
            if (key, column) == (skip_id, skip_column):
                continue
            want, got = good.loc[key, column], row[column]
            assert (pd.isna(want) and pd.isna(got)) or want == got, (bad_file, key, column, want, got)


def test_should_try_every_file_of_the_corpus_and_no_other():
    on_disk = {p.name for p in CORPUS.glob("*.csv")}
    assert on_disk == set(CASES)


def test_should_find_the_good_folder_clean():
    assert validation.validate(GOOD) == []
    assert len(evidence.load(GOOD).events) == 3


@pytest.mark.parametrize("bad_file", sorted(CASES))
def test_should_report_exactly_what_is_wrong_and_change_nothing_else(folder, bad_file):
    shutil.copy(CORPUS / bad_file, folder / target_of(bad_file))
    before = digests(folder)
    problems = validation.validate(folder)
    expected = CASES[bad_file]
    assert [(p.file, p.line, p.column) for p in problems] == [(f, n, c) for f, n, c, _ in expected]
    for problem, (_, _, _, words) in zip(problems, expected, strict=True):
        assert words in problem.message, problem
    assert digests(folder) == before
    assert_other_rows_unchanged(bad_file, problems)
    if expected:
        with pytest.raises(DataFileError) as caught:
            evidence.load(folder)
        assert caught.value.problems == problems
    else:
        evidence.load(folder)


def test_should_keep_newlines_inside_a_quoted_cell():
    frame, _ = tablefile.read_table(CORPUS / "events.quoted_newline.csv", schema.EVENTS)
    assert frame.loc[0, "summary"].endswith("left,\nin our\nwords.")
    assert list(frame["_line"]) == [2, 5, 6]


def test_should_read_a_bom_file_exactly_as_the_same_file_without_it():
    with_bom, _ = tablefile.read_table(CORPUS / "events.bom.csv", schema.EVENTS)
    without, _ = tablefile.read_table(GOOD / "events.csv", schema.EVENTS)
    pd.testing.assert_frame_equal(with_bom, without)


def test_should_name_a_missing_file(folder):
    (folder / "claims.csv").unlink()
    assert validation.validate(folder) == [
        Problem("claims.csv", 0, "", "missing file; expected a CSV file, one row per number one source gave")
    ]


def test_should_say_a_folder_is_not_a_folder(tmp_path):
    path = tmp_path / "data.csv"
    path.write_text("id\n", encoding="utf-8")
    assert validation.validate(path) == [Problem(str(path), 0, "", "not a folder")]


def test_should_say_a_directory_cannot_be_read_as_a_file(folder):
    (folder / "sources.csv").unlink()
    (folder / "sources.csv").mkdir()
    problems = validation.validate(folder)
    assert [(p.file, p.line, p.column) for p in problems] == [("sources.csv", 0, "")]
    assert problems[0].message == "is a folder, not a regular file; expected a data file"


def test_should_refuse_a_file_over_the_size_cap_unread(folder, monkeypatch):
    size = (folder / "events.csv").stat().st_size
    monkeypatch.setattr(tablefile, "MAX_FILE_BYTES", size - 1)
    problems = validation.validate(folder)
    assert Problem("events.csv", 0, "", f"file is {size:,} bytes; the limit is {size - 1:,}") in problems
    frame, found = tablefile.read_table(folder / "events.csv", schema.EVENTS, max_bytes=size)
    assert (len(frame), found) == (3, [])


def test_should_read_a_cell_longer_than_the_csv_module_allows_by_default(folder):
    long_summary = "word " * 60_000  # 300,000 characters; csv's default field limit is 131,072
    path = folder / "events.csv"
    path.write_text(path.read_text(encoding="utf-8").replace("A second convoy set out.", long_summary),
                    encoding="utf-8")
    frame, problems = tablefile.read_table(path, schema.EVENTS)
    assert problems == []
    assert frame.loc[2, "summary"] == long_summary


def test_should_print_the_problems_and_exit_2_from_the_command_line(folder, capsys):
    shutil.copy(CORPUS / "events.quoted_newline.csv", folder / "events.csv")
    assert cli.main(["validate", str(folder)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert out == ["events.csv:5: time_precision: expected a number, instead got 'x'"]


def test_should_refuse_a_50_mb_report_for_ingest_at_once_with_its_name():
    from geo import ingest

    gazetteer = evidence.load(GOOD).gazetteer
    text = "Buses left al-Amiriyah on Thursday. " * (50 * 1024**2 // 36 + 1)
    assert len(text) > 50 * 1024**2
    started = time.perf_counter()
    with pytest.raises(IngestError) as caught:
        ingest.ingest_text(text, date(2016, 12, 15), "A wire agency", gazetteer, file="huge.txt", zone=ZONE)
    assert time.perf_counter() - started < 5
    assert str(caught.value).startswith("huge.txt: text is ")
    assert f"the limit is {ingest.MAX_TEXT_CHARS:,}" in str(caught.value)
