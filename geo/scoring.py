"""``python -m geo.scoring``: grade ingest on a folder of reports (the grading itself is :mod:`geo.ingest.scoring`).

This command loads the cases' evidence, which ingest itself never reads, and hands it to the grading. Bad input
(a missing folder or file, a role no row has, an unreadable text, a case folder that does not validate) ends it
with one line on standard error naming what and where, and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from geo.data import cases, evidence
from geo.errors import GeoError
from geo.ingest.claimant_scoring import score_folder_claimants
from geo.ingest.merging import merge_candidates
from geo.ingest.report_sets import EXPECTED, MANIFEST, absent_texts, ingest_folder
from geo.ingest.scoring import Score, combine, score_by_case, score_folder, score_merged
from geo.ingest.scoring import __doc__ as GRADING

PROG = "python -m geo.scoring"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m geo.scoring [FOLDER [CASE]] [--data DIR] [--texts DIR] [--role ROLE] [--skip-absent] [--totals] [--claims]``:
    print the figures; 2 and one line on standard error on bad input."""
    parser = argparse.ArgumentParser(prog=PROG, description=GRADING.split("\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=cases.SHIPPED.parent.parent / "shared" / "reports",
                        help="folder with manifest.csv (and maybe expected.csv)")
    parser.add_argument("case", nargs="?", help="case id (default: the data folder's default case)")
    parser.add_argument("--data", type=Path, metavar="DIR",
                        help="the folder of cases (or one case folder) to read the reports with (default: $EVACMAP_DATA "
                             "or the shipped data/)")
    parser.add_argument("--texts", type=Path, metavar="DIR", help="folder holding the report texts")
    parser.add_argument("--role", metavar="ROLE", help="only the manifest rows of this role")
    parser.add_argument("--skip-absent", action="store_true",
                        help="leave out the manifest rows whose text is not in the texts' folder (and say which)")
    parser.add_argument("--totals", action="store_true",
                        help="print only the figures, no missed event or unmatched candidate")
    parser.add_argument("--claims", action="store_true",
                        help="score the claimants of the figures expected_claims.csv names instead of the events")
    parser.add_argument("--merged", action="store_true",
                        help="merge the candidates across the reports, then score each against the curated events")
    args = parser.parse_args(argv)
    try:
        print(_grade(args))
    except (GeoError, OSError) as error:
        lines = str(error).strip().splitlines() or [type(error).__name__]
        more = f" (and {len(lines) - 1} more lines)" if len(lines) > 1 else ""
        print(f"{PROG}: error: {lines[0]}{more}", file=sys.stderr)
        return 2
    return 0


def _grade(args: argparse.Namespace) -> str:
    """What the command prints for its parsed arguments."""
    def shown(result: Score) -> str:
        return result.totals() if args.totals else result.describe()

    if args.data is not None and not args.data.is_dir():
        raise GeoError(f"--data: {args.data}: no such folder; expected a folder of cases or one case folder")
    if args.claims:
        absent = absent_texts(args.folder, args.texts) if args.skip_absent else ()
        claims = score_folder_claimants(args.folder, lambda case_id: evidence.load(args.data, case=case_id or args.case),
                                        texts=args.texts, without=absent).describe()
        return "\n".join([f"left out, no text: {len(absent)} rows ({', '.join(absent)})", claims] if absent else [claims])
    if args.merged:
        loaded = evidence.load(args.data, case=args.case)
        merged = merge_candidates(ingest_folder(args.folder, loaded, texts=args.texts))
        return score_merged(merged, loaded.events, loaded.case.timezone).describe()
    header = (args.folder / MANIFEST).read_text(encoding="utf-8").partition("\n")[0].split(",") \
        if (args.folder / MANIFEST).is_file() else []
    if "case" in header and (args.folder / EXPECTED).is_file():
        without = absent_texts(args.folder, args.texts, args.role) if args.skip_absent else ()
        scores = score_by_case(args.folder, lambda case_id: evidence.load(args.data, case=case_id), texts=args.texts,
                               role=args.role, without=without)
        lines = [f"left out, no text: {len(without)} rows ({', '.join(without)})"] if without else []
        lines += [f"== {case_id}\n{shown(result)}" for case_id, result in scores.items()]
        return "\n".join([*lines, f"== together\n{shown(combine(scores.values()))}"])
    return shown(score_folder(args.folder, evidence.load(args.data, case=args.case), texts=args.texts))


if __name__ == "__main__":
    raise SystemExit(main())
