"""A day told as where a span begins: "stuck since late on Friday", "stopped since the morning of Friday, April 14".

A day after "since" is not the day of the event: what is told began that day and was still going on when the report
was written. :func:`spans` makes each such day a span from it up to publication (precision 2, however long), as
:mod:`geo.ingest.dates` already did for a bare weekday ("since Friday"), whatever way the day is written: a weekday,
a date ("since Thursday December 15th"), a day counted from publication ("since yesterday"), and with the part of the
day before it ("since late on Friday", "since the morning of", "since midnight on", "since dawn on").

A day after "from" and before "to the present" ("from March 5 to the present", "from December 15 until now") is the
same: a span from that day up to publication, taking the words up to "present" with it.

A day told again right after it ("since the morning of yesterday, Friday the 14th") is the same beginning: it joins
the span, so the place named after it takes the span, not the one day.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # geo.ingest.dates reads this module: the annotations name its DateMention
    from geo.ingest.dates import DateMention

# "since", then the part of the day the span begins in, right before the day
_SINCE = re.compile(r"\bsince\s+(?:(?:late|early|mid)\s+(?:on\s+)?|(?:the\s+)?(?:morning|afternoon|evening|night|dawn"
                    r"|midnight)\s+(?:of|on)\s+|(?:midnight|dawn)\s+(?:on\s+)?)?$")
_REACH = 40  # characters before a day that hold "since the afternoon of "
_FROM = re.compile(r"\bfrom\s+(?:(?:late|early|mid)\s+(?:on\s+)?)?$")
_TO_NOW = re.compile(r"\s*(?:to|until|till|through)\s+(?:the\s+)?(?:present(?:\s+day)?|now|today|this\s+day|date)\b")
PRESENT_WORDS = ("present", "now", "today", "date", "this day")  # a text holding none has no "from X to the present"
_BETWEEN = re.compile(r"[\s,]*")  # what stands between a day and the same day told again


def spans(text: str, low: str, found: Sequence[DateMention], published: date, precision: int) -> list[DateMention]:
    """``found`` (the day and span mentions of a text, in order) with each day after "since", or between "from" and
    "to the present", made a span from it to ``published`` at ``precision``, and a day told again right after such a
    span joined to it."""
    kept: list[DateMention] = []
    begun: DateMention | None = None  # the last span made here, which a day told again right after it joins
    for d in found:
        one_day = d.first == d.last and d.shift is None
        since = _SINCE.search(low, max(0, d.start - _REACH), d.start) if one_day else None
        came_from = _FROM.search(low, max(0, d.start - _REACH), d.start) if one_day else None
        until_now = _TO_NOW.match(low, d.end) if came_from is not None else None
        if came_from is not None and until_now is not None and d.first < published:
            start = came_from.start()
            begun = replace(d, text=text[start:until_now.end()], start=start, end=until_now.end(), last=published,
                            precision=precision)
            kept.append(begun)
        elif begun is not None and kept[-1] is begun and d.first == begun.first and _BETWEEN.fullmatch(low, begun.end, d.start):
            begun = kept[-1] = replace(begun, text=text[begun.start:d.end], end=d.end)  # "since yesterday, Friday"
        elif since is not None and d.first < published:
            begun = replace(d, text=text[since.start():d.end], start=since.start(), last=published, precision=precision)
            kept.append(begun)
        else:
            kept.append(d)
    return kept
