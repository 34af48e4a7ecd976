"""The place a sentence that names none takes: that of an event in the sentence before, or the dateline's.

A sentence with a trigger but no usable place takes the place of an event of its type in the
sentence before it, in its paragraph (:func:`choose`: "There the evacuees changed vehicles"), at
ACLED geo precision 2 (:data:`CARRIED_PRECISION`: near it or in part of it, since the sentence does
not name it); an arrival takes, before any other, the place the sentence before said people
headed for ("left X for Idlib. They reached the city before noon"). With none, the first place its
paragraph's dateline names, else the report's first dateline, at geo precision 3
(:data:`DATELINE_PRECISION`: only where the report was filed; :func:`datelines`). Nothing is carried
(:func:`allowed`) to an arrival where people were said to leave, nor to the toll of an attack
already told ("30 gunmen were killed in the blast"). A departure placed only by the dateline is dropped where the
report tells people arriving at the dateline's place (:func:`not_from_dateline`): the report was filed where they
came to, not where they left.

A sentence that tells an event but names no place at all, and takes none from the sentence before
("the operation was stopped on Friday", "a new agreement lets the evacuations go on"), happened where the
report's story is (:func:`at_main_place`), at geo precision 2: for a departure or halt, the place its
headline names ("Evacuations in Eastern Aleppo"); else the place the report tells most events of that type
at; else, for a departure or halt, the place it tells most departures at (only for a sentence that names
its day). A statement is never placed so: where words were spoken is not where the story is.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence, Set
from dataclasses import dataclass
from datetime import date

from geo.ingest import dates, triggers
from geo.ingest.candidates import CandidateEvent
from geo.ingest.cleaning import Paragraph
from geo.ingest.mentions import Mention
from geo.ingest.reading import Reading, read
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


def allowed(reading: Reading, kind: str, before: str) -> bool:
    """Whether an event of ``kind`` in a sentence naming no place may take the place of the one before, an
    event of type ``before``: not an arrival where people were said to leave, nor the toll of an attack
    already told ("30 gunmen were killed in the blast")."""
    if kind == "arrival" and before == "departure":
        return False
    return not (kind in ("attack", "clash") and _TOLL.search(reading.low))


def not_from_dateline(events: Sequence[CandidateEvent], datelines: Collection[Mention]) -> list[CandidateEvent]:
    """``events`` without the departures placed only by a dateline's mention (``datelines``) at a place the report
    tells an arrival at ("ZAPORIZHZHIA, May 2 (AP) - ... left on Friday ... reached Zaporizhzhia")."""
    arrived = {e.place_id for e in events if e.type == "arrival"}
    return [e for e in events if not (e.type == "departure" and e.mention in datelines and e.place_id in arrived)]


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


# A sentence naming no place, read for :func:`at_main_place`: its text, span, the date it takes when it writes
# none of its own (None: the publication day), the dates written in it, and its claims.
Unplaced = tuple[str, tuple[int, int], "dates.DateMention | None", tuple["dates.DateMention", ...], tuple]
MAIN_FALLBACK = "departure"  # the type whose place is the story's when a report tells no event of a sentence's type
# the types placed at the story's place: the evacuation's own (at the headline's place, else where the report tells
# events of the type, else its departures), and an attack (only where the report tells its attacks)
STORY_TYPES = {"departure": MAIN_FALLBACK, "halt": MAIN_FALLBACK, "attack": "attack"}
# what ties a sentence's event elsewhere than the story's place (:func:`_in_story`): quoted words (a speaker's own
# story, "we left ..."), a condition ("if the evacuations are completed"), a place named only as "a checkpoint", a
# movement towards somewhere ("heading towards the enclave"), people told by what they did ("those who left"), and an
# event told as the object of a purpose ("sent monitors to watch the evacuation", "in order to evacuate")
QUOTED = re.compile(r"^\s*[\"“‘']|[\"”]\s*,?\s*(?:[\w-]+\s+){0,3}?(?:said|says|told)\b")
CONDITION = re.compile(r"^\s*(?:if|unless|once)\b")
_ELSEWHERE_AT = re.compile(r"(?:\s+[\w-]+){0,3}?\s+(?:in|at|by|near|outside|inside|on)\s+(?:an?|another)\s")
_TOWARDS = re.compile(r"(?:\s+[\w-]+)?\s+(?:towards?|into)\s")
_WHO = re.compile(r"\b(?:who|which|that)\s+(?:(?:have|has|had)\s+)?(?:already\s+)?(?:been\s+)?$")
_PURPOSE = re.compile(r"\bto\s+(?:[a-z]+\s+(?:the\s+)?(?:[\w-]+\s+){0,3})?$")


@dataclass(frozen=True)
class StoryPlace:
    """Where a report's story stands for a sentence that names no place: a place, the mention that named it and the
    coarsest geo precision an event there may claim."""

    place_id: str
    mention: Mention
    geo_precision: int


def main_places(events: Sequence[CandidateEvent]) -> dict[str, StoryPlace]:
    """Per event type, the place the report tells most events of that type at (ties: the place told first), as the
    first event told there names it."""
    main: dict[str, StoryPlace] = {}
    for kind in {e.type for e in events}:
        told = [e for e in events if e.type == kind]
        counts = Counter(e.place_id for e in told)
        top = max(counts.values())
        first = next(e for e in told if counts[e.place_id] == top)
        main[kind] = StoryPlace(first.place_id, first.mention, first.geo_precision)
    return main


def headline_place(context: Set[str], spans: Sequence[tuple[Paragraph, tuple[int, int]]],
                   found: Sequence[tuple[Mention, ...]]) -> StoryPlace | None:
    """The first place the report's headline names (context places never), the story's place for a departure or a
    halt when the report tells no departure: "Aleppo evacuation suspended"."""
    named = next((m for (paragraph, _), sentence_found in zip(spans, found) if paragraph.headline
                  for m in sentence_found if m.place_id not in context), None)
    return None if named is None else StoryPlace(named.place_id, named, CARRIED_PRECISION)


def at_main_place(events: Sequence[CandidateEvent], unplaced: Sequence[Unplaced], published: date,
                  headline: StoryPlace | None, refine: Callable[[str, str, str], Place]) -> list[CandidateEvent]:
    """The events of sentences that name no place, each at the story's place for its type (:data:`STORY_TYPES`: the
    headline's place, else the report's main place for the type, else for departures), at
    :data:`CARRIED_PRECISION`, dated by the sentence's own day or the date it takes. ``refine(place_id,
    sentence, kind)`` is the place an event of ``kind`` the sentence tells there stands at: the part of a divided
    city the sentence or the report speaks of ("left the rebel enclave")."""
    main = main_places(events)
    found = []
    for sentence, span, when, written, claims in unplaced:
        day_dates = [d for d in written if d.precision <= dates.WEEK]
        reading = read(sentence)
        if (written and not day_dates) or reading is None:
            continue
        first = reading.first()
        if first is None or not _in_story(reading, first):
            continue
        kind = reading.event_type(first, first.start, first.end)
        # a sentence naming no day either takes only the headline's place or that of events of its own type
        model = (headline if STORY_TYPES.get(kind) == MAIN_FALLBACK else None) or main.get(kind) \
            or (main.get(STORY_TYPES.get(kind, "")) if day_dates else None)
        if kind not in STORY_TYPES or model is None or not allowed(reading, kind, ""):
            continue
        if day_dates:
            when = min(day_dates, key=lambda d: abs(d.start - first.start))
        first_day, last_day, precision = (when.first, when.last, when.precision) if when else (
            published, published, dates.DAY)
        place = refine(model.place_id, sentence, kind)
        found.append(CandidateEvent(date=first_day, last=last_day, time_utc=None, time_precision=precision,
                                    geo_precision=max(model.geo_precision, CARRIED_PRECISION), place_id=place.id,
                                    place_name=place.name, type=kind, evidence=sentence.strip(),
                                    evidence_start=span[0], evidence_end=span[1], mention=model.mention, claims=claims))
    return found


def _in_story(reading: Reading, first: triggers.Trigger) -> bool:
    """Whether the sentence's first event is told as part of the report's story: not in quoted words, not hedged,
    not from a place the gazetteer does not know, not the object of a purpose ("to monitor the evacuations"), and
    not what a deal referred to says ("the deal stipulated that 8,000 leave")."""
    return not (QUOTED.search(reading.sentence) or CONDITION.match(reading.low) or reading.hedged(first.start, first.end)
                or FROM_ELSEWHERE.match(reading.low, first.end) or _ELSEWHERE_AT.match(reading.low, first.end)
                or _TOWARDS.match(reading.low, first.end)
                or _PURPOSE.search(reading.low, max(0, first.start - 40), first.start)
                or _WHO.search(reading.low, max(0, first.start - 30), first.start)
                or any(t.type == "ceasefire" and t.background and t.end <= first.start for t in reading.triggers))
