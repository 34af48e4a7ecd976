"""Whole-column text: each row exactly as json, csv, isoformat, times.describe and Event.when write one value."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta

import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from geo import times
from geo.events import Event
from geo.export import columns
from tests.conftest import ZONE

HOSTILE = [
    "", "plain", 'say "hi"', "back\\slash", "new\nline", "cr\rlf\r\n", "tab\t", "\x00\x01\x08\x0b\x0c\x1f\x7f",
    "\u2028\u2029", "حلب الشرقية", "🚌 bus", "</script>", "a,b", ' lead and trail ', "=1+1", "lone\rreturn",
]
MOMENTS = [  # instants across Syria's 2016 clock changes, single-digit days and hours, fractions of a second
    datetime(2016, 3, 24, 21, 59, tzinfo=times.UTC), datetime(2016, 3, 24, 22, 0, tzinfo=times.UTC),
    datetime(2016, 10, 27, 20, 59, 59, tzinfo=times.UTC), datetime(2016, 10, 27, 21, 0, tzinfo=times.UTC),
    datetime(2016, 12, 4, 22, 0, tzinfo=times.UTC), datetime(2016, 12, 15, 7, 5, tzinfo=times.UTC),
    datetime(2016, 12, 5, 3, 30, tzinfo=times.UTC), datetime(2016, 12, 15, 12, 30, 0, 250_000, tzinfo=times.UTC),
    datetime(2016, 12, 31, 21, 59, 59, 999_999, tzinfo=times.UTC), datetime(2016, 7, 1, 0, 0, 0, 1, tzinfo=times.UTC),
]


def timestamps(moments: list[datetime | None]) -> pa.Array:
    return pa.array(pd.Series(pd.to_datetime(moments, utc=True)).astype("datetime64[us, UTC]"))


def csv_row(values: list[object]) -> str:
    """A row as the exports' csv writer writes it, without its line end (told of "\r\n", it quotes a lone "\r")."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerow(values)
    return out.getvalue()[:-2]


def test_should_write_each_string_as_json_dumps_does():
    written = columns.json_strings(pa.array([*HOSTILE, None])).to_pylist()
    assert written[:-1] == [json.dumps(s, ensure_ascii=False) for s in HOSTILE]
    assert written[-1] is None


def test_should_quote_csv_fields_exactly_where_the_csv_module_does():
    fields = columns.csv_fields(pa.array(HOSTILE)).to_pylist()
    assert ",".join(fields) == csv_row(HOSTILE)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(), min_size=1, max_size=12))
def test_should_match_json_and_csv_for_any_text(values):
    assert columns.json_strings(pa.array(values)).to_pylist() == [json.dumps(v, ensure_ascii=False) for v in values]
    assert ",".join(columns.csv_fields(pa.array(values)).to_pylist()) == csv_row([*values, ""])[:-1]


@pytest.mark.parametrize("value", [*HOSTILE, 36.17953, 1e20, 0.1, 760, None])
def test_should_write_one_value_as_a_csv_field_as_the_csv_module_does(value):
    assert columns.csv_field(value) + "," == csv_row([value, ""])


def test_should_write_utc_times_as_isoformat_does_with_missing_ones_null():
    written = columns.utc_text(timestamps([*MOMENTS, None])).to_pylist()
    assert written == [m.astimezone(times.UTC).isoformat() for m in MOMENTS] + [None]


def test_should_describe_times_as_geo_times_does():
    column = timestamps(MOMENTS)
    assert columns.describe(column, ZONE.key).to_pylist() == [times.describe(m, ZONE) for m in MOMENTS]
    assert columns.describe(column, ZONE.key, with_time=False).to_pylist() == [
        times.describe(m, ZONE, with_time=False) for m in MOMENTS]
    assert columns.local_date(column, ZONE.key).to_pylist() == [times.local_date(m, ZONE).isoformat() for m in MOMENTS]


@pytest.mark.parametrize("length", [None, timedelta(0), timedelta(hours=3), timedelta(days=1), timedelta(days=7)])
def test_should_say_when_an_event_was_as_event_when_does(length):
    starts = [*MOMENTS, times.local_day_start(datetime(2016, 12, 5).date(), ZONE),
              times.local_day_start(datetime(2016, 7, 14).date(), ZONE)]
    ends = [None if length is None else s + length for s in starts]
    events = [Event(id="e", start=s, end=e, time_precision=1, geo_precision=1, place_id="p", type="t", summary="",
                    sources=()) for s, e in zip(starts, ends)]
    assert columns.when_text(timestamps(starts), timestamps(ends), ZONE.key).to_pylist() == [e.when(ZONE) for e in events]


def test_should_join_rows_without_copying_and_refuse_a_missing_one():
    rows = columns.concat(pa.array(["a", "bé", ""], columns.TEXT), ";")
    assert bytes(columns.joined(rows)) == "a;bé;;".encode()
    assert bytes(columns.joined(rows.slice(1, 1))) == "bé;".encode()
    with pytest.raises(ValueError, match="missing"):
        columns.joined(pa.array(["a", None], columns.TEXT))
