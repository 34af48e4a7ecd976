"""The rules that turn a place mention in a sentence into a typed candidate event.

Everything here is a table; :mod:`geo.ingest` applies them in this order.

**Type.** :data:`TRIGGERS` maps words to the event types of ``data/event_types.csv``.
A mention takes the type of the nearest trigger within :data:`WINDOW_WORDS` words
(ties go to the earlier row of the table). A trigger that is only intended or
reported as possible ("to evacuate", "would leave", "expected to", see
:data:`IRREALIS`) does not count.

**Role.** The words before a mention say what the place is to the sentence
(:data:`ROLES`), reading back over "the rebel-held area of" to the preposition:

============  =============================  ====================================
role          written                        event
============  =============================  ====================================
location      at, in, inside, on, through    the nearest trigger's type; with no
              (or no preposition)            trigger near, the sentence's first
near          near, next to, outside,        as location, but only near the place
              on the outskirts of            (ACLED geo precision 2)
origin        from, out of                   a departure, if a departure trigger
                                             is near; otherwise none
destination   to, towards, for, into         an arrival or advance, if such a
                                             trigger is near ("advanced into X")
locator       between, beyond, around,       none: the place only locates
              north of ...                   something else
provenance    "civilians from X"             none: where people come from
container     "Amiriyah district of Aleppo"  none: the place holds a named one
============  =============================  ====================================

A place that holds another place named in the same sentence (Aleppo beside
Amiriyah) is a container too. **Side.** A city qualified as rebel-held or
government-held (:data:`SIDE_PHRASES`, up to :data:`SIDE_WINDOW_WORDS` words before
it) is read as the city's region held by that side in December 2016, from the
gazetteer's ``side_2016_12`` ("rebel-held neighborhoods in the embattled city of
Aleppo" -> East Aleppo). **Background.** A clause that speaks of months or years
(:data:`BACKGROUND`) or hedges with a modal ("would", "should") gives no event.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

WINDOW_WORDS = 12
SIDE_WINDOW_WORDS = 10
ROLE_LOOKBACK_WORDS = 6

# (event type, trigger words); order breaks ties between triggers at the same distance
TRIGGERS: tuple[tuple[str, str], ...] = (
    ("demining", r"demin\w*|de-mining|mine clearance|defus\w*|bomb disposal|sappers?"),
    ("attack", r"attack(?:ed|s|ing)?|c[oa]me under (?:a hail of )?(?:gun|heavy )?fire|under fire|fired (?:on|at|upon)"
               r"|opened fire|shot at|shell(?:ed|ing)|air ?strikes?|bomb(?:ed|ing|ings)|snipers?|targeted"
               r"|killed|executing|executed|massacred?"),
    ("clash", r"clash(?:es|ed)?|fighting|fought|battles?|firefights?|exchanges? of fire|repelled"),
    ("advance", r"advanc(?:e|ed|es|ing)|captur(?:e|ed|ing)|seiz(?:e|ed|ing)"
                r"|(?:took|taken|taking|take|regained|winning back|won back) (?:full )?control"
                r"|under (?:their|its|government|full) control|recaptur\w+|retook|retaken|won back|overr?an"
                r"|swept through|fell to|pushed into"),
    ("halt", r"held up|hold[- ]up|halted|suspended|stalled|postponed|delayed|broke down|collapsed"
             r"|did not take place|thwarted|blocked|called off|unravel\w*"),
    ("ceasefire", r"cease-?fires?|truces?|deal|agreement|came into effect|took effect|brokered"),
    ("arrival", r"arriv(?:e|ed|es|ing|al)|reached|destination"),
    ("transfer", r"changed (?:vehicles|buses)|transferr?(?:ed|ing)?|switched (?:to )?(?:other )?(?:vehicles|buses)"
                 r"|(?:into|onto|to) (?:other|new|different) (?:buses|vehicles|coaches)|went on|moved on"),
    ("departure", r"depart(?:ed|s|ure|ing)?|left|leaving|rolled out|drove|driven out|set off|set out|pulled out"
                  r"|pull-?out|evacuat(?:ed|ion|ions|ing|e)|exodus|under ?way"
                  r"|(?:carr(?:y|ies|ied|ying)|brought|bring(?:s|ing)?|ferr(?:y|ies|ied|ying)|bus(?:s?ed)?|took|taken)"
                  r"(?=(?:\s+[\w'’-]+){0,5}\s+out\b)"),
    ("gathering", r"gather(?:ed|ing|s)?|wait(?:ed|ing|s)?|queu(?:e|ed|ing)|assembl(?:ed|ing|e)|massed|huddled"
                  r"|crowd(?:ed|s)?|get warm"),
    ("statement", r"said|says|told|reported|announced|according to|stated|claimed"),
)

# words just before a trigger that make it intended or possible, not done
IRREALIS = (r"\b(?:to|to be|will|would|could|should|may|might|can|cannot|planned|planning|expected to|due to"
            r"|hoping to|trying to|willing to|preparing to|poised to)\s+(?:(?:\w+ly|now|then|soon|also|not|never)\s+)*"
            r"(?:\w+\s+)?$")
MODALS = r"\b(?:would|could|should|might|will|can)\b"

# where a place stands to the sentence, by the preposition read back from it
ROLES: tuple[tuple[str, str], ...] = (
    ("locator", r"between|beyond|around|(?:north|south|east|west)(?:ern)? of|on the road to"),
    ("near", r"near|next to|close to|outside|(?:on )?the (?:\w+ )?(?:outskirts|edge) of"),
    ("origin", r"from|out of"),
    ("destination", r"to|towards|toward|for|into|onto"),
    ("location", r"at|in|inside|within|on|through|across|throughout"),
)
PEOPLE = r"civilians|residents|people|families|evacuees|fighters|rebels|militants|refugees|children|those"

SIDE_PHRASES: tuple[tuple[str, str], ...] = (
    ("opposition", r"rebel[- ](?:held|controlled|run)|opposition[- ](?:held|controlled)|insurgent[- ]held"
                   r"|(?:rebel|insurgent|opposition) (?:areas?|zones?|enclaves?|districts?|neighbou?rhoods?|sectors?"
                   r"|sides?|parts?|pockets?|bastions?|strongholds?)"),
    ("government", r"government[- ](?:held|controlled)|regime[- ](?:held|controlled)|government held"
                   r"|government (?:sides?|areas?|zones?|parts?|lines)"),
)
BACKGROUND = (r"\bfor (?:many |several |\w+ )?(?:months|years|decades)\b|\b(?:a|one|\w+) years? ago\b"
              r"|\b(?:more than|over|nearly|almost) (?:a|one|\w+) (?:months?|years?)\b|\bsince 20\d\d\b"
              r"|\bover the (?:past|last) (?:few )?(?:months|years)\b")

_TRIGGERS = tuple((kind, re.compile(rf"\b(?:{words})\b", re.IGNORECASE)) for kind, words in TRIGGERS)
_IRREALIS = re.compile(IRREALIS, re.IGNORECASE)
_MODAL = re.compile(MODALS, re.IGNORECASE)
_ROLE_WORDS = tuple((role, re.compile(rf"\b(?:{words})\s*$", re.IGNORECASE)) for role, words in ROLES)
_PROVENANCE = re.compile(rf"\b(?:{PEOPLE})\s+from\s*$", re.IGNORECASE)
_SIDES = tuple((side, re.compile(rf"\b(?:{words})\b", re.IGNORECASE)) for side, words in SIDE_PHRASES)
_BACKGROUND = re.compile(BACKGROUND, re.IGNORECASE)
_POSSESSIVE = re.compile(r"['’]s\s+")
_CLAUSE_BREAK = re.compile(r"[,;:()\"“”]|\s[-–—]\s|\bthat\b|\bwhich\b|\bwho\b")
_WORD = re.compile(r"[\w'’-]+")


@dataclass(frozen=True)
class Trigger:
    """A word in a sentence that names a kind of event; ``realis`` is False when only intended."""

    type: str
    start: int
    end: int
    realis: bool


def triggers(sentence: str) -> tuple[Trigger, ...]:
    """Every trigger in a sentence, in order; overlapping ones keep the earlier table row."""
    found: list[Trigger] = []
    for kind, pattern in _TRIGGERS:
        for m in pattern.finditer(sentence):
            if any(m.start() < t.end and t.start < m.end() for t in found):
                continue
            realis = not _IRREALIS.search(sentence, 0, m.start())
            found.append(Trigger(kind, m.start(), m.end(), realis))
    return tuple(sorted(found, key=lambda t: t.start))


def words_between(sentence: str, a: int, b: int) -> int:
    """How many words lie between two offsets."""
    lo, hi = min(a, b), max(a, b)
    return len(_WORD.findall(sentence, lo, hi))


def nearest(found: tuple[Trigger, ...], sentence: str, start: int, end: int) -> Trigger | None:
    """The trigger closest to a span, within WINDOW_WORDS words.

    Ties go to a trigger before the span (the verb usually precedes its place), then to
    the table order.
    """
    order = {kind: i for i, (kind, _) in enumerate(TRIGGERS)}
    scored = [
        (words_between(sentence, t.end, start) if t.end <= start else words_between(sentence, end, t.start),
         t.end > start, order[t.type], t)
        for t in found
    ]
    scored = [s for s in scored if s[0] <= WINDOW_WORDS]
    return min(scored, key=lambda s: s[:3])[3] if scored else None


def clause(sentence: str, start: int, end: int) -> tuple[int, int]:
    """The span of the clause around a span: between commas, dashes, "that", "which"."""
    left = max((b.end() for b in _CLAUSE_BREAK.finditer(sentence, 0, start)), default=0)
    right = next((b.start() for b in _CLAUSE_BREAK.finditer(sentence, end)), len(sentence))
    return left, right


def hedged(sentence: str, start: int, end: int) -> bool:
    """True when the clause around a span has a modal or speaks of months or years."""
    left, right = clause(sentence, start, end)
    return bool(_MODAL.search(sentence, left, right) or _BACKGROUND.search(sentence, left, right))


def role(sentence: str, start: int, earlier_mentions: tuple[tuple[int, int], ...],
         found: tuple[Trigger, ...] = ()) -> str:
    """What a place mention at ``start`` is to the sentence: one of the roles in :data:`ROLES`,
    ``provenance``, ``container``, ``coordinate`` (joined by "and" to the place before) or ``none``.

    ``earlier_mentions`` are the (start, end) spans of the place mentions before it; the
    reading back stops at a trigger in ``found``, whose object the place then is
    ("to evacuate eastern Aleppo" is not a destination).
    """
    left = max((b.end() for b in re.finditer(r"[,;:()\"“”]|\s[-–—]\s", sentence[:start])), default=0)
    words = list(_WORD.finditer(sentence, left, start))[-ROLE_LOOKBACK_WORDS:]
    for w in reversed(words):
        if any(t.start <= w.start() < t.end for t in found):
            return "none"
        before = sentence[left:w.end()]
        if any(s <= w.start() < e for s, e in earlier_mentions):
            joined = re.search(r"\b(?:and|or|&)\s*$", sentence[w.end():start]) is not None
            return "coordinate" if joined else "container"
        if _PROVENANCE.search(before):
            return "provenance"
        for name, pattern in _ROLE_WORDS:
            if pattern.search(before):
                return name
    return "none"


def side(sentence: str, start: int, end: int) -> str | None:
    """``opposition`` or ``government`` when a side phrase qualifies the place at ``start``..``end``:
    shortly before it ("rebel-held districts in ... Aleppo") or after its possessive
    ("Aleppo's rebel-held districts").
    """
    possessive = _POSSESSIVE.match(sentence, end)
    if possessive:
        skip_one = re.compile(r"[\w-]+\s+").match(sentence, possessive.end())
        for at in (possessive.end(), skip_one.end() if skip_one else None):
            for name, pattern in _SIDES:
                if at is not None and pattern.match(sentence, at):
                    return name
    left = max((b.end() for b in re.finditer(r"[;:()\"“”]", sentence[:start])), default=0)
    best: tuple[int, str] | None = None
    for name, pattern in _SIDES:
        for m in pattern.finditer(sentence, left, start):
            if words_between(sentence, m.end(), start) <= SIDE_WINDOW_WORDS and (best is None or m.end() > best[0]):
                best = (m.end(), name)
    return best[1] if best else None
