"""Columns of values as JSON or CSV text, a whole column at a time (pyarrow), for exports of a million rows.

Each function gives, for every row, exactly the text the one-value-at-a-time code gives:
``json.dumps(s, ensure_ascii=False)`` for :func:`json_strings`, :mod:`csv`'s writer for
:func:`csv_fields`, ``datetime.isoformat`` for :func:`utc_text` and
:meth:`geo.events.Event.when` for :func:`when_text`. Rows are pyarrow ``large_string``
arrays; :func:`concat` joins pieces row by row and :func:`lines` makes one chunk of bytes.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from geo import times

TEXT = pa.large_string()
JSON_ESCAPES = (("\\", "\\\\"), ('"', '\\"'), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"))  # backslash first
JSON_RARE = "[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f]"  # control characters json writes as \b, \f or \u00XX
MICROSECONDS = np.timedelta64(1_000_000, "us")
DAY_US = 86_400 * 1_000_000


def _csv_quotes(character: str) -> bool:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow([f"a{character}b", ""])
    return out.getvalue().startswith('"')


CSV_SPECIAL = "".join(c for c in ',"\r\n' if _csv_quotes(c))  # what this Python's csv writer quotes a field for


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


def lines(rows: pa.Array, separator: str) -> bytes:
    """The rows as UTF-8 bytes, ``separator`` between each two."""
    if len(rows) == 0:
        return b""
    whole = pa.LargeListArray.from_arrays(pa.array([0, len(rows)], pa.int64()), rows)
    return pc.binary_join(whole, literal(separator))[0].as_buffer().to_pybytes()


def lookup(codes: pa.Array | np.ndarray, table: list[str]) -> pa.Array:
    """``table[code]`` for each row: texts made once per place, type or distinct cell."""
    return pa.array(table, TEXT).take(codes)


def by_value(values: pa.Array, make: Callable[[str], str]) -> pa.Array:
    """Each row's text made once per distinct value by ``make`` (a function of the cell); nulls as ""."""
    encoded = pc.dictionary_encode(text(values, ""))
    return lookup(encoded.indices, [make(cell) for cell in encoded.dictionary.to_pylist()])


def json_strings(values: pa.Array) -> pa.Array:
    """Each string as a JSON string literal, as ``json.dumps(s, ensure_ascii=False)`` writes it."""
    values = text(values)
    escaped = values
    for plain, escape in JSON_ESCAPES:
        escaped = pc.replace_substring(escaped, plain, escape)
    quoted = concat('"', escaped, '"')
    rare = pc.match_substring_regex(values, JSON_RARE)
    if not pc.any(rare).as_py():
        return quoted
    where = np.flatnonzero(rare.to_numpy(zero_copy_only=False))
    exact = pa.array([json.dumps(s, ensure_ascii=False) for s in values.take(where).to_pylist()], TEXT)
    row = np.full(len(values), -1, dtype=np.int64)
    row[where] = np.arange(len(where))
    return pc.if_else(rare, exact.take(pa.array(np.maximum(row, 0))), quoted)


def csv_fields(values: pa.Array) -> pa.Array:
    """Each string as one field of a CSV row, quoted only where :mod:`csv`'s writer quotes it."""
    values = text(values)
    quoted = concat('"', pc.replace_substring(values, '"', '""'), '"')
    special = pc.match_substring_regex(values, "[" + "".join(f"\\x{ord(c):02x}" for c in CSV_SPECIAL) + "]")
    return pc.if_else(special, quoted, values)


def csv_field(value: object) -> str:
    """One value as :mod:`csv`'s writer writes it in a row (for texts made once, like a place's columns)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow([value, ""])
    return out.getvalue()[:-1]


def _microseconds(moments: pa.Array) -> np.ndarray:
    """Times as datetime64[us] (NaT where missing), cut to microseconds as ``to_pydatetime`` does."""
    return moments.cast(pa.timestamp("us", "UTC"), safe=False).to_numpy(zero_copy_only=False)


def utc_text(moments: pa.Array) -> pa.Array:
    """Each time as ``datetime.isoformat`` writes it in UTC (fractions only where a time has them); nulls stay null."""
    values = _microseconds(moments)
    seconds = values.astype("datetime64[s]")
    whole = np.datetime_as_string(seconds, unit="s")
    fraction = (values - seconds) % MICROSECONDS != np.timedelta64(0, "us")
    if fraction.any():
        whole = np.where(fraction, np.datetime_as_string(values, unit="us"), whole)
    written = pa.array(np.char.add(whole, "+00:00"), TEXT)
    return pc.if_else(pa.array(np.isnat(values)), pa.nulls(len(values), TEXT), written)


def _aleppo(moments: pa.Array) -> pa.Array:
    return moments.cast(pa.timestamp("us", "UTC"), safe=False).cast(pa.timestamp("us", times.ALEPPO.key))


def describe(moments: pa.Array, with_time: bool = True) -> pa.Array:
    """:func:`geo.times.describe` of each time."""
    if not with_time:
        return pc.replace_substring(pc.strftime(_aleppo(moments), "%a %d %b %Y", "C"), " 0", " ")
    utc = moments.cast(pa.timestamp("us", "UTC"), safe=False)
    written = concat(text(pc.strftime(_aleppo(moments), "%a %d %b %Y %H:%M", "C")), " Aleppo (",
                     text(pc.strftime(utc, "%H:%M", "C")), " UTC)")
    return pc.replace_substring(written, " 0", " ", max_replacements=1)


def local_date(moments: pa.Array) -> pa.Array:
    """The Aleppo calendar date of each time, ``YYYY-MM-DD``."""
    return text(pc.strftime(_aleppo(moments), "%Y-%m-%d", "C"))


def local_year(moments: pa.Array) -> pa.Array:
    return text(pc.year(_aleppo(moments)))


def when_text(start: pa.Array, end: pa.Array) -> pa.Array:
    """:meth:`geo.events.Event.when` of each event: a local day alone, an instant, or a span."""
    start_us = _microseconds(start).astype(np.int64)
    end_us = _microseconds(end)
    has_end = ~np.isnat(end_us)
    day_only = has_end & (end_us.astype(np.int64) - start_us == DAY_US)
    day_only &= pc.hour(_aleppo(start)).to_numpy(zero_copy_only=False) == 0
    until = pc.if_else(pa.array(has_end), concat(" – ", text(describe(pc.fill_null(end, start)))), literal(""))
    timed = concat(text(describe(start)), until)
    if not day_only.any():
        return timed
    return pc.if_else(pa.array(day_only), text(describe(start, with_time=False)), timed)
