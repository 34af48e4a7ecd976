"""``evacmap score``: grade ingest on a folder of reports (the grading itself is :mod:`geo.ingest.grading`).

This command loads the cases' evidence, which ingest itself never reads, and hands it to the grading. Bad input
(a missing folder or file, a role no row has, an unreadable text, a case folder that does not validate) ends it
with one line on standard error naming what and where, and exit status 2. ``python -m geo.scoring`` is the same
command under its older name (:mod:`geo.scoring`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from geo.errors import GeoError

SUMMARY = "Grade ingest on a folder of reports against the events expected of them, strictly and leniently."
SHARED_REPORTS = Path(__file__).resolve().parents[3] / "shared" / "reports"
"""The five real reports of December 2016, in the ``shared`` folder beside the repository."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's own arguments (the data folder and the case are evacmap's global ``--data`` and ``--case``)."""
    parser.add_argument("folder", nargs="?", type=Path, default=SHARED_REPORTS,
                        help="folder with manifest.csv (and maybe expected.csv); default ../shared/reports")
    parser.add_argument("--texts", type=Path, metavar="DIR", help="folder holding the report texts")
    parser.add_argument("--role", metavar="ROLE", help="only the manifest rows of this role")
    parser.add_argument("--skip-absent", action="store_true",
                        help="leave out the manifest rows whose text is not in the texts' folder (and say which)")
    parser.add_argument("--totals", action="store_true",
                        help="print only the figures: no missed event, unmatched candidate or wrong claimant")
    parser.add_argument("--claims", action="store_true",
                        help="score the claimants of the figures expected_claims.csv names instead of the events")
    parser.add_argument("--merged", action="store_true",
                        help="merge the candidates across the reports, then score each against the curated events")


def cmd_score(args: argparse.Namespace) -> int:
    """Print the figures for the parsed arguments of ``evacmap score``; bad input raises :class:`GeoError`."""
    data = getattr(args, "data", None)
    print(grade(args.folder, data=Path(data) if data else None, case=getattr(args, "case", None), texts=args.texts,
                role=args.role, skip_absent=args.skip_absent, totals=args.totals, claims=args.claims,
                merged=args.merged))
    return 0


def grade(folder: Path, *, data: Path | None = None, case: str | None = None, texts: Path | None = None,
          role: str | None = None, skip_absent: bool = False, totals: bool = False, claims: bool = False,
          merged: bool = False) -> str:
    """What the command prints: each case's figures and the total, or the claimants' (``claims``), or the merged
    candidates' (``merged``)."""
    from geo.data import evidence  # here, not at the top: ``evacmap --help`` imports neither pandas nor ingest
    from geo.ingest.claimant_scoring import score_folder_claimants
    from geo.ingest.grading import Score, combine, score_by_case, score_folder, score_merged
    from geo.ingest.merging import merge_candidates
    from geo.ingest.report_sets import EXPECTED, MANIFEST, absent_texts, ingest_folder

    def shown(result: Score) -> str:
        return result.totals() if totals else result.describe()

    if data is not None and not data.is_dir():
        raise GeoError(f"--data: {data}: no such folder; expected a folder of cases or one case folder")
    if claims:
        absent = absent_texts(folder, texts) if skip_absent else ()
        scored = score_folder_claimants(folder, lambda case_id: evidence.load(data, case=case_id or case),
                                        texts=texts, without=absent)
        found = scored.totals() if totals else scored.describe()  # a never-read set's wrong claimants stay unread
        return "\n".join([f"left out, no text: {len(absent)} rows ({', '.join(absent)})", found] if absent else [found])
    if merged:
        loaded = evidence.load(data, case=case)
        return score_merged(merge_candidates(ingest_folder(folder, loaded, texts=texts)), loaded.events,
                            loaded.case.timezone).describe()
    header = (folder / MANIFEST).read_text(encoding="utf-8").partition("\n")[0].split(",") \
        if (folder / MANIFEST).is_file() else []
    if "case" in header and (folder / EXPECTED).is_file():
        without = absent_texts(folder, texts, role) if skip_absent else ()
        scores = score_by_case(folder, lambda case_id: evidence.load(data, case=case_id), texts=texts, role=role,
                               without=without)
        lines = [f"left out, no text: {len(without)} rows ({', '.join(without)})"] if without else []
        lines += [f"== {case_id}\n{shown(result)}" for case_id, result in scores.items()]
        return "\n".join([*lines, f"== together\n{shown(combine(scores.values()))}"])
    return shown(score_folder(folder, evidence.load(data, case=case), texts=texts))


def main(argv: Sequence[str] | None = None, *, prog: str = "python -m geo.scoring") -> int:
    """The command under its older name, ``python -m geo.scoring [FOLDER [CASE]] [--data DIR] …``: the figures, or
    2 and one line on standard error on bad input."""
    parser = argparse.ArgumentParser(prog=prog, description=SUMMARY)
    add_arguments(parser)
    parser.add_argument("case", nargs="?", help="case id (default: the data folder's default case)")
    parser.add_argument("--data", metavar="DIR",
                        help="the folder of cases (or one case folder) to read the reports with (default: $EVACMAP_DATA "
                             "or the shipped data/)")
    args = parser.parse_args(argv)
    try:
        return cmd_score(args)
    except (GeoError, OSError) as error:
        lines = str(error).strip().splitlines() or [type(error).__name__]
        more = f" (and {len(lines) - 1} more lines)" if len(lines) > 1 else ""
        print(f"{prog}: error: {lines[0]}{more}", file=sys.stderr)
        return 2
