"""Events told in a clause that hangs on another: "stuck in X after leaving Y on Friday", and what a speaker at a
place says happened "there".

**In passing.** A sentence tells its main event with its main verb, and may tell an earlier one in passing, in a
participle clause after "after", "since" or "upon" ("after leaving Y", "since leaving Y", "after being evacuated
from Y", "after having left Y"). That clause has its own verb, its own place and often its own day: the departure
from Y happened, before the halt at X, and is an event of its own.

:mod:`geo.ingest.triggers` treats a trigger after "after" or "following" as one that only sets the scene ("after
the evacuation", "following days of delays": a noun the sentence does not report). :func:`passing` picks out the
clauses that are not such a noun but a verb, so the trigger counts like any other and the places of its clause
take its type:

- the trigger is a movement or halt (:data:`TYPES`): "after the bombing" stays a noun, and reports rarely tell
  an attack only in passing;
- it comes right after the conjunction, and is a participle: ``-ing`` ("after leaving"), or any form after
  "having", "being" or "having been" ("after being evacuated", "after having left").

The clause's verb governs only the places after it: a place before "after" is the main clause's
(:func:`of_main_clause`). A halt in the main clause does not turn the clause's departure into a halt
(:func:`own_type`): the people stuck in X did leave Y. The clause's day is the one written nearest its
place, as for any mention: "after leaving Y on Friday" is a departure on Friday, whatever day the main
clause tells; and a day written in the clause is not the main clause's when that has one of its own (:func:`own_dates`:
"stuck in X on Saturday after leaving Y on Friday" is a halt on Saturday).

**There.** A place named as where words were spoken ("a resident speaking from the garage in X said ...") is where a
statement was made, not what it was about (:meth:`geo.ingest.reading.Reading.spoken_at`). But when the clause the
speaker tells points back to that place with "there" ("... said people had been waiting there since Friday"), the
event it tells happened at the speaker's place: :func:`told_there` says so, and the place then takes the type of
what was said (:func:`geo.ingest.kinds.of_place`), like any place a statement is about.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # geo.ingest.triggers, and so geo.ingest.reading, read this module: the annotations name their types
    from geo.ingest.dates import DateMention
    from geo.ingest.reading import Reading
    from geo.ingest.triggers import Trigger

TYPES = ("departure", "arrival", "transfer", "halt")  # the kinds of event a participle clause tells in passing
# the conjunction and auxiliaries right before the trigger: "after ", "since having ", "upon being "
_CONJUNCTION = re.compile(r"\b(?:after|since|upon)\s+(?P<aux>(?:having\s+(?:been\s+)?|being\s+))?$")
_LOOKBACK = 32  # characters before the trigger that hold "after having been "
# "there" a few words after the verb of what was said: "waiting there", "had been stuck there for hours"
_THERE = re.compile(r"(?:\s+[\w'’-]+){0,2}?\s+there\b")


def passing(low: str, kind: str, start: int, end: int) -> bool:
    """True when the trigger of type ``kind`` at ``start``..``end`` of a lowered sentence is the verb of a
    participle clause after "after", "since" or "upon": an event that happened, told in passing.

    >>> passing("they were stuck in x after leaving y", "departure", 27, 34)
    True
    >>> passing("they were stuck in x after the evacuation", "departure", 31, 41)
    False
    """
    if kind not in TYPES:
        return False
    before = _CONJUNCTION.search(low, max(0, start - _LOOKBACK), start)
    return before is not None and (before["aux"] is not None or low[start:end].split()[0].endswith("ing"))


def of_main_clause(low: str, trigger: Trigger, span: tuple[int, int]) -> bool:
    """True when ``trigger`` (a :class:`geo.ingest.triggers.Trigger`) is told in passing and the place at ``span``
    comes before it: the place is of the main clause ("stuck in X after leaving Y": X is where they were stuck)."""
    return span[1] <= trigger.start and passing(low, trigger.type, trigger.start, trigger.end)


def own_type(low: str, trigger: Trigger, read: str) -> str:
    """The type a place takes from ``trigger``: its own, when it is told in passing (a halt in the main clause stops
    nothing of "after leaving Y"), else ``read``, the type the sentence's rules read past the trigger word."""
    return trigger.type if passing(low, trigger.type, trigger.start, trigger.end) else read


def own_dates(reading: Reading, span: tuple[int, int], dates: Sequence[DateMention]) -> Sequence[DateMention]:
    """The dates of ``dates`` (the sentence's day dates, offsets in the sentence) that may date the place at ``span``
    of ``reading`` (a :class:`geo.ingest.reading.Reading`): a day written after a verb told in passing dates only
    the places after that verb ("stuck in X on Saturday after leaving Y on Friday": Friday is Y's, not X's), when
    the main clause has a day of its own."""
    verb = next((t for t in reading.triggers if passing(reading.low, t.type, t.start, t.end)), None)
    if verb is None or span[0] >= verb.start:
        return dates
    return [d for d in dates if d.start < verb.start] or dates


def told_there(low: str, found: Sequence[Trigger]) -> bool:
    """True when a trigger of ``found`` (the triggers of the lowered sentence ``low``, in order) that happened and is
    not a word of speech is followed within three words by "there": what was said happened where it was said.

    >>> from geo.ingest.triggers import triggers
    >>> low = "a resident speaking from x said people had been waiting there since friday"
    >>> told_there(low, triggers(low))
    True
    """
    return any(t.realis and not t.background and t.type != "statement" and _THERE.match(low, t.end) for t in found)

