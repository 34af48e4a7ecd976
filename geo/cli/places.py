"""The commands for places no gazetteer holds: ``unplaced`` (the names of the case's sources it lacks),
``find-place`` (GeoNames offline) and ``add-place`` (a new row).

Like :mod:`~geo.cli.commands`, each imports what it needs when it runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from typing import TYPE_CHECKING

from geo.errors import UsageError

if TYPE_CHECKING:
    from types import ModuleType

    from geo.data.newplace import Located
    from geo.places.gazetteer import Gazetteer
    from geo.places.geonames import GeoNames

ALL_COUNTRIES = "all"


def _point(text: str, option: str) -> tuple[float, float]:
    """``LAT,LON`` as two floats; raises UsageError naming the option and the value."""
    from geo.places.gazetteer import check_location

    try:
        lat, lon = (float(part) for part in text.split(","))
        check_location(lat, lon, option)
    except ValueError:
        raise UsageError(f"{option}: expected LAT,LON in degrees (e.g. 39.8177,46.7528), instead got {text!r}") from None
    return lat, lon


def _countries(given: list[str] | None, places: GeoNames, gazetteer: Gazetteer) -> list[str] | None:
    """The countries to look in: those given (``all``: every one), else those of the case's places (None: all)."""
    if given:
        codes = [code.strip() for value in given for code in value.split(",") if code.strip()]
        return None if ALL_COUNTRIES in (c.lower() for c in codes) else codes
    if len(gazetteer):
        found = sorted(places.countries_near((p.lat, p.lon) for p in gazetteer))
        print(f"evacmap find-place: looking in {', '.join(found)}, the countries within 150 km of the case's places "
              f"(--country XX or --country all to look elsewhere)", file=sys.stderr)
        return found
    print("evacmap find-place: looking in every country (indexing them all takes a minute the first time; "
          "--country XX is quicker)", file=sys.stderr)
    return None


def cmd_find_place(args: argparse.Namespace) -> int:
    """Print one JSON line per GeoNames populated place the name matches, best first; exit 1 when none does.

    Distances are from ``--near`` or else the case's nearest place; several matches are flagged on stderr.
    """
    from geo.cli.commands import _data_folder
    from geo.data import evidence
    from geo.places import geonames

    gazetteer = evidence.load(_data_folder(args)).gazetteer
    near = [(f"the point {args.near}", *_point(args.near, "--near"))] if args.near else [
        (f"{p.name} ({p.id})", p.lat, p.lon) for p in gazetteer]
    places = geonames.default()
    try:
        found = places.find(args.name, countries=_countries(args.country, places, gazetteer), near=near)
    except ValueError as error:
        raise UsageError(f"--country{str(error).removeprefix('country')}") from None
    resolution = gazetteer.resolve(args.name)
    if resolution.place is not None:  # resolved
        print(f"evacmap find-place: the case's gazetteer already holds {args.name!r}: {resolution.place.id}",
              file=sys.stderr)
    for candidate in found.candidates:
        print(json.dumps({"query": args.name, **candidate.to_json(), "ambiguous": found.ambiguous},
                         ensure_ascii=False))
    if found.warning():
        print(f"evacmap find-place: {found.warning()}", file=sys.stderr)
    return 0 if found.candidates else 1


def cmd_unplaced(args: argparse.Namespace) -> int:
    """Print the names the case's sources give that its gazetteer lacks, most mentioned first: those GeoNames holds
    with every place each may be and an ``add-place`` to copy, then those to place by hand. Exit 1 when none."""
    from geo.cli.commands import _data_folder
    from geo.data import evidence, newplace
    from geo.places import geonames
    from geo.workbench import unplaced

    folder = _data_folder(args)
    loaded = evidence.load(folder)
    places = geonames.default()
    given = _countries(args.country, places, loaded.gazetteer) if args.country else None
    try:
        found, missing = unplaced.unplaced(loaded, places, countries=given, texts=args.texts)
    except ValueError as error:
        raise UsageError(f"--country{str(error).removeprefix('country')}") from None
    if given is None:
        print(f"evacmap unplaced: looking in {', '.join(unplaced.case_countries(loaded, places)) or 'no country'}, "
              "the countries of the case's places and time zone (--country XX to look elsewhere)", file=sys.stderr)
    for source_id in missing:
        print(f"evacmap unplaced: source {source_id} has no text in the case (add-source, or --texts DIR); "
              "its names are not read", file=sys.stderr)
    prefix = "".join(f"{option} {_quoted(str(value))} " for option, value in (("--data", args.data), ("--case", args.case))
                     if value)
    for name in found:
        if args.format == "json":
            print(json.dumps({"name": name.name, "mentions": name.mentions, "sources": list(name.sources),
                              "country": name.country,
                              "geonames": [c.to_json() for c in name.lookup.candidates] if name.lookup else []},
                             ensure_ascii=False))
            continue
        told = f"{name.name}: {name.mentions} mention(s) in {len(name.sources)} source(s)"
        if not name.found:
            print(f"{told}; " + (f"the name of a country ({name.country}), not a populated place" if name.country else
                                 "not in GeoNames' populated places: place it by hand (add-place --lat --lon --note)"))
            continue
        assert name.lookup is not None
        print(f"{told}; {len(name.lookup.candidates)} GeoNames place(s) of that name")
        place_id = newplace.suggest_id(name.name, loaded.gazetteer)
        for candidate in name.lookup.candidates:
            place = candidate.place
            kind, precision = ("city", 5000) if place.population >= 100_000 else ("town", 2000)
            far = f", {candidate.distance_km:.0f} km from {candidate.distance_from}" if candidate.distance_km else ""
            print(f"    {place.name} ({place.country}, {place.admin_area}, population {place.population:,}, GeoNames "
                  f"{place.geonames_id}{far}{'; FAR from the case' if candidate.far else ''})")
            print(f"      evacmap {prefix}add-place {place_id} --name {_quoted(name.name)} --kind {kind} "
                  f"--precision-m {precision} --geonames {place.geonames_id}")
        if name.lookup.warning():
            print(f"    {name.lookup.warning()}")
    return 0 if found else 1


def _quoted(text: str) -> str:
    import shlex

    return shlex.quote(text)


def cmd_add_place(args: argparse.Namespace) -> int:
    """Append one checked row to the case's gazetteer.csv (and its change to changes.csv); nothing on a problem."""
    from geo import times
    from geo.cli.commands import _data_folder
    from geo.data import changes, evidence, newplace
    from geo.places import geonames

    folder = _data_folder(args)
    gazetteer = evidence.load(folder).gazetteer
    if args.id in gazetteer:
        raise UsageError(f"add-place: {args.id!r} is already a place in {folder / 'gazetteer.csv'}; "
                         "choose another id (nothing was written)")
    try:
        located = _located(args, geonames)
    except (ValueError, LookupError) as error:
        raise UsageError(f"add-place: {error} (nothing was written)") from None
    now = datetime.now(times.UTC)
    row, problems = newplace.new_row(located, gazetteer, place_id=args.id, name=args.name, name_local=args.name_local,
                                     name_local_lang=args.name_local_lang,
                                     kind=args.kind, role=args.role, precision_m=args.precision_m,
                                     retrieved=now.date(), parent=args.parent,
                                     aliases_given=[a for a in args.aliases.split("|") if a.strip()])
    if problems:
        for problem in problems:
            print(f"evacmap add-place: {problem}", file=sys.stderr)
        print("evacmap add-place: nothing was written", file=sys.stderr)
        return 2
    reason = args.reason or (f"GeoNames {args.geonames}" if args.geonames else f"placed by hand: {args.note}")
    newplace.add(folder, row, editor=changes.editor(), reason=reason, time=now)
    print(row.decode("utf-8").splitlines()[1])
    return 0


def _located(args: argparse.Namespace, geonames: ModuleType) -> Located:  # geonames: geo.places.geonames
    """Where the new place's point comes from: GeoNames' record (``--lat``/``--lon``, if given, must agree), or
    the given point and the note on how it was placed."""
    from geo.data import newplace

    if args.geonames is not None:
        place = geonames.default().place(args.geonames)
        if args.lat is not None or args.lon is not None:
            given = (args.lat, args.lon)
            if given != (place.lat, place.lon):
                raise ValueError(f"--lat/--lon {given!r} are not GeoNames {args.geonames}'s point "
                                 f"({place.lat}, {place.lon}); leave them out, or place it by hand with --note")
        return newplace.from_geonames(place, args.name)
    if args.lat is None or args.lon is None:
        raise ValueError("--lat and --lon: expected both with --note, instead got "
                         f"{'--lat' if args.lat is None else '--lon'} missing")
    return newplace.by_hand(args.lat, args.lon, args.note)


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Register ``find-place`` and ``add-place``."""
    from geo.data.schema import PLACE_KINDS, ROLES

    names = commands.add_parser("unplaced", help="the names the case's sources give that its gazetteer lacks, most "
                                                 "mentioned first, with the GeoNames places each may be (offline) "
                                                 "and an add-place line to copy; exit 1 if none")
    names.add_argument("--country", action="append", metavar="XX",
                       help="ISO country code(s) to look in, repeated or comma-separated, or 'all' (default: the "
                            "countries within 150 km of the case's places and its time zone's country)")
    names.add_argument("--texts", metavar="DIR", help="a folder holding the files sources.csv names, for the "
                                                      "sources without an archived copy")
    names.add_argument("--format", choices=("text", "json"), default="text",
                       help="text: a paragraph per name, with add-place lines; json: a line per name")
    names.set_defaults(run=cmd_unplaced)

    finder = commands.add_parser("find-place", help="look a name up offline in GeoNames' populated places "
                                                    "(cities500), one JSON line per place it names; exit 1 if none")
    finder.add_argument("name", metavar="NAME")
    finder.add_argument("--country", action="append", metavar="XX",
                        help="ISO country code(s) to look in, repeated or comma-separated, or 'all' "
                             "(default: the countries within 150 km of the case's places)")
    finder.add_argument("--near", metavar="LAT,LON", help="measure distances from this point "
                                                         "(default: from the case's nearest place)")
    finder.set_defaults(run=cmd_find_place)

    adder = commands.add_parser("add-place", help="append a checked row to the case's gazetteer.csv, with its "
                                                  "coordinate source, and its change to changes.csv")
    adder.add_argument("id", metavar="ID", help="the new place's id (a slug no place of the case has)")
    adder.add_argument("--name", required=True, help="the place's name as the reader should see it")
    adder.add_argument("--name-local", default="", metavar="NAME", help="the name in the local script (Ստեփանակերտ)")
    adder.add_argument("--name-local-lang", default="", metavar="TAG", help="its language, a BCP 47 tag (hy, az, ar, uk)")
    adder.add_argument("--aliases", default="", metavar="A|B",
                       help="other spellings, |-separated: the other side's name, transliterations")
    adder.add_argument("--kind", required=True, metavar="KIND", help=f"one of {', '.join(PLACE_KINDS)}")
    adder.add_argument("--role", default="event", metavar="ROLE",
                       help=f"one of {', '.join(ROLES)} (default event: something in the reports happened here)")
    adder.add_argument("--parent", default="", metavar="ID", help="the place it lies in (a place id of the case)")
    adder.add_argument("--precision-m", required=True, type=int, metavar="M",
                       help="how far around the point the place spreads, in metres")
    adder.add_argument("--lat", type=float, help="latitude in degrees (WGS 84); with --geonames, GeoNames' own")
    adder.add_argument("--lon", type=float, help="longitude in degrees (WGS 84); with --geonames, GeoNames' own")
    placed = adder.add_mutually_exclusive_group(required=True)
    placed.add_argument("--geonames", type=int, metavar="GEONAMES_ID",
                        help="the GeoNames id `evacmap find-place` gave: its point and citation")
    placed.add_argument("--note", metavar="TEXT", help="how the point was placed (a place no gazetteer holds)")
    adder.add_argument("--reason", help="why, for changes.csv (default: the GeoNames id or the note)")
    adder.set_defaults(run=cmd_add_place)
