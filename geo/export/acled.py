"""The ACLED-style CSV export: the view's events in ACLED's column layout (``docs/acled.md``), a chunk at a time."""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from typing import BinaryIO

from geo.claims import Claim
from geo.data.cells import split_list
from geo.data.evidence import Evidence
from geo.export.columns import (
    CELLS,
    CHUNK,
    Lookup,
    by_value,
    chunks,
    column,
    concat,
    csv_field,
    csv_fields,
    csv_header,
    csv_rows,
    inert_text,
    local_date,
    local_year,
    spreadsheet_cells,
    text,
)
from geo.run.selection import Selection

ACLED_COLUMNS = (
    "event_id_cnty", "event_date", "year", "time_precision", "disorder_type", "event_type",
    "sub_event_type", "actor1", "assoc_actor_1", "inter1", "actor2", "assoc_actor_2", "inter2",
    "interaction", "civilian_targeting", "iso", "region", "country", "admin1", "admin2", "admin3",
    "location", "latitude", "longitude", "geo_precision", "source", "source_scale", "notes",
    "fatalities", "tags", "timestamp", "outlets",
)
ACLED_SCALES = ("Other", "New media", "Subnational", "National", "Regional", "International")
"""ACLED's source scales in the order its combined scales name them (``Other-International``)."""
ACLED_SEPARATOR = "; "
def governorate(evidence: Evidence, place_id: str) -> str:
    """The name of the governorate a place lies in, following its parents; empty when none is given."""
    seen: set[str] = set()
    place = evidence.place(place_id)
    while place.kind != "governorate":
        if place.parent is None or place.parent in seen:
            return ""
        seen.add(place.id)
        place = evidence.place(place.parent)
    return place.name


def fatalities(claims: Sequence[Claim]) -> int:
    """ACLED fatalities from an event's claims: the lowest exact 'killed' count, else 0.

    Hedged figures (about, at least, up to, ranges) are left out, as ACLED codes only
    what the sources state and the most conservative of disagreeing counts.
    """
    counts = [c.value for c in claims if c.quantity == "killed" and c.qualifier == "exact" and c.value is not None]
    return int(min(counts)) if counts else 0


def source_scale(evidence: Evidence, source_ids: tuple[str, ...]) -> str:
    """ACLED's ``source_scale`` for an event: the scales of its outlets (``sources.csv``'s ``scale``),
    each once, in :data:`ACLED_SCALES` order, joined with "-"; empty when no outlet's scale is known."""
    known = {evidence.sources[s].scale for s in source_ids if s in evidence.sources}
    return "-".join(scale for scale in ACLED_SCALES if scale in known)


def _fields(*values: object, raw: bool = False) -> str:
    """Several CSV fields of one row, as :mod:`csv` writes them; unless ``raw``, texts are made inert
    (:func:`~geo.export.columns.inert`), numbers are written as they are."""
    return ",".join(csv_field(v if raw or not isinstance(v, str) else inert_text(v)) for v in values)


def stream_acled(selection: Selection, out: BinaryIO, timestamp: int | None = None, chunk: int = CHUNK,
                 raw: bool = False) -> None:
    """The view's events in ACLED's column layout (see docs/acled.md); ``timestamp`` defaults to now.
    Unless ``raw``, text cells are made inert as in :func:`stream_csv`."""
    fields = functools.partial(_fields, raw=raw)
    stamp = int(time.time()) if timestamp is None else int(timestamp)
    evidence, shown = selection.evidence, selection.events
    place = Lookup({p.id: fields(governorate(evidence, p.id), "", "", p.name, p.lat, p.lon) for p in evidence.gazetteer})
    kinds = evidence.event_types.values()
    category = Lookup({k.id: fields(k.acled_disorder_type, k.acled_event_type, k.acled_sub_event_type) for k in kinds})
    targeting = Lookup({k.id: fields("Civilian targeting" if k.acled_event_type == "Violence against civilians" else "")
                        for k in kinds})
    coded = Lookup({event: fields(fatalities(found), ACLED_SEPARATOR.join(
        f"fatality claim not coded: {c.describe()}" for c in found if c.quantity == "killed" and c.qualifier != "exact"))
        for event, found in selection.claims_by_event.items()}, default=fields(0, ""))
    where = evidence.case.country  # the case's own (datapackage.json's evacmap.country); empty cells without one
    country = fields(*((where.iso, where.region, where.name) if where else ("", "", "")))
    prefix = f"{where.iso3 if where else 'XXX'}-evacmap-"

    @functools.lru_cache(maxsize=CELLS)
    def actors(cell: str) -> str:
        named = split_list(cell)
        return fields(named[0] if named else "", ACLED_SEPARATOR.join(named[1:]))

    @functools.lru_cache(maxsize=CELLS)
    def outlets(cell: str) -> str:
        names = dict.fromkeys(evidence.sources[s].outlet if s in evidence.sources else evidence.cite([s])[0]
                              for s in split_list(cell))  # an upload's unregistered source says so
        return fields(ACLED_SEPARATOR.join(names), source_scale(evidence, split_list(cell)))

    @functools.lru_cache(maxsize=CELLS)
    def count(cell: str) -> str:
        return str(evidence.outlets(split_list(cell)))

    out.write(csv_header(ACLED_COLUMNS))
    zone = evidence.case.zone_name
    for part in chunks(shown, chunk, "acled"):
        start = column(part, "start")
        out.write(csv_rows([
            csv_fields(concat(prefix, text(column(part, "id")))), local_date(start, zone), local_year(start, zone),
            text(column(part, "time_precision")), category(column(part, "type")), by_value(column(part, "actors"), actors),
            "", "", "", "", "", targeting(column(part, "type")), country, place(column(part, "place_id")),
            text(column(part, "geo_precision")), by_value(column(part, "sources"), outlets),
            spreadsheet_cells(text(column(part, "summary"), ""), raw), coded(column(part, "id")), str(stamp),
            by_value(column(part, "sources"), count),
        ]))
