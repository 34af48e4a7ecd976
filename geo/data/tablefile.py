"""Reading one data file and checking it against its schema, at the edge.

:func:`read_table` never raises on bad content: it returns the typed rows it could
read and a list of :class:`~geo.errors.Problem`, each naming file, line and column,
so ``evacmap validate`` can report everything at once.

Lines are physical lines of the file (the header is line 1), counted by the CSV
tokenizer itself, so blank lines, quoted newlines and CRLF endings never shift them.
A row with the wrong number of fields is reported and left out, never padded or cut.
Well-formed CSV bytes are read by :mod:`geo.data.csvfast` instead, which gives the same
cells on the same lines; the cells are typed and checked by :mod:`geo.data.cells`, vectorised.
A million-row events file validates in about four seconds.
"""

from __future__ import annotations

import csv
import io
import logging
import re
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd

from geo.data.cells import check_cells, report
from geo.data.csvfast import Records, read_records
from geo.data.readfile import read_bytes
from geo.data.schema import FileSchema
from geo.errors import Problem

MAX_FILE_BYTES = 256 * 1024**2  # a data file larger than this is refused, not read

_BOM = "\ufeff"
_UNDECODED = re.compile("[\udc80-\udcff]")  # bytes that surrogateescape kept aside

logger = logging.getLogger(__name__)

csv.field_size_limit(2**31 - 1)  # one cell may hold a long text; the file size cap bounds it


def decode(raw: bytes, name: str) -> tuple[str, list[Problem]]:
    """UTF-8 text (a leading BOM is dropped), or a problem naming the line of the first bad byte."""
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        hint = "the file is UTF-16; " if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        byte = raw[error.start]
        return "", [Problem(name, line, "", f"byte 0x{byte:02x} at offset {error.start} is not UTF-8; "
                                            f"{hint}save the file as UTF-8")]


def decode_table(raw: bytes, name: str) -> tuple[str, list[Problem]]:
    """Like :func:`decode`, and for CSV the problem also names the column of the bad byte."""
    text, problems = decode(raw, name)
    if not problems:
        return text, problems
    try:
        lines, records = _records(raw.decode("utf-8-sig", "surrogateescape"))
    except csv.Error:
        return "", problems  # the line alone is still right; the column is only a courtesy
    for line, record in zip(lines, records, strict=True):
        for index, cell in enumerate(record):
            if _UNDECODED.search(cell):
                column = records[0][index] if line > 1 and index < len(records[0]) else ""
                return "", [Problem(name, problems[0].line, column, problems[0].message)]
    return "", problems


def _read_bytes(path: Path, name: str, max_bytes: int | None, inside: Path | None) -> tuple[bytes, list[Problem]]:
    limit = MAX_FILE_BYTES if max_bytes is None else max_bytes
    try:
        size = path.stat().st_size
    except OSError as error:
        return b"", [Problem(name, 0, "", f"cannot read: {error.strerror or error}")]
    if size > limit:  # a regular file's size is known before reading it; read_bytes still reads at most limit + 1
        return b"", [Problem(name, 0, "", f"file is {size:,} bytes; the limit is {limit:,}")]
    return read_bytes(path, name, limit, inside)


def read_text(path: Path, name: str | None = None, max_bytes: int | None = None,
              inside: Path | None = None) -> tuple[str, list[Problem]]:
    """The file's text, or a problem saying why it could not be read (size cap: ``max_bytes``; a regular file
    inside the folder ``inside``, when given: see :func:`geo.data.readfile.open_file`)."""
    name = name or path.name
    raw, problems = _read_bytes(path, name, max_bytes, inside)
    return ("", problems) if problems else decode(raw, name)


def read_table(path: Path, schema: FileSchema, name: str | None = None,
               max_bytes: int | None = None, inside: Path | None = None) -> tuple[pd.DataFrame, list[Problem]]:
    """Read and check one CSV file; returns the typed rows (with a ``_line`` column) and problems.

    The file is read only when it is a regular file (inside the folder ``inside``, when given: see
    :func:`geo.data.readfile.open_file`).

    Columns are returned in schema order. When the header is wrong, no rows are
    returned: reading on would report a cascade of misleading problems.
    """
    name = name or path.name
    raw, problems = _read_bytes(path, name, max_bytes, inside)
    if problems:
        return empty_table(schema), problems
    records = read_records(raw, name)
    if records is None:
        return _parse_exactly(raw, schema, name)
    del raw  # as parse_csv, but the bytes of a large file are let go before its cells are checked
    return _check_records(records, schema, name)


def parse_csv(raw: bytes, schema: FileSchema, name: str) -> tuple[pd.DataFrame, list[Problem]]:
    """Check CSV bytes against a schema: what :func:`parse_table` returns for their text, never raising.

    Read by :func:`geo.data.csvfast.read_records` when it is sure to read the same records
    on the same lines (the cells of a million events in about a second), else by :func:`parse_table`.
    """
    records = read_records(raw, name)
    return _parse_exactly(raw, schema, name) if records is None else _check_records(records, schema, name)


def _parse_exactly(raw: bytes, schema: FileSchema, name: str) -> tuple[pd.DataFrame, list[Problem]]:
    started = time.monotonic()
    text, problems = decode_table(raw, name)
    table, found = (empty_table(schema), problems) if problems else parse_table(text, schema, name)
    logger.info("%s: %s rows read by the exact CSV reader in %.2f s", name, f"{len(table):,}", time.monotonic() - started)
    return table, found


def _check_records(records: Records, schema: FileSchema, name: str) -> tuple[pd.DataFrame, list[Problem]]:
    problems = _separator_problem(records.header, name) or check_header(records.header, schema, name)
    if problems:
        return empty_table(schema), problems
    cells = pd.DataFrame({h: pd.Series(c, dtype="str") for h, c in zip(records.header, records.columns, strict=True)})
    return check_cells(cells, records.lines, schema, name)


def empty_table(schema: FileSchema) -> pd.DataFrame:
    """A table with the schema's columns and ``_line``, and no rows."""
    return pd.DataFrame(columns=[*schema.names, "_line"])


_CSV_ERRORS = {
    "unexpected end of data": "a quote opened here is never closed",
    "',' expected after '\"'": "expected ',' after a closing quote (write a quote inside a quoted cell as \"\")",
}


def _records(text: str) -> tuple[list[int], list[list[str]]]:
    """The CSV records and the physical line each starts on; blank lines are skipped.

    Raises ``csv.Error(line, message)`` for a stray or unclosed quote.
    """
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    lines: list[int] = []
    records: list[list[str]] = []
    line = 0
    try:
        for record in reader:
            if record:
                lines.append(line + 1)
                records.append(record)
            line = reader.line_num
    except csv.Error as error:
        what = _CSV_ERRORS.get(str(error), str(error))
        if "end of data" in str(error) or reader.line_num == line + 1:
            raise csv.Error(line + 1, what) from None
        raise csv.Error(line + 1, f"a quote opened here closes on line {reader.line_num}; there, {what}") from None
    return lines, records


def former_renamed(header: Sequence[str], schema: FileSchema) -> list[str]:
    """The header with each former column name (:class:`~geo.data.schema.FormerColumn`) read as its new name, and the
    columns the old name implies after it; a header holding the new name already is left as it is."""
    names = list(header)
    for former in schema.former:
        if former.old in names and former.new not in names:
            at = names.index(former.old)
            names[at:at + 1] = [former.new, *(c for c, _ in former.implies if c not in names)]
    return names


def check_header(header: Sequence[str], schema: FileSchema, name: str) -> list[Problem]:
    """Problems with a file's column names (line 1): missing, unexpected or repeated columns."""
    header = former_renamed(header, schema)
    problems = [Problem(name, 1, c.name, "missing column") for c in schema.columns
                if c.name not in header and c.name not in schema.later]
    problems += [Problem(name, 1, h, f"unexpected column; expected only: {', '.join(schema.names)}")
                 for h in dict.fromkeys(header) if h not in schema.names and h not in schema.derived]
    problems += [Problem(name, 1, h, "column appears more than once")
                 for h in sorted({h for h in header if header.count(h) > 1})]
    return problems


def _separator_problem(header: list[str], name: str) -> list[Problem]:
    if len(header) == 1 and (";" in header[0] or "\t" in header[0]):
        sep = "';'" if ";" in header[0] else "a tab"
        return [Problem(name, 1, "", f"columns are separated by {sep}; expected ','")]
    return []


def parse_table(text: str, schema: FileSchema, name: str) -> tuple[pd.DataFrame, list[Problem]]:
    """Check CSV text already in memory (an upload, a test) against a schema; never raises."""
    text = text.removeprefix(_BOM)
    expected = f"a header row: {','.join(schema.names)}"
    try:
        starts, records = _records(text)
    except csv.Error as error:
        line, what = error.args
        return empty_table(schema), [Problem(name, line, "", f"not valid CSV: {what}")]
    if not records:
        return empty_table(schema), [Problem(name, 1 if text else 0, "", f"empty file; expected {expected}")]
    if starts[0] != 1:
        return empty_table(schema), [Problem(name, 1, "", f"line 1 is empty; expected {expected}")]
    header = records[0]
    problems = _separator_problem(header, name) or check_header(header, schema, name)
    if problems:
        return empty_table(schema), problems
    rows = records[1:]
    lines = np.array(starts[1:], dtype=np.int64)
    widths = np.fromiter(map(len, rows), dtype=np.int64, count=len(rows))
    ragged = widths != len(header)
    report(problems, name, lines, ragged, "", lambda w: f"expected {len(header)} fields, found {w}",
            pd.Series(widths))
    if ragged.any():
        rows = [r for r, bad in zip(rows, ragged, strict=True) if not bad]
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(header)
    cells = pd.DataFrame({h: pd.Series(c, dtype="str") for h, c in zip(header, columns, strict=True)})
    typed, found = check_cells(cells, lines[~ragged], schema, name)
    return typed, problems + found
