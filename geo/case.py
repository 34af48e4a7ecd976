"""A case: one evacuation, described by its data folder's ``datapackage.json``.

The case's own facts (its title, the IANA time zone its reports keep, the days to open
on, the area to open on first) live in the data, never in the code; see ``data/README.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

CASE_ID = r"[a-z0-9][a-z0-9._-]*"  # a Frictionless package name


def zone(name: str, what: str = "timezone") -> ZoneInfo:
    """The IANA zone of this name; raises ValueError naming the bad value."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{what}: expected an IANA time zone such as 'Europe/Kyiv', instead got {name!r}") from None


@dataclass(frozen=True)
class Country:
    """The country an evacuation took place in, as ACLED's exports name it: its ISO 3166-1 numeric code and
    three-letter code, its name and ACLED's region ("Middle East", "Caucasus and Central Asia", ...)."""

    iso: int
    iso3: str
    name: str
    region: str

    def __post_init__(self) -> None:
        if not 0 < self.iso < 1000:
            raise ValueError(f"country iso: expected an ISO 3166-1 numeric code (1 to 999), instead got {self.iso!r}")
        if not re.fullmatch(r"[A-Z]{3}", self.iso3):
            raise ValueError(f"country iso3: expected three capital letters (ISO 3166-1 alpha-3), instead got {self.iso3!r}")
        for what, value in (("name", self.name), ("region", self.region)):
            if not value.strip():
                raise ValueError(f"country {what}: expected text, instead got {value!r}")


@dataclass(frozen=True)
class Case:
    """One evacuation: its id (the package name), what it is called, and how to show it.

    ``window`` is the first and last local day to open on; ``opening_view`` the area to show
    first as ``((south, west), (north, east))`` in degrees, or None for the events' extent; ``country`` the country
    it took place in (for the ACLED export), or None where the case does not say.
    """

    id: str
    title: str
    timezone: ZoneInfo
    folder: Path
    description: str = ""
    window: tuple[date, date] | None = None
    opening_view: tuple[tuple[float, float], tuple[float, float]] | None = None
    country: Country | None = None

    def __post_init__(self) -> None:
        if not re.fullmatch(CASE_ID, self.id):
            raise ValueError(f"case id: expected lowercase letters, digits, '.', '-' or '_', instead got {self.id!r}")
        if self.window is not None and self.window[1] < self.window[0]:
            raise ValueError(f"case {self.id!r} window: the last day is before the first, instead got {self.window!r}")

    @property
    def zone_name(self) -> str:
        return self.timezone.key
