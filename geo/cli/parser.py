"""The ``evacmap`` argument parser: the global options and one subcommand per command."""

from __future__ import annotations

import argparse

from geo.cli.commands import (
    cmd_cases,
    cmd_claims,
    cmd_corridors,
    cmd_export,
    cmd_new_case,
    cmd_package,
    cmd_resolve,
    cmd_validate,
)
from geo.cli.edits import add_commands as add_edit_commands
from geo.cli.moved import cmd_moved
from geo.cli.places import add_commands as add_place_commands
from geo.cli.rows import PARTY_EXAMPLE, PARTY_SPEC
from geo.cli.rows import add_commands as add_row_commands
from geo.cli.scoring import SUMMARY as SCORE_SUMMARY
from geo.cli.scoring import add_arguments as add_score_arguments
from geo.cli.scoring import cmd_score
from geo.cli.workbench import add_commands as add_workbench_commands

FORMATS = ("html", "png", "gif", "mp4", "geojson", "csv", "acled", "hxl")
"""geo.export.FORMATS, for the parser without importing the exporters (tests/test_cli_speed.py keeps them equal)."""
AS_OF_HELP = ("the evidence as known at the end of that local day: only reports published by then, "
              "and what they say (default: everything)")
VERBOSE_HELP = "log to stderr what is slow or falls back (-v), and more detail (-vv)"




def build_parser() -> argparse.ArgumentParser:
    """The ``evacmap`` parser: global options, one subcommand per ``cmd_*`` of :mod:`geo.cli.commands`."""
    parser = argparse.ArgumentParser(prog="evacmap", description="Map a civilian evacuation from the reports that describe it.")
    parser.add_argument("-v", "--verbose", action="count", default=0, help=VERBOSE_HELP)
    parser.add_argument("--data", metavar="DIR", help="a case folder or a folder of cases "
                                                      "(default: $EVACMAP_DATA or the shipped data/)")
    parser.add_argument("--case", metavar="ID", help="the case to use (default: the only case, else the folder's default)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    resolve = commands.add_parser("resolve", help="resolve place names to gazetteer places, one JSON line each")
    resolve.add_argument("names", nargs="+", metavar="NAME")
    resolve.add_argument("--geocode", choices=("off", "online"), default="off",
                         help="online: ask OpenStreetMap Nominatim for names the gazetteer can't resolve "
                              "(needs $EVACMAP_CONTACT; results are unverified)")
    resolve.set_defaults(run=cmd_resolve)
    add_place_commands(commands)
    add_row_commands(commands)
    add_edit_commands(commands)

    validate = commands.add_parser("validate", help="check a case folder or every case of a folder; problems as "
                                                    "FILE:LINE: column: message")
    validate.add_argument("folder", nargs="?", metavar="DIR", help="data folder (default: the one in use)")
    validate.set_defaults(run=cmd_validate)

    lister = commands.add_parser("cases", help="the cases of the data folder, one JSON line each")
    lister.set_defaults(run=cmd_cases)

    new_case = commands.add_parser("new-case", help="write an empty case folder that validates, ready to fill")
    new_case.add_argument("folder", metavar="DIR", help="the new case's folder (must not exist or be empty)")
    new_case.add_argument("--title", required=True, help="what the case is called, e.g. 'Evacuation of X, May 2018'")
    new_case.add_argument("--timezone", required=True, metavar="ZONE", help="IANA time zone of the case, e.g. Europe/Kyiv")
    new_case.add_argument("--id", metavar="ID", help="the case id (default: the folder's name)")
    new_case.add_argument("--start", metavar="YYYY-MM-DD", help="first local day to open on")
    new_case.add_argument("--end", metavar="YYYY-MM-DD", help="last local day to open on (default: --start)")
    new_case.add_argument("--event-types", metavar="FILE", help="the event types to start from, an event_types.csv "
                                                                 "(default: departure, arrival, screening, ... for any war)")
    new_case.add_argument("--party", action="append", metavar=PARTY_SPEC,
                          help="a party to the conflict (who held places), repeated for each, e.g. "
                               f"{PARTY_EXAMPLE}; the colours are those of `evacmap add-party --help`")
    new_case.set_defaults(run=cmd_new_case)

    packager = commands.add_parser("package", help="rewrite a case's datapackage.json from the schema and sources.csv")
    packager.set_defaults(run=cmd_package)

    corridors = commands.add_parser("corridors", help="each corridor's computed length beside its claimed length")
    corridors.set_defaults(run=cmd_corridors)

    exporter = commands.add_parser("export", help="write the map or data of a view: html, png, gif, mp4, geojson, csv, acled "
                                                  "or hxl")
    exporter.add_argument("--start", metavar="DATETIME", help="window start: a date (local day of the case) or ISO date-time")
    exporter.add_argument("--end", metavar="DATETIME", help="window end: a date (to the end of that day) or date-time")
    exporter.add_argument("--types", nargs="+", metavar="ID", help="event type ids (space- or comma-separated)")
    exporter.add_argument("--sources", nargs="+", metavar="ID", help="source ids")
    exporter.add_argument("--places", nargs="+", metavar="ID", help="place ids")
    exporter.add_argument("--format", required=True, choices=FORMATS)
    exporter.add_argument("-o", "--output", metavar="PATH",
                          help="file to write (default: evacmap_CASE_FIRST_LAST.EXT in the current folder)")
    exporter.add_argument("--force", action="store_true", help="replace PATH if it exists")
    exporter.add_argument("--raw", action="store_true",
                          help="csv, acled: write text cells as they are, even those a spreadsheet would run as a "
                               "formula (= + - @, tab, carriage return first); by default they get an apostrophe first")
    exporter.add_argument("--offline", action="store_true",
                          help="no network at all: no map tiles; the map's scripts and styles, which ship in "
                               "geo/map/static/, are embedded (html) or read from that folder (png, gif, mp4); "
                               "also set by EVACMAP_OFFLINE=1")
    exporter.add_argument("--width", type=int, metavar="PX", help="PNG, GIF, MP4 width in pixels (default 1600; 1280 animated)")
    exporter.add_argument("--height", type=int, metavar="PX", help="PNG, GIF, MP4 height in pixels (default 1000; 800 animated)")
    exporter.add_argument("--step", choices=("hour", "day"), help="GIF, MP4: one frame per hour or per day (default day)")
    exporter.add_argument("--fps", type=float, metavar="N", help="GIF, MP4: frames a second (default 1)")
    exporter.add_argument("--skip-empty", action="store_true",
                          help="GIF, MP4: leave out the steps with no event (default: a frame each, saying so)")
    exporter.set_defaults(run=cmd_export)

    claimer = commands.add_parser("claims", help="how an event's claimed figures changed: each claimant's figure "
                                                 "against publication day, as CSV or a PNG chart")
    claimer.add_argument("--event", required=True, metavar="ID", help="the event whose claims to chart")
    claimer.add_argument("--quantity", nargs="+", metavar="Q",
                         help="what is counted (killed, buses ...; default: the event's disputed quantities, else all)")
    claimer.add_argument("--format", required=True, choices=("csv", "png"),
                         help="csv: the chart's data; png: the chart (needs vl-convert-python: the 'chart' extra)")
    claimer.add_argument("-o", "--output", metavar="PATH", help="file to write atomically "
                                                                "(default: stdout for csv, evacmap_CASE_EVENT_claims.png)")
    claimer.add_argument("--force", action="store_true", help="replace PATH if it exists")
    claimer.set_defaults(run=cmd_claims)

    mover = commands.add_parser("moved", help="the ledger of people moved: each claimant's figures by corridor and day, "
                                              "with running totals, as CSV, HXL-tagged CSV or a PNG chart")
    mover.add_argument("--format", required=True, choices=("csv", "hxl", "png"),
                       help="csv: the ledger; hxl: the ledger with HXL hashtags (docs/hxl.md); png: the chart of each "
                            "claimant's running total (needs vl-convert-python: the 'chart' extra)")
    mover.add_argument("--gaps", action="store_true",
                       help="csv: what left against what arrived, by corridor and day, instead of the ledger")
    mover.add_argument("-o", "--output", metavar="PATH",
                       help="file to write atomically (default: stdout for csv and hxl, evacmap_CASE_moved.png)")
    mover.add_argument("--force", action="store_true", help="replace PATH if it exists")
    mover.set_defaults(run=cmd_moved)

    add_workbench_commands(commands)

    scorer = commands.add_parser("score", help="grade ingest on a folder of reports with expected events: strict "
                                               "recall and precision (also python -m geo.scoring)",
                                 description=SCORE_SUMMARY)
    add_score_arguments(scorer)
    scorer.set_defaults(run=cmd_score)

    for command in (lister, corridors, exporter, claimer, mover):
        command.add_argument("--as-of", metavar="YYYY-MM-DD", help=AS_OF_HELP)

    for command in commands.choices.values():  # keep last: --data and --case are also taken after any command
        command.add_argument("--data", metavar="DIR", default=argparse.SUPPRESS,
                             help="data folder (default: $EVACMAP_DATA or the shipped data/)")
        command.add_argument("-v", "--verbose", action="count", default=argparse.SUPPRESS, help=VERBOSE_HELP)
        command.add_argument("--case", metavar="ID", default=argparse.SUPPRESS,
                             help="the case to use (default: the only case, else the folder's default case)")
    return parser
