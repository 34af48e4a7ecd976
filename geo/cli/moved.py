"""``evacmap moved``: the ledger of people moved, as CSV, HXL-tagged CSV or a PNG chart."""

from __future__ import annotations

import argparse
import sys

from geo.errors import UsageError


def cmd_moved(args: argparse.Namespace) -> int:
    """Write each claimant's figures of people moved by corridor and day, with running totals: CSV or HXL (to
    stdout without -o) or the chart as PNG; --gaps writes what left against what arrived instead."""
    from geo import export
    from geo.cli.commands import _as_of, _data_folder
    from geo.data import asof, evidence
    from geo.export import claim_chart, hxl, moved_chart
    from geo.ledger import gaps, ledger, undescribed

    known_on = _as_of(args)
    loaded = asof.as_of(evidence.load(_data_folder(args)), known_on)
    book = ledger(loaded)
    if left_out := undescribed(loaded):
        print(f"evacmap moved: {len(left_out)} claim(s) of people moved left out, since movements.csv does not say "
              f"what they count: {', '.join(left_out[:10])}{' ...' if len(left_out) > 10 else ''}", file=sys.stderr)
    if args.gaps and args.format != "csv":
        raise UsageError("--gaps: the gaps are written as csv only (--format csv)")
    if args.format == "csv":
        data = (gaps(book) if args.gaps else book).to_csv(index=False).encode("utf-8")
    elif args.format == "hxl":
        data = hxl.ledger_hxl(loaded, book)
    else:
        when = "" if known_on is None else f", as known on {known_on:%d %b %Y}"
        data = claim_chart.chart_png(moved_chart.spec(book, f"{loaded.case.title}: people moved, by claimant{when}"))
    if not args.output and args.format != "png":
        sys.stdout.write(data.decode("utf-8"))
        return 0
    suffix = "" if known_on is None else f"_as_of_{known_on.isoformat()}"
    kind = "_gaps" if args.gaps else ""
    extension = "csv" if args.format == "hxl" else args.format
    path = export.write(args.output or f"evacmap_{loaded.case.id}_moved{kind}{suffix}.{extension}", data, force=args.force)
    print(f"wrote {path} ({path.stat().st_size:,} bytes, {args.format}, {len(book)} claims of people moved)")
    return 0
