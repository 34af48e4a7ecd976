"""The day a sentence refers to when no date is written before it (a report's undated lead).

A lead usually tells the newest event and dates it later, if at all; a day written further down
often dates something else. So a sentence before any date takes the day of the first sentence of the
story that dates an event of its own kind, told or only referred to ("the UN condemned the blast on
Saturday" dates a blast told undated above it); a picture's caption ("this image shows residents
gather ...") takes the report's first written day; any other takes the publication date (a blast
told first, a Friday written later only for the departures that came before it).
"""

from __future__ import annotations

from collections.abc import Sequence

from geo.ingest import dates, scene, sentence_dates, triggers
from geo.ingest.cleaning import lowered


class Leads:
    """The day of each undated sentence before the story's first date, read on demand: ``spans`` are the report's
    sentences, ``story`` the indexes of those the story tells (in order), ``written`` their dates by index
    (a :class:`~geo.ingest.sentence_dates.BySentence`)."""

    def __init__(self, text: str, spans: Sequence[tuple[int, int]], story: Sequence[int],
                 written: sentence_dates.BySentence | Sequence[tuple[dates.DateMention, ...]]):
        self._text, self._spans, self._story, self._written = text, spans, story, written
        self._read = 0  # sentences of the story read so far
        self._told: dict[str, dates.DateMention] = {}
        self._first: dates.DateMention | None = None

    def day(self, span: tuple[int, int]) -> dates.DateMention | None:
        """The date of the sentence at ``span`` (no date written in or before it); None: the publication date."""
        low = lowered(self._text[span[0]:span[1]])
        first = triggers.first_told(triggers.triggers(low))
        if first is not None and (told := self._told_on(first.type)) is not None:
            return told
        if scene.PICTURED.search(low):
            while self._first is None and self._read_one():
                pass
            return self._first
        return None

    def _told_on(self, kind: str) -> dates.DateMention | None:
        """The first day that dates an event of ``kind``, reading on until one is found."""
        while kind not in self._told and self._read_one():
            pass
        return self._told.get(kind)

    def _read_one(self) -> bool:
        """Read the next sentence of the story for the kinds of event it dates; False when none is left."""
        if self._read >= len(self._story):
            return False
        index = self._story[self._read]
        self._read += 1
        day = next((d for d in self._written[index] if d.precision == dates.DAY), None)
        if day is not None:
            self._first = self._first or day
            start, end = self._spans[index]
            for t in triggers.triggers(lowered(self._text[start:end])):
                if t.realis and t.type != "statement":
                    self._told.setdefault(t.type, day)
        return True
