"""A case's sources as evidence: each report's text kept in the case as an archived copy with its SHA-256.

:func:`add_source` stores a report's text under the case's ``sources/`` folder, records its hash, capture time and
address in a new ``sources.csv`` row and the addition in ``changes.csv``; it refuses what is not UTF-8 text and a
second copy of a text the case holds already. :func:`check_sources` is the rule ``evacmap validate`` keeps for
``sources.csv``: an address is http(s), a hash is 64 hexadecimal digits, an archived copy lies inside the case
folder, exists, and still has the hash recorded for it.

    add_source(case_dir, Path("report.txt").read_bytes(), outlet="Reuters", published=date(2016, 12, 15),
               url="https://www.reuters.com/...", file="report.txt")
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import fields
from datetime import UTC, date, datetime
from pathlib import Path, PurePosixPath

import pandas as pd

from geo import times
from geo.data import changes
from geo.data.cells import MAX_PROBLEMS_PER_COLUMN
from geo.data.schema import SLUG, SOURCES
from geo.data.tablefile import MAX_FILE_BYTES, decode, parse_csv, read_table
from geo.errors import DataFileError, Problem
from geo.sources import Source

logger = logging.getLogger(__name__)

FOLDER = "sources"
"""The folder of a case that holds its archived copies."""
SHA256 = re.compile(r"[0-9a-f]{64}")
MAX_SOURCE_BYTES = 32 * 1024**2  # a report is kilobytes; a text this large is not one report
_FILE = SOURCES.file


def sha256(data: bytes) -> str:
    """The SHA-256 of the bytes, as 64 lower-case hexadecimal digits."""
    return hashlib.sha256(data).hexdigest()


def _text_bytes(text_or_bytes: str | bytes, name: str) -> bytes:
    """The bytes to archive: UTF-8 text, not empty, without NUL; raises DataFileError naming ``name``."""
    try:
        data = text_or_bytes.encode("utf-8") if isinstance(text_or_bytes, str) else bytes(text_or_bytes)
    except UnicodeEncodeError as error:  # a lone surrogate: no UTF-8 holds it
        raise DataFileError(Problem(name, 0, "", f"character {error.object[error.start]!r} at {error.start} cannot be "
                                                 "UTF-8; expected a report's text")) from None
    if len(data) > MAX_SOURCE_BYTES:
        raise DataFileError(Problem(name, 0, "", f"is {len(data):,} bytes; a report's text is at most "
                                                 f"{MAX_SOURCE_BYTES:,}"))
    text, problems = decode(data, name)
    if problems:
        raise DataFileError([Problem(p.file, p.line, p.column, f"{p.message}; expected a report's text")
                             for p in problems])
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise DataFileError(Problem(name, line, "", "holds a NUL character (U+0000): not text; expected a report's "
                                                    "text, UTF-8"))
    if not text.strip():
        raise DataFileError(Problem(name, 0, "", "is empty; expected a report's text"))
    return data


def free_id(outlet: str, published: date, taken: set[str]) -> str:
    """The first of ``outlet_yyyymmdd``, ``outlet_yyyymmdd_2``, ... that ``taken`` lacks (``reuters_20161215``)."""
    words = re.sub(r"[^a-z0-9]+", "_", outlet.casefold()).strip("_") or "source"
    base = f"{words}_{published:%Y%m%d}"
    found, n = base, 1
    while found in taken:
        n += 1
        found = f"{base}_{n}"
    return found


def source_row(source: Source) -> dict[str, str]:
    """A source as its ``sources.csv`` row, in the file's column order."""
    cells = {f.name: getattr(source, f.name) for f in fields(Source)}
    cells["relays"] = "|".join(source.relays)
    cells["published"] = source.published.isoformat()
    cells["captured"] = source.captured.isoformat(timespec="seconds") if source.captured else ""
    return {name: str(cells[name]) for name in SOURCES.names}


def rows_with(old: bytes, row: Mapping[str, str]) -> bytes:
    """``sources.csv``'s bytes with ``row`` appended: after the old bytes as they are when the file has every column,
    else the whole file rewritten with the columns added since it was written (empty in its rows)."""
    text = old.decode("utf-8-sig")
    header = next(csv.reader(io.StringIO(text)), [])
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(SOURCES.names), lineterminator="\n")
    if header == list(SOURCES.names):
        writer.writerow(row)
        return old + (b"" if not old or old.endswith(b"\n") else b"\n") + out.getvalue().encode("utf-8")
    writer.writeheader()
    writer.writerows({name: r.get(name) or "" for name in SOURCES.names} for r in csv.DictReader(io.StringIO(text)))
    writer.writerow(row)
    return out.getvalue().encode("utf-8")


def holding_text(known: Sequence[Mapping[str, str]], digest: str) -> Mapping[str, str] | None:
    """The first of the ``sources.csv`` rows ``known`` that holds the text of SHA-256 ``digest``, or None."""
    return next((r for r in known if r.get("sha256") == digest), None)


def new_source(text_or_bytes: str | bytes, *, outlet: str, published: date, known: Sequence[Mapping[str, str]],
               url: str | None = None, language: str = "en", kind: str = "news article", source_id: str | None = None,
               file: str | None = None, captured: datetime | None = None,
               keep_copy: bool = True) -> tuple[Source, bytes]:
    """The source a report's text becomes beside the ``known`` rows of ``sources.csv`` (each with its ``_line``), and
    the bytes its archived copy holds; nothing is written. See :func:`add_source`, which keeps it, for the arguments
    and the DataFileError raised."""
    if not isinstance(published, date):
        raise ValueError(f"published: expected a date, instead got {published!r}")
    name = file or "the text"
    data = _text_bytes(text_or_bytes, name)
    digest = sha256(data)
    if (r := holding_text(known, digest)) is not None:
        raise DataFileError(Problem(name, 0, "", f"the case holds this text already as source {r['id']!r} "
                                                 f"({_FILE}:{r['_line']}); nothing was added"))
    taken = {r["id"] for r in known}
    if source_id is not None and (not re.fullmatch(SLUG, source_id) or source_id in taken):
        why = "is taken" if source_id in taken else "is not an id of a-z, 0-9 and _"
        raise DataFileError(Problem(_FILE, 0, "id", f"{source_id!r} {why}; nothing was added"))
    chosen = source_id or free_id(outlet, published, taken)
    archived = PurePosixPath(FOLDER, f"{chosen}.txt") if keep_copy else None
    when = times.aware(captured, "captured") if captured is not None else datetime.now(UTC).replace(microsecond=0)
    if archived is None and not file:
        raise DataFileError(Problem(_FILE, 0, "file", "a text kept outside the case needs its file name; nothing was "
                                                      "added"))
    name = file or (archived.name if archived is not None else "")  # one of the two, checked just above
    return Source(chosen, name, outlet.strip(), published, language.strip(), kind.strip(), url=(url or "").strip(),
                  sha256=digest, captured=when, archive=str(archived or "")), data


def add_source(case_dir: Path, text_or_bytes: str | bytes, *, outlet: str, published: date, url: str | None = None,
               language: str = "en", kind: str = "news article", source_id: str | None = None,
               file: str | None = None, captured: datetime | None = None,
               reason: str = "source added with its archived copy", keep_copy: bool = True) -> Source:
    """Keep a report's text in the case: its copy under ``sources/``, its row in ``sources.csv``, the addition in
    ``changes.csv``, and the case's ``datapackage.json`` rewritten to describe them; returns the new source.

    ``file`` names the report's own file (default: the copy's name), ``captured`` when the copy was taken (default:
    now). With ``keep_copy`` false the text stays where it is, outside the case (a case shipped without its texts):
    the row records its ``file``, hash and capture time and no ``archive``, and nothing is written under ``sources/``.
    The id is ``source_id`` or the first free ``outlet_yyyymmdd`` (then ``_2``, ...). Raises DataFileError, naming
    the file, for what is not UTF-8 text, a text the case holds already (its source id named), a taken or
    malformed id, or a row that would not validate; ExportError when a file cannot be written. Nothing is left
    written when it fails.
    """
    from geo.export import atomic  # the one atomic writer; imported late, as geo.export imports geo.data

    case_dir = Path(case_dir)
    path = case_dir / _FILE
    existing, problems = read_table(path, SOURCES) if path.exists() else (None, [])
    if problems:
        raise DataFileError(problems)
    known = [{str(k): v for k, v in r.items()} for r in existing.to_dict("records")] if existing is not None else []
    source, data = new_source(text_or_bytes, outlet=outlet, published=published, known=known, url=url,
                              language=language, kind=kind, source_id=source_id, file=file, captured=captured,
                              keep_copy=keep_copy)
    row = source_row(source)
    old = path.read_bytes() if path.exists() else b""
    new = rows_with(old, row)
    _, problems = parse_csv(new, SOURCES, _FILE)
    problems += check_sources(pd.DataFrame([{**row, "_line": 0}]), case_dir, copies=False)
    if problems:
        raise DataFileError([Problem(p.file, p.line, p.column, f"{p.message}; nothing was added") for p in problems])
    copy = case_dir / source.archive if source.archive else None
    if copy is not None:
        copy.parent.mkdir(exist_ok=True)
        atomic.write(copy, data)
    try:
        atomic.write(path, new, force=True)
    except BaseException:
        if copy is not None:
            copy.unlink(missing_ok=True)
        raise
    changes.append(case_dir, [changes.Change(source.captured or datetime.now(UTC), changes.editor(), _FILE, source.id,
                                             changes.WHOLE_ROW, "", json.dumps(row, ensure_ascii=False), reason)])
    _describe(case_dir)
    return source


def _describe(case_dir: Path) -> None:
    """Rewrite the case's ``datapackage.json`` for its new source and history (as ``evacmap package`` does); a case
    that does not load keeps its descriptor, with a warning."""
    from geo.data import evidence, package  # evidence imports this module (through validation)
    from geo.export import atomic

    try:
        loaded = evidence.load(case_dir)
    except DataFileError as error:
        logger.warning("%s: %s not rewritten, the case has %d problem(s); fix them and run `evacmap package`",
                       case_dir, package.DESCRIPTOR, len(error.problems))
        return
    atomic.write(case_dir / package.DESCRIPTOR, package.rewritten(loaded), force=True)


def check_sources(sources: pd.DataFrame, folder: Path, copies: bool = True) -> list[Problem]:
    """The rule over ``sources.csv``'s evidence columns (rows with ``_line``): an http(s) ``url``, a ``sha256`` of 64
    hexadecimal digits, an ``archive`` path inside ``folder`` that needs its ``sha256``, and (``copies``) each copy
    present with the hash recorded for it."""
    problems: list[Problem] = []
    root = folder.resolve()
    for r in sources.to_dict("records"):
        line, url, digest, kept = int(r["_line"]), str(r["url"]).strip(), str(r["sha256"]).strip(), str(r["archive"])
        if url and not re.match(r"https?://\S+$", url):
            problems.append(Problem(_FILE, line, "url", f"expected an http:// or https:// address, instead got {url!r}"))
        if digest and not SHA256.fullmatch(digest):
            problems.append(Problem(_FILE, line, "sha256", f"expected 64 hexadecimal digits (0-9, a-f), instead got "
                                                           f"{digest!r}"))
        if not kept.strip():
            continue
        copy = (folder / kept).resolve()
        if PurePosixPath(kept).is_absolute() or Path(kept).is_absolute() or not copy.is_relative_to(root):
            problems.append(Problem(_FILE, line, "archive", f"{kept!r} leaves the case folder; expected a path inside "
                                                            f"it, e.g. {FOLDER}/{r['id']}.txt"))
            continue
        if not digest:
            problems.append(Problem(_FILE, line, "sha256", f"the archived copy {kept!r} needs its SHA-256"))
        if copies:
            problems += _check_copy(copy, kept, digest, line)
    return problems[:MAX_PROBLEMS_PER_COLUMN * 4]


def _check_copy(copy: Path, kept: str, digest: str, line: int) -> list[Problem]:
    """An archived copy exists and still has its recorded hash."""
    if not copy.is_file():
        return [Problem(_FILE, line, "archive", f"{kept!r} is not a file in the case folder; the archived copy is "
                                                "missing")]
    try:
        size = copy.stat().st_size
        if size > MAX_FILE_BYTES:
            return [Problem(_FILE, line, "archive", f"{kept!r} is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}")]
        found = sha256(copy.read_bytes())
    except OSError as error:
        return [Problem(_FILE, line, "archive", f"{kept!r} cannot be read: {error.strerror or error}")]
    if digest and SHA256.fullmatch(digest) and found != digest:
        return [Problem(_FILE, line, "sha256", f"{kept!r} has SHA-256 {found}, not the {digest} recorded: the copy "
                                               "changed since it was archived")]
    return []

