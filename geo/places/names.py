"""Folding Arabic place names, in any common transliteration, to comparable keys.

Two spellings of one name ("Ar-Ramouseh", "Ramousah", "Ramoussa") fold to the same
key; the rules are the habits of English, French and wire-agency transliteration:

- case, diacritics, apostrophes and ʿ/ʾ are ignored;
- the Arabic article (al-, el-, ar-, as-, ash-, er-, an-, ...) is dropped, whether
  written with a hyphen, a space, or glued on (``Arrashidin``; see :func:`variants`);
- endings -ah/-a/-eh/-e fold together, and so do -iyah/-iye/-iya/-iyeh; French -ine is -in;
- vowel spellings fold: ou/oo/o/u -> u, ee/ie/ei/ai/e/i -> i, iy before a vowel -> i;
- doubled letters count once; q -> k, ch -> sh, ph -> f.

Arabic script folds separately (:func:`arabic_key`): short vowels and tatweel go,
alef, ta marbuta and alef maqsura forms are unified, the article is dropped.

>>> latin_key("Ar-Ramouseh") == latin_key("Ramousah") == latin_key("Ramoussa")
True
>>> skeleton(latin_key("Sukkari")), skeleton(latin_key("Sukkur"))
('skr~', 'skr')
"""

from __future__ import annotations

import re
import unicodedata

ARTICLES = frozenset(
    ["al", "el", "il", "ul", "ar", "er", "as", "es", "ash", "esh", "ad", "ed", "az", "ez", "at", "et", "an", "en", "ath", "adh"]
)
# Letters the article assimilates to when glued on: ar-R, as-S, ash-Sh, an-N ...
SUN_LETTERS = "tdrzsnl"

_APOSTROPHES = re.compile(r"[\u02bb\u02bc\u02bf\u02be\u2018\u2019\u201b`´'ʿʾ]")
_SEPARATORS = re.compile(r"[^a-z0-9]+")
_ARABIC_LETTER = re.compile(r"[\u0600-\u06ff]")

# Applied in order to a whole folded name; a table, not an if-chain.
_LATIN_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r"q", "k"),
        (r"ch", "sh"),
        (r"ph", "f"),
        (r"c", "k"),
        (r"(?<=[^aeiou])ine$", "in"),  # French -ine: Rachidine
        (r"(iy|i)y?(ah|eh|a|e)h?$", "iya"),  # -iyah -iye -iya -iyeh -iyyah
        (r"(ah|eh|e)$", "a"),  # -ah -eh -e -> -a
        (r"e", "i"),  # ee ie ei e i -> i (with the doubling rule)
        (r"o", "u"),  # ou oo o u -> u
        (r"(.)\1+", r"\1"),  # doubled letters count once
        (r"ai", "i"),  # Shaikh/Sheikh, Sa'id/Saeed
        (r"iy(?=[aiu])", "i"),  # Amiriya / Amiria
    )
)

_ARABIC_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        (r"[\u064b-\u065f\u0670\u0640]", ""),  # short vowels, shadda, tatweel
        (r"[أإآٱ]", "ا"),
        (r"ة", "ه"),
        (r"ى", "ي"),
        (r"ؤ", "و"),
        (r"ئ", "ي"),
    )
)


def is_arabic(text: str) -> bool:
    """True when the text holds Arabic-script letters."""
    return bool(_ARABIC_LETTER.search(text))


def ascii_words(text: str) -> str:
    """Lowercase ASCII words separated by single spaces: no diacritics, no apostrophes."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    stripped = _APOSTROPHES.sub("", stripped.casefold())
    return _SEPARATORS.sub(" ", stripped).strip()


def bare(text: str) -> str:
    """Plain words without article words: "al-Ramousah" -> "ramousah", "Bustan al-Qasr" -> "bustan qasr"."""
    return " ".join(_drop_articles(ascii_words(text).split()))


def _assimilated(word: str) -> bool:
    """True for a word with a glued-on assimilated article: "eddin", "arrahman"."""
    return len(word) >= 5 and word[0] in "ae" and word[1] == word[2] and word[1] in SUN_LETTERS


def _drop_articles(words: list[str]) -> list[str]:
    """Drop article words before another word ("bustan al qasr"), and glued ones inside ("salah eddin")."""
    kept = [w for i, w in enumerate(words) if not (w in ARTICLES and i + 1 < len(words))]
    kept = [w[2:] if i and _assimilated(w) else w for i, w in enumerate(kept)]
    return kept or words


def fold(word: str) -> str:
    """Apply the transliteration rules to one run of letters (no spaces)."""
    for pattern, replacement in _LATIN_RULES:
        word = pattern.sub(replacement, word)
    return word


def latin_key(name: str) -> str:
    """The folded key of a Latin-script name; equal keys mean one spelling of one name."""
    return fold("".join(_drop_articles(ascii_words(name).split())))


def variants(name: str) -> tuple[str, ...]:
    """Keys for a name whose first word may carry a glued-on article.

    "Alamiriyah" -> the key of "amiriyah"; "Arrashidin" -> the key of "rashidin".
    Returns only the extra keys, not :func:`latin_key` itself.
    """
    words = _drop_articles(ascii_words(name).split())
    if not words:
        return ()
    first, rest = words[0], words[1:]
    stems = []
    for article in ("al", "el", "il", "ul"):
        if first.startswith(article) and len(first) - len(article) >= 5:
            stems.append(first[len(article):])
    if _assimilated(first):
        stems.append(first[2:])
    if len(first) >= 7 and first[0] in "ae" and first[1:5] == "shsh":
        stems.append(first[3:])
    return tuple(dict.fromkeys(fold("".join([stem, *rest])) for stem in stems))


def skeleton(key: str) -> str:
    """The consonant skeleton of a folded key, with ``~`` when the name ends in a vowel.

    Semi-vowels (w, y) count as vowels, since transliterations drop or add them freely.
    """
    ends_in_vowel = bool(key) and key[-1] in "aeiouyw"
    consonants = re.sub(r"(.)\1+", r"\1", re.sub(r"[aeiouyw]", "", key))
    return consonants + ("~" if ends_in_vowel else "")


def arabic_key(name: str) -> str:
    """The folded key of an Arabic-script name: no vowel marks, unified letters, no article."""
    text = unicodedata.normalize("NFKC", name)
    for pattern, replacement in _ARABIC_RULES:
        text = pattern.sub(replacement, text)
    words = [w for w in re.split(r"[^\u0600-\u06ff]+", text) if w]
    words = [w[2:] if w.startswith("ال") and len(w) > 3 else w for w in words]
    return "".join(words)
