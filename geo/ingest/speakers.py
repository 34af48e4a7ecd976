"""Who said each claimed number: the speaker of its sentence, else of a neighbouring one, else the outlet.

:func:`attribute` gives each claim without a speaker in its sentence the most likely one;
:func:`with_speakers` hands those to the candidate events that carry the claims.
"""

from __future__ import annotations

from dataclasses import replace

from geo.ingest import claimants
from geo.ingest.candidates import CandidateEvent
from geo.ingest.cleaning import Paragraph
from geo.ingest.quantities import QuantityClaim


def attribute(claims: list[tuple[int, QuantityClaim]], spans: list[tuple[Paragraph, tuple[int, int]]], text: str,
              outlet: str | None) -> list[QuantityClaim]:
    """Give each claim without a speaker in its sentence the most likely one.

    In order: a speaker named in a neighbouring sentence of its paragraph; when the
    paragraph's speaker is a pronoun ("he said"), the last speaker named before it;
    else the outlet, as its own reporting. Each sentence and paragraph is read at most once.
    """
    said: dict[int, str | None] = {}
    pronoun: dict[Paragraph, bool] = {}
    earlier: dict[int, str | None] = {}  # sentence -> the last speaker named in a sentence before it

    def speaker(j: int) -> str | None:
        if j not in said:
            said[j] = claimants.attribution(text[spans[j][1][0]:spans[j][1][1]])
        return said[j]

    def speaker_before(index: int) -> str | None:
        waiting, j = [], index
        while j > 0 and j not in earlier:
            if speaker(j - 1):
                earlier[j] = speaker(j - 1)
                break
            waiting.append(j)
            j -= 1
        found = earlier.get(j)
        for k in waiting:
            earlier[k] = found
        return earlier.get(index, found)

    first_of: dict[Paragraph, int] = {}
    last_of: dict[Paragraph, int] = {}
    for j, (paragraph, _) in enumerate(spans) if any(c.claimed_by is None for _, c in claims) else ():
        first_of.setdefault(paragraph, j)
        last_of[paragraph] = j
    result = []
    for index, claim in claims:
        if claim.claimed_by is None:
            paragraph = spans[index][0]
            same = range(first_of[paragraph], last_of[paragraph] + 1)
            near = [j for j in (index + 1, index - 1, index + 2, index - 2) if j in same and speaker(j)]
            if paragraph not in pronoun and not near:
                pronoun[paragraph] = any(claimants.by_pronoun(text[spans[j][1][0]:spans[j][1][1]]) for j in same)
            if near:
                who = speaker(near[0])
            elif pronoun[paragraph]:
                who = speaker_before(same.start) or _own(outlet)
            else:
                who = _own(outlet)
            claim = replace(claim, claimed_by=who)
        result.append(claim)
    return result


def _own(outlet: str | None) -> str | None:
    """The speaker of a number the outlet gives as its own reporting."""
    return f"{outlet} (own reporting)" if outlet else None


def with_speakers(event: CandidateEvent, by_span: dict[tuple[int, int], QuantityClaim]) -> CandidateEvent:
    """The event with its claims as :func:`attribute` attributed them."""
    claims = tuple(by_span[(c.start, c.end)] for c in event.claims)
    return event if all(a is b for a, b in zip(claims, event.claims)) else replace(event, claims=claims)
