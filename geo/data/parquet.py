"""Parquet tables (large event tables, uploads), checked by the same rules as CSV.

A Parquet file has no lines, so a problem's LINE is the 1-based row number. Columns
may be typed: times as timestamps (with a time zone), numbers as integers or floats;
those are checked as they are (:func:`geo.data.tablefile.check_cells`), with no round trip
through text. Every other column is read as text, as a CSV cell would be: numbers in a
text column become their digits, lists of text (for ``|``-separated columns) are joined
with ``|``, and a missing value is an empty cell.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from geo.data.schema import LIST_SEPARATOR, Column, FileSchema
from geo.data.tablefile import MAX_FILE_BYTES, check_cells, check_header, empty_table
from geo.errors import Problem

MAX_EXPANSION = 10
"""A Parquet file may decompress to at most this many times its byte cap."""


def _typed_as_is(col: Column, kind: pa.DataType) -> bool:
    if col.kind == "datetime":
        return pa.types.is_timestamp(kind)
    return col.kind in ("int", "float") and (pa.types.is_integer(kind) or pa.types.is_floating(kind))


def _column(col: Column, column: pa.ChunkedArray, name: str) -> tuple[pd.Series | None, list[Problem]]:
    """A column as :func:`check_cells` takes it, or a problem when it holds neither text nor numbers."""
    if pa.types.is_dictionary(column.type):
        column = column.cast(column.type.value_type)
    if _typed_as_is(col, column.type):
        return column.to_pandas(), []
    kind = column.type
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        if col.kind not in ("texts", "slugs") or not (pa.types.is_string(kind.value_type)
                                                      or pa.types.is_large_string(kind.value_type)):
            return None, [Problem(name, 0, col.name, f"expected text or numbers, instead got a column of {kind}")]
        column = pc.binary_join(column, LIST_SEPARATOR)
    if pa.types.is_nested(column.type) or pa.types.is_binary(column.type) or pa.types.is_large_binary(column.type):
        return None, [Problem(name, 0, col.name, f"expected text or numbers, instead got a column of {column.type}")]
    try:
        text = column if pa.types.is_large_string(column.type) else pc.cast(column, pa.large_string())
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        return None, [Problem(name, 0, col.name, f"expected text or numbers, instead got a column of {column.type}")]
    return pd.Series(pc.fill_null(text, "") if text.null_count else text, dtype="str"), []


def read_parquet(source: Path | BinaryIO, schema: FileSchema, name: str,
                 max_bytes: int | None = None) -> tuple[pd.DataFrame, list[Problem]]:
    """Read and check a Parquet table; returns the typed rows (``_line`` is the row number) and problems.

    Never raises on bad content. A file over ``max_bytes`` (default
    :data:`geo.data.tablefile.MAX_FILE_BYTES`), or whose data decompresses to more than
    :data:`MAX_EXPANSION` times that, is refused unread.
    """
    limit = MAX_FILE_BYTES if max_bytes is None else max_bytes
    try:
        if isinstance(source, Path) and source.stat().st_size > limit:
            return empty_table(schema), [Problem(name, 0, "", f"file is {source.stat().st_size:,} bytes; "
                                                              f"the limit is {limit:,}")]
        parquet = pq.ParquetFile(source)
        size = sum(parquet.metadata.row_group(i).total_byte_size for i in range(parquet.metadata.num_row_groups))
        if size > MAX_EXPANSION * limit:
            return empty_table(schema), [Problem(name, 0, "", f"file decompresses to {size:,} bytes; "
                                                              f"the limit is {MAX_EXPANSION * limit:,}")]
        table = parquet.read()
    except (pa.ArrowException, OSError, ValueError) as error:
        return empty_table(schema), [Problem(name, 0, "", f"not a readable Parquet file: {error}")]
    problems = [Problem(name, 0, p.column, p.message) for p in check_header(table.column_names, schema, name)]
    if problems:  # no header line in Parquet: column problems are about the whole file
        return empty_table(schema), problems
    cells = {}
    for col in schema.columns:
        cells[col.name], found = _column(col, table.column(col.name), name)
        problems += found
    if problems:
        return empty_table(schema), problems
    return check_cells(pd.DataFrame(cells), np.arange(1, table.num_rows + 1, dtype=np.int64), schema, name)
