"""Ingest a field report: from news text to dated, located candidate events for review.

The API the dashboard and ``evacmap ingest`` share::

    report = ingest_text(text, published=date(2016, 12, 16), outlet="AP", gazetteer=g)
    report.mentions   # every place named in the story: spelling, offsets, place id
    report.events     # candidate events: local date (or span), UTC time, place, type, evidence
    report.claims     # numbers: value or range, qualifier, unit, quantity, who said so
    frame = events_frame(accepted_events, report.source_id, zone=zone)   # rows in events.csv's schema (candidates.py)
    report.to_json()  # the object ``evacmap ingest --format json`` prints per report

Offsets (``start``/``end``) index the text as given, before cleaning. Steps:

1. **Clean** (:func:`geo.ingest.cleaning.clean`): drop cross-link lines ("READ MORE: ..."), photo credits
   ("( Name - Anadolu Agency )", "Photo / AP"), and captions repeated word for word.
   A short first line that reads as a title is a headline (:func:`geo.ingest.cleaning.is_headline`):
   its places are mentions, but its events and numbers would only repeat the story's, so it gives none. A dateline ("ALEPPO,
   SYRIA - DECEMBER 19:") dates its paragraph but is not where anything happened.
2. **Sentences** are split at ., ! or ? before a capital (not after "Dec." or "U.N."). A sentence told
   again word for word later (a caption repeating the body) is read only there (:func:`~geo.ingest.cleaning.told_once`).
3. **Dates** (:mod:`geo.ingest.dates`): a mention takes the nearest day or week date in its
   sentence; a sentence without one takes the date of the last sentence before it that has
   one (its first: a lead's main clause comes before its 'after Saturday's bombing'), unless it is told in the present
   progressive ("are being evacuated": the publication date, :func:`geo.ingest.ongoing.told_now`); one before any date,
   the day of the first sentence dating an event of its kind, else the publication date
   (:mod:`geo.ingest.leads`). A sentence whose only
   dates are months or years ("this year") gives no event. An undated sentence told in the present tense
   ("thousands are still waiting") takes a span from the date before it up to publication (:mod:`geo.ingest.ongoing`).
4. **Places** (:mod:`geo.ingest.mentions`), **types and roles** (:mod:`geo.ingest.triggers`); a
   sentence with a trigger but no usable place takes a place of the sentence before it in its
   paragraph, else the dateline's (:mod:`geo.ingest.carrying`); places do not carry across
   paragraphs, but a sentence naming none tells its halt or departure where the report's story is.
   Places with ``role=context`` in the gazetteer never get events. A city a sentence is only near
   ("near Aleppo", "the outskirts of Aleppo") is the place within it the report names most
   (:func:`geo.ingest.placing.staging`: the staging area, Rashidin in a report that names it), at
   geo precision 2. People leaving a city divided into regions (a departure from it, or its halt)
   leave from the region of it the report names most
   (:func:`geo.ingest.placing.named_parts`: East Aleppo in a report that names it), else, as advances and attacks, the
   region of it that changed hands over the case (:func:`geo.ingest.placing.into_enclave`); people leaving a
   province leave the towns in it the report names, at geo precision 2 (:func:`geo.ingest.placing.towns_named`),
   and a place they only went through ("left through the Ramouseh road") is none they left. A place whose
   nearest trigger is a word of speech takes what was said to happen there, unless the words
   were spoken there ("told reporters in Geneva"): a statement is placed where it was made, or
   nowhere; the place of the one who tells ("a source in Aleppo") is none. People of a town told as
   arriving, held up or taken elsewhere had left it, that day or before (:mod:`geo.ingest.implied`).
5. **Numbers** (:mod:`geo.ingest.quantities`); a claim with no speaker in its sentence takes
   the speaker of a neighbouring sentence of its paragraph; after "he said", the last
   speaker named before; else the outlet.

Candidates with the same dates, time, place and type are merged into the first
(:func:`geo.ingest.candidates.merge_same`; a total told with no day first spans back to the report's first day told,
:func:`~geo.ingest.candidates.totals_spanned`); its ``evidence`` then holds every sentence, separated by
:data:`~geo.ingest.candidates.EVIDENCE_SEPARATOR`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime, tzinfo

from geo.errors import IngestError
from geo.ingest import blasts, carrying, dates, implied, kinds, mentions, placing, quantities, references, speakers
from geo.ingest.candidates import CandidateEvent, IngestedReport, merge_same, totals_spanned
from geo.ingest.carrying import CARRIED_PRECISION, HEADING, Carried
from geo.ingest.clauses import own_dates
from geo.ingest.cleaning import Paragraph, clean, lowered, sentences, told_once
from geo.ingest.coordination import group_heads, joined_role, phrase_spans
from geo.ingest.leads import Leads
from geo.ingest.mentions import Mention
from geo.ingest.ongoing import date_of
from geo.ingest.quantities import QuantityClaim
from geo.ingest.reading import Reading, read
from geo.ingest.sentence_dates import BySentence
from geo.places.gazetteer import Gazetteer, Place, per_gazetteer

MAX_TEXT_CHARS = 50_000_000  # what ``evacmap ingest`` reads from a file
# What one request of a shared dashboard may ask ingest to read: ingest costs time in proportion to
# the text (about 1 MB/s of CPU, ``benchmarks/ingest_bench.py``), so this bounds one request to a
# few seconds of a server thread, however the text is laid out. Pass it as ``limit``.
REQUEST_MAX_CHARS = 2_000_000
# Publication dates ingest accepts: the days a report can refer to (a year before publication
# to a month after it), in local time and in UTC, must stay within years 1 to 9999.
PUBLISHED_RANGE = (date(2, 1, 1), date(9998, 12, 31))
LEAVING = ("departure", "halt")  # the types whose place, a divided city, is the part of it people leave
PASSIVE_ROLES = ("locator", "provenance", "container")  # roles of places that are never an event's place
# a destination after a verb of purpose: "to travel to X", "to be taken on to X"
_AND = re.compile(r"\s*(?:,|and|or|&)\s*")
_APPOSED = re.compile(r"\s*(?:[,(:]|[-–—]+)\s*")  # a place named again right after, between dashes or brackets


def _geo_precision(place: Place, approximate: bool) -> int:
    """ACLED geo precision: 3 for a governorate, 2 near a place or in part of it, else 1."""
    if place.kind == "governorate":
        return 3
    return 2 if approximate else 1


class _Places:
    """What ingest asks of a gazetteer, worked out once: each place's ancestors and the context places."""

    def __init__(self, gazetteer: Gazetteer):
        self.context = {p.id for p in gazetteer if p.is_context}
        self.ancestors = {p.id: frozenset(_ancestors(gazetteer, p.id)) for p in gazetteer}


_places = per_gazetteer(_Places)


class _Report:
    """One report being read: its text, publication date, gazetteer, the case's time zone, and the
    region of a city each side held (from the case's holdings table)."""

    def __init__(self, text: str, published: date, gazetteer: Gazetteer, zone: tzinfo,
                 sides: Mapping[str, tuple[str, ...]]):
        self.text = text
        self.published = published
        self.gazetteer = gazetteer
        self.zone = zone
        self.places = _places(gazetteer)
        self.regions = {
            (place.parent, side): place.id for place in (gazetteer[i] for i in sides if i in gazetteer)
            if place.kind == "region" and place.parent and not place.is_context for side in sides[place.id]
        }
        self.divided = {city for city, _ in self.regions}  # places with a region held by a side
        self.staging: dict[str, str] = {}  # city -> the place in it the report names most (placing.staging)
        self.parts: dict[str, str] = {}  # divided city -> the region of it the report names most (placing.named_parts)
        self.towns: dict[str, tuple[str, ...]] = {}  # governorate -> the towns in it the report names (placing.towns_named)
        self.halves = placing.halves(gazetteer)
        self.enclaves = placing.enclaves(gazetteer, sides)  # city -> the region of it that changed hands
        self.implied: list[CandidateEvent] = []  # the departures only implied (implied.departures), in text order

    def half(self, place: Place, sentence: str) -> Place:
        """The city's region the sentence speaks of without naming the city (:func:`placing.part_of_city`)."""
        region = placing.part_of_city(place, lowered(sentence), self.halves, self.regions)
        return self.gazetteer[region] if region else place

    def left_from(self, place: Place, kind: str) -> Place:
        """The region of a divided city a departure from it (or its halt) leaves from: the one the report names
        most ("buses left Aleppo" in a report about East Aleppo), else the city itself."""
        part = self.parts.get(place.id) if kind in LEAVING else None
        return self.gazetteer[part] if part else place

    def place_for(self, reading: Reading, offset: int, mention: Mention) -> tuple[Place, bool]:
        """The mention's place, or the city's region held by the side named just before it."""
        place = self.gazetteer[mention.place_id]
        if place.id not in self.divided:
            return place, False
        held_by = reading.side(mention.start - offset, mention.end - offset)
        region = self.regions.get((place.id, held_by)) if held_by is not None else None  # no side named, no region
        return (self.gazetteer[region], True) if region else (place, False)


def _ancestors(gazetteer: Gazetteer, place_id: str) -> set[str]:
    found, parent = set(), gazetteer[place_id].parent
    while parent and parent in gazetteer and parent not in found:
        found.add(parent)
        parent = gazetteer[parent].parent
    return found


def _clock(reading: Reading, found: Sequence[Mention], s_start: int
           ) -> dict[Mention, tuple[dates.TimeMention, ...]]:
    """The clock times of a sentence, each given to the place named nearest to it in its clause."""
    clock: dict[Mention, tuple[dates.TimeMention, ...]] = {}
    for t in dates.find_times(reading.sentence):
        left, right = reading.clause(t.start, t.end)
        near = [o for o in found if left <= o.start - s_start and o.end - s_start <= right]
        owner = min(near, key=lambda o: abs(o.start - s_start - t.start), default=None)
        if owner is not None:
            clock[owner] = (*clock.get(owner, ()), t)
    return clock


def _sentence_events(report: _Report, span: tuple[int, int], found: Sequence[Mention],
                     when: dates.DateMention | None, sentence_dates: tuple[dates.DateMention, ...],
                     carried: Sequence[Carried], claims: tuple[QuantityClaim, ...]
                     ) -> tuple[list[CandidateEvent], list[Carried]]:
    """The candidate events of one sentence, and the places the next sentence may carry: of those a
    sentence naming no place takes the one whose event had its type ("the bomb was set off by remote
    control" after a blast in X and a halt in Y is in X), else the last.

    Only a trigger that happened (realis) makes an event, so a sentence without one gives none.
    """
    s_start, s_end = span
    sentence = report.text[s_start:s_end]
    day_dates = [d for d in sentence_dates if d.precision <= dates.WEEK]
    inside = [m for m in found if m.place_id not in report.places.context]
    if (sentence_dates and not day_dates) or not (inside or carried):
        return [], []
    reading = read(sentence) or implied.read(sentence)  # "people of X were taken to Y": only implied
    if reading is None:
        return [], []
    ancestors = report.places.ancestors
    enclosing = set().union(*(ancestors[m.place_id] for m in inside))  # the places holding those the sentence names
    events: list[CandidateEvent] = []
    handed: list[Carried] = []
    heading: list[Carried] = []
    clock: dict[Mention, tuple[dates.TimeMention, ...]] | None = None
    local = [(m.start - s_start, m.end - s_start) for m in found]
    roles: list[str] = []  # of each mention in found; "coordinate" takes the role of the one before
    for i, (start, end) in enumerate(local):
        role = reading.role(start, local[:i], end)
        if role == "none" and implied.people_of_the_towns(reading.low, start):  # "evacuees, from the Shia villages of X"
            role = "provenance"
        apposed = next((j for j in range(i) if found[j].place_id == found[i].place_id
                        and _APPOSED.fullmatch(reading.low, local[j][1], start)), None)
        if apposed is not None:  # "evacuees from two towns — Madaya and Zabadani —": the same place again
            role = roles[apposed]
        roles.append(roles[i - 1] if role == "coordinate" else role)
    heads = group_heads(reading.low, local, [report.gazetteer[m.place_id].kind for m in found], reading.sentence)
    roles = [joined_role(r, roles[h]) for r, h in zip(roles, heads)]  # "from A, B and C": all origins
    phrases = phrase_spans(local, heads)
    read_from = list(roles)  # the roles the words before each place give ("residents of X": provenance)
    for i in reversed(range(len(local))):  # "the Fua and Kefraya residents": both only say who people are
        joined = i + 1 < len(local) and roles[i + 1] == "provenance" and _AND.fullmatch(reading.low, local[i][1],
                                                                                          local[i + 1][0])
        if reading.names_people(local[i][1]) or joined:
            roles[i] = "provenance"
        elif reading.takes_its_own(local[i][1]):
            roles[i] = "locator"  # the state that evacuates its nationals, no place of the event
    locations = roles.count("location")
    for i, m in enumerate(found):
        role, at = roles[i], phrases[i]  # a member of "A and B" is read as the whole phrase (coordination.py)
        if m.place_id in report.places.context or m.place_id in enclosing or reading.hedged(*local[i]):
            continue
        if role == "provenance" and kinds.left_from(reading, at):
            role = "origin"
        if role in PASSIVE_ROLES:
            continue
        located_elsewhere = locations > (role == "location")
        kind = kinds.of_place(reading, at, role, located_elsewhere)
        hit_leaving = kind in (None, "departure", "attack") and len({f.place_id for f in found}) == 1 \
            and blasts.hit_leaving(reading, at)
        kind = "attack" if hit_leaving and kind is None else kind  # "a shell struck a bus leaving X": an attack at X
        hit_leaving = hit_leaving and kind == "departure"  # "a convoy leaving X was ambushed": left X, and hit there
        if kind == "departure" and placing.passed_through(reading.low, at[0]):
            continue  # "buses left through the Ramouseh road": a route, not where they left from
        if kind is None:
            if role == "destination":  # "left X for Y. They reached the city": an arrival after it is at Y
                heading.append((m, report.gazetteer[m.place_id], False, CARRIED_PRECISION, HEADING))
            continue
        place, refined = report.place_for(reading, s_start, m)
        if place.kind == "city" and (part := report.half(place, sentence)) is not place:
            place, refined = part, True
        if role == "near" and place.id in report.staging:
            place = report.gazetteer[report.staging[place.id]]
        refined = refined or role == "near"
        place = report.left_from(place, kind)
        if clock is None:
            clock = _clock(reading, found, s_start)
        # people leaving a governorate leave the towns in it the report names ("the buses leaving Idlib province")
        towns = [report.gazetteer[t] for t in report.towns.get(place.id, ())] if kind in LEAVING else []
        for town in towns or (place,):
            events.append(_event(report, sentence, span, m, town, refined or bool(towns), kind, when,
                                 own_dates(reading, local[i], day_dates), claims, clock.get(m, ())))
            # "a man evacuated from X said ...": he left X that day or the day before
            if kind == "departure" and town.kind in implied.TOWNS and implied.who_had_left(reading, at[0]):
                events[-1] = replace(events[-1], date=events[-1].date - implied.BY, time_utc=None)
            handed.append((m, town, refined, CARRIED_PRECISION, kind))
            if hit_leaving:
                events.append(replace(events[-1], type="attack"))
    origins = [replace(m, place_id=report.place_for(reading, s_start, m)[0].id) for m in found]  # "a rebel-held area of X"
    for m in implied.departures(report.gazetteer, reading, origins, local, read_from, events):  # "people of X reached Y"
        left = _event(report, sentence, span, m, report.gazetteer[m.place_id], False, "departure", when, day_dates, claims)
        report.implied.append(replace(left, date=left.date - implied.BY, time_utc=None,  # no day told: up to the report's
                                      last=left.last if day_dates else max(left.last, report.published),
                                      time_precision=max(left.time_precision, dates.WEEK)))
        events.append(report.implied[-1])
    passive = all(r in PASSIVE_ROLES or r == "destination" for r in roles)
    first = reading.first()
    if not events and passive and carried and first is not None and not carrying.FROM_ELSEWHERE.match(reading.low, first.end) \
            and not reading.hedged(first.start, first.end):
        kind = blasts.retyped(reading, first, reading.event_type(first, first.start, first.end))  # "a bomb was set off"
        chosen = carrying.choose(carried, kind)
        if chosen is not None and carrying.allowed(reading, kind, chosen[4]):
            mention, place, refined, coarsest, _ = chosen
            place = report.left_from(report.half(place, sentence), kind)
            events.append(_event(report, sentence, span, mention, place, refined, kind, when, day_dates, claims,
                                 coarsest=coarsest))
    return events, handed + heading if handed else []


def _event(report: _Report, sentence: str, span: tuple[int, int], mention: Mention, place: Place, refined: bool,
           kind: str, when: dates.DateMention | None, day_dates: Sequence[dates.DateMention],
           claims: tuple[QuantityClaim, ...], clock: tuple[dates.TimeMention, ...] = (), coarsest: int = 1
           ) -> CandidateEvent:
    """A candidate at a place; the date nearest the mention, and its time if one is written by it.

    ``coarsest`` is the finest geo precision the event may claim: 2 or 3 for a place the sentence does not name.
    """
    s_start = span[0]
    if day_dates:
        when = min(day_dates, key=lambda d: abs(d.start + s_start - mention.start))
    first, last, precision = (when.first, when.last, when.precision) if when else (
        report.published, report.published, dates.DAY)
    moment = None
    if clock and precision == dates.DAY and first == last:
        moment = next((t for t in clock if t.utc), clock[0]).on(first, report.zone)
    return CandidateEvent(
        date=first, last=last, time_utc=moment, time_precision=precision,
        geo_precision=max(_geo_precision(place, refined), coarsest), place_id=place.id, place_name=place.name, type=kind,
        evidence=sentence.strip(), evidence_start=span[0], evidence_end=span[1], mention=mention, claims=claims,
    )


def _by_sentence(found: list[Mention], spans: list[tuple[Paragraph, tuple[int, int]]]) -> list[tuple[Mention, ...]]:
    """Mentions (in text order) grouped by the sentence they start in."""
    grouped, i = [], 0
    for _, (start, end) in spans:
        while i < len(found) and found[i].start < start:
            i += 1
        first = i
        while i < len(found) and found[i].start < end:
            i += 1
        grouped.append(tuple(found[first:i]))
    return grouped


def ingest_text(text: str, published: date, outlet: str | None, gazetteer: Gazetteer, *, zone: tzinfo,
                sides: Mapping[str, tuple[str, ...]] | None = None, file: str = "pasted",
                limit: int = MAX_TEXT_CHARS, place_references: Mapping[str, Sequence[str]] | None = None
                ) -> IngestedReport:
    """Read one report's text into place mentions, candidate events and numeric claims.

    The time it takes grows in proportion to the text's length. ``limit`` is the longest
    text accepted: :data:`MAX_TEXT_CHARS` for files, :data:`REQUEST_MAX_CHARS` for text a
    dashboard user pastes or uploads. ``zone`` is the case's time zone (local clock times
    and days); ``sides`` the sides that held each place over the case
    (:func:`geo.holdings.sides_ever`), so "rebel-held districts of X" can name the region of
    X a side held; ``place_references`` the case's phrases for unnamed places, read like names.

    Raises :class:`IngestError` for text that is not a string or longer than ``limit``,
    and for a publication date that is not a date within :data:`PUBLISHED_RANGE`.
    """
    if not isinstance(text, str):
        raise IngestError(f"{file}: expected the report's text as a string, instead got {type(text).__name__}")
    if not isinstance(published, date) or isinstance(published, datetime):
        raise IngestError(f"{file}: published: expected a date (YYYY-MM-DD), instead got {published!r}")
    if not PUBLISHED_RANGE[0] <= published <= PUBLISHED_RANGE[1]:
        first, last = PUBLISHED_RANGE
        raise IngestError(f"{file}: published: expected a date from {first.isoformat()} to {last.isoformat()} "
                          f"(the days a report refers to must stay in the calendar), instead got {published.isoformat()}")
    if len(text) > limit:
        raise IngestError(f"{file}: text is {len(text):,} characters; the limit is {limit:,}"
                          + (" for one request: split the report and ingest it in parts" if limit < MAX_TEXT_CHARS else ""))
    report = _Report(text, published, gazetteer, zone, sides or {})
    cleaned = clean(text)
    spans = [(p, s) for p in cleaned.paragraphs for s in sentences(text, p)]
    found = _by_sentence(references.mentions(text, cleaned.paragraphs, mentions.finder(gazetteer), place_references,
                                             report.places.ancestors), spans)
    every = [m for sentence_found in found for m in sentence_found]
    report.staging = placing.staging(gazetteer, report.places.ancestors, every)
    report.parts = placing.named_parts(gazetteer, every)
    report.towns = placing.towns_named(gazetteer, report.places.ancestors, every)
    story = told_once(text, [i for i, (paragraph, _) in enumerate(spans) if not paragraph.headline], spans)
    written = BySentence(text, [span for _, span in spans], published)
    leads = Leads(text, [span for _, span in spans], story, written)
    events: list[CandidateEvent] = []
    claims: list[tuple[int, QuantityClaim]] = []
    datelines = carrying.datelines(gazetteer, report.places.context, spans, found)
    carried_place: list[Carried] = []
    unplaced: list[carrying.Unplaced] = []
    for index in story:
        paragraph, (s, e) = spans[index]
        if index == 0 or spans[index - 1][0] is not paragraph:
            carried_place = []  # places carry within a paragraph; across paragraphs they mislead
        sentence_claims = quantities.find_claims(text[s:e], s)
        if sentence_claims:
            claims.extend((index, c) for c in sentence_claims)
        in_body = [m for m in found[index] if m.start >= paragraph.body]
        carried = carried_place or ([datelines[paragraph]] if paragraph in datelines else [])
        when = date_of(text[s:e], written[index], written.before(index) or leads.day((s, e)), published)
        new, handed = _sentence_events(report, (s, e), in_body, when, written[index], carried, sentence_claims) \
            if in_body or carried else ([], [])
        if not (new or found[index]):  # names no place: the story's (carrying.at_main_place)
            unplaced.append((text[s:e], (s, e), when, written[index], tuple(sentence_claims)))
        events.extend(new)
        carried_place = handed or carried_place
    events = carrying.not_from_dateline(events, [carried[0] for carried in datelines.values()])
    headline = carrying.headline_place(report.places.context, spans, found)
    events = implied.told_again(events, report.implied)  # "5,000 left X on Friday ... the blast hit buses from X"
    events.extend(carrying.at_main_place(events, unplaced, published, headline, lambda place_id, sentence, kind:
                                         report.left_from(report.half(gazetteer[place_id], sentence), kind)))
    if told := placing.parts_told(gazetteer, events, report.parts):  # "buses left Aleppo" in a report about its east
        events = [replace(e, place_id=told[e.place_id].id, place_name=told[e.place_id].name)
                  if e.type in LEAVING and e.place_id in told else e for e in events]
    events = placing.into_enclave(events, report.enclaves, gazetteer,  # "the army retook the whole city": its enclave
                                  datelines=[carried[0] for carried in datelines.values()])
    spoken = speakers.attribute(claims, spans, text, outlet)
    by_span = {(c.start, c.end): c for c in spoken}
    events = [speakers.with_speakers(ev, by_span) for ev in events]
    return IngestedReport(
        file=file, published=published, outlet=outlet,
        mentions=tuple(m for sentence_found in found for m in sentence_found),
        events=merge_same(totals_spanned(events)), claims=tuple(spoken),
    )
