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
from datetime import datetime
from itertools import chain
from typing import BinaryIO, Literal

import numpy as np
import pandas as pd
import pyarrow as pa

from geo import times
from geo.claims import Claim
from geo.corridors import Corridor
from geo.data import schema
from geo.data.cells import split_list
from geo.data.evidence import Evidence
from geo.errors import ExportError
from geo.export.acled import stream_acled
from geo.export.columns import (
    CELLS,
    CHUNK,
    TEXT,
    Lookup,
    by_value,
    chunks,
    column,
    concat,
    csv_fields,
    csv_header,
    csv_rows,
    joined,
    json_strings,
    spreadsheet_cells,
    text,
    utc_text,
    when_text,
)
from geo.export.hxl import events_hxl
from geo.run.selection import Selection
from geo.run.view import View

logger = logging.getLogger(__name__)

FORMATS = ("html", "png", "gif", "mp4", "geojson", "csv", "acled", "hxl")
DATA_FORMATS = ("geojson", "csv", "acled", "hxl")  # one row or feature per event; HTML and PNG draw the map
BROWSER_FORMATS = ("png", "gif", "mp4")  # drawn by headless Chromium
ANIMATIONS = ("gif", "mp4")  # the playback, one frame per step
DOWNLOAD_EVENTS = 200_000
"""The most events a dashboard download holds (it is made in the server's memory: a 1M-event GeoJSON
is 800 MB); larger views are exported by ``evacmap export``, which streams to a file."""
SPREADSHEETS = ("csv", "acled", "hxl")  # text cells a spreadsheet would run as a formula are made inert, unless raw
SUFFIXES = {"html": ".html", "png": ".png", "gif": ".gif", "mp4": ".mp4", "geojson": ".geojson", "csv": ".csv", "acled": ".csv",
            "hxl": ".csv"}
MEDIA_TYPES = {
    "html": "text/html",
    "png": "image/png",
    "gif": "image/gif",
    "mp4": "video/mp4",
    "geojson": "application/geo+json",
    "csv": "text/csv",
    "acled": "text/csv",
    "hxl": "text/csv",
}


FEATURES_START = b'{"type": "FeatureCollection", "features": [\n'
FEATURES_END = b"\n]}\n"


def lonlat(lat: float, lon: float) -> list[float]:
    """A GeoJSON position, ``[lon, lat]`` (RFC 7946 section 3.1.1); the one place the order flips."""
    return [lon, lat]


def _utc(moment: datetime | None) -> str | None:
    """An ISO 8601 UTC time as the data files write it, or None for a missing one."""
    return None if moment is None or pd.isna(moment) else moment.astimezone(times.UTC).isoformat()


_JSON = json.JSONEncoder(ensure_ascii=False, allow_nan=False)  # as json.dumps(..., ensure_ascii=False, allow_nan=False)


def _json(value: object) -> str:
    return _JSON.encode(value)


def _members(value: dict[str, object]) -> str:
    """The members of a JSON object without its braces, to splice into a feature."""
    return _json(value)[1:-1]


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
            "paused": [{"from": _utc(p.start), "until": _utc(p.end), "events": list(p.events)} for p in corridor.pauses],
            "description": corridor.description,
            "length_km": round(corridor.length_km, 3),
            "length_claims": list(corridor.length_claims),
            "waypoints": [w.place_id for w in corridor.waypoints],
            "sources": list(corridor.sources),
            "citations": evidence.cite(corridor.sources),
        },
    }


def _event_features(selection: Selection, chunk: int) -> Iterator[memoryview]:
    """The view's events as GeoJSON Points, each after ",\\n", a chunk of them at a time."""
    evidence, shown = selection.evidence, selection.events
    places = list(evidence.gazetteer)
    geometry = Lookup({p.id: _json({"type": "Point", "coordinates": lonlat(p.lat, p.lon)}) for p in places})
    place = Lookup({p.id: _members({"place_id": p.id, "place_name": p.name, "place_name_local": p.name_local,
                                    "place_name_local_lang": p.name_local_lang,
                                    "precision_m": p.precision_m}) for p in places})
    kind = Lookup({k.id: _members({"type": k.id, "type_label": k.label}) for k in evidence.event_types.values()})
    claims = Lookup({event: _json([_claim_json(c) for c in found])
                     for event, found in selection.claims_by_event.items()}, default="[]")

    @functools.lru_cache(maxsize=CELLS)
    def actors(cell: str) -> str:
        return _json(list(split_list(cell)))

    @functools.lru_cache(maxsize=CELLS)
    def sources(cell: str) -> str:  # as _members({"sources": [...], "citations": ..., "outlets": ...})
        ids = split_list(cell)
        return (f'"sources": [{", ".join(map(_json, ids))}], '
                f'"citations": [{", ".join(map(_json, evidence.cite(ids)))}], '
                f'"outlets": {evidence.outlets(ids)}')

    for part in chunks(shown, chunk, "geojson"):
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


def stream_geojson(selection: Selection, out: BinaryIO, chunk: int = CHUNK) -> None:
    """An RFC 7946 FeatureCollection, one feature a line: events as Points, corridors in use as LineStrings."""
    evidence = selection.evidence
    corridors: Iterator[bytes | memoryview] = (b",\n" + _json(_corridor_feature(evidence, c)).encode()
                                               for c in selection.corridors)
    case = evidence.case
    named = {"name": f"{case.title}: {selection.title}",
             "case": {"id": case.id, "title": case.title, "timezone": case.zone_name}}
    out.write(FEATURES_START.replace(b'"features"', _json(named)[1:-1].encode() + b', "features"', 1))
    first = True
    blocks: Iterator[bytes | memoryview] = chain(_event_features(selection, chunk), corridors)
    for block in blocks:
        if len(block):
            out.write(block[2:] if first else block)  # the first feature has no ",\n" before it
            first = False
    out.write(FEATURES_END)


def _utc_unit(moments: pd.Series) -> Literal["s", "us", "ns"]:
    """The finest unit a column of times needs: fractions of a second are written only if some time has them."""
    nanoseconds = pd.to_datetime(moments, utc=True).dropna().to_numpy("datetime64[ns]").astype("int64")
    return "s" if not (nanoseconds % 10**9).any() else "us" if not (nanoseconds % 1000).any() else "ns"


def _utc_column(moments: pd.Series, unit: Literal["s", "us", "ns"]) -> pa.Array:
    """A column of times as :func:`_utc` writes each ("" for a missing one), to ``unit``."""
    values = pd.to_datetime(moments, utc=True).dt.tz_localize(None).to_numpy("datetime64[ns]")
    written = np.char.add(np.datetime_as_string(values, unit=unit), "+00:00")
    return pa.array(np.where(pd.isna(values), "", written), TEXT)


def stream_csv(selection: Selection, out: BinaryIO, chunk: int = CHUNK, raw: bool = False) -> None:
    """The view's events in ``events.csv``'s own columns, times in UTC, then the derived ``outlets``
    count (see data/README.md): it loads back as data. Unless ``raw``, a text cell beginning with
    ``= + - @``, a tab or a carriage return gets an apostrophe first, so no spreadsheet runs it."""
    evidence, shown = selection.evidence, selection.events
    numbers = {c.name for c in schema.EVENTS.columns if c.kind in ("int", "float")}
    units = {name: _utc_unit(shown[name]) for name in ("start", "end")}
    out.write(csv_header((*schema.EVENTS.names, *schema.EVENTS.derived)))

    @functools.lru_cache(maxsize=CELLS)
    def outlets(cell: str) -> str:
        return str(evidence.outlets(split_list(cell)))

    for part in chunks(shown, chunk, "csv"):
        out.write(csv_rows([*(_utc_column(part[name], units[name]) if name in units else
                              csv_fields(text(column(part, name), "")) if name in numbers else
                              spreadsheet_cells(text(column(part, name), ""), raw) for name in schema.EVENTS.names),
                            by_value(column(part, "sources"), outlets)]))


def stream_hxl(selection: Selection, out: BinaryIO, raw: bool = False) -> None:
    """The view's events as HXL-tagged CSV (:func:`geo.export.hxl.events_hxl`; ``docs/hxl.md``), written whole: one
    row an event, with the range of people evacuated its claims give."""
    out.write(events_hxl(selection, raw=raw))


STREAMS: dict[str, Callable[..., None]] = {"geojson": stream_geojson, "csv": stream_csv, "acled": stream_acled,
                                           "hxl": stream_hxl}
RENDERERS: dict[str, tuple[str, str]] = {"html": ("geo.export.mapfile", "html"), "png": ("geo.export.mapfile", "png"),
                                         "gif": ("geo.export.animation", "gif"), "mp4": ("geo.export.animation", "mp4")}
"""Each map format's module and function, imported when one is made: a data export never loads folium."""
OPTIONS: dict[str, set[str]] = {
    "html": {"offline"},
    "png": {"offline", "width", "height"},
    "gif": {"offline", "width", "height", "step", "fps", "progress", "max_frames", "skip_empty"},
    "mp4": {"offline", "width", "height", "step", "fps", "progress", "max_frames", "skip_empty"},
    "geojson": {"chunk"},
    "csv": {"chunk", "raw"},
    "acled": {"timestamp", "chunk", "raw"},
    "hxl": {"raw"},
}


def stream(evidence: Evidence, view: View, fmt: str, out: BinaryIO, **options: object) -> None:
    """Write one export of this view to a binary file; :data:`OPTIONS` lists each format's options.

    GeoJSON, CSV and ACLED are written ``chunk`` rows at a time (:data:`CHUNK` unless given),
    so memory stays small whatever the view holds; the bytes do not depend on ``chunk``.
    """
    _check(fmt, options)
    view.check(evidence)
    stream_selection(Selection.of(evidence, view), fmt, out, **options)


def _check(fmt: str, options: dict[str, object]) -> None:
    if fmt not in FORMATS:
        raise ExportError(f"format: expected one of {', '.join(FORMATS)}, instead got {fmt!r}")
    unknown = sorted(set(options) - OPTIONS[fmt])
    if unknown:
        allowed = ", ".join(sorted(OPTIONS[fmt])) or "none"
        raise ExportError(f"{fmt} export: unknown option(s) {', '.join(unknown)}; it takes: {allowed}")


def stream_selection(selection: Selection, fmt: str, out: BinaryIO, **options: object) -> None:
    """:func:`stream` of a view already looked up (:class:`~geo.run.selection.Selection`), each thing looked up once."""
    _check(fmt, options)
    started = time.monotonic()
    if fmt in STREAMS:
        STREAMS[fmt](selection, out, **options)
    else:
        module, function = RENDERERS[fmt]
        out.write(getattr(importlib.import_module(module), function)(selection, **options))
    logger.info("%s export done in %.1f s", fmt, time.monotonic() - started)


def render(evidence: Evidence, view: View, fmt: str, **options: object) -> bytes:
    """The bytes of one export of this view, all at once; see :func:`stream`."""
    out = io.BytesIO()
    stream(evidence, view, fmt, out, **options)
    return out.getvalue()


def render_selection(selection: Selection, fmt: str, **options: object) -> bytes:
    """The bytes of one export of a view already looked up, all at once (a download button's data)."""
    out = io.BytesIO()
    stream_selection(selection, fmt, out, **options)
    return out.getvalue()


def filename(evidence: Evidence, view: View, fmt: str, window: tuple[datetime, datetime] | None = None) -> str:
    """A file name that says which case and days the export holds: ``evacmap_aleppo-2016-12_2016-12-15_2016-12-16.geojson``
    (``window``: :meth:`~geo.run.view.View.window`, where the caller has it already)."""
    start, end = view.written_window(evidence, window)  # inclusive local days, as the window is written everywhere
    zone = evidence.case.timezone
    first = times.local_date(start, zone)
    last = times.local_date(pd.Timestamp(end) - pd.Timedelta(microseconds=1), zone)
    kind = {"acled": "_acled", "hxl": "_hxl"}.get(fmt, "")
    return f"evacmap_{evidence.case.id}_{first.isoformat()}_{last.isoformat()}{kind}{SUFFIXES[fmt]}"
