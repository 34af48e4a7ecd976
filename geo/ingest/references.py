"""Places a report means without naming them: "the two villages", "the transit point".

A case lists such phrases in ``place_references.csv`` (``data/README.md``), each with the
places it means; ingest reads a phrase like a name, as one :class:`~geo.ingest.mentions.Mention`
per place it means (``matched_by="reference"``), so "buses left the two villages" is a
departure from each village. Two rules keep a phrase from overruling what the text says:

- a name inside the phrase ("the two towns near Damascus") is part of the phrase, not a
  mention of its own;
- a phrase followed by "in", "at" or "of" and a name ("the transit point in Ramousah") gives
  way to the name, which says where.

>>> finder = ReferenceFinder({"the two villages": ("foua", "kefraya")})
>>> [(m.text, m.place_id) for m in finder.find("Buses left the two villages.", 0, 28)]
[('the two villages', 'foua'), ('the two villages', 'kefraya')]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence

from geo.ingest.cleaning import lowered
from geo.ingest.mentions import Mention

MATCHED_BY = "reference"
# a name right after the phrase says where: "the transit point in Ramousah", "the marshalling area at Rashidin"
_NAMED_AFTER = re.compile(r"\s+(?:in|at|of)\s+(?:the\s+)?")


class ReferenceFinder:
    """The phrases of one case's ``place_references.csv``, compiled once; longer phrases win."""

    def __init__(self, references: Mapping[str, Sequence[str]]):
        self.places = {" ".join(phrase.split()): tuple(ids) for phrase, ids in references.items() if ids}
        longest_first = sorted(self.places, key=len, reverse=True)
        alternatives = "|".join(r"\s+".join(re.escape(word) for word in phrase.split()) for phrase in longest_first)
        self._pattern = re.compile(rf"(?<![\w'-])(?:{alternatives})(?![\w'-])") if alternatives else None

    def find(self, text: str, start: int, end: int) -> list[Mention]:
        """One mention per place each phrase in ``text[start:end]`` means, in text order."""
        if self._pattern is None:
            return []
        low = lowered(text[start:end]).replace("’", "'")
        found = []
        for m in self._pattern.finditer(low):
            ids = self.places[" ".join(m.group().split())]
            found.extend(Mention(text[start + m.start():start + m.end()], start + m.start(), start + m.end(), place_id,
                                 1.0, MATCHED_BY) for place_id in ids)
        return found


def with_references(names: Sequence[Mention], references: Sequence[Mention], text: str) -> list[Mention]:
    """The names and the phrases of a text together, in text order: a name inside a phrase is dropped
    (the phrase holds it), and a phrase followed by "in", "at" or "of" and a name gives way to the name."""
    kept_references = []
    for reference in references:
        after = _NAMED_AFTER.match(text, reference.end)
        if after is not None and any(name.start == after.end() for name in names):
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
