"""The names a case's sources give that its gazetteer does not hold: what to place before ingest can see it.

Ingest finds an event only at a place the case's gazetteer holds, so a new case's first question is which places
its reports name. A name here is a run of capitalised words on one line (with the small words place names are
joined by: de, da, do, dos, das, del, la, le, of, al-, el- ...), and the word of place that may end it (camp,
airport, port, border, crossing ...). Each run is read longest span first:

- a span the case's gazetteer resolves is known, and left out;
- a span GeoNames' populated places hold (offline: name or alternate name, no fuzzy matches) in the case's
  countries is *unplaced*, offered with every place it may be, side by side, never one picked;
- a run told as a place (after in, at, from, to, near, towards, into, outside, via, through, reached, left,
  fled, entered; "the" may come between) that neither holds is *not found offline*: a camp, a plant, a hotel,
  a district, a region, to be placed by hand.

Names are counted where they stand in each source's text; weekdays, months and the words that start sentences
are never names. The case's countries are those within 150 km of its places and the country of its time zone
(tzdata's ``zone.tab``), or those given.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from geo.data.evidence import Evidence
from geo.places.gazetteer import Gazetteer
from geo.places.geonames import GeoNames, Lookup
from geo.workbench.reading import read_text, text_path

_WORD = r"(?:(?:al|el|an|ar|as|ash|ad|az|at)[-‐])?[A-Z](?:[\w'’]*\w)?(?:[-‐]\w+)*"
_JOIN = r"(?:de|da|do|dos|das|del|della|di|du|la|le|les|of|the|al|el|bin|ibn|von|van|den|der)"
_KIND = (r"(?:camp|airport|airfield|port|harbour|harbor|hospital|hotel|beach|border|crossing|checkpoint|district|"
         r"province|region|village|town|city|peninsula|island|bay|bridge|road|square|plant|site|base|station|"
         r"corridor|school|stadium|church|mosque|market)s?")
RUN = re.compile(rf"{_WORD}(?:[ \t]+(?:{_JOIN}[ \t]+)*{_WORD})*(?:[ \t]+{_KIND}\b)?")
WORD = re.compile(rf"{_WORD}|{_JOIN}\b|{_KIND}\b")
TOLD_AS_PLACE = re.compile(r"\b(?:in|at|from|to|near|towards?|into|outside|via|through|reached|reaching|reach|"
                           r"left|leaving|fled|fleeing|entered|entering)\s+(?:the\s+)?$", re.IGNORECASE)
_NEVER = """
monday tuesday wednesday thursday friday saturday sunday january february march april may june july august
september october november december the a an and but or of on in at to from by for with as after before when
while since during this that these those there here he she it they we i you his her its their our my your
mr mrs ms dr sir president minister general colonel captain some many most all more several about around over
under according meanwhile however although though if yet so then also only even still already
"""
NEVER_NAMES = frozenset(_NEVER.split())
POSSESSIVE = re.compile(r"['’]s?$")
LOOK_BEFORE = 40  # characters before a run where a word of place is looked for


@dataclass(frozen=True)
class Unplaced:
    """A name the case's sources give that its gazetteer does not hold: as most often spelled, how often and in
    which sources, and every GeoNames populated place of that name (``lookup``; None: not found offline)."""

    name: str
    mentions: int
    sources: tuple[str, ...]
    lookup: Lookup | None
    country: str | None = None  # the ISO code of the country the name also names ("Mozambique" is a town too)

    @property
    def found(self) -> bool:
        return self.lookup is not None and bool(self.lookup.candidates)


@cache
def zone_countries() -> dict[str, str]:
    """IANA time zone -> its ISO 3166-1 alpha-2 country, from tzdata's ``zone.tab``."""
    table = resources.files("tzdata").joinpath("zoneinfo", "zone.tab").read_text(encoding="utf-8")
    return {fields[2]: fields[0] for fields in (line.split("\t") for line in table.splitlines())
            if len(fields) >= 3 and not fields[0].startswith("#")}


def case_countries(evidence: Evidence, geonames: GeoNames) -> list[str]:
    """The countries of the case's region: within 150 km of its places, and its time zone's country."""
    found = set(geonames.countries_near((p.lat, p.lon) for p in evidence.gazetteer))
    zone = zone_countries().get(str(evidence.case.timezone))
    if zone:
        found.add(zone)
    return sorted(found & geonames.countries)


def _spans(run: re.Match[str]) -> Iterator[tuple[int, int]]:
    """The (start, end) text offsets of a run's spans of whole words, longest first, that neither start nor end
    with a joining word."""
    words = [(m.start() + run.start(), m.end() + run.start(), m.group()) for m in WORD.finditer(run.group())]
    for length in range(len(words), 0, -1):
        for first in range(len(words) - length + 1):
            last = first + length - 1
            if words[first][2][0].isupper() and words[last][2][0].isupper():
                yield words[first][0], words[last][1]


def _is_name(span: str) -> bool:
    words = [re.sub(r"['’]s$", "", w).casefold() for w in span.split()]
    return len(span) >= 3 and not span.isupper() and not all(w in NEVER_NAMES for w in words)


def names_in(text: str, known: Callable[[str], bool], in_geonames: Callable[[str], bool]) -> Iterator[tuple[str, bool]]:
    """(span, in GeoNames) for each name of ``text`` the gazetteer does not know (``known(span)``): a span GeoNames holds
    (``in_geonames(span)`` true), else a whole run told as a place (false)."""
    for run in RUN.finditer(text):
        covered: list[tuple[int, int]] = []
        was_known = False
        for start, end in _spans(run):
            if any(start < e and s < end for s, e in covered):
                continue
            span = POSSESSIVE.sub("", text[start:end])
            if not _is_name(span):
                continue
            if known(span):
                covered.append((start, end))
                was_known = True
            elif in_geonames(span):
                covered.append((start, end))
                yield span, True
        if not covered and not was_known and _is_name(run.group()) \
                and TOLD_AS_PLACE.search(text[max(0, run.start() - LOOK_BEFORE):run.start()]):
            yield POSSESSIVE.sub("", run.group()), False


def unplaced(evidence: Evidence, geonames: GeoNames, *, countries: Sequence[str] | None = None,
             texts: Path | None = None) -> tuple[list[Unplaced], list[str]]:
    """The names of the case's sources its gazetteer lacks, most mentioned first (those GeoNames holds, then those
    it does not); and the ids of the sources with no text here. ``countries``: where to look (default: the case's,
    :func:`case_countries`)."""
    wanted = list(countries) if countries is not None else case_countries(evidence, geonames)
    gazetteer: Gazetteer = evidence.gazetteer
    known_cache: dict[str, bool] = {}
    found_cache: dict[str, Lookup] = {}

    def known(span: str) -> bool:
        if span not in known_cache:
            known_cache[span] = gazetteer.resolve(span).place is not None
        return known_cache[span]

    def named_in_geonames(span: str) -> bool:
        if geonames.country_named(span):
            return False
        if span not in found_cache:
            found_cache[span] = geonames.find(span, countries=wanted, fuzzy=False,
                                              near=[(f"{p.name} ({p.id})", p.lat, p.lon) for p in gazetteer])
        return bool(found_cache[span].candidates)

    counts: Counter[tuple[str, bool]] = Counter()
    spellings: dict[tuple[str, bool], Counter[str]] = {}
    where: dict[tuple[str, bool], dict[str, None]] = {}
    missing = []
    for source in evidence.sources.values():
        path = text_path(evidence, source.id, texts)
        if path is None:
            missing.append(source.id)
            continue
        for span, in_geonames in names_in(read_text(path, str(path)), known, named_in_geonames):
            key = (_group_key(span, in_geonames, found_cache), in_geonames)
            counts[key] += 1
            spellings.setdefault(key, Counter())[span] += 1
            where.setdefault(key, {})[source.id] = None
    found = []
    for key, n in counts.items():
        name = spellings[key].most_common(1)[0][0]
        found.append(Unplaced(name, n, tuple(where[key]), found_cache[name] if key[1] else None,
                              geonames.country_named(name)))
    found.sort(key=lambda u: (not u.found, -u.mentions, u.name))
    return found, missing


def _group_key(span: str, in_geonames: bool, lookups: dict[str, Lookup]) -> str:
    """Spellings of one name counted together: those naming the same GeoNames places, or the same words."""
    if in_geonames:
        return "geonames:" + ",".join(str(c.place.geonames_id) for c in lookups[span].candidates)
    return "words:" + " ".join(span.casefold().split())

