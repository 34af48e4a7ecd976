"""Places, and resolving a name in any common spelling to one of them.

A resolution always says how it matched and with what score. The ways, best first:

=================  =====================================  ==================
matched_by         when                                   score
=================  =====================================  ==================
``id``             the query is a place id                1.00
``name``           the preferred English name             1.00
``alias``          a listed alias                         0.98
``arabic``         Arabic script, folded                  0.97
``local``          the local name in another script       0.97
``transliteration`` equal keys after :mod:`geo.places.names`     0.92
``article``        equal after a glued-on article goes    0.90
``core``           equal without a compass word           0.88
``consonants``     same consonant skeleton, close         0.60 + 0.40 x sim
``fuzzy``          anything else (typos)                  0.85 x sim
=================  =====================================  ==================

``core`` is the key of a name without its compass word (``Ansari`` for ``East al-Ansari``),
used only when it is one place's alone and no place's own key (``Aleppo`` stays Aleppo, not
East Aleppo). ``name`` and ``alias`` ignore case, diacritics, apostrophes and article words
(``Ramousah`` is the name ``al-Ramousah``). A consonant skeleton counts when it has 3 or more consonants, or when the folded
name is 6 or more letters long (``Amariya`` and ``Amiriyah`` share ``m-r``), and only when no other
place's key has that skeleton too (``East Aleppo`` and ``West Aleppo`` share ``s-t-l-p``, w being a vowel).
``sim`` is the normalised Levenshtein similarity of the folded keys (0..1). A score
below :data:`THRESHOLD` leaves the name unresolved, with :data:`SUGGESTIONS`
suggestions. Ties break on role (event places before context places), then on id,
so the same query always gives the same answer.
"""

from __future__ import annotations

import functools
import math
import weakref
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import TypeVar

from rapidfuzz.distance import Levenshtein

from geo.errors import UnknownPlace
from geo.places import names

T = TypeVar("T")
THRESHOLD = 0.80
SUGGESTIONS = 3
SUGGESTION_FLOOR = 0.45
MIN_SKELETON = 3  # consonants a skeleton needs before it may match on its own ...
MIN_SHORT_KEY = 6  # ... unless the folded name is at least this long (Amariya: m-r)

SCORES = {
    "id": 1.0,
    "name": 1.0,
    "alias": 0.98,
    "arabic": 0.97,
    "local": 0.97,
    "transliteration": 0.92,
    "article": 0.90,
    "core": 0.88,
}


def check_location(lat: float, lon: float, what: str = "location") -> None:
    """Raise ValueError unless (lat, lon) is a finite WGS 84 coordinate."""
    if not all(isinstance(v, int | float) and math.isfinite(v) for v in (lat, lon)):
        raise ValueError(f"{what}: expected finite lat and lon, instead got {(lat, lon)!r}")
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise ValueError(
            f"{what}: expected lat in [-90, 90] and lon in [-180, 180], instead got {(lat, lon)!r}"
        )


@dataclass(frozen=True)
class Place:
    """A named place with its coordinates and where they come from; ``name_local`` is its name in the local script
    or language, which ``name_local_lang`` gives as a BCP 47 tag (``ar``, ``hy``, ``uk``)."""

    id: str
    name: str
    name_local: str
    kind: str
    role: str
    lat: float
    lon: float
    precision_m: int
    point: str
    coord_source: str
    coord_source_url: str
    retrieved: date
    aliases: tuple[str, ...] = ()
    parent: str | None = None
    side_2016_12: str | None = None
    name_local_lang: str = ""

    def __post_init__(self) -> None:
        check_location(self.lat, self.lon, f"place {self.id!r}")

    @property
    def is_context(self) -> bool:
        return self.role == "context"

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every listed spelling: the name, the local name and the aliases."""
        return (self.name, self.name_local, *self.aliases)


@dataclass(frozen=True)
class Resolution:
    """The answer to "which place is this name?"; ``place`` is None when unresolved."""

    query: str
    place: Place | None
    score: float
    matched_by: str | None
    suggestions: tuple[str, ...] = ()

    @property
    def resolved(self) -> bool:
        return self.place is not None

    def to_json(self) -> dict[str, object]:
        """The JSON object ``evacmap resolve`` prints for this name."""
        if self.place is None:
            return {"query": self.query, "id": None, "suggestions": list(self.suggestions)}
        return {
            "query": self.query,
            "id": self.place.id,
            "name": self.place.name,
            "lat": self.place.lat,
            "lon": self.place.lon,
            "score": round(self.score, 3),
            "matched_by": self.matched_by,
        }


@dataclass
class _Index:
    exact: dict[str, tuple[str, str]] = field(default_factory=dict)  # plain -> (id, how)
    arabic: dict[str, str] = field(default_factory=dict)
    latin: dict[str, str] = field(default_factory=dict)  # folded key -> id
    keys: list[tuple[str, str]] = field(default_factory=list)  # (folded key, id)
    cores: dict[str, str] = field(default_factory=dict)  # key without a compass word -> id, when only one place's
    shared_skeletons: frozenset[str] = frozenset()  # consonant skeletons of keys of two or more places


class Gazetteer:
    """The places of one data folder, and name resolution over them."""

    def __init__(self, places: Iterable[Place]):
        self._places: dict[str, Place] = {}
        for place in places:
            if place.id in self._places:
                raise ValueError(f"duplicate place id {place.id!r}")
            self._places[place.id] = place
        self._index = self._build_index()

    def _rank(self, place_id: str) -> tuple[int, str]:
        return (1 if self._places[place_id].is_context else 0, place_id)

    def _claim(self, table: dict, key: str, value) -> None:
        """Keep the best-ranked place for a key several places share."""
        current = table.get(key)
        place_id = value[0] if isinstance(value, tuple) else value
        if current is None:
            table[key] = value
            return
        current_id = current[0] if isinstance(current, tuple) else current
        if self._rank(place_id) < self._rank(current_id):
            table[key] = value

    def _build_index(self) -> _Index:
        index = _Index()
        for place in self._places.values():
            for alias in place.aliases:
                if names.is_arabic(alias):
                    continue
                # a Latin alias by its plain words; another script (Москва) as written
                key = names.bare(alias) or alias.strip().casefold()
                self._claim(index.exact, key, (place.id, "alias"))
            local = place.name_local.strip()
            if local and not names.is_arabic(local):  # Ստեփանակերտ, Xankəndi: as written, as an alias is
                self._claim(index.exact, names.bare(local) or local.casefold(), (place.id, "local"))
            for spelling in place.spellings:
                if names.is_arabic(spelling):
                    self._claim(index.arabic, names.arabic_key(spelling), place.id)
                    continue
                key = names.latin_key(spelling)
                if key:
                    self._claim(index.latin, key, place.id)
                    index.keys.append((key, place.id))
        # a preferred name outranks an alias that happens to share its plain form
        for place in self._places.values():
            index.exact[names.bare(place.name)] = (place.id, "name")
        index.cores = _cores(self._places.values(), index.latin)
        owners: dict[str, set[str]] = {}
        for key, place_id in index.keys:
            owners.setdefault(names.skeleton(key), set()).add(place_id)
        index.shared_skeletons = frozenset(skeleton for skeleton, ids in owners.items() if len(ids) > 1)
        return index

    def __len__(self) -> int:
        return len(self._places)

    def __iter__(self) -> Iterator[Place]:
        return iter(self._places.values())

    def __contains__(self, place_id: object) -> bool:
        return place_id in self._places

    def __getitem__(self, place_id: str) -> Place:
        """The place with this id; raises :class:`UnknownPlace` with suggestions."""
        try:
            return self._places[place_id]
        except KeyError:
            raise UnknownPlace(place_id, self.resolve(place_id).suggestions) from None

    def resolve(self, query: str) -> Resolution:
        """Resolve a name, in any common spelling or Arabic script, to a place."""
        if not isinstance(query, str):
            raise TypeError(f"query: expected a string, instead got {query!r}")
        text = query.strip()
        if text in self._places:
            return Resolution(query, self._places[text], SCORES["id"], "id")
        place_id: str | None  # each index's id for the query, None where it holds none
        hit = self._index.exact.get(names.bare(text) or text.casefold())
        if hit:
            place_id, how = hit
            return Resolution(query, self._places[place_id], SCORES[how], how)
        if names.is_arabic(text):
            place_id = self._index.arabic.get(names.arabic_key(text))
            if place_id:
                return Resolution(query, self._places[place_id], SCORES["arabic"], "arabic")
            return Resolution(query, None, 0.0, None)
        key = names.latin_key(text)
        if not key:
            return Resolution(query, None, 0.0, None)
        place_id = self._index.latin.get(key)
        if place_id:
            return Resolution(query, self._places[place_id], SCORES["transliteration"], "transliteration")
        for variant in names.variants(text):
            place_id = self._index.latin.get(variant)
            if place_id:
                return Resolution(query, self._places[place_id], SCORES["article"], "article")
        place_id = self._index.cores.get(key)
        if place_id:
            return Resolution(query, self._places[place_id], SCORES["core"], "core")
        return self._nearest(query, key)

    @property
    def core_keys(self) -> frozenset[str]:
        """The keys that resolve by ``core``: names of one place without its compass word."""
        return frozenset(self._index.cores)

    def _nearest(self, query: str, key: str) -> Resolution:
        """Score every place by its closest key; resolve if the best clears THRESHOLD."""
        best: dict[str, tuple[float, str]] = {}
        query_skeleton = names.skeleton(key)
        unique = query_skeleton not in self._index.shared_skeletons
        for place_key, place_id in self._index.keys:
            sim = Levenshtein.normalized_similarity(key, place_key)
            same_skeleton = unique and names.skeleton(place_key) == query_skeleton and (
                len(query_skeleton.rstrip("~")) >= MIN_SKELETON or len(key) >= MIN_SHORT_KEY
            )
            score, how = (0.6 + 0.4 * sim, "consonants") if same_skeleton else (0.85 * sim, "fuzzy")
            if score > best.get(place_id, (-1.0, ""))[0]:
                best[place_id] = (score, how)
        ranked = sorted(best.items(), key=lambda item: (-item[1][0], self._rank(item[0])))
        if ranked and ranked[0][1][0] >= THRESHOLD:
            place_id, (score, how) = ranked[0]
            return Resolution(query, self._places[place_id], score, how)
        suggestions = tuple(
            place_id for place_id, (score, _) in ranked[:SUGGESTIONS] if score >= SUGGESTION_FLOOR
        )
        return Resolution(query, None, ranked[0][1][0] if ranked else 0.0, None, suggestions)

    def lookup(self, query: str) -> Place:
        """The place a name resolves to; raises :class:`UnknownPlace` when it doesn't."""
        resolution = self.resolve(query)
        if resolution.place is None:
            raise UnknownPlace(query, resolution.suggestions)
        return resolution.place


def _cores(places: Iterable[Place], own: dict[str, str]) -> dict[str, str]:
    """Each name's key without its compass word, kept when it is one place's alone and no place's own key."""
    found: dict[str, set[str]] = {}
    for place in places:
        for spelling in place.spellings:
            key = None if names.is_arabic(spelling) else names.core(spelling)
            if key:
                found.setdefault(key, set()).add(place.id)
    return {key: ids.pop() for key, ids in found.items() if len(ids) == 1 and key not in own}


def per_gazetteer(build: Callable[[Gazetteer], T]) -> Callable[[Gazetteer], T]:
    """``build``, run once for each gazetteer and kept as long as that gazetteer lives."""
    made: weakref.WeakKeyDictionary[Gazetteer, T] = weakref.WeakKeyDictionary()

    @functools.wraps(build)
    def cached(gazetteer: Gazetteer) -> T:
        found = made.get(gazetteer)
        if found is None:
            found = made[gazetteer] = build(gazetteer)
        return found

    return cached
