"""Mending and removing one row of a case's tables, the way :mod:`geo.data.newrows` adds them: checked with the
whole case, written atomically, recorded in ``changes.csv``.

A row is named as ``changes.csv`` names it (:func:`geo.data.newrows.row_id`): by its id, else by its key's values
joined by ``|`` (a waypoint ``aleppo_corridor|2``, a holding ``east_aleppo|opposition|2016-12-01T00:00:00+00:00``).
:func:`edit` changes cells of one row, recorded as one change a field changed; :func:`remove` takes a row out,
recorded as one change of field ``*`` holding the old row as JSON, and refuses a row other rows refer to (the
schema's ``references``: claims citing an event, waypoints of a corridor), naming them. Every other line of the file
keeps its bytes; nothing is written unless the would-be case validates::

    rowedit.edit(Path("data/my-case"), "events", "e001", {"type": "arrival"}, editor=changes.editor(),
                 reason="the report says they arrived", time=datetime.now(UTC))
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from geo.data import changes, newrows, schema
from geo.errors import DataFileError, Problem

EDITABLE = tuple(s.file for s in schema.ALL if s is not schema.CHANGES)
"""The files whose rows may be edited or removed: every data file of a case but its history."""


@dataclass(frozen=True)
class Row:
    """One row of a data file as it stands: its name, its cells, and the lines it spans (1-based, inclusive)."""

    file: str
    row_id: str
    cells: dict[str, str]
    first: int
    last: int


@dataclass(frozen=True)
class Referrer:
    """A row of another file that refers to a row: its file, its name, the column that holds the reference and the
    column of the row it refers to."""

    file: str
    row_id: str
    column: str
    target: str

    def __str__(self) -> str:
        return f"{self.file} {self.row_id} ({self.column})"


def _listed(pointing: list[Referrer]) -> str:
    """Referrers for a message: the first ten, and how many more."""
    shown = "; ".join(str(r) for r in pointing[:10])
    return f"{len(pointing)} row(s), {shown}" + (f"; and {len(pointing) - 10} more" if len(pointing) > 10 else "")


def table(case_dir: Path, name: str) -> schema.FileSchema:
    """The schema of the case table ``name`` names (``events.csv`` or ``events``); raises DataFileError for a name
    that is no editable table, naming those that are."""
    file = name if name.endswith(".csv") else f"{name}.csv"
    if file not in EDITABLE:
        expected = ", ".join(f.removesuffix(".csv") for f in EDITABLE)
        why = "the history is only appended to" if file == changes.FILE else "no such table"
        raise DataFileError(Problem(str(Path(case_dir) / file), 0, "", f"{why}; expected one of {expected}"))
    return schema.BY_FILE[file]


def _pieces(data: bytes) -> tuple[str, list[str]]:
    """A file's byte-order mark (or "") and its text cut after each ``\\n``, as the csv module counts lines."""
    text = data.decode("utf-8")
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    return bom, re.split(r"(?<=\n)", text.removeprefix(bom))


def rows(data: bytes, file_schema: schema.FileSchema) -> tuple[list[str], list[Row]]:
    """The header and the rows of a data file's bytes, each with the lines it spans."""
    reader = csv.reader(io.StringIO("".join(_pieces(data)[1])))
    header = next(reader, [])
    found = []
    for cells in reader:
        last = reader.line_num
        if not cells:
            continue
        first = last - sum(cell.count("\n") for cell in cells)  # the line breaks inside its quoted cells
        row = {name: (cells[i] if i < len(cells) else "") for i, name in enumerate(header)}
        found.append(Row(file_schema.file, newrows.row_id(file_schema, row), row, first, last))
    return header, found


def _serialised(header: list[str], cells: Mapping[str, str], ending: str) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator=ending).writerow([cells.get(name, "") for name in header])
    return out.getvalue()


def _spliced(data: bytes, row: Row, new: str) -> bytes:
    """``data`` with the lines of ``row`` replaced by ``new`` (nothing: the row removed); every other byte kept."""
    bom, pieces = _pieces(data)
    return (bom + "".join([*pieces[:row.first - 1], new, *pieces[row.last:]])).encode("utf-8")


def _ending(data: bytes, row: Row) -> str:
    """The line ending of ``row``'s last line: ``\\r\\n``, ``\\n``, or "" at the end of a file without one."""
    last = _pieces(data)[1][row.last - 1]
    return "\r\n" if last.endswith("\r\n") else "\n" if last.endswith("\n") else ""


def find(case_dir: Path, file_schema: schema.FileSchema, row_id: str) -> tuple[bytes, list[str], Row]:
    """The bytes of a case table, its header and its row named ``row_id``; raises DataFileError for a case without
    the file, a row no line holds, or a name two rows share."""
    path = Path(case_dir) / file_schema.file
    if not path.is_file():
        raise DataFileError(Problem(str(path), 0, "", "the case has no such file"))
    data = path.read_bytes()
    try:
        header, found = rows(data, file_schema)
    except (UnicodeDecodeError, csv.Error) as error:
        raise DataFileError(Problem(str(path), 0, "", f"cannot be read as UTF-8 CSV: {error}")) from None
    named = [r for r in found if r.row_id == row_id]
    if not named:
        raise DataFileError(Problem(str(path), 0, "", f"no row {row_id!r}; expected {_naming(file_schema)}"))
    if len(named) > 1:
        lines = ", ".join(str(r.first) for r in named)
        raise DataFileError(Problem(str(path), named[0].first, "", f"{len(named)} rows are named {row_id!r} (lines "
                                                                   f"{lines}); mend the file by hand"))
    return data, header, named[0]


def _naming(file_schema: schema.FileSchema) -> str:
    """How the rows of a file are named, for a message."""
    key = _key(file_schema)
    return f"a row's {key[0]}" if len(key) == 1 else f"a row's {', '.join(key)}, joined by |"


def edit(case_dir: Path, name: str, row_id: str, values: Mapping[str, str], *, editor: str, reason: str,
         time: datetime) -> list[changes.Change]:
    """Set ``values`` (column -> text) in the row ``row_id`` of the table ``name``; see the module's text. Returns
    the changes recorded, one a field whose value changed (none: nothing written).

    Raises DataFileError naming file, row and column (an unknown table, row or column, a name another row holds,
    a value the would-be case does not validate with) and then writes nothing.
    """
    case_dir = Path(case_dir)
    newrows.case_of(case_dir)
    file_schema = table(case_dir, name)
    data, header, row = find(case_dir, file_schema, row_id)
    path = str(case_dir / file_schema.file)
    wrong = [Problem(path, row.first, column, f"row {row_id!r}: {file_schema.file} has no column {column!r}; "
                                              f"expected one of {', '.join(header)}")
             for column in values if column not in header]
    if wrong:
        raise DataFileError(wrong)
    cells = {**row.cells, **values}
    new_id = newrows.row_id(file_schema, cells)
    if new_id != row_id:
        _, others = rows(data, file_schema)
        taken = [r for r in others if r.row_id == new_id and r.first != row.first]
        if taken:
            raise DataFileError(Problem(path, row.first, ",".join(c for c in values if c in _key(file_schema)),
                                        f"row {row_id!r}: {new_id!r} is taken: line {taken[0].first} holds it "
                                        "already; choose another"))
    recorded = changes.diff(file_schema.file, {row_id: row.cells}, {row_id: cells}, editor=editor, reason=reason,
                            time=time)
    if not recorded:
        return []
    pointing = referrers(case_dir, file_schema, row.cells, [c.field for c in recorded])
    if pointing:
        targets = ",".join(dict.fromkeys(r.target for r in pointing))
        raise DataFileError(Problem(path, row.first, targets, f"row {row_id!r}: its {targets} is referred to by "
                                                              f"{_listed(pointing)}; change those first"))
    built = _spliced(data, row, _serialised(header, cells, _ending(data, row)))
    _commit(case_dir, file_schema.file, data, built, recorded, row, row_id)
    return recorded


def _key(file_schema: schema.FileSchema) -> tuple[str, ...]:
    """The columns that name a row of the file."""
    sample = newrows.row_id(file_schema, {name: name for name in file_schema.names})
    return tuple(sample.split("|"))


def referrers(case_dir: Path, file_schema: schema.FileSchema, cells: Mapping[str, str],
              columns: Sequence[str] | None = None) -> list[Referrer]:
    """The rows of the case's files whose columns refer (the schema's ``references``) to the row of ``cells`` (by
    one of ``columns``; None: any), in the order of the schema's files; a reference of a row to itself (a place its
    own parent) is passed over, and so is a file that cannot be read (the case's check names it)."""
    found = []
    for column in (c for c in file_schema.columns if cells.get(c.name) and (columns is None or c.name in columns)):
        target = f"{file_schema.file}.{column.name}"
        value = cells[column.name]
        for other in schema.ALL:
            path = Path(case_dir) / other.file
            pointing = [c for c in other.columns if c.references == target]
            if not pointing or not path.is_file():
                continue
            try:
                _, held = rows(path.read_bytes(), other)
            except (UnicodeDecodeError, csv.Error):
                continue
            found += [Referrer(other.file, r.row_id, c.name, column.name) for r in held for c in pointing
                      if value in _values(r.cells.get(c.name, ""), c)
                      and not (other is file_schema and r.cells == dict(cells))]
    return found


def _values(cell: str, column: schema.Column) -> list[str]:
    return cell.split(schema.LIST_SEPARATOR) if column.kind in ("slugs", "texts") else [cell]


def remove(case_dir: Path, name: str, row_id: str, *, editor: str, reason: str,
           time: datetime) -> changes.Change:
    """Remove the row ``row_id`` of the table ``name``; see the module's text. Returns the change recorded.

    Raises DataFileError for an unknown table or row, a row other rows refer to (naming them) or a would-be case
    that does not validate, and then writes nothing.
    """
    case_dir = Path(case_dir)
    newrows.case_of(case_dir)
    file_schema = table(case_dir, name)
    data, _, row = find(case_dir, file_schema, row_id)
    pointing = referrers(case_dir, file_schema, row.cells)
    if pointing:
        raise DataFileError(Problem(str(case_dir / file_schema.file), row.first, "",
                                    f"row {row_id!r} is referred to by {_listed(pointing)}; change or remove those "
                                    "first"))
    [recorded] = changes.diff(file_schema.file, {row_id: row.cells}, {}, editor=editor, reason=reason, time=time)
    _commit(case_dir, file_schema.file, data, _spliced(data, row, ""), [recorded], row, row_id)
    return recorded


def _commit(case_dir: Path, file: str, data: bytes, built: bytes, recorded: list[changes.Change], row: Row,
            row_id: str) -> None:
    """Write the file through :func:`geo.data.newrows.commit`; a problem on the row's lines is named with its row."""
    history = case_dir / changes.FILE
    current = {file: data, **({changes.FILE: history.read_bytes()} if history.is_file() else {})}
    try:
        newrows.commit(case_dir, current, {file: built}, recorded)
    except DataFileError as error:
        where = str(case_dir / file)
        raise DataFileError([Problem(p.file, p.line, p.column, f"row {row_id!r}: {p.message}")
                             if p.file == where and row.first <= p.line <= row.last else p
                             for p in error.problems]) from None
