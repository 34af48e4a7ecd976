"""The words ingest reads, as data: ``lexicon.toml`` beside this module, each entry with an example sentence.

:func:`trigger_words` gives an event type's trigger pattern, its alternatives joined in the file's order, for
:data:`geo.ingest.triggers.TRIGGERS`. The file's head says how an entry is written.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from geo.errors import IngestError
from geo.ingest.vocabulary import EventKind

LEXICON = Path(__file__).with_name("lexicon.toml")
_NAMED = re.compile(r"<([A-Z]+)>")


@dataclass(frozen=True)
class TriggerEntry:
    """One alternative of an event type's trigger pattern, with a sentence in which it finds that event at ``place``."""

    type: str
    words: str
    example: str
    place: str
    note: str = ""  # what the words do not take, or why they give this type
    to: str = ""  # the type of the place the words lead "to" ("people were evacuated to Y": an arrival at Y)


@lru_cache(maxsize=1)
def _table() -> dict:
    try:
        return tomllib.loads(LEXICON.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise IngestError(f"{LEXICON.name}: {error}") from None


@dataclass(frozen=True)
class WordList:
    """A list of words a rule reads (``[[claimant_words]]``), with a sentence in which the rule gives ``claimant``."""

    name: str
    words: frozenset[str]
    example: str
    claimant: str


@lru_cache(maxsize=1)
def claimant_words() -> dict[str, WordList]:
    """The lexicon's ``[[claimant_words]]`` lists, by name; raises IngestError naming a bad one."""
    lists = {}
    for n, entry in enumerate(_table().get("claimant_words", []), start=1):
        if not isinstance(entry.get("words"), list) or not all(isinstance(entry.get(k), str)
                                                                for k in ("name", "example", "claimant")):
            raise IngestError(f"{LEXICON.name}: claimant_words {n}: expected name, words (a list), example, claimant")
        lists[entry["name"]] = WordList(name=entry["name"], words=frozenset(entry["words"]), example=entry["example"],
                                        claimant=entry["claimant"])
    return lists


@lru_cache(maxsize=1)
def trigger_entries() -> tuple[TriggerEntry, ...]:
    """Every ``[[trigger]]`` of the lexicon, in the file's order; raises IngestError naming a bad entry."""
    entries = []
    for n, entry in enumerate(_table().get("trigger", []), start=1):
        missing = [key for key in ("type", "words", "example", "place") if not isinstance(entry.get(key), str)]
        if missing:
            raise IngestError(f"{LEXICON.name}: trigger {n} ({entry.get('words')!r}): {missing[0]}: a text is required")
        for key in ("type", "to"):
            value = entry.get(key, "")
            if key == "to" and not value:
                continue
            if value not in set(EventKind):
                raise IngestError(f"{LEXICON.name}: trigger {n} ({entry['words']!r}): {key}: {value!r} is not an event type"
                                  f" ingest gives (expected one of: {', '.join(EventKind)})")
        entries.append(TriggerEntry(type=entry["type"], words=entry["words"], example=entry["example"],
                                    place=entry["place"], note=str(entry.get("note", "")),
                                    to=str(entry.get("to", ""))))
    return tuple(entries)


def trigger_words(kind: str, lookaheads: Mapping[str, str], *, required: bool = True) -> str:
    """The trigger pattern of event type ``kind``: its entries' words joined with ``|``, each ``<NAME>`` replaced by
    ``lookaheads[NAME]``; "" for a type with no entry unless ``required`` (then IngestError)."""
    def named(match: re.Match[str]) -> str:
        if match[1] not in lookaheads:
            raise IngestError(f"{LEXICON.name}: <{match[1]}>: expected one of {', '.join(sorted(lookaheads))}")
        return lookaheads[match[1]]

    words = [_NAMED.sub(named, entry.words) for entry in trigger_entries() if entry.type == kind]
    if not words and required:
        raise IngestError(f"{LEXICON.name}: no trigger of type {kind!r}")
    return "|".join(words)


def leads_to(low: str, at: int, lookaheads: Mapping[str, str]) -> str | None:
    """The type the trigger words at ``at`` of the lowered sentence ``low`` give the place they lead "to" (the ``to``
    of the first entry they match that has one), or None."""
    for pattern, kind in _leading(tuple(sorted(lookaheads.items()))):
        if pattern.match(low, at):
            return kind
    return None


@lru_cache(maxsize=4)
def _leading(lookaheads: tuple[tuple[str, str], ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    named = dict(lookaheads)
    return tuple((re.compile(_NAMED.sub(lambda m: named[m[1]], entry.words)), entry.to)
                 for entry in trigger_entries() if entry.to)


def orders_at(low: str, at: int, lookaheads: Mapping[str, str]) -> bool:
    """True when a statement entry of the lexicon (an order to move: "warned the people of X to leave") matches the
    lowered sentence ``low`` at ``at``: a statement about the place it names, not only words spoken somewhere."""
    return any(pattern.match(low, at) for pattern in _orders(tuple(sorted(lookaheads.items()))))


@lru_cache(maxsize=4)
def _orders(lookaheads: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], ...]:
    named = dict(lookaheads)
    return tuple(re.compile(_NAMED.sub(lambda m: named[m[1]], entry.words)) for entry in trigger_entries()
                 if entry.type == "statement")
