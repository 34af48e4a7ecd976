"""The commands that add a row to a case's own tables: ``add-party``, ``add-corridor``, ``add-holding``, ``add-movement``.

Each builds its rows from the options, as the file's columns name them, and hands them to
:func:`geo.data.newrows.add`: checked with the whole case, written atomically, recorded in ``changes.csv``, or
nothing written and every problem printed as FILE:LINE: column: message (exit 2). Like :mod:`~geo.cli.commands`,
each imports what it needs when it runs; :func:`parties` also reads ``new-case --party``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from datetime import datetime, tzinfo
from pathlib import Path

from geo.errors import DataFileError, Problem, UsageError

PARTY_SPEC = "ID:LABEL:COLOUR"
PARTY_EXAMPLE = "armenia:Armenia:orange"


def parties(specs: Sequence[str]) -> list[dict[str, str]]:
    """``parties.csv`` rows from ``--party ID:LABEL:COLOUR`` (the label may hold ``:``); raises UsageError naming a
    spec without its three parts.

    >>> parties(["nk:Karabakh: de facto authorities:red"])
    [{'id': 'nk', 'label': 'Karabakh: de facto authorities', 'colour': 'red', 'note': ''}]
    """
    rows = []
    for spec in specs:
        party_id, _, rest = spec.partition(":")
        label, _, colour = rest.rpartition(":")
        if not label:
            raise UsageError(f"--party: expected {PARTY_SPEC} (e.g. {PARTY_EXAMPLE}), instead got {spec!r}")
        rows.append({"id": party_id, "label": label.strip(), "colour": colour.strip(), "note": ""})
    return rows


def _now() -> datetime:
    from geo import times

    return datetime.now(times.UTC).replace(microsecond=0)


def _added(command: str, folder: Path, rows: Mapping[str, Sequence[Mapping[str, str]]], reason: str) -> int:
    """Add the rows through :func:`geo.data.newrows.add` and say what was written, or every problem (exit 2)."""
    from geo.data import changes, newrows, schema

    try:
        recorded = newrows.add(folder, rows, editor=changes.editor(), reason=reason, time=_now())
    except DataFileError as error:
        return _refused(command, folder, error.problems)
    for file, new in rows.items():
        names = ", ".join(newrows.row_id(schema.BY_FILE[file], r) for r in new)
        print(f"added to {folder / file}: {names}")
    print(f"{len(recorded)} change(s) recorded in {folder / changes.FILE}")
    return 0


def _refused(command: str, folder: Path, problems: Sequence[Problem]) -> int:
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"evacmap {command}: {len(problems)} problem(s); nothing was written to {folder}", file=sys.stderr)
    return 2


def cmd_add_party(args: argparse.Namespace) -> int:
    """Append a party to the case's ``parties.csv`` (started with its header if the case has none)."""
    from geo.cli.commands import _data_folder

    row = {"id": args.id, "label": args.label.strip(), "colour": args.colour.strip(), "note": args.note.strip()}
    return _added("add-party", _data_folder(args), {"parties.csv": [row]}, args.reason or "party added")


def _zone(folder: Path) -> tzinfo:
    """The case's time zone, for the local days the options may give; raises DataFileError for a folder that is no
    case."""
    from geo.data import newrows

    return newrows.case_of(folder).timezone


def _moment(text: str | None, option: str, zone: tzinfo, end_of_day: bool = False) -> str:
    """A ``--start``-like option as the UTC time a data file holds ("" when not given): a local day of the case (its
    start, or with ``end_of_day`` its end) or a date-time."""
    from geo import times
    from geo.run.view import parse_moment

    if text is None:
        return ""
    return parse_moment(text, option, end_of_day, zone=zone).astimezone(times.UTC).isoformat()


def cmd_add_corridor(args: argparse.Namespace) -> int:
    """Append a corridor to ``corridors.csv`` and its waypoints, ``--from``, each ``--via``, ``--to``, in travel
    order, to ``corridor_waypoints.csv``."""
    from geo.cli.commands import _data_folder
    from geo.data.schema import LIST_SEPARATOR

    folder = _data_folder(args)
    try:
        zone = _zone(folder)
    except DataFileError as error:
        return _refused("add-corridor", folder, error.problems)
    corridor = {"id": args.id, "name": args.name.strip(), "active_from": _moment(args.start, "--start", zone),
                "active_until": _moment(args.end, "--end", zone, end_of_day=True),
                "length_claims": LIST_SEPARATOR.join(args.length_claim or ()), "description": args.description.strip(),
                "sources": LIST_SEPARATOR.join(args.source)}
    route = [args.from_place, *(args.via or ()), args.to_place]
    waypoints = [{"corridor_id": args.id, "seq": str(seq), "place_id": place} for seq, place in enumerate(route, 1)]
    return _added("add-corridor", folder, {"corridors.csv": [corridor], "corridor_waypoints.csv": waypoints},
                  args.reason or "corridor added")


def cmd_add_holding(args: argparse.Namespace) -> int:
    """Append a span of one party holding one place to ``holdings.csv``."""
    from geo.cli.commands import _data_folder

    folder = _data_folder(args)
    try:
        zone = _zone(folder)
    except DataFileError as error:
        return _refused("add-holding", folder, error.problems)
    row = {"place_id": args.place, "side": args.party, "from": _moment(args.start, "--from", zone),
           "until": _moment(args.until, "--until", zone, end_of_day=True), "source_id": args.source,
           "note": args.note.strip()}
    return _added("add-holding", folder, {"holdings.csv": [row]}, args.reason or "holding added")


def cmd_add_movement(args: argparse.Namespace) -> int:
    """Say what one claim of people moved counts, in ``movements.csv`` (started with its header if need be)."""
    from geo.cli.commands import _data_folder

    folder = _data_folder(args)
    try:
        zone = _zone(folder)
    except DataFileError as error:
        return _refused("add-movement", folder, error.problems)
    row = {"claim_id": args.claim, "scope": args.scope, "direction": args.direction, "place_id": args.place or "",
           "corridor_id": args.corridor or "", "since": _moment(args.since, "--since", zone), "note": args.note.strip(),
           "counted_to": args.counted_to or ""}
    return _added("add-movement", folder, {"movements.csv": [row]}, args.reason or "movement described")


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Register ``add-party``, ``add-corridor``, ``add-holding`` and ``add-movement``."""
    from geo.data.schema import MARKER_COLOURS
    from geo.movements import DIRECTIONS, SCOPES

    party = commands.add_parser("add-party", help="append a party to the conflict (who held places) to the case's "
                                                  "parties.csv, checked with the case, and its change to changes.csv")
    party.add_argument("id", metavar="ID", help="the party's id: a-z, 0-9 and _ (e.g. armenia)")
    party.add_argument("--label", required=True, help="the party's name as the reader should see it")
    party.add_argument("--colour", required=True, metavar="NAME",
                       help=f"its colour on the map, one of {', '.join(MARKER_COLOURS)}")
    party.add_argument("--note", default="", help="who the party is, in a sentence")
    party.add_argument("--reason", help="why, for changes.csv (default: party added)")
    party.set_defaults(run=cmd_add_party)

    corridor = commands.add_parser("add-corridor", help="append a corridor to corridors.csv and its route through the "
                                                        "case's places to corridor_waypoints.csv, checked with the case")
    corridor.add_argument("id", metavar="ID", help="the corridor's id: a-z, 0-9 and _ (e.g. lachin_corridor)")
    corridor.add_argument("--name", required=True, help="the corridor's name as the reader should see it")
    corridor.add_argument("--from", dest="from_place", required=True, metavar="PLACE",
                          help="the place id it starts from (gazetteer.csv)")
    corridor.add_argument("--via", action="append", metavar="PLACE",
                          help="a place id it passes, repeated in travel order")
    corridor.add_argument("--to", dest="to_place", required=True, metavar="PLACE", help="the place id it ends at")
    corridor.add_argument("--start", required=True, metavar="WHEN",
                          help="when it came into use: a local day of the case (its start) or an ISO date-time")
    corridor.add_argument("--end", required=True, metavar="WHEN",
                          help="when it went out of use: a local day of the case (its end) or an ISO date-time")
    corridor.add_argument("--description", required=True, help="the route as the reports give it, in your words")
    corridor.add_argument("--source", action="append", required=True, metavar="ID",
                          help="a source id of sources.csv that gives the route, repeated for each")
    corridor.add_argument("--length-claim", action="append", metavar="ID",
                          help="a claim id of claims.csv stating its length, repeated for each")
    corridor.add_argument("--reason", help="why, for changes.csv (default: corridor added)")
    corridor.set_defaults(run=cmd_add_corridor)

    holding = commands.add_parser("add-holding", help="append a span of one party holding one place to holdings.csv, "
                                                      "checked with the case")
    holding.add_argument("place", metavar="PLACE", help="the place id (gazetteer.csv)")
    holding.add_argument("--party", required=True, metavar="ID", help="who held it: a party id of parties.csv")
    holding.add_argument("--from", dest="start", metavar="WHEN",
                         help="since when: a local day of the case (its start) or an ISO date-time "
                              "(default: held before the reports)")
    holding.add_argument("--until", metavar="WHEN", help="until when: a local day of the case (its end) or an ISO "
                                                         "date-time (default: still held at the last report)")
    holding.add_argument("--source", required=True, metavar="ID", help="the source id of sources.csv that says so")
    holding.add_argument("--note", default="", help="what the source says, in your words")
    holding.add_argument("--reason", help="why, for changes.csv (default: holding added)")
    holding.set_defaults(run=cmd_add_holding)

    movement = commands.add_parser("add-movement", help="say what a claim of people moved counts (movements.csv): one "
                                                        "group, a day or a running total; who left, arrived or moved "
                                                        "along a corridor")
    movement.add_argument("claim", metavar="CLAIM", help="the claim id of claims.csv (people_evacuated, "
                                                         "people_arrived or people_fled)")
    movement.add_argument("--scope", required=True, choices=SCOPES,
                          help="group: one convoy or group; day: everyone on one local day; total: a running total")
    movement.add_argument("--direction", required=True, choices=DIRECTIONS,
                          help="left a place, arrived at a place (both need --place), or along a corridor (--corridor)")
    movement.add_argument("--place", metavar="ID", help="the place they left or reached (gazetteer.csv)")
    movement.add_argument("--corridor", metavar="ID", help="the corridor they took, where known (corridors.csv)")
    movement.add_argument("--since", metavar="WHEN", help="a running total's start: a local day of the case or an ISO "
                                                          "date-time (leave out where the report leaves it open)")
    movement.add_argument("--counted-to", metavar="YYYY-MM-DD", help="a running total's last local day, where its "
                                                                     "report gives one after its event's ('750 so far', "
                                                                     "told on Wednesday of Monday's convoys)")
    movement.add_argument("--note", default="", help="what the report leaves open, in your words")
    movement.add_argument("--reason", help="why, for changes.csv (default: movement described)")
    movement.set_defaults(run=cmd_add_movement)
