"""What an attack makes of the other event words of its sentence: an attack, not the movement beside it.

A report of a bombing tells where the people hit were and what they were doing there, and those words are
triggers of their own: "waited", "being transferred", "arrived", even "set off". Read word by word, the
place then takes the type of the nearest of them (a gathering, a transfer, an arrival, a departure), while
what the sentence reports happened there is the attack. :func:`retyped` gives such a place the attack's
type in three general cases, none of which depends on a name:

- an explosive "set off" ("a device was set off in the transit area", "the man set off a bomb"): the
  words are no departure, whatever the table of triggers says of "set off" alone;
- an attacker who arrives or drives up ("the suicide bomber arrived at the buses", "the bomber drove up to
  them"): the movement is the attack's own approach, not people evacuated reaching or leaving a place;
- a wait or a transfer told in a clause that only says what the people hit were doing, after an
  attack of the main clause ("the blast hit a convoy as they waited at X", "killed people who waited at X",
  "a bomb killed people at a transit point for those being transferred out of Y"): the place is where the
  attack hit.

:func:`hit_leaving` finds the one case where such a sentence tells two events at one place: people attacked as they
left it ("the convoy was ambushed shortly after it left X") left X and were hit there.

Patterns are lower case, matched against :func:`geo.ingest.cleaning.lowered` text.
"""

from __future__ import annotations

import re

from geo.ingest.reading import Reading
from geo.ingest.triggers import Trigger

EXPLOSIVES = r"bombs?|devices?|explosives?|charges?|ieds?|vbieds?|mines?|explosions?|blasts?"
# "the device was set off", "explosives were set off"
_EXPLOSIVE_SUBJECT = re.compile(rf"\b(?:{EXPLOSIVES})\s+(?:(?:was|were|is|are|had been|has been|have been)\s+)?"
                                r"(?:\w+ly\s+)?$")
# "set off a bomb", "set off his explosives", "set off a car bomb"
_EXPLOSIVE_OBJECT = re.compile(rf"\s+(?:(?:a|an|the|his|her|their|its)\s+)?(?:[\w-]+\s+){{0,2}}?(?:{EXPLOSIVES})\b")
# who moves in to attack: "the suicide bomber arrived", "the attacker had arrived", "the bomber drove" (not "gunmen",
# which some outlets call the fighters evacuated: "gunmen left the eastern districts")
_ATTACKER_SUBJECT = re.compile(r"\b(?:bombers?|attackers?|assailants?|car bomb|vehicle bomb|truck bomb)\s+"
                               r"(?:(?:had|has|have)\s+)?(?:\w+ly\s+)?$")
# what the people hit were doing: "as they waited", "while waiting", "when they were waiting", "who waited",
# "being transferred"
_WHAT_THEY_DID = re.compile(r"\b(?:(?:as|while|when|who)\s+(?:(?:they|it|he|she|people|evacuees|(?:the\s+)?[\w-]+)\s+)?"
                            r"(?:(?:were|was)\s+(?:being\s+)?)?|being\s+)$")
_FRONTED = re.compile(r"\s*(?:as|while|when)\b")  # a sentence that opens on the clause: "while waiting ..., "
_DOING_REACH = 40  # characters before a wait or a transfer searched for "as they", "being"


def _sets_off_explosive(low: str, trigger: Trigger) -> bool:
    """True when the departure word at ``trigger`` sets off an explosive ("the device was set off")."""
    if not low.startswith("set off", trigger.start):
        return False
    return bool(_EXPLOSIVE_SUBJECT.search(low, max(0, trigger.start - _DOING_REACH), trigger.start)
                or _EXPLOSIVE_OBJECT.match(low, trigger.end))


def _attacker_moves(low: str, trigger: Trigger) -> bool:
    """True when the arrival or departure at ``trigger`` is an attacker's ("the suicide bomber arrived")."""
    return _ATTACKER_SUBJECT.search(low, max(0, trigger.start - _DOING_REACH), trigger.start) is not None


def _done_when_hit(reading: Reading, trigger: Trigger) -> bool:
    """True when the wait or transfer at ``trigger`` only says what people were doing when an attack of the main
    clause hit them: told after it ("the blast hit a convoy as they waited"), or before it in a clause that opens
    the sentence ("while waiting to enter X, the buses were attacked")."""
    doing = _WHAT_THEY_DID.search(reading.low, max(0, trigger.start - _DOING_REACH), trigger.start)
    if doing is None:
        return False
    fronted = _FRONTED.match(reading.low) is not None and "," in reading.low[trigger.end:]
    after = reading.low.index(",", trigger.end) if fronted else len(reading.low)
    return any(t.type == "attack" and t.realis and not t.background and (t.end <= trigger.start or t.start > after)
               for t in reading.triggers)


def retyped(reading: Reading, trigger: Trigger, kind: str) -> str:
    """``kind`` (the type the trigger gives a place of its sentence), or ``attack`` when the trigger word only
    tells the attack's own approach or what the people it hit were doing (see the module's docstring)."""
    if kind == "departure" and _sets_off_explosive(reading.low, trigger):
        return "attack"
    if kind in ("arrival", "departure") and _attacker_moves(reading.low, trigger):
        return "attack"
    if kind in ("gathering", "transfer") and _done_when_hit(reading, trigger):
        return "attack"
    return kind


_LEAVING_WORDS = 4  # words between a departure and the place it leaves ("taking them out of the X")
# an attack told as a verb that has the people moving as its object or subject ("ambushed the convoy", "the convoy was
# attacked", "a shell struck a bus"), not a blast or gunfire only heard or set beside them
_HIT_VERB = re.compile(r"ambush|attacked|struck|fired (?:on|at|upon)|shot at|shelled")


def hit_leaving(reading: Reading, span: tuple[int, int]) -> bool:
    """True when the place at ``span`` is one people were leaving when an attack the sentence tells hit them
    ("insurgents ambushed a convoy leaving X", "a convoy taking them out of X was ambushed", "attacked shortly after
    leaving X"): two events at X, the departure and the attack. (The caller asks it only of a sentence naming no other
    place: "a blast in Y killed people who had left X" hit them at Y.)"""
    leaving = any(t.type == "departure" and t.realis and t.end <= span[0]
                  and reading.words_between(t.end, span[0]) <= _LEAVING_WORDS for t in reading.triggers)
    return leaving and any(t.type == "attack" and t.realis and not t.background
                           and _HIT_VERB.match(reading.low, t.start) is not None for t in reading.triggers)

