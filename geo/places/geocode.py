"""Optional online geocoding: OpenStreetMap Nominatim for names the gazetteer cannot resolve.

Off by default (``evacmap resolve --geocode online`` turns it on). Nominatim's usage
policy (https://operations.osmfoundation.org/policies/nominatim/) is kept:

- an identifying user agent, ``evacmap/<version> (+contact)``, the contact taken from
  ``$EVACMAP_CONTACT`` (an email address or URL); there is no default contact;
- at most one request a second, through geopy's ``RateLimiter``;
- every answer, "no such place" included, cached in a sqlite file
  (``$XDG_CACHE_HOME/evacmap/nominatim.sqlite``), so a name is asked once.

A result is a :class:`Geocoded`, unverified until a person accepts it. When Nominatim
cannot be reached, :meth:`OnlineGeocoder.lookup` raises
:class:`~geo.errors.GeocoderUnavailable` within :data:`TIMEOUT_SECONDS` (plus the
rate limiter's second), and later lookups by the same geocoder fail at once for
:data:`RETRY_AFTER_SECONDS`; then it asks again (a dashboard's geocoder lives as long
as its server, so one network blip must not turn lookups off for good).
"""

from __future__ import annotations

import json
import logging
import math
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

from geopy.exc import GeocoderTimedOut, GeopyError
from geopy.extra.rate_limiter import RateLimiter
from geopy.geocoders import Nominatim

from geo import times
from geo.errors import GeocoderUnavailable
from geo.places.gazetteer import check_location

logger = logging.getLogger(__name__)

SOURCE = "OpenStreetMap Nominatim"
MATCHED_BY = "nominatim"
CONTACT_ENV = "EVACMAP_CONTACT"
TIMEOUT_SECONDS = 10.0
MIN_DELAY_SECONDS = 1.0  # Nominatim's limit: one request a second
RETRY_AFTER_SECONDS = 60.0  # after a failure, names are refused at once for this long, then asked again
CACHE_FILE = "nominatim.sqlite"
# Results near Syria rank first; the box is a bias, not a filter (Moscow still resolves).
VIEWBOX = ((32.3, 35.7), (37.4, 42.4))  # (lat, lon) of two corners


class Locator(Protocol):
    """What :class:`OnlineGeocoder` needs of a geocoder: geopy's ``geocode`` call."""

    def geocode(self, query: str, **options: object) -> object: ...


@dataclass(frozen=True)
class Geocoded:
    """A place an online geocoder found for a name: unverified until a person accepts it."""

    query: str
    lat: float
    lon: float
    address: str
    osm: str | None = None  # "node/123", "way/456": the OpenStreetMap object, for checking
    source: str = SOURCE
    verified: bool = False

    def __post_init__(self) -> None:
        check_location(self.lat, self.lon, f"geocoded {self.query!r}")

    def accept(self) -> Geocoded:
        """The same result, marked as checked by a person."""
        return replace(self, verified=True)

    def to_json(self) -> dict[str, object]:
        """The JSON object ``evacmap resolve --geocode online`` prints for this name."""
        return {
            "query": self.query, "id": None, "name": self.address, "lat": self.lat, "lon": self.lon,
            "matched_by": MATCHED_BY, "verified": self.verified, "source": self.source, "osm": self.osm,
        }


def user_agent(contact: str | None = None) -> str:
    """``evacmap/<version> (+contact)``; raises GeocoderUnavailable when no contact is configured."""
    contact = (contact or os.environ.get(CONTACT_ENV, "")).strip()
    if not contact:
        raise GeocoderUnavailable(
            f"online geocoding needs a contact for Nominatim's usage policy: set {CONTACT_ENV} "
            "to an email address or URL where you can be reached"
        )
    return f"evacmap/{metadata.version('evacmap')} (+{contact})"


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/evacmap``, or ``~/.cache/evacmap``."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "evacmap"


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


class GeocodeCache:
    """Answers already given, kept in a sqlite file; a name is asked online only once.

    A cache file that cannot be opened is replaced by one in memory for this run:
    a lost cache only costs a repeated question.
    """

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path is not None else cache_folder() / CACHE_FILE
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(self.path, timeout=5, check_same_thread=False)
            self._create()
        except (OSError, sqlite3.Error) as error:
            logger.warning("geocode cache %s cannot be opened (%s); answers are kept in memory for this run only",
                           self.path, error)
            self._db = sqlite3.connect(":memory:", check_same_thread=False)
            self._create()
        self._lock = threading.Lock()

    def _create(self) -> None:
        self._db.execute("CREATE TABLE IF NOT EXISTS answers (query TEXT PRIMARY KEY, result TEXT, asked TEXT)")
        self._db.commit()

    def get(self, name: str) -> tuple[bool, Geocoded | None]:
        """(True, answer) for a name asked before (answer None: no such place), else (False, None)."""
        with self._lock:
            row = self._db.execute("SELECT result FROM answers WHERE query = ?", (_key(name),)).fetchone()
        if row is None:
            return False, None
        if row[0] is None:
            return True, None
        return True, Geocoded(**{**json.loads(row[0]), "query": name, "verified": False})

    def put(self, name: str, answer: Geocoded | None) -> None:
        """Remember an answer (None: no such place); results are stored unverified."""
        stored = None if answer is None else json.dumps(
            {"lat": answer.lat, "lon": answer.lon, "address": answer.address, "osm": answer.osm, "source": answer.source}
        )
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO answers VALUES (?, ?, ?)",
                             (_key(name), stored, datetime.now(times.UTC).isoformat()))
            self._db.commit()


def _within(seconds: float, call: Callable[[], object]) -> object:
    """The call's result, or TimeoutError after ``seconds`` (a hung resolver cannot hold us)."""
    outcome: queue.SimpleQueue = queue.SimpleQueue()

    def run() -> None:
        try:
            outcome.put((True, call()))
        except BaseException as error:  # handed to the caller, who re-raises it
            outcome.put((False, error))

    threading.Thread(target=run, name="evacmap-geocode", daemon=True).start()
    try:
        ok, value = outcome.get(timeout=seconds)
    except queue.Empty:
        raise TimeoutError(f"no answer within {seconds:g} s") from None
    if ok:
        return value
    raise value


class OnlineGeocoder:
    """Nominatim (or an injected geocoder) behind a rate limiter, a deadline and a disk cache."""

    def __init__(self, geocoder: Locator | None = None, cache: GeocodeCache | None = None,
                 contact: str | None = None, timeout: float = TIMEOUT_SECONDS,
                 min_delay_seconds: float = MIN_DELAY_SECONDS, retry_after: float = RETRY_AFTER_SECONDS,
                 clock: Callable[[], float] = time.monotonic):
        self.timeout = timeout
        self.retry_after = retry_after
        self.clock = clock
        self.geocoder = geocoder if geocoder is not None else Nominatim(user_agent=user_agent(contact), timeout=timeout)
        self.rate_limiter = RateLimiter(self.geocoder.geocode, min_delay_seconds=min_delay_seconds,
                                        max_retries=0, swallow_exceptions=False)
        self.cache = cache if cache is not None else GeocodeCache()
        self._unavailable: str | None = None
        self._failed_at = 0.0

    def lookup(self, name: str) -> Geocoded | None:
        """The place Nominatim finds for a name, or None when it knows none.

        Raises GeocoderUnavailable when it cannot be asked (no network, timeout, refusal).
        """
        if not isinstance(name, str):
            raise TypeError(f"name: expected a string, instead got {name!r}")
        if not name.strip():
            return None
        hit, answer = self.cache.get(name)
        if hit:
            logger.debug("%r answered from the geocode cache %s", name, self.cache.path)
            return answer
        if self._unavailable:
            wait = self._failed_at + self.retry_after - self.clock()
            if wait > 0:
                logger.info("%r not asked: %s; %s is asked again in %d s", name, self._unavailable, SOURCE, math.ceil(wait))
                raise GeocoderUnavailable(f"{self._unavailable}; {name!r} stays unresolved "
                                          f"(it is asked again in {math.ceil(wait)} s)")
            logger.info("asking %s again, %g s after it failed (%s)", SOURCE, self.retry_after, self._unavailable)
            self._unavailable = None
        started = self.clock()
        options = {"exactly_one": True, "timeout": self.timeout, "language": "en", "viewbox": VIEWBOX, "bounded": False}
        deadline = self.timeout + self.rate_limiter.min_delay_seconds + 1
        try:
            location = _within(deadline, lambda: self.rate_limiter(name.strip(), **options))
        except (GeocoderTimedOut, TimeoutError):
            self._unavailable = f"{SOURCE} did not answer within {self.timeout:g} s"
        except (GeopyError, OSError) as error:
            detail = str(error) if len(str(error)) <= 120 else str(error)[:119] + "…"
            self._unavailable = f"{SOURCE} could not be reached ({type(error).__name__}: {detail})"
        if self._unavailable:
            self._failed_at = self.clock()
            logger.info("%s; %r stays unresolved, and %s is not asked again for %g s",
                           self._unavailable, name, SOURCE, self.retry_after)
            raise GeocoderUnavailable(f"{self._unavailable}; {name!r} stays unresolved")
        logger.info("asked %s for %r: %s (%.1f s, rate limit and network included)", SOURCE, name,
                    "no such place" if location is None else "found", self.clock() - started)
        try:
            answer = None if location is None else _geocoded(name, location)
        except (AttributeError, TypeError, ValueError) as error:
            raise GeocoderUnavailable(f"{SOURCE} gave an unusable answer for {name!r}: {error}") from None
        self.cache.put(name, answer)
        return answer


def _geocoded(name: str, location: Any) -> Geocoded:
    # ``location`` is whatever the geocoder answered (geopy's Location, untyped): an answer without a latitude,
    # longitude or address, or with one that is not a number, raises here and the caller reports it as unusable
    raw = getattr(location, "raw", None) or {}
    osm = f"{raw['osm_type']}/{raw['osm_id']}" if "osm_type" in raw and "osm_id" in raw else None
    return Geocoded(name, float(location.latitude), float(location.longitude), str(location.address), osm=osm)
