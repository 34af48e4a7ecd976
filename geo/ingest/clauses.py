"""Events told in a clause that hangs on another: what a speaker at a place says happened "there".

A place named as where words were spoken ("a resident speaking from the garage in X said ...") is where a statement
was made, not what it was about (:meth:`geo.ingest.triggers.Reading.spoken_at`). But when the clause the speaker
tells points back to that place with "there" ("... said people had been waiting there since Friday"), the event it
tells happened at the speaker's place: :func:`told_there` says so, and the place then takes the type of what was
said (:func:`geo.ingest.kinds.of_place`), like any place a statement is about.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# "there" a few words after the verb of what was said: "waiting there", "had been stuck there for hours"
_THERE = re.compile(r"(?:\s+[\w'’-]+){0,2}?\s+there\b")


def told_there(low: str, found: Sequence) -> bool:
    """True when a trigger of ``found`` (the triggers of the lowered sentence ``low``, in order) that happened and is
    not a word of speech is followed within three words by "there": what was said happened where it was said.

    >>> from geo.ingest.triggers import triggers
    >>> low = "a resident speaking from x said people had been waiting there since friday"
    >>> told_there(low, triggers(low))
    True
    """
    return any(t.realis and not t.background and t.type != "statement" and _THERE.match(low, t.end) for t in found)
