"""The rules that turn a place mention in a sentence into a typed candidate event.

The rules are tables; :func:`read` reads a sentence once against them (or finds in one
pass that no trigger in it happened, so it has no event) and :mod:`geo.ingest.report` asks the
:class:`Reading` about each place named in the sentence. Trigger words and prepositions
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
event. :meth:`Reading.event_type` then reads past the trigger word: a halt in the
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
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from geo.ingest import clauses, roles, scene
from geo.ingest.alternation import by_first_letter
from geo.ingest.cleaning import holds, lowered

WINDOW_WORDS = 12
IRREALIS_REACH = 60  # characters before a trigger searched for "to", "would" ...
SIDE_WINDOW_WORDS = 10
ROLE_LOOKBACK_WORDS = 6

OUT = r"(?=(?:\s+[\w'’-]+){0,5}\s+out\b)"  # "brought ... out": up to five words, then "out"
FROM = r"(?=(?:\s+[\w,'’-]+){0,6}\s+from\b)"  # "carried 3,000 people from X"
NEW_VEHICLES = r" (?:other|new|different) (?:buses|vehicles|coaches)"
# "went on towards X", not "went on high alert"
ONWARD = r"(?= (?:to|towards?|by|aboard|their way|its way|in (?:other|new)|from)\b)"
# (event type, trigger words); order breaks ties between triggers at the same distance. Every
# alternative opens with a plain letter (see :func:`~geo.ingest.alternation.by_first_letter`).
TRIGGERS: tuple[tuple[str, str], ...] = (
    ("demining", r"demin\w*|de-mining|mine clearance|defus\w*|bomb disposal|sappers?"),
    ("attack", r"attack(?:ed|s|ing)?|c[oa]me under (?:[\w-]+ ){0,3}?(?:gun)?fire|under (?:heavy )?(?:gun)?fire"
               r"|fired (?:on|at|upon)|open(?:ed|ing)? fire|shot at|shell(?:ed|ing)|air ?strikes?|bomb(?:ed|ing|ings|ers?)"
               r"|snipers?|targeted|killed|executing|executed|massacred?|blasts?|explosions?|explod(?:ed|es|ing)|gunfire"
               r"|detonat(?:ed|es|ing)|struck(?! by)|mortars?|rockets?"),
    ("clash", r"clash(?:es|ed)?|fighting|fought|battles?|firefights?|exchanges? of fire|repelled"),
    ("advance", r"advanc(?:e|ed|es|ing)|captur(?:e|ed|ing)|seiz(?:e|ed|ing)"
                r"|t(?:ook|aken|aking|ake) (?:full )?control|regained (?:full )?control|w(?:inning|on) back (?:full )?control"
                r"|under (?:their|its|government|full) control|recaptur\w+|retook|retaken|won back|overr?an"
                r"|swept through|fell to|pushed into|established (?:full )?control"),
    ("halt", r"held up|hold[- ]up|halted|suspended|stalled|postponed|delayed|broke down|collapsed|to a (?:halt|standstill)"
             r"|did not take place|thwarted|blocked|called off|unravel\w*|stranded|stuck|stopped(?! \w+ing\b)|delays?"),
    ("ceasefire", r"cease-?fires?|truces?|deal|agreement|came into effect|took effect|brokered"),
    ("arrival", r"arriv(?:e|ed|es|ing|al)|reached|destination|entered|transported(?= (?:[\w-]+ ){0,8}to\b)"),
    ("transfer", r"changed (?:vehicles|buses)|transferr?(?:ed|ing)?|switched (?:to )?(?:other )?(?:vehicles|buses)"
                 rf"|into{NEW_VEHICLES}|onto{NEW_VEHICLES}|to{NEW_VEHICLES}|went on{ONWARD}|moved on{ONWARD}"),
    ("departure", r"depart(?:ed|s|ure|ing)?|left|leaving|leaves?|rolled out|drove|driven out|set off|set out|pulled out"
                  r"|pull-?out|evacuat(?:ed|ion|ions|ing|e)|exodus|under ?way|picked up|picking up"
                  r"|operations? (?:ha(?:s|ve|d) )?(?:begun|began|started|resumed)"
                  rf"|carr(?:y|ies|ied|ying){OUT}|brought{OUT}|bring(?:s|ing)?{OUT}|ferr(?:y|ies|ied|ying){OUT}"
                  rf"|bus(?:s?ed)?{OUT}|t(?:ook|aken){OUT}"
                  r"|snaked out|streamed out|wound out|filed out|poured out|trickled out|moved out|headed out"
                  r"|headed(?= (?:to|for|towards?|north|south|east|west)\b)|heading(?= (?:to|for|towards?)\b)"
                  rf"|carried{FROM}|brought{FROM}|ferried{FROM}|moved{FROM}|on the move"),
    ("gathering", r"gather(?:ed|ing|s)?|wait(?:ed|ing|s)?|queu(?:e|ed|ing)|assembl(?:ed|ing|e)|massed|huddled"
                  r"|crowd(?:ed|s)?"),
    ("statement", r"said|says|told|reported|announced|according to|stated|claimed"),
)

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
BACKGROUND_EVENT = (rf"\b(?:during|after|following|amid|amidst|throughout|part of|under|terms of|in line with"
                    r"|despite(?: reports of)?)\s+(?:(?:hours|days|weeks|months|years) of\s+)?"  # "following days of delays"
                    rf"(?:(?:{DETERMINERS})\s+){{0,4}}(?:\w+-[\w-]+\s+)?$|\bby\s+$"
                    # "leave X simultaneously with the rebel evacuation from Y": the other side of a swap
                    r"|\b(?:simultaneously|in parallel|in tandem) with\s+(?:the\s+)?(?:[\w-]+\s+){0,2}$")
# who is attacked: an armed party makes an attack a clash ("the army was attacked", "fired on rebel positions")
ARMED = (r"army|armies|troops|soldiers|forces|fighters|rebels|militants|insurgents|militias?|militiamen|gunmen"
         r"|jihadists|positions|checkpoints?|garrisons?")
SIDES = r"the|a|an|government|regime|rebel|opposition|syrian|russian|enemy|pro-government|their|its|allied"
_ARMED_SUBJECT = re.compile(rf"\b(?:{ARMED})\s+(?:was|were|is|are|being|(?:has|have|had) been)\s+(?:\w+ly\s+)?$")
_ARMED_OBJECT = re.compile(rf"\s*(?:on|at|upon)?\s*(?:(?:{SIDES})\s+){{0,3}}(?:{ARMED})\b")
# a movement told as a running total ("100,000 people have been evacuated", said a ministry) is a statement
_PERFECT = re.compile(r"\b(?:have|has|had)\s+(?:(?:already|now|so far|since|also)\s+)?been\s+(?:\w+ly\s+)?$")
_COUNT = re.compile(r"\d|\b(?:hundreds?|thousands?|dozens?)\b")
MODALS = r"\b(?:would|could|should|might|will|can|must)\b"

BACKGROUND = (r"\b(?:for|after) (?:many |several |\w+ )?(?:months|years|decades)\b|\b(?:a|one|\w+) years? ago\b"
              r"|\b(?:more than|over|nearly|almost) (?:a|one|\w+) (?:months?|years?)\b|\bsince 20\d\d\b"
              r"|\bover the (?:past|last) (?:few )?(?:months|years)\b"
              r"|\b(?:previous|past|earlier|former) (?:deals?|agreements?|rounds?|evacuations?|attempts?)\b")


# every pattern is lower case and matched against lowered() text
_TRIGGER_WORDS, _TRIGGER_GROUPS = by_first_letter(TRIGGERS)
_TRIGGER = re.compile(rf"(?<!\w)(?:{_TRIGGER_WORDS})\b")
_IRREALIS = re.compile(IRREALIS)
_BACKGROUND_EVENT = re.compile(BACKGROUND_EVENT)
_HEDGE = re.compile(f"{MODALS}|{BACKGROUND}")
# a sentence without any of these words has no hedge or modal (cheap tests first); a scene-setting phrase holds one
SCENE_WORDS = ("during", "after", "following", "amid", "throughout", "by ", "part of", "under", "terms of", "in line",
               "despite", " with")
HEDGE_WORDS = ("would", "could", "should", "might", "will", "can", "must", "month", "year", "decade", "since",
               "previous", "past", "earlier", "former")
# a place named as where words were spoken: a speech word, then at most a few words, then "in", "at" or "from"
_SPOKEN_AT = re.compile(r"\b(?:said|says|told|announced|stated|speaking|spoke|statement|conference|briefing|interview)"
                        r"\b[^,.;\"“”]{0,40}?\b(?:in|at|from)\s+(?:[\w'’-]+\s+){0,3}$")
_CLAUSE_BREAK = re.compile(r"[,;:()\"“”]|\s[-–—]\s|(?<!\w)(?:that|which|who)\b")
_PHRASE_BREAK = re.compile(r"[,;:()\"“”]|\s[-–—]\s")
_SIDE_BREAK = re.compile(r"[;:()\"“”]")
_WORD = re.compile(r"[\w'’-]+")
_ORDER = {kind: i for i, (kind, _) in enumerate(TRIGGERS)}
_OWN_CLAUSE = re.compile(r"\b(?:while|when|where|as|after|before|is|are|was|were|had|have|has)\b")  # a verb of its own
_GOVERNED = re.compile(r"\s+(?:in|at|into|to|from|out of|for|towards?|through|near)\s+(?:the\s+)?")


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
    found = []
    scenes = holds(low, SCENE_WORDS)
    unsure = scene.UNSURE.search(low) if "whether" in low or " if " in low else None
    described = None  # after "the evacuation is part of", every trigger only describes it
    for m in _TRIGGER.finditer(low):
        kind = _TRIGGER_GROUPS[m.lastgroup]
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


def _intended(low: str, m: re.Match[str], before: Sequence[Trigger], unsure: re.Match[str] | None) -> bool:
    """True when the trigger ``m`` is only intended, asked or possible ("to evacuate", "whether they leave"), or a
    participle right after such a trigger ("expected to leave, heading to X")."""
    reach = max(0, m.start() - IRREALIS_REACH)
    return bool(_IRREALIS.search(low, reach, m.start()) and not scene.CAUSED.search(low, reach, m.start())) \
        or (unsure is not None and unsure.start() < m.start()) \
        or (bool(before) and not before[-1].realis and m.group().endswith("ing")
            and low[before[-1].end:m.start()].strip() == ",")


def _sets_the_scene(low: str, kind: str, m: re.Match[str], before: Sequence[Trigger], scenes: bool) -> bool:
    """True when the trigger ``m`` of ``kind`` only sets the scene of its sentence (:data:`BACKGROUND_EVENT`, a deal
    only referred to, who people were, an attack condemned, people described by a departure or moved by a deal)."""
    reach = max(0, m.start() - IRREALIS_REACH)
    background = _BACKGROUND_EVENT.search(low, reach, m.start()) if scenes and not clauses.passing(low, kind, *m.span()) else None
    return (background is not None and (background.group() != "by " or m.group().split()[0].endswith("ing"))) \
        or (kind == "ceasefire" and scene.only_referred_to(low, m)) \
        or scene.WHO_HAD.search(low, reach, m.start()) is not None \
        or (kind == "attack" and scene.REFERRED.search(low, reach, m.start()) is not None) \
        or (kind == "departure" and (scene.describes_people(low, m, any(t.realis for t in before))
                                     or scene.by_a_deal(low, m)))


def read(sentence: str) -> Reading | None:
    """The sentence read for the rules; None when no trigger in it happened (or every one that did
    only sets the scene), for then none of its places has an event (and the rest of the reading is not worth its cost)."""
    low = lowered(sentence)
    found = triggers(low)
    return Reading(sentence, low, found) if any(t.realis and not t.background for t in found) else None


class Reading:
    """One sentence read once for the rules: its triggers, words, clause breaks, prepositions,
    hedges and side phrases, so each place in it is judged with a few look-ups.

    Made by :func:`read` from the sentence, its :func:`~geo.ingest.cleaning.lowered` text and its triggers.
    """

    def __init__(self, sentence: str, low: str, found: tuple[Trigger, ...]):
        self.sentence = sentence
        self.low = low
        self.triggers = found
        self._words = [m.start() for m in _WORD.finditer(low)]
        self._phrase_breaks = [m.end() for m in _PHRASE_BREAK.finditer(low)]
        self._hedges = [m.start() for m in _HEDGE.finditer(low)] if holds(low, HEDGE_WORDS) else []
        self._roles = [(m.end(), roles.ROLE_GROUPS[m.lastgroup]) for m in roles.ROLE.finditer(low)]

    @cached_property
    def _clause_breaks(self) -> list[tuple[int, int]]:
        return [(m.start(), m.end()) for m in _CLAUSE_BREAK.finditer(self.low)]

    @cached_property
    def _side_breaks(self) -> list[int]:
        return [m.end() for m in _SIDE_BREAK.finditer(self.low)]

    @cached_property
    def _sides(self) -> list[tuple[int, int, str]]:
        if not holds(self.low, roles.SIDE_WORDS):
            return []
        return [(m.start(), m.end(), m.lastgroup) for m in roles.SIDE.finditer(self.low)]

    def words_between(self, a: int, b: int) -> int:
        """How many words start between two offsets."""
        lo, hi = min(a, b), max(a, b)
        return bisect_left(self._words, hi) - bisect_left(self._words, lo)

    def nearest(self, start: int, end: int, realis_only: bool = True, spoken: bool = True,
                kinds: tuple[str, ...] | None = None) -> Trigger | None:
        """The trigger closest to a span, within WINDOW_WORDS words.

        A trigger that only sets the scene ("during the evacuation") never counts (a place
        in a location role then takes the sentence's first, :meth:`first`); ``spoken=False``
        passes over the words of speech ("said", "told"); ``kinds`` keeps only triggers of
        those types. A trigger whose preposition leads straight to the span is nearest ("arrived
        in Aleppo, evacuating ..."). Ties go to a trigger before the span (the verb usually
        precedes its place), then to the table order.
        """
        best: tuple[tuple[int, bool, int], Trigger] | None = None
        for t in self.triggers:
            if (realis_only and not t.realis) or (not spoken and t.type == "statement") or t.background \
                    or (kinds is not None and t.type not in kinds):
                continue
            after = t.end > start
            distance = self.words_between(end, t.start) if after else self.words_between(t.end, start)
            if not after and _GOVERNED.fullmatch(self.low, t.end, start):
                distance = 0  # "arrived in Aleppo, evacuating ...": the verb whose preposition leads to the place
            rank = (distance, after, _ORDER[t.type])
            if distance <= WINDOW_WORDS and (best is None or rank < best[0]):
                best = (rank, t)
        return best[1] if best else None

    def clause(self, start: int, end: int) -> tuple[int, int]:
        """The span of the clause around a span: between commas, dashes, "that", "which"."""
        breaks = self._clause_breaks
        before = bisect_left(breaks, (start,)) - 1
        left = breaks[before][1] if before >= 0 else 0
        after = bisect_left(breaks, (end,))
        right = breaks[after][0] if after < len(breaks) else len(self.low)
        return left, right

    def spoken_at(self, start: int) -> bool:
        """True when the place at ``start`` is where words were spoken ("told reporters in Geneva",
        "said in a statement from Damascus", "speaking from X"), not what they were about."""
        return _SPOKEN_AT.search(self.low, max(0, start - 60), start) is not None

    def first(self) -> Trigger | None:
        """The sentence's first trigger that happened, is not a statement and does not only set the scene."""
        return next((t for t in self.triggers if t.realis and t.type != "statement" and not t.background), None)

    def event_type(self, trigger: Trigger, start: int, end: int) -> str:
        """The type a trigger gives the place at ``start``..``end``, after the rules that read past
        the trigger word itself:

        - a halt in the place's clause stops what the trigger names ("the evacuation of X
          was halted", "the hold-up of the evacuation of X") -> ``halt``;
        - an attack on an armed party ("the army was attacked", "fired on rebel positions")
          -> ``clash``;
        - a gathering an attack in its clause hit ("a shell struck a crowd waiting near X") -> ``attack``;
        - vehicles or people aboard them waiting, or a wait told with its length ("the buses were
          waiting", "waiting since Friday") -> ``halt``: the evacuation is held up (but a wait to leave,
          "buses waiting to leave", comes before the departure: a gathering);
        - a departure or arrival told as a running total (passive perfect, with a number and
          a speaker: "the ministry said 100,000 people have been evacuated") -> ``statement``.
        """
        kind = trigger.type
        if kind in ("departure", "arrival", "transfer", "ceasefire", "gathering"):
            left, right = self.clause(min(start, trigger.start), max(end, trigger.end))
            if any(t.type == "halt" and t.realis and not t.background and left <= t.start < right for t in self.triggers):
                return "halt"
        if kind == "attack":
            before = self.low[max(0, trigger.start - IRREALIS_REACH):trigger.start]
            if _ARMED_SUBJECT.search(before) or _ARMED_OBJECT.match(self.low, trigger.end):
                return "clash"
        if kind == "gathering" and self._hit(trigger):
            return "attack"  # "a shell struck a crowd waiting near X": the gathering is what was hit
        if kind == "gathering" and scene.holds_up(self.low, trigger.start, trigger.end) and not self._to_leave(trigger):
            return "halt"
        if kind in ("departure", "arrival") and _PERFECT.search(self.low, max(0, trigger.start - IRREALIS_REACH),
                                                                  trigger.start):
            spoken = any(t.type == "statement" for t in self.triggers)
            if spoken and _COUNT.search(self.low):
                return "statement"
        return kind

    def _hit(self, gathering: Trigger) -> bool:
        """True when an attack told in the gathering's clause comes before it: the gathering is what it hit."""
        left, _ = self.clause(gathering.start, gathering.end)
        return any(t.type == "attack" and t.realis and not t.background and left <= t.start < gathering.start
                   and _OWN_CLAUSE.search(self.low, t.end, gathering.start) is None for t in self.triggers)

    def _to_leave(self, wait: Trigger) -> bool:
        """True when a departure follows a wait within two words ("waiting to leave", "waiting to be evacuated")."""
        return any(t.type == "departure" and t.start >= wait.end and self.words_between(wait.end, t.start) <= 2
                   for t in self.triggers)

    def hedged(self, start: int, end: int) -> bool:
        """True when the clause around a span has a modal or speaks of months or years."""
        if not self._hedges:
            return False
        left, right = self.clause(start, end)
        i = bisect_left(self._hedges, left)
        return i < len(self._hedges) and self._hedges[i] < right

    def role(self, start: int, earlier_mentions: Sequence[tuple[int, int]], end: int | None = None) -> str:
        """What a place mention at ``start`` is to the sentence: one of the roles in :data:`~geo.ingest.roles.ROLES`,
        ``provenance``, ``container``, ``coordinate`` (joined by "and" to the place before) or ``none``.

        Reading back at most ROLE_LOOKBACK_WORDS words (and not past a comma), the nearest
        of these decides: a preposition of :data:`~geo.ingest.roles.ROLES`, an earlier place in
        ``earlier_mentions`` (container, or coordinate after "and"), or a trigger, whose
        object the place then is ("to evacuate eastern Aleppo" is not a destination).
        """
        i = bisect_left(self._phrase_breaks, start + 1) - 1
        left = self._phrase_breaks[i] if i >= 0 else 0
        w = bisect_left(self._words, start) - ROLE_LOOKBACK_WORDS
        floor = max(left, self._words[w] if w >= 0 else 0)
        closest: tuple[int, str] = (-1, "none")
        for t in self.triggers:
            if floor <= t.start < start:
                closest = max(closest, (t.end, "none"))
        for s, e in earlier_mentions:
            if floor <= s < start:
                joined = roles.AND.fullmatch(self.low, e, start) or roles.PART_OF.fullmatch(self.low, e, start)
                closest = max(closest, (e, "coordinate" if joined else "container"))
        for role_end, name in self._roles:
            if floor < role_end <= start and role_end > left:
                closest = max(closest, (role_end, name))
        if closest[1] == "location" and roles.FROM_SETTLEMENTS.search(self.low, max(0, start - 80), start):
            return "locator"  # "civilians from the villages in X": X only locates the villages
        if end is not None and closest[1] in ("location", "none") and roles.OUTSKIRTS_AFTER.match(self.low, end):
            return "near"
        if closest[1] == "near" and any(roles.NEAR_AFTER_PLACE.fullmatch(self.low, e, start) for s, e in earlier_mentions
                                        if e <= start):
            return "locator"  # the place locates the one named just before it
        return closest[1]

    def names_people(self, end: int) -> bool:
        """True when a place ending at ``end`` is followed by a word for people ("the Madaya residents")."""
        return roles.NAMES_PEOPLE.match(self.low, end) is not None

    def side(self, start: int, end: int) -> str | None:
        """``opposition`` or ``government`` when a side phrase qualifies the place at ``start``..``end``:
        shortly before it ("rebel-held districts in ... Aleppo") or after its possessive
        ("Aleppo's rebel-held districts").
        """
        possessive = roles.POSSESSIVE.match(self.low, end)
        i = bisect_left(self._side_breaks, start + 1) - 1
        left = self._side_breaks[i] if i >= 0 else 0
        best: tuple[int, str] | None = None
        for s, e, name in self._sides:
            if possessive and end < s <= possessive.end():
                return name
            if left <= s and e <= start and self.words_between(e, start) <= SIDE_WINDOW_WORDS:
                best = max(best or (e, name), (e, name))
        return best[1] if best else None
