"""The rules that turn a place mention in a sentence into a typed candidate event.

The rules are tables, and :func:`triggers` finds the trigger words of a sentence;
:func:`geo.ingest.reading.read` reads a sentence once against them (or finds in one pass that
no trigger in it happened, so it has no event) and :mod:`geo.ingest.report` asks the
:class:`~geo.ingest.reading.Reading` about each place named in the sentence. Trigger words and prepositions
are each compiled into one pattern with the alternatives grouped under their first
letter (:func:`_by_first_letter`), which gives the same matches in about a third less time.

**Type.** :data:`TRIGGERS` maps words to the event types of ``data/event_types.csv``.
A mention takes the type of the nearest trigger within :data:`WINDOW_WORDS` words
(ties go to a trigger before the place, then to the earlier row of the table). A
trigger that is only intended or reported as possible ("to evacuate", "would leave",
"expected to", "wait for their evacuation", "demands that people be moved out", "differed over the evacuation",
and a participle just after such a word: "expected to leave, heading to X", see :data:`IRREALIS`) does not count; one
that only sets the scene ("during an evacuation operation", :data:`BACKGROUND_EVENT`)
counts only where no other trigger is in reach, and a sentence with no other has no
event. :meth:`~geo.ingest.reading.Reading.event_type` then reads past the trigger word: a halt in the
clause makes a halt, an attack on an armed party a clash, a spoken running total
("have been evacuated") a statement.

**Role.** The words before a mention say what the place is to the sentence
(:data:`~geo.ingest.roles.ROLES`), reading back over "the rebel-held area of" to the preposition; a
trigger met first makes the place its object ("to evacuate eastern Aleppo"):

============  =============================  ====================================
role          written                        event
============  =============================  ====================================
location      at, in, inside, on, through    the nearest trigger's type; with no
              (or no preposition)            trigger near, the sentence's first
near          near, next to, outside,        as location, but only near the place
              on the outskirts of            (ACLED geo precision 2)
origin        from, out of                   a departure, if a departure trigger
                                             is near; a gathering where people wait
                                             "to be evacuated from X" and no other
                                             place is where they are; else none
destination   to, towards, for, into         an arrival or advance, if such a
                                             trigger is near ("advanced into X")
locator       between, beyond, around,       none: the place only locates
              north of ..., or near right    something else ("the villages near
              after another place; "people   Idlib")
              from the villages in X"
provenance    "civilians from X", "the X     none: where people come from, or
              residents", "a source in X",   where the one who tells is (a
              "the buses of X", "they were   departure if they are said to
              from X"                        leave)
container     "Amiriyah district of Aleppo"  none: the place holds a named one
============  =============================  ====================================

A place that holds another place named in the same sentence (Aleppo beside
Amiriyah) is a container too. **Side.** A city qualified as rebel-held or
government-held (:data:`~geo.ingest.roles.SIDE_PHRASES`, up to :data:`SIDE_WINDOW_WORDS` words before
it, or after its possessive: "Aleppo's rebel-held districts") is read as the city's
region held by that side, from the
case's ``holdings.csv`` ("rebel-held neighborhoods in the embattled city of
Aleppo" -> East Aleppo). **Background.** A clause that speaks of months or years
(:data:`BACKGROUND`) or hedges with a modal ("would", "should") gives no event.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from geo.ingest import clauses, lexicon, roles, scene
from geo.ingest.alternation import by_first_letter, group_name
from geo.ingest.cleaning import holds

WINDOW_WORDS = 12
IRREALIS_REACH = 60  # characters before a trigger searched for "to", "would" ...
SIDE_WINDOW_WORDS = 10
ROLE_LOOKBACK_WORDS = 6

OUT = r"(?=(?:\s+[\w'’-]+){0,5}\s+out\b)"  # "brought ... out": up to five words, then "out"
FROM = r"(?=(?:\s+[\w,'’-]+){0,6}\s+from\b)"  # "carried 3,000 people from X"
NEW_VEHICLES = rf" (?:other|new|different) (?:{scene.VEHICLE_WORDS})"
# "went on towards X", not "went on high alert"
ONWARD = r"(?= (?:to|towards?|by|aboard|their way|its way|in (?:other|new)|from)\b)"
# "warned the people of X to leave": an order to move (up to six words, then "to" and a verb of moving)
TOMOVE = r"(?=(?:\s+[\w'’-]+){1,6}\s+to\s+(?:leave|move|go|relocate|evacuate|head)\b)"
LOOKAHEADS = {"OUT": OUT, "FROM": FROM, "TOMOVE": TOMOVE}  # the lexicon's trigger words name them as <OUT> ...


def _and_lexicon(kind: str, words: str) -> str:
    """A type's trigger words still written here, then those the lexicon adds for it (in the file's order)."""
    added = lexicon.trigger_words(kind, LOOKAHEADS, required=False)
    return f"{words}|{added}" if added else words


# (event type, trigger words; those of departures and arrivals are in lexicon.toml, read by geo/ingest/lexicon.py);
# order breaks ties between triggers at the same distance. Every alternative opens with a plain letter (see
# :func:`~geo.ingest.alternation.by_first_letter`).
TRIGGERS: tuple[tuple[str, str], ...] = (
    ("demining", r"demin\w*|de-mining|mine clearance|defus\w*|bomb disposal|sappers?"),
    ("attack", _and_lexicon("attack", r"attack(?:ed|s|ing)?|c[oa]me under (?:[\w-]+ ){0,3}?(?:gun)?fire"
               r"|under (?:heavy )?(?:gun)?fire"
               r"|fired (?:on|at|upon)|open(?:ed|ing)? fire|shot at|shell(?:ed|ing)|air ?strikes?|bomb(?:ed|ing|ings|ers?)"
               r"|snipers?|targeted|killed|executing|executed|massacred?|blasts?|explosions?|explod(?:ed|es|ing)|gunfire"
               r"|detonat(?:ed|es|ing)|struck(?! by)|mortars?|rockets?")),
    ("clash", r"clash(?:es|ed)?|fighting|fought|battles?|firefights?|exchanges? of fire|repelled"),
    ("advance", _and_lexicon("advance", r"advanc(?:e|ed|es|ing)|captur(?:e|ed|ing)|seiz(?:e|ed|ing)"
                r"|t(?:ook|aken|aking|ake) (?:full )?control|regained (?:full )?control|w(?:inning|on) back (?:full )?control"
                r"|under (?:their|its|government|full) control|recaptur\w+|retook|retaken|won back|overr?an"
                r"|swept through|fell to|pushed into|established (?:full )?control")),
    ("halt", _and_lexicon("halt", r"held up|hold[- ]up|halted|suspended|stalled|postponed|delayed|broke down|collapsed"
             r"|to a (?:halt|standstill)"
             r"|did not take place|thwarted|blocked|called off|unravel\w*|stranded|stuck|stopped(?! \w+ing\b)|delays?")),
    ("ceasefire", r"cease-?fires?|truces?|deal|agreement|came into effect|took effect|brokered"),
    ("arrival", lexicon.trigger_words("arrival", LOOKAHEADS)),
    ("transfer", r"changed (?:vehicles|buses)|transferr?(?:ed|ing)?|switched (?:to )?(?:other )?(?:vehicles|buses)"
                 rf"|into{NEW_VEHICLES}|onto{NEW_VEHICLES}|to{NEW_VEHICLES}|went on{ONWARD}|moved on{ONWARD}"),
    ("departure", lexicon.trigger_words("departure", LOOKAHEADS)),
    ("gathering", _and_lexicon("gathering", r"gather(?:ed|ing|s)?|wait(?:ed|ing|s)?|queu(?:e|ed|ing)|assembl(?:ed|ing|e)"
                  r"|massed|huddled"
                  r"|crowd(?:ed|s)?")),
    ("statement", _and_lexicon("statement", r"said|says|told|reported|announced|according to|stated|claimed")),
)

# every event type a candidate can have: a trigger's, or one Reading.event_type or the blasts retype it to (halt,
# clash, attack, statement), each also a trigger's
EVENT_TYPES = tuple(dict.fromkeys(kind for kind, _ in TRIGGERS))

# words just before a trigger that make it intended or possible, not done: a modal or "to" before
# a verb; a preposition of purpose or of a time still to come before a noun ("wait for their
# evacuation", "before the start of the evacuation")
DETERMINERS = (r"the|a|an|their|its|his|her|this|that|another|further|new|first|second|third|next|planned|possible"
               r"|full|start|beginning|onset|launch|resumption|rest|wave|stage|phase|large-scale|mass|any|on|of")
IRREALIS = (r"\b(?:to|to be|will|would|could|should|must|may|might|can|cannot|planned|planning|expected to|due to"
            r"|hoping to|trying to|willing to|preparing to|poised to)\s+(?:(?:\w+ly|now|then|soon|also|not|never)\s+)*"
            r"(?:\w+\s+)?(?:(?:the|a|an|their|its|his|her)\s+)?$"
            rf"|\b(?:for|before|ahead of|until|pending|awaiting|prior to)\s+(?:(?:{DETERMINERS})\s+){{0,4}}$"
            r"|\bin exchange (?:of|for)\s+(?:[\w,'’-]+\s+){0,4}$"  # the other side of a deal: "in exchange for residents leaving"
            r"|\bthat\s+(?:[\w-]+\s+){1,4}?be\s+$"  # what is asked: "demands that people also be moved out"
            r"|\b(?:differed|disagreed?|disputed?|wrangled|haggled|argued|at odds) (?:over|about|on)\s+(?:the\s+)?$"
            r"|\b(?:prevent|prevented|preventing|stopped|stopping|barred|barring|kept|keeping)\s+(?:[\w-]+\s+){0,3}from\s+$")
# a preposition before a trigger that makes it the scene of the sentence, not what it reports
# ("children sit in a bus during an evacuation operation", "by taking control of the city, he
# has proved ..."): the sentence's other triggers come first, and a sentence with none reports no event
BACKGROUND_EVENT = (rf"\b(?:during|after|following|since|amid|amidst|throughout|part of|under|terms of|in line with"
                    r"|despite(?: reports of)?)\s+(?:(?:hours|days|weeks|months|years) of\s+)?"  # "following days of delays"
                    rf"(?:(?:{DETERMINERS})\s+){{0,4}}(?:\w+-[\w-]+\s+)?$|\bby\s+$"
                    # "leave X simultaneously with the rebel evacuation from Y": the other side of a swap
                    r"|\b(?:simultaneously|in parallel|in tandem) with\s+(?:the\s+)?(?:[\w-]+\s+){0,2}$")
# who is attacked: an armed party makes an attack a clash ("the army was attacked", "fired on rebel positions")
# (the armed people of roles.ARMED_PEOPLE, with the army, a militia and their posts)
ARMED = rf"army|armies|militia|{roles.ARMED_PEOPLE}|positions|checkpoints?|garrisons?"
SIDES = r"the|a|an|government|regime|rebel|opposition|syrian|russian|enemy|pro-government|their|its|allied"
# a movement told as a running total ("100,000 people have been evacuated", said a ministry) is a statement
MODALS = r"\b(?:would|could|should|might|will|can|must)\b"

BACKGROUND = (r"\b(?:for|after) (?:many |several |\w+ )?(?:months|years|decades)\b|\b(?:a|one|\w+) years? ago\b"
              r"|\b(?:more than|over|nearly|almost) (?:a|one|\w+) (?:months?|years?)\b|\bsince 20\d\d\b"
              r"|\bover the (?:past|last) (?:few )?(?:months|years)\b"
              r"|\b(?:previous|past|earlier|former) (?:deals?|agreements?|rounds?|evacuations?|attempts?)\b")


# "the rebels fighting forces loyal to X": "fighting" says who the armed people are, not a battle the sentence tells
_WHO_FIGHT = re.compile(rf"\b(?:{roles.ARMED_PEOPLE})\s+$")

# every pattern is lower case and matched against lowered() text
_TRIGGER_WORDS, _TRIGGER_GROUPS = by_first_letter(TRIGGERS)
_TRIGGER = re.compile(rf"(?<!\w)(?:{_TRIGGER_WORDS})\b")
_IRREALIS = re.compile(IRREALIS)
_BACKGROUND_EVENT = re.compile(BACKGROUND_EVENT)
# a sentence without any of these words has no hedge or modal (cheap tests first); a scene-setting phrase holds one
SCENE_WORDS = ("during", "after", "following", "since", "amid", "throughout", "by ", "part of", "under", "terms of", "in line",
               "despite", " with")
HEDGE_WORDS = ("would", "could", "should", "might", "will", "can", "must", "month", "year", "decade", "since",
               "previous", "past", "earlier", "former")
# a place named as where words were spoken: a speech word, then at most a few words, then "in", "at" or "from"
@dataclass(frozen=True)
class Trigger:
    """A word in a sentence that names a kind of event; ``realis`` is False when only intended,
    ``background`` True when it only sets the scene for another ("during the evacuation")."""

    type: str
    start: int
    end: int
    realis: bool
    background: bool = False


@lru_cache(maxsize=1024)  # a sentence is read again when an undated lead is dated (geo.ingest.leads)
def triggers(low: str) -> tuple[Trigger, ...]:
    """The triggers in a lowered sentence, in order; ``realis`` False where only intended."""
    found: list[Trigger] = []
    scenes = holds(low, SCENE_WORDS)
    unsure = scene.UNSURE.search(low) if "whether" in low or " if " in low else None
    described = None  # after "the evacuation is part of", every trigger only describes it
    for m in _TRIGGER.finditer(low):
        kind = _TRIGGER_GROUPS[group_name(m)]
        described = described or scene.DESCRIBED.match(low, m.end())
        if kind == "arrival" and m.group() == "reached" and scene.reached_a_deal(low, m.start(), m.end()):
            continue
        if kind == "departure" and m.group().startswith("evacuat") and scene.names_a_deal(low, m.end()):
            continue
        if kind in ("departure", "arrival", "transfer") and scene.NEGATED.search(low, max(0, m.start() - 24), m.start()):
            kind = "halt"  # "no evacuation has taken place", "the buses did not leave"
        intended = _intended(low, m, found, unsure)
        sets_scene = described is not None or _sets_the_scene(low, kind, m, found, scenes)
        found.append(Trigger(kind, m.start(), m.end(), not intended, sets_scene))
    return tuple(found)


def first_told(found: Sequence[Trigger]) -> Trigger | None:
    """The first of a sentence's triggers ``found`` that happened, is not a word of speech and does not only set the
    scene: the event the sentence tells first."""
    return next((t for t in found if t.realis and t.type != "statement" and not t.background), None)


def _intended(low: str, m: re.Match[str], before: Sequence[Trigger], unsure: re.Match[str] | None) -> bool:
    """True when the trigger ``m`` is only intended, asked or possible ("to evacuate", "whether they leave"), or a
    participle right after such a trigger ("expected to leave, heading to X")."""
    reach = max(0, m.start() - IRREALIS_REACH)
    return bool(_IRREALIS.search(low, reach, m.start()) and not scene.CAUSED.search(low, reach, m.start())) \
        or (unsure is not None and unsure.start() < m.start()) \
        or (bool(before) and not before[-1].realis and m.group().endswith("ing")
            and low[before[-1].end:m.start()].rstrip().endswith(",") and "." not in low[before[-1].end:m.start()])


def _sets_the_scene(low: str, kind: str, m: re.Match[str], before: Sequence[Trigger], scenes: bool) -> bool:
    """True when the trigger ``m`` of ``kind`` only sets the scene of its sentence (:data:`BACKGROUND_EVENT`, a deal
    only referred to, who people were, an attack condemned, survived or fled, armed people told by their fighting,
    people described by a departure or moved by a deal)."""
    reach = max(0, m.start() - IRREALIS_REACH)
    background = _BACKGROUND_EVENT.search(low, reach, m.start()) if scenes and not clauses.passing(low, kind, *m.span()) else None
    return (background is not None and (background.group() != "by " or m.group().split()[0].endswith("ing"))) \
        or (kind == "ceasefire" and scene.only_referred_to(low, m)) \
        or (kind == "clash" and m.group() == "fighting"
            and _WHO_FIGHT.search(low, max(0, m.start() - 16), m.start()) is not None) \
        or scene.WHO_HAD.search(low, reach, m.start()) is not None \
        or (kind == "attack" and scene.REFERRED.search(low, reach, m.start()) is not None) \
        or (kind == "departure" and (scene.describes_people(low, m, any(t.realis for t in before))
                                     or scene.by_a_deal(low, m)))
