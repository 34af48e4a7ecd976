"""The dates written in each sentence of a report, read only when asked for, and what a sentence without a date of
its own refers to: the first day or week date of the last sentence before it that has one. A day counted from
another ("a day earlier") is counted from the last day written before it (:mod:`geo.ingest.dates` finds the dates).
"""

from __future__ import annotations

from datetime import date

from geo.ingest.dates import DAY, WEEK, DateMention, find_dates

__all__ = ["BySentence"]


class BySentence:
    """The dates written in each sentence of a text, read only when asked for, and the date of the last
    sentence before one that has a day or week date (what a sentence without a date of its own refers to)."""

    def __init__(self, text: str, spans: list[tuple[int, int]], published: date):
        self._text, self._spans, self._published = text, spans, published
        self._found: dict[int, tuple[DateMention, ...]] = {}
        self._before: dict[int, DateMention | None] = {}

    def __getitem__(self, index: int) -> tuple[DateMention, ...]:
        if index not in self._found:
            start, end = self._spans[index]
            found = find_dates(self._text[start:end], self._published)
            if any(d.shift is not None for d in found):
                found = self._counted(index, found)
            self._found[index] = found
        return self._found[index]

    def _counted(self, index: int, found: tuple[DateMention, ...]) -> tuple[DateMention, ...]:
        """The sentence's dates with each one counted from a day ("a day earlier") counted from the
        last day written before it: in its sentence, else in an earlier one; else publication."""
        counted: list[DateMention] = []
        earlier = self.before(index)
        day = earlier.first if earlier is not None and earlier.precision == DAY else self._published
        for d in found:
            counted.append(d.from_day(day))
            if d.shift is None and d.precision == DAY:
                day = d.first
        return tuple(counted)

    def _own(self, index: int) -> DateMention | None:
        return next((d for d in self[index] if d.precision <= WEEK), None)

    def before(self, index: int) -> DateMention | None:
        """The first day or week date of the last sentence before sentence ``index`` that has one (in
        "resumed on Wednesday after a bombing on Saturday", the main clause's day comes first)."""
        waiting = []
        j = index
        while j > 0 and j not in self._before:
            own = self._own(j - 1)
            if own is not None:
                self._before[j] = own
                break
            waiting.append(j)
            j -= 1
        settled = self._before.get(j) if j > 0 else None
        for k in waiting:
            self._before[k] = settled
        return self._before.get(index, settled)
