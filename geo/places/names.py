"""Folding Arabic place names, in any common transliteration, to comparable keys.

Two spellings of one name ("Ar-Ramouseh", "Ramousah", "Ramoussa") fold to the same
key; the rules are the habits of English, French and wire-agency transliteration:

- case, diacritics, apostrophes and ʿ/ʾ are ignored;
- the Arabic article (al-, el-, ar-, as-, ash-, er-, an-, ...) is dropped, whether
  written with a hyphen, a space, or glued on (``Arrashidin``; see :func:`variants`);
- endings -ah/-a/-eh/-e fold together, and so do -iyah/-iye/-iya/-iyeh; French -ine is -in;
- an ``h`` between a vowel and the final one is the ʿayn or hamza some write as h: Foha is Fou'a;
- vowel spellings fold: ou/oo/o/u -> u, ee/ie/ei/ai/e/i -> i, iy before a vowel -> i;
- doubled letters count once; q -> k, ch -> sh, ph -> f;
- the word for a road's crossing point (crossing, checkpoint, junction, roundabout ...) after a
  name folds to one mark, so "Ramousa checkpoint" is the place listed as "Ramouseh crossing".

:func:`core` gives the key of a name without its compass word ("East al-Ansari" -> the key of
"Ansari"), which the gazetteer uses when a report names a quarter without it.

Arabic script folds separately (:func:`arabic_key`): short vowels and tatweel go,
alef, ta marbuta and alef maqsura forms are unified, the article is dropped. Any other script
(Cyrillic, Armenian, Greek, Georgian ...) folds by :func:`script_key`: case, accents and
apostrophes ignored, words run together.

>>> latin_key("Ar-Ramouseh") == latin_key("Ramousah") == latin_key("Ramoussa")
True
>>> skeleton(latin_key("Sukkari")), skeleton(latin_key("Sukkur"))
('skr~', 'skr')
"""

from __future__ import annotations

import functools
import re
import sys
import unicodedata

ARTICLES = frozenset(
    ["al", "el", "il", "ul", "ar", "er", "as", "es", "ash", "esh", "ad", "ed", "az", "ez", "at", "et", "an", "en", "ath", "adh"]
)
# Letters the article assimilates to when glued on: ar-R, as-S, ash-Sh, an-N ...
SUN_LETTERS = "tdrzsnl"
# Words after a name for the point where a road crosses a front line or meets another road: one place
# whatever the outlet calls it ("the Ramouseh crossing", "the Ramouseh checkpoint", "... roundabout").
CROSSING_WORDS = ("crossing point", "crossing", "checkpoint", "highway junction", "junction", "roundabout",
                  "crossroads", "intersection")
CROSSING = "+crossing"  # what a name's crossing words fold to, after its folded name
_CROSSING_TAIL = re.compile(rf"^(.+?) (?:{'|'.join(CROSSING_WORDS)})$")
# Words that place a quarter within a larger one: a name without them is still that quarter, unless
# another place has the bare name as its own ("East Aleppo" is not "Aleppo").
COMPASS_WORDS = frozenset(("east", "eastern", "west", "western", "north", "northern", "south", "southern",
                           "sharqi", "sharki", "gharbi", "garbi", "shamali", "janubi", "jnubi"))

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
        (r"(?<=[aeiou])h(?=[aeiou]$)", ""),  # ʿayn written as h: Foha
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


@functools.cache
def _combining() -> dict[int, None]:
    """A translation table deleting every combining mark (Unicode canonical combining class not 0): accents once
    a name is decomposed. Made on first use (0.2 s), then as quick as any ``str.translate``."""
    return dict.fromkeys(cp for cp in range(sys.maxunicode + 1) if unicodedata.combining(chr(cp)))


def is_arabic(text: str) -> bool:
    """True when the text holds Arabic-script letters."""
    return bool(_ARABIC_LETTER.search(text))


def ascii_words(text: str) -> str:
    """Lowercase ASCII words separated by single spaces: no diacritics, no apostrophes."""
    stripped = text if text.isascii() else unicodedata.normalize("NFKD", text).translate(_combining())
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
    plain = " ".join(_drop_articles(ascii_words(name).split()))
    crossing = _CROSSING_TAIL.match(plain)
    if crossing:
        return fold(crossing.group(1).replace(" ", "")) + CROSSING
    return fold(plain.replace(" ", ""))


def core(name: str) -> str | None:
    """The key of a name without its compass words, or None when it has none or nothing else.

    >>> core("East al-Ansari") == core("al-Ansari al-Sharqi") == latin_key("Ansari")
    True
    """
    words = _drop_articles(ascii_words(name).split())
    kept = [w for w in words if w not in COMPASS_WORDS]
    if len(kept) == len(words) or not kept:
        return None
    return latin_key(" ".join(kept))


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


def script_key(name: str) -> str:
    """The folded key of a name in a script without transliteration rules here: "Степанакерт" and "степанакерт"
    are one key, so are "Ստեփանակերտ" and "ՍՏԵՓԱՆԱԿԵՐՏ"; accents, apostrophes and separators are ignored."""
    kept = unicodedata.normalize("NFKD", name.casefold()).translate(_combining())
    return "".join(ch for ch in _APOSTROPHES.sub("", kept) if ch.isalnum())


def arabic_key(name: str) -> str:
    """The folded key of an Arabic-script name: no vowel marks, unified letters, no article."""
    text = unicodedata.normalize("NFKC", name)
    for pattern, replacement in _ARABIC_RULES:
        text = pattern.sub(replacement, text)
    words = [w for w in re.split(r"[^\u0600-\u06ff]+", text) if w]
    words = [w[2:] if w.startswith("ال") and len(w) > 3 else w for w in words]
    return "".join(words)
