"""The ``evacmap`` command line (also ``python -m geo``).

Each command is a function ``cmd_NAME(args) -> exit code`` registered in
:func:`build_parser`. Exit codes: 0 success, 1 a query found nothing (``resolve``),
2 bad input or data (usage errors, validation problems).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from geo import evidence
from geo.errors import GeoError


def _data_folder(args: argparse.Namespace) -> Path:
    return Path(args.data) if getattr(args, "data", None) else evidence.default_folder()


def cmd_resolve(args: argparse.Namespace) -> int:
    """Print one JSON object a line for each name; exit 1 if any is unresolved."""
    gazetteer = evidence.load(_data_folder(args)).gazetteer
    unresolved = 0
    for name in args.names:
        resolution = gazetteer.resolve(name)
        unresolved += not resolution.resolved
        print(json.dumps(resolution.to_json(), ensure_ascii=False))
    return 1 if unresolved else 0


def cmd_validate(args: argparse.Namespace) -> int:
    """Print every problem as FILE:LINE: column: message; exit 2 if there are any."""
    folder = Path(args.folder) if args.folder else _data_folder(args)
    problems = evidence.validate(folder)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in {folder}", file=sys.stderr)
        return 2
    loaded = evidence.load(folder)
    print(
        f"ok: {folder}: {len(loaded.gazetteer)} places, {len(loaded.events)} events, "
        f"{len(loaded.claims)} claims, {len(loaded.corridors)} corridors, {len(loaded.sources)} sources"
    )
    return 0


def cmd_corridors(args: argparse.Namespace) -> int:
    """Print each corridor's computed geodesic length beside its claimed length."""
    loaded = evidence.load(_data_folder(args))
    claims = {c.id: c for c in loaded.claims_for(loaded.claims["event_id"])}
    for corridor in loaded.corridors:
        stated = [claims[i] for i in corridor.length_claims if i in claims]
        print(json.dumps({
            "id": corridor.id,
            "name": corridor.name,
            "computed_km": round(corridor.length_km, 2),
            "claimed": [f"{c.amount} {c.unit}" + (f" ({c.note})" if c.note else "") + f" per {c.claimed_by}" for c in stated],
            "waypoints": [w.place_id or f"{w.lat},{w.lon}" for w in corridor.waypoints],
        }, ensure_ascii=False))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="evacmap", description="Map a civilian evacuation from the reports that describe it.")
    parser.add_argument("--data", metavar="DIR", help="data folder (default: $EVACMAP_DATA or the shipped data/)")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    resolve = commands.add_parser("resolve", help="resolve place names to gazetteer places, one JSON line each")
    resolve.add_argument("names", nargs="+", metavar="NAME")
    resolve.set_defaults(run=cmd_resolve)

    validate = commands.add_parser("validate", help="check a data folder; problems as FILE:LINE: column: message")
    validate.add_argument("folder", nargs="?", metavar="DIR", help="data folder (default: the one in use)")
    validate.set_defaults(run=cmd_validate)

    corridors = commands.add_parser("corridors", help="each corridor's computed length beside its claimed length")
    corridors.set_defaults(run=cmd_corridors)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except GeoError as error:
        print(f"evacmap {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
