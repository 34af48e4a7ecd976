"""The place a sentence that names none takes: that of an event in the sentence before, or the dateline's.

A sentence with a trigger but no usable place takes the place of an event of its type in the
sentence before it, in its paragraph (:func:`choose`: "There the evacuees changed vehicles"), at
ACLED geo precision 2 (:data:`CARRIED_PRECISION`: near it or in part of it, since the sentence does
not name it); an arrival takes, before any other, the place the sentence before said people
headed for ("left X for Idlib. They reached the city before noon"). With none, the first place its
paragraph's dateline names, else the report's first dateline, at geo precision 3
(:data:`DATELINE_PRECISION`: only where the report was filed; :func:`datelines`). Nothing is carried
(:func:`allowed`) to an arrival where people were said to leave, nor to the toll of an attack
already told ("30 gunmen were killed in the blast").
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from geo.ingest import triggers
from geo.ingest.cleaning import Paragraph
from geo.ingest.mentions import Mention
from geo.places.gazetteer import Gazetteer, Place

# The geo precision of an event whose sentence names no place of its own: near the place of the
# sentence before (2), or only somewhere around where the report was filed, its dateline (3).
CARRIED_PRECISION = 2
DATELINE_PRECISION = 3
HEADING = "heading"  # the type a carried place has when people only headed there (a destination with no arrival)
# a departure from somewhere the sentence names but the gazetteer does not know ("evacuated from two
# villages"): the place of the sentence before is not where they left from
FROM_ELSEWHERE = re.compile(r"(?:\s+[\w-]+){0,2}\s+from\b")
# a toll of an attack already told: "were killed in the blast", "died in that attack"
_TOLL = re.compile(r"\b(?:killed|dead|died|wounded|injured)\s+(?:in|by)\s+(?:the|this|that)\s+")


# A place a following sentence may refer back to ("There ..."): its mention, the place, whether it
# was refined (near it, or a side's region), the ACLED geo precision an event there gets at best, and
# the type of the event it had ("" for a dateline). A sentence hands on every place it gave an event.
Carried = tuple[Mention, Place, bool, int, str]


def choose(carried: Sequence[Carried], kind: str) -> Carried | None:
    """The carried place an event of ``kind`` takes: one whose event had its type; for an arrival, else where
    the sentence before said people headed; else the last place that had an event."""
    same = next((c for c in carried if c[4] == kind), None)
    if same is None and kind == "arrival":
        same = next((c for c in carried if c[4] == HEADING), None)
    return same or next((c for c in reversed(carried) if c[4] != HEADING), None)


def allowed(reading: triggers.Reading, kind: str, before: str) -> bool:
    """Whether an event of ``kind`` in a sentence naming no place may take the place of the one before, an
    event of type ``before``: not an arrival where people were said to leave, nor the toll of an attack
    already told ("30 gunmen were killed in the blast")."""
    if kind == "arrival" and before == "departure":
        return False
    return not (kind in ("attack", "clash") and _TOLL.search(reading.low))


def datelines(gazetteer: Gazetteer, context: Set[str], spans: list[tuple[Paragraph, tuple[int, int]]],
              found: list[tuple[Mention, ...]]) -> dict[Paragraph, Carried]:
    """Each paragraph's fallback place: the first place its own dateline names, else the first the
    report's first dateline names (context places never), at :data:`DATELINE_PRECISION`."""
    own: dict[Paragraph, Carried] = {}
    for i, (paragraph, _) in enumerate(spans):
        if paragraph.body > paragraph.start and paragraph not in own:
            named = next((m for m in found[i] if m.start < paragraph.body and m.place_id not in context), None)
            if named is not None:
                own[paragraph] = (named, gazetteer[named.place_id], False, DATELINE_PRECISION, "")
    if not own:
        return {}
    report_wide = next(iter(own.values()))
    return {paragraph: own.get(paragraph, report_wide) for paragraph, _ in spans}
