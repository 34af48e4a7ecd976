"""The ``evacmap`` command line (also ``python -m geo``).

Each command is a function ``cmd_NAME(args) -> exit code`` registered in
:func:`build_parser`. Exit codes: 0 success, 1 a query found nothing (``resolve``),
2 bad input or data (usage errors, validation problems).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import sys
import time
from collections.abc import Iterator, Sequence
from datetime import date
from pathlib import Path

import pandas as pd

from geo import export, ingest, times
from geo.control import sides_ever
from geo.data import cases, evidence, package, schema, shared
from geo.data.tablefile import read_text
from geo.errors import DataFileError, ExportError, GeocoderUnavailable, GeoError, IngestError, UsageError, ViewError
from geo.map import assets
from geo.places import geocode
from geo.view import View, parse_moment


def _data_folder(args: argparse.Namespace) -> Path:
    """The case folder a command reads: ``--data`` (a case folder or a folder of cases) and ``--case``."""
    folder = Path(args.data) if getattr(args, "data", None) else cases.default_folder()
    return cases.case_folder(folder, getattr(args, "case", None))


def dashboard_folder(argv: Sequence[str]) -> Path:
    """The dashboard's data folder: ``--data DIR`` given after ``--`` (``streamlit run dashboard.py -- --data DIR``),
    else ``$EVACMAP_DATA``, else the shipped ``data/``. Raises UsageError for anything else on the line."""
    folder = None
    rest = list(argv)
    while rest:
        option = rest.pop(0)
        if option == "--data" and rest and not rest[0].startswith("--"):
            folder = rest.pop(0)
        elif option.startswith("--data=") and option != "--data=":
            folder = option.removeprefix("--data=")
        elif option in ("--data", "--data="):
            raise UsageError("dashboard option --data: expected a folder after it, instead got nothing")
        else:
            raise UsageError(f"dashboard options: expected only --data DIR, instead got {option!r} "
                             "(options after `--` on the streamlit command line are the dashboard's)")
    return Path(folder) if folder else cases.default_folder()


def _online_geocoder() -> geocode.OnlineGeocoder | None:
    """Nominatim for ``--geocode online``, or None (with the reason on stderr) when it can't be used."""
    try:
        return geocode.OnlineGeocoder()
    except GeocoderUnavailable as error:
        print(f"evacmap resolve: {error}", file=sys.stderr)
        return None


def cmd_resolve(args: argparse.Namespace) -> int:
    """Print one JSON object a line for each name; exit 1 if any is unresolved.

    With ``--geocode online``, a name the gazetteer can't resolve is asked of Nominatim;
    its answer is printed with ``"matched_by": "nominatim", "verified": false``.
    """
    gazetteer = evidence.load(_data_folder(args)).gazetteer
    online = _online_geocoder() if args.geocode == "online" else None
    unresolved = 0
    for name in args.names:
        resolution = gazetteer.resolve(name)
        found = resolution.to_json()
        if not resolution.resolved and online is not None:
            try:
                answer = online.lookup(name)
            except GeocoderUnavailable as error:
                print(f"evacmap resolve: {error}", file=sys.stderr)
                answer = None
            if answer is not None:
                found = {**answer.to_json(), "suggestions": list(resolution.suggestions)}
        unresolved += found.get("lat") is None
        print(json.dumps(found, ensure_ascii=False))
    return 1 if unresolved else 0


def cmd_validate(args: argparse.Namespace) -> int:
    """Print every problem as FILE:LINE: column: message; exit 2 if there are any."""
    root = Path(args.folder) if args.folder else Path(args.data) if getattr(args, "data", None) else cases.default_folder()
    found = cases.find(root) if not getattr(args, "case", None) else [cases.Found(args.case, _data_folder(args), False)]
    worst = 0
    loaded_cases = []
    for case in found:
        folder = case.folder
        try:
            loaded = evidence.load(folder)  # checks every file once: the same problems validation.validate lists
        except DataFileError as error:
            prefix = f"{folder.relative_to(root)}/" if folder != root else ""
            for problem in error.problems:
                print(f"{prefix}{problem}")
            print(f"{len(error.problems)} problem(s) in {folder}", file=sys.stderr)
            worst = 2
            continue
        loaded_cases.append(loaded)
        print(
            f"ok: {folder}: {len(loaded.gazetteer)} places, {len(loaded.events)} events, "
            f"{len(loaded.claims)} claims, {len(loaded.corridors)} corridors, {len(loaded.sources)} sources, "
            f"{len(loaded.control)} control spans"
        )
    for problem in shared.disagreements(loaded_cases):
        print(problem)
        worst = 2
    return worst


def cmd_cases(args: argparse.Namespace) -> int:
    """Print one JSON line per case: id, title, time zone, events, first and last local day."""
    root = Path(args.data) if getattr(args, "data", None) else cases.default_folder()
    for case in cases.find(root):
        loaded = evidence.load(case.folder)
        first, last = loaded.time_span()
        zone = loaded.case.timezone
        print(json.dumps({
            "id": loaded.case.id, "title": loaded.case.title, "timezone": loaded.case.zone_name,
            "events": len(loaded.events), "start": times.local_date(first, zone).isoformat(),
            "end": times.local_date(last - pd.Timedelta(microseconds=1), zone).isoformat(),
            "window": View().describe(loaded),
        }, ensure_ascii=False))
    return 0


def cmd_new_case(args: argparse.Namespace) -> int:
    """Write an empty case folder that validates: its descriptor and every data file's header."""
    try:
        first = date.fromisoformat(args.start) if args.start else None
        last = date.fromisoformat(args.end) if args.end else first
    except ValueError:
        raise UsageError(f"new-case: --start/--end: expected YYYY-MM-DD, instead got {args.start!r}/{args.end!r}") from None
    try:
        vocabulary = cases.case_folder(getattr(args, "data", None)) / schema.EVENT_TYPES.file
    except GeoError:
        vocabulary = None
    try:
        folder = package.new_case(Path(args.folder), title=args.title, timezone=args.timezone,
                                  window=(first, last) if first and last else None, case_id=args.id,
                                  event_types=vocabulary if vocabulary is not None and vocabulary.is_file() else None)
    except (ValueError, FileExistsError) as error:
        raise UsageError(f"new-case: {error}") from None
    print(f"wrote {folder}: {package.DESCRIPTOR} and {len(schema.ALL)} data files; "
          f"fill them, then run `evacmap validate {folder}`")
    return 0


def cmd_package(args: argparse.Namespace) -> int:
    """Rewrite a case's datapackage.json resources and sources from the schema and sources.csv."""
    folder = _data_folder(args)
    loaded = evidence.load(folder)
    path = package.rewrite(loaded)
    print(f"wrote {path}")
    return 0


def cmd_corridors(args: argparse.Namespace) -> int:
    """Print each corridor's computed geodesic length beside its claimed length."""
    loaded = evidence.load(_data_folder(args))
    claims = {c.id: c for c in loaded.claims_of()}
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


def _ids(values: list[str] | None) -> tuple[str, ...]:
    """Ids given as ``--types a b`` or ``--types a,b``."""
    return tuple(i for value in values or () for i in value.split(",") if i)


def _frame_progress(done: int, total: int) -> None:
    """Frames rendered so far, on one line of stderr that rewrites itself."""
    print(f"\rframe {done} of {total}", end="\n" if done == total else "", file=sys.stderr, flush=True)


def cmd_export(args: argparse.Namespace) -> int:
    """Write one export of a view (window and filters) atomically, chunk by chunk; print what was written."""
    started = time.monotonic()
    if args.format not in export.BROWSER_FORMATS and (args.width is not None or args.height is not None):
        raise ExportError(f"--width and --height apply to --format {', '.join(export.BROWSER_FORMATS)} only, "
                          f"not {args.format}")
    if args.format not in export.ANIMATIONS and (args.step is not None or args.fps is not None):
        raise ExportError(f"--step and --fps apply to --format {', '.join(export.ANIMATIONS)} only, not {args.format}")
    loaded = evidence.load(_data_folder(args))
    zone = loaded.case.timezone
    start = parse_moment(args.start, "--start", zone=zone) if args.start else None
    end = parse_moment(args.end, "--end", end_of_day=True, zone=zone) if args.end else None
    if start is not None and end is not None and end <= start:  # said in the case's local time, with its offset
        raise ViewError("--end", args.end, f"a time after --start {times.describe(start, zone)}")
    view = View(
        start=start,
        end=end,
        types=_ids(args.types), sources=_ids(args.sources), places=_ids(args.places),
    )
    options: dict[str, object] = {}
    offline = args.offline or assets.setting() is not None
    if args.format not in export.DATA_FORMATS:
        options["offline"] = ("inline" if args.format == "html" else "file") if offline else None
    if args.format == "png":
        options["width"] = args.width or 1600
        options["height"] = args.height or 1000
    if args.format in export.ANIMATIONS:
        options["width"] = args.width or 1280
        options["height"] = args.height or 800
        options["step"] = args.step or "day"
        options["fps"] = args.fps if args.fps is not None else 1.0
        options["progress"] = _frame_progress
    output = args.output or export.filename(loaded, view, args.format)
    path = export.write(output, lambda out: export.stream(loaded, view, args.format, out, **options),
                        force=args.force)
    shown = len(view.apply(loaded))
    print(f"wrote {path} ({path.stat().st_size:,} bytes, {args.format}, {shown} events, {view.describe(loaded)}) "
          f"in {time.monotonic() - started:.1f} s")
    return 0


def cmd_ingest(args: argparse.Namespace) -> int:
    """Read report files into candidate events; print JSON or events.csv rows, or write them with -o."""
    try:
        published = date.fromisoformat(args.published)
    except ValueError:
        raise IngestError(f"--published: expected a date YYYY-MM-DD, instead got {args.published!r}") from None
    loaded = evidence.load(_data_folder(args))
    reports = []
    for name in args.files:
        text, problems = read_text(Path(name), name)
        if problems:
            raise IngestError(str(problems[0]))
        reports.append(ingest.ingest_text(text, published, args.outlet, loaded.gazetteer, file=name,
                                          zone=loaded.case.timezone, sides=sides_ever(loaded.control)))
    if args.format == "json":
        data = json.dumps({"reports": [r.to_json() for r in reports]}, ensure_ascii=False, indent=2) + "\n"
    else:
        numbered: dict[str, int] = {}
        frames = []
        for report in reports:
            frames.append(ingest.events_frame(report.events, report.source_id, zone=loaded.case.timezone,
                                              first=numbered.get(report.source_id, 1)))
            numbered[report.source_id] = numbered.get(report.source_id, 1) + len(report.events)
        data = pd.concat(frames, ignore_index=True).to_csv(index=False, lineterminator="\n")
    if args.output:
        path = export.write(args.output, data.encode("utf-8"), force=args.force)
        events = sum(len(r.events) for r in reports)
        print(f"wrote {path} ({events} candidate events from {len(reports)} report(s), {args.format})")
    else:
        sys.stdout.write(data)
    return 0


def build_parser() -> argparse.ArgumentParser:
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
    new_case.set_defaults(run=cmd_new_case)

    packager = commands.add_parser("package", help="rewrite a case's datapackage.json from the schema and sources.csv")
    packager.set_defaults(run=cmd_package)

    corridors = commands.add_parser("corridors", help="each corridor's computed length beside its claimed length")
    corridors.set_defaults(run=cmd_corridors)

    exporter = commands.add_parser("export", help="write the map or data of a view: html, png, gif, mp4, geojson, csv or acled")
    exporter.add_argument("--start", metavar="DATETIME", help="window start: a date (local day of the case) or ISO date-time")
    exporter.add_argument("--end", metavar="DATETIME", help="window end: a date (to the end of that day) or date-time")
    exporter.add_argument("--types", nargs="+", metavar="ID", help="event type ids (space- or comma-separated)")
    exporter.add_argument("--sources", nargs="+", metavar="ID", help="source ids")
    exporter.add_argument("--places", nargs="+", metavar="ID", help="place ids")
    exporter.add_argument("--format", required=True, choices=export.FORMATS)
    exporter.add_argument("-o", "--output", metavar="PATH",
                          help="file to write (default: evacmap_CASE_FIRST_LAST.EXT in the current folder)")
    exporter.add_argument("--force", action="store_true", help="replace PATH if it exists")
    exporter.add_argument("--offline", action="store_true",
                          help="no CDN or tiles: scripts and styles from vendor/ (run scripts/fetch_assets.py); "
                               "also set by EVACMAP_OFFLINE=1")
    exporter.add_argument("--width", type=int, metavar="PX", help="PNG, GIF, MP4 width in pixels (default 1600; 1280 animated)")
    exporter.add_argument("--height", type=int, metavar="PX", help="PNG, GIF, MP4 height in pixels (default 1000; 800 animated)")
    exporter.add_argument("--step", choices=("hour", "day"), help="GIF, MP4: one frame per hour or per day (default day)")
    exporter.add_argument("--fps", type=float, metavar="N", help="GIF, MP4: frames a second (default 1)")
    exporter.set_defaults(run=cmd_export)

    ingester = commands.add_parser("ingest", help="turn report text into candidate events for review (JSON or events.csv rows)")
    ingester.add_argument("files", nargs="+", metavar="FILE", help="report text files (UTF-8)")
    ingester.add_argument("--published", required=True, metavar="YYYY-MM-DD",
                          help="publication date: the anchor for 'yesterday', 'Thursday' ...")
    ingester.add_argument("--outlet", metavar="NAME", help="who published the reports (names the source id)")
    ingester.add_argument("--format", choices=("json", "csv"), default="json",
                          help="json: mentions, events and claims per report; csv: rows in events.csv's schema")
    ingester.add_argument("-o", "--output", metavar="PATH", help="file to write atomically (default: stdout)")
    ingester.add_argument("--force", action="store_true", help="replace PATH if it exists")
    ingester.set_defaults(run=cmd_ingest)

    for command in commands.choices.values():  # keep last: --data and --case are also taken after any command
        command.add_argument("--data", metavar="DIR", default=argparse.SUPPRESS,
                             help="data folder (default: $EVACMAP_DATA or the shipped data/)")
        command.add_argument("-v", "--verbose", action="count", default=argparse.SUPPRESS, help=VERBOSE_HELP)
        command.add_argument("--case", metavar="ID", default=argparse.SUPPRESS,
                             help="the case to use (default: the only case, else the folder's default case)")
    return parser


VERBOSE_HELP = "log to stderr what is slow or falls back (-v), and more detail (-vv)"
LOG_FORMAT = "evacmap: %(levelname)s: %(name)s: %(message)s"


@contextlib.contextmanager
def logging_to_stderr(verbosity: int) -> Iterator[None]:
    """The library's log on stderr while the command runs: warnings always, info with -v, debug with -vv."""
    logger = logging.getLogger("geo")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    previous = logger.level
    logger.setLevel(logging.WARNING if verbosity < 1 else logging.INFO if verbosity == 1 else logging.DEBUG)
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        with logging_to_stderr(args.verbose):
            return args.run(args)
    except GeoError as error:
        print(f"evacmap {args.command}: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
