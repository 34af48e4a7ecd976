"""Places named together in one phrase: what a sentence tells of the phrase, it tells of each place in it.

Reports name the towns of one evacuation together: "buses from Foua and Kefraya arrived", "the departure of
gunmen from Zabadani and Madaya", "the neighbourhoods of A, B, C and D", "X as well as Y". Read one by one, the
later places of such a phrase stand further from the verb than the first: past the reach of the nearest trigger
(:data:`geo.ingest.triggers.WINDOW_WORDS`) or of the words that tell people on the move
(:data:`geo.ingest.implied.ON_THE_MOVE`), and, in a list with commas, past the comma the words before a place
are read back to (:meth:`geo.ingest.reading.Reading.role`). So the first place kept its event and the others
lost theirs. :func:`group_heads` groups the mentions of such a phrase under its first, the head, whose role
every member takes; every member is then read as the whole phrase (:func:`phrase_spans`) for its event type
(:mod:`geo.ingest.report`) and, where the head stands, for its implied departure (the words before the phrase:
:func:`geo.ingest.implied.departures`), and each gets an event of its own.

What joins: "and", "or", "&", "as well as", "along with", "together with", with or without a comma before
them; a bare comma joins only within a list that one of those closes ("A, B, C and D"), since a comma alone as
often ends a clause or names a place again ("Madaya, a town near Damascus"). What does not:

- places of different kinds ("Foua and Idlib province", "Kefraya and Aleppo"): the second is rarely the
  first's like (the province the towns are in, the city the people reached), so a phrase ends there;
- a place followed by a word for people ("buses left Foua, and Madaya residents watched"): it only says who
  people are, and is read as itself;
- "from X to Y": no joining word stands between X and Y. In "between X and Y", Y takes X's role, a locator: the
  two ends of a route are neither an event's place. A member whose own words give it a role of its own keeps it
  (:func:`joined_role`).

A member keeps its own guards in the callers: a hedged member, a context place, or one within another place
named in the sentence, gets no event.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from geo.ingest import roles

# what joins two places of one phrase: "and", "or", "&", "as well as", ... with or without a comma before it
# (and the words a town is told by: "Misrata and the rebel stronghold of Benghazi")
_CLOSING = re.compile(r"\s*,?\s*(?:and|or|&|as well as|along with|together with)\s+(?:the\s+)?"
                      r"(?:(?:[\w-]+\s+){0,2}?(?:city|town|village|port|stronghold|district)\s+of\s+)?")
_COMMA = re.compile(r"\s*,\s*")  # a bare comma: a list's inner joint, when the list is closed by a word above
# the roles the words before a member give when they give it none of its own: nothing, the place before it
# ("Foua as well as Kefraya", read back to Foua, reads Kefraya as within Foua)
_OWN_ROLES = ("none", "coordinate", "container")


def group_heads(low: str, spans: Sequence[tuple[int, int]], kinds: Sequence[str], sentence: str = "") -> list[int]:
    """For each mention (at ``spans`` of the lowered sentence ``low``, of the place kinds ``kinds``), the index of
    the first mention of the phrase it is named in: its own index when it stands alone or heads the phrase.

    A list of commas closed by a name the gazetteer does not know ("from Madaya, Zabadani and Serghaya": a capital
    after the closing word in ``sentence``, the text ``low`` lowers) is a list too: its known places join.

    >>> low = "buses from foua, kefraya and madaya left"
    >>> group_heads(low, [(11, 15), (17, 24), (29, 35)], ["town", "town", "town"])
    [0, 0, 0]
    """
    found = list(range(len(spans)))
    i = 0
    while i < len(spans):
        last = i  # the last member of the phrase begun at i that a closing word joins
        # "buses left Foua, and Madaya residents watched": a place before a word for people only says who they are
        j = i
        while j + 1 < len(spans) and kinds[j + 1] == kinds[i] and not roles.NAMES_PEOPLE.match(low, spans[j + 1][1]):
            between = (spans[j][1], spans[j + 1][0])
            if _CLOSING.fullmatch(low, *between):
                last = j + 1
            elif not _COMMA.fullmatch(low, *between):
                break
            j += 1
        closing = _CLOSING.match(low, spans[j][1]) if last == i < j and sentence else None
        if closing is not None and sentence[closing.end():closing.end() + 1].isupper():
            last = j  # "A, B and Z", Z unknown: A and B are one list
        for member in range(i + 1, last + 1):
            found[member] = i
        i = last + 1
    return found


def phrase_spans(spans: Sequence[tuple[int, int]], heads: Sequence[int]) -> list[tuple[int, int]]:
    """For each mention, the span of the whole phrase it is named in (from its head's start to its last member's
    end; its own span when it stands alone): a verb before the phrase is as near as to its first place, one after
    it as near as to its last ("Foua, Kefraya, Madaya and Zabadani, long besieged, were emptied").

    >>> phrase_spans([(0, 4), (9, 16), (30, 36)], [0, 0, 2])
    [(0, 16), (0, 16), (30, 36)]
    """
    ends = {head: end for (_, end), head in zip(spans, heads)}  # the last member's end wins
    return [(spans[head][0], ends[head]) for head in heads]


def joined_role(own: str, head: str) -> str:
    """The role of a member of a phrase whose head has the role ``head``: its own when the words before it give
    it one ("between X and Y" keeps Y a locator only through the head; "from X to Y" is not one phrase), else the
    head's."""
    return head if own in _OWN_ROLES else own
