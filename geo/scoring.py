"""``python -m geo.scoring``: grade ingest on a folder of reports (the grading itself is :mod:`geo.ingest.scoring`).

This command loads the cases' evidence, which ingest itself never reads, and hands it to the grading.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from geo.data import cases, evidence
from geo.ingest.merging import merge_candidates
from geo.ingest.scoring import (
    EXPECTED,
    MANIFEST,
    combine,
    ingest_folder,
    score_by_case,
    score_folder,
    score_merged,
)
from geo.ingest.scoring import __doc__ as GRADING


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m geo.scoring [FOLDER [CASE]] [--texts DIR] [--role ROLE]``: print the figures."""
    parser = argparse.ArgumentParser(prog="python -m geo.scoring", description=GRADING.split("\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=cases.SHIPPED.parent.parent / "shared" / "reports",
                        help="folder with manifest.csv (and maybe expected.csv)")
    parser.add_argument("case", nargs="?", help="case id (default: the data folder's first case)")
    parser.add_argument("--texts", type=Path, metavar="DIR", help="folder holding the report texts")
    parser.add_argument("--role", metavar="ROLE", help="only the manifest rows of this role")
    parser.add_argument("--merged", action="store_true",
                        help="merge the candidates across the reports, then score each against the curated events")
    args = parser.parse_args(argv)
    if args.merged:
        loaded = evidence.load(case=args.case)
        merged = merge_candidates(ingest_folder(args.folder, loaded, texts=args.texts))
        print(score_merged(merged, loaded.events, loaded.case.timezone).describe())
        return 0
    header = (args.folder / MANIFEST).read_text(encoding="utf-8").partition("\n")[0].split(",") \
        if (args.folder / MANIFEST).is_file() else []
    if "case" in header and (args.folder / EXPECTED).is_file():
        scores = score_by_case(args.folder, lambda case_id: evidence.load(case=case_id), texts=args.texts,
                               role=args.role)
        for case_id, result in scores.items():
            print(f"== {case_id}\n{result.describe()}")
        print(f"== together\n{combine(scores.values()).describe()}")
        return 0
    print(score_folder(args.folder, evidence.load(case=args.case), texts=args.texts).describe())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
