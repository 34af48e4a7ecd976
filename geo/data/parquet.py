"""Parquet tables (large event tables, uploads), checked by the same rules as CSV.

A Parquet file has no lines, so a problem's LINE is the 1-based row number. Columns
may be typed: times as timestamps (with a time zone), numbers as integers or floats;
those are checked as they are (:func:`geo.data.cells.check_cells`), with no round trip
through text. Every other column is read as text, as a CSV cell would be: numbers in a
text column become their digits, lists of text (for ``|``-separated columns) are joined
with ``|``, and a missing value is an empty cell.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import BinaryIO

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from geo.data.cells import check_cells
from geo.data.readfile import open_file
from geo.data.schema import LIST_SEPARATOR, Column, FileSchema
from geo.data.tablefile import MAX_FILE_BYTES, check_header, empty_table
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


def _plain(kind: pa.DataType) -> pa.DataType:
    """The type with every dictionary replaced by its values' type (what the file's columns decode to)."""
    if pa.types.is_dictionary(kind):
        return kind.value_type
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        maker = pa.list_ if pa.types.is_list(kind) else pa.large_list
        return maker(pa.field(kind.value_field.name, _plain(kind.value_type)))
    if pa.types.is_struct(kind):
        return pa.struct([pa.field(f.name, _plain(f.type)) for f in kind])
    return kind


def _decoded_bytes(array: pa.Array) -> int:
    """About how many bytes an array read with its texts as dictionaries takes once they are decoded."""
    kind = array.type
    if pa.types.is_dictionary(kind):
        lengths = pc.binary_length(array.dictionary) if len(array.dictionary) else pa.array([], pa.int32())
        return 8 * len(array) + int((pc.sum(pc.take(lengths, array.indices)).as_py() or 0) if len(array) else 0)
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        return 8 * len(array) + _decoded_bytes(pc.list_flatten(array))
    if pa.types.is_struct(kind):
        return sum(_decoded_bytes(array.field(i)) for i in range(kind.num_fields))
    return array.nbytes


def _footer_problem(metadata: pq.FileMetaData, name: str, max_rows: int | None, max_decoded: int) -> Problem | None:
    """What the footer says is too much: more rows than ``max_rows``, or data whose pages decompress past
    ``max_decoded`` bytes; read before any page is."""
    groups = [metadata.row_group(i) for i in range(metadata.num_row_groups)]
    rows = max(metadata.num_rows, sum(group.num_rows for group in groups))
    if max_rows is not None and rows > max_rows:
        return Problem(name, 0, "", f"file holds {rows:,} rows; the limit is {max_rows:,} events")
    size = sum(max(group.total_byte_size, sum(group.column(j).total_uncompressed_size
                                              for j in range(group.num_columns))) for group in groups)
    if size > max_decoded:
        return Problem(name, 0, "", f"file decompresses to {size:,} bytes; the limit is {max_decoded:,}")
    return None


def read_parquet(source: Path | BinaryIO, schema: FileSchema, name: str, max_bytes: int | None = None,
                 max_rows: int | None = None, max_decoded: int | None = None,
                 inside: Path | None = None) -> tuple[pd.DataFrame, list[Problem]]:
    """Read and check a Parquet table; returns the typed rows (``_line`` is the row number) and problems.

    Never raises on bad content. What the file really holds is checked before it is
    decoded: a file over ``max_bytes`` (default :data:`geo.data.tablefile.MAX_FILE_BYTES`),
    whose footer counts more than ``max_rows`` rows (default: no limit), or whose pages
    decompress to more than ``max_decoded`` bytes (default :data:`MAX_EXPANSION` times the
    byte cap) is refused unread; texts are read as dictionaries first, so a file of one
    text repeated millions of times is refused by the size it would decode to, before it is.
    """
    limit = MAX_FILE_BYTES if max_bytes is None else max_bytes
    decoded_limit = MAX_EXPANSION * limit if max_decoded is None else max_decoded
    if isinstance(source, Path):  # a regular file, inside ``inside`` when given (see readfile.open_file)
        file, problems = open_file(source, name, inside)
        if file is None:
            return empty_table(schema), problems
        with file:
            return read_parquet(file, schema, name, max_bytes, max_rows, max_decoded)
    try:
        size = source.seek(0, io.SEEK_END)
        source.seek(0)
        if size > limit:
            return empty_table(schema), [Problem(name, 0, "", f"file is {size:,} bytes; the limit is {limit:,}")]
        parquet = pq.ParquetFile(source)
        refused = _footer_problem(parquet.metadata, name, max_rows, decoded_limit)
        if refused:
            return empty_table(schema), [refused]
        leaves = [parquet.metadata.schema.column(i) for i in range(len(parquet.metadata.schema))]
        texts = [leaf.path for leaf in leaves if leaf.physical_type == "BYTE_ARRAY"]
        table = pq.ParquetFile(source, metadata=parquet.metadata, read_dictionary=texts).read()
        problems = [Problem(name, 0, p.column, p.message) for p in check_header(table.column_names, schema, name)]
        if problems:  # no header line in Parquet: column problems are about the whole file
            return empty_table(schema), problems
        size = sum(_decoded_bytes(chunk) for column in table.columns for chunk in column.chunks)
        if size > decoded_limit:
            return empty_table(schema), [Problem(name, 0, "", f"file decodes to about {size:,} bytes; "
                                                              f"the limit is {decoded_limit:,}")]
        table = table.cast(pa.schema([pa.field(f.name, _plain(f.type)) for f in table.schema]))
        cells = {}
        for col in schema.columns:
            cells[col.name], found = _column(col, table.column(col.name), name)
            problems += found
    except (pa.ArrowException, OSError, ValueError, KeyError) as error:
        return empty_table(schema), [Problem(name, 0, "", f"not a readable Parquet file: {error}")]
    if problems:
        return empty_table(schema), problems
    return check_cells(pd.DataFrame(cells), np.arange(1, table.num_rows + 1, dtype=np.int64), schema, name)
