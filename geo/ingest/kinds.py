"""Which event a place is of, given where it stands to its sentence: the type, or none.

:func:`of_place` reads the role :mod:`geo.ingest.roles` gives a place mention ("origin", "destination",
"location", ...) against the sentence's triggers (:mod:`geo.ingest.triggers`): the origin of a departure
is where it left from, the destination of an arrival where it arrived, a place only meant ("to travel
to Idlib", "before heading for X") is none, and a place where an attack hit people waiting or moving is the
attack's (:mod:`geo.ingest.blasts`). :func:`left_from` says when people named as coming from a
place are said to leave it. :mod:`geo.ingest.report` asks both of each place a sentence names.
"""

from __future__ import annotations

import re

from geo.ingest import blasts, clauses, lexicon, scene, triggers
from geo.ingest.reading import Reading
from geo.ingest.vocabulary import EventKind, Role

# "reached Rashidin to travel to Idlib": where they were only meant to go
_MEANT_FOR = re.compile(r"\bto\s+(?:be\s+)?[a-z]+\s+(?:on\s+)?(?:to|towards?|for|into)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}$")
_OWN_ORIGIN = re.compile(r"\s+(?:out\s+)?from\b")  # "moved from X": a departure that names its own origin


def left_from(reading: Reading, span: tuple[int, int]) -> bool:
    """True when people named as coming from a place are said to leave ("3,000 people from X left"):
    the place is then the departure's origin, not only where they come from."""
    trigger = reading.nearest(*span, spoken=False) or reading.first()  # "people from X left, he said"
    if trigger is not None and trigger.type == EventKind.HALT:  # "the exit of fighters from X was halted"
        trigger = reading.nearest(*span, kinds=(EventKind.DEPARTURE,)) or trigger
    # "buses carrying people from X moved from Y": the departure names its own origin, X is who they are
    return trigger is not None and trigger.type == EventKind.DEPARTURE and not _OWN_ORIGIN.match(reading.low, trigger.end)


def of_place(reading: Reading, span: tuple[int, int], role: str, located_elsewhere: bool) -> str | None:
    """The event type for a place in this role, or None when the place is not an event's place.

    The origin of a departure only intended ("wait to be evacuated from X") is where the
    people gather, unless another place in the sentence is named as where they are.
    """
    trigger = reading.nearest(*span)
    if trigger is not None and clauses.of_main_clause(reading.low, trigger, span):  # "in X after leaving Y": X is not left
        trigger = reading.nearest(*span, skip=trigger)
    spoken_at = reading.spoken_at(span[0]) and not clauses.told_there(reading.low, reading.triggers)  # "... waiting there"
    if trigger is not None and trigger.type == EventKind.STATEMENT and not spoken_at \
            and not lexicon.orders_at(reading.low, trigger.start, triggers.LOOKAHEADS):  # an order is about its place
        trigger = reading.nearest(*span, spoken=False)  # what was said happened here, not the saying
    if role == "none" and scene.object_of_another(reading.triggers, span[0], trigger):
        return None  # "a convoy set off to evacuate X": X is where the departure was meant, not where one happened
    if trigger is None and role in ("location", "near"):
        intended = reading.nearest(*span, realis_only=False)
        if intended is not None and not intended.realis:
            return None  # the place is where something was only to happen ("before heading for X")
        trigger = reading.first()
    if trigger is None:
        return None
    if role == Role.ORIGIN and trigger.type not in (EventKind.DEPARTURE, EventKind.TRANSFER):  # "the exit from X was halted"
        trigger = reading.nearest(*span, kinds=(EventKind.DEPARTURE, EventKind.TRANSFER)) or trigger
    kind = clauses.own_type(reading.low, trigger, reading.event_type(trigger, *span))  # "after leaving X": its own
    if role == Role.ORIGIN:
        if trigger.type in (EventKind.DEPARTURE, EventKind.TRANSFER):
            return EventKind.DEPARTURE if kind == trigger.type else kind
        if trigger.type == EventKind.HALT:  # "no evacuation has taken place from X", "the exit from X stalled"
            meant = next((t for t in reversed(reading.triggers) if t.end <= span[0]), None)  # the word X is the origin of
            # "demanded that people be brought out of X (and Y)": only asked
            return None if meant is not None and not meant.realis and meant.type == EventKind.DEPARTURE else EventKind.HALT
        intended = reading.nearest(*span, realis_only=False)
        if trigger.type == EventKind.GATHERING and intended and intended.type == EventKind.DEPARTURE and not located_elsewhere:
            return EventKind.GATHERING
        return None
    if role == Role.DESTINATION:
        if _MEANT_FOR.search(reading.low, max(0, span[0] - 40), span[0]):
            return None  # "reached Rashidin to travel to Idlib": where they were only meant to go
        if trigger.type == EventKind.DEPARTURE and kind == EventKind.DEPARTURE:  # "were evacuated to Y": an arrival at Y
            return lexicon.leads_to(reading.low, trigger.start, triggers.LOOKAHEADS)
        return kind if trigger.type in (EventKind.ARRIVAL, EventKind.ADVANCE) else None
    return blasts.retyped(reading, trigger, kind)  # "the blast hit them as they waited at X": an attack at X
