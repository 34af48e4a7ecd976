"""Columns of values as JSON or CSV text, a whole column at a time (pyarrow), for exports of a million rows.

Each function gives, for every row, exactly the text the one-value-at-a-time code gives:
``json.dumps(s, ensure_ascii=False)`` for :func:`json_strings`, :mod:`csv`'s writer for
:func:`csv_fields` (told of a CRLF line end, so that it quotes a lone carriage return too),
``datetime.isoformat`` for :func:`utc_text` and :meth:`geo.events.Event.when` for
:func:`when_text`. Rows are pyarrow ``large_string`` arrays; :class:`Lookup` and
:func:`by_value` give texts made once per id or distinct cell, :func:`concat` joins pieces
row by row and :func:`joined` (or :func:`csv_rows`) gives one
chunk of rows as bytes without copying them.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import re
import time
from collections.abc import Callable, Iterator
from datetime import timedelta, timezone

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from geo import times
from geo.errors import ExportError

logger = logging.getLogger("geo.export.formats")  # the exports' progress, logged under the module that writes them

TEXT = pa.large_string()
CHUNK = 50_000  # rows encoded at once: tens of megabytes of text, whatever the size of the view
CELLS = 100_000  # distinct actors or sources cells whose text is kept from one chunk to the next
JSON_ESCAPES = (("\\", "\\\\"), ('"', '\\"'), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"))  # backslash first
JSON_RARE = "".join(chr(c) for c in range(0x20) if chr(c) not in "\t\n\r")  # json writes these as \b, \f or \u00XX
DAY_US = 86_400 * 1_000_000
WEEKDAYS = pa.array(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], TEXT)  # pc.day_of_week counts from Monday
MONTHS = pa.array(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], TEXT)
TWO_DIGITS = pa.array([f"{n:02d}" for n in range(100)], TEXT)


QUOTING_END = "\r\n"
"""The line end whose characters the csv writer is told of, so that it quotes a field holding either: a lone
carriage return left unquoted would end the row for a reader. Rows themselves end in a line feed alone."""


def _csv_quotes(character: str) -> bool:
    out = io.StringIO()
    csv.writer(out, lineterminator=QUOTING_END).writerow([f"a{character}b", ""])
    return out.getvalue().startswith('"')


CSV_SPECIAL = "".join(c for c in ',"\r\n' if _csv_quotes(c))  # what this Python's csv writer quotes a field for
FORMULA_START = "=+-@\t\r"
"""What a spreadsheet may read a cell beginning with as a formula (OWASP's advice on CSV injection)."""
_FORMULA = r"[=+\-@\t\r]"  # FORMULA_START as a pattern
_NUMBER = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"  # "-2", "+1.5", "-1e3": a number, left as it is


def text(values: pa.Array | pa.ChunkedArray, missing: str | None = None) -> pa.Array:
    """Values as one ``large_string`` array; nulls become ``missing`` when it is given."""
    if isinstance(values, pa.ChunkedArray):
        values = values.combine_chunks() if values.num_chunks else pa.array([], values.type)
    values = values.cast(TEXT)
    return values if missing is None else pc.fill_null(values, pa.scalar(missing, TEXT))


def literal(value: str) -> pa.Scalar:
    return pa.scalar(value, TEXT)


def concat(*pieces: pa.Array | str) -> pa.Array:
    """Row by row, the pieces one after the other (a str is the same in every row)."""
    return pc.binary_join_element_wise(*(literal(p) if isinstance(p, str) else p for p in pieces), literal(""))


def joined(rows: pa.Array) -> memoryview:
    """The rows' text one after the other, as UTF-8 bytes: a view of the array's own buffer, not a copy."""
    if rows.null_count:
        raise ValueError(f"{rows.null_count} row(s) of text are missing: a piece of them was null")
    return memoryview(_bytes(rows)[0].data)


def by_value(values: pa.Array, make: Callable[[str], str]) -> pa.Array:
    """Each row's text made once per distinct value by ``make`` (a function of the cell); nulls as ""."""
    encoded = pc.dictionary_encode(text(values, ""))
    return pa.array([make(cell) for cell in encoded.dictionary.to_pylist()], TEXT).take(encoded.indices)


def _bytes(values: pa.Array) -> tuple[np.ndarray, np.ndarray]:
    """The UTF-8 bytes of a ``large_string`` array's rows, one after the other, and where each row starts and ends."""
    if len(values) == 0:
        return np.zeros(0, dtype=np.uint8), np.zeros(1, dtype=np.int64)
    _, offsets, data = values.buffers()
    bounds = np.frombuffer(offsets, dtype=np.int64)[values.offset:values.offset + len(values) + 1]
    raw = np.frombuffer(data, dtype=np.uint8) if data is not None else np.zeros(0, dtype=np.uint8)
    return raw[bounds[0]:bounds[-1]], bounds - bounds[0]


def _holding(values: pa.Array, characters: str) -> np.ndarray:
    """For each string, whether it holds any of these ASCII characters (UTF-8 bytes of others are all >= 0x80)."""
    raw, bounds = _bytes(values)
    wanted = np.zeros(256, dtype=bool)
    wanted[[ord(c) for c in characters]] = True
    where = np.flatnonzero(wanted[raw])
    rows = np.zeros(len(values), dtype=bool)
    rows[np.searchsorted(bounds, where, side="right") - 1] = True
    return rows & values.is_valid().to_numpy(zero_copy_only=False)


def column(frame: pd.DataFrame, name: str) -> pa.Array:
    """One column of a DataFrame as one pyarrow array."""
    values = pa.array(frame[name])
    return values.combine_chunks() if isinstance(values, pa.ChunkedArray) else values


class Lookup:
    """Texts made once per id (a place, an event type, an event with claims), looked up for a column of ids;
    an id with no text is a KeyError unless there is a ``default``."""

    def __init__(self, texts: dict[str, str], default: str | None = None) -> None:
        self.ids = pa.array(list(texts), TEXT)
        self.table = pa.array([*texts.values(), "" if default is None else default], TEXT)
        self.default = default

    def __call__(self, ids: pa.Array) -> pa.Array:
        codes = pc.index_in(text(ids), value_set=self.ids)
        if codes.null_count and self.default is None:
            raise KeyError(f"no text for {ids.filter(pc.is_null(codes))[0].as_py()!r}")
        return self.table.take(pc.fill_null(codes, len(self.table) - 1))


def json_strings(values: pa.Array) -> pa.Array:
    """Each string as a JSON string literal, as ``json.dumps(s, ensure_ascii=False)`` writes it."""
    values = text(values)
    written = _bytes(values)[0].tobytes()
    escaped = values
    for plain, escape in JSON_ESCAPES:
        if plain.encode() in written:
            escaped = pc.replace_substring(escaped, plain, escape)
    quoted = concat('"', escaped, '"')
    if not any(c.encode() in written for c in JSON_RARE):
        return quoted
    rare = _holding(values, JSON_RARE)
    where = np.flatnonzero(rare)
    exact = pa.array([json.dumps(s, ensure_ascii=False) for s in values.take(where).to_pylist()], TEXT)
    row = np.zeros(len(values), dtype=np.int64)
    row[where] = np.arange(len(where))
    return pc.if_else(pa.array(rare), exact.take(pa.array(row)), quoted)


def inert(values: pa.Array) -> pa.Array:
    """Each text a spreadsheet would run as a formula (it begins with one of :data:`FORMULA_START`) with an
    apostrophe before it, so the spreadsheet shows it as text; a plain number such as "-2" is left as it is.

    ``=HYPERLINK("http://x.invalid")`` becomes ``'=HYPERLINK("http://x.invalid")``; nulls stay null.
    """
    values = text(values)
    raw, bounds = _bytes(values)
    starts = np.zeros(256, dtype=bool)
    starts[[ord(c) for c in FORMULA_START]] = True
    filled = bounds[1:] > bounds[:-1]
    first = np.zeros(len(values), dtype=bool)
    first[filled] = starts[raw[bounds[:-1][filled]]]  # a row's first byte (a null row has none)
    where = np.flatnonzero(first)
    if not len(where):
        return values
    number = pc.match_substring_regex(values.take(pa.array(where)), f"^{_NUMBER}$").to_numpy(zero_copy_only=False)
    first[where[number]] = False
    return pc.if_else(pa.array(first), concat("'", values), values)


def inert_text(value: str) -> str:
    """:func:`inert` for one text."""
    return f"'{value}" if re.match(_FORMULA, value) and not re.fullmatch(_NUMBER, value) else value


def csv_fields(values: pa.Array) -> pa.Array:
    """Each string as one field of a CSV row, quoted only where :mod:`csv`'s writer quotes it."""
    values = text(values)
    special = _holding(values, CSV_SPECIAL)
    if not special.any():
        return values
    return pc.if_else(pa.array(special), concat('"', pc.replace_substring(values, '"', '""'), '"'), values)


def csv_field(value: object) -> str:
    """One value as :mod:`csv`'s writer writes it in an export's row (for texts made once, like a place's columns)."""
    out = io.StringIO()
    csv.writer(out, lineterminator=QUOTING_END).writerow([value, ""])
    return out.getvalue()[:-1 - len(QUOTING_END)]


def csv_header(names: tuple[str, ...]) -> bytes:
    header = io.StringIO()
    csv.writer(header, lineterminator="\n").writerow(names)
    return header.getvalue().encode("utf-8")


def csv_rows(fields: list[pa.Array | str]) -> memoryview:
    """One chunk of CSV rows from its fields (a str is the same in every row), each row ending in a newline."""
    pieces = [piece for i, field in enumerate(fields) for piece in ((",", field) if i else (field,))]
    return joined(concat(*pieces, "\n"))


def _wall_clock(moments: pa.Array, zone: str = "UTC") -> pa.Array:
    """Times as the clock in ``zone`` shows them (naive), cut to microseconds as ``to_pydatetime`` does."""
    utc = moments.cast(pa.timestamp("us", "UTC"), safe=False)
    return pc.local_timestamp(utc.cast(pa.timestamp("us", zone)))


def _two_digits(numbers: pa.Array) -> pa.Array:
    return TWO_DIGITS.take(numbers)


def _iso_date(clock: pa.Array) -> pa.Array:
    year = pc.utf8_lpad(text(pc.year(clock)), 4, "0")
    return concat(year, "-", _two_digits(pc.month(clock)), "-", _two_digits(pc.day(clock)))


def utc_text(moments: pa.Array) -> pa.Array:
    """Each time as ``datetime.isoformat`` writes it in UTC (fractions only where a time has them); nulls stay null."""
    clock = _wall_clock(moments)
    written = concat(_iso_date(clock), "T", _two_digits(pc.hour(clock)), ":", _two_digits(pc.minute(clock)), ":",
                     _two_digits(pc.second(clock)))
    micro = pc.add(pc.multiply(pc.millisecond(clock), 1000), pc.microsecond(clock))
    fraction = pc.not_equal(micro, 0)
    if pc.any(fraction).as_py():
        written = pc.if_else(fraction, concat(written, ".", pc.utf8_lpad(text(micro), 6, "0")), written)
    return concat(written, "+00:00")


def _offsets(moments: pa.Array, local: pa.Array) -> pa.Array:
    """:func:`geo.times.offset` of each time ("UTC+2"), from its local clock less its UTC clock."""
    minutes = pc.divide(pc.subtract(pc.cast(local, pa.int64()), pc.cast(_wall_clock(moments), pa.int64())), 60_000_000)
    found = pc.unique(minutes)
    labels = [times.offset(pd.Timestamp(0, tz="UTC"), timezone(timedelta(minutes=m))) for m in found.to_pylist()]
    return pa.array(labels, TEXT).take(pc.index_in(minutes, value_set=found))


def describe(moments: pa.Array, zone: str, with_time: bool = True) -> pa.Array:
    """:func:`geo.times.describe` of each time in the IANA ``zone`` (the C locale's day and month names,
    as Python's strftime)."""
    local = _wall_clock(moments, zone)
    day = concat(WEEKDAYS.take(pc.day_of_week(local)), " ", text(pc.day(local)), " ",
                 MONTHS.take(pc.subtract(pc.month(local), 1)), " ", text(pc.year(local)))
    if not with_time:
        return day
    utc = _wall_clock(moments)
    written = concat(day, " ", _two_digits(pc.hour(local)), ":", _two_digits(pc.minute(local)), " ",
                     _offsets(moments, local), " (",
                     _two_digits(pc.hour(utc)), ":", _two_digits(pc.minute(utc)), " UTC)")
    return written


def local_date(moments: pa.Array, zone: str) -> pa.Array:
    """The calendar date of each time in the IANA ``zone``, as ``date.isoformat`` writes it."""
    return _iso_date(_wall_clock(moments, zone))


def local_year(moments: pa.Array, zone: str) -> pa.Array:
    return text(pc.year(_wall_clock(moments, zone)))


def when_text(start: pa.Array, end: pa.Array, zone: str) -> pa.Array:
    """:meth:`geo.events.Event.when` of each event in the IANA ``zone``: a local day alone, an instant, or a span."""
    start_us = pc.cast(start.cast(pa.timestamp("us", "UTC"), safe=False), pa.int64())
    end_us = pc.cast(end.cast(pa.timestamp("us", "UTC"), safe=False), pa.int64())
    midnight = pc.equal(pc.hour(_wall_clock(start, zone)), 0)
    day_only = pc.fill_null(pc.and_(pc.equal(pc.subtract(end_us, start_us), DAY_US), midnight), False)
    until = pc.if_else(pc.is_null(end), literal(""), concat(" – ", describe(pc.fill_null(end, start), zone)))
    timed = concat(describe(start, zone), until)
    whole = pc.fill_null(pc.and_(pc.greater_equal(pc.subtract(end_us, start_us), 2 * DAY_US),
                                 pc.and_(_at_midnight(start, zone), _at_midnight(end, zone))), False)
    if pc.any(whole).as_py():  # whole local days: the first and the last (the end is the midnight after it)
        last = pc.cast(pc.subtract(pc.fill_null(end_us, 0), 1), pa.timestamp("us", "UTC"))
        days = concat(describe(start, zone, with_time=False), " – ", describe(last, zone, with_time=False))
        timed = pc.if_else(whole, days, timed)
    if not pc.any(day_only).as_py():
        return timed
    return pc.if_else(day_only, describe(start, zone, with_time=False), timed)


def _at_midnight(moments: pa.Array, zone: str) -> pa.Array:
    """Whether each time is a local midnight of the IANA ``zone`` (00:00:00, no fraction)."""
    local = _wall_clock(moments, zone)
    parts = [pc.hour(local), pc.minute(local), pc.second(local), pc.millisecond(local), pc.microsecond(local)]
    zero = pc.equal(parts[0], 0)
    for part in parts[1:]:
        zero = pc.and_(zero, pc.equal(part, 0))
    return zero


def chunks(shown: pd.DataFrame, chunk: int, fmt: str) -> Iterator[pd.DataFrame]:
    """The view's rows, ``chunk`` of them at a time (the last chunk may be shorter).

    Logs (info) the rows written so far and the seconds taken each time the writer asks
    for the next chunk, that is once it has written the one before.
    """
    if not isinstance(chunk, int) or isinstance(chunk, bool) or chunk < 1:
        raise ExportError(f"chunk: expected a whole number of rows, 1 or more, instead got {chunk!r}")
    started, total = time.monotonic(), len(shown)
    for first in range(0, total, chunk):
        yield shown.iloc[first:first + chunk]
        logger.info("%s export: %s of %s events written (%.1f s)", fmt, f"{min(first + chunk, total):,}", f"{total:,}",
                    time.monotonic() - started)


def spreadsheet_cells(values: pa.Array, raw: bool) -> pa.Array:
    """A text column's CSV fields; unless ``raw``, a text a spreadsheet would run as a formula is made inert."""
    return csv_fields(values if raw else inert(values))
