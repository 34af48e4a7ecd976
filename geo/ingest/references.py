"""Places a report means without naming them: "the two villages", "the transit point".

A case lists such phrases in ``place_references.csv`` (``data/README.md``), each with the
places it means; ingest reads a phrase like a name, as one :class:`~geo.ingest.mentions.Mention`
per place it means (``matched_by="reference"``), so "buses left the two villages" is a
departure from each village. The word ``*`` in a phrase stands for up to three words of the
text ("two * villages": "two villages", "two Shia villages", "two rebel-besieged Shia villages"). Three rules
keep a phrase from overruling what the text says:

- a name inside the phrase ("the two towns near Damascus") is part of the phrase, not a
  mention of its own;
- a phrase followed by "in", "at" or "of" and a name ("the transit point in Ramousah") gives
  way to the name, which says where, unless the name holds the phrase's places ("two villages
  in Idlib province");
- a phrase that only says which crossing point is meant ("at a crossing point with the enclave")
  is no place of the sentence: the point is, and the phrase does not name it.

Besides, a report that names exactly two towns means those two by "the towns" (or "the besieged
villages", "the cities") where it names no place (:func:`the_two_towns`), and a city named as its
province ("the Idlib countryside", "the northern province of Idlib", "Damascus and Idlib provinces")
or as where towns are ("pro-regime towns in Idlib") is the governorate holding it (:func:`provinces`).

>>> finder = ReferenceFinder({"the two villages": ("foua", "kefraya")})
>>> [(m.text, m.place_id) for m in finder.find("Buses left the two villages.", 0, 28)]
[('the two villages', 'foua'), ('the two villages', 'kefraya')]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence

from geo.ingest.alternation import group_name
from geo.ingest.cleaning import Paragraph, lowered
from geo.ingest.mentions import Mention, MentionFinder
from geo.places.gazetteer import Gazetteer

MATCHED_BY = "reference"
# a name right after the phrase says where: "the transit point in Ramousah", "the marshalling area at Rashidin"
_NAMED_AFTER = re.compile(r"\s+(?:in|at|of)\s+(?:the\s+)?")
# a point of the place, not the place: "at a crossing point with the enclave", "one of the checkpoints of the enclave"
_POINT_OF = re.compile(r"\b(?:crossing|crossing points?|checkpoints?)\s+(?:of|with|into|out of)\s+(?:the\s+)?$")
WILDCARD = "*"
_SOME_WORDS = r"(?:[\w'-]+\s+){0,3}"  # what the wildcard matches: up to three words, each with its space


class ReferenceFinder:
    """The phrases of one case's ``place_references.csv``, compiled once; longer phrases win."""

    def __init__(self, references: Mapping[str, Sequence[str]]):
        self.places = {" ".join(phrase.split()): tuple(ids) for phrase, ids in references.items() if ids}
        longest_first = sorted(self.places, key=len, reverse=True)
        self._groups = {f"p{i}": phrase for i, phrase in enumerate(longest_first)}
        alternatives = "|".join(f"(?P<{group}>{_phrase_pattern(phrase)})" for group, phrase in self._groups.items())
        self._pattern = re.compile(rf"(?<![\w'-])(?:{alternatives})(?![\w'-])") if alternatives else None

    def find(self, text: str, start: int, end: int) -> list[Mention]:
        """One mention per place each phrase in ``text[start:end]`` means, in text order."""
        if self._pattern is None:
            return []
        low = lowered(text[start:end]).replace("’", "'")
        found: list[Mention] = []
        for m in self._pattern.finditer(low):
            ids = self.places[self._groups[group_name(m)]]
            found.extend(Mention(text[start + m.start():start + m.end()], start + m.start(), start + m.end(), place_id,
                                 1.0, MATCHED_BY) for place_id in ids)
        return found


def _phrase_pattern(phrase: str) -> str:
    """The pattern of one phrase: its words with any run of spaces between them, ``*`` up to three words."""
    words = phrase.split()
    return "".join(_SOME_WORDS if w == WILDCARD else re.escape(w) + (r"\s+" if i < len(words) - 1 else "")
                   for i, w in enumerate(words))


def with_references(names: Sequence[Mention], references: Sequence[Mention], text: str,
                    ancestors: Mapping[str, frozenset[str]]) -> list[Mention]:
    """The names and the phrases of a text together, in text order: a name inside a phrase is dropped
    (the phrase holds it); a phrase followed by "in", "at" or "of" and a name gives way to the name,
    unless the name is an ancestor of the phrase's place (``ancestors``: place id -> the places holding it);
    and a phrase that only says which crossing point is meant ("at a crossing point with the enclave") is
    no place of the sentence (the point is, and the phrase does not name it)."""
    kept_references = []
    for reference in references:
        if _POINT_OF.search(lowered(text[max(0, reference.start - 40):reference.start])):
            continue
        after = _NAMED_AFTER.match(text, reference.end)
        if after is not None and any(name.start == after.end() and name.place_id not in ancestors.get(
                reference.place_id, ()) for name in names):
            continue
        kept_references.append(reference)
    spans = [(r.start, r.end) for r in kept_references]
    kept_names = [n for n in names if not any(s < n.end and n.start < e for s, e in spans)]
    return sorted([*kept_names, *kept_references], key=lambda m: m.start)


def finder(references: Mapping[str, Sequence[str]] | None) -> ReferenceFinder:
    """The compiled phrases of a case, built once per distinct table (a case's is the same on every call)."""
    return _finder(tuple(sorted((phrase, tuple(ids)) for phrase, ids in (references or {}).items())))


@functools.lru_cache(maxsize=16)
def _finder(items: tuple[tuple[str, tuple[str, ...]], ...]) -> ReferenceFinder:
    return ReferenceFinder(dict(items))


def mentions(text: str, paragraphs: Sequence[Paragraph], names: MentionFinder,
             references: Mapping[str, Sequence[str]] | None, ancestors: Mapping[str, frozenset[str]]) -> list[Mention]:
    """Every place mention of the text's paragraphs, names and phrases together (:func:`with_references`),
    and "the towns" of a report that names two (:func:`the_two_towns`)."""
    phrases = finder(references)
    found = provinces(text, [m for p in paragraphs for m in with_references(
        names.find(text, p.start, p.end), phrases.find(text, p.start, p.end), text, ancestors)], names.gazetteer)
    towns = the_two_towns(text, paragraphs, found, {m.place_id for m in found
                                                    if names.gazetteer[m.place_id].kind == "town"})
    return sorted([*found, *towns], key=lambda m: m.start) if towns else found


# "the besieged towns", "the two villages", "the cities": towns the sentence does not name ("of", "in" or
# "near" after the words names or places them)
_THE_TOWNS = re.compile(r"(?<![\w'-])the\s+(?:[\w-]+\s+){0,2}?(?:towns|villages|cities)(?![\w'-])"
                        r"(?!\s+(?:of|in|near|around|outside|such)\b)")


def the_two_towns(text: str, paragraphs: Sequence[Paragraph], found: Sequence[Mention], towns: set[str]
                  ) -> list[Mention]:
    """In a report that names exactly two towns, "the towns" (or villages, or cities) it names no place for
    are those two, resolved from the rest of the report (``matched_by="report"``); in any other report none."""
    if len(towns) != 2:
        return []
    taken = [(m.start, m.end) for m in found]
    extra: list[Mention] = []
    for p in paragraphs:
        for m in _THE_TOWNS.finditer(lowered(text[p.start:p.end])):
            start, end = p.start + m.start(), p.start + m.end()
            if not any(s < end and start < e for s, e in taken):
                extra.extend(Mention(text[start:end], start, end, place_id, 1.0, "report") for place_id in sorted(towns))
    return extra


PROVINCE = "province"  # matched_by of a city named as the governorate holding it
# "the countryside of Idlib", "the neighbouring province of Idlib"; "Idleb countryside", "Aleppo's countryside";
# "pro-regime towns in Idlib", "villages of Idlib": a city towns are in is its governorate
_PROVINCE_BEFORE = re.compile(r"\b(?:(?:countryside|province|governorate)\s+of|(?:towns|villages)\s+(?:in|of))\s+(?:the\s+)?$")
_PROVINCE_AFTER = re.compile(r"(?:['’]s)?\s+(?:[\w-]+\s+)?(?:countryside|provinces?|governorates?)\b")


def provinces(text: str, found: Sequence[Mention], gazetteer: Gazetteer) -> list[Mention]:
    """The mentions, with a city named as its province ("Idleb countryside", "the northern province of Idlib")
    read as the governorate holding it (``matched_by="province"``), which holds the towns named beside it."""
    low = lowered(text)
    read = []
    for m in found:
        place = gazetteer[m.place_id]
        parent = (gazetteer[place.parent] if place.kind == "city" and place.parent is not None and place.parent in gazetteer
                  else None)
        if parent is not None and parent.kind == "governorate" and (
                _PROVINCE_BEFORE.search(low, max(0, m.start - 40), m.start) or _PROVINCE_AFTER.match(low, m.end)):
            m = Mention(m.text, m.start, m.end, parent.id, m.score, PROVINCE)
        read.append(m)
    return read
