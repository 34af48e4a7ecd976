"""Which place an event is at when the sentence does not name it outright.

- :func:`staging`: for each city a report names, the place within it the report names most:
  what "near Aleppo" or "the outskirts of Aleppo" means in a report that names Rashidin (the
  staging area), resolved from the rest of the report.
- :func:`named_parts`: for each city divided into regions, the region the report names most: what
  "buses left Aleppo" or "the Aleppo evacuation was halted" means in a report that names East Aleppo
  (people leave a divided city from the part the story is about, not from the whole city).
- :func:`towns_named`: for each governorate, the towns in it the report names: what "the buses leaving
  Idlib province" means in a report that names al-Fu'ah and Kafriya (people leave towns, not a province).
- :func:`parts_told`: the same for a report that never names the region but tells events in it by who held
  it ("rebel-held districts of Aleppo"): the region its events are at.
- :func:`part_of_city`: the city's region a sentence speaks of without naming the city, by its
  side of the city ("the eastern part of the city") or by who held it ("rebel-held territory in
  the city"), from the gazetteer's regions and the case's holdings table.
- :func:`enclaves` and :func:`into_enclave`: what a report that names neither region nor holder means by
  the city: people leave, and are halted leaving, the part of it that changed hands over the case (the
  enclave the evacuated side held), the side that took the city took that part, and the attacks of the siege fell
  on it ("buses left Aleppo", "the army retook the whole city", "snipers fired on a convoy in Aleppo", in a case
  where East Aleppo went from the rebels to the government).
- :func:`passed_through`: a place people only went through ("buses left through the Ramouseh road"),
  which no departure is from.

Patterns are lower case, matched against :func:`geo.ingest.cleaning.lowered` text.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from geo.ingest import implied
from geo.ingest.candidates import TOLD, TOLD_OF, CandidateEvent
from geo.ingest.mentions import Mention
from geo.places.gazetteer import Gazetteer, Place

# what happens in a city's enclave when a report names the city: people leave it and are halted leaving it, the side
# that takes the city takes it, and the attacks of a siege fall on it
INTO_ENCLAVE = ("departure", "halt", "advance", "attack")
# a part of a city named without its name: "the Eastern part of the war torn city", "the east of the city"
_HALF = re.compile(r"\bthe (?P<side>east|west)(?:ern)? (?:(?:part|half|side|districts?|sectors?|neighbou?rhoods?|areas?) )?"
                   r"of (?:the )?(?:[\w-]+ ){0,3}(?:city|town)\b")
# a route read back from a place: "through the Ramouseh road", "via Ramousah" (not "along with")
_THROUGH = re.compile(r"\b(?:through|via|along(?!\s+with))\s+(?:(?!(?:from|to|towards?|into|in|at|out)\s)[\w'’-]+\s+){0,5}$")
_HELD_PART = re.compile(r"\b(?:(?P<rebel>rebel|opposition|insurgent)|government|regime)[- ](?:held|controlled) "
                        r"(?:territory|areas?|parts?|districts?|neighbou?rhoods?|enclaves?|sectors?|pockets?) "
                        r"(?:of|in) the (?:[\w-]+ ){0,2}city\b")


def halves(gazetteer: Gazetteer) -> dict[tuple[str, str], str]:
    """(city, "east" or "west") -> the city's region whose name opens with that word ("East Aleppo")."""
    return {
        (place.parent, place.name.split()[0].lower()): place.id for place in gazetteer
        if place.kind == "region" and place.parent and place.name.split()[0].lower() in ("east", "west")
    }


def part_of_city(place: Place, low: str, by_direction: Mapping[tuple[str, str], str],
                 by_side: Mapping[tuple[str, str], str]) -> str | None:
    """The id of the city's region a lowered sentence speaks of without naming the city, or None."""
    if place.kind != "city":
        return None
    found = _HALF.search(low)
    region = by_direction.get((place.id, found["side"])) if found else None
    if region is None and (held := _HELD_PART.search(low)):
        region = by_side.get((place.id, "opposition" if held["rebel"] else "government"))
    return region


def enclaves(gazetteer: Gazetteer, sides: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """City -> its one region held by more than one side over the case (``sides``: :func:`geo.holdings.sides_ever`).

    A region that changed hands is the enclave the case is about: the evacuated side held it, and the other took
    it once they had left. A city with none (every part held by one side), or with several, has no enclave: which
    part a report means is then not the case's to say. Built from the gazetteer's parent links and the holdings
    table, never from a name, so a case whose city is not divided (the April case's Aleppo) keeps every event
    where it was.
    """
    changed: dict[str, list[str]] = {}
    for place in gazetteer:
        if place.kind == "region" and place.parent and not place.is_context and len(sides.get(place.id, ())) > 1:
            changed.setdefault(place.parent, []).append(place.id)
    return {city: regions[0] for city, regions in changed.items() if len(regions) == 1}


def into_enclave(events: Sequence[CandidateEvent], enclave: Mapping[str, str], gazetteer: Gazetteer,
                 datelines: Collection[Mention] = ()) -> list[CandidateEvent]:
    """The events, with each of :data:`INTO_ENCLAVE` (a departure, halt, advance or attack) still placed at a city that
    has an enclave (:func:`enclaves`) placed in the enclave instead, at geo precision 2 (in part of the city).

    What a reader takes a city to mean depends on the event: people evacuated leave the part their side held
    ("the evacuation of Aleppo was suspended"), and a side that takes the city takes the part the other held ("the
    army retook all of Aleppo"), and a siege's attacks fall on the besieged part ("snipers fired on the convoy in
    Aleppo"; an attack on the part the besieging side held is read from its holder first: "shelled government-held
    Aleppo"); people arriving "in Aleppo" are in the city itself, so other types stay, but for a
    running total of a departure that moved, which goes with it (:func:`geo.ingest.candidates.merge_same`). Apply it
    after a region the report names or tells by its holder has had its say (:func:`named_parts`, :func:`parts_told`).
    An event placed only by a dateline (``datelines``: "ALEPPO, Dec 22 - ...") stays: the dateline says where the
    story was filed, not which part of the city the sentence is about.
    """
    moving = [e.type in INTO_ENCLAVE and e.place_id in enclave and e.mention not in datelines for e in events]
    departures = [e for e, moves in zip(events, moving) if moves and e.type == TOLD_OF]
    moved = []
    for event, moves in zip(events, moving):
        # a running total of a departure that moved ("8,000 have been evacuated from X so far") goes with it
        counts = event.type == TOLD and any(e.place_id == event.place_id and e.date <= event.last and event.date <= e.last
                                            for e in departures)
        if moves or counts:
            place = gazetteer[enclave[event.place_id]]
            event = replace(event, place_id=place.id, place_name=place.name, geo_precision=max(event.geo_precision, 2))
        moved.append(event)
    return moved


def passed_through(low: str, start: int) -> bool:
    """True when the place at ``start`` of a lowered sentence is only a route ("leaving through the Ramouseh
    road", "via Ramousah"): people leaving went through it, they did not leave from it."""
    return _THROUGH.search(low, max(0, start - 60), start) is not None


def staging(gazetteer: Gazetteer, ancestors: Mapping[str, frozenset[str]], found: Sequence[Mention]) -> dict[str, str]:
    """For each city the report names, the place within it the report names most often (the first of
    equals): what "near Aleppo" or "the outskirts of Aleppo" means in a report that names Rashidin."""
    counts: dict[str, dict[str, int]] = {}
    for m in found:
        place = gazetteer[m.place_id]
        if place.kind in ("city", "region", "governorate") or place.is_context:
            continue
        for city in ancestors[place.id]:
            if gazetteer[city].kind == "city":
                named = counts.setdefault(city, {})
                named[place.id] = named.get(place.id, 0) + 1
    return {city: max(named, key=named.__getitem__) for city, named in counts.items()}


def named_parts(gazetteer: Gazetteer, found: Sequence[Mention]) -> dict[str, str]:
    """For each city with regions (``kind`` region) the report names, the region it names most often
    (the first of equals): where people leaving the city, in a report that names East Aleppo, leave from."""
    counts: dict[str, dict[str, int]] = {}
    for m in found:
        place = gazetteer[m.place_id]
        if place.kind == "region" and place.parent and not place.is_context:
            named = counts.setdefault(place.parent, {})
            named[place.id] = named.get(place.id, 0) + 1
    return {city: max(named, key=named.__getitem__) for city, named in counts.items()}


def towns_named(gazetteer: Gazetteer, ancestors: Mapping[str, frozenset[str]], found: Sequence[Mention]
                ) -> dict[str, tuple[str, ...]]:
    """For each governorate holding a town the report names, those towns in the order first named: where people
    leaving the governorate, in that report, leave from ("the buses leaving Idlib province" in a report naming
    al-Fu'ah and Kafriya)."""
    towns: dict[str, dict[str, None]] = {}
    for m in found:
        if gazetteer[m.place_id].kind in implied.TOWNS and not gazetteer[m.place_id].is_context:
            for holder in ancestors[m.place_id]:
                if gazetteer[holder].kind == "governorate":
                    towns.setdefault(holder, {})[m.place_id] = None
    return {holder: tuple(named) for holder, named in towns.items()}


def parts_told(gazetteer: Gazetteer, events: Sequence[CandidateEvent], named: Mapping[str, str]) -> dict[str, Place]:
    """For each city with regions whose region the report does not name (``named``: :func:`named_parts`) but whose
    events stand in one of its regions (read from who held it: "rebel-held districts of Aleppo"), the region
    most of them stand in (the first of equals): where people leaving the city in that report leave from."""
    counts: dict[str, dict[str, int]] = {}
    for event in events:
        place = gazetteer[event.place_id]
        if place.kind == "region" and place.parent and place.parent not in named and not place.is_context:
            told = counts.setdefault(place.parent, {})
            told[place.id] = told.get(place.id, 0) + 1
    return {city: gazetteer[max(told, key=told.__getitem__)] for city, told in counts.items()}
