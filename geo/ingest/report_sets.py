"""A folder of reports to grade ingest on: its ``manifest.csv``, its hand-written ``expected.csv``, the texts
(from the folder or another, ``texts``), each ingested with the evidence of its case.

:mod:`geo.ingest.grading` and :mod:`geo.ingest.claimant_scoring` grade what these functions read.
"""

from __future__ import annotations

import csv
from datetime import date, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from geo import times
from geo.errors import IngestError
from geo.holdings import sides_ever
from geo.ingest.candidates import IngestedReport
from geo.ingest.report import ingest_text

if TYPE_CHECKING:  # the evidence is loaded by the caller (geo.scoring): ingest reads no data folder
    from collections.abc import Sequence

    from geo.data.evidence import Evidence

MANIFEST = "manifest.csv"
EXPECTED = "expected.csv"  # hand-written expected events of a fixture folder


def read_manifest(folder: Path, role: str | None = None) -> list[dict[str, str]]:
    """The rows of a reports folder's manifest.csv: file, outlet, published (and maybe case, role);
    only those of ``role`` when it is given."""
    path = folder / MANIFEST
    if not folder.is_dir():
        raise IngestError(f"{folder}: no such folder; expected a folder of reports with a {MANIFEST}")
    if not path.is_file():
        raise IngestError(f"{path}: missing; expected a CSV with columns file, outlet, published")
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for line, row in enumerate(rows, start=2):
        for column in ("file", "outlet", "published"):
            if not (row.get(column) or "").strip():
                raise IngestError(f"{path.name}:{line}: {column}: required value is empty")
    if role is not None:
        rows = [row for row in rows if (row.get("role") or "").strip() == role]
        if not rows:
            raise IngestError(f"{path}: no row has role {role!r}")
    return rows


def ingest_folder(folder: Path, loaded: Evidence, *, texts: Path | None = None) -> dict[str, IngestedReport]:
    """Ingest every report a manifest lists, keyed by the id ``sources.csv`` gives its file, reading each
    text from ``texts`` (default: the manifest's folder)."""
    texts = folder if texts is None else texts
    by_file = {source.file: source.id for source in loaded.sources.values()}
    reports = {}
    for line, row in enumerate(read_manifest(folder), start=2):
        if row["file"] not in by_file:
            raise IngestError(f"{MANIFEST}:{line}: file: {row['file']!r} is not a file in sources.csv")
        try:
            published = date.fromisoformat(row["published"])
        except ValueError:
            raise IngestError(f"{MANIFEST}:{line}: published: expected YYYY-MM-DD, instead got {row['published']!r}") from None
        text = read_report(texts / row["file"])
        reports[by_file[row["file"]]] = ingest_text(text, published, row["outlet"], loaded.gazetteer, file=row["file"],
                                                    zone=loaded.case.timezone, sides=sides_ever(loaded.holdings),
                                                    place_references=loaded.place_references)
    return reports


def read_expected(folder: Path, zone: tzinfo) -> pd.DataFrame:
    """A fixture folder's hand-written expected events as curated events: ids ``x1``, ``x2`` ...,
    each citing its report's file name, spanning its local days ``first``..``last`` (in ``zone``)."""
    path = folder / EXPECTED
    if not path.is_file():
        raise IngestError(f"{path}: missing; expected a CSV with columns file, first, last, place_id, type")
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    events = []
    for line, row in enumerate(rows, start=2):
        try:
            first, last = date.fromisoformat(row["first"]), date.fromisoformat(row["last"])
        except (KeyError, TypeError, ValueError):
            raise IngestError(f"{path.name}:{line}: first/last: expected YYYY-MM-DD dates, "
                              f"instead got {row.get('first')!r}, {row.get('last')!r}") from None
        events.append({"id": f"x{line - 1}", "start": pd.Timestamp(times.local_day_start(first, zone)),
                       "end": pd.Timestamp(times.local_day_span(last, zone)[1]), "place_id": row["place_id"],
                       "type": row["type"], "sources": row["file"]})
    return pd.DataFrame(events, columns=["id", "start", "end", "place_id", "type", "sources"])


def ingest_fixtures(folder: Path, loaded: Evidence, *, texts: Path | None = None,
                    rows: Sequence[dict[str, str]] | None = None) -> dict[str, IngestedReport]:
    """Ingest every report a manifest lists (or the given ``rows`` of it), keyed by its file name (what
    ``expected.csv`` cites), reading each text from ``texts`` (default: the manifest's folder)."""
    reports = {}
    texts = folder if texts is None else texts
    for line, row in enumerate(read_manifest(folder) if rows is None else rows, start=2):
        try:
            published = date.fromisoformat(row["published"])
        except ValueError:
            raise IngestError(f"{MANIFEST}:{line}: published: expected YYYY-MM-DD, instead got {row['published']!r}") from None
        text = read_report(texts / row["file"])
        reports[row["file"]] = ingest_text(text, published, row["outlet"], loaded.gazetteer, file=row["file"],
                                           zone=loaded.case.timezone, sides=sides_ever(loaded.holdings),
                                           place_references=loaded.place_references)
    return reports


def read_report(path: Path) -> str:
    """A report's text; raises IngestError naming the file when it is missing or unreadable."""
    if not path.is_file():
        raise IngestError(f"{path}: missing; the manifest lists it (give the texts' folder with --texts)")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise IngestError(f"{path}: byte {error.start}: not UTF-8 text ({error.reason})") from None
    except OSError as error:
        raise IngestError(f"{path}: cannot be read ({error.strerror})") from None


def absent_texts(folder: Path, texts: Path | None = None, role: str | None = None) -> tuple[str, ...]:
    """The files a manifest lists (those of ``role`` when given) whose text is not in ``texts`` (default: the
    manifest's folder)."""
    texts = folder if texts is None else texts
    return tuple(row["file"] for row in read_manifest(folder, role) if not (texts / row["file"]).is_file())
