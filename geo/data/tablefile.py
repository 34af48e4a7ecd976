"""Reading one data file and checking it against its schema, at the edge.

:func:`read_table` never raises on bad content: it returns the typed rows it could
read and a list of :class:`~geo.errors.Problem`, each naming file, line and column,
so ``evacmap validate`` can report everything at once.

Lines are physical lines of the file (the header is line 1), counted by the CSV
tokenizer itself, so blank lines, quoted newlines and CRLF endings never shift them.
A row with the wrong number of fields is reported and left out, never padded or cut.
Well-formed CSV bytes are read by :mod:`geo.data.csvfast` instead, which gives the same
cells on the same lines; cell checks are vectorised. A million-row events file
validates in about four seconds.
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
import pyarrow as pa
import pyarrow.compute as pc

from geo import times
from geo.data.csvfast import Records, read_records
from geo.data.readfile import read_bytes
from geo.data.schema import ICON, LIST_SEPARATOR, SLUG, Column, FileSchema
from geo.errors import Problem

MAX_FILE_BYTES = 256 * 1024**2  # a data file larger than this is refused, not read
MAX_PROBLEMS_PER_COLUMN = 50

_OFFSET = r"(?:Z|[+-]\d\d:?\d\d)$"
_DATE = r"\d{4}-\d\d-\d\d$"
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
    _report(problems, name, lines, ragged, "", lambda w: f"expected {len(header)} fields, found {w}",
            pd.Series(widths))
    if ragged.any():
        rows = [r for r, bad in zip(rows, ragged, strict=True) if not bad]
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(header)
    cells = pd.DataFrame({h: pd.Series(c, dtype="str") for h, c in zip(header, columns, strict=True)})
    typed, found = check_cells(cells, lines[~ragged], schema, name)
    return typed, problems + found


def _report(problems: list[Problem], name: str, lines: np.ndarray, bad: np.ndarray,
            column: str, message, values: pd.Series) -> None:
    """Add a problem for each row where ``bad`` is true, up to a cap per column."""
    where = np.flatnonzero(bad)
    for i in where[:MAX_PROBLEMS_PER_COLUMN]:
        text = message(values.iloc[i]) if callable(message) else message
        problems.append(Problem(name, int(lines[i]), column, text))
    if len(where) > MAX_PROBLEMS_PER_COLUMN:
        problems.append(Problem(name, int(lines[where[MAX_PROBLEMS_PER_COLUMN]]), column,
                                f"... {len(where) - MAX_PROBLEMS_PER_COLUMN:,} more rows with this problem"))


def _shown(value: object) -> str:
    return f"instead got {value!r}"


def _range_text(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"a value from {low:g} to {high:g}"
    return f"a value of at least {low:g}" if low is not None else f"a value of at most {high:g}"


def _numbers(col: Column, raw: pd.Series, present: pd.Series, name: str, lines: np.ndarray,
             problems: list[Problem]) -> pd.Series:
    """A numeric column; cells that are not numbers (or, for ints, not whole) become missing.

    A number out of range is reported and kept, so later checks see the value as written;
    an int too large for 64 bits becomes missing.
    """
    values = pd.to_numeric(raw.where(present), errors="coerce").to_numpy(dtype=float, na_value=np.nan)
    finite = np.isfinite(values)
    _report(problems, name, lines, present.to_numpy() & ~finite, col.name,
            lambda v: f"expected a number, {_shown(v)}", raw)
    if col.low is not None or col.high is not None:
        low = -np.inf if col.low is None else col.low
        high = np.inf if col.high is None else col.high
        outside = np.zeros_like(finite)
        outside[finite] = (values[finite] < low) | (values[finite] > high)
        _report(problems, name, lines, outside, col.name,
                lambda v: f"expected {_range_text(col.low, col.high)}, {_shown(v)}", raw)
    if col.kind == "float":
        return pd.Series(np.where(finite, values, np.nan), index=raw.index)
    whole = np.zeros_like(finite)
    whole[finite] = values[finite] % 1 == 0
    _report(problems, name, lines, finite & ~whole, col.name, lambda v: f"expected a whole number, {_shown(v)}", raw)
    fits = whole & (np.abs(np.where(whole, values, 0)) < 2.0**63)
    return pd.Series(np.where(fits, values, np.nan), index=raw.index).astype("Int64")


def _nul(text: pa.Array | pa.ChunkedArray, raw: pd.Series) -> np.ndarray:
    """Cells holding a NUL character; a column whose bytes hold none at all is cleared in one pass."""
    chunks = text.chunks if isinstance(text, pa.ChunkedArray) else [text]
    if all(np.frombuffer(c.buffers()[2] or b"\x01", dtype=np.uint8).min(initial=1) > 0 for c in chunks):
        return np.zeros(len(raw), dtype=bool)
    return raw.str.contains("\x00", regex=False).to_numpy()


def _typed(col: Column, raw: pd.Series, name: str, lines: np.ndarray, problems: list[Problem]) -> pd.Series:
    """Check a column that is typed already (times or numbers from Parquet) by the rules for its text."""
    missing = raw.isna().to_numpy()
    if col.required:
        _report(problems, name, lines, missing, col.name, "required value is empty", raw)
    if col.kind in ("float", "int"):
        return _numbers(col, raw, pd.Series(~missing, index=raw.index), name, lines, problems)
    if raw.dt.tz is None:
        _report(problems, name, lines, ~missing, col.name,
                lambda v: f"expected a time with a UTC offset (a timestamp with a time zone), {_shown(str(v))}", raw)
        return pd.Series(pd.NaT, index=raw.index, dtype=f"datetime64[{raw.dt.unit}, UTC]")
    return _in_range(raw.dt.tz_convert("UTC"), col, raw, name, lines, problems)


def _in_range(parsed: pd.Series, col: Column, raw: pd.Series, name: str, lines: np.ndarray,
              problems: list[Problem]) -> pd.Series:
    """Times and dates within the years :data:`geo.times.RANGE`; one outside is reported and becomes missing."""
    naive = parsed.dt.tz is None
    low = times.EARLIEST.replace(tzinfo=None) if naive else times.EARLIEST
    high = times.AFTER_LAST.replace(tzinfo=None) if naive else times.AFTER_LAST
    outside = parsed.notna() & ((parsed < low) | (parsed >= high))
    if not outside.any():
        return parsed
    _report(problems, name, lines, outside.to_numpy(), col.name,
            lambda v: f"expected a time in the years {times.RANGE}, {_shown(str(v))}", raw)
    return parsed.mask(outside)


def _convert(col: Column, raw: pd.Series, name: str, lines: np.ndarray,
             problems: list[Problem]) -> pd.Series:
    """Check one column and return it typed; bad cells become missing values.

    ``raw`` is text, or (from Parquet) already a time column for a datetime or a number
    column for a number.
    """
    if not pd.api.types.is_string_dtype(raw.dtype):
        return _typed(col, raw, name, lines, problems)
    text = pa.array(raw, type=pa.large_string())
    blank = pc.or_(pc.equal(pc.utf8_length(text), 0), pc.utf8_is_space(text))  # what strip() would leave empty
    empty = pd.Series(pc.fill_null(blank, False).to_numpy(zero_copy_only=False), index=raw.index)
    if col.required:
        _report(problems, name, lines, empty.to_numpy(), col.name, "required value is empty", raw)
    present = ~empty
    _report(problems, name, lines, _nul(text, raw), col.name, "holds a NUL character (U+0000); expected text", raw)
    if col.kind in ("text", "texts"):
        return raw
    if col.kind in ("slug", "slugs", "enum", "icon"):
        if col.kind == "enum":
            bad, expected = ~raw.isin(col.choices), f"one of {', '.join(col.choices)}"
        elif col.kind == "icon":
            bad, expected = ~raw.str.fullmatch(ICON), "an icon name of a-z, 0-9 and -"
        else:
            pattern = SLUG if col.kind == "slug" else rf"{SLUG}(\{LIST_SEPARATOR}{SLUG})*"
            bad = ~raw.str.fullmatch(pattern)
            expected = "an id of a-z, 0-9 and _" if col.kind == "slug" else f"ids separated by '{LIST_SEPARATOR}'"
        _report(problems, name, lines, (present & bad).to_numpy(), col.name,
                lambda v: f"expected {expected}, {_shown(v)}", raw)
        return raw
    if col.kind in ("float", "int"):
        return _numbers(col, raw, present, name, lines, problems)
    if col.kind == "date":
        parsed = pd.to_datetime(raw.where(present & raw.str.match(_DATE)), format="%Y-%m-%d", errors="coerce")
        bad = present & parsed.isna()
        _report(problems, name, lines, bad.to_numpy(), col.name,
                lambda v: f"expected a real date YYYY-MM-DD, {_shown(v)}", raw)
        return _in_range(parsed, col, raw, name, lines, problems).dt.date
    if col.kind == "datetime":
        stripped = raw.str.strip()
        has_offset = stripped.str.contains(_OFFSET, regex=True)
        naive = present & ~has_offset
        _report(problems, name, lines, naive.to_numpy(), col.name,
                lambda v: "expected an ISO 8601 time with a UTC offset (e.g. 2016-12-15T10:30:00+00:00), "
                          f"{_shown(v)}", raw)
        parsed = pd.to_datetime(stripped.where(present & has_offset), utc=True, format="ISO8601", errors="coerce")
        bad = present & has_offset & parsed.isna()
        _report(problems, name, lines, bad.to_numpy(), col.name,
                lambda v: f"expected a real ISO 8601 date and time like 2016-12-15T10:30:00+00:00, {_shown(v)}", raw)
        return _in_range(parsed, col, raw, name, lines, problems)
    raise ValueError(f"unknown column kind {col.kind!r} in schema of {name}")


def check_cells(cells: pd.DataFrame, lines: np.ndarray, schema: FileSchema,
                name: str) -> tuple[pd.DataFrame, list[Problem]]:
    """Type and check text cells (one ``str`` column per schema column) whose rows sit on ``lines``.

    Shared by CSV, Parquet and GeoJSON readers, so every format is checked alike. A
    datetime column may instead hold times, and a number column numbers (typed Parquet).
    A column under its former name is read under its new one (the table's ``attrs["former"]`` lists
    which), and a column added later that the file lacks is read as empty.
    """
    problems: list[Problem] = []
    cells = cells.reset_index(drop=True)
    renamed = []
    for former in schema.former:  # a file written before a column was renamed
        if former.old in cells and former.new not in cells:
            cells = cells.rename(columns={former.old: former.new})
            for column, value in former.implies:
                cells[column] = pd.Series(value, index=cells.index, dtype="str")
            renamed.append(former)
    for absent in (c for c in schema.later if c not in cells):  # a file written before the column was added
        cells[absent] = pd.Series("", index=cells.index, dtype="str")
    typed = {col.name: _convert(col, cells[col.name], name, lines, problems) for col in schema.columns}
    out = pd.DataFrame(typed, index=cells.index)
    out["_line"] = lines
    if renamed:
        out.attrs["former"] = tuple(renamed)  # what the caller tells the reader was read under a new name
    for col in schema.columns:
        if not col.unique:
            continue
        values = cells[col.name]
        repeated = values.duplicated(keep="first") & (values.str.strip() != "")
        if not repeated.any():
            continue
        first = pd.Series(lines).groupby(values.to_numpy()).transform("first")
        _report(problems, name, lines, repeated.to_numpy(), col.name,
                lambda i, values=values, first=first:
                    f"duplicate id {values.iloc[i]!r}; ids must be unique (first on line {first.iloc[i]})",
                pd.Series(range(len(values))))
    return out, problems


def split_list(cell: object) -> tuple[str, ...]:
    """The items of a ``|``-separated cell; an empty cell is an empty tuple."""
    if not isinstance(cell, str) or not cell.strip():
        return ()
    return tuple(item.strip() for item in cell.split(LIST_SEPARATOR) if item.strip())
