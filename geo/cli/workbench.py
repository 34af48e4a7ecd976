"""The commands of the case workbench: ``ingest`` reads reports into candidate events and a review file, ``accept``
writes a reviewed file's accepted rows into the case, ``add-source`` keeps a report's text in the case.

Like :mod:`~geo.cli.commands`, each imports what it needs when it runs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from geo.errors import DataFileError, IngestError, UsageError


def _dated(files: Sequence[str], published: str | None, outlet: str | None = None) -> list[tuple[str, date, str]]:
    """Each loose file with its publication date and outlet: its own (``a.txt=2022-05-01``,
    ``a.txt=2022-05-01=Reuters``), else ``--published`` and ``--outlet`` (an outlet no one gave is ``""``).

    Raises IngestError for a date that is not YYYY-MM-DD, an empty outlet after a second ``=``, and for files left
    without a date, naming them.
    """
    def day(text: str, what: str) -> date:
        try:
            return date.fromisoformat(text)
        except ValueError:
            raise IngestError(f"{what}: expected a date YYYY-MM-DD, instead got {text!r}") from None

    default = day(published, "--published") if published is not None else None
    found: list[tuple[str, date, str]] = []
    undated: list[str] = []
    for given in files:
        name, own, own_outlet = given, None, ""
        if "=" in given and not Path(given).exists():
            name, _, text = given.rpartition("=")
            if "=" in name and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text) and not Path(name).exists():
                own_outlet = text.strip()  # FILE=DATE=OUTLET
                name, _, text = name.rpartition("=")
                if not own_outlet:
                    raise IngestError(f"{given}: expected the outlet after the second = (a.txt=2022-05-01=Reuters), "
                                      "instead got nothing")
            own = day(text, f"{given}: the date after =")
        when = own or default
        if when is None:
            undated.append(name)
        else:
            found.append((name, when, own_outlet or (outlet or "").strip()))
    if undated:
        raise IngestError(f"no publication date for {', '.join(undated)}: give each its own as FILE=YYYY-MM-DD "
                          "(a.txt=2022-05-01), or --published YYYY-MM-DD for the files without one")
    return found


def cmd_ingest(args: argparse.Namespace) -> int:
    """Read reports into candidate events, merged into one per event across reports; print JSON or a review file
    (``--format csv``), or write it with -o. Without files, the case's own sources, each with its own date."""
    from geo import export, ingest
    from geo.cli.commands import STDOUT, _data_folder
    from geo.data import evidence
    from geo.workbench import LooseReport, reading, review

    loaded = evidence.load(_data_folder(args))
    loose: dict[str, LooseReport] = {}  # the files given, by the source id the review cites them as
    if args.files:
        reports, files = [], []
        dated = _dated(args.files, args.published, args.outlet)
        for name, day, outlet in dated:
            raw, text = reading.read_file(Path(name), name)
            reports.append(reading.ingest_one(loaded, text, name, day, outlet or None))
            files.append(LooseReport(str(Path(name).resolve()), raw, day, outlet))
            if not reports[-1].events:
                print(f"evacmap ingest: {name}: no candidate events in {len(text):,} characters "
                      f"({len(reports[-1].mentions)} place mention(s))", file=sys.stderr)
        keyed = ingest.by_source(reports)
        loose = dict(zip(keyed, files, strict=True))
        unnamed = [name for name, _, outlet in dated if not outlet]
        if unnamed and args.format == "csv":
            print(f"evacmap ingest: no outlet for {', '.join(unnamed)}: accept will refuse rows citing them until "
                  "it is given (FILE=YYYY-MM-DD=OUTLET, --outlet, or the outlet in the row's new_sources)",
                  file=sys.stderr)
    else:
        if args.published is not None or args.outlet is not None:
            raise IngestError("--published and --outlet are for report files; the case's sources have theirs in "
                              "sources.csv")
        keyed, missing = reading.case_reports(loaded, Path(args.texts) if args.texts else None)
        if missing:
            print(f"evacmap ingest: {len(missing)} of {len(loaded.sources)} sources have no text here (no archived "
                  "copy" + (f", no file of that name in {args.texts}" if args.texts else
                            "; --texts DIR gives a folder holding their files")
                  + f"), left out: {', '.join(missing)}", file=sys.stderr)
        if not keyed:
            raise IngestError(f"no source of {loaded.folder} has its text here: keep copies with `evacmap add-source` "
                              "or give --texts DIR holding the files sources.csv names")
        reports = list(keyed.values())
        for report in reports:
            if not report.events:
                print(f"evacmap ingest: {report.file}: no candidate events ({len(report.mentions)} place mention(s))",
                      file=sys.stderr)
    if args.per_report:
        merged = [m for key, report in keyed.items() for m in ingest.merge_candidates({key: report})]
    else:
        merged = list(ingest.merge_candidates(keyed))
    if not args.files:
        merged, recorded = reading.unrecorded(loaded, merged)
        if recorded:
            print(f"evacmap ingest: {recorded} candidate(s) left out: the case holds them already (an event of that place "
                  "and type, on those days, citing the source)", file=sys.stderr)
    if args.format == "json":
        payload = {"reports": [r.to_json() for r in reports], "merged": [m.to_json() for m in merged]}
        data = json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
    else:
        data = review.review_csv(review.review_rows(merged, loose)).decode("utf-8")
    if args.output and args.output != STDOUT:
        path = export.write(args.output, data.encode("utf-8"), force=args.force)
        events = sum(len(r.events) for r in reports)
        print(f"wrote {path} ({len(merged)} merged candidate(s) from {events} candidate events of {len(reports)} "
              f"report(s), {args.format})")
    else:
        sys.stdout.write(data)
    return 0


def cmd_accept(args: argparse.Namespace) -> int:
    """Write a reviewed file's accepted rows into the case, validated first; print each candidate's new event id."""
    from geo.cli.commands import _data_folder
    from geo.workbench import accept, read_review

    folder = _data_folder(args)
    path = Path(args.review)
    try:
        data = path.read_bytes()
    except OSError as error:
        raise IngestError(f"{path}: cannot read: {error.strerror or error}") from None
    try:
        done = accept(folder, read_review(data, path.name), reason=args.reason, name=path.name)
    except DataFileError as error:
        for problem in error.problems:
            print(problem, file=sys.stderr)
        print(f"evacmap accept: {len(error.problems)} problem(s); nothing was written to {folder}", file=sys.stderr)
        return 2
    for cited, source_id in done.sources:
        print(f"{cited} -> source {source_id} (its copy under {folder / 'sources'})")
    for cited, source_id in done.already:
        print(f"{cited} -> source {source_id} (the case holds its text already)")
    for candidate, event_id in done.events:
        print(f"{candidate} -> {event_id}")
    added = f"{len(done.sources)} source(s), " if done.sources else ""
    print(f"wrote {added}{len(done.events)} event(s) and {len(done.claims)} claim(s) to {folder}; "
          f"{done.changes} change(s) in changes.csv")
    return 0


def cmd_add_source(args: argparse.Namespace) -> int:
    """Keep a report's text in the case (:func:`geo.data.archive.add_source`) and say where it went."""
    from geo.cli.commands import _data_folder
    from geo.data import archive

    try:
        published = date.fromisoformat(args.published)
    except ValueError:
        raise UsageError(f"add-source: --published: expected YYYY-MM-DD, instead got {args.published!r}") from None
    data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    name = "stdin" if args.file == "-" else Path(args.file).name
    folder = _data_folder(args)
    source = archive.add_source(folder, data, outlet=args.outlet, published=published, url=args.url,
                                language=args.language, kind=args.kind, source_id=args.id,
                                file=None if args.file == "-" else name, keep_copy=not args.outside)
    kept = source.archive or f"{source.file}, kept outside the case"
    print(f"added source {source.id} to {folder}: {kept} (SHA-256 {source.sha256})")
    return 0


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Register ``ingest``, ``add-source`` and ``accept``."""
    ingester = commands.add_parser("ingest", help="turn report text into candidate events for review (JSON, or a "
                                                  "review file to accept with `evacmap accept`)")
    ingester.add_argument("files", nargs="*", metavar="FILE[=YYYY-MM-DD[=OUTLET]]",
                          help="report text files (UTF-8), each with its own publication date after = "
                               "(default: --published) and its outlet after a second = (default: --outlet); "
                               "none: the case's own sources (sources.csv), each with its date")
    ingester.add_argument("--published", metavar="YYYY-MM-DD",
                          help="publication date of the files given without one: the anchor for 'yesterday', 'Thursday' ...")
    ingester.add_argument("--outlet", metavar="NAME", help="who published the report files given without their own "
                                                           "(names the source id; accept adds the files as sources "
                                                           "only with an outlet)")
    ingester.add_argument("--texts", metavar="DIR", help="the case's sources: a folder holding the files sources.csv "
                                                         "names, for those without an archived copy")
    ingester.add_argument("--format", choices=("json", "csv"), default="json",
                          help="json: mentions, events and claims per report, and the merged candidates; csv: the "
                               "review file, one row per merged candidate")
    ingester.add_argument("-o", "--output", metavar="PATH", help="file to write atomically (default: stdout)")
    ingester.add_argument("--force", action="store_true", help="replace PATH if it exists")
    ingester.add_argument("--per-report", action="store_true",
                          help="keep each report's candidates apart (default: one merged candidate per event: same "
                               "place, type and overlapping days)")
    ingester.set_defaults(run=cmd_ingest)

    adder = commands.add_parser("add-source", help="keep a report's text in the case: an archived copy under sources/, "
                                                   "its SHA-256 and a sources.csv row")
    adder.add_argument("file", metavar="FILE", help="the report's text, UTF-8 (- reads it from stdin)")
    adder.add_argument("--outlet", required=True, metavar="NAME", help="who published it, e.g. Reuters")
    adder.add_argument("--published", required=True, metavar="YYYY-MM-DD", help="its publication date (the case's local day)")
    adder.add_argument("--url", metavar="ADDRESS", help="where it was published (http:// or https://)")
    adder.add_argument("--language", default="en", metavar="CODE", help="ISO 639-1 code of the text (default: en)")
    adder.add_argument("--kind", default="news article", help="news article, photo captions, ... (default: news article)")
    adder.add_argument("--id", metavar="ID", help="the source id (default: the first free OUTLET_YYYYMMDD)")
    adder.add_argument("--outside", action="store_true",
                       help="keep no copy in the case: record the text's file name, SHA-256 and capture time only "
                            "(for a case shipped without its texts)")
    adder.set_defaults(run=cmd_add_source)

    acceptor = commands.add_parser("accept", help="write the accepted rows of a review file into the case, validated "
                                                  "first (nothing is written if it would not validate)")
    acceptor.add_argument("review", metavar="REVIEWED.csv", help="a review file (`evacmap ingest --format csv`) with "
                                                                 "decision accept on the rows to keep")
    acceptor.add_argument("--reason", default="accepted from review", help="why, for changes.csv")
    acceptor.set_defaults(run=cmd_accept)
