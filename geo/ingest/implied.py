"""Events a sentence implies without a word for them: people of a town told somewhere else, or told as taken
somewhere else, had left the town.

Whoever arrived, waited, was held up or changed buses at another place had left their town, on the day told or the
day before; so had people told as taken, bused, travelling or crossing to another place. :func:`departures` names the
towns (:mod:`geo.ingest.report` then makes each a departure spanning that day and the day before, :data:`BY`, or up to
the report's day when the sentence tells no day of its own) where

- the words before the town say whose people or vehicles they are ("people from", "residents of", "the buses of",
  "evacuees from the Shia villages of": the provenance role of :mod:`geo.ingest.roles`), or that they came from it
  ("arrived from X", "buses coming from X": the origin role, where no departure from X is told);
- the sentence tells an event of :data:`IMPLYING` at another place ("evacuees from X were held up in Y"), or one of
  those events, with no place, of people on the move (:data:`ON_THE_MOVE`: "buses arrived from X"), or people taken
  to another place (:data:`TAKEN_TO`: "civilians of X were taken by bus to Y", "the group was travelling to Y from X");
- the sentence gives no event of its own at the town, no modal hedges it, and no word of what was only meant
  governs it ("buses arrived to evacuate people from X": they have not left yet), nor a purpose stands between the
  event told and the town ("buses entered Y with the goal of taking people out of Y and X": the buses' arrival is
  told, the people are still there).

A region of a city (East Aleppo) is a town's like only for people on the move: "civilians from East Aleppo waited in
Amiriyah" may not have left it. A town that only names one person ("a Madaya resident said ...") or says who people
were ("the victims were from X"), and a participle that only says who people were once the sentence has told its
event ("the attack on evacuees travelling from X to Y", :func:`geo.ingest.scene.describes_people`), imply nothing.
Towns named in one phrase ("buses with the sick from Foua and Kefraya") are each read where the first stands
(:mod:`geo.ingest.coordination`): the second is as much on the move as the first, however far the words for the
buses are. An attack is not among :data:`IMPLYING`: reports tell attacks on buses carrying people of a town days after they
left it, and the departure is then told apart.

A departure word that only says who people were still tells that they left: "the dead were fighters who had left their
homes in X", "a bomb struck buses carrying families out of X", "the buses that had left X"
(:func:`geo.ingest.scene.describes_people` and :data:`geo.ingest.scene.WHO_HAD` make it set the scene, so it gives no
event of its own). The town it took them from is left that day or the day before, whatever the sentence tells of them,
an attack too: the words name the departure.

A past participle of leaving right after a word for people ("a resident evacuated from his hometown near X said ...")
says who they are too: the departure from a town it tells is kept, but spans the sentence's day and the day before
(:func:`who_had_left`), as people told by where they came from had left it that day or before. People evacuated from
a region of a city are still told on the day they left it, as they are told on the move.

A departure only implied from a town the report has already told people leaving on an earlier day ("5,000 left X on
Friday"; "the blast hit buses with residents of X" on Saturday) is that departure told again, and is dropped
(:func:`told_again`): reports that tell the day of a departure refer back to it, not to a second one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta

from geo.ingest import coordination, roles, scene, triggers
from geo.ingest.candidates import CandidateEvent
from geo.ingest.cleaning import lowered
from geo.ingest.mentions import Mention
from geo.ingest.reading import Reading
from geo.places.gazetteer import Gazetteer

# people of a town told as arriving, waiting, held up or changing buses elsewhere had left it
IMPLYING = ("arrival", "gathering", "halt", "transfer")
TOWNS = ("town", "village")  # the kinds of place people are said to be "from" and to leave
ORIGINS = (*TOWNS, "region")  # where people told elsewhere may have left from: a town, or a region of a city
WHOSE = ("provenance", "origin")  # the roles that say where people or vehicles are from
BY = timedelta(days=1)  # an implied departure spans the day told and the day before
# people or vehicles on the move, whatever befell them: "a convoy of evacuees from X", "buses with residents of X"
ON_THE_MOVE = re.compile(rf"\b(?:evacuees|{roles.CARRIERS}|columns?|ambulances|passengers)\b[^,;:.]{{0,60}}$")
# people told as taken to another place: "were taken by bus to Y", "travelling from X to Y", "crossed to Y"
TAKEN_TO = re.compile(r"\b(?:taken|moved|bused|bussed|transported|ferried|driven|escorted|travel(?:l?ing|l?ed)"
                      r"|crossed|bound|on (?:their|its|the) way)\b(?:\s+(?!to\b|towards?\b|for\b|into\b)[\w'’,-]+){0,8}?"
                      r"\s+(?:to|towards?|for|into)\s")
# "evacuees, from the mainly Shia villages of X": whose people, however many words name the villages
_PEOPLE_OF_THE_TOWNS = re.compile(rf"\b(?:{roles.PEOPLE}|{roles.CARRIERS})\b,?\s+(?:from|of)\s+(?:the\s+)?"
                                  r"(?:[\w'’-]+\s+){0,5}(?:towns|villages)\s+of\s+$")
_WHO_THEY_WERE = re.compile(r"\b(?:is|are|was|were)\s+(?:all\s+|originally\s+|mostly\s+)?from\s+(?:[\w'’-]+\s+){0,4}$")


def departures(gazetteer: Gazetteer, reading: Reading, found: Sequence[Mention],
               spans: Sequence[tuple[int, int]], whose: Sequence[str], events: Sequence[CandidateEvent]
               ) -> list[Mention]:
    """The mentions of towns (at ``spans`` of the sentence ``reading`` read) whose people the sentence tells as
    having left them: ``whose`` is each mention's role as the words before it read, and ``events`` the sentence's
    own events (see the module's docstring)."""
    own = {e.place_id for e in events}
    elsewhere = {e.place_id for e in events if e.type in IMPLYING}
    told = any(t.realis and not t.background and t.type in IMPLYING for t in reading.triggers)
    taken = _taken_to(reading)
    destinations = {m.place_id for m, role in zip(found, whose) if role == "destination"}
    heads = coordination.group_heads(reading.low, spans, [gazetteer[m.place_id].kind for m in found], reading.sentence)
    left = []
    for mention, (own_start, end), role, head in zip(found, spans, whose, heads):
        place = gazetteer[mention.place_id]
        start = spans[head][0]  # "buses with people from X and Y": Y is read where X stands (coordination.py)
        governing = next((t for t in reversed(reading.triggers) if t.end <= start), None)
        described = governing is not None and _left_before(reading, governing, start)
        if (not described and role not in WHOSE) or place.kind not in ORIGINS or place.is_context or place.id in own \
                or reading.hedged(own_start, end) or _WHO_THEY_WERE.search(reading.low, max(0, start - 60), start):
            continue
        if governing is not None and (not governing.realis or _PURPOSE.search(reading.low, governing.end, start)):
            continue  # "buses came to evacuate people from X", "with the goal of taking people out of X": still there
        moving = ON_THE_MOVE.search(reading.low, max(0, start - 80), start) is not None
        to_there = place.id not in destinations and any(start < to or first <= start < last for first, to, last in taken)
        # people of a town are of it wherever they are; people of a part of a city only once on the move
        whose_people = role == "provenance" and place.kind in TOWNS
        if (elsewhere - {place.id} and (whose_people or moving)) or to_there or (told and moving) or described:
            left.append(mention)
    return left


def _left_before(reading: Reading, word: triggers.Trigger, start: int) -> bool:
    """True when the departure ``word``, the nearest before the town at ``start``, only says who people were and the
    town is where it took them from: "fighters who had left their homes in X", "buses carrying families out of X", "buses
    that had left X" (a participle with the town as its object, "a bus filled with families leaving X", is left to
    :func:`geo.ingest.scene.describes_people`: it says who they were)."""
    if word.type != "departure" or not (word.realis and word.background):
        return False
    reach = max(0, word.start - triggers.IRREALIS_REACH)
    who_had = scene.WHO_HAD.search(reading.low, reach, word.start) is not None
    if not who_had and not scene.describes_people(reading.low, reading.word_at(word.start), True):
        return False
    return _FROM_THERE.fullmatch(reading.low, word.end, start) is not None or (
        who_had and _LEAVE.fullmatch(reading.low, word.start, word.end) is not None
        and _OBJECT.fullmatch(reading.low, word.end, start) is not None)


def who_had_left(reading: Reading, start: int) -> bool:
    """True when the departure word nearest before the place at ``start`` is a past participle right after a word for
    people, and the place is where it took them from ("a resident evacuated from his hometown near X said", "civilians
    bused out of X wait"): it says who the people are, so they left that day or before it."""
    word = next((t for t in reversed(reading.triggers) if t.end <= start), None)
    if word is None or word.type != "departure" or not word.realis:
        return False
    participle = reading.word_at(word.start)
    return participle.group().endswith(("ed", "en")) and _PEOPLE_BEFORE.search(reading.low, 0, word.start) is not None \
        and _FROM_THERE.fullmatch(reading.low, word.end, start) is not None


def told_again(events: Sequence[CandidateEvent], implied: Sequence[CandidateEvent]) -> list[CandidateEvent]:
    """``events`` without those of ``implied`` (the same objects) that leave a town the report has told a departure from
    on an earlier day: after "5,000 left X on Friday", "a blast hit buses with people from X" tells it again."""
    only_implied = {id(e) for e in implied}
    first_told: dict[str, date] = {}  # town -> the last day of the earliest departure told from it
    for e in events:
        if e.type == "departure" and id(e) not in only_implied:
            first_told[e.place_id] = min(first_told.get(e.place_id, e.last), e.last)
    return [e for e in events if id(e) not in only_implied or not first_told.get(e.place_id, e.date) < e.date]


def people_of_the_towns(low: str, start: int) -> bool:
    """True when the place at ``start`` of a lowered sentence is where people are from, however many words name its
    kind ("the evacuees, from the mainly Shia villages of X"): the provenance role, past the words a role is read over."""
    return _PEOPLE_OF_THE_TOWNS.search(low, max(0, start - 120), start) is not None


def read(sentence: str) -> Reading | None:
    """The sentence read for its implied departures alone, when it tells no event of its own
    (:func:`geo.ingest.reading.read` gives None) but tells people taken to another place; else None."""
    low = lowered(sentence)
    if TAKEN_TO.search(low) is None:
        return None
    reading = Reading(sentence, low, triggers.triggers(low))
    return reading if _taken_to(reading) else None


def _taken_to(reading: Reading) -> list[tuple[int, int, int]]:
    """Each clause's start, the end of its "to", and its end, of people taken or travelling to a place in the
    sentence (none only meant or denied): a town named before the "to", or in the clause and not where they
    went ("travelling to Y from X"), is where they came from."""
    ends = []
    for m in TAKEN_TO.finditer(reading.low):
        reach = max(0, m.start() - triggers.IRREALIS_REACH)
        told_before = any(t.realis and t.start < m.start() for t in reading.triggers)
        word = reading.word_at(m.start())
        if not (_MEANT.search(reading.low, reach, m.start()) or scene.NEGATED.search(reading.low, reach, m.start())
                or reading.hedged(m.start(), m.end()) or scene.describes_people(reading.low, word, told_before)):
            left, right = reading.clause(m.start(), m.end())
            ends.append((left, m.end(), right))
    return ends


_MEANT = re.compile(triggers.IRREALIS)
# a purpose between the event told and the town: "buses entered Y with the goal of exiting people from X"
_PURPOSE = re.compile(r"\b(?:with the (?:goal|aim|intention|purpose|task|mission) of|in order to|so as to)\b")
_PEOPLE_BEFORE = re.compile(rf"\b(?:{roles.PEOPLE}|residents?|evacuees?|civilians?|man|woman|men|women|fighters?)\s+$")
# the words from a departure to the town it took people from: "carrying families out of the besieged towns X",
# "who had left their homes in the Idlib province towns of X"
# a verb whose object is the place left ("buses that had left X"), and the few words before that object ("the besieged")
_LEAVE = re.compile(r"left|leaving|leaves?|fled|fleeing|quit|abandoned|deserted")
_OBJECT = re.compile(r"\s+(?:(?!(?:to|for|into|towards?|in|at|on|with|by|after|before|since|and|or)\b)[\w'’,-]+\s+){0,4}?")
_FROM_THERE = re.compile(r"[^,;:]{0,40}?\b(?:from|out of|(?:their|his|her|its)\s+(?:homes?|houses?)\s+in)\s+"
                         r"(?:[\w'’,-]+\s+){0,6}?")
