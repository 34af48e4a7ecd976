"""Who gives a figure: the claimant a sentence names, as "according to X", "X said" or "said X".

A claimant is a person, body or outlet named as the source ("Russia, a major ally of Assad, said" -> Russia, skipping
the apposition). :mod:`geo.ingest.speakers` gives a sentence naming none the claimant of a neighbouring one, or the
outlet.
"""

from __future__ import annotations

import re

from geo.ingest.cleaning import holds, lowered

# a speech verb or "according to" holds one of these
SPEECH_WORDS = ("said", "say", "told", "tell", "report", "add", "claim", "stated", "announced", "estimate", "confirmed",
                "warned", "explained", "according")
SPEECH_VERBS = (
    r"said|says|say|told|tells|reported|reports|added|adds|claimed|claims|stated|announced|estimated"
    r"|estimates|confirmed|warned|explained"
)
PRONOUNS = frozenset(("he", "she", "they", "it", "we", "i", "you", "this", "that", "who", "which"))
_ACCORDING = re.compile(r"\baccording to\s+(?P<who>[^,.;:()\"“”]+)")
_VERB = re.compile(rf"\b(?:(?:has|have|had)\s+)?(?:also\s+)?(?:{SPEECH_VERBS})\b")
_AFTER_VERB = re.compile(rf"\b(?:{SPEECH_VERBS})\s+(?P<who>(?:[A-Z][\w.'-]*\s?){{1,5}})")
_PRONOUN_SPEAKER = re.compile(
    rf"\b(?:he|she|they)\s+(?:(?:has|have|had)\s+)?(?:also\s+)?(?:{SPEECH_VERBS})\b|\b(?:said|added)\s+(?:he|she)\b"
)
_ARTICLE = re.compile(r"^(?:(?:and|but|while|whereas|as|though|although|so)\s+)?(?:(?:the|a|an)\s+)?", re.IGNORECASE)
_BOUNDARY = re.compile(r"[\"“”;:]|\bthat\b")


def _speaker(phrase: str) -> str | None:
    """The agent in the words before a speech verb, or None for a pronoun or no agent.

    An apposition gives way to the name before it: "Russia, a major ally of Assad," -> Russia.
    """
    parts = [p.strip() for p in phrase.split(",") if p.strip()]
    if not parts:
        return None
    who = _ARTICLE.sub("", parts[-1]).strip()
    if len(parts) > 1 and who[:1].islower() and parts[-2][0].isupper() and len(parts[-2].split()) <= 5:
        who = _ARTICLE.sub("", parts[-2]).strip()
    words = who.split()
    if not words or words[0].lower() in PRONOUNS or len(words) > 10:
        return None
    return who


def by_pronoun(sentence: str) -> bool:
    """True when the sentence's speaker is a pronoun ("he said", "she added", "said he")."""
    return _PRONOUN_SPEAKER.search(lowered(sentence)) is not None


def attributions(sentence: str) -> tuple[tuple[int, str], ...]:
    """Every speaker the sentence names, with the offset of the words that say so, in order."""
    low = lowered(sentence)
    if not holds(low, SPEECH_WORDS):
        return ()
    found = [(m.start(), _ARTICLE.sub("", sentence[m.start("who"):m.end("who")].strip()))
             for m in _ACCORDING.finditer(low)]
    for verb in _VERB.finditer(low):
        left = max((b.end() for b in _BOUNDARY.finditer(low, 0, verb.start())), default=0)
        who = _speaker(sentence[left:verb.start()])
        after = _AFTER_VERB.match(sentence, verb.start())
        if who is None and after and not sentence[left:verb.start()].strip():
            who = _ARTICLE.sub("", after["who"].strip())
        if who:
            found.append((verb.start(), who))
    return tuple(sorted((at, who) for at, who in found if who))


def attribution(sentence: str) -> str | None:
    """Who the sentence says is speaking: "according to X", "X said", "said X"; None if no one."""
    found = attributions(sentence)
    return found[0][1] if found else None
