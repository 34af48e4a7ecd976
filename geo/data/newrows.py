"""New rows for a case's tables, the one way evacmap adds them: checked with the whole case, written atomically,
recorded in ``changes.csv``.

:func:`add` takes rows for one or more of a case's files (``parties.csv``; ``corridors.csv`` with its
``corridor_waypoints.csv``; ``holdings.csv``), lays each out in its file's own column order after the file's last
row (a file the case lacks is started with its header), and checks the would-be case in a scratch copy with
:func:`geo.data.validation.validate` (:func:`problems`). Only when that copy validates is anything written: each file
atomically, those written first put back if a later one fails (:func:`write`), the case's ``datapackage.json``
rewritten when the case gained a file, and every added row appended to ``changes.csv``::

    added = newrows.add(Path("data/my-case"), {"parties.csv": [{"id": "armenia", "label": "Armenia",
                                                                "colour": "orange"}]},
                        editor=changes.editor(), reason="the receiving government", time=datetime.now(UTC))

:func:`with_rows` does the same for the files of a case not yet written (``evacmap new-case --party``).
"""

from __future__ import annotations

import contextlib
import csv
import io
import shutil
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path

from geo.case import Case
from geo.data import changes, evidence, package, schema, validation
from geo.errors import DataFileError, Problem

Rows = Mapping[str, Sequence[Mapping[str, str]]]
"""Rows to add, by file name (``parties.csv``); each row a mapping of column to text."""

ROW_KEYS = {schema.HOLDINGS.file: ("place_id", "side", "from")}
"""How ``changes.csv`` names a row of a file with neither an id nor a key of its own: a place's spans never overlap,
so its side and start tell its rows apart."""


def row_id(file_schema: schema.FileSchema, row: Mapping[str, str]) -> str:
    """The name ``changes.csv`` gives a row: its id, else its key's values joined by ``|`` (``lachin_corridor|2``)."""
    unique = [c.name for c in file_schema.columns if c.unique]
    key = unique or list(file_schema.key) or list(ROW_KEYS.get(file_schema.file, file_schema.names[:1]))
    return "|".join(str(row.get(name, "")) for name in key)


def _text(old: bytes) -> str:
    """A file's text as far as it can be read (a file that is not UTF-8 is named by the case's check)."""
    return old.decode("utf-8-sig", "replace")


def appended(old: bytes, file_schema: schema.FileSchema, rows: Sequence[Mapping[str, str]]) -> tuple[bytes, list[Problem]]:
    """``old`` (a file's bytes; empty: a file not yet written, started with the schema's header) with ``rows`` after
    its last row, in the file's own column order; and the problems that stop it: a column the schema has not, or a
    value for a column the file's header lacks (a file written before the column was added)."""
    header = next(csv.reader(io.StringIO(_text(old))), []) if old.strip() else list(file_schema.names)
    start = old if old.strip() else (",".join(header) + "\n").encode("utf-8")
    problems = [Problem(file_schema.file, 0, column, f"{file_schema.file} has no column {column!r}")
                for row in rows for column in row if column not in file_schema.names]
    problems += [Problem(file_schema.file, 1, column, f"a value is given for {column!r}, but this file's header has "
                                                      "no such column; add it to the header first")
                 for column in dict.fromkeys(c for row in rows for c, v in row.items() if v)
                 if column in file_schema.names and column not in header]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=header, lineterminator="\n", extrasaction="ignore")
    writer.writerows({name: row.get(name, "") for name in header} for row in rows)
    return start + (b"" if start.endswith(b"\n") else b"\n") + out.getvalue().encode("utf-8"), problems


@contextlib.contextmanager
def _scratch(case_dir: Path | None, files: Mapping[str, bytes]) -> Iterator[Path]:
    """A scratch copy of the case in ``case_dir`` (None: an empty folder) with ``files`` in place of its own."""
    with tempfile.TemporaryDirectory(prefix="evacmap-rows-") as scratch:
        copy = Path(scratch) / (case_dir.name if case_dir is not None else "case")
        if case_dir is not None:
            shutil.copytree(case_dir, copy, ignore=shutil.ignore_patterns(".*"))
        else:
            copy.mkdir()
        for file, data in files.items():
            (copy / file).parent.mkdir(parents=True, exist_ok=True)
            (copy / file).write_bytes(data)
        yield copy


def problems(case_dir: Path | None, files: Mapping[str, bytes]) -> list[Problem]:
    """Every problem of the case in ``case_dir`` with ``files`` (name -> bytes) in place of its own, checked in a
    scratch copy (``case_dir`` None: a case of ``files`` alone); the case itself is not touched."""
    with _scratch(case_dir, files) as copy:
        return validation.validate(copy)


def write(case_dir: Path, files: Mapping[str, bytes]) -> None:
    """Write ``files`` (name -> bytes; a name may be a path inside the case, ``sources/x.txt``, its folder made when
    missing) into ``case_dir``, each atomically, in the order given; when one cannot be written, those written before
    it are put back as they were (a file that was not there is removed, and a folder made for it) and the ExportError
    is raised."""
    from geo.export import atomic  # the one atomic writer; imported late, as geo.export imports geo.data

    done: list[tuple[Path, bytes | None]] = []
    made: list[Path] = []
    try:
        for file, data in files.items():
            path = case_dir / file
            if not path.parent.is_dir():
                path.parent.mkdir(parents=True)
                made.append(path.parent)
            old = path.read_bytes() if path.is_file() else None
            atomic.write(path, data, force=True)
            done.append((path, old))
    except BaseException:
        for path, old in reversed(done):
            if old is None:
                path.unlink(missing_ok=True)
            else:
                atomic.write(path, old, force=True)
        for folder in reversed(made):
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise


def _lines(old: bytes, column: str) -> dict[str, int]:
    """Each value of ``column`` in a file's rows -> the line its row starts on (a quoted cell may span lines)."""
    reader = csv.DictReader(io.StringIO(_text(old)))
    found: dict[str, int] = {}
    after = 1
    for row in reader:
        found.setdefault(row.get(column) or "", after + 1)
        after = reader.line_num
    return found


def _built(case_dir: Path | None, current: Mapping[str, bytes], rows: Rows) -> tuple[dict[str, bytes], list[Problem]]:
    """The new bytes of each file ``rows`` adds to (its ``current`` bytes, if any, then the rows), and the problems
    found before the case is checked: an unknown file, a column the file lacks, an id the file holds already."""
    where = (lambda file: str(case_dir / file)) if case_dir is not None else (lambda file: file)
    built: dict[str, bytes] = {}
    found: list[Problem] = []
    for file, new in rows.items():
        if file not in schema.BY_FILE or file == schema.CHANGES.file:
            raise ValueError(f"rows for {file!r}: expected one of the case's data files")
        file_schema = schema.BY_FILE[file]
        old = current.get(file, b"")
        data, wrong = appended(old, file_schema, new)
        found += [Problem(where(file), p.line, p.column, p.message) for p in wrong]
        unique = [c.name for c in file_schema.columns if c.unique]
        if unique and old.strip():
            held = _lines(old, unique[0])
            found += [Problem(where(file), held[r[unique[0]]], unique[0],
                              f"{r[unique[0]]!r} is taken: this line holds it already; choose another id")
                      for r in new if r.get(unique[0], "") in held]
        built[file] = data
    return built, found


def _recorded(rows: Rows, *, editor: str, reason: str, time: datetime) -> list[changes.Change]:
    """One change a row added, each named as :func:`row_id` names it, in the order given."""
    return [c for file, new in rows.items()
            for c in changes.diff(file, {}, {row_id(schema.BY_FILE[file], r): dict(r) for r in new}, editor=editor,
                                  reason=reason, time=time)]


def add(case_dir: Path, rows: Rows, *, editor: str, reason: str, time: datetime) -> list[changes.Change]:
    """Append ``rows`` (file name -> rows) to the case's files; see the module's text. Returns the changes recorded.

    Raises DataFileError naming every problem as FILE:LINE: column: message (a folder that is no case, an id the file
    holds, a bad cell, a reference to nothing, a would-be case that does not validate) and then writes nothing;
    ExportError when a file cannot be written (each as it was).
    """
    case_dir = Path(case_dir)
    case_of(case_dir)
    current = {file: (case_dir / file).read_bytes() for file in (*rows, changes.FILE) if (case_dir / file).is_file()}
    built, found = _built(case_dir, current, rows)
    if found:
        raise DataFileError(found)
    recorded = _recorded(rows, editor=editor, reason=reason, time=time)
    commit(case_dir, current, built, recorded)
    return recorded


def commit(case_dir: Path, current: Mapping[str, bytes], built: Mapping[str, bytes],
           recorded: Sequence[changes.Change]) -> None:
    """Write ``built`` (file name -> new bytes; ``current``: the bytes each file and ``changes.csv`` had, a file
    the case lacks left out) with ``recorded`` appended to ``changes.csv``, once the would-be case validates in a
    scratch copy; ``datapackage.json`` is rewritten when the case gains a file or its ``sources.csv`` changes.

    Raises DataFileError naming every problem of the would-be case, and then writes nothing; ExportError when a
    file cannot be written (each as it was). The one write path of :func:`add` and :mod:`geo.data.rowedit`.
    """
    files = dict(built)
    files[changes.FILE] = changes.appended(current.get(changes.FILE, b""), recorded, str(case_dir / changes.FILE))
    found = problems(case_dir, files)
    if found:
        raise DataFileError([_in(case_dir, p) for p in found])
    if any(file not in current for file in files) or schema.SOURCES.file in files:  # its descriptor lists them
        files[package.DESCRIPTOR] = descriptor(case_dir, files)
    write(case_dir, files)


def case_of(case_dir: Path) -> Case:
    """The case ``case_dir`` holds; raises DataFileError, naming the folder, for a folder that is no case (no
    readable ``datapackage.json``, or not a folder at all)."""
    case, found = package.read_case(case_dir) if case_dir.is_dir() else (None, [])
    if case is None:
        raise DataFileError([_in(case_dir, p) for p in found] or Problem(str(case_dir), 0, "", (
            "not a folder; expected a case folder (`evacmap new-case DIR --title ... --timezone ...` writes one)")))
    return case


def _in(case_dir: Path, problem: Problem) -> Problem:
    """The problem with its file named by its path in the case folder."""
    return Problem(str(case_dir / problem.file), problem.line, problem.column, problem.message)


def _with_changes(case_dir: Path | None, current: Mapping[str, bytes], rows: Rows, *, editor: str, reason: str,
                  time: datetime) -> tuple[dict[str, bytes], list[changes.Change]]:
    """The new bytes of each file ``rows`` adds to, ``changes.csv`` last with a change a row; raises DataFileError
    for what is wrong before the case is checked (see :func:`_built`) and a ``changes.csv`` of another header."""
    built, found = _built(case_dir, current, rows)
    if found:
        raise DataFileError(found)
    recorded = _recorded(rows, editor=editor, reason=reason, time=time)
    name = str(case_dir / changes.FILE) if case_dir is not None else changes.FILE
    built[changes.FILE] = changes.appended(current.get(changes.FILE, b""), recorded, name)
    return built, recorded


def descriptor(case_dir: Path, files: Mapping[str, bytes]) -> bytes:
    """The case's ``datapackage.json`` rewritten for the case with ``files`` in place (as ``evacmap package`` does)."""
    with _scratch(case_dir, files) as copy:
        return package.rewritten(evidence.load(copy))


def with_rows(files: Mapping[str, bytes], rows: Rows, *, editor: str, reason: str,
              time: datetime) -> dict[str, bytes]:
    """The files of a case not yet written (name -> bytes, as :func:`geo.data.package.new_case_files` gives them)
    with ``rows`` added and recorded in its ``changes.csv``; raises DataFileError naming every problem."""
    built, _ = _with_changes(None, files, rows, editor=editor, reason=reason, time=time)
    whole = {**files, **built}
    found = problems(None, whole)
    if found:
        raise DataFileError(found)
    return whole
