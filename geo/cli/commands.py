"""The ``evacmap`` commands: each a function ``cmd_NAME(args) -> exit code``.

Each command imports what it needs when it runs, so ``evacmap --help`` imports none of it: pandas, folium,
pyarrow and the exporters cost seconds that a GeoJSON export or a look-up should not pay.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from geo.errors import DataFileError, ExportError, GeocoderUnavailable, UsageError, ViewError

if TYPE_CHECKING:
    from geo.places import geocode


def _data_folder(args: argparse.Namespace) -> Path:
    """The case folder a command reads: ``--data`` (a case folder or a folder of cases) and ``--case``."""
    from geo.data import cases

    folder = Path(args.data) if getattr(args, "data", None) else cases.default_folder()
    return cases.case_folder(folder, getattr(args, "case", None))


def dashboard_folder(argv: Sequence[str]) -> Path:
    """The dashboard's data folder: ``--data DIR`` given after ``--`` (``streamlit run dashboard.py -- --data DIR``),
    else ``$EVACMAP_DATA``, else the shipped ``data/``. ``--edit`` (edit mode, :mod:`geo.app.editing`) is passed
    over; raises UsageError for anything else on the line."""
    from geo.data import cases

    folder = None
    rest = list(argv)
    while rest:
        option = rest.pop(0)
        if option == "--data" and rest and not rest[0].startswith("--"):
            folder = rest.pop(0)
        elif option.startswith("--data=") and option != "--data=":
            folder = option.removeprefix("--data=")
        elif option == "--edit":
            continue
        elif option in ("--data", "--data="):
            raise UsageError("dashboard option --data: expected a folder after it, instead got nothing")
        else:
            raise UsageError(f"dashboard options: expected only --data DIR and --edit, instead got {option!r} "
                             "(options after `--` on the streamlit command line are the dashboard's)")
    return Path(folder) if folder else cases.default_folder()


def _as_of(args: argparse.Namespace) -> date | None:
    """The local day ``--as-of`` names (None: everything known); raises ViewError for anything but YYYY-MM-DD."""
    from geo.data import asof

    return asof.day(args.as_of, "--as-of") if args.as_of else None


def _online_geocoder() -> geocode.OnlineGeocoder | None:
    """Nominatim for ``--geocode online``, or None (with the reason on stderr) when it can't be used."""
    from geo.places import geocode

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
    from geo.data import evidence

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
    from geo.data import cases, evidence, shared

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
            f"{len(loaded.holdings)} holding spans"
        )
    for problem in shared.disagreements(loaded_cases):
        print(problem)
        worst = 2
    return worst


def cmd_cases(args: argparse.Namespace) -> int:
    """Print one JSON line per case: id, title, time zone, events, first and last local day; a case that cannot
    be loaded gets its id, folder and problems instead, and exit 2 (the other cases are listed as usual)."""
    import pandas as pd

    from geo import times
    from geo.data import asof, cases, evidence
    from geo.run.view import View

    root = Path(args.data) if getattr(args, "data", None) else cases.default_folder()
    known_on = _as_of(args)
    worst = 0
    for case in cases.find(root):
        try:
            loaded = asof.as_of(evidence.load(case.folder), known_on)
        except DataFileError as error:
            print(json.dumps({"id": case.id, "folder": str(case.folder),
                              "problems": [str(p) for p in error.problems[:20]]}, ensure_ascii=False))
            worst = 2
            continue
        first, last = loaded.time_span()
        zone = loaded.case.timezone
        print(json.dumps({
            "id": loaded.case.id, "title": loaded.case.title, "timezone": loaded.case.zone_name,
            "events": len(loaded.events), "start": times.local_date(first, zone).isoformat(),
            "end": times.local_date(last - pd.Timedelta(microseconds=1), zone).isoformat(),
            "window": View().describe(loaded),
        }, ensure_ascii=False))
    return worst


def cmd_new_case(args: argparse.Namespace) -> int:
    """Write an empty case folder that validates: its descriptor, the neutral event types (or ``--event-types``),
    its ``--party`` rows (recorded in changes.csv) and every other data file's header."""
    from geo import export, times
    from geo.cli.rows import parties
    from geo.data import changes, newrows, package, schema

    try:
        first = date.fromisoformat(args.start) if args.start else None
        last = date.fromisoformat(args.end) if args.end else first
    except ValueError:
        raise UsageError(f"new-case: --start/--end: expected YYYY-MM-DD, instead got {args.start!r}/{args.end!r}") from None
    try:
        files = package.new_case_files(Path(args.folder), title=args.title, timezone=args.timezone,
                                       window=(first, last) if first and last else None, case_id=args.id,
                                       event_types=Path(args.event_types) if args.event_types else None)
    except ValueError as error:
        raise UsageError(f"new-case: {error}") from None
    declared = parties(args.party or ())
    if declared:
        try:
            files = newrows.with_rows(files, {schema.PARTIES.file: declared}, editor=changes.editor(),
                                      reason="case started with its parties",
                                      time=datetime.now(times.UTC).replace(microsecond=0))
        except DataFileError as error:
            for p in error.problems:  # a row of parties.csv is the --party given in its place
                given = p.file == schema.PARTIES.file and 2 <= p.line < 2 + len(declared)
                print(f"--party {args.party[p.line - 2]!r}: {p.column}: {p.message}" if given else p, file=sys.stderr)
            print(f"evacmap new-case: {len(error.problems)} problem(s); nothing was written", file=sys.stderr)
            return 2
    folder = export.write_folder(args.folder, files)
    with_parties = f" ({len(declared)} parties)" if declared else ""
    print(f"wrote {folder}: {package.DESCRIPTOR} and {len(schema.ALL)} data files{with_parties}; "
          f"fill them, then run `evacmap validate {folder}`")
    return 0


def cmd_package(args: argparse.Namespace) -> int:
    """Rewrite a case's datapackage.json resources and sources from the schema and sources.csv; a data file
    under its former name gets its new one."""
    from geo import export
    from geo.data import evidence, package

    folder = _data_folder(args)
    loaded = evidence.load(folder)
    for old, new in package.former_files(folder):  # a folder written before a file was renamed
        old.rename(new)
        print(f"renamed {old} to {new.name}")
    path = export.write(folder / package.DESCRIPTOR, package.rewritten(loaded), force=True)
    print(f"wrote {path}")
    return 0


def cmd_corridors(args: argparse.Namespace) -> int:
    """Print each corridor's computed geodesic length beside its claimed length."""
    from geo.data import asof, evidence

    known_on = _as_of(args)
    loaded = asof.as_of(evidence.load(_data_folder(args)), known_on)
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


STDOUT = "-"  # ``-o -``: standard output, as Unix tools read it


def _write(output: str | Path, data: bytes | Callable[[BinaryIO], object], force: bool) -> Path | None:
    """Write an export to ``output`` atomically (see :func:`geo.export.atomic.write`), or to standard output for
    ``-o -`` (then None: what was written is said on stderr, so stdout holds only the export)."""
    from geo import export

    if str(output) != STDOUT:
        return export.write(output, data, force=force)
    sys.stdout.flush()
    out = sys.stdout.buffer
    if callable(data):
        data(out)
    else:
        out.write(data)
    out.flush()
    return None


def _wrote(path: Path | None, what: str, after: str = "") -> None:
    """Say what was written: on stdout after a file, on stderr after standard output."""
    if path is None:
        print(f"wrote standard output ({what}){after}", file=sys.stderr)
    else:
        print(f"wrote {path} ({path.stat().st_size:,} bytes, {what}){after}")


def _frame_progress(done: int, total: int) -> None:
    """Frames rendered so far, on one line of stderr that rewrites itself."""
    print(f"\rframe {done} of {total}", end="\n" if done == total else "", file=sys.stderr, flush=True)


def cmd_export(args: argparse.Namespace) -> int:
    """Write one export of a view (window and filters) atomically, chunk by chunk; print what was written."""
    from geo import export, times
    from geo.data import evidence
    from geo.run.view import View, parse_moment

    started = time.monotonic()
    if args.format not in export.BROWSER_FORMATS and (args.width is not None or args.height is not None):
        raise ExportError(f"--width and --height apply to --format {', '.join(export.BROWSER_FORMATS)} only, "
                          f"not {args.format}")
    if args.format not in export.ANIMATIONS and (args.step is not None or args.fps is not None or args.skip_empty):
        raise ExportError(f"--step, --fps and --skip-empty apply to --format {', '.join(export.ANIMATIONS)} only, "
                          f"not {args.format}")
    if args.raw and args.format not in export.SPREADSHEETS:
        raise ExportError(f"--raw applies to --format {', '.join(export.SPREADSHEETS)} only, not {args.format}")
    known_on = _as_of(args)
    loaded = evidence.load(_data_folder(args))
    zone = loaded.case.timezone
    start = parse_moment(args.start, "--start", zone=zone) if args.start else None
    end = parse_moment(args.end, "--end", end_of_day=True, zone=zone) if args.end else None
    if start is not None and end is not None and end <= start:  # said in the case's local time, with its offset
        raise ViewError("--end", args.end, f"a time after --start {times.describe(start, zone)}")
    view = View(
        start=start,
        end=end,
        types=_ids(args.types), sources=_ids(args.sources), places=_ids(args.places), as_of=known_on,
    )
    loaded = view.known(loaded)
    options: dict[str, object] = {}
    if args.format not in export.DATA_FORMATS:
        from geo.map import assets  # folium: only for the map formats

        offline = args.offline or assets.setting() is not None
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
        options["skip_empty"] = args.skip_empty
    if args.raw:
        options["raw"] = True
    output = args.output or export.filename(loaded, view, args.format)
    path = _write(output, lambda out: export.stream(loaded, view, args.format, out, **options), args.force)
    shown = len(view.apply(loaded))
    _wrote(path, f"{args.format}, {shown} events, {view.describe(loaded)}", f" in {time.monotonic() - started:.1f} s")
    return 0


def cmd_claims(args: argparse.Namespace) -> int:
    """Write how an event's claimed figures changed, each claimant's against publication day: the chart's data
    as CSV (to stdout without -o) or the chart as PNG."""
    from geo.data import asof, evidence
    from geo.export import claim_chart

    known_on = _as_of(args)
    loaded = asof.as_of(evidence.load(_data_folder(args)), known_on)
    quantities = claim_chart.quantities(loaded, args.event, _ids(args.quantity))
    rows = claim_chart.history(loaded, args.event, quantities)
    if args.format == "csv":
        data = claim_chart.history_csv(rows)
        if not args.output:
            sys.stdout.write(data.decode("utf-8"))
            return 0
    else:
        data = claim_chart.chart_png(claim_chart.spec(rows, loaded, claim_chart.title(loaded, args.event, known_on)))
    suffix = "" if known_on is None else f"_as_of_{known_on.isoformat()}"
    path = _write(args.output or f"evacmap_{loaded.case.id}_{args.event}_claims{suffix}.{args.format}", data,
                  args.force)
    _wrote(path, f"{args.format}, {len(rows)} claims of {', '.join(quantities)}")
    return 0
