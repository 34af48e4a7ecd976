"""A case's history: every change evacmap makes to a row of a case's files, one line a field, in ``changes.csv``.

A :class:`Change` says when (UTC), who (:func:`editor`), which file and row, which field, the value before and
after, and why. :func:`diff` turns two versions of a file's rows into changes; :func:`append` adds them to the
case's ``changes.csv`` (creating it), atomically; :func:`read` and :func:`history` read them back::

    found = changes.diff("events.csv", before, after, editor=changes.editor(), reason="accepted from review",
                         time=datetime.now(UTC))
    changes.append(case_dir, found)
    changes.history(case_dir, "events.csv", "e057")

A row added is one change of field ``*`` whose ``new`` is the whole row as a JSON object (its fields in the
row's order) and whose ``old`` is empty; a row deleted is the same with ``old`` and ``new`` the other way round.
A row is named by its id, or, in a file without one (``corridor_waypoints.csv``), by its key's values joined by
``|`` (``aleppo_corridor|3``).
"""

from __future__ import annotations

import csv
import getpass
import io
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pandas as pd

from geo import times
from geo.data.schema import CHANGES
from geo.data.tablefile import read_table
from geo.errors import DataFileError, Problem

FILE = CHANGES.file
EDITOR_ENV = "EVACMAP_EDITOR"
WHOLE_ROW = "*"
"""The ``field`` of a change that adds or deletes a whole row."""


@dataclass(frozen=True)
class Change:
    """One field of one row changed: from ``old`` to ``new``, at ``time`` (UTC), by ``editor``, for ``reason``."""

    time: datetime
    editor: str
    file: str
    row_id: str
    field: str
    old: str
    new: str
    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "time", times.aware(self.time, f"change of {self.file} {self.row_id!r}"))
        for name in ("editor", "file", "row_id", "field"):
            if not str(getattr(self, name)).strip():
                raise ValueError(f"change of {self.file!r} {self.row_id!r}: expected a {name}, instead got "
                                 f"{getattr(self, name)!r}")

    @property
    def added(self) -> bool:
        """True for a whole row added."""
        return self.field == WHOLE_ROW and not self.old

    @property
    def deleted(self) -> bool:
        """True for a whole row deleted."""
        return self.field == WHOLE_ROW and not self.new


    def describe(self) -> dict[str, str]:
        """The change as a reader sees it in a history table: when (UTC), who, what, from, to, why."""
        what = "row added" if self.added else "row deleted" if self.deleted else self.field
        whole = self.field == WHOLE_ROW
        return {"When (UTC)": self.time.strftime("%Y-%m-%d %H:%M"), "Who": self.editor, "What": what,
                "From": "" if whole else self.old, "To": "" if whole else self.new, "Why": self.reason}


def editor() -> str:
    """Who is editing: ``$EVACMAP_EDITOR`` if set and not blank, else the user of the system, else "unknown"."""
    named = os.environ.get(EDITOR_ENV, "").strip()
    if named:
        return named
    try:
        return getpass.getuser().strip() or "unknown"
    except (OSError, KeyError, ImportError):  # no login name and no user database entry
        return "unknown"


def diff(file: str, before: Mapping[str, Mapping[str, str]], after: Mapping[str, Mapping[str, str]], *,
         editor: str, reason: str, time: datetime) -> list[Change]:
    """The changes from ``before`` to ``after`` (row id -> field -> value) of one file.

    Rows of ``after`` first, in its order: a new row is one change of field ``*``, a kept row one change per
    field whose value differs (a field one side lacks is empty there); then the rows ``after`` lacks, in
    ``before``'s order, one change of field ``*`` each. Values are compared as text.

    >>> from datetime import UTC
    >>> [(c.row_id, c.field, c.old, c.new) for c in diff("events.csv", {"e1": {"type": "arrival"}},
    ...  {"e1": {"type": "departure"}}, editor="ana", reason="fixed", time=datetime(2026, 1, 1, tzinfo=UTC))]
    [('e1', 'type', 'arrival', 'departure')]
    """
    def change(row_id: str, field: str, old: str, new: str) -> Change:
        return Change(time, editor, file, row_id, field, old, new, reason)

    found = []
    for row_id, row in after.items():
        if row_id not in before:
            found.append(change(row_id, WHOLE_ROW, "", _whole(row)))
            continue
        old_row = before[row_id]
        for field in dict.fromkeys([*row, *old_row]):
            old, new = _text(old_row.get(field)), _text(row.get(field))
            if old != new:
                found.append(change(row_id, field, old, new))
    found += [change(row_id, WHOLE_ROW, _whole(row), "") for row_id, row in before.items() if row_id not in after]
    return found


def _text(value: object) -> str:
    return "" if value is None or (isinstance(value, float) and pd.isna(value)) else str(value)


def _whole(row: Mapping[str, str]) -> str:
    return json.dumps({field: _text(value) for field, value in row.items()}, ensure_ascii=False)


def lines(changes: Iterable[Change]) -> bytes:
    """The CSV lines of ``changes`` (no header), times in UTC to the second."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for c in changes:
        writer.writerow([c.time.isoformat(timespec="seconds"), c.editor, c.file, c.row_id, c.field, c.old, c.new,
                         c.reason])
    return out.getvalue().encode("utf-8")


def header() -> bytes:
    """The header line of ``changes.csv``."""
    return (",".join(CHANGES.names) + "\n").encode("utf-8")


def appended(old: bytes, changes: Sequence[Change], name: str = FILE) -> bytes:
    """The bytes of ``changes.csv`` after appending: ``old`` (or a header when empty) then the new lines.

    Raises DataFileError when ``old`` does not start with the file's header: appending would hide the rows there.
    """
    if not old.strip():
        return header() + lines(changes)
    first = old.removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0].rstrip(b"\r")
    if first != header().rstrip(b"\n"):
        raise DataFileError(Problem(name, 1, "", f"expected the header {header().decode().strip()}, instead got "
                                                 f"{first.decode('utf-8', 'replace')!r}; nothing was appended"))
    return old + (b"" if old.endswith(b"\n") else b"\n") + lines(changes)


def append(case_dir: Path, changes: Sequence[Change]) -> None:
    """Append ``changes`` to ``case_dir/changes.csv`` (created with its header if absent), in one atomic write.

    Raises DataFileError for a file whose header is not ``changes.csv``'s, ExportError when it cannot be written;
    either way the file is as it was.
    """
    from geo.export import atomic  # the one atomic writer; imported late, as geo.export imports geo.data

    if not changes:
        return
    path = Path(case_dir) / FILE
    try:
        old = path.read_bytes() if path.exists() else b""
    except OSError as error:
        raise DataFileError(Problem(str(path), 0, "", f"cannot read: {error.strerror or error}")) from None
    atomic.write(path, appended(old, changes, str(path)), force=True)


def of_table(frame: pd.DataFrame) -> list[Change]:
    """The changes of a checked ``changes.csv`` table (:func:`geo.data.tablefile.read_table`), in file order."""
    return [Change(pd.Timestamp(r["time"]).to_pydatetime(), r["editor"], r["file"], r["row_id"], r["field"],
                   r["old"], r["new"], r["reason"]) for r in frame.to_dict("records")]


def read(case_dir: Path) -> list[Change]:
    """Every change of the case, in file order (none without ``changes.csv``); raises DataFileError for a bad file."""
    path = Path(case_dir) / FILE
    if not path.exists():
        return []
    frame, problems = read_table(path, CHANGES)
    if problems:
        raise DataFileError(problems)
    return of_table(frame)


def of_row(changes: Iterable[Change], file: str, row_id: str) -> list[Change]:
    """The changes of one row of one file, in the order given (oldest first in the file's order)."""
    return [c for c in changes if c.file == file and c.row_id == row_id]


def history(case_dir: Path, file: str, row_id: str) -> list[Change]:
    """The changes of one row of one file of the case, oldest first."""
    return of_row(read(case_dir), file, row_id)
