"""Reading one data file and checking it against its schema, at the edge.

:func:`read_table` never raises on bad content: it returns the typed rows it could
read and a list of :class:`~geo.errors.Problem`, each naming file, line and column,
so ``evacmap validate`` can report everything at once. Checks are vectorised, so a
million-row events file validates in seconds.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import numpy as np
import pandas as pd

from geo.errors import Problem
from geo.schema import LIST_SEPARATOR, SLUG, Column, FileSchema

MAX_FILE_BYTES = 2 * 1024**3  # a data file larger than this is refused, not read
MAX_PROBLEMS_PER_COLUMN = 50

_SLUG = re.compile(SLUG)
_OFFSET = r"(?:Z|[+-]\d\d:?\d\d)$"
_DATE = r"\d{4}-\d\d-\d\d$"


def _decode(raw: bytes, name: str) -> tuple[str, list[Problem]]:
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        return "", [Problem(name, line, "", f"bytes that are not UTF-8 at byte {error.start}; save the file as UTF-8")]


def read_text(path: Path, name: str | None = None) -> tuple[str, list[Problem]]:
    """The file's text, or a problem saying why it could not be read."""
    name = name or path.name
    try:
        size = path.stat().st_size
    except OSError as error:
        return "", [Problem(name, 0, "", f"cannot read: {error.strerror or error}")]
    if size > MAX_FILE_BYTES:
        return "", [Problem(name, 0, "", f"file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}")]
    try:
        raw = path.read_bytes()
    except OSError as error:
        return "", [Problem(name, 0, "", f"cannot read: {error.strerror or error}")]
    return _decode(raw, name)


def _check_header(text: str, schema: FileSchema, name: str) -> list[Problem]:
    first = text.split("\n", 1)[0].rstrip("\r")
    if not first.strip():
        return [Problem(name, 1, "", f"empty file; expected a header row: {','.join(schema.names)}")]
    header = next(csv.reader([first]))
    problems = []
    if len(header) == 1 and (";" in first or "\t" in first):
        sep = "';'" if ";" in first else "a tab"
        return [Problem(name, 1, "", f"columns are separated by {sep}; expected ','")]
    missing = [c.name for c in schema.columns if c.name not in header]
    extra = [h for h in header if h not in schema.names]
    duplicated = sorted({h for h in header if header.count(h) > 1})
    for column in missing:
        problems.append(Problem(name, 1, column, "missing column"))
    for column in extra:
        problems.append(Problem(name, 1, column, f"unexpected column; expected only: {', '.join(schema.names)}"))
    for column in duplicated:
        problems.append(Problem(name, 1, column, "column appears more than once"))
    return problems


def _line_numbers(frame: pd.DataFrame) -> np.ndarray:
    """The physical line each record starts on (header = line 1)."""
    lines = np.arange(len(frame), dtype=np.int64) + 2
    if len(frame) and frame.apply(lambda col: col.str.contains("\n", regex=False)).to_numpy().any():
        breaks = frame.apply(lambda col: col.str.count("\n")).sum(axis=1).to_numpy()
        lines += np.concatenate([[0], np.cumsum(breaks)[:-1]])
    return lines


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


def _convert(col: Column, raw: pd.Series, name: str, lines: np.ndarray,
             problems: list[Problem]) -> pd.Series:
    """Check one column and return it typed; bad cells become missing values."""
    empty = raw.str.strip() == ""
    if col.required:
        _report(problems, name, lines, empty.to_numpy(), col.name, "required value is empty", raw)
    present = ~empty
    shown = lambda v: f"instead got {v!r}"  # noqa: E731
    if col.kind in ("text", "texts"):
        return raw
    if col.kind == "slug":
        bad = present & ~raw.str.fullmatch(SLUG)
        _report(problems, name, lines, bad.to_numpy(), col.name,
                lambda v: f"expected an id of a-z, 0-9 and _, {shown(v)}", raw)
        return raw
    if col.kind == "slugs":
        pattern = rf"{SLUG}(\{LIST_SEPARATOR}{SLUG})*"
        bad = present & ~raw.str.fullmatch(pattern)
        _report(problems, name, lines, bad.to_numpy(), col.name,
                lambda v: f"expected ids separated by '{LIST_SEPARATOR}', {shown(v)}", raw)
        return raw
    if col.kind == "enum":
        bad = present & ~raw.isin(col.choices)
        _report(problems, name, lines, bad.to_numpy(), col.name,
                lambda v: f"expected one of {', '.join(col.choices)}, {shown(v)}", raw)
        return raw
    if col.kind in ("float", "int"):
        numbers = pd.to_numeric(raw.where(present), errors="coerce")
        finite = np.isfinite(numbers.to_numpy(dtype=float, na_value=np.nan))
        bad = present.to_numpy() & ~finite
        _report(problems, name, lines, bad, col.name, lambda v: f"expected a number, {shown(v)}", raw)
        if col.kind == "int":
            fractional = finite & (numbers.to_numpy(dtype=float, na_value=np.nan) % 1 != 0)
            _report(problems, name, lines, fractional, col.name, lambda v: f"expected a whole number, {shown(v)}", raw)
        if col.low is not None or col.high is not None:
            values = numbers.to_numpy(dtype=float, na_value=np.nan)
            low = -np.inf if col.low is None else col.low
            high = np.inf if col.high is None else col.high
            out = finite & ((values < low) | (values > high))
            _report(problems, name, lines, out, col.name,
                    lambda v: f"expected a value from {low:g} to {high:g}, {shown(v)}", raw)
        numbers = numbers.where(present & pd.Series(finite, index=raw.index))
        return numbers.astype("Int64") if col.kind == "int" else numbers.astype(float)
    if col.kind == "date":
        parsed = pd.to_datetime(raw.where(present & raw.str.match(_DATE)), format="%Y-%m-%d", errors="coerce")
        bad = present & parsed.isna()
        _report(problems, name, lines, bad.to_numpy(), col.name,
                lambda v: f"expected a date YYYY-MM-DD, {shown(v)}", raw)
        return parsed.dt.date
    if col.kind == "datetime":
        has_offset = raw.str.strip().str.contains(_OFFSET, regex=True)
        naive = present & ~has_offset
        _report(problems, name, lines, naive.to_numpy(), col.name,
                lambda v: f"expected an ISO 8601 time with a UTC offset (e.g. 2016-12-15T10:30:00+00:00), {shown(v)}", raw)
        parsed = pd.to_datetime(raw.where(present & has_offset), utc=True, format="ISO8601", errors="coerce")
        bad = present & has_offset & parsed.isna()
        _report(problems, name, lines, bad.to_numpy(), col.name,
                lambda v: f"expected a real ISO 8601 date and time, {shown(v)}", raw)
        return parsed
    raise ValueError(f"unknown column kind {col.kind!r} in schema of {name}")


def read_table(path: Path, schema: FileSchema, name: str | None = None) -> tuple[pd.DataFrame, list[Problem]]:
    """Read and check one CSV file; returns the typed rows (with a ``_line`` column) and problems.

    Columns are returned in schema order. When the header is wrong, no rows are
    returned: reading on would report a cascade of misleading problems.
    """
    name = name or path.name
    text, problems = read_text(path, name)
    if problems:
        return pd.DataFrame(columns=[*schema.names, "_line"]), problems
    return parse_table(text, schema, name)


def parse_table(text: str, schema: FileSchema, name: str) -> tuple[pd.DataFrame, list[Problem]]:
    """Check CSV text already in memory (an upload, a test) against a schema."""
    problems = _check_header(text, schema, name)
    empty = pd.DataFrame(columns=[*schema.names, "_line"])
    if problems:
        return empty, problems
    try:
        frame = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False, na_filter=False,
                            on_bad_lines="error", engine="c")
    except (pd.errors.ParserError, ValueError) as error:
        match = re.search(r"line (\d+)", str(error))
        return empty, [Problem(name, int(match.group(1)) if match else 0, "", f"not valid CSV: {error}")]
    lines = _line_numbers(frame)
    typed = {col.name: _convert(col, frame[col.name], name, lines, problems) for col in schema.columns}
    out = pd.DataFrame(typed)
    out["_line"] = lines
    for col in schema.columns:
        if col.unique:
            duplicated = frame[col.name].duplicated(keep="first") & (frame[col.name] != "")
            _report(problems, name, lines, duplicated.to_numpy(), col.name,
                    lambda v: f"duplicate id {v!r}; ids must be unique", frame[col.name])
    return out, problems


def split_list(cell: object) -> tuple[str, ...]:
    """The items of a ``|``-separated cell; an empty cell is an empty tuple."""
    if not isinstance(cell, str) or not cell.strip():
        return ()
    return tuple(item.strip() for item in cell.split(LIST_SEPARATOR) if item.strip())
