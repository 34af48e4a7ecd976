"""A gazetteer.csv row for a new place: one an online geocoder found and a person accepted, one of GeoNames'
populated places (:mod:`geo.places.geonames`, offline), or one a person placed by hand (a click on the map).

The row follows data/README.md's gazetteer schema and is checked by the same cell
checks as the data folder (:func:`geo.data.tablefile.parse_table`), so a row offered for
download or appended to a case loads as data. What the source cannot know (the local name and its language,
the kind of
place, its role, how far the place spreads around the point) comes from the person
adding it; nothing is filled in for them. The coordinates' source is where the point came from
(:class:`Located`): OpenStreetMap Nominatim with the OpenStreetMap object's id, GeoNames with its id, or
the person's own note on how they placed it.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from urllib.parse import quote

from geo.data import changes
from geo.data.schema import GAZETTEER
from geo.data.tablefile import parse_table
from geo.errors import DataFileError, Problem
from geo.places.gazetteer import Gazetteer, check_location
from geo.places.geocode import Geocoded
from geo.places.geonames import Populated, coord_source
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


@dataclass(frozen=True)
class Located:
    """Where a new place's point comes from, as gazetteer.csv's point and source columns write it."""

    lat: float
    lon: float
    point: str
    coord_source: str
    coord_source_url: str
    aliases: tuple[str, ...] = ()  # the spelling it was found by, the source's own name: aliases unless the name

    def __post_init__(self) -> None:
        check_location(self.lat, self.lon, "new place")


def from_geocoded(found: Geocoded) -> Located:
    """The point an accepted Nominatim result gives; raises ValueError for a result no person has accepted."""
    if not found.verified:
        raise ValueError(f"geocoded {found.query!r} is unverified; a person must accept it before it becomes a place")
    return Located(found.lat, found.lon, f"the point {found.source} gives for {found.address}",
                   f"{found.source}, {found.osm}" if found.osm else found.source,
                   OSM_URL + found.osm if found.osm else SEARCH_URL + quote(found.query.strip()), (found.query.strip(),))


def from_geonames(place: Populated, spelling: str = "") -> Located:
    """The point GeoNames gives for one of its populated places, cited as the shipped gazetteers cite it; the spelling
    it was found by and GeoNames' own name become aliases (Stepanakert's record is named Khankendi)."""
    area = f", admin1 {place.admin_area}" if place.admin_area else ""
    return Located(place.lat, place.lon,
                   f"the point GeoNames gives for {place.name} ({place.country_name}{area}, population "
                   f"{place.population:,})", coord_source(place.geonames_id), place.url, (spelling.strip(), place.name))


def by_hand(lat: float, lon: float, note: str) -> Located:
    """A point a person placed (a click on the map, a reading of a map), with their note on how; no authority record.

    Raises ValueError for a point off the globe or an empty note.
    """
    check_location(lat, lon, "placed point")
    if not note.strip():
        raise ValueError("note: say how the point was placed (e.g. 'the camp's gate on satellite imagery'), "
                         "instead got nothing")
    lat, lon = round(lat, 6), round(lon, 6)
    return Located(lat, lon, f"placed by hand: {note.strip()}",
                   f"placed by hand on the map, not an authority record: {note.strip()}",
                   f"{OSM_URL}?mlat={lat}&mlon={lon}#map=16/{lat}/{lon}")


def gazetteer_row(found: Geocoded, gazetteer: Gazetteer, *, place_id: str, name: str, name_local: str,
                  name_local_lang: str,
                  kind: str | None, role: str | None, precision_m: int | None,
                  retrieved: date) -> tuple[bytes, list[Problem]]:
    """``gazetteer.csv`` (header and one row) for an accepted result, and every problem the row has.

    Raises ValueError for a result no person has accepted (see :meth:`Geocoded.accept`).
    """
    return new_row(from_geocoded(found), gazetteer, place_id=place_id, name=name, name_local=name_local,
                   name_local_lang=name_local_lang, kind=kind, role=role, precision_m=precision_m, retrieved=retrieved)


def new_row(located: Located, gazetteer: Gazetteer, *, place_id: str, name: str, name_local: str,
            name_local_lang: str, kind: str | None, role: str | None, precision_m: int | None, retrieved: date,
            parent: str = "", aliases_given: Sequence[str] = ()) -> tuple[bytes, list[Problem]]:
    """``gazetteer.csv`` (header and one row) for a new place at ``located``, and every problem the row has;
    ``aliases_given`` are other spellings the person adds (the other side's name), after the source's own."""
    aliases, seen = [], {_plain(name)}
    for alias in (*located.aliases, *aliases_given):
        if alias.strip() and _plain(alias) not in seen:
            aliases.append(alias.strip())
            seen.add(_plain(alias))
    given = {
        "id": place_id.strip(), "name": name.strip(), "name_local": name_local.strip(),
        "name_local_lang": name_local_lang.strip(), "aliases": "|".join(aliases),
        "kind": kind or "", "parent": parent.strip(), "role": role or "", "lat": repr(located.lat),
        "lon": repr(located.lon), "precision_m": "" if precision_m is None else str(precision_m),
        "point": located.point, "coord_source": located.coord_source, "coord_source_url": located.coord_source_url,
        "retrieved": retrieved.isoformat(),
    }
    row = {column: given.get(column, "") for column in GAZETTEER.names}
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(GAZETTEER.names), lineterminator="\n")
    writer.writeheader()
    writer.writerow(row)
    _, problems = parse_table(out.getvalue(), GAZETTEER, GAZETTEER.file)
    problems += [Problem(GAZETTEER.file, 2, column, f"{value!r} given, but gazetteer.csv has no {column} column")
                 for column, value in given.items() if value and column not in row]
    if row["id"] in gazetteer:
        problems.append(Problem(GAZETTEER.file, 2, "id", f"{row['id']!r} is already a place in the gazetteer"))
    if row["parent"] and row["parent"] not in gazetteer:
        problems.append(Problem(GAZETTEER.file, 2, "parent", f"{row['parent']!r} is no place in the gazetteer"))
    return out.getvalue().encode("utf-8"), problems


def _plain(name: str) -> str:
    """A name as compared for aliases: its plain ASCII words, or (another script) as written, case folded."""
    return ascii_words(name) or name.strip().casefold()


def appended(current: bytes, row: bytes) -> tuple[bytes, list[Problem]]:
    """The case's ``gazetteer.csv`` with the row of :func:`new_row` after its last row, checked whole (its header
    must be the schema's); write it with :func:`geo.export.atomic.write` (``force=True``)."""
    text = current.decode("utf-8")
    header, line = row.decode("utf-8").split("\n", 1)
    if text.removeprefix("\ufeff").split("\n", 1)[0].strip() != header:
        return current, [Problem(GAZETTEER.file, 1, "", f"expected the header {header}; not appended to this file")]
    joined = text if text.endswith("\n") or not text else text + "\n"
    whole = joined + line
    _, problems = parse_table(whole, GAZETTEER, GAZETTEER.file)
    return whole.encode("utf-8"), problems


def add(case_dir: Path, row: bytes, *, editor: str, reason: str, time: datetime) -> str:
    """Append the row of :func:`new_row` to the case's ``gazetteer.csv`` atomically, and its change to
    ``changes.csv``; the new place's id.

    Raises DataFileError naming every problem (an id the case holds, a bad cell, a file with another header), and
    then nothing is written; ExportError when the file cannot be written (it stays as it was).
    """
    from geo.export import atomic  # the one atomic writer; imported late, as geo.export imports geo.data

    path = Path(case_dir) / GAZETTEER.file
    try:
        current = path.read_bytes()
    except OSError as error:
        raise DataFileError(Problem(str(path), 0, "", f"cannot read: {error.strerror or error}")) from None
    existing, problems = parse_table(current.decode("utf-8"), GAZETTEER, str(path))
    _, row_problems = parse_table(row.decode("utf-8"), GAZETTEER, GAZETTEER.file)
    new = next(csv.DictReader(io.StringIO(row.decode("utf-8"))))
    if new["id"] in set(existing["id"]):
        row_problems.append(Problem(GAZETTEER.file, 2, "id", f"{new['id']!r} is already a place in {path}"))
    whole, whole_problems = appended(current, row)
    problems = problems or row_problems or whole_problems
    if problems:
        raise DataFileError(problems)
    atomic.write(path, whole, force=True)
    changes.append(Path(case_dir), changes.diff(GAZETTEER.file, {}, {new["id"]: new}, editor=editor, reason=reason,
                                                time=time))
    return new["id"]
