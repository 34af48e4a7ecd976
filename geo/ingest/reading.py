"""A sentence read once for the rules of :mod:`geo.ingest.triggers`: what each place named in it is to it.

:func:`read` reads a sentence against the trigger tables (or finds in one pass that no trigger in it happened, so it
has no event), and :mod:`geo.ingest.report` asks the :class:`Reading` about each place the sentence names: its
role (the words before it, :mod:`geo.ingest.roles`), the type of the event there (the nearest trigger, read past the
trigger word), whether a modal or a time long past hedges it, which side a phrase near it names. The rules
themselves, and the table of roles, are in :mod:`geo.ingest.triggers`' docstring.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from functools import cached_property

from geo.ingest import roles, scene
from geo.ingest.alternation import group_name
from geo.ingest.cleaning import holds, lowered
from geo.ingest.triggers import (
    ARMED,
    BACKGROUND,
    HEDGE_WORDS,
    IRREALIS_REACH,
    MODALS,
    ROLE_LOOKBACK_WORDS,
    SIDE_WINDOW_WORDS,
    SIDES,
    TRIGGERS,
    WINDOW_WORDS,
    Trigger,
    first_told,
    triggers,
)

_ARMED_SUBJECT = re.compile(rf"\b(?:{ARMED})\s+(?:was|were|is|are|being|(?:has|have|had) been)\s+(?:\w+ly\s+)?$")
_ARMED_OBJECT = re.compile(rf"\s*(?:on|at|upon)?\s*(?:(?:{SIDES})\s+){{0,3}}(?:{ARMED})\b")
_PERFECT = re.compile(r"\b(?:have|has|had)\s+(?:(?:already|now|so far|since|also)\s+)?been\s+(?:\w+ly\s+)?$")
_COUNT = re.compile(r"\d|\b(?:hundreds?|thousands?|dozens?)\b")
_HEDGE = re.compile(f"{MODALS}|{BACKGROUND}")
_SPOKEN_AT = re.compile(r"\b(?:said|says|told|announced|stated|speaking|spoke|statement|conference|briefing|interview)"
                        r"\b[^,.;\"“”]{0,40}?\b(?:in|at|from)\s+(?:[\w'’-]+\s+){0,3}$")
_CLAUSE_BREAK = re.compile(r"[,;:()\"“”]|\s[-–—]\s|(?<!\w)(?:that|which|who)\b")
_PHRASE_BREAK = re.compile(r"[,;:()\"“”]|\s[-–—]\s")
_SIDE_BREAK = re.compile(r"[;:()\"“”]")
_WORD = re.compile(r"[\w'’-]+")
_ORDER = {kind: i for i, (kind, _) in enumerate(TRIGGERS)}
_OWN_CLAUSE = re.compile(r"\b(?:while|when|where|as|after|before|is|are|was|were|had|have|has)\b")  # a verb of its own
_GOVERNED = re.compile(r"\s+(?:in|at|into|to|from|out of|for|towards?|through|near)\s+(?:the\s+)?")
# "flew dozens of civilians to X", "took 83 people from X": the verb, its object (no comma, no "and"), then the
# preposition that leads to the place
_OBJECT_GOVERNED = re.compile(r"(?:\s+(?!and\b|but\b|or\b|then\b)[\w'’-]+){1,6}\s+(?:into|to|from|out of)\s+(?:the\s+)?"
                             r"(?:[\w-]+['’]s\s+)?")  # "... to Jeddah's King Abdullah Air Base"
# a relative clause set off by commas right after a place: its verb comes after it ("X, which ..., was shelled")
_ASIDE = re.compile(r"\s*,\s*(?:which|who)\b[^,;.]*,")
# "the attack by militants on the town of X", "an assault against X": the attack's "on" leads to the place it hit
_ATTACK_GOVERNED = re.compile(r"(?:\s+(?!and\b|but\b|or\b)[\w'’-]+){0,4}\s+(?:on|against|upon)\s+(?:the\s+)?"
                              r"(?:[\w-]+\s+){0,3}?(?:(?:town|city|village|port|district|camp)\s+of\s+)?")


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
        self._roles = [(m.end(), roles.ROLE_GROUPS[group_name(m)]) for m in roles.ROLE.finditer(low)]

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
        return [(m.start(), m.end(), group_name(m)) for m in roles.SIDE.finditer(self.low)]

    def word_at(self, start: int) -> re.Match[str]:
        """The word of the lowered sentence that starts at ``start`` ("evacuated" of a trigger "evacuat"); a trigger
        or a phrase always starts one, so ValueError where none does."""
        word = _WORD.match(self.low, start)
        if word is None:
            raise ValueError(f"reading: no word starts at offset {start} of {self.low!r}")
        return word

    def words_between(self, a: int, b: int) -> int:
        """How many words start between two offsets."""
        lo, hi = min(a, b), max(a, b)
        return bisect_left(self._words, hi) - bisect_left(self._words, lo)

    def nearest(self, start: int, end: int, realis_only: bool = True, spoken: bool = True,
                kinds: tuple[str, ...] | None = None, skip: Trigger | None = None) -> Trigger | None:
        """The trigger closest to a span, within WINDOW_WORDS words.

        A trigger that only sets the scene ("during the evacuation") never counts (a place
        in a location role then takes the sentence's first, :meth:`first`); ``spoken=False``
        passes over the words of speech ("said", "told"); ``kinds`` keeps only triggers of
        those types; ``skip`` is a trigger passed over. A trigger whose preposition leads straight to
        the span is nearest ("arrived in Aleppo, evacuating ..."). Ties go to a trigger before the span (the verb usually
        precedes its place), then to the table order.
        """
        best: tuple[tuple[int, bool, int], Trigger] | None = None
        for t in self.triggers:
            if (realis_only and not t.realis) or (not spoken and t.type == "statement") or t.background \
                    or (kinds is not None and t.type not in kinds) or t is skip:
                continue
            after = t.end > start
            distance = self.words_between(end, t.start) if after else self.words_between(t.end, start)
            if after and (aside := _ASIDE.match(self.low, end, t.start)) is not None:
                distance = self.words_between(aside.end(), t.start)  # "X, which had been besieged for weeks, came under"
            if not after and (_GOVERNED.fullmatch(self.low, t.end, start)
                              or _OBJECT_GOVERNED.fullmatch(self.low, t.end, start)
                              or (t.type == "attack" and _ATTACK_GOVERNED.fullmatch(self.low, t.end, start))):
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
        return first_told(self.triggers)

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

    def takes_its_own(self, end: int) -> bool:
        """True when a place ending at ``end`` is the state that takes its own people out ("Egypt said it evacuated
        436 of its nationals"): who acts, not where."""
        return roles.TAKES_ITS_OWN.match(self.low, end) is not None

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
