"""How well ingest tells whose figure a number is: its claimants against claims written by hand.

A folder's ``expected_claims.csv`` (file, number, nth, claimant, note) names figures of its reports: ``number`` as
written in the text ("3,000", "Thousands"), ``nth`` its occurrence there (whole words, any case), ``claimant`` who
the report says gives it (``own reporting`` for the outlet's own; ``A|B`` when the text allows either). The sets of
other wars write theirs by value instead (file, event, quantity, low, high, qualifier, claimed_by, with
"X (own reporting)" for the outlet's own): there a figure is the report's first claim not yet matched whose value,
low or high is the figure's low or high.

An expected claim is **found** when one of the report's claims spans that occurrence (or has its value); its claimant is **right**
when the claim's ``claimed_by`` is the outlet's own reporting for ``own reporting``, else when its words and
one alternative's (case, articles and punctuation aside) hold one another ("a UN spokesman" and "UN spokesman").

- **found** = expected claims found / expected claims;
- **attribution** = found claims with the right claimant / found claims;
- **right** = expected claims found with the right claimant / expected claims.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from geo.errors import IngestError
from geo.ingest.candidates import IngestedReport
from geo.ingest.report_sets import MANIFEST, ingest_fixtures, read_manifest, read_report

if TYPE_CHECKING:  # the evidence is loaded by the caller (geo.scoring): ingest reads no data folder
    from geo.data.evidence import Evidence

EXPECTED_CLAIMS = "expected_claims.csv"
OWN = "own reporting"  # the claimant of a figure the outlet gives as its own
_WORD = re.compile(r"[^\W_]+")
_ARTICLES = {"the", "a", "an"}


@dataclass(frozen=True)
class ExpectedClaim:
    """One figure of a report and who gives it, as written by hand (line ``line`` of expected_claims.csv)."""

    file: str
    number: str
    nth: int  # 0 for a figure written by value (low, high)
    claimants: tuple[str, ...]
    line: int
    values: tuple[float, ...] = ()  # its low and high, for a figure written by value


@dataclass(frozen=True)
class ClaimantScore:
    """Expected claims found and their claimants right, with the ones that were not."""

    expected: int
    found: int
    right: int
    wrong: tuple[tuple[ExpectedClaim, str | None], ...]  # (the claim, the claimant ingest gave)
    unfound: tuple[ExpectedClaim, ...]

    @property
    def attribution(self) -> float:
        return self.right / self.found if self.found else 0.0

    def totals(self) -> str:
        """``claims found 0.900 (18/20), claimant right 0.750 (15/20), attribution of those found 0.833``."""
        found = self.found / self.expected if self.expected else 0.0
        right = self.right / self.expected if self.expected else 0.0
        return (f"claims found {found:.3f} ({self.found}/{self.expected}), claimant right {right:.3f} "
                f"({self.right}/{self.expected}), attribution of those found {self.attribution:.3f} "
                f"({self.right}/{self.found})")

    def describe(self) -> str:
        """The figures and every claim not found or wrongly attributed."""
        lines = [self.totals()]
        lines += [f"wrong claimant: {c.file} {c.number!r} #{c.nth}: {got!r}, expected {'|'.join(c.claimants)}"
                  for c, got in self.wrong]
        lines += [f"not found: {c.file} {c.number!r} #{c.nth}" for c in self.unfound]
        return "\n".join(lines)


def read_expected_claims(folder: Path) -> list[ExpectedClaim]:
    """The rows of a folder's expected_claims.csv; raises IngestError naming a bad row."""
    path = folder / EXPECTED_CLAIMS
    if not path.is_file():
        raise IngestError(f"{path}: missing; expected a CSV with columns file, number, nth, claimant, note")
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    claims = []
    by_value = "claimed_by" in (rows[0] if rows else {})
    for line, row in enumerate(rows, start=2):
        if by_value:
            claims.append(_by_value(path, line, row))
            continue
        for column in ("file", "number", "nth", "claimant"):
            if not (row.get(column) or "").strip():
                raise IngestError(f"{path.name}:{line}: {column}: required value is empty")
        if not row["nth"].isdigit() or int(row["nth"]) < 1:
            raise IngestError(f"{path.name}:{line}: nth: expected a whole number from 1, instead got {row['nth']!r}")
        claims.append(ExpectedClaim(file=row["file"], number=row["number"], nth=int(row["nth"]),
                                    claimants=tuple(c.strip() for c in row["claimant"].split("|")), line=line))
    return claims


def _by_value(path: Path, line: int, row: dict[str, str]) -> ExpectedClaim:
    """A figure written by value: file, low and/or high, claimed_by."""
    try:
        values = tuple(float(row[c]) for c in ("low", "high") if (row.get(c) or "").strip())
    except ValueError:
        raise IngestError(f"{path.name}:{line}: low/high: expected numbers, instead got "
                          f"{row.get('low')!r}, {row.get('high')!r}") from None
    who = (row.get("claimed_by") or "").strip()
    if not values or not who or not (row.get("file") or "").strip():
        raise IngestError(f"{path.name}:{line}: file, low or high, claimed_by: required values are empty")
    return ExpectedClaim(file=row["file"], number=row.get("quantity") or "", nth=0,
                         claimants=(OWN if who.endswith(f"({OWN})") else who,), line=line, values=values)


def occurrence(text: str, claim: ExpectedClaim) -> int:
    """Where in ``text`` the claim's number occurs for the ``nth`` time (whole words, any case)."""
    found = list(re.finditer(rf"(?<!\w){re.escape(claim.number)}(?!\w)", text, re.IGNORECASE))
    if len(found) < claim.nth:
        raise IngestError(f"{EXPECTED_CLAIMS}:{claim.line}: nth: {claim.file} holds {claim.number!r} "
                          f"{len(found)} times, not {claim.nth}")
    return found[claim.nth - 1].start()


def same_claimant(given: str | None, wanted: str) -> bool:
    """Whether ingest's claimant ``given`` is the claimant ``wanted`` (see the module's words)."""
    if given is None:
        return False
    if wanted == OWN:
        return given.endswith(f"({OWN})")
    ours, theirs = _words(given), _words(wanted)
    return bool(ours) and bool(theirs) and (_holds(ours, theirs) or _holds(theirs, ours))


def _words(name: str) -> tuple[str, ...]:
    return tuple(w for w in _WORD.findall(name.lower()) if w not in _ARTICLES)


def _holds(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    return any(words[i:i + len(part)] == part for i in range(len(words) - len(part) + 1))


def score_claimants(reports: Mapping[str, IngestedReport], texts: Mapping[str, str],
                    expected: Sequence[ExpectedClaim]) -> ClaimantScore:
    """Score the claims of ingested reports (keyed by file, with their ``texts``) against ``expected``."""
    found = right = 0
    wrong, unfound = [], []
    used: set[int] = set()
    for claim in expected:
        if claim.nth:
            at = occurrence(texts[claim.file], claim)
            given = [c for c in reports[claim.file].claims if c.start <= at < c.end]
        else:
            given = [c for c in reports[claim.file].claims if id(c) not in used
                     and set(claim.values) & {c.value, c.low, c.high}][:1]
            used.update(id(c) for c in given)
        if not given:
            unfound.append(claim)
            continue
        found += 1
        if any(same_claimant(given[0].claimed_by, wanted) for wanted in claim.claimants):
            right += 1
        else:
            wrong.append((claim, given[0].claimed_by))
    return ClaimantScore(expected=len(expected), found=found, right=right, wrong=tuple(wrong), unfound=tuple(unfound))


def score_folder_claimants(folder: Path, load: Callable[[str | None], Evidence], *,
                           texts: Path | None = None, without: Collection[str] = ()) -> ClaimantScore:
    """Score the claimants of the reports a folder's expected_claims.csv names, each read with its manifest row's
    case (``load(case)``; ``load(None)`` for a manifest without a case column), texts from ``texts`` (default: the
    folder); the claims of the files ``without`` names (texts not at hand) are left out."""
    expected = [claim for claim in read_expected_claims(folder) if claim.file not in without]
    files = {claim.file for claim in expected}
    rows = [row for row in read_manifest(folder) if row["file"] in files]
    unlisted = sorted(files - {row["file"] for row in rows})
    if unlisted:
        raise IngestError(f"{folder / EXPECTED_CLAIMS}: file: {unlisted[0]!r} is not a row of {MANIFEST}")
    by_case: dict[str | None, list[dict[str, str]]] = {}
    for row in rows:
        by_case.setdefault((row.get("case") or "").strip() or None, []).append(row)
    reports = {}
    for case, own in by_case.items():
        reports.update(ingest_fixtures(folder, load(case), texts=texts, rows=own))
    where = folder if texts is None else texts
    return score_claimants(reports, {file: read_report(where / file) for file in files}, expected)
