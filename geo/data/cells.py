"""Typing and checking a table's text cells against its schema, one vectorised pass per column.

:func:`check_cells` is shared by the CSV, Parquet, GeoJSON and upload readers, so every format is checked
alike: each problem names the file, line and column, up to :data:`MAX_PROBLEMS_PER_COLUMN` a column (then one
line says how many more). :func:`split_list` reads a ``|``-separated cell.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from geo import times
from geo.data.schema import ICON, LIST_SEPARATOR, SLUG, Column, FileSchema
from geo.errors import Problem

MAX_PROBLEMS_PER_COLUMN = 50

_OFFSET = r"(?:Z|[+-]\d\d:?\d\d)$"
_DATE = r"\d{4}-\d\d-\d\d$"


def report(problems: list[Problem], name: str, lines: np.ndarray, bad: np.ndarray,
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
    report(problems, name, lines, present.to_numpy() & ~finite, col.name,
            lambda v: f"expected a number, {_shown(v)}", raw)
    if col.low is not None or col.high is not None:
        low = -np.inf if col.low is None else col.low
        high = np.inf if col.high is None else col.high
        outside = np.zeros_like(finite)
        outside[finite] = (values[finite] < low) | (values[finite] > high)
        report(problems, name, lines, outside, col.name,
                lambda v: f"expected {_range_text(col.low, col.high)}, {_shown(v)}", raw)
    if col.kind == "float":
        return pd.Series(np.where(finite, values, np.nan), index=raw.index)
    whole = np.zeros_like(finite)
    whole[finite] = values[finite] % 1 == 0
    report(problems, name, lines, finite & ~whole, col.name, lambda v: f"expected a whole number, {_shown(v)}", raw)
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
        report(problems, name, lines, missing, col.name, "required value is empty", raw)
    if col.kind in ("float", "int"):
        return _numbers(col, raw, pd.Series(~missing, index=raw.index), name, lines, problems)
    if raw.dt.tz is None:
        report(problems, name, lines, ~missing, col.name,
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
    report(problems, name, lines, outside.to_numpy(), col.name,
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
        report(problems, name, lines, empty.to_numpy(), col.name, "required value is empty", raw)
    present = ~empty
    report(problems, name, lines, _nul(text, raw), col.name, "holds a NUL character (U+0000); expected text", raw)
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
        report(problems, name, lines, (present & bad).to_numpy(), col.name,
                lambda v: f"expected {expected}, {_shown(v)}", raw)
        return raw
    if col.kind in ("float", "int"):
        return _numbers(col, raw, present, name, lines, problems)
    if col.kind == "date":
        parsed = pd.to_datetime(raw.where(present & raw.str.match(_DATE)), format="%Y-%m-%d", errors="coerce")
        bad = present & parsed.isna()
        report(problems, name, lines, bad.to_numpy(), col.name,
                lambda v: f"expected a real date YYYY-MM-DD, {_shown(v)}", raw)
        return _in_range(parsed, col, raw, name, lines, problems).dt.date
    if col.kind == "datetime":
        stripped = raw.str.strip()
        has_offset = stripped.str.contains(_OFFSET, regex=True)
        naive = present & ~has_offset
        report(problems, name, lines, naive.to_numpy(), col.name,
                lambda v: "expected an ISO 8601 time with a UTC offset (e.g. 2016-12-15T10:30:00+00:00), "
                          f"{_shown(v)}", raw)
        parsed = pd.to_datetime(stripped.where(present & has_offset), utc=True, format="ISO8601", errors="coerce")
        bad = present & has_offset & parsed.isna()
        report(problems, name, lines, bad.to_numpy(), col.name,
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
        report(problems, name, lines, repeated.to_numpy(), col.name,
                lambda i, values=values, first=first:
                    f"duplicate id {values.iloc[i]!r}; ids must be unique (first on line {first.iloc[i]})",
                pd.Series(range(len(values))))
    return out, problems


def split_list(cell: object) -> tuple[str, ...]:
    """The items of a ``|``-separated cell; an empty cell is an empty tuple."""
    if not isinstance(cell, str) or not cell.strip():
        return ()
    return tuple(item.strip() for item in cell.split(LIST_SEPARATOR) if item.strip())
