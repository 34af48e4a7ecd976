"""A new place in the case: found offline in GeoNames or placed by a click on the map, and written only when editing.

What the "Find a place" panel (:mod:`panels.find_place`) decides, as plain functions: where the case's places are
(for distances and the countries to look in), what each GeoNames candidate shows, the point a click gave, and
whether and how a new place is written (:func:`save`: never on a read-only link).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from geo.data import newplace
from geo.errors import DataFileError, ExportError
from geo.places.gazetteer import Gazetteer, check_location
from geo.places.geonames import Candidate

EDITING_OFF = ("Editing is off on this link: nothing is written to the case. Start the dashboard to edit it "
               "(streamlit run dashboard.py -- --edit) to add this place.")
DECIMALS = 6  # a click's coordinates are kept to 6 decimals (about 0.1 m)


def near(gazetteer: Gazetteer) -> list[tuple[str, float, float]]:
    """The case's places as (label, lat, lon): what a candidate's distance is measured from."""
    return [(f"{place.name} ({place.id})", place.lat, place.lon) for place in gazetteer]


def described(candidate: Candidate) -> dict[str, object]:
    """What the panel shows of a GeoNames candidate, side by side with the others."""
    place = candidate.place
    far = "" if candidate.distance_km is None else (
        f"{candidate.distance_km:,.0f} km from {candidate.distance_from}" + (" (far)" if candidate.far else ""))
    return {"Name": place.name, "Matched": f"{candidate.spelling} ({candidate.matched_by}, {candidate.score:.2f})",
            "Country": f"{place.country_name} ({place.country})",
            "Admin area": f"{place.admin_area} (GeoNames admin1 code)" if place.admin_area else "not given",
            "Population": f"{place.population:,}", "GeoNames id": str(place.geonames_id),
            "Lat, lon": f"{place.lat:.5f}, {place.lon:.5f}", "Distance": far or "no other place to measure from"}


def clicked(last_clicked: object) -> tuple[float, float] | None:
    """The point of a click on the map (streamlit-folium's ``last_clicked``: ``{"lat": ..., "lng": ...}``), to
    :data:`DECIMALS` decimals, with the longitude wrapped into [-180, 180) (a map panned round the globe gives
    200); None for no click or anything else."""
    if not isinstance(last_clicked, Mapping):
        return None
    lat, lon = last_clicked.get("lat"), last_clicked.get("lng")
    if isinstance(lat, bool) or isinstance(lon, bool) or not isinstance(lat, int | float) or not isinstance(lon, int | float):
        return None
    lon = (lon + 180.0) % 360.0 - 180.0
    try:
        check_location(lat, lon, "click")
    except ValueError:
        return None
    return round(lat, DECIMALS), round(lon, DECIMALS)


@dataclass(frozen=True)
class Saved:
    """What saving a new place did: the id written (None: nothing was), and what to say, as (level, text) pairs
    with level one of ``success``, ``info``, ``error``."""

    written: str | None
    said: tuple[tuple[str, str], ...]


def save(folder: Path, gazetteer: Gazetteer, *, editable: bool, point: tuple[float, float] | None,
         geonames: Candidate | None, note: str, place_id: str, name: str, name_local: str, name_local_lang: str,
         kind: str | None, role: str | None, precision_m: int | None, editor: str, now: datetime) -> Saved:
    """Write the new place (GeoNames' ``geonames`` candidate, else the clicked ``point`` with the ``note`` on how it
    was placed) to the case's gazetteer.csv and changes.csv, or say why not; nothing at all unless ``editable``."""
    if not editable:
        return Saved(None, (("info", EDITING_OFF),))
    try:
        if geonames is not None:
            located = newplace.from_geonames(geonames.place, geonames.spelling)
        elif point is not None:
            located = newplace.by_hand(*point, note)
        else:
            return Saved(None, (("info", "Pick a GeoNames place above, or click the map where the place is."),))
    except ValueError as error:
        return Saved(None, (("error", f"Not added: {error}"),))
    row, problems = newplace.new_row(located, gazetteer, place_id=place_id, name=name, name_local=name_local,
                                     name_local_lang=name_local_lang, kind=kind, role=role, precision_m=precision_m,
                                     retrieved=now.date())
    if problems:
        return Saved(None, (("error", "Not added, nothing was written:\n" + "\n".join(_said(problems))),))
    reason = f"GeoNames {geonames.place.geonames_id}" if geonames is not None else f"placed by hand: {note.strip()}"
    try:
        written = newplace.add(folder, row, editor=editor, reason=reason, time=now)
    except (DataFileError, ExportError) as error:
        return Saved(None, (("error", f"Not added, nothing was written: {error}"),))
    return Saved(written, (("success", f"Added {name.strip()} ({written}) to the case's places, at "
                                       f"{located.lat}, {located.lon}; its source: {located.coord_source}."),))


def _said(problems: Sequence[object]) -> list[str]:
    return [f"- {problem}" for problem in problems]
