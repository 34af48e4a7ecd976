"""Who gives a figure: the claimant a sentence names, as "according to X", "X said" or "said X".

A claimant is a person, body or outlet named as the source ("Russia, a major ally of Assad, said" -> Russia, skipping
the apposition). :mod:`geo.ingest.speakers` gives a sentence naming none the claimant of a neighbouring one, or the
outlet.
"""

from __future__ import annotations

import re

from geo.ingest import lexicon
from geo.ingest.cleaning import holds, lowered

# a speech verb or "according to" holds one of these
SPEECH_WORDS = ("said", "say", "told", "tell", "report", "add", "claim", "stated", "announced", "estimate", "confirmed",
                "warned", "explained", "according", "tweeted", "posted", "quoted",
                "counted", "recorded", "registered", "documented")
SPEECH_VERBS = (
    r"said|says|say|told|tells|reported|reports|added|adds|claimed|claims|stated|announced|estimated"
    r"|estimates|confirmed|warned|explained|counted|recorded|registered|documented|tweeted|posted"
)
PRONOUNS = frozenset(("he", "she", "they", "it", "we", "i", "you", "this", "that", "who", "which"))
# "according to X", "as quoted from X"; a dotted abbreviation ("the U.S.", "the U.N.") is part of the name
_ACCORDING = re.compile(r"\b(?:according to|as quoted (?:from|by))\s+"
                        r"(?P<who>(?:[^,.;:()\"“”]|(?<=\b[a-z])\.(?=[a-z]\.)|(?<=\.[a-z])\.)+)")
# "an estimated 750,000" is a figure's hedge, not a speech verb
_VERB = re.compile(rf"\b(?<!\ban )(?<!\bthe )(?<!\bsome )(?:(?:has|have|had)\s+)?(?:also\s+)?(?:{SPEECH_VERBS})\b")
_AFTER_VERB = re.compile(rf"\b(?:{SPEECH_VERBS})\s+(?P<who>(?:[A-Z][\w.'-]*\s?){{1,5}})")
_PRONOUN_SPEAKER = re.compile(
    rf"\b(?:he|she|they)\s+(?:(?:has|have|had)\s+)?(?:also\s+)?(?:{SPEECH_VERBS})\b|\b(?:said|added)\s+(?:he|she)\b"
)
_ARTICLE = re.compile(r"^(?:(?:and|but|while|whereas|as|though|although|so)\s+)?(?:(?:the|a|an)\s+)?", re.IGNORECASE)
_BOUNDARY = re.compile(r"[\"“”;:]|\bthat\b")
_PROPER = re.compile(r"[A-Z][\w.'’-]*(?:\s+(?:(?:of|for|the|and|on|de|al)\s+)*[A-Z][\w.'’-]*)*")  # "Observatory for Human Rights"
_COUNTED = re.compile(r"(?:counted|recorded|registered|documented)\b")  # who counted gives way to who said so
# "..., said the mayor of the city": a claimant told by what it is, after the verb
_AFTER_VERB_NOUN = re.compile(rf"(?i:{SPEECH_VERBS})\s+(?:the|a|an)\s+(?P<who>[\w'’-]+(?:\s+[\w'’-]+){{0,5}}?)"
                              r"(?=\s*(?:[,.;:]|$)|\s+(?:on|in|at|that|who|after|before|during)\b)")
# the word lists of a claimant, in lexicon.toml ([[claimant_words]]): the words that tell a claimant by what it is
# (the last word of "the defence ministry", "local officials"; a phrase ending in another lower-case word, "the
# message", "the seaside steel mill", is not one), time words and openers passed over before it, prepositions passed
# over only before a time word, and the words that make a phrase a clause
_WORDS = lexicon.claimant_words()
BODIES = _WORDS["bodies"].words
TIME_WORDS = _WORDS["time"].words
TIME_PREPOSITIONS = _WORDS["time_prepositions"].words
OPENERS = _WORDS["openers"].words
CLAUSE_WORDS = _WORDS["clause"].words


def _speaker(phrase: str) -> str | None:
    """The claimant in the words before a speech verb, or None for a pronoun, a clause or no claimant.

    An apposition gives way to the name before it: "Russia, a major ally of Assad," -> Russia; "the Syrian
    Observatory, a Britain-based monitor," -> Syrian Observatory. A time phrase before the claimant is no part of it
    ("Earlier on Saturday, officials said" -> officials; "Earlier on Saturday, it said" -> None).
    """
    parts = [p.strip() for p in phrase.split(",") if p.strip()]
    if not parts:
        return None
    who = _ARTICLE.sub("", parts[-1]).strip()
    if not who or who.split()[0].lower() in PRONOUNS:
        return None
    name = _ARTICLE.sub("", parts[-2]).strip() if len(parts) > 1 else ""
    if name[:1].isupper() and claimant(name) and (
            (who[:1].islower() and len(name.split()) <= 5)  # "Russia, a major ally of Assad, said"
            or (re.match(r"an?\s", parts[-1], re.IGNORECASE) and _PROPER.fullmatch(name))):  # "X, a UK-based monitor,"
        who = name
    return claimant(who)


def claimant(words: str) -> str | None:
    """``words`` as a claimant: a person, body or outlet, named (a capitalised word) or told by what it is
    (:data:`BODIES`: "officials", "the defence ministry"); None for a time phrase ("Earlier on Saturday"), a clause
    ("100 civilians are still in the mill"), or a thing ("message", "seaside steel mill")."""
    kept = words.split()
    while kept:
        first = kept[0].lower().strip(".")
        if first in TIME_WORDS or first in OPENERS or first.isdigit():
            kept = kept[1:]
        elif first in TIME_PREPOSITIONS and len(kept) > 1 and (kept[1].lower() in TIME_WORDS or kept[1].isdigit()):
            kept = kept[2:]  # "On Saturday", "in December", not "In Idlib"
        else:
            break
    if not kept or len(kept) > 10 or any(w.lower() in CLAUSE_WORDS or any(c.isdigit() for c in w) for w in kept):
        return None
    named = any(w[:1].isupper() and w.lower().strip(".") not in TIME_WORDS for w in kept)
    head = re.sub(r"[^\w-]", "", kept[-1].lower())
    return " ".join(kept) if named or head in BODIES else None


def by_pronoun(sentence: str) -> bool:
    """True when the sentence's speaker is a pronoun ("he said", "she added", "said he")."""
    return _PRONOUN_SPEAKER.search(lowered(sentence)) is not None


def attributions(sentence: str) -> tuple[tuple[int, str], ...]:
    """Every speaker the sentence names, with the offset of the words that say so, in order."""
    low = lowered(sentence)
    if not holds(low, SPEECH_WORDS):
        return ()
    found = [(m.start(), claimant(_ARTICLE.sub("", sentence[m.start("who"):m.end("who")].strip())))
             for m in _ACCORDING.finditer(low)]
    for verb in _VERB.finditer(low):
        left = max((b.end() for b in _BOUNDARY.finditer(low, 0, verb.start())), default=0)
        before = sentence[left:verb.start()]
        who = _speaker(before)
        after = _AFTER_VERB.match(sentence, verb.start())
        if who is None and after and not before.strip():
            who = claimant(_ARTICLE.sub("", after["who"].strip()))
        if who is None and (not before.strip() or before.rstrip()[-1:] in ",\"”"):  # "..., said the mayor"
            noun = _AFTER_VERB_NOUN.match(sentence, verb.start())
            who = claimant(noun["who"]) if noun else None
        if who:
            found.append((verb.start(), who))
    named = [(at, who) for at, who in found if who]
    said = [(at, who) for at, who in named if not _COUNTED.match(low, at)]
    return tuple(sorted(said or named))  # "aid workers counted 40 buses, according to the UN": the UN's figure


def attribution(sentence: str) -> str | None:
    """Who the sentence says is speaking: "according to X", "X said", "said X"; None if no one."""
    found = attributions(sentence)
    return found[0][1] if found else None
