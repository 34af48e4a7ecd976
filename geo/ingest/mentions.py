"""Finding place names in running text, with the gazetteer, fast.

Two passes over the words of the text, each keeping the longest match at a position:

1. **Listed spellings.** Every name, alias and id, as lowercase words, is kept in a trie
   of words and looked up by its first word; the words must follow one another with only
   spaces or a hyphen between them ("Er-Rashidin", "eastern Aleppo"). A match needs a
   capitalised word, so a lowercase common word is never a place.
2. **Unlisted spellings** ("Ar-Ramouseh", "Rachidine"). Runs of capitalised words (with
   the articles al-, el-, ar- ... inside them) are cut into word n-grams; an n-gram of
   several words is tried only when its first word folds (:mod:`geo.places.names`) to the key
   or consonant skeleton of the first word of a place name of several words ("Bustan el
   Kasr", "Cheikh Saïd"). Each n-gram is given to :meth:`Gazetteer.resolve` only if a
   cheap index says it could resolve: its
   folded key or glued-article variant is a place's key, its consonant skeleton is a
   place's skeleton, or it is long enough (:data:`FUZZY_MIN_KEY`) for a one-letter typo
   to clear the matcher's threshold and shares its first or last letters with a long
   place key. Results are cached per spelling (and how each word reads, per word), so a
   report that repeats a name pays once.

3. **A crossing point named after a place** ("the Ramousa crossing", "the Ramouseh checkpoint"):
   a mention followed by one of :data:`geo.places.names.CROSSING_WORDS` is read with them when
   the whole resolves (to the place listed as "Ramouseh crossing"), else alone.

Beyond the first-word rule, the pre-filter only skips n-grams :meth:`Gazetteer.resolve`
would reject anyway; ``tests/test_mentions.py`` checks that against resolving every n-gram.

>>> [m.place_id for m in find_mentions("buses left Ar-Ramouseh for Rachidine", gazetteer)]  # doctest: +SKIP
['ramousah', 'rashidin']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from geo.places import names
from geo.places.gazetteer import MIN_SHORT_KEY, MIN_SKELETON, Gazetteer, per_gazetteer

# One edit in a folded key of this length or more can still clear the matcher's fuzzy
# threshold (0.85 x similarity >= 0.80 needs similarity >= 16/17); shorter keys need an
# exact key, a glued-article variant or a shared consonant skeleton to resolve at all.
FUZZY_MIN_KEY = 15
# Below this length a fuzzy match allows one edit, which leaves either the first or the last
# FUZZY_END letters of a key of FUZZY_MIN_KEY or more untouched; so a long key must share
# its start or its end with a place's key to be worth resolving.
FUZZY_TWO_EDITS = 34
FUZZY_END = 7

_JOINER = re.compile(r"[ \t]+|[-‐]")
_CROSSING_WORDS = re.compile(rf"[ \t]+(?:{'|'.join(names.CROSSING_WORDS)})(?![\w-])", re.IGNORECASE)
# A possessive 's of a listed spelling ("Kabul's airport"): the text's words are read without it (_listed).
_POSSESSIVE = re.compile(r"(?<=\w)['’]s\b")
_ANY_WORD = re.compile(r"[^\W\d_](?:[\w'’ʿʾ]*\w)?")
END = ""  # the key that marks a whole listed spelling in the trie of words (no word is empty)
# articles that are also English words: a candidate only when a hyphen joins them to a name
ENGLISH_ARTICLES = frozenset(("as", "at", "an", "ad", "ed", "es", "et", "en", "il", "ul"))


def words_pattern(words: Iterable[str]) -> str:
    """A regular expression for any of the words, nested by shared beginnings (a trie).

    ``{"al", "aleppo", "amiriyah"}`` -> ``a(?:l(?:eppo)?|miriyah)``: the engine reads one
    letter at a time instead of trying every word at every position, several times faster.
    It may match a shorter word where a longer one fails, as a plain alternation would.
    """
    trie: dict = {}
    for word in words:
        node = trie
        for letter in word:
            node = node.setdefault(letter, {})
        node[END] = {}

    def pattern(node: dict) -> str:
        branches = [re.escape(letter) + pattern(child) for letter, child in sorted(node.items()) if letter != END]
        if not branches:
            return ""
        joined = branches[0] if len(branches) == 1 else f"(?:{'|'.join(branches)})"
        return f"(?:{joined})?" if END in node else joined

    return pattern(trie) if trie else "(?!)"  # no words: a pattern that never matches


@dataclass(frozen=True)
class Mention:
    """A place named in the text: the spelling as written, where, and which place it is."""

    text: str
    start: int
    end: int
    place_id: str
    score: float
    matched_by: str


class _Word(NamedTuple):
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
        self._phrases: dict[str, Any] = {}  # a trie of listed spellings' plain words (each to the trie after it); END ends one
        self._keys: set[str] = set()
        self._skeletons: set[str] = set()
        self._arabic: set[str] = set()
        self._long_ends: set[str] = set()  # first and ("~" +) last letters of long keys, for one-typo matches
        self._first_words: set[str] = set()  # keys and skeletons of the first words of names of 2+ words
        self._plain: dict[str, str] = {}
        self._word_info: dict[str, tuple[int, str, bool, bool, bool]] = {}
        self._word_key_cache: dict[str, tuple[str, str]] = {}
        self._inert_words: dict[str, bool] = {}
        self._resolved: dict[str, tuple[str, float, str] | None] = {}
        longest = 1
        for place in gazetteer:
            for spelling in (place.id.replace("_", " "), *place.spellings):
                if names.is_arabic(spelling):
                    self._arabic.add(names.arabic_key(spelling))
                    longest = max(longest, len(spelling.split()))
                    continue
                words = tuple(names.ascii_words(_POSSESSIVE.sub("", spelling)).split())  # as the text's words are read
                if not words:
                    continue
                node = self._phrases
                for word in words:
                    node = node.setdefault(word, {})
                node[END] = True
                key = names.latin_key(spelling)
                self._keys.add(key)
                self._skeletons.add(names.skeleton(key))
                if len(key) >= FUZZY_MIN_KEY - 2:
                    self._long_ends.update({key[:FUZZY_END], "~" + key[-FUZZY_END:]})
                named = [w for w in words if w not in names.ARTICLES]
                if len(named) > 1:
                    self._first_words.update(self._word_keys(named[0]))
                longest = max(longest, len(words))
        self._keys |= gazetteer.core_keys
        lower_words = words_pattern((set(self._phrases) | names.ARTICLES) - ENGLISH_ARTICLES)
        english = "|".join(sorted(ENGLISH_ARTICLES))
        self._candidates = re.compile(  # capitalised or not ASCII; a name's lowercase first word; an article
            rf"(?<![\w'’ʿʾ])(?:[^\W\da-z_](?:[\w'’ʿʾ]*\w)?|{lower_words}(?![\w'’ʿʾ])|(?:{english})(?=[-‐]))"
        )
        self.max_words = longest

    def _word(self, m: re.Match[str]) -> _Word:
        """A candidate word found by ``_candidates``, without a possessive 's; read once per spelling."""
        info = self._word_info.get(m.group())
        if info is None:
            token = m.group()
            if token.endswith(("'s", "’s")):
                token = token[:-2]
            plain = self._plain_of(token)
            info = self._word_info[m.group()] = (len(token), plain, token[0].isupper(), plain in names.ARTICLES,
                                                 not token.isascii() and names.is_arabic(token))
        return _Word(m.start(), m.start() + info[0], *info[1:])

    def _run(self, text: str, first: _Word, end: int) -> list[_Word]:
        """The first word and the name-like words joined to it by spaces or hyphens, up to max_words."""
        run = [first]
        while len(run) < self.max_words:
            joiner = _JOINER.match(text, run[-1].end, end)
            m = self._candidates.match(text, joiner.end(), end) if joiner else None
            if m is None:
                break
            word = self._word(m)
            if not (word.capitalised or word.article or word.arabic):
                break
            run.append(word)
        return run

    def _inert(self, text: str, word: _Word) -> bool:
        """True for a word that can start no mention: no listed name begins with it, it is no
        article and no first word of a longer name, and it does not resolve on its own."""
        token = text[word.start:word.end]
        inert = self._inert_words.get(token)
        if inert is None:
            inert = self._inert_words[token] = not (
                word.article or word.arabic or word.plain in self._phrases or self._opens_a_name(word)
                or self.resolve(token)
            )
        return inert

    def _plain_of(self, token: str) -> str:
        plain = self._plain.get(token)
        if plain is None:
            plain = self._plain[token] = names.ascii_words(token)
        return plain

    def _listed(self, text: str, first: _Word, end: int) -> int:
        """The end of the longest listed spelling starting at a word (0 if none).

        The words after the first are read from the text itself, so lowercase ones ("of" in
        "east part of Aleppo") need not be candidates; one of the words must be capitalised.
        """
        node = self._phrases.get(first.plain)
        if node is None:
            return 0
        capitalised = first.capitalised
        longest = first.end if capitalised and END in node else 0
        at = first.end
        while len(node) > (END in node):
            if text.startswith(("'s", "’s"), at):  # "Kabul's international airport", listed so
                at += 2
            joiner = _JOINER.match(text, at, end)
            m = _ANY_WORD.match(text, joiner.end(), end) if joiner else None
            if m is None:
                break
            token = m.group().removesuffix("'s").removesuffix("’s")
            node = node.get(self._plain_of(token))
            if node is None:
                break
            capitalised = capitalised or token[0].isupper()
            at = m.start() + len(token)
            if capitalised and END in node:
                longest = at
        return longest

    def _word_keys(self, plain: str) -> tuple[str, str]:
        """The folded key and consonant skeleton of one plain word; cached."""
        found = self._word_key_cache.get(plain)
        if found is None:
            key = names.latin_key(plain)
            found = self._word_key_cache[plain] = (key, "#" + names.skeleton(key))
        return found

    def _opens_a_name(self, word: _Word) -> bool:
        """True when a word folds like the first word of a place name of several words."""
        return word.arabic or not self._first_words.isdisjoint(self._word_keys(word.plain))

    def _could_resolve(self, spelling: str) -> bool:
        """False only when :meth:`Gazetteer.resolve` would surely leave the spelling unresolved."""
        if names.is_arabic(spelling):
            return names.arabic_key(spelling) in self._arabic
        single = self._plain.get(spelling)  # a word seen on its own: its keys are cached
        key, skeleton = self._word_keys(single) if single else (names.latin_key(spelling), None)
        if key in self._keys:
            return True
        if len(key) >= FUZZY_MIN_KEY and (
            len(key) >= FUZZY_TWO_EDITS or key[:FUZZY_END] in self._long_ends or "~" + key[-FUZZY_END:] in self._long_ends
        ):
            return True
        skeleton = skeleton[1:] if skeleton else names.skeleton(key)
        if skeleton in self._skeletons and (len(skeleton.rstrip("~")) >= MIN_SKELETON or len(key) >= MIN_SHORT_KEY):
            return True
        return key[:1] in "aeiu" and any(v in self._keys for v in names.variants(spelling))

    def resolve(self, spelling: str) -> tuple[str, float, str] | None:
        """(place id, score, matched_by) for a spelling, or None; cached."""
        if spelling in self._resolved:
            return self._resolved[spelling]
        answer = None
        if self._could_resolve(spelling):
            resolution = self.gazetteer.resolve(spelling)
            if resolution.place is not None:
                assert resolution.matched_by is not None  # Gazetteer.resolve says how it placed every name it places
                answer = (resolution.place.id, resolution.score, resolution.matched_by)
        self._resolved[spelling] = answer
        return answer

    def _unlisted(self, text: str, first: _Word, end: int) -> tuple[int, tuple[str, float, str]] | None:
        """The end and answer of the longest n-gram of name-like words starting at a word that resolves."""
        opens = first.capitalised or first.arabic or (first.article and text[first.end:first.end + 1] in ("-", "‐"))
        if not opens:
            return None
        run = self._run(text, first, end)
        named = 1 if first.article else 0
        if len(run) > named + 1 and not self._opens_a_name(run[named]):
            run = run[:named + 1]
        for last in reversed(run):
            if last.article:
                continue
            answer = self.resolve(text[first.start:last.end])
            if answer:
                return last.end, answer
        return None

    def _crossing(self, text: str, start: int, stop: int, end: int,
                  answer: tuple[str, float, str]) -> tuple[int, tuple[str, float, str]]:
        """The mention's end and answer, taking in crossing words after it when the whole resolves."""
        words = _CROSSING_WORDS.match(text, stop, end)
        whole = self.resolve(text[start:words.end()]) if words else None
        return (words.end(), whole) if words and whole else (stop, answer)

    def find(self, text: str, start: int = 0, end: int | None = None) -> tuple[Mention, ...]:
        """Every place mention in ``text[start:end]``, in order, without overlaps; offsets index ``text``."""
        end = len(text) if end is None else end
        found = []
        inert = self._inert_words
        stop = start  # where the last mention ends: candidate words inside it are skipped
        for m in self._candidates.finditer(text, start, end):
            known = inert.get(m.group()) if m.start() >= stop else True
            if known:
                continue
            word = self._word(m)
            if known is None and self._inert(text, word):
                continue
            listed = self._listed(text, word, end)
            answer = self.resolve(text[word.start:listed]) if listed else None
            if answer is None:
                unlisted = self._unlisted(text, word, end)
                if unlisted is None:
                    continue
                listed, answer = unlisted
            listed, answer = self._crossing(text, word.start, listed, end, answer)
            found.append(Mention(text[word.start:listed], word.start, listed, *answer))
            stop = listed
        return tuple(found)


@per_gazetteer
def finder(gazetteer: Gazetteer) -> MentionFinder:
    """The (cached) mention finder for a gazetteer."""
    return MentionFinder(gazetteer)


def find_mentions(text: str, gazetteer: Gazetteer) -> tuple[Mention, ...]:
    """Every place mention in the text, in order: spelling as written, offsets, place id."""
    return finder(gazetteer).find(text)
