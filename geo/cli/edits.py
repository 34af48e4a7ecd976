"""The commands that mend a case's tables: ``edit-row`` changes cells of one row, ``remove-row`` takes one out.

Each hands its row to :mod:`geo.data.rowedit`: checked with the whole case, written atomically, recorded in
``changes.csv``; or nothing written and the problem said in one line, FILE:LINE: column: message (exit 2, as
:func:`geo.cli.main` reports every GeoError). Like :mod:`~geo.cli.commands`, each imports what it needs when it runs.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from geo.errors import UsageError

ROW_NAMING = ("the row's id; a row of a file without one (corridor_waypoints, corridor_pauses, holdings) by its key's "
              "values joined by | (a waypoint: lachin_corridor|2)")
FILE_HELP = "the case table: events.csv or events, claims, corridors, corridor_waypoints, ... (not changes.csv)"


def assignments(specs: Sequence[str]) -> dict[str, str]:
    """``--set COLUMN=VALUE`` options as column -> value (the value may hold ``=`` or be empty); raises UsageError
    for a spec without ``=`` or a column set twice.

    >>> assignments(["type=arrival", "summary=a=b"])
    {'type': 'arrival', 'summary': 'a=b'}
    """
    values: dict[str, str] = {}
    for spec in specs:
        column, equals, value = spec.partition("=")
        if not equals or not column.strip():
            raise UsageError(f"--set: expected COLUMN=VALUE (e.g. type=arrival), instead got {spec!r}")
        if column.strip() in values:
            raise UsageError(f"--set: column {column.strip()!r} is set twice; set it once")
        values[column.strip()] = value
    return values


def cmd_edit_row(args: argparse.Namespace) -> int:
    """Change cells of one row of a case table and record each changed field in ``changes.csv``."""
    from geo.cli.commands import _data_folder
    from geo.cli.rows import _now
    from geo.data import changes, rowedit

    values = assignments(args.set)
    folder = _data_folder(args)
    recorded = rowedit.edit(folder, args.file, args.row_id, values, editor=changes.editor(),
                            reason=args.reason or "row edited", time=_now())
    file = rowedit.table(folder, args.file).file
    if not recorded:
        print(f"{folder / file} {args.row_id}: nothing changed; nothing was written")
        return 0
    for change in recorded:
        print(f"{folder / file} {args.row_id}: {change.field}: {change.old!r} -> {change.new!r}")
    print(f"{len(recorded)} change(s) recorded in {folder / changes.FILE}")
    return 0


def cmd_remove_row(args: argparse.Namespace) -> int:
    """Remove one row of a case table that no other row refers to, recorded in ``changes.csv`` as the old row."""
    from geo.cli.commands import _data_folder
    from geo.cli.rows import _now
    from geo.data import changes, rowedit

    folder = _data_folder(args)
    if not args.reason.strip():
        raise UsageError("--reason: expected why the row goes, for changes.csv, instead got nothing")
    change = rowedit.remove(folder, args.file, args.row_id, editor=changes.editor(), reason=args.reason.strip(),
                            time=_now())
    print(f"removed from {folder / change.file}: {change.row_id}")
    print(f"1 change recorded in {folder / changes.FILE}")
    return 0


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Register ``edit-row`` and ``remove-row``."""
    editor = commands.add_parser("edit-row", help="change cells of one row of a case table, checked with the case "
                                                  "(nothing is written if it would not validate), each changed field "
                                                  "recorded in changes.csv",
                                 description=f"Change cells of one row of a case table. ROW_ID is {ROW_NAMING}.")
    editor.add_argument("file", metavar="FILE", help=FILE_HELP)
    editor.add_argument("row_id", metavar="ROW_ID", help=ROW_NAMING)
    editor.add_argument("--set", action="append", required=True, metavar="COLUMN=VALUE",
                        help="a cell's new value (COLUMN=, nothing after =, empties it), repeated for each column")
    editor.add_argument("--reason", help="why, for changes.csv (default: row edited)")
    editor.set_defaults(run=cmd_edit_row)

    remover = commands.add_parser("remove-row", help="remove one row of a case table that no other row refers to, "
                                                     "recorded in changes.csv with the row as it was",
                                  description=f"Remove one row of a case table. ROW_ID is {ROW_NAMING}. A row other "
                                              "rows refer to (an event its claims cite, a corridor its waypoints "
                                              "follow) is refused, naming them.")
    remover.add_argument("file", metavar="FILE", help=FILE_HELP)
    remover.add_argument("row_id", metavar="ROW_ID", help=ROW_NAMING)
    remover.add_argument("--reason", required=True, help="why the row goes, for changes.csv")
    remover.set_defaults(run=cmd_remove_row)
