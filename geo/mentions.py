"""Finding place names in running text, with the gazetteer, fast.

Two passes over the words of the text, each keeping the longest match at a position:

1. **Listed spellings.** Every name, alias and id, as lowercase words, is looked up by
   its first word; the words must follow one another with only spaces or a hyphen
   between them ("Er-Rashidin", "eastern Aleppo"). A match needs a capitalised word,
   so a lowercase common word is never a place.
2. **Unlisted spellings** ("Ar-Ramouseh", "Rachidine"). Runs of capitalised words (with
   the articles al-, el-, ar- ... inside them) are cut into word n-grams, and each is
   given to :meth:`Gazetteer.resolve` only if a cheap index says it could resolve: its
   folded key or glued-article variant is a place's key, its consonant skeleton is a
   place's skeleton, or it is long enough (:data:`FUZZY_MIN_KEY`) for a one-letter typo
   to clear the matcher's threshold. Results are cached per spelling, so a report that
   repeats a name pays once.

The pre-filter only skips n-grams :meth:`Gazetteer.resolve` would reject anyway;
``tests/test_mentions.py`` checks that against resolving every n-gram.

>>> [m.place_id for m in find_mentions("buses left Ar-Ramouseh for Rachidine", gazetteer)]  # doctest: +SKIP
['ramousah', 'rashidin']
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass

from geo import names
from geo.gazetteer import MIN_SKELETON, Gazetteer

# One edit in a folded key of this length or more can still clear the matcher's fuzzy
# threshold (0.85 x similarity >= 0.80 needs similarity >= 16/17); shorter keys need an
# exact key, a glued-article variant or a shared consonant skeleton to resolve at all.
FUZZY_MIN_KEY = 15

_WORD = re.compile(r"[^\W\d_](?:[\w'’ʿʾ]*\w)?")
_JOINER = re.compile(r"[ \t]+|[-‐]")
_POSSESSIVE = re.compile(r"['’]s$")


@dataclass(frozen=True)
class Mention:
    """A place named in the text: the spelling as written, where, and which place it is."""

    text: str
    start: int
    end: int
    place_id: str
    score: float
    matched_by: str


@dataclass(frozen=True)
class _Word:
    start: int
    end: int
    plain: str
    capitalised: bool
    article: bool
    arabic: bool


class MentionFinder:
    """An index of one gazetteer's spellings for scanning text; build once, reuse."""

    def __init__(self, gazetteer: Gazetteer):
        self.gazetteer = gazetteer
        self._phrases: dict[str, list[tuple[str, ...]]] = {}
        self._keys: set[str] = set()
        self._skeletons: set[str] = set()
        self._arabic: set[str] = set()
        self._plain: dict[str, str] = {}
        self._resolved: dict[str, tuple[str, float, str] | None] = {}
        longest = 1
        for place in gazetteer:
            for spelling in (place.id.replace("_", " "), *place.spellings):
                if names.is_arabic(spelling):
                    self._arabic.add(names.arabic_key(spelling))
                    longest = max(longest, len(spelling.split()))
                    continue
                words = tuple(names.plain(spelling).split())
                if not words:
                    continue
                self._phrases.setdefault(words[0], []).append(words)
                key = names.latin_key(spelling)
                self._keys.add(key)
                self._skeletons.add(names.skeleton(key))
                longest = max(longest, len(words))
        for phrases in self._phrases.values():
            phrases.sort(key=len, reverse=True)
        self.max_words = longest

    def _words(self, text: str) -> list[_Word]:
        words = []
        for m in _WORD.finditer(text):
            token = _POSSESSIVE.sub("", m.group())
            plain = self._plain.get(token)
            if plain is None:
                plain = self._plain[token] = names.plain(token)
            words.append(_Word(m.start(), m.start() + len(token), plain, token[0].isupper(),
                               plain in names.ARTICLES, names.is_arabic(token)))
        return words

    def _joined(self, text: str, words: list[_Word], i: int, j: int) -> bool:
        """True when words i..j follow one another with only spaces or a hyphen between."""
        return all(_JOINER.fullmatch(text, words[k].end, words[k + 1].start) for k in range(i, j))

    def _listed(self, text: str, words: list[_Word], i: int) -> int:
        """Words in the longest listed spelling starting at word i (0 if none)."""
        for phrase in self._phrases.get(words[i].plain, ()):
            j = i + len(phrase) - 1
            if j >= len(words) or not self._joined(text, words, i, j):
                continue
            span = words[i:j + 1]
            if tuple(w.plain for w in span) == phrase and any(w.capitalised for w in span):
                return len(phrase)
        return 0

    def _could_resolve(self, spelling: str) -> bool:
        if names.is_arabic(spelling):
            return names.arabic_key(spelling) in self._arabic
        key = names.latin_key(spelling)
        if key in self._keys or len(key) >= FUZZY_MIN_KEY:
            return True
        skeleton = names.skeleton(key)
        if len(skeleton.rstrip("~")) >= MIN_SKELETON and skeleton in self._skeletons:
            return True
        return any(v in self._keys for v in names.variants(spelling))

    def resolve(self, spelling: str) -> tuple[str, float, str] | None:
        """(place id, score, matched_by) for a spelling, or None; cached."""
        if spelling in self._resolved:
            return self._resolved[spelling]
        answer = None
        if self._could_resolve(spelling):
            resolution = self.gazetteer.resolve(spelling)
            if resolution.place is not None:
                answer = (resolution.place.id, resolution.score, resolution.matched_by)
        self._resolved[spelling] = answer
        return answer

    def _unlisted(self, text: str, words: list[_Word], i: int) -> tuple[int, tuple[str, float, str]] | None:
        """The longest n-gram of name-like words starting at word i that resolves."""
        first = words[i]
        opens = first.capitalised or first.arabic or (
            first.article and i + 1 < len(words) and text[first.end:words[i + 1].start] in ("-", "‐")
        )
        if not opens:
            return None
        j = i
        while (j + 1 < len(words) and j + 1 - i < self.max_words
               and (words[j + 1].capitalised or words[j + 1].article or words[j + 1].arabic)
               and self._joined(text, words, j, j + 1)):
            j += 1
        for last in range(j, i - 1, -1):
            if words[last].article or (first.article and last == i):
                continue
            answer = self.resolve(text[first.start:words[last].end])
            if answer:
                return last - i + 1, answer
        return None

    def find(self, text: str) -> tuple[Mention, ...]:
        """Every place mention in the text, in order, without overlaps."""
        words = self._words(text)
        found = []
        i = 0
        while i < len(words):
            count = self._listed(text, words, i)
            answer = self.resolve(text[words[i].start:words[i + count - 1].end]) if count else None
            if answer is None:
                unlisted = self._unlisted(text, words, i)
                if unlisted is None:
                    i += 1
                    continue
                count, answer = unlisted
            start, end = words[i].start, words[i + count - 1].end
            found.append(Mention(text[start:end], start, end, *answer))
            i += count
        return tuple(found)


_FINDERS: weakref.WeakKeyDictionary[Gazetteer, MentionFinder] = weakref.WeakKeyDictionary()


def finder(gazetteer: Gazetteer) -> MentionFinder:
    """The (cached) mention finder for a gazetteer."""
    found = _FINDERS.get(gazetteer)
    if found is None:
        found = _FINDERS[gazetteer] = MentionFinder(gazetteer)
    return found


def find_mentions(text: str, gazetteer: Gazetteer) -> tuple[Mention, ...]:
    """Every place mention in the text, in order: spelling as written, offsets, place id."""
    return finder(gazetteer).find(text)
