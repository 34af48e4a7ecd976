"""Cleaning a report's text: what is the story, and what is not.

Nothing is rewritten: :func:`clean` returns the kept stretches as offsets into the
text as given, so every later offset still points into the original. Left out:

- cross-link lines ("READ MORE: ...", "RELATED: ...", see :data:`CROSS_LINK`);
- photo credits at the end of a caption ("( Mustafa Sultan - Anadolu Agency )",
  "Photo / AP", "REUTERS/Name", see :data:`CREDITS`);
- a caption repeated word for word (after its credit goes), kept once.

The first line is a headline when it is short and reads as a title (:func:`is_headline`): at
most :data:`HEADLINE_MAX_WORDS` words and :data:`HEADLINE_MAX_CHARS` characters, one sentence
with no full stop, question or exclamation mark at its end, and a line break and more text
after it. A first line that breaks any of these is story, however it ends, so a report pasted
as one paragraph (or cut in mid-sentence) is never dropped as a headline. A paragraph opening in
capitals with a dash ("ALEPPO, SYRIA - DECEMBER 19:", "BEIRUT (Reuters) -"), or a press release's
city and a spaced dash ("Pemba – "), has a dateline, which ends at :attr:`Paragraph.body`.

:func:`read_report` reads a report file, a pipe or a device alike, never more than
:data:`MAX_REPORT_BYTES` (``/dev/zero`` is refused there, not read until memory runs out).

:func:`sentences` cuts a run of text with no sentence end in it into pieces of at most
:data:`MAX_SENTENCE_CHARS` characters (at the last clause break or space before the
limit), so that the rules, which read a sentence as a whole, cost time in proportion to
the text's length whatever its punctuation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from geo.errors import IngestError

HEADLINE_MAX_WORDS = 20  # the headlines of the real and fixture reports have 6 to 13
HEADLINE_MAX_CHARS = 160
HEADLINE_ENDS = ".!?\"”"  # a first line ending in one of these is a sentence, not a headline
MAX_REPORT_BYTES = 50_000_000  # what ``evacmap ingest`` reads of one file (ingest reads about 1 MB a second)
READ_CHUNK = 1024**2

# boilerplate that is not the story: (reason, pattern); whole lines for cross-links
CROSS_LINK = re.compile(
    r"^[ \t]*(?:READ MORE|Read more|Read More|RELATED|Related|SEE ALSO|See also|ALSO READ|Also read|WATCH|Watch"
    r"|MORE|LISTEN)\s*:.*$",
    re.MULTILINE,
)
PHOTO_WORDS = ("Photo", "Picture", "Image", "Video")
AGENCIES = ("REUTERS", "AFP", "AP", "EPA", "ANADOLU")
# (pattern, words one of which it needs: a cheap test before the pattern), tried in this order
CREDITS = (
    (r"\s*\(\s*[A-Z][^()\n]{0,60}?\s[-–/]\s[^()\n]{2,60}?\)\s*$", (")",)),  # ( Mustafa Sultan - Anadolu Agency )
    (r"\s*\(\s*(?:Photo|Picture|Image|Video)s?\b[^()\n]{0,80}\)\s*$", PHOTO_WORDS),  # (Photo: Reuters)
    (r"\s*\b(?:Photo|Picture|Image|Video|Photograph)s?\s*(?:/|:|by|credit:?)\s*[A-Z][^.\n]{0,60}$",
     PHOTO_WORDS),  # Photo / AP
    (r"\s*\b(?:REUTERS|AFP|AP|EPA|ANADOLU)(?: PHOTO)?\s*/\s*[A-Z][\w .'-]{0,40}$", AGENCIES),  # REUTERS/Omar Sanadiki
)
CREDIT_REACH = 200  # a credit is looked for in the last characters of a line
_CREDITS = tuple((re.compile(p, re.MULTILINE), needs) for p, needs in CREDITS)
_CREDIT_WORDS = tuple(dict.fromkeys(word for _, needs in CREDITS for word in needs))  # a line with no credit has none
_LINE = re.compile(r"[^\n]+")
_DATELINE = re.compile(
    r"[A-Z][A-Z'.]+(?:[ -][A-Z][A-Z'.]+)*(?:,\s*[A-Z][\w'.]+(?:[ -][A-Z][\w'.]+)*)*"
    r"(?:,? [A-Z][a-z]+\.? \d{1,2}(?:, \d{4})?)?"  # "ALEPPO, December 22 - ": the day after the place
    r"(?:\s*\([^)\n]{1,40}\))?\s*[-–—]\s*"
    r"(?:(?:[A-Z]+\.? \d{1,2}(?:, \d{4})?|\d{1,2} [A-Z]+(?: \d{4})?|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})\s*:\s*)?"
)
# a press release's dateline: a city's name in capitals and small letters and a spaced dash before the first sentence
_PRESS_DATELINE = re.compile(r"[A-Z][a-z]+(?: [A-Z][a-z]+)? [–—] (?=[A-Z])")
MAX_SENTENCE_CHARS = 1_000  # longer "sentences" are cut (the longest in the five real reports is 385)
ABBREVIATION_REACH = 8  # characters before a full stop that can hold an abbreviation ("Sept.")
# the stop and the space after it (opening on the stop lets the engine skip straight to the next one)
# a stop, then a capital: after a space, or straight after a word ("in Idlib.On Sunday", a space lost in copying)
_SENTENCE_END = re.compile(r"[.!?](?:[\"”’)]?\s+(?=[\"“‘(]?[A-Z0-9])|(?<=[a-z]{3}[.!?])(?=[A-Z][A-Za-z]))")
_ABBREVIATION = re.compile(
    r"(?:\b[A-Z]|\b(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Gen|Lt|Col|Maj|Capt|Sgt|Mr|Mrs|Ms|Dr|St|No"
    r"|Rep|Sen|Gov|Prof|vs|approx|est))\.$"
)


@dataclass(frozen=True)
class Paragraph:
    """A kept stretch of the text, ``start``..``end``; the dateline, if any, ends at ``body``."""

    start: int
    end: int
    body: int
    headline: bool = False


@dataclass(frozen=True)
class Removed:
    """A stretch of text left out of the story, and why."""

    start: int
    end: int
    reason: str


@dataclass(frozen=True)
class Cleaned:
    """The story's paragraphs and what was left out."""

    paragraphs: tuple[Paragraph, ...]
    removed: tuple[Removed, ...]


def lowered(text: str) -> str:
    """The text in lower case, character for character, so every offset stays valid.

    Matching lower-case patterns against it is several times faster than ``re.IGNORECASE``.
    """
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def holds(low: str, words: Iterable[str]) -> bool:
    """True when the lowered text holds one of the words: a test many times cheaper than a pattern,
    to run before the patterns that need one of them."""
    for word in words:  # noqa: SIM110 - a plain loop; any() over a generator costs twice as much, ~60,000 calls a MB
        if word in low:
            return True
    return False


def clean(text: str) -> Cleaned:
    """The story's paragraphs, without cross-links, photo credits and repeated captions."""
    paragraphs: list[Paragraph] = []
    removed: list[Removed] = []
    seen: set[str] = set()
    for line in _LINE.finditer(text):
        start, end = line.start(), line.end()
        if text.find(":", start, end) >= 0 and CROSS_LINK.fullmatch(text, start, end):
            removed.append(Removed(start, end, "cross-link"))
            continue
        tail = max(start, end - CREDIT_REACH)
        window = text[tail:end]
        for credit, needs in _CREDITS if holds(window, _CREDIT_WORDS) else ():
            m = credit.search(text, tail, end) if holds(window, needs) else None
            if m:
                removed.append(Removed(m.start(), end, "credit"))
                end = m.start()
        while end > start and text[end - 1].isspace():
            end -= 1
        while start < end and text[start].isspace():
            start += 1
        if start == end:
            continue
        folded = " ".join(text[start:end].split()).casefold()
        if folded in seen:
            removed.append(Removed(start, end, "repeat"))
            continue
        seen.add(folded)
        dateline = _DATELINE.match(text, start, end)
        if not (dateline and sum(map(str.isupper, dateline.group())) >= 3):
            dateline = _PRESS_DATELINE.match(text, start, end)  # "Pemba – Hundreds of people ..."
        body = dateline.end() if dateline else start
        headline = not paragraphs and not removed and is_headline(text, start, end)
        paragraphs.append(Paragraph(start, end, body, headline))
    return Cleaned(tuple(paragraphs), tuple(sorted(removed, key=lambda r: r.start)))


_STORY_AFTER = re.compile(r"\n\s*\S")


def is_headline(text: str, start: int, end: int) -> bool:
    """Whether the first line, ``text[start:end]``, is a headline (see the module's rule): short, one sentence
    with no closing stop, with a line break and more text after it."""
    line = text[start:end]
    return (len(line) <= HEADLINE_MAX_CHARS and len(line.split()) <= HEADLINE_MAX_WORDS
            and line[-1] not in HEADLINE_ENDS and _STORY_AFTER.match(text, end) is not None
            and len(sentences(text, Paragraph(start, end, start))) == 1)


def read_report(path: Path, limit: int = MAX_REPORT_BYTES) -> bytes:
    """A report's bytes, from a file, a pipe or a device, read a chunk at a time and never more than ``limit``.

    Raises IngestError naming the file when it cannot be read or holds more than ``limit`` bytes.
    """
    chunks: list[bytes] = []
    size = 0
    try:
        with open(path, "rb") as source:
            while size <= limit:
                chunk = source.read(min(READ_CHUNK, limit + 1 - size))
                if not chunk:
                    return b"".join(chunks)
                chunks.append(chunk)
                size += len(chunk)
    except OSError as error:
        raise IngestError(f"{path}: cannot read: {error.strerror or error}") from None
    raise IngestError(f"{path}: holds more than {limit:,} bytes, the most ingest reads of one report; "
                      "split it and ingest the parts")


def sentences(text: str, paragraph: Paragraph) -> list[tuple[int, int]]:
    """The (start, end) spans of a paragraph's sentences."""
    spans, start = [], paragraph.start
    for m in _SENTENCE_END.finditer(text, paragraph.start, paragraph.end):
        end = m.start() + 1  # after the stop
        if _ABBREVIATION.search(text, max(start, end - ABBREVIATION_REACH), end):
            continue
        spans.append((start, end))
        start = m.end()
    spans.append((start, paragraph.end))
    return [piece for s, e in spans if text[s:e].strip() for piece in _pieces(text, s, e)]


_CUT = re.compile(r"(?P<clause>[,;:])?\s")  # where an over-long sentence may be cut: after a clause break, else a space


def _pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A sentence as spans of at most MAX_SENTENCE_CHARS characters, each cut after the last clause
    break (else the last space) in the second half of the allowance; a run without either is cut at the limit."""
    pieces = []
    while end - start > MAX_SENTENCE_CHARS:
        limit = start + MAX_SENTENCE_CHARS
        clause = space = None
        for m in _CUT.finditer(text, start + MAX_SENTENCE_CHARS // 2, limit):
            space = m.end()
            if m["clause"]:
                clause = m.end()
        cut = clause or space or limit
        pieces.append((start, cut))
        start = cut
    pieces.append((start, end))
    return pieces


_WORDS = re.compile(r"\w+")


def told_once(text: str, story: list[int], spans: list[tuple[Paragraph, tuple[int, int]]]) -> list[int]:
    """The indices of the ``story``'s sentences (``spans``: each sentence's paragraph and span), a sentence told
    again word for word later (a caption that repeats the body) kept only there, in its own paragraph's dates."""
    words = {i: " ".join(_WORDS.findall(text[slice(*spans[i][1])])) for i in story}
    last = {said: i for i, said in words.items()}
    return [i for i in story if last[words[i]] == i]
