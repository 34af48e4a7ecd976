"""A gazetteer.csv row for a place an online geocoder found and a person accepted.

The row follows data/README.md's gazetteer schema and is checked by the same cell
checks as the data folder (:func:`geo.data.tablefile.parse_table`), so a row offered for
download loads as data. What the geocoder cannot know (the local name and its language, the kind of
place, its role, how far the place spreads around the point) comes from the person
accepting it; nothing is filled in for them. The coordinates' source is
OpenStreetMap Nominatim with the OpenStreetMap object's id.
"""

from __future__ import annotations

import csv
import io
import re
from datetime import date
from urllib.parse import quote

from geo.data.schema import GAZETTEER
from geo.data.tablefile import parse_table
from geo.errors import Problem
from geo.places.gazetteer import Gazetteer
from geo.places.geocode import Geocoded
from geo.places.names import ascii_words

OSM_URL = "https://www.openstreetmap.org/"
SEARCH_URL = "https://nominatim.openstreetmap.org/ui/search.html?q="


def place_name(found: Geocoded) -> str:
    """The place's own name: the first part of the geocoder's address ("Handarat, Aleppo, Syria" -> "Handarat")."""
    return found.address.split(",")[0].strip() or found.query.strip()


def suggest_id(name: str, gazetteer: Gazetteer) -> str:
    """A slug for a new place from its name, not yet in the gazetteer ("Sheikh Saeed" -> "sheikh_saeed")."""
    base = re.sub(r"[^a-z0-9]+", "_", ascii_words(name)).strip("_") or "place"
    candidate, number = base, 2
    while candidate in gazetteer:
        candidate, number = f"{base}_{number}", number + 1
    return candidate


def gazetteer_row(found: Geocoded, gazetteer: Gazetteer, *, place_id: str, name: str, name_local: str,
                  name_local_lang: str,
                  kind: str | None, role: str | None, precision_m: int | None,
                  retrieved: date) -> tuple[bytes, list[Problem]]:
    """``gazetteer.csv`` (header and one row) for an accepted result, and every problem the row has.

    Raises ValueError for a result no person has accepted (see :meth:`Geocoded.accept`).
    """
    if not found.verified:
        raise ValueError(f"geocoded {found.query!r} is unverified; a person must accept it before it becomes a place")
    aliases = found.query.strip() if ascii_words(found.query) != ascii_words(name) else ""
    row = {
        "id": place_id.strip(), "name": name.strip(), "name_local": name_local.strip(),
        "name_local_lang": name_local_lang.strip(), "aliases": aliases,
        "kind": kind or "", "parent": "", "role": role or "", "lat": repr(found.lat), "lon": repr(found.lon),
        "precision_m": "" if precision_m is None else str(precision_m),
        "point": f"the point {found.source} gives for {found.address}",
        "coord_source": f"{found.source}, {found.osm}" if found.osm else found.source,
        "coord_source_url": OSM_URL + found.osm if found.osm else SEARCH_URL + quote(found.query.strip()),
        "retrieved": retrieved.isoformat(),
    }
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(GAZETTEER.names), lineterminator="\n")
    writer.writeheader()
    writer.writerow(row)
    _, problems = parse_table(out.getvalue(), GAZETTEER, GAZETTEER.file)
    if row["id"] in gazetteer:
        problems.append(Problem(GAZETTEER.file, 2, "id", f"{row['id']!r} is already a place in the gazetteer"))
    return out.getvalue().encode("utf-8"), problems
