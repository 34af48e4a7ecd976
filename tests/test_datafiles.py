"""Reading one CSV data file: exact lines, typed cells, located problems, never a crash."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from geo.data import cells, tablefile
from geo.data.schema import EVENTS, WAYPOINTS
from geo.errors import Problem

HEADER = ",".join(EVENTS.names)
ROW = 'e1,2016-12-15T10:30:00+00:00,,1,1,ramousah,departure,ICRC|SARC,"Buses left, in our words.",wire'
WAYPOINT_HEADER = ",".join(WAYPOINTS.names)


def events(*rows: str, newline: str = "\n") -> str:
    return newline.join([HEADER, *rows]) + newline


def parse(text: str, schema=EVENTS) -> tuple[pd.DataFrame, list[Problem]]:
    return tablefile.parse_table(text, schema, "f.csv")


def test_should_type_every_column_of_a_good_row():
    frame, problems = parse(events(ROW))
    assert problems == []
    row = frame.iloc[0]
    assert row["start"] == pd.Timestamp("2016-12-15T10:30:00Z")
    assert pd.isna(row["end"])
    assert (row["time_precision"], row["_line"]) == (1, 2)
    assert row["summary"] == "Buses left, in our words."
    assert list(frame.columns) == [*EVENTS.names, "_line"]


def test_should_convert_every_offset_to_utc():
    frame, problems = parse(events(ROW.replace("10:30:00+00:00", "12:30:00+02:00"),
                                   ROW.replace("e1,", "e2,").replace("10:30:00+00:00", "10:30:00Z")))
    assert problems == []
    assert list(frame["start"]) == [pd.Timestamp("2016-12-15T10:30:00Z")] * 2


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_should_count_lines_the_same_whatever_the_line_ending(newline):
    text = events(ROW, "", ROW.replace("e1,", "E2,"), newline=newline)
    frame, problems = parse(text)
    assert [(p.line, p.column) for p in problems] == [(4, "id")]
    assert list(frame["_line"]) == [2, 4]


def test_should_count_the_lines_a_quoted_cell_spans():
    text = events(ROW.replace("Buses left, in our words.", "one\r\ntwo\nthree"), ROW.replace("e1,", "E2,"))
    frame, problems = parse(text)
    assert [(p.line, p.column) for p in problems] == [(5, "id")]
    assert frame.loc[0, "summary"] == "one\r\ntwo\nthree"


def test_should_report_and_leave_out_a_row_with_too_few_fields_instead_of_padding_it():
    frame, problems = parse(events(ROW, "e2,2016-12-15T10:30:00+00:00,,1,1", ROW.replace("e1,", "e3,")))
    assert problems == [Problem("f.csv", 3, "", "expected 10 fields, found 5")]
    assert list(frame["id"]) == ["e1", "e3"]
    assert list(frame["_line"]) == [2, 4]


def test_should_report_and_leave_out_a_row_with_too_many_fields_instead_of_cutting_it():
    frame, problems = parse(events(ROW + ",surplus"))
    assert problems == [Problem("f.csv", 2, "", "expected 10 fields, found 11")]
    assert frame.empty


def test_should_cap_the_problems_of_one_kind_and_say_how_many_more():
    rows = [ROW.replace("e1,", f"e{i},").replace(",1,1,", ",x,1,") for i in range(cells.MAX_PROBLEMS_PER_COLUMN + 5)]
    _, problems = parse(events(*rows))
    assert len(problems) == cells.MAX_PROBLEMS_PER_COLUMN + 1
    assert problems[-1].message == "... 5 more rows with this problem"


def test_should_name_the_line_where_a_runaway_quote_opens():
    _, problems = parse(events(ROW, ROW.replace('words."', "words."), ROW))
    assert [(p.line, p.column) for p in problems] == [(3, "")]
    assert problems[0].message.startswith("not valid CSV: a quote opened here closes on line 4; there, expected ','")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty file; expected a header row: " + HEADER),
        ("\ufeff", "empty file; expected a header row: " + HEADER),
    ],
)
def test_should_call_a_file_without_a_header_empty(text, message):
    assert parse(text)[1] == [Problem("f.csv", 0, "", message)]


def test_should_accept_a_header_only_file_as_a_file_with_no_rows():
    frame, problems = parse(HEADER + "\n")
    assert problems == []
    assert frame.empty and list(frame.columns) == [*EVENTS.names, "_line"]


def test_should_drop_a_byte_order_mark_from_text_already_in_memory():
    assert parse("\ufeff" + events(ROW))[1] == []


def test_should_tell_columns_out_of_order_from_wrong_ones():
    names = list(EVENTS.names)
    names[0], names[1] = names[1], names[0]
    frame, problems = parse(",".join(names) + "\n" + ROW.split(",", 2)[1] + "," + ROW.split(",", 2)[0] + ","
                            + ROW.split(",", 2)[2] + "\n")
    assert problems == []
    assert frame.loc[0, "id"] == "e1"


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("1.5", "expected a whole number, instead got '1.5'"),
        ("1e30", "expected a value from 1 to 3, instead got '1e30'"),
        ("99999999999999999999999", "expected a value from 1 to 3"),
        ("nan", "expected a number, instead got 'nan'"),
        ("-inf", "expected a number, instead got '-inf'"),
        ("0x10", "expected a number, instead got '0x10'"),
        ("１", "expected a number, instead got '１'"),
    ],
)
def test_should_report_a_bad_whole_number_without_crashing(cell, message):
    frame, problems = parse(events(ROW.replace(",1,1,", f",{cell},1,")))
    assert [(p.line, p.column) for p in problems] == [(2, "time_precision")]
    assert problems[0].message.startswith(message)
    assert frame["time_precision"].dtype == "Int64"


def test_should_keep_an_out_of_range_number_as_written_and_drop_one_that_is_not_a_number():
    text = WAYPOINT_HEADER + "\nc,1,,123.5,nan,src,\nc,2,,,,,\n"
    frame, problems = parse(text, WAYPOINTS)
    assert [(p.line, p.column) for p in problems] == [(2, "lat"), (2, "lon")]
    assert frame.loc[0, "lat"] == 123.5 and math.isnan(frame.loc[0, "lon"])


def test_should_make_an_int_too_large_for_64_bits_missing():
    frame, problems = parse(WAYPOINT_HEADER + "\nc,1e30,,,,,\n", WAYPOINTS)
    assert [p.message for p in problems] == ["expected a value from 1 to 10000, instead got '1e30'"]
    assert pd.isna(frame.loc[0, "seq"])


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("2016-12-15T10:30:00", "expected an ISO 8601 time with a UTC offset"),
        ("15/12/2016 10:30", "expected an ISO 8601 time with a UTC offset"),
        ("2016-02-30T10:00:00+00:00", "expected a real ISO 8601 date and time"),
        ("2016-12-15T25:00:00+02:00", "expected a real ISO 8601 date and time"),
        ("10000-01-01T00:00:00Z", "expected a real ISO 8601 date and time"),
    ],
)
def test_should_report_a_time_that_is_naive_or_impossible(cell, message):
    _, problems = parse(events(ROW.replace("2016-12-15T10:30:00+00:00", cell)))
    assert [(p.line, p.column) for p in problems] == [(2, "start")]
    assert problems[0].message.startswith(message)


def test_should_report_a_nul_character_in_text():
    _, problems = parse(events(ROW.replace("Buses", "Bu\x00ses")))
    assert problems == [Problem("f.csv", 2, "summary", "holds a NUL character (U+0000); expected text")]


def test_should_name_the_first_line_of_a_duplicate_id():
    _, problems = parse(events(ROW, ROW.replace("e1,", "e2,"), ROW))
    assert problems == [Problem("f.csv", 4, "id", "duplicate id 'e1'; ids must be unique (first on line 2)")]


def test_should_name_line_and_column_of_bytes_that_are_not_utf8():
    raw = events(ROW, ROW.replace("e1,", "e2,")).encode("utf-8").replace(b"Buses left", b"Bus\xe9s left", 2)
    offset = raw.index(b"\xe9")
    assert tablefile.decode_table(raw, "f.csv") == ("", [
        Problem("f.csv", 2, "summary", f"byte 0xe9 at offset {offset} is not UTF-8; save the file as UTF-8")
    ])


def test_should_say_a_utf16_file_is_utf16():
    text, problems = tablefile.decode(events(ROW).encode("utf-16"), "f.csv")
    assert text == "" and "the file is UTF-16" in problems[0].message


def test_should_read_the_text_of_a_file_under_the_cap_and_refuse_one_over_it(tmp_path):
    path = tmp_path / "report.txt"
    path.write_bytes(b"x" * 100)
    assert tablefile.read_text(path, max_bytes=100) == ("x" * 100, [])
    assert tablefile.read_text(path, max_bytes=99) == ("", [Problem("report.txt", 0, "", "file is 100 bytes; the limit is 99")])


def test_should_say_why_a_missing_file_cannot_be_read(tmp_path):
    frame, problems = tablefile.read_table(tmp_path / "nope.csv", EVENTS)
    assert frame.empty
    assert problems == [Problem("nope.csv", 0, "", "cannot read: No such file or directory")]


def test_should_check_text_cells_from_any_format_alike():
    text = pd.DataFrame({name: pd.Series(["", "x"], dtype="str") for name in EVENTS.names})
    frame, problems = cells.check_cells(text, np.array([7, 9]), EVENTS, "rows")
    assert {p.line for p in problems} == {7, 9}
    assert list(frame["_line"]) == [7, 9]


@pytest.mark.parametrize(
    ("cell", "items"),
    [("a|b", ("a", "b")), (" a | b |", ("a", "b")), ("", ()), ("  ", ()), (float("nan"), ()), (None, ())],
)
def test_should_split_a_list_cell_into_its_items(cell, items):
    assert cells.split_list(cell) == items


def test_should_name_the_line_where_a_quote_that_never_closes_opens():
    _, problems = parse(events(ROW, ROW.replace('words."', "words.")))
    assert problems == [Problem("f.csv", 3, "", "not valid CSV: a quote opened here is never closed")]
