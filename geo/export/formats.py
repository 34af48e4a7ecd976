"""Exports of exactly what a view shows: HTML, PNG, GIF, MP4, GeoJSON, CSV and ACLED-style CSV.

:func:`stream` writes one format to a binary file object, the data formats a chunk of
rows at a time (a million events never become a million Python objects, nor one
gigabyte string); :func:`render` gives the same bytes at once, for downloads;
:func:`write` puts an export on disk atomically (a temporary file in the same folder,
then a rename) and never replaces an existing file unless asked to. The HTML and PNG
formats come from :mod:`geo.export.mapfile`, the GIF and MP4 of the playback from
:mod:`geo.export.animation`; ``docs/acled.md`` documents how our event types
map onto ACLED's columns.
"""

from __future__ import annotations

import functools
import importlib
import io
import json
import logging
import time
from collections.abc import Callable, Iterator
from itertools import chain
from typing import BinaryIO

import numpy as np
import pandas as pd
import pyarrow as pa

from geo import times
from geo.claims import Claim
from geo.corridors import Corridor
from geo.data import schema
from geo.data.evidence import Evidence
from geo.data.tablefile import split_list
from geo.errors import ExportError
from geo.export.columns import (
    TEXT,
    Lookup,
    by_value,
    column,
    concat,
    csv_field,
    csv_fields,
    csv_header,
    csv_rows,
    inert,
    inert_text,
    joined,
    json_strings,
    local_date,
    local_year,
    text,
    utc_text,
    when_text,
)
from geo.view import View

logger = logging.getLogger(__name__)

FORMATS = ("html", "png", "gif", "mp4", "geojson", "csv", "acled")
DATA_FORMATS = ("geojson", "csv", "acled")  # one row or feature per event; HTML and PNG draw the map
BROWSER_FORMATS = ("png", "gif", "mp4")  # drawn by headless Chromium
ANIMATIONS = ("gif", "mp4")  # the playback, one frame per step
DOWNLOAD_EVENTS = 200_000
"""The most events a dashboard download holds (it is made in the server's memory: a 1M-event GeoJSON
is 800 MB); larger views are exported by ``evacmap export``, which streams to a file."""
SPREADSHEETS = ("csv", "acled")  # text cells a spreadsheet would run as a formula are made inert, unless raw
SUFFIXES = {"html": ".html", "png": ".png", "gif": ".gif", "mp4": ".mp4", "geojson": ".geojson", "csv": ".csv", "acled": ".csv"}
MEDIA_TYPES = {
    "html": "text/html",
    "png": "image/png",
    "gif": "image/gif",
    "mp4": "video/mp4",
    "geojson": "application/geo+json",
    "csv": "text/csv",
    "acled": "text/csv",
}
CHUNK = 50_000  # rows encoded at once: tens of megabytes of text, whatever the size of the view
CELLS = 100_000  # distinct actors or sources cells whose text is kept from one chunk to the next

ACLED_COLUMNS = (
    "event_id_cnty", "event_date", "year", "time_precision", "disorder_type", "event_type",
    "sub_event_type", "actor1", "assoc_actor_1", "inter1", "actor2", "assoc_actor_2", "inter2",
    "interaction", "civilian_targeting", "iso", "region", "country", "admin1", "admin2", "admin3",
    "location", "latitude", "longitude", "geo_precision", "source", "source_scale", "notes",
    "fatalities", "tags", "timestamp", "outlets",
)
ACLED_SCALES = ("Other", "New media", "Subnational", "National", "Regional", "International")
"""ACLED's source scales in the order its combined scales name them (``Other-International``)."""
ACLED_COUNTRY = {"iso": 760, "region": "Middle East", "country": "Syria"}
ACLED_SEPARATOR = "; "
FEATURES_START = b'{"type": "FeatureCollection", "features": [\n'
FEATURES_END = b"\n]}\n"


def lonlat(lat: float, lon: float) -> list[float]:
    """A GeoJSON position, ``[lon, lat]`` (RFC 7946 section 3.1.1); the one place the order flips."""
    return [lon, lat]


def _utc(moment: pd.Timestamp | None) -> str | None:
    """An ISO 8601 UTC time as the data files write it, or None for a missing one."""
    return None if moment is None or pd.isna(moment) else moment.astimezone(times.UTC).isoformat()


_JSON = json.JSONEncoder(ensure_ascii=False, allow_nan=False)  # as json.dumps(..., ensure_ascii=False, allow_nan=False)


def _json(value: object) -> str:
    return _JSON.encode(value)


def _members(value: dict[str, object]) -> str:
    """The members of a JSON object without its braces, to splice into a feature."""
    return _json(value)[1:-1]


def _chunks(shown: pd.DataFrame, chunk: int, fmt: str) -> Iterator[pd.DataFrame]:
    """The view's rows, ``chunk`` of them at a time (the last chunk may be shorter).

    Logs (info) the rows written so far and the seconds taken each time the writer asks
    for the next chunk, that is once it has written the one before.
    """
    if not isinstance(chunk, int) or isinstance(chunk, bool) or chunk < 1:
        raise ExportError(f"chunk: expected a whole number of rows, 1 or more, instead got {chunk!r}")
    started, total = time.monotonic(), len(shown)
    for first in range(0, total, chunk):
        yield shown.iloc[first:first + chunk]
        logger.info("%s export: %s of %s events written (%.1f s)", fmt, f"{min(first + chunk, total):,}", f"{total:,}",
                    time.monotonic() - started)


def _claims_by_event(evidence: Evidence, view: View) -> dict[str, list[Claim]]:
    """The claims about the view's events, by event id, in file order."""
    claims: dict[str, list[Claim]] = {}
    for claim in evidence.claims_of(view.claims(evidence)):
        claims.setdefault(claim.event_id, []).append(claim)
    return claims


def _claim_json(claim: Claim) -> dict[str, object]:
    return {
        "id": claim.id, "quantity": claim.quantity, "qualifier": claim.qualifier, "value": claim.value,
        "low": claim.low, "high": claim.high, "unit": claim.unit, "claimed_by": claim.claimed_by,
        "source_id": claim.source_id, "note": claim.note, "text": claim.describe(),
    }


def _corridor_feature(evidence: Evidence, corridor: Corridor) -> dict[str, object]:
    return {
        "type": "Feature",
        "id": corridor.id,
        "geometry": {"type": "LineString", "coordinates": [lonlat(w.lat, w.lon) for w in corridor.waypoints]},
        "properties": {
            "feature": "corridor",
            "id": corridor.id,
            "name": corridor.name,
            "active_from": _utc(corridor.active_from),
            "active_until": _utc(corridor.active_until),
            "description": corridor.description,
            "length_km": round(corridor.length_km, 3),
            "length_claims": list(corridor.length_claims),
            "waypoints": [w.place_id for w in corridor.waypoints],
            "sources": list(corridor.sources),
            "citations": evidence.cite(corridor.sources),
        },
    }


def _event_features(evidence: Evidence, view: View, chunk: int) -> Iterator[memoryview]:
    """The view's events as GeoJSON Points, each after ",\\n", a chunk of them at a time."""
    shown = view.apply(evidence)
    places = list(evidence.gazetteer)
    geometry = Lookup({p.id: _json({"type": "Point", "coordinates": lonlat(p.lat, p.lon)}) for p in places})
    place = Lookup({p.id: _members({"place_id": p.id, "place_name": p.name, "place_name_ar": p.name_ar,
                                    "precision_m": p.precision_m}) for p in places})
    kind = Lookup({k.id: _members({"type": k.id, "type_label": k.label}) for k in evidence.event_types.values()})
    claims = Lookup({event: _json([_claim_json(c) for c in found])
                     for event, found in _claims_by_event(evidence, view).items()}, default="[]")

    @functools.lru_cache(maxsize=CELLS)
    def actors(cell: str) -> str:
        return _json(list(split_list(cell)))

    @functools.lru_cache(maxsize=CELLS)
    def sources(cell: str) -> str:  # as _members({"sources": [...], "citations": ..., "outlets": ...})
        ids = split_list(cell)
        return (f'"sources": [{", ".join(map(_json, ids))}], '
                f'"citations": [{", ".join(map(_json, evidence.cite(ids)))}], '
                f'"outlets": {evidence.outlets(ids)}')

    for part in _chunks(shown, chunk, "geojson"):
        ids = json_strings(column(part, "id"))
        start, end = column(part, "start"), column(part, "end")
        yield joined(concat(
            ',\n{"type": "Feature", "id": ', ids, ', "geometry": ', geometry(column(part, "place_id")),
            ', "properties": {"feature": "event", "id": ', ids,
            ', "start": ', json_strings(utc_text(start)), ', "end": ', text(json_strings(utc_text(end)), "null"),
            ', "when": ', json_strings(when_text(start, end, evidence.case.zone_name)),
            ', "time_precision": ', text(column(part, "time_precision")),
            ', "geo_precision": ', text(column(part, "geo_precision")),
            ", ", place(column(part, "place_id")), ", ", kind(column(part, "type")),
            ', "actors": ', by_value(column(part, "actors"), actors),
            ', "summary": ', json_strings(text(column(part, "summary"), "")),
            ", ", by_value(column(part, "sources"), sources),
            ', "claims": ', claims(column(part, "id")), "}}",
        ))


def stream_geojson(evidence: Evidence, view: View, out: BinaryIO, chunk: int = CHUNK) -> None:
    """An RFC 7946 FeatureCollection, one feature a line: events as Points, corridors in use as LineStrings."""
    corridors = (b",\n" + _json(_corridor_feature(evidence, c)).encode() for c in view.corridors(evidence))
    case = evidence.case
    named = {"name": f"{case.title}: {view.describe(evidence)}",
             "case": {"id": case.id, "title": case.title, "timezone": case.zone_name}}
    out.write(FEATURES_START.replace(b'"features"', _json(named)[1:-1].encode() + b', "features"', 1))
    first = True
    for block in chain(_event_features(evidence, view, chunk), corridors):
        if len(block):
            out.write(block[2:] if first else block)  # the first feature has no ",\n" before it
            first = False
    out.write(FEATURES_END)


def _utc_unit(moments: pd.Series) -> str:
    """The finest unit a column of times needs: fractions of a second are written only if some time has them."""
    nanoseconds = pd.to_datetime(moments, utc=True).dropna().to_numpy("datetime64[ns]").astype("int64")
    return "s" if not (nanoseconds % 10**9).any() else "us" if not (nanoseconds % 1000).any() else "ns"


def _utc_column(moments: pd.Series, unit: str) -> pa.Array:
    """A column of times as :func:`_utc` writes each ("" for a missing one), to ``unit``."""
    values = pd.to_datetime(moments, utc=True).dt.tz_localize(None).to_numpy("datetime64[ns]")
    written = np.char.add(np.datetime_as_string(values, unit=unit), "+00:00")
    return pa.array(np.where(pd.isna(values), "", written), TEXT)


def _cells(values: pa.Array, raw: bool) -> pa.Array:
    """A text column's CSV fields; unless ``raw``, a text a spreadsheet would run as a formula is made inert."""
    return csv_fields(values if raw else inert(values))


def stream_csv(evidence: Evidence, view: View, out: BinaryIO, chunk: int = CHUNK, raw: bool = False) -> None:
    """The view's events in ``events.csv``'s own columns, times in UTC, then the derived ``outlets``
    count (see data/README.md): it loads back as data. Unless ``raw``, a text cell beginning with
    ``= + - @``, a tab or a carriage return gets an apostrophe first, so no spreadsheet runs it."""
    shown = view.apply(evidence)
    numbers = {c.name for c in schema.EVENTS.columns if c.kind in ("int", "float")}
    units = {name: _utc_unit(shown[name]) for name in ("start", "end")}
    out.write(csv_header((*schema.EVENTS.names, *schema.EVENTS.derived)))

    @functools.lru_cache(maxsize=CELLS)
    def outlets(cell: str) -> str:
        return str(evidence.outlets(split_list(cell)))

    for part in _chunks(shown, chunk, "csv"):
        out.write(csv_rows([*(_utc_column(part[name], units[name]) if name in units else
                              csv_fields(text(column(part, name), "")) if name in numbers else
                              _cells(text(column(part, name), ""), raw) for name in schema.EVENTS.names),
                            by_value(column(part, "sources"), outlets)]))


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


def fatalities(claims: list[Claim]) -> int:
    """ACLED fatalities from an event's claims: the lowest exact 'killed' count, else 0.

    Hedged figures (about, at least, up to, ranges) are left out, as ACLED codes only
    what the sources state and the most conservative of disagreeing counts.
    """
    counts = [c.value for c in claims if c.quantity == "killed" and c.qualifier == "exact"]
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


def stream_acled(evidence: Evidence, view: View, out: BinaryIO, timestamp: int | None = None,
                 chunk: int = CHUNK, raw: bool = False) -> None:
    """The view's events in ACLED's column layout (see docs/acled.md); ``timestamp`` defaults to now.
    Unless ``raw``, text cells are made inert as in :func:`stream_csv`."""
    fields = functools.partial(_fields, raw=raw)
    stamp = int(time.time()) if timestamp is None else int(timestamp)
    shown = view.apply(evidence)
    place = Lookup({p.id: fields(governorate(evidence, p.id), "", "", p.name, p.lat, p.lon) for p in evidence.gazetteer})
    kinds = evidence.event_types.values()
    category = Lookup({k.id: fields(k.acled_disorder_type, k.acled_event_type, k.acled_sub_event_type) for k in kinds})
    targeting = Lookup({k.id: fields("Civilian targeting" if k.acled_event_type == "Violence against civilians" else "")
                        for k in kinds})
    coded = Lookup({event: fields(fatalities(found), ACLED_SEPARATOR.join(
        f"fatality claim not coded: {c.describe()}" for c in found if c.quantity == "killed" and c.qualifier != "exact"))
        for event, found in _claims_by_event(evidence, view).items()}, default=fields(0, ""))
    country = fields(*ACLED_COUNTRY.values())

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
    for part in _chunks(shown, chunk, "acled"):
        start = column(part, "start")
        out.write(csv_rows([
            csv_fields(concat("SYR-evacmap-", text(column(part, "id")))), local_date(start, zone), local_year(start, zone),
            text(column(part, "time_precision")), category(column(part, "type")), by_value(column(part, "actors"), actors),
            "", "", "", "", "", targeting(column(part, "type")), country, place(column(part, "place_id")),
            text(column(part, "geo_precision")), by_value(column(part, "sources"), outlets),
            _cells(text(column(part, "summary"), ""), raw), coded(column(part, "id")), str(stamp),
            by_value(column(part, "sources"), count),
        ]))


STREAMS: dict[str, Callable[..., None]] = {"geojson": stream_geojson, "csv": stream_csv, "acled": stream_acled}
RENDERERS: dict[str, tuple[str, str]] = {"html": ("geo.export.mapfile", "html"), "png": ("geo.export.mapfile", "png"),
                                         "gif": ("geo.export.animation", "gif"), "mp4": ("geo.export.animation", "mp4")}
"""Each map format's module and function, imported when one is made: a data export never loads folium."""
OPTIONS: dict[str, set[str]] = {
    "html": {"offline"},
    "png": {"offline", "width", "height"},
    "gif": {"offline", "width", "height", "step", "fps", "progress", "max_frames"},
    "mp4": {"offline", "width", "height", "step", "fps", "progress", "max_frames"},
    "geojson": {"chunk"},
    "csv": {"chunk", "raw"},
    "acled": {"timestamp", "chunk", "raw"},
}


def stream(evidence: Evidence, view: View, fmt: str, out: BinaryIO, **options: object) -> None:
    """Write one export of this view to a binary file; :data:`OPTIONS` lists each format's options.

    GeoJSON, CSV and ACLED are written ``chunk`` rows at a time (:data:`CHUNK` unless given),
    so memory stays small whatever the view holds; the bytes do not depend on ``chunk``.
    """
    if fmt not in FORMATS:
        raise ExportError(f"format: expected one of {', '.join(FORMATS)}, instead got {fmt!r}")
    unknown = sorted(set(options) - OPTIONS[fmt])
    if unknown:
        allowed = ", ".join(sorted(OPTIONS[fmt])) or "none"
        raise ExportError(f"{fmt} export: unknown option(s) {', '.join(unknown)}; it takes: {allowed}")
    view.check(evidence)
    started = time.monotonic()
    if fmt in STREAMS:
        STREAMS[fmt](evidence, view, out, **options)
    else:
        module, function = RENDERERS[fmt]
        out.write(getattr(importlib.import_module(module), function)(evidence, view, **options))
    logger.info("%s export done in %.1f s", fmt, time.monotonic() - started)


def render(evidence: Evidence, view: View, fmt: str, **options: object) -> bytes:
    """The bytes of one export of this view, all at once (a download button's data); see :func:`stream`."""
    out = io.BytesIO()
    stream(evidence, view, fmt, out, **options)
    return out.getvalue()


def filename(evidence: Evidence, view: View, fmt: str) -> str:
    """A file name that says which case and days the export holds: ``evacmap_aleppo-2016-12_2016-12-15_2016-12-16.geojson``."""
    start, end = view.written_window(evidence)  # inclusive local days, as the window is written everywhere
    zone = evidence.case.timezone
    first = times.local_date(start, zone)
    last = times.local_date(pd.Timestamp(end) - pd.Timedelta(microseconds=1), zone)
    kind = "_acled" if fmt == "acled" else ""
    return f"evacmap_{evidence.case.id}_{first.isoformat()}_{last.isoformat()}{kind}{SUFFIXES[fmt]}"
