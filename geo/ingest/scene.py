"""Deals and truces a sentence only refers to, as against ones it says were made or ended.

A deal or truce named as a noun is an event only where the sentence says it was made, took
effect or ended ("the sides reached a deal", "a truce took effect"), and not long ago ("agreed
late last month", "recently reached", "after they had reached a deal"); a deal the sentence only refers to ("the deal designed
to ...") sets the scene. "Reached a deal" and "a deal reached" are no arrival; "an evacuation
deal" names a deal, not an evacuation.

Also the sentence-level rules :mod:`geo.ingest.triggers` reads past a trigger word with: a
movement said not to have happened (:data:`NEGATED`, a halt), one a sentence is unsure of
(:data:`UNSURE`), one it only describes (:data:`DESCRIBED`), one that tells who people are
(:data:`WHO_HAD`, and a movement named by a participle after a noun, :data:`AFTER_A_NOUN`), an
attack only referred to (:data:`REFERRED`), a wait that holds an evacuation up (:func:`holds_up`),
a movement told in the present passive as what a deal does (:func:`by_a_deal`), and one caused or begun, which
happened although "to" comes before it (:data:`CAUSED`). Patterns are lower case, matched
against :func:`geo.ingest.cleaning.lowered` text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # geo.ingest.triggers reads this module; the annotation names its Trigger
    from geo.ingest.triggers import Trigger

DEAL_NOUNS = r"deal|agreement|accord|truce|cease-?fire|understanding"
DEAL_MADE = (r"reached|agreed|struck|signed|announced|sealed|brokered|secured|came into effect|took effect|went into effect"
             r"|collapsed|broke down|unravell?ed|began|begun|started")
_DEAL_NOUN = re.compile(rf"(?:{DEAL_NOUNS})s?")
_MADE_BEFORE = re.compile(rf"\b(?:{DEAL_MADE}|reach|agree|strike|sign|announce|secure)\s+(?:[\w-]+\s+){{0,3}}$")
_MADE_AFTER = re.compile(rf"\s*(?:[\w-]+\s+){{0,2}}?(?:(?:was|were|has been|had been|have been|is|has|had)\s+)?"
                         rf"(?:(?!recently|earlier|previously)\w+ly\s+)?(?:{DEAL_MADE})\b"
                         r"(?!\s+(?:late|last|in (?:late|early|mid)))")
_LONG_AGO = re.compile(r"[^.;]{0,80}?\b(?:(?:late last|last|earlier this|previous) (?:month|year)|recently|previously)\b")
_DEAL_PARTICIPLE = re.compile(rf"\b(?:{DEAL_NOUNS}|swap|exchange|plan)s?,?\s+(?:(?:which|that)\s+(?:was|were|had been"
                              r"|has been)\s+|[\w-]+\s+)?$")  # "the deal brokered by", "the deal, which was brokered by"
_REACHED_DEAL = re.compile(rf"\s+(?:(?:an?|the|a new|another)\s+)?(?:[\w-]+\s+)?(?:{DEAL_NOUNS})\b")
_DEAL_BEFORE = re.compile(rf"\b(?:{DEAL_NOUNS})s?\s+(?:(?:has|have|had)\s+been\s+|[\w-]+\s+)?$")
# "an evacuation deal", "the evacuation plan", "an evacuation corridor": the evacuation names the deal or the
# way, it did not happen
_NAMES_A_DEAL = re.compile(rf"\s+(?:{DEAL_NOUNS}|plan|plans|scheme|arrangement|corridor|route|point)s?\b")


def only_referred_to(low: str, word: re.Match) -> bool:
    """True for a deal the sentence only refers to, not one it says was made or ended (see :data:`DEAL_NOUNS`)."""
    if word.group() == "brokered":
        return _DEAL_PARTICIPLE.search(low, max(0, word.start() - 40), word.start()) is not None
    if not _DEAL_NOUN.fullmatch(word.group()):
        return False
    before = _MADE_BEFORE.search(low, max(0, word.start() - 40), word.start())
    if before is not None and low[max(0, before.start() - 4):before.start()].strip() == "had":
        return True  # "after they had reached a deal": made before the story began
    made = before or _MADE_AFTER.match(low, word.end())
    return made is None or _LONG_AGO.match(low, word.end()) is not None


def reached_a_deal(low: str, start: int, end: int) -> bool:
    """True when "reached" at ``start``..``end`` is a deal being reached, not a place."""
    return bool(_REACHED_DEAL.match(low, end) or _DEAL_BEFORE.search(low, max(0, start - 40), start))


def names_a_deal(low: str, end: int) -> bool:
    """True when an evacuation word ending at ``end`` only names a deal or plan ("evacuation deal")."""
    return _NAMES_A_DEAL.match(low, end) is not None


# a movement in the present passive tied to a deal ("residents are evacuated under a deal", "villages that are being
# evacuated in a swap"): how the deal works, not what happened on the report's day
PRESENT_PASSIVE = re.compile(r"\b(?:is|are)\s+(?:being\s+)?$")
UNDER_A_DEAL = re.compile(rf"[^.;]{{0,80}}?\b(?:under|in|as part of|according to)\s+(?:an?|the|this|that)\s+(?:[\w-]+\s+){{0,3}}?"
                          rf"(?:{DEAL_NOUNS}|swap|exchange|pact|arrangement)s?\b")


def by_a_deal(low: str, word: re.Match) -> bool:
    """True for a movement told in the present passive as what a deal does ("are evacuated under a deal between ...")."""
    return (PRESENT_PASSIVE.search(low, max(0, word.start() - 16), word.start()) is not None
            and UNDER_A_DEAL.match(low, word.end()) is not None)


# a picture's caption ("this image shows residents gather ..."): it tells the story's own day, not the publication's
PICTURED = re.compile(r"\b(?:shows?|showing|pictured)\b")

# a movement said not to have happened is a halt: "no evacuation has taken place", "did not leave"
NEGATED = re.compile(r"\b(?:no|not|never|n['’]t)\s+(?:[\w-]+\s+)?$")
# "it was not clear whether ...", "unclear if ...": what follows may not happen
UNSURE = re.compile(r"\b(?:unclear|not (?:\w+ )?clear|not known|uncertain|unknown|asked)\b[^.;]{0,40}?\b(?:whether|if)\b")
# a trigger word told as what something is, not what happened ("the evacuation is part of a deal", "the evacuations
# mark the end of the first stage")
# ("the deal was an agreement to move ...": the deal told as what it is)
DESCRIBED = re.compile(r"\s+(?:(?:is|was|are|were) (?:part of|the (?:latest|first|last|result)|a (?:result|part)"
                       rf"|an? (?:[\w-]+ )?(?:{DEAL_NOUNS}|pact|arrangement|plan|scheme))"
                       r"|mark(?:s|ed)? the (?:end|start|beginning|close|completion|conclusion))\b")
# "to" before a trigger makes it intended, except after a cause or a start: "caused thousands to be
# stranded", "forced them to leave", "has begun to leave" happened
# (not after "be", "been", "being", "is" or "are": "in exchange for people being allowed to leave X" is a condition)
CAUSED = re.compile(r"(?<!be )(?<!been )(?<!being )(?<!are )(?<!is )"
                    r"\b(?:(?:caused|forced|compelled|obliged|made|allowed|enabled)\s+(?:[\w,-]+\s+){0,6}"
                    r"|(?:began|begun|begins|started|starts|continued|continues|continue|managed)\s+)to\s+(?:be\s+)?$")
# an event only referred to, as what is condemned, survived or fled, or what something is: "condemned the attack on X",
# "survivors of the attack in X", "who fled an attack on X" (they left X: "fled" is the event),
# "it is an attack that may amount to a war crime"
REFERRED = re.compile(r"\b(?:(?:condemn\w*|denounc\w*|decr(?:y|ied|ies)|deplor\w*|survivors? of|survived|fled|fleeing"
                      r"|escaped|escaping)(?:\s+of)?\s+(?:(?:an?|the|this|that"
                      r"|such|[\w-]+['’]s)\s+)?|(?:is|was)(?:\s+not)?\s+(?:an?|the)\s+)(?:[\w-]+\s+)?$")
# a movement in a relative clause in the past perfect tells who the people are, not what happened on
# the sentence's day: "residents who had been evacuated from X", "buses that had left X"
WHO_HAD = re.compile(r"\b(?:who|which|that)\s+had\s+(?:already\s+)?(?:been\s+)?$")
# an -ing movement word is a participle describing the noun before it ("buses carrying people fleeing
# X were hit") unless a verb or preposition before it makes it the verb: "began leaving", "after leaving"
NOT_A_NOUN_BEFORE = re.compile(r"\b(?:is|are|was|were|be|been|being|began|begun|started|continued|kept|keep|of|for"
                               r"|by|after|before|since|while|on|upon|without|from|in|and|or|not|now|still|also)\s+$")
AFTER_A_NOUN = re.compile(r"[a-z]\s+$")
# "the evacuation started, with 5,000 people leaving X": what happened (a "with" that opens a clause; "a bus
# filled with civilians leaving X" tells who they were)
WITH_BEFORE = re.compile(r"(?:^|[,;:(]\s*|\b(?:and|but)\s+)with\b")


def describes_people(low: str, word: re.Match, told_before: bool) -> bool:
    """True for a movement participle after a noun once the sentence has told an event (``told_before``):
    "a blast hit buses carrying families fleeing X" tells who the families were, not when they left
    (but "it started, with families leaving X" tells what happened)."""
    return (told_before and word.group().endswith("ing")
            and AFTER_A_NOUN.search(low, max(0, word.start() - 2), word.start()) is not None
            and NOT_A_NOUN_BEFORE.search(low, max(0, word.start() - 12), word.start()) is None
            and WITH_BEFORE.search(low, 0, word.start()) is None)


def object_of_another(found: Sequence[Trigger], start: int, taken: Trigger | None) -> bool:
    """True when the word of event ``found`` (triggers in order) closest before a place at ``start`` only sets
    the scene, or was only meant and is of the type ``taken`` (the trigger the place would take) has:
    the place is that word's object ("set off to evacuate X"), not where ``taken`` happened."""
    governing = next((t for t in reversed(found) if t.end <= start), None)
    return governing is not None and (governing.background or (
        not governing.realis and taken is not None and governing.type == taken.type))


# a wait that holds an evacuation up is a halt: vehicles or people aboard them waiting ("the buses were
# waiting", "the waiting passengers"), or a wait told with its length ("waiting for more than 24 hours",
# "waiting there since Friday"); people waiting to board stay a gathering
# the one list of vehicles an evacuation moves in (roles.CARRIERS, triggers.NEW_VEHICLES and VEHICLES below read it)
VEHICLE_WORDS = r"bus|buses|coach|coaches|convoys?|vehicles?"
VEHICLES = rf"{VEHICLE_WORDS}|passengers|columns?"
_VEHICLE_WAITING = re.compile(rf"\b(?:{VEHICLES})\s+(?:(?:was|were|is|are|had been|have been|has been|still|all)\s+)*$")
_WAITING_VEHICLE = re.compile(rf"\s+(?:{VEHICLES})\b")  # "the waiting passengers", not "waiting for buses"
_WAIT_LENGTH = re.compile(r"[^,;.]{0,30}?\b(?:for (?:(?:more than|over|nearly|almost|about|some|several|many|\d+|two|three|"
                          r"four)\s+)*(?:hours|days|nights)|since)\b")


# a wait told as going on at a place, with no purpose: "the residents were waiting in Rashidin" (people "still waiting" in
# the cold to be taken out are a gathering)
_WAS_WAITING = re.compile(r"\b(?:was|were|had been|have been|has been)\s+$")
_WAITING_AT = re.compile(r"\s+(?:in|at|inside|there)\b")
_FOR_WHAT = re.compile(r"[^,;.]*?\b(?:for|to)\s")  # "were waiting in X for buses to come": a gathering


def holds_up(low: str, start: int, end: int) -> bool:
    """True when the word at ``start``..``end`` is a wait by vehicles or people aboard them, one told with its
    length, or one told as going on at a place for nothing named: the evacuation is held up, not gathering ("the
    coaches were waiting", "waiting since Friday", "the residents were waiting in X")."""
    return low.startswith("wait", start) and (
        _VEHICLE_WAITING.search(low, max(0, start - 40), start) is not None
        or _WAITING_VEHICLE.match(low, end) is not None or _WAIT_LENGTH.match(low, end) is not None
        or (_WAS_WAITING.search(low, max(0, start - 16), start) is not None and _WAITING_AT.match(low, end) is not None
            and _FOR_WHAT.match(low, end) is None))
