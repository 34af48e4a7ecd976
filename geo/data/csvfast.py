"""A fast CSV reader for data files, used only where it reads exactly what the exact reader reads.

:func:`geo.data.tablefile.parse_table` reads records with Python's ``csv`` module, which
knows the physical line each record starts on but holds every cell as a Python
string: a million events take seconds and gigabytes. :func:`read_records` parses the
same bytes with ``pyarrow.csv`` (every cell as text, nothing inferred, an empty cell
stays ``""``) after checking them with numpy:

- the bytes are UTF-8 (after at most one byte order mark, as the exact reader drops);
- every quote opens a cell (it follows ``,``, a line end or the start of the file),
  closes one (a ``,``, a line end or the end of the file follows), or is doubled
  inside one; so Python's strict reader would raise nothing, and both read the same cells;
- a line starts a record when it is not empty and does not begin inside quotes, and a
  line ends at ``\\r\\n``, ``\\r`` or ``\\n``, as Python counts lines; so each record's
  physical line is known, and pyarrow must find exactly that many records.

Whenever anything differs or is doubtful (a row with the wrong number of fields, a
stray or unclosed quote, a second byte order mark, a blank first line, a first data
row that begins with a byte order mark, bytes that are not UTF-8, any pyarrow error)
it returns None, and the caller reads the file the exact way, so every problem is
worded as before.
"""

from __future__ import annotations

import codecs
import csv
import io
import logging
import time
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv

BLOCK = 1 << 24  # bytes compared at once: bounds numpy's temporary arrays
_BOM = codecs.BOM_UTF8
_QUOTE, _LF, _CR, _COMMA = b'"', b"\n", b"\r", b","
_FIELD_EDGES = np.frombuffer(b",\r\n", dtype=np.uint8)

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Records:
    """A CSV file's header, its data cells column by column (text), and the line each data row starts on."""

    header: list[str]
    columns: list[pa.ChunkedArray]
    lines: np.ndarray


def read_records(raw: bytes, name: str = "CSV") -> Records | None:
    """The records of CSV bytes as Python's strict ``csv`` reader would give them, or None when unsure.

    Which reader a file gets is logged under ``name``: the fast one (debug), or why not (info), since the
    exact reader is slower by far on a large file.
    """
    started = time.monotonic()
    records = _read(raw)
    if isinstance(records, str):
        logger.info("%s: not read by the fast CSV reader (%s); the exact reader reads it", name, records)
        return None
    logger.debug("%s: %s rows read by the fast CSV reader in %.2f s", name, f"{len(records.lines):,}",
                 time.monotonic() - started)
    return records


def _read(raw: bytes) -> Records | str:
    """:func:`read_records`' records, or why the fast reader is unsure of these bytes."""
    start = len(_BOM) if raw.startswith(_BOM) else 0
    if raw.startswith(_BOM, start):
        return "a second byte order mark"
    if not _is_utf8(raw):
        return "bytes that are not UTF-8"
    data = np.frombuffer(raw, dtype=np.uint8, offset=start)
    quotes = _positions(data, _QUOTE)
    if not _quotes_well_formed(data, quotes):
        return "a stray or unclosed quote"
    begins, ends = _lines(data)
    outside = np.searchsorted(quotes, begins) % 2 == 0  # the line does not begin inside a quoted cell
    starts = np.flatnonzero(outside & (ends > begins))  # blank lines hold no record
    if len(starts) == 0 or starts[0] != 0:
        return "an empty file or a blank first line"
    later = np.flatnonzero(outside[1:])
    header_end = int(ends[later[0]]) if len(later) else int(ends[-1])
    header = _header(raw[start:start + header_end])
    if header is None:
        return "a header the strict reader does not read as one record"
    body = start + (int(begins[later[0] + 1]) if len(later) else len(data))
    if raw.startswith(_BOM, body):  # pyarrow would drop it, taking it for the start of a file
        return "a data row that begins with a byte order mark"
    columns = _cells(pa.py_buffer(raw)[body:], len(header), len(starts) - 1,
                     newlines_in_values=bool((~outside).any()))
    if columns is None:
        return "rows of another number of fields than the header, or a pyarrow error"
    return Records(header, columns, (starts[1:] + 1).astype(np.int64))


def _is_utf8(raw: bytes) -> bool:
    """True when the bytes decode as UTF-8, checked a block at a time so no whole copy is made."""
    data = np.frombuffer(raw, dtype=np.uint8)
    if all(data[offset:offset + BLOCK].max(initial=0) < 0x80 for offset in range(0, len(data), BLOCK)):
        return True  # ASCII
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(raw)
    try:
        for offset in range(0, len(raw), BLOCK):
            decoder.decode(view[offset:offset + BLOCK])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def _positions(data: np.ndarray, byte: bytes) -> np.ndarray:
    """Where ``byte`` occurs in ``data``, ascending."""
    value = byte[0]
    found = [np.flatnonzero(data[offset:offset + BLOCK] == value) + offset for offset in range(0, len(data), BLOCK)]
    return np.concatenate(found) if found else np.zeros(0, dtype=np.int64)


def _quotes_well_formed(data: np.ndarray, quotes: np.ndarray) -> bool:
    """True when every quote opens a cell, closes one, or is one of a doubled pair inside one."""
    if len(quotes) % 2:
        return False
    opening, closing = quotes[0::2], quotes[1::2]
    before = data[np.maximum(opening - 1, 0)]
    reopened = np.zeros(len(opening), dtype=bool)
    reopened[1:] = opening[1:] == closing[:-1] + 1  # the second quote of a doubled pair
    opens_cell = (opening == 0) | np.isin(before, _FIELD_EDGES) | reopened
    after = data[np.minimum(closing + 1, len(data) - 1)]
    doubled = np.zeros(len(closing), dtype=bool)
    doubled[:-1] = closing[:-1] + 1 == opening[1:]
    closes_cell = (closing == len(data) - 1) | np.isin(after, _FIELD_EDGES) | doubled
    return bool(opens_cell.all() and closes_cell.all())


def _lines(data: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where each physical line begins and ends (its ending left out); ``\\r\\n``, ``\\r`` and ``\\n`` end a line."""
    feeds, returns = _positions(data, _LF), _positions(data, _CR)
    if len(returns):
        followed = np.zeros(len(returns), dtype=bool)
        inside = returns + 1 < len(data)
        followed[inside] = data[returns[inside] + 1] == _LF[0]
        endings = np.union1d(feeds, returns[~followed])  # the last byte of each line ending
    else:
        endings = feeds
    crlf = np.zeros(len(endings), dtype=bool)
    after_first = endings > 0
    crlf[after_first] = (data[endings[after_first]] == _LF[0]) & (data[endings[after_first] - 1] == _CR[0])
    begins = np.concatenate([[0], endings + 1])
    ends = np.concatenate([endings - crlf, [len(data)]])
    if begins[-1] == len(data):  # the file ends with a line ending: no line after it
        begins, ends = begins[:-1], ends[:-1]
    return begins, ends


def _header(raw: bytes) -> list[str] | None:
    """The fields of the header record (its bytes without the line ending)."""
    try:
        records = [r for r in csv.reader(io.StringIO(raw.decode("utf-8"), newline=""), strict=True) if r]
    except csv.Error:
        return None
    return records[0] if len(records) == 1 else None


def _cells(body: pa.Buffer, width: int, rows: int, newlines_in_values: bool) -> list[pa.ChunkedArray] | None:
    """The data rows' cells as text, column by column; None unless pyarrow reads ``rows`` rows of ``width`` fields."""
    if rows == 0:
        return [pa.chunked_array([], type=pa.large_string()) for _ in range(width)]
    names = [str(i) for i in range(width)]
    try:
        table = pacsv.read_csv(
            pa.BufferReader(body),
            read_options=pacsv.ReadOptions(column_names=names),
            parse_options=pacsv.ParseOptions(newlines_in_values=newlines_in_values, ignore_empty_lines=True),
            convert_options=pacsv.ConvertOptions(column_types=dict.fromkeys(names, pa.large_string()), null_values=[],
                                                 strings_can_be_null=False, quoted_strings_can_be_null=False,
                                                 check_utf8=False),  # read_records checked it, as Python decodes
        )
    except (pa.ArrowException, ValueError):
        return None
    if table.num_rows != rows:
        return None
    return table.columns
