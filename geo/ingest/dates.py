"""Dates and times in report text, resolved against the report's publication date.

What is recognised (case-insensitive unless noted), and what it resolves to:

==========================================  ===========================================  =========
written                                     resolves to                                  precision
==========================================  ===========================================  =========
``Dec. 15, 2016``, ``DECEMBER 19``,         that day; without a year, the latest such     1
``Thursday 15 December``, ``15th of Dec``   day up to a month after publication
``15/12/2016``, ``12/15/2016``, ISO         that day; day/month order is whichever        1
                                            reading is possible, else nearer publication
``Thursday``, ``on Wednesday``,             the most recent such day on or before         1
``Thursday evening`` (capitalised only)     publication; ``last X`` strictly before it
``yesterday``, ``today``, ``last night``,   publication day minus 1, 0, 1, 2 ...          1
``tonight``, ``the day before yesterday``
``earlier in the week``                     the days of publication's week before it      2
``this week``, ``last week``,               the week as a span of days                    2
``the past two weeks``, ``the past 10 days``, the N days (N x 7) up to publication; a      2 (3 over
``in recent days``, ``the past 48 hours``   week for "recent days", a day per 24 hours    21 days)
``last weekend``, ``over the weekend``      the last Saturday and Sunday before it        2
``two days ago``                            that day                                      1
``a day earlier``, ``the day before``,      counted from the day the text was speaking    1
``the previous day``, ``a day later``,      of: the last day written before it (in its
``two days earlier``, ``the next day``      sentence, else an earlier one), else publication
``since Friday``, ``since late on Friday``  that day up to publication (any day after     2
``since the morning of Dec. 15``,           "since": :mod:`geo.ingest.since`)
``from March 5 to the present``
``for more than 24 hours``, ``for 3 days``  the N days (a day per 24 hours) up to          2
                                            publication
``a few days ago``, ``several days ago``    from a week before publication to 2 days      2
``this month``, ``last month``,             the month or year as a span of days           3
``earlier this month``, ``in recent weeks``
``this year``, ``last year``,
``in November``, ``in 2015``
==========================================  ===========================================  =========

Any publication date of the calendar is accepted; a phrase that would resolve to a day
before 0001-01-01 or after 9999-12-31 ("yesterday" on 0001-01-01) gives no date.

A span is never narrowed to a guessed day: a sentence dated only by one gives its
event the span, with the precision above.

Times (read by :mod:`geo.ingest.clock`, re-exported here): ``12:30 GMT``, ``0030GMT``,
``12:30 UTC`` are UTC; ``2.30am``, ``14:00``, ``2:30 p.m.``, ``noon`` are local time in the
case's zone (``Asia/Damascus`` was UTC+2 in December 2016, see :mod:`geo.times`). A dotted
time (``2.30``) needs am/pm or GMT, so ``2.5 km`` is not one.

Each pattern runs only on text holding what it needs (a digit, a whole month name, a
weekday, a relative word; see the ``_HAS_`` tests), so most sentences cost a few look-ups.

>>> [d.first.isoformat() for d in find_dates("on Wednesday and yesterday", date(2016, 12, 16))]
['2016-12-14', '2016-12-15']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from geo.ingest import since
from geo.ingest.cleaning import holds, lowered
from geo.ingest.clock import TimeMention, find_times, without_overlaps

__all__ = ["DAY", "MONTH", "WEEK", "DateMention", "TimeMention", "find_dates", "find_times"]

MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
    "jul": 7, "aug": 8, "sep": 9, "oct": 10, "nov": 11, "dec": 12,
}
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
NUMBER_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "few": 3, "several": 3}

DAY, WEEK, MONTH = 1, 2, 3  # ACLED time precision codes
# every phrase counted in days holds one of the first words, every span phrase one of the second
DAY_WORDS = ("yesterday", "today", "night", "this ", "tomorrow", "ago")  # "overnight" holds "night"
SPAN_WORDS = ("week", "month", "year", "days", "hours")
_OUTSIDE_CALENDAR = (OverflowError, ValueError)  # a day before 0001-01-01 or after 9999-12-31
LOOKAHEAD_DAYS = 31  # a date without a year may lie this far after publication ("due on January 5")

_MONTH_NAME = (
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?"
)
_MONTH = rf"(?P<month>{_MONTH_NAME})\.?"
_WEEKDAY_PREFIX = r"(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday),?\s+(?:the\s+)?)?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?:,?\s+(?P<year>(?:19|20)\d\d))?"

_MONTH_FIRST = re.compile(rf"\b{_WEEKDAY_PREFIX}{_MONTH}\s+{_DAY}\b{_YEAR}")
_DAY_FIRST = re.compile(rf"\b{_WEEKDAY_PREFIX}{_DAY}\s+(?:of\s+)?{_MONTH}(?![a-z]){_YEAR}")
_NUMERIC = re.compile(r"\b(?P<a>[0-3]?\d)(?P<sep>[/.-])(?P<b>[0-3]?\d)(?P=sep)(?P<year>(?:19|20)?\d\d)\b")
_HAS_DIGIT = re.compile(r"\d")
_HAS_MONTH = re.compile(rf"(?<![a-z])(?:{_MONTH_NAME})(?![a-z])")  # a whole month name
_HAS_SEPARATED = re.compile(r"\d[/.-]\d\d?[/.-]\d")  # what an ISO or numeric date holds: two separators
_HAS_YEAR = re.compile(r"(?:19|20)\d\d")
_ISO = re.compile(r"\b(?P<year>(?:19|20)\d\d)-(?P<month>[01]\d)-(?P<day>[0-3]\d)\b")
_WEEKDAY = re.compile(
    r"\b(?:(?P<which>[Ll]ast|[Nn]ext|[Tt]his)\s+)?"
    r"(?P<weekday>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
    r"|MONDAY|TUESDAY|WEDNESDAY|THURSDAY|FRIDAY|SATURDAY|SUNDAY)\b"
)
# "since December", "in December 2016"; not "since December 19", a day (read by geo.ingest.since)
_MONTH_ONLY = re.compile(rf"\b(?:in|during|since|throughout)\s+{_MONTH}(?![a-z])(?!\.?\s+[0-3]?\d(?:st|nd|rd|th)?\b){_YEAR}")
_YEAR_ONLY = re.compile(r"\b(?:in|during|since|throughout)\s+(?P<year>(?:19|20)\d\d)\b")

# Phrases counted in days from publication: (first day offset, last day offset).
_DAY_PHRASES = {
    r"the day before yesterday": (-2, -2),
    r"yesterday": (-1, -1),
    r"last night": (-1, -1),
    r"(?:earlier |later )?today": (0, 0),
    r"tonight": (0, 0),
    r"overnight": (-1, 0),
    r"this (?:morning|afternoon|evening)": (0, 0),
    r"tomorrow": (1, 1),
    r"(?:a|one) day ago": (-1, -1),
    r"two days ago": (-2, -2),
    r"three days ago": (-3, -3),
    r"(?:a few|few|several|some) days ago": (-7, -2),
}
# Phrases counted in days from the day the text was speaking of, not from publication.
_SHIFT_COUNT = r"(?P<count>a|one|two|three|four|five|a full|one full)"
_SHIFTED = re.compile(rf"\b(?:{_SHIFT_COUNT} days? (?P<way>earlier|before|later|after)"
                      r"(?! (?:the|a|an|his|her|their|its|\w+ing)\b)"
                      r"|the (?P<word>previous|following|next) day|the day (?P<before>before)(?! yesterday))\b")
SHIFT_WORDS = ("earlier", "before", "later", "after", "previous", "following", "next")
_DAY_PHRASE = re.compile(r"\b(?:" + "|".join(f"(?:{p})" for p in _DAY_PHRASES) + r")\b")
_DAY_PHRASE_RULES = tuple((re.compile(p), span) for p, span in _DAY_PHRASES.items())
_SPAN_PHRASE = re.compile(
    r"\b(?P<phrase>earlier (?:in the|this) (?:week|month)"
    r"|(?:this|last) (?:week|month|year)|(?:last|over the) weekend"
    r"|(?:in|over|during) recent (?:days|weeks)"
    r"|(?:the )?(?:past|last|previous) (?:(?P<count>a|one|two|three|four|five|six|few|several|\d{1,3}) )?"
    r"(?P<unit>weeks?|days|hours)"
    r"|for (?:more than |over |nearly |almost |about |some )?(?P<for_count>two|three|four|five|six|several|\d{1,3}) "
    r"(?P<for_unit>days|hours))\b"
)



@dataclass(frozen=True)
class DateMention:
    """A date or span of days written in the text, as local days ``first``..``last``.

    ``shift`` is set for a day counted from another written day ("a day earlier": -1); such a
    mention is first resolved against publication, then against that day by :class:`BySentence`.
    """

    text: str
    start: int
    end: int
    first: date
    last: date
    precision: int
    shift: int | None = None

    def from_day(self, day: date) -> DateMention:
        """This mention counted from ``day`` instead of publication (itself when it is not counted from a day)."""
        if self.shift is None:
            return self
        try:
            moved = day + timedelta(days=self.shift)
        except _OUTSIDE_CALENDAR:
            return self
        return DateMention(self.text, self.start, self.end, moved, moved, DAY, self.shift)

    @property
    def days(self) -> int:
        return (self.last - self.first).days + 1


def _nearest(candidates: list[date], published: date) -> date:
    return min(candidates, key=lambda d: (abs((d - published).days), d > published))


def _month_day(month: int, day: int, year: str | None, published: date) -> date | None:
    """The date; without a year, the latest one up to :data:`LOOKAHEAD_DAYS` after publication."""
    years = [int(year)] if year else [published.year + 1, published.year, published.year - 1]
    for y in years:
        try:
            found = date(y, month, day)
        except ValueError:
            continue
        if year or (found - published).days <= LOOKAHEAD_DAYS:
            return found
    return None


def _is_word(month: str) -> bool:
    """Lowercase "may" and "mar" are verbs, not months ("may 5 people")."""
    return month.lower() in ("may", "mar") and not month[0].isupper()


def _month_number(word: str) -> int:
    return MONTHS[word[:3].lower()]


def _explicit(text: str, low: str, published: date, month: bool) -> list[DateMention]:
    """Dates written with digits; ``month`` says whether the text holds a month name."""
    found: list[DateMention] = []
    for pattern in (_MONTH_FIRST, _DAY_FIRST) if month else ():
        for m in pattern.finditer(low):
            if _is_word(text[m.start("month"):m.end("month")]):
                continue
            day = _month_day(_month_number(m["month"]), int(m["day"]), m["year"], published)
            if day:
                found.append(DateMention(text[m.start():m.end()], m.start(), m.end(), day, day, DAY))
    if not _HAS_SEPARATED.search(low):
        return found
    for m in _ISO.finditer(low):
        day = _month_day(int(m["month"]), int(m["day"]), m["year"], published)
        if day:
            found.append(DateMention(m.group(), m.start(), m.end(), day, day, DAY))
    for m in _NUMERIC.finditer(low):
        year = m["year"] if len(m["year"]) == 4 else f"20{m['year']}"
        a, b = int(m["a"]), int(m["b"])
        readings = [d for d in (_month_day(b, a, year, published), _month_day(a, b, year, published)) if d]
        if readings:
            day = _nearest(readings, published)
            found.append(DateMention(m.group(), m.start(), m.end(), day, day, DAY))
    return found


def _weekdays(text: str, low: str, published: date) -> list[DateMention]:
    found = []
    for m in _WEEKDAY.finditer(text) if "day" in low and holds(low, WEEKDAYS) else ():
        wanted = WEEKDAYS.index(m["weekday"].lower())
        back = (published.weekday() - wanted) % 7
        which = (m["which"] or "").lower()
        if which == "last" and back == 0:
            back = 7
        try:
            day = published + timedelta(days=(7 - back) % 7 or 7) if which == "next" else published - timedelta(days=back)
        except _OUTSIDE_CALENDAR:
            continue
        found.append(DateMention(m.group(), m.start(), m.end(), day, day, DAY))
    return found


def _week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def _span(phrase: str, count: str | None, unit: str | None, published: date) -> tuple[date, date, int]:
    phrase = phrase.lower()
    if phrase.startswith("earlier") and phrase.endswith("week"):
        monday = _week_start(published)
        first = monday if monday < published else published - timedelta(days=7)
        return first, published - timedelta(days=1), WEEK
    if phrase.startswith("earlier"):
        first = published.replace(day=1)
        return first, max(first, published - timedelta(days=1)), MONTH
    if phrase.endswith("recent days"):
        return published - timedelta(days=7), published, WEEK
    if phrase.endswith("recent weeks"):
        return published - timedelta(days=28), published, MONTH
    if unit:
        n = int(count) if count and count.isdigit() else NUMBER_WORDS.get((count or "one").lower(), 1)
        per = {"hours": 0, "days": 1, "day": 1}.get(unit.lower(), 7)
        days = n * per if per else max(1, -(-n // 24))  # 24 hours: since the day before
        return published - timedelta(days=days), published, WEEK if days <= 21 else MONTH
    if phrase.endswith("weekend"):
        saturday = published - timedelta(days=(published.weekday() - 5) % 7 or 7)
        return saturday, saturday + timedelta(days=1), WEEK
    which, what = phrase.split()
    if what == "week":
        monday = _week_start(published) - timedelta(days=7 if which == "last" else 0)
        return monday, published if which == "this" else monday + timedelta(days=6), WEEK
    if what == "month":
        first = published.replace(day=1)
        if which == "last":
            last = first - timedelta(days=1)
            return last.replace(day=1), last, MONTH
        return first, published, MONTH
    year = published.year - (which == "last")
    return date(year, 1, 1), published if which == "this" else date(year, 12, 31), MONTH


def _month_span(month: int, year: str | None, published: date) -> tuple[date, date]:
    """The first and last day of a month named without a day ("in November")."""
    first = _month_day(month, 1, year, published)
    if first is None:
        raise ValueError(f"no month {month} within the calendar near {published}")
    following = date(first.year + first.month // 12, first.month % 12 + 1, 1)
    return first, following - timedelta(days=1)


def _relative(text: str, low: str, published: date, month: bool, digit: bool) -> list[DateMention]:
    """Dates counted from publication, and months or years named alone."""
    found: list[DateMention] = []
    for m in _DAY_PHRASE.finditer(low) if holds(low, DAY_WORDS) else ():
        first_off, last_off = next(span for rule, span in _DAY_PHRASE_RULES if rule.fullmatch(m.group()))  # days off
        try:
            found.append(DateMention(text[m.start():m.end()], m.start(), m.end(), published + timedelta(days=first_off),
                                     published + timedelta(days=last_off), DAY if first_off == last_off else WEEK))
        except _OUTSIDE_CALENDAR:
            continue
    for m in _SHIFTED.finditer(low) if holds(low, SHIFT_WORDS) else ():
        if m["word"] or m["before"]:
            shift = 1 if m["word"] in ("following", "next") else -1
        else:
            shift = NUMBER_WORDS[m["count"].split()[0]]
            shift = -shift if m["way"] in ("earlier", "before") else shift
        try:
            day = published + timedelta(days=shift)
        except _OUTSIDE_CALENDAR:
            continue
        found.append(DateMention(text[m.start():m.end()], m.start(), m.end(), day, day, DAY, shift))
    for m in _SPAN_PHRASE.finditer(low) if holds(low, SPAN_WORDS) else ():
        count, unit = (m["count"], m["unit"]) if m["for_unit"] is None else (m["for_count"], m["for_unit"])
        try:
            first, last, precision = _span(m["phrase"], count, unit, published)
        except _OUTSIDE_CALENDAR:
            continue
        found.append(DateMention(text[m.start():m.end()], m.start(), m.end(), first, last, precision))
    for m in _MONTH_ONLY.finditer(low) if month else ():
        if _is_word(text[m.start("month"):m.end("month")]):
            continue
        try:
            first, last = _month_span(_month_number(m["month"]), m["year"], published)
        except _OUTSIDE_CALENDAR:
            continue
        found.append(DateMention(text[m.start():m.end()], m.start(), m.end(), first, last, MONTH))
    for m in _YEAR_ONLY.finditer(low) if digit and _HAS_YEAR.search(low) else ():
        year = int(m["year"])
        found.append(DateMention(text[m.start():m.end()], m.start(), m.end(), date(year, 1, 1),
                                 date(year, 12, 31), MONTH))
    return found


# the day a war began, told as background ("hit at the start of the fighting on April 15", "since fighting broke out
# on April 15" is kept: a span from that day); such a day dates the war, not the sentence's event
OUTBREAK_WORDS = ("start", "outbreak", "beginning", "onset", "began", "broke out", "erupted", "started")
_OUTBREAK = re.compile(r"(?:\b(?:start|outbreak|beginning|onset) of (?:the )?(?:fighting|war|conflict|clashes|hostilities)"
                       r"|\b(?:fighting|war|conflict|clashes|hostilities|violence) (?:began|broke out|erupted|started))"
                       r"\s+(?:on\s+|in\s+)?$")


def _outbreak_day(low: str, start: int) -> bool:
    """True when the day written at ``start`` is given as the day the fighting began, outside a "since" span."""
    before = low[max(0, start - 60):start]
    return _OUTBREAK.search(before) is not None and "since" not in before


def find_dates(text: str, published: date) -> tuple[DateMention, ...]:
    """Every date or span of days in the text, in order, resolved against ``published``."""
    if not isinstance(published, date) or isinstance(published, datetime):
        raise TypeError(f"published: expected a datetime.date, instead got {published!r}")
    low = lowered(text)
    digit = _HAS_DIGIT.search(low) is not None
    month = holds(low, MONTHS) and _HAS_MONTH.search(low) is not None
    if not (digit or month or "day" in low or holds(low, DAY_WORDS) or holds(low, SPAN_WORDS)):
        return ()  # no weekday, relative word, month or digit: most sentences
    found = (_explicit(text, low, published, month) if digit else []) + _weekdays(text, low, published) + _relative(
        text, low, published, month, digit)
    kept = without_overlaps(found, key=lambda d: (-(d.end - d.start), d.start)) if found else ()
    if kept and holds(low, OUTBREAK_WORDS):
        kept = tuple(d for d in kept if not _outbreak_day(low, d.start))
    spanned = "since" in low or ("from" in low and holds(low, since.PRESENT_WORDS))
    return tuple(since.spans(text, low, kept, published, WEEK)) if spanned else kept
