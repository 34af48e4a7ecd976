"""The fast CSV reader gives exactly what the exact reader gives, or steps aside.

Each test reads the same bytes both ways: :func:`geo.data.tablefile.parse_csv` (the fast
reader when :func:`geo.data.csvfast.read_records` accepts the bytes) and the exact reader
(:func:`geo.data.tablefile.decode_table` then :func:`geo.data.tablefile.parse_table`), and asserts
the typed frames (dtypes and ``_line`` included) and the problems are identical.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from geo.data import csvfast, schema, tablefile
from geo.data.schema import EVENTS, FileSchema

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "data" / "aleppo-2016-12"
CORPUS = Path(__file__).resolve().parent / "bad_inputs"
HEADER = ",".join(EVENTS.names)
ROW = 'e1,2016-12-15T10:30:00+00:00,,1,1,ramousah,departure,ICRC|SARC,"Buses left, in our words.",wire'
ROW2 = ROW.replace("e1,", "e2,")


def exact(raw: bytes, file_schema: FileSchema = EVENTS) -> tuple[pd.DataFrame, list]:
    text, problems = tablefile.decode_table(raw, "f.csv")
    return (tablefile.empty_table(file_schema), problems) if problems else tablefile.parse_table(text, file_schema, "f.csv")


def assert_same(raw: bytes, file_schema: FileSchema = EVENTS, fast: bool | None = True) -> tuple[pd.DataFrame, list]:
    """Both readers agree on ``raw``; ``fast`` says whether the fast reader must have taken it (None: either)."""
    if fast is not None:
        assert (csvfast.read_records(raw) is not None) == fast
    frame, problems = tablefile.parse_csv(raw, file_schema, "f.csv")
    want_frame, want_problems = exact(raw, file_schema)
    assert problems == want_problems
    pd.testing.assert_frame_equal(frame, want_frame)
    return frame, problems


def schema_of(path: Path) -> FileSchema:
    return schema.BY_FILE[path.name.split(".")[0] + ".csv"]


@pytest.mark.parametrize("path", sorted(SHIPPED.glob("*.csv")), ids=lambda p: p.name)
def test_should_read_every_shipped_file_fast_and_exactly_as_the_csv_module_does(path):
    frame, problems = assert_same(path.read_bytes(), schema_of(path))
    assert problems == [] and len(frame) > 0


@pytest.mark.parametrize("path", sorted([*CORPUS.glob("*.csv"), *(CORPUS / "good").glob("*.csv")]),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_should_read_every_bad_input_exactly_as_the_csv_module_does(path):
    assert_same(path.read_bytes(), schema_of(path), fast=None)


@pytest.mark.parametrize("name", ["events.crlf.csv", "events.blank_lines.csv", "events.quoted_newline.csv",
                                  "events.bom.csv", "events.header_only.csv", "events.nul_character.csv",
                                  "events.duplicate_id.csv", "events.missing_column.csv"])
def test_should_read_well_formed_bad_inputs_fast(name):
    assert csvfast.read_records((CORPUS / name).read_bytes()) is not None


@pytest.mark.parametrize("name", ["events.stray_quote.csv", "events.unclosed_quote.csv", "events.ragged_long.csv",
                                  "events.ragged_short.csv", "events.leading_blank_line.csv", "events.not_utf8.csv",
                                  "events.utf16.csv", "events.empty.csv", "events.blank.csv"])
def test_should_leave_malformed_bad_inputs_to_the_exact_reader(name):
    assert csvfast.read_records((CORPUS / name).read_bytes()) is None


@pytest.mark.parametrize(
    "text",
    [
        HEADER + "\n" + ROW + "\n" + ROW2 + "\n",
        HEADER + "\r\n" + ROW + "\r\n" + ROW2 + "\r\n",
        HEADER + "\r" + ROW + "\r" + ROW2 + "\r",
        HEADER + "\n" + ROW + "\r\n" + ROW2 + "\r",
        HEADER + "\n" + ROW + "\n" + ROW2,
        HEADER + "\r\n" + ROW + "\r\n" + ROW2,
        "\ufeff" + HEADER + "\n" + ROW + "\n",
        HEADER + "\n\n" + ROW + "\n\n\n" + ROW2 + "\n",
        HEADER + "\r\n\r\n" + ROW + "\r\n\r\n" + ROW2 + "\r\n\r\n\r\n",
        HEADER + "\n" + ROW + "\n\r\n\r" + ROW2 + "\n\n",
        HEADER + "\n" + ROW + "\n" + ",,,,,,,,," + "\n" + ROW2 + "\n",
        HEADER + "\n" + ROW + "\n" + ",,,,,,,,," + "\n\n",
        HEADER + "\n",
        HEADER,
        HEADER + "\n\n\n",
        HEADER + "\n" + ROW.replace("Buses left, in our words.", 'one\ntwo ""three"", \r\nfour\rfive') + "\n" + ROW2,
        HEADER + "\r\n" + ROW.replace("Buses left, in our words.", "\r\n\r\n") + "\r\n\r\n" + ROW2 + "\r\n",
        HEADER + "\n" + ROW.replace('"Buses left, in our words."', '""') + "\n",
        HEADER + "\n" + ROW.replace('"Buses left, in our words."', '""""') + "\n",
        HEADER + "\n" + ROW.replace('"Buses left, in our words."', '"""quoted"" and, comma"""') + "\n",
        HEADER + "\n" + ROW.replace("e1,", '"e1",').replace(",wire", ',"wire"') + "\n",
        HEADER + "\n" + ROW.replace("Buses left, in our words.", "غادرت الحافلات — ‘quotes’ é\u2028x\x85y\x0cz") + "\n",
        HEADER + "\n" + ROW.replace("Buses", "Bu\x00ses") + "\n",
        HEADER + "\n" + ROW.replace(",1,1,", ", 1 ,x,") + "\n" + ROW + "\n",
        '"id",' + ",".join(EVENTS.names[1:]) + "\n" + ROW + "\n",
        '"i\nd",' + ",".join(EVENTS.names[1:]) + "\n" + ROW + "\n",
        HEADER.replace(",", ";") + "\n" + ROW.replace(",", ";").replace('"', "") + "\n",
        HEADER + ",lat\n" + ROW + ",1\n",
    ],
)
def test_should_read_well_formed_text_fast_and_exactly_as_the_csv_module_does(text):
    assert_same(text.encode("utf-8"))


@pytest.mark.parametrize(
    "text",
    [
        HEADER + "\n" + ROW.replace('"Buses left, in our words."', '"Buses left"later') + "\n",
        HEADER + "\n" + ROW.replace('"Buses left, in our words."', 'Buses "left"') + "\n",
        HEADER + "\n" + ROW.replace(',"Buses left, in our words."', ', "Buses left"') + "\n",
        HEADER + "\n" + ROW.replace('words."', "words.") + "\n" + ROW2 + "\n",
        HEADER + "\n" + ROW + ",surplus\n" + ROW2 + "\n",
        HEADER + "\n" + ROW + "\n   \n" + ROW2 + "\n",
        HEADER + "\n" + ROW + '\n""\n',
        HEADER.replace(",", ";") + "\n" + ROW.replace(",", ";") + "\n",
        "\ufeff\ufeff" + HEADER + "\n" + ROW + "\n",
        HEADER + "\n\ufeff" + ROW + "\n",
        "\n" + HEADER + "\n" + ROW + "\n",
        "\r\n" + HEADER + "\r\n" + ROW + "\r\n",
        "",
        "\ufeff",
        "\n\n",
    ],
)
def test_should_leave_doubtful_text_to_the_exact_reader(text):
    assert_same(text.encode("utf-8"), fast=False)


def test_should_leave_bytes_that_are_not_utf8_to_the_exact_reader():
    raw = (HEADER + "\n" + ROW + "\n").encode("utf-8").replace(b"Buses", b"Bus\xe9s")
    frame, problems = assert_same(raw, fast=False)
    assert problems[0].column == "summary" and "not UTF-8" in problems[0].message


def test_should_count_physical_lines_across_quoted_newlines_blank_lines_and_mixed_endings():
    text = (HEADER + "\r\n\r\n" + ROW.replace("Buses left, in our words.", "a\r\nb\rc\nd") + "\n\r"
            + ROW2.replace(",1,1,", ",x,1,") + "\r\n")
    frame, problems = assert_same(text.encode("utf-8"))
    assert list(frame["_line"]) == [3, 8]
    assert [(p.line, p.column) for p in problems] == [(8, "time_precision")]


def test_should_check_uploads_by_the_fast_reader_with_the_same_result():
    from geo.data import uploads

    raw = (HEADER + "\r\n" + ROW + "\r\n\r\n" + ROW2).encode("utf-8")
    frame, problems = uploads.read_upload("mine.csv", raw)
    assert problems == [] and list(frame["_line"]) == [2, 4]


def written(rows: list[list[str]], lineterminator: str) -> bytes:
    out = io.StringIO(newline="")
    csv.writer(out, lineterminator=lineterminator).writerows(rows)
    return out.getvalue().encode("utf-8")


CELLS = st.one_of(
    st.text(max_size=30),
    st.lists(st.sampled_from([*'a1 ,;"\t\r\n|-:.\x00é€\ufeffث', "e1", "2016-12-15T10:30:00+00:00"]),
             max_size=8).map("".join),
    st.sampled_from(["", "1", "e1", "2016-12-15T10:30:00+00:00", "departure", "ramousah", "wire"]),
)
ROWS = st.lists(st.lists(CELLS, min_size=len(EVENTS.names), max_size=len(EVENTS.names)), max_size=8)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ROWS, st.sampled_from(["\r\n", "\n", "\r"]), st.booleans(), st.booleans())
def test_should_load_any_cells_csv_writer_writes_identically_both_ways(rows, lineterminator, bom, blank):
    raw = written([list(EVENTS.names), *rows], lineterminator)
    if blank:  # every line ending doubled: a blank line after each line (and more line breaks inside quotes)
        raw = raw.replace(lineterminator.encode(), lineterminator.encode() * 2)
    # with another line ending than its default, csv.writer leaves a cell holding "\r" or "\n" unquoted
    well_formed = lineterminator == "\r\n" and not (rows and rows[0][0].startswith("\ufeff"))
    assert_same((b"\xef\xbb\xbf" if bom else b"") + raw, fast=True if well_formed else None)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from([*'ab1,"\r\n\x00é', "\ufeff"]), max_size=60))
def test_should_read_any_text_identically_both_ways(text):
    assert_same((",".join(EVENTS.names[:3]) + text).encode("utf-8"), fast=None)
