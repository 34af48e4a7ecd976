"""Clock times in report text: ``12:30 GMT``, ``0030GMT`` (UTC); ``2.30am``, ``14:00``, ``noon`` (local).

A dotted time (``2.30``) needs am/pm or GMT, so ``2.5 km`` is not one. Each pattern runs only
on text holding what it needs, so most sentences cost one look-up. See :mod:`geo.ingest.dates`
for the days these times fall on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, time, tzinfo

from geo import times
from geo.ingest.cleaning import lowered

_TIME_COLON = re.compile(
    r"\b(?P<hour>[0-2]?\d):(?P<minute>[0-5]\d)\s*(?P<ampm>[ap]\.?m\.?(?![a-z]))?\s*(?P<zone>gmt|utc|z\b)?"
)
_TIME_DOT = re.compile(
    r"\b(?P<hour>[0-2]?\d)\.(?P<minute>[0-5]\d)\s*(?:(?P<ampm>[ap]\.?m\.?(?![a-z]))|(?P<zone>gmt|utc))"
)
_TIME_HOUR = re.compile(r"\b(?P<hour>1[0-2]|0?[1-9])\s*(?P<ampm>[ap]\.?m\.?(?![a-z]))")
_TIME_4DIGIT = re.compile(r"\b(?P<hour>[0-2]\d)(?P<minute>[0-5]\d)\s*(?P<zone>gmt|utc)\b")
_TIME_WORD = re.compile(r"\b(?P<word>noon|midday|midnight)\b")
_HAS_CLOCK = re.compile(r"\d(?::[0-5]\d|\.[0-5]\d|\s*[apgu])")  # what every time in digits holds


@dataclass(frozen=True)
class TimeMention:
    """A clock time written in the text; ``utc`` says whether it was given in GMT/UTC."""

    text: str
    start: int
    end: int
    hour: int
    minute: int
    utc: bool

    def on(self, day: date, zone: tzinfo) -> datetime:
        """The UTC moment of this time on a local day of ``zone`` (the case's time zone).

        A GMT time is read as the moment whose local date is ``day`` ("0030GMT on
        Thursday" is 00:30 UTC, 02:30 local in Aleppo in December 2016, on Thursday).
        """
        clock = time(self.hour, self.minute)
        if not self.utc:
            return datetime.combine(day, clock, tzinfo=zone).astimezone(times.UTC)
        moment = datetime.combine(day, clock, tzinfo=times.UTC)
        return moment - (times.local_date(moment, zone) - day)


def without_overlaps(found: list, key) -> tuple:
    """Keep the longest of overlapping matches, then order by position."""
    if len(found) == 1:
        return (found[0],)
    kept: list = []
    for item in sorted(found, key=key):
        if all(item.end <= k.start or item.start >= k.end for k in kept):
            kept.append(item)
    return tuple(sorted(kept, key=lambda k: k.start))


def _hour(hour: int, ampm: str | None) -> int | None:
    if ampm:
        if not 1 <= hour <= 12:
            return None
        return hour % 12 + (12 if ampm.lower().startswith("p") else 0)
    return hour if hour < 24 else None


def find_times(text: str) -> tuple[TimeMention, ...]:
    """Every clock time in the text, in order."""
    found = []
    low = lowered(text)
    patterns = (
        (_TIME_COLON, ":" in low),
        (_TIME_DOT, "." in low),
        (_TIME_HOUR, "m" in low),
        (_TIME_4DIGIT, "gmt" in low or "utc" in low),
    ) if _HAS_CLOCK.search(low) else ()
    for pattern in (pattern for pattern, possible in patterns if possible):
        for m in pattern.finditer(low):
            groups = m.groupdict()
            hour = _hour(int(m["hour"]), groups.get("ampm"))
            if hour is None:
                continue
            minute = int(groups.get("minute") or 0)
            end = m.start() + len(m.group().rstrip())
            found.append(TimeMention(text[m.start():end], m.start(), end, hour, minute, bool(groups.get("zone"))))
    for m in _TIME_WORD.finditer(low) if "noon" in low or "mid" in low else ():
        hour = 0 if m["word"] == "midnight" else 12
        found.append(TimeMention(text[m.start():m.end()], m.start(), m.end(), hour, 0, False))
    return without_overlaps(found, key=lambda t: (-(t.end - t.start), t.start)) if found else ()
