"""Exports of exactly what a view shows: HTML, PNG, GeoJSON, CSV and ACLED-style CSV.

:func:`render` makes the bytes of one format; :func:`write` puts them on disk
atomically (a temporary file in the same folder, then a rename) and never replaces an
existing file unless asked to. The HTML and PNG formats come from :mod:`geo.snapshot`;
``docs/acled.md`` documents how our event types map onto ACLED's columns.
"""

from __future__ import annotations

import csv
import io
import json
import os
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain
from pathlib import Path

import numpy as np
import pandas as pd

from geo import schema, snapshot, times
from geo.claims import Claim
from geo.corridors import Corridor
from geo.errors import ExportError
from geo.events import Event
from geo.evidence import Evidence, claim_from_row
from geo.view import View

FORMATS = ("html", "png", "geojson", "csv", "acled")
SUFFIXES = {"html": ".html", "png": ".png", "geojson": ".geojson", "csv": ".csv", "acled": ".csv"}
MEDIA_TYPES = {
    "html": "text/html",
    "png": "image/png",
    "geojson": "application/geo+json",
    "csv": "text/csv",
    "acled": "text/csv",
}

ACLED_COLUMNS = (
    "event_id_cnty", "event_date", "year", "time_precision", "disorder_type", "event_type",
    "sub_event_type", "actor1", "assoc_actor_1", "inter1", "actor2", "assoc_actor_2", "inter2",
    "interaction", "civilian_targeting", "iso", "region", "country", "admin1", "admin2", "admin3",
    "location", "latitude", "longitude", "geo_precision", "source", "source_scale", "notes",
    "fatalities", "tags", "timestamp",
)
ACLED_COUNTRY = {"iso": 760, "region": "Middle East", "country": "Syria"}
ACLED_SEPARATOR = "; "


def lonlat(lat: float, lon: float) -> list[float]:
    """A GeoJSON position, ``[lon, lat]`` (RFC 7946 section 3.1.1); the one place the order flips."""
    return [lon, lat]


def _utc(moment: pd.Timestamp | None) -> str | None:
    """An ISO 8601 UTC time as the data files write it, or None for a missing one."""
    return None if moment is None or pd.isna(moment) else moment.astimezone(times.UTC).isoformat()


def _utc_unit(moments: pd.Series) -> str:
    """The finest unit a column of times needs: fractions of a second are written only if some time has them."""
    nanoseconds = pd.to_datetime(moments, utc=True).dropna().to_numpy("datetime64[ns]").astype("int64")
    return "s" if not (nanoseconds % 10**9).any() else "us" if not (nanoseconds % 1000).any() else "ns"


def _utc_column(moments: pd.Series, unit: str) -> list[str]:
    """A column of times as :func:`_utc` writes each ("" for a missing one), to ``unit``, computed for the whole column."""
    values = pd.to_datetime(moments, utc=True).dt.tz_localize(None).to_numpy("datetime64[ns]")
    text = np.char.add(np.datetime_as_string(values, unit=unit), "+00:00")
    return np.where(pd.isna(values), "", text).tolist()


def _events(evidence: Evidence, view: View, chunk: int = 10_000) -> Iterator[Event]:
    """The view's events one by one (a million Event objects at once would take gigabytes)."""
    shown = view.apply(evidence)
    for first in range(0, len(shown), chunk):
        yield from (Event.from_row(row) for row in shown.iloc[first:first + chunk].to_dict("records"))


def _claims_by_event(evidence: Evidence, view: View) -> dict[str, list[Claim]]:
    """The claims about the view's events, by event id, in file order."""
    claims: dict[str, list[Claim]] = {}
    for row in view.claims(evidence).to_dict("records"):
        claims.setdefault(row["event_id"], []).append(claim_from_row(row))
    return claims


def _claim_json(claim: Claim) -> dict[str, object]:
    return {
        "id": claim.id, "quantity": claim.quantity, "qualifier": claim.qualifier, "value": claim.value,
        "low": claim.low, "high": claim.high, "unit": claim.unit, "claimed_by": claim.claimed_by,
        "source_id": claim.source_id, "note": claim.note, "text": claim.describe(),
    }


def _event_feature(evidence: Evidence, event: Event, claims: list[Claim]) -> dict[str, object]:
    place = evidence.place(event.place_id)
    kind = evidence.event_types[event.type]
    return {
        "type": "Feature",
        "id": event.id,
        "geometry": {"type": "Point", "coordinates": lonlat(place.lat, place.lon)},
        "properties": {
            "feature": "event",
            "id": event.id,
            "start": _utc(event.start),
            "end": _utc(event.end),
            "when": event.when(),
            "time_precision": event.time_precision,
            "geo_precision": event.geo_precision,
            "place_id": place.id,
            "place_name": place.name,
            "place_name_ar": place.name_ar,
            "precision_m": place.precision_m,
            "type": kind.id,
            "type_label": kind.label,
            "actors": list(event.actors),
            "summary": event.summary,
            "sources": list(event.sources),
            "citations": evidence.cite(event.sources),
            "claims": [_claim_json(c) for c in claims],
        },
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


def geojson(evidence: Evidence, view: View) -> bytes:
    """An RFC 7946 FeatureCollection: events as Points, corridors in use as LineStrings."""
    claims = _claims_by_event(evidence, view)
    features = chain((_event_feature(evidence, e, claims.get(e.id, [])) for e in _events(evidence, view)),
                     (_corridor_feature(evidence, c) for c in view.corridors(evidence)))
    lines = [json.dumps(f, ensure_ascii=False, allow_nan=False).encode() for f in features]  # one feature a line
    return b'{"type": "FeatureCollection", "features": [\n' + b",\n".join(lines) + b"\n]}\n"


def _csv(header: tuple[str, ...], rows: Iterable[Sequence[object]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")


def events_csv(evidence: Evidence, view: View, chunk: int = 50_000) -> bytes:
    """The view's events in ``events.csv``'s own columns, times in UTC: it loads back as data.

    Written ``chunk`` rows at a time, so a million rows never become ten million Python objects at once.
    """
    shown = view.apply(evidence)
    units = {name: _utc_unit(shown[name]) for name in ("start", "end")}

    def rows() -> Iterator[tuple[object, ...]]:
        for first in range(0, len(shown), chunk):
            part = shown.iloc[first:first + chunk]
            yield from zip(*(_utc_column(part[name], units[name]) if name in units else part[name].fillna("").tolist()
                             for name in schema.EVENTS.names))

    return _csv(schema.EVENTS.names, rows())


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


def _acled_row(evidence: Evidence, event: Event, claims: list[Claim], timestamp: int) -> dict[str, object]:
    place = evidence.place(event.place_id)
    kind = evidence.event_types[event.type]
    outlets = dict.fromkeys(evidence.sources[s].outlet for s in event.sources if s in evidence.sources)
    uncounted = [c.describe() for c in claims if c.quantity == "killed" and c.qualifier != "exact"]
    local_start = event.start.astimezone(times.ALEPPO)
    return {
        "event_id_cnty": f"SYR-evacmap-{event.id}",
        "event_date": local_start.date().isoformat(),
        "year": local_start.year,
        "time_precision": event.time_precision,
        "disorder_type": kind.acled_disorder_type,
        "event_type": kind.acled_event_type,
        "sub_event_type": kind.acled_sub_event_type,
        "actor1": event.actors[0] if event.actors else "",
        "assoc_actor_1": ACLED_SEPARATOR.join(event.actors[1:]),
        "inter1": "", "actor2": "", "assoc_actor_2": "", "inter2": "", "interaction": "",
        "civilian_targeting": "Civilian targeting" if kind.acled_event_type == "Violence against civilians" else "",
        **ACLED_COUNTRY,
        "admin1": governorate(evidence, place.id),
        "admin2": "", "admin3": "",
        "location": place.name,
        "latitude": place.lat,
        "longitude": place.lon,
        "geo_precision": event.geo_precision,
        "source": ACLED_SEPARATOR.join(outlets),
        "source_scale": "",
        "notes": event.summary,
        "fatalities": fatalities(claims),
        "tags": ACLED_SEPARATOR.join(f"fatality claim not coded: {text}" for text in uncounted),
        "timestamp": timestamp,
    }


def acled(evidence: Evidence, view: View, timestamp: int | None = None) -> bytes:
    """The view's events in ACLED's column layout (see docs/acled.md); ``timestamp`` defaults to now."""
    stamp = int(time.time()) if timestamp is None else int(timestamp)
    claims = _claims_by_event(evidence, view)
    rows = (_acled_row(evidence, e, claims.get(e.id, []), stamp) for e in _events(evidence, view))
    return _csv(ACLED_COLUMNS, ([row[c] for c in ACLED_COLUMNS] for row in rows))


RENDERERS: dict[str, Callable[..., bytes]] = {
    "html": snapshot.html,
    "png": snapshot.png,
    "geojson": geojson,
    "csv": events_csv,
    "acled": acled,
}
OPTIONS: dict[str, set[str]] = {
    "html": {"offline"},
    "png": {"offline", "width", "height"},
    "geojson": set(),
    "csv": set(),
    "acled": {"timestamp"},
}


def render(evidence: Evidence, view: View, fmt: str, **options: object) -> bytes:
    """The bytes of one export of this view; :data:`OPTIONS` lists each format's options."""
    if fmt not in RENDERERS:
        raise ExportError(f"format: expected one of {', '.join(FORMATS)}, instead got {fmt!r}")
    unknown = sorted(set(options) - OPTIONS[fmt])
    if unknown:
        allowed = ", ".join(sorted(OPTIONS[fmt])) or "none"
        raise ExportError(f"{fmt} export: unknown option(s) {', '.join(unknown)}; it takes: {allowed}")
    view.check(evidence)
    return RENDERERS[fmt](evidence, view, **options)


def filename(evidence: Evidence, view: View, fmt: str) -> str:
    """A file name that says what the export holds: ``evacmap_2016-12-15_2016-12-16.geojson``."""
    start, end = view.window(evidence)
    first = times.local_date(start)
    last = times.local_date(pd.Timestamp(end) - pd.Timedelta(seconds=1))
    kind = "_acled" if fmt == "acled" else ""
    return f"evacmap_{first.isoformat()}_{last.isoformat()}{kind}{SUFFIXES[fmt]}"


def write(path: Path | str, data: bytes, force: bool = False) -> Path:
    """Write bytes atomically; refuses to replace an existing file unless ``force``."""
    path = Path(path)
    if path.is_dir():
        raise ExportError(f"{path}: is a folder; give a file name")
    if not path.parent.is_dir():
        raise ExportError(f"{path}: folder {path.parent} does not exist")
    if path.exists() and not force:
        raise ExportError(f"{path} already exists; use --force to replace it")
    scratch = path.parent / f".{path.name}.{secrets.token_hex(6)}.part"
    # O_EXCL: a fresh file of our own; mode 0o666 less the umask, as any new file gets
    fd = os.open(scratch, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if force:
            os.replace(scratch, path)
        else:
            _place_new(scratch, path)
    finally:
        if os.path.exists(scratch):
            os.unlink(scratch)
    return path


def _place_new(scratch: Path, path: Path) -> None:
    """Move scratch to path only if path still does not exist (a hard link fails if it does)."""
    try:
        os.link(scratch, path)
    except FileExistsError:
        raise ExportError(f"{path} already exists; use --force to replace it") from None
    except OSError:
        if path.exists():
            raise ExportError(f"{path} already exists; use --force to replace it") from None
        os.replace(scratch, path)
