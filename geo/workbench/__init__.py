"""From candidates to rows: the review file of merged candidates and accepting the reviewed rows into a case.

Owns reading a case's own sources for review (:mod:`~geo.workbench.reading`: each text from the case's archived
copy, with its own date and outlet), the review table (:mod:`~geo.workbench.review`: one row per merged candidate,
its columns, its claims as a compact list a reviewer edits in a spreadsheet, reading a reviewed file back) and the
accept step (:mod:`~geo.workbench.accept`: the accepted rows become ``events.csv`` and ``claims.csv`` rows with the
next free ids, the would-be case validated first, written atomically, each change in ``changes.csv``; the loose
reports the rows cite that the case lacks become its sources in the same write, :mod:`~geo.workbench.newsources`). ``evacmap
ingest --format csv``, ``evacmap accept`` and the dashboard's review table all go through here. May import
:mod:`geo.export` (its atomic writer), :mod:`geo.ingest`, :mod:`geo.data` and the shared domain; only the CLI and
:mod:`geo.app` import it.
"""

from geo.workbench.accept import Accepted, accept, accept_file, row_problems
from geo.workbench.newsources import LooseReport
from geo.workbench.review import COLUMNS, DRAFT, ReviewRow, from_frame, read_review, review_csv, review_frame, review_rows

__all__ = ["COLUMNS", "DRAFT", "Accepted", "LooseReport", "ReviewRow", "accept", "accept_file", "from_frame", "read_review",
           "review_csv", "review_frame", "review_rows", "row_problems"]
