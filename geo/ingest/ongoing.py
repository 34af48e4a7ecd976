"""A state told in the present tense still held when the report was written: "thousands are still waiting to leave".

A sentence with no day of its own takes the date of the last sentence before it that has one
(:class:`geo.ingest.sentence_dates.BySentence`). That is right for a sentence that goes on telling that day's story in the
past tense, but not for one told in the present tense or the present perfect ("thousands are still waiting",
"most are being taken to Idlib", "the buses have been stuck on the edge of the city", "the army says it has
retaken the city"): such a sentence tells what held, or had come to pass, when the report was written, so the day
written before it is at most when it began. :func:`until_published` makes that day a span from it up to publication
(precision 2), as :mod:`geo.ingest.since` does for a day written after "since".

The tense is read from the words right before the sentence's first event (its first trigger that happened, is not a
word of speech and does not only set the scene, as :meth:`geo.ingest.reading.Reading.first`): a present form of
"be" or "have" ("is", "are", "am", "has", "have"), then at most "still", "now", "currently" or "already", then at
most "being" or "been". A past form ("were waiting", "had been stuck") keeps the day; so does a sentence with a
day of its own (that day dates its places), one before any date (it takes publication already), and one whose
date already reaches publication.

A movement told in the present progressive ("many are being evacuated from X at the same time", "thousands are
still waiting") goes on as the report is written (:func:`told_now`): such a sentence takes the publication day
itself, not a span from the day before it. :func:`date_of` gives a sentence its date by these rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from geo.ingest import triggers
from geo.ingest.cleaning import lowered
from geo.ingest.dates import WEEK, DateMention

# the words right before the event's trigger: "are still ", "have been ", "is being ", "has "
_PRESENT = re.compile(r"\b(?:is|are|am|has|have)\s+(?:(?:still|now|currently|already)\s+)?(?:(?:being|been)\s+)?$")
_REACH = 30  # characters before the trigger that hold "are currently being "
_HAS_PRESENT = re.compile(r"\b(?:is|are|am|has|have)\b", re.IGNORECASE)  # what every such sentence holds
_IS_ARE = re.compile(r"\b(?:is|are)\b", re.IGNORECASE)
_NOW = re.compile(r"\b(?:is|are)\s+(?:(?:now|still|also)\s+)?(being\s+)?$")  # "are being evacuated": as the report is written


def present(low: str) -> bool:
    """True when the first event of the lowered sentence ``low`` is told in the present tense or present perfect.

    >>> present("many families are still waiting at the crossing")
    True
    >>> present("many families were still waiting at the crossing")
    False
    """
    first = triggers.first_told(triggers.triggers(low))
    return first is not None and _PRESENT.search(low, max(0, first.start - _REACH), first.start) is not None


def until_published(sentence: str, own: Sequence[DateMention], when: DateMention | None, published: date
                    ) -> DateMention | None:
    """``when`` (the date ``sentence`` takes from the text before it) as a span from its first day up to ``published``
    when the sentence has no day or week date of its own among ``own`` (its dates) and tells its event in the present
    tense (:func:`present`), else ``when`` itself."""
    if when is None or when.last >= published or any(d.precision <= WEEK for d in own) \
            or _HAS_PRESENT.search(sentence) is None or not present(lowered(sentence)):
        return when
    return replace(when, last=published, precision=max(when.precision, WEEK))


def told_now(sentence: str, own_dates: Sequence[object]) -> bool:
    """True for a sentence with no date of its own whose first event is told in the present progressive ("people are
    being evacuated from X at the same time"): it happens as the report is written, not on the day the sentence
    before it told."""
    if own_dates or _IS_ARE.search(sentence) is None:  # a cheap test first
        return False
    low = lowered(sentence)
    first = next((t for t in triggers.triggers(low) if t.realis and not t.background), None)
    if first is None:
        return False
    being = _NOW.search(low, max(0, first.start - 24), first.start)
    return being is not None and (being.group(1) is not None or low[first.start:first.end].endswith("ing"))


def date_of(sentence: str, own: Sequence[DateMention], before: DateMention | None, published: date
            ) -> DateMention | None:
    """The date a sentence's places take when they have no day nearer (its ``own`` dates come first, in
    :mod:`geo.ingest.report`): None, the publication day, for a movement told as going on now (:func:`told_now`);
    else ``before``, the date it takes from the text before it, stretched up to publication for a state told in
    the present tense (:func:`until_published`)."""
    return None if told_now(sentence, own) else until_published(sentence, own, before, published)
