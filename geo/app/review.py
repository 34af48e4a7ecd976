"""Reviewing candidate events: reading the pasted or uploaded reports (or the case's own sources), merging what
several describe into one candidate per event, the review table's edits and decisions, and saving the accepted rows.

Several reports read at once are reviewed as merged candidates (:func:`geo.ingest.merge_candidates`:
same place, same type, overlapping days), one row each with every report that describes it, so a
reviewer accepts an event once however many reports tell it; the accepted rows cite them all.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from datetime import date, datetime, tzinfo
from pathlib import Path

import pandas as pd

from geo import ingest, workbench
from geo.app.files import report_text
from geo.data.evidence import Evidence
from geo.errors import DataFileError, IngestError, Problem
from geo.holdings import sides_ever
from geo.ingest.candidates import EVIDENCE_SEPARATOR, IngestedReport
from geo.ingest.merging import MergedCandidate
from geo.workbench import reading
from geo.workbench.newsources import COLUMN as NEW_SOURCES
from geo.workbench.review import span

ACCEPT, REJECT = "accept", "reject"
SELECT = "select"  # the review table's checkbox column, for "Accept selected" and "Reject selected"
TABLE_NAME = "review table"  # how a problem names the table (its rows numbered from 1)
ACCEPT_REASON = "accepted in the dashboard's review table"
ROW_FIELDS = ("type", "place_id", "start", "end", "time_precision", "geo_precision", "actors", "summary", "claims")
"""The cells of one row that "Review one row" edits, in the table's column names."""
REQUEST_FILES = 10
"""The most report files one click of "Find candidate events" reads."""
REQUEST_CHARS = 500_000
"""The most characters (pasted and uploaded together) one click reads. Measured through :func:`read_report` on the
shipped December case, one core of the project's 2-core machine, CPU clock: the 147 unseen reports (214,503
characters) at 2.9 µs a character read one by one (2.0 µs joined as one text), and a text dense with place names,
numbers and weekdays at 5.0 µs a character (300,000 characters: 1.51 CPU-s). So a click of 500,000 characters
costs about 1 to 2.5 CPU-seconds (5 on a server busy enough to run twice as slow), where 4 × 2,000,000 cost 138."""
REQUEST_BYTES = 4 * REQUEST_CHARS  # an uploaded file's cap: 500,000 characters of UTF-8 take at most this many bytes
# an uploaded file named as a source id says its outlet and publication date: "reuters_20161215.txt"
_SOURCE_NAME = re.compile(r"(?P<outlet>[A-Za-z0-9][\w-]*?)_(?P<day>\d{8})(?:_\d+)?\.txt", re.IGNORECASE)


def read_report(text: str, published: date | None, outlet: str | None, evidence: Evidence, *,
                upload: tuple[str, bytes] | None = None) -> IngestedReport:
    """The candidate events of a pasted report, or of an uploaded ``(name, bytes)`` one instead.

    Raises :class:`~geo.errors.IngestError` saying what is missing (no text, no publication date) or wrong;
    text over :data:`geo.ingest.REQUEST_MAX_CHARS` is refused, so one request cannot hold the server for long.
    """
    if upload is not None:
        text = report_text(*upload)
    if not text.strip():
        raise IngestError("paste a report's text or upload a .txt file first")
    if published is None:
        raise IngestError("give the report's publication date: relative dates (Thursday, yesterday) count from it")
    return ingest.ingest_text(text, published, outlet or None, evidence.gazetteer, zone=evidence.case.timezone,
                              sides=sides_ever(evidence.holdings), place_references=evidence.place_references,
                              file=upload[0] if upload is not None else "pasted", limit=ingest.REQUEST_MAX_CHARS)


def named(name: str) -> tuple[str | None, date | None]:
    """The outlet and publication date an uploaded file's name gives (``reuters_20161215.txt`` -> ``("reuters",
    2016-12-15)``), or ``(None, None)`` for any other name or an impossible date."""
    m = _SOURCE_NAME.fullmatch(name)
    if m is None:
        return None, None
    try:
        day = datetime.strptime(m["day"], "%Y%m%d").date()
    except ValueError:
        return None, None
    return m["outlet"].replace("_", " "), day


def read_reports(text: str, published: date | None, outlet: str | None, evidence: Evidence, *,
                 uploads: Sequence[tuple[str, bytes]] = (),
                 outlets: Mapping[str, str] | None = None) -> dict[str, IngestedReport]:
    """The pasted report and every uploaded ``(name, bytes)`` one, read at once, keyed by source id
    (:func:`geo.ingest.by_source`). An upload is read with the outlet given beside it (``outlets``: name -> outlet),
    else the one its name gives when it is named as a source id (``reuters_20161215.txt``, also its date), else
    ``outlet``; every other report with the ``published`` and ``outlet`` given.

    Raises :class:`~geo.errors.IngestError` as :func:`read_report` does, naming the upload at fault, and before
    anything is read when the request holds more than :data:`REQUEST_FILES` files or :data:`REQUEST_CHARS`
    characters.
    """
    check_request(text, uploads)
    reports = [read_report(text, published, outlet, evidence)] if text.strip() or not uploads else []
    for name, data in uploads:
        own_outlet, own_day = named(name)
        given = ((outlets or {}).get(name) or "").strip()
        reports.append(read_report("", own_day or published, given or own_outlet or outlet, evidence,
                                   upload=(name, data)))
    return ingest.by_source(reports)


def loose_reports(reports: Mapping[str, IngestedReport], text: str, uploads: Sequence[tuple[str, bytes]] = (),
                  urls: Mapping[str, str] | None = None) -> dict[str, workbench.LooseReport]:
    """The texts :func:`read_reports` read, by the source id it gave each (the pasted text first, as it reads
    them), with the date and outlet each was read with and the address given beside an upload (``urls``: name ->
    address): what Save adds to the case's sources for the rows citing them (:func:`geo.workbench.accept`)."""
    texts = ([("", text.encode("utf-8"))] if text.strip() or not uploads else []) + list(uploads)
    return {key: workbench.LooseReport(name, data, report.published, (report.outlet or "").strip(),
                                       ((urls or {}).get(name) or "").strip() if name else "")
            for (key, report), (name, data) in zip(reports.items(), texts, strict=True)}


def check_request(text: str, uploads: Sequence[tuple[str, bytes]]) -> None:
    """Raise IngestError when one click asks for more than :data:`REQUEST_FILES` files or :data:`REQUEST_CHARS`
    characters; bytes are counted before any file is decoded (UTF-8 holds at least one character in four bytes)."""
    if len(uploads) > REQUEST_FILES:
        raise IngestError(f"{len(uploads)} files: one click reads at most {REQUEST_FILES}; remove some and try again")
    chars = len(text) + sum(min(len(data), REQUEST_BYTES + 1) for _, data in uploads)
    if chars > REQUEST_CHARS:  # maybe only in bytes: count the characters of what is UTF-8
        chars = len(text) + sum(_chars(data) for _, data in uploads)
    if chars > REQUEST_CHARS:
        raise IngestError(f"{chars:,} characters: one click reads at most {REQUEST_CHARS:,} (pasted and uploaded "
                          "together); split the reports over several clicks, or run `evacmap ingest` on them")


_CONTINUING = bytes(range(0x80, 0xC0))  # the bytes that continue a UTF-8 character


def _chars(data: bytes) -> int:
    """The characters of UTF-8 bytes (the bytes that do not continue a character), without decoding them."""
    return len(data.translate(None, _CONTINUING))


def merged(reports: Mapping[str, IngestedReport]) -> tuple[MergedCandidate, ...]:
    """The candidates of the reports read at once, one per event (:func:`geo.ingest.merge_candidates`)."""
    return ingest.merge_candidates(reports)


def review_table(candidates: Sequence[MergedCandidate]) -> pd.DataFrame:
    """The review table of merged candidates: a :data:`SELECT` checkbox (off) then the review file's columns
    (:data:`geo.workbench.COLUMNS`), one row each, undecided, with a draft summary."""
    table = workbench.review_frame(workbench.review_rows(candidates)).drop(columns=[NEW_SOURCES])  # kept in the session
    table.insert(0, SELECT, False)
    return table


def with_edits(table: pd.DataFrame, edited_rows: Mapping[int | str, Mapping[str, object]]) -> pd.DataFrame:
    """The table with the review table's edits (row -> changed cells) applied; a blank cell is ``""``, edits of rows
    or columns that are not there are ignored."""
    out = table.copy()
    for row, edit in edited_rows.items():
        if not 0 <= int(row) < len(out):
            continue
        for column, value in edit.items():
            if column in out.columns:
                out.at[out.index[int(row)], column] = bool(value) if column == SELECT else ("" if value is None else
                                                                                            str(value))
    return out


def decide_selected(table: pd.DataFrame, decision: str) -> pd.DataFrame:
    """The table with ``decision`` (accept or reject) on every selected row, and nothing selected any more."""
    out = table.copy()
    chosen = out[SELECT].astype(bool)
    out.loc[chosen, "decision"] = decision
    out[SELECT] = False
    return out


def not_rejected(table: pd.DataFrame) -> list[int]:
    """The positions of the rows not rejected (what the map shows as candidates)."""
    return [n for n, decision in enumerate(table["decision"]) if str(decision).casefold() != REJECT]


def row_cells(table: pd.DataFrame, candidate: str) -> dict[str, str]:
    """The :data:`ROW_FIELDS` cells of ``candidate``'s row, as text (a blank cell is ``""``)."""
    row = table.iloc[_position(table, candidate)]
    return {name: "" if pd.isna(row[name]) else str(row[name]) for name in ROW_FIELDS}


def row_edits(filled: Mapping[str, str], shown: Mapping[str, object]) -> dict[str, str]:
    """The fields whose value ``shown`` now differs from what they were ``filled`` with (ends trimmed): what the
    reviewer changed, so a field left alone never undoes an edit the row had from the table meanwhile."""
    now = {name: "" if value is None else str(value).strip() for name, value in shown.items()}
    return {name: value for name, value in now.items() if value != str(filled.get(name, "")).strip()}


def row_label(table: pd.DataFrame, candidate: str, place_names: Mapping[str, str]) -> str:
    """How the row is offered for choosing: its id, type and place (by name), e.g. ``k002: arrival at Eastfield
    camp``. A chooser keeps the label it was first given (Streamlit's selectbox sends back the label, so one that
    changed under an edit or a decision would lose the choice)."""
    row = table.iloc[_position(table, candidate)]
    place = place_names.get(str(row["place_id"]), str(row["place_id"])) or "no place"
    return f"{candidate}: {str(row['type']).replace('_', ' ')} at {place}"


def evidence_sentences(evidence: str) -> list[str]:
    """A row's evidence, one sentence of a report each (``[source_id] sentence``), as merging joined them."""
    return [part.strip() for part in str(evidence).split(EVIDENCE_SEPARATOR) if part.strip()]


def take_row(table: pd.DataFrame, candidate: str, edits: Mapping[str, object], decision: str | None, zone: tzinfo, *,
             allowed: Mapping[str, Collection[str]] | None = None) -> pd.DataFrame:
    """The table with one row's ``edits`` (:data:`ROW_FIELDS` only) and ``decision`` (accept, reject, or ``None`` to
    keep the row's own) taken in; every other row, and the table given, as they were.

    Unless the row ends up rejected, its days must read in the case's ``zone`` with the end not before the start,
    and each cell named in ``allowed`` must be one of its values (``{"type": event_types, "place_id": places}``);
    a row that ends up accepted must also be one :func:`save` takes (a summary written or confirmed, readable
    claims). Raises DataFileError otherwise, each problem naming the row as :func:`save` does (``review table:2:
    end: k002: ...``), and changes nothing.
    """
    if decision not in (ACCEPT, REJECT, None):
        raise ValueError(f"decision: expected {ACCEPT!r}, {REJECT!r} or None, instead got {decision!r}")
    position = _position(table, candidate)
    label, line = table.index[position], position + 1
    unknown = [name for name in edits if name not in ROW_FIELDS]
    if unknown:
        raise DataFileError([Problem(TABLE_NAME, line, name, f"{candidate}: not a field one row's review edits; "
                                                             f"expected one of {', '.join(ROW_FIELDS)}")
                             for name in unknown])
    out = table.copy()
    for name, value in edits.items():
        out.at[label, name] = "" if value is None else str(value).strip()
    if decision is not None:
        out.at[label, "decision"] = decision
    row = workbench.from_frame(out.iloc[[position]].drop(columns=[SELECT], errors="ignore"), first_line=line)[0]
    final = row.decision.casefold()
    problems: list[Problem] = []
    if final != REJECT:
        for name, values in (allowed or {}).items():
            if getattr(row, name) not in values:
                problems.append(Problem(TABLE_NAME, line, name, f"{candidate}: {getattr(row, name)!r} is not one of "
                                                                "the case's; choose one it has"))
        problems += _day_problems(row, zone, line)
    if final == ACCEPT:
        problems += workbench.row_problems(row, TABLE_NAME)
    if problems:
        raise DataFileError(problems)
    return out


def _day_problems(row: workbench.ReviewRow, zone: tzinfo, line: int) -> list[Problem]:
    """The row's days read in ``zone``, as :func:`geo.workbench.review.span` reads them, and in order."""
    start, end, wrong = span(row, zone)
    if wrong:
        column, message = wrong.split(": ", 1)
        return [Problem(TABLE_NAME, line, column, f"{row.candidate}: {message}")]
    day_end = bool(re.fullmatch(r"\d{4}-\d{2}-\d{2}", row.end))  # lasts to the day's end: ends with the day before
    if end and (pd.Timestamp(end) < pd.Timestamp(start) or day_end and pd.Timestamp(end) <= pd.Timestamp(start)):
        return [Problem(TABLE_NAME, line, "end", f"{row.candidate}: {row.end} is before the start {row.start}; give "
                                                 "an end on or after the start, or none for one day")]
    return []


def _position(table: pd.DataFrame, candidate: str) -> int:
    """The position of ``candidate``'s row (from 0); KeyError naming it when the table has none (or two)."""
    found = [n for n, c in enumerate(table["candidate"]) if c == candidate]
    if len(found) != 1:
        raise KeyError(f"candidate {candidate!r}: {len(found)} rows of the review table have it, expected one")
    return found[0]


def save(folder: Path, table: pd.DataFrame, reason: str = ACCEPT_REASON,
         reports: Mapping[str, workbench.LooseReport] | None = None) -> tuple[workbench.Accepted, pd.DataFrame]:
    """Write the table's accepted rows into the case with :func:`geo.workbench.accept` (the one path of ``evacmap
    accept``: validated first, nothing written otherwise), the pasted and uploaded ``reports`` they cite
    (:func:`loose_reports`) added to its sources in the same write; returns what was written and the rows left to
    review.

    Raises DataFileError with each problem, a row's named by its row in the table (``review table:2: summary: ...``).
    """
    rows = workbench.from_frame(table.drop(columns=[SELECT]), first_line=1)
    done = workbench.accept(folder, rows, reason=reason, name=TABLE_NAME, reports=reports)
    saved = {candidate for candidate, _ in done.events}
    return done, table.loc[~table["candidate"].isin(saved)].reset_index(drop=True)


def case_candidates(evidence: Evidence) -> tuple[dict[str, IngestedReport], tuple[MergedCandidate, ...], list[str]]:
    """The case's own sources read for review (their archived copies, each with its own date), their merged
    candidates the case does not hold yet (:func:`geo.workbench.reading.unrecorded`), and the ids of the sources
    without a text in the case."""
    reports, missing = reading.case_reports(evidence, limit=ingest.REQUEST_MAX_CHARS)
    merged, _ = reading.unrecorded(evidence, ingest.merge_candidates(reports))
    return reports, tuple(merged), missing
