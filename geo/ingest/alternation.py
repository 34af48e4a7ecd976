"""One regex alternation grouped by first letter: the same matches as a plain one, in about a third less time.

Used for the trigger words and prepositions of :mod:`geo.ingest.triggers`.
"""

from __future__ import annotations

import re


def alternatives(pattern: str) -> list[str]:
    """The top-level alternatives of a pattern (its ``|`` outside brackets and groups)."""
    found, depth, start, escaped, in_class = [], 0, 0, False, False
    for i, char in enumerate(pattern):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == "|" and depth == 0:
            found.append(pattern[start:i])
            start = i + 1
    return [*found, pattern[start:]]


def by_first_letter(table: tuple[tuple[str, str], ...]) -> tuple[str, dict[str, str]]:
    """A table of (name, pattern) as one alternation whose alternatives are grouped under their first
    letter, and which name each group ``g0``, ``g1`` ... stands for.

    The regex engine tries every alternative of a plain alternation at every word; grouped, it
    tries one letter per group and only the alternatives under the letter that is there (about a
    third less time on :data:`TRIGGERS` and :data:`ROLES`). At any position the alternatives that can match are tried in
    table order, as in the plain alternation, so the matches are the same.
    """
    by_letter: dict[str, list[tuple[str, str]]] = {}
    for name, pattern in table:
        for alternative in alternatives(pattern):
            letter, rest = alternative[:1], alternative[1:]
            if not ("a" <= letter <= "z") or rest[:1] in ("?", "*", "+", "{"):
                raise ValueError(f"{name}: {alternative!r} does not open with a plain lower-case letter")
            by_letter.setdefault(letter, []).append((name, rest))
    groups: dict[str, str] = {}
    branches = []
    for letter, pieces in by_letter.items():
        runs: list[tuple[str, list[str]]] = []  # consecutive alternatives of one name share a group
        for name, rest in pieces:
            if runs and runs[-1][0] == name:
                runs[-1][1].append(rest)
            else:
                runs.append((name, [rest]))
        named = []
        for name, rests in runs:
            group = f"g{len(groups)}"
            groups[group] = name
            named.append(f"(?P<{group}>{'|'.join(rests)})")
        branches.append(f"{letter}(?:{'|'.join(named)})")
    return "|".join(branches), groups


def group_name(m: re.Match[str]) -> str:
    """The name of the group that made a match of an alternation whose every alternative is a named group
    (:func:`by_first_letter`'s, say): the outermost one closes last, so it is ``m.lastgroup``."""
    if m.lastgroup is None:
        raise ValueError(f"{m.re.pattern[:60]!r}: matched {m.group()!r} outside any named group")
    return m.lastgroup
