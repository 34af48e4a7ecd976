"""A user's uploaded file of events, CSV, Parquet or GeoJSON, read from bytes and checked.

Every format goes through the events schema (:data:`geo.data.schema.EVENTS`) and the same
cell checks as a data folder (:func:`geo.data.cells.check_cells`), so a problem reads
``FILE:LINE: column: message`` whatever the format. What LINE means:

- CSV: the physical line (the header is line 1);
- GeoJSON: the line the feature starts on;
- Parquet, which has no lines: the 1-based row number.

GeoJSON follows RFC 7946: a FeatureCollection of Point features whose positions are
``[lon, lat]``; the properties are the events columns (``actors`` and ``sources`` may
be JSON lists). The extra properties and corridor features evacmap's own GeoJSON
export writes are derived from the data, so they are recognised and left aside.
"""

from __future__ import annotations

import bisect
import io
import json
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import PurePath

import numpy as np
import pandas as pd

from geo.data.cells import check_cells
from geo.data.evidence import Evidence
from geo.data.parquet import read_parquet
from geo.data.schema import EVENTS, LIST_SEPARATOR
from geo.data.tablefile import decode, empty_table, parse_csv
from geo.errors import Problem

MAX_UPLOAD_BYTES = 20 * 1024**2  # about 50,000 events as CSV; larger files are refused unread
MAX_UPLOAD_ROWS = 100_000
"""The most events an upload may hold: CSV lines, JSON objects and arrays, and Parquet rows are counted before
anything is decoded."""
DECODED_PER_BYTE = 5
MAX_UPLOAD_DECODED_BYTES = DECODED_PER_BYTE * MAX_UPLOAD_BYTES
"""The most a Parquet upload may decode to (five times the byte cap), read from its footer and its dictionaries
(CSV and GeoJSON decode to their own size)."""
MAX_UPLOAD_PROBLEMS = 100
"""An upload's problems are kept up to this many, in line order, and the rest counted (:class:`MoreProblems`):
a file of nine million bad features costs nine million counts, not nine million problems held in a session."""
MAX_PLACE_LOOKUPS = 50
"""Unknown place ids given a fuzzy look-up (for a "did you mean"), once each: past this many, the rest are only
named unknown."""
MAX_FEATURE_PROPERTIES = 100
"""A feature's properties are the events columns and the export's own (about twenty): one with more is refused
whole, with one problem, before any of them is read."""
JSON_CONTAINERS_PER_EVENT = 8
"""A feature is four to six JSON objects and arrays: itself, its geometry, coordinates, properties and lists."""
SUFFIXES = {".csv": "csv", ".parquet": "parquet", ".pq": "parquet", ".geojson": "geojson", ".json": "geojson"}
EXPORT_PROPERTIES = frozenset(  # what geo.export.formats adds to each event feature, all derived from the data
    {"feature", "when", "place_name", "place_name_local", "place_name_local_lang", "precision_m", "type_label",
     "citations", "claims", "outlets",
     "place_name_ar"}  # the local name's property in exports written before it named any script
)
_LISTS = {c.name for c in EVENTS.columns if c.kind in ("texts", "slugs")}


@dataclass(frozen=True)
class MoreProblems(Problem):
    """The problems of an upload past the first :data:`MAX_UPLOAD_PROBLEMS`: how many, not each."""

    count: int = 0


class _Kept:
    """Problems as they are found: the first ``limit`` kept, the rest only counted."""

    def __init__(self, limit: int = MAX_UPLOAD_PROBLEMS):
        self.limit = limit
        self.kept: list[Problem] = []
        self.more = 0

    def add(self, problem: Problem) -> None:
        if len(self.kept) < self.limit:
            self.kept.append(problem)
        else:
            self.more += 1


def kept(problems: Iterable[Problem], name: str, limit: int = MAX_UPLOAD_PROBLEMS) -> list[Problem]:
    """The first ``limit`` problems in their order, then one :class:`MoreProblems` counting the rest (if any)."""
    problems = list(problems)
    more = sum(p.count for p in problems if isinstance(p, MoreProblems))
    listed = [p for p in problems if not isinstance(p, MoreProblems)]
    more += max(len(listed) - limit, 0)
    listed = listed[:limit]
    if more:
        listed.append(MoreProblems(name, 0, "", f"… and {more:,} more problem(s), not listed", more))
    return listed


def total(problems: Iterable[Problem]) -> int:
    """How many problems ``problems`` stands for, those only counted (:class:`MoreProblems`) included."""
    return sum(p.count if isinstance(p, MoreProblems) else 1 for p in problems)


def upload_name(filename: str) -> str:
    """The name problems give an upload: the file's name without any folder (a browser may send a Windows path)."""
    return re.split(r"[\\/]", filename)[-1] or "upload"


def read_upload(filename: str, data: bytes, evidence: Evidence | None = None,
                max_bytes: int | None = None, new_sources: bool = False) -> tuple[pd.DataFrame, list[Problem]]:
    """The uploaded events, typed, with ``_line`` (and ``lat``/``lon`` for GeoJSON), and every problem.

    With ``evidence``, place ids, types and (unless ``new_sources``) sources must also
    exist in it. Never raises on bad content; the size cap is ``max_bytes`` (default
    :data:`MAX_UPLOAD_BYTES`). The problems are the first :data:`MAX_UPLOAD_PROBLEMS` and a count of the rest.
    """
    if not isinstance(data, bytes | bytearray):
        raise TypeError(f"data: expected bytes, instead got {type(data).__name__}")
    name = upload_name(filename)
    limit = MAX_UPLOAD_BYTES if max_bytes is None else max_bytes
    if len(data) > limit:
        return empty_table(EVENTS), [Problem(name, 0, "", f"file is {len(data):,} bytes; the limit is {limit:,}")]
    fmt = SUFFIXES.get(PurePath(name).suffix.lower())
    if fmt is None:
        return empty_table(EVENTS), [Problem(name, 0, "", "expected a .csv, .parquet or .geojson file")]
    too_many = _count_problem(bytes(data), fmt, name)
    if too_many:
        return empty_table(EVENTS), [too_many]
    reader = {"csv": _read_csv, "parquet": _read_parquet, "geojson": _read_geojson}[fmt]
    frame, problems = reader(bytes(data), name, limit)
    if frame.empty and not problems:
        problems.append(Problem(name, 0, "", "no events: the file holds no rows"))
    if evidence is not None and not frame.empty:
        problems += _unknown_ids(frame, evidence, name, new_sources)
    return frame, kept(problems, name)


def _count_problem(data: bytes, fmt: str, name: str) -> Problem | None:
    """A CSV or GeoJSON file that may hold more than :data:`MAX_UPLOAD_ROWS` events, counted in its bytes:
    lines for CSV (a quoted cell may span lines), JSON objects and arrays for GeoJSON (a bracket in a text counts too)."""
    if fmt == "csv":
        lines = data.count(b"\n") + (not data.endswith(b"\n"))
        if lines > MAX_UPLOAD_ROWS + 1:
            return Problem(name, 0, "", f"file has {lines:,} lines; the limit is {MAX_UPLOAD_ROWS:,} events "
                                        "and the header")
    if fmt == "geojson":
        containers = data.count(b"{") + data.count(b"[")
        if containers > JSON_CONTAINERS_PER_EVENT * MAX_UPLOAD_ROWS:
            return Problem(name, 0, "", f"file holds {containers:,} JSON objects and arrays; the limit is "
                                        f"{JSON_CONTAINERS_PER_EVENT * MAX_UPLOAD_ROWS:,} "
                                        f"({MAX_UPLOAD_ROWS:,} events)")
    return None


def _read_csv(data: bytes, name: str, limit: int) -> tuple[pd.DataFrame, list[Problem]]:
    return parse_csv(data, EVENTS, name)


def _read_parquet(data: bytes, name: str, limit: int) -> tuple[pd.DataFrame, list[Problem]]:
    return read_parquet(io.BytesIO(data), EVENTS, name, limit, max_rows=MAX_UPLOAD_ROWS,
                        max_decoded=DECODED_PER_BYTE * limit)


class _NotWalked(ValueError):
    """The text is not a JSON object laid out as :func:`_walk` reads it: :func:`json.loads` says why."""


def _walk(text: str, most: int) -> tuple[dict, list[tuple[int, object]] | None, bool]:
    """A JSON object's members, its ``features`` array read element by element with where each starts, and whether
    that array holds more than ``most`` elements (reading stops there). Each element is decoded once, and the whole
    document is never held: an array of nine million numbers costs a hundred thousand and one. Raises
    :class:`_NotWalked` for anything else (then :func:`json.loads` names the error)."""
    decoder = json.JSONDecoder()
    space = re.compile(r"[ \t\n\r]*")

    def skip(pos: int) -> int:
        found = space.match(text, pos)
        assert found is not None  # the pattern matches everywhere, if only ""
        return found.end()

    def expect(pos: int, *marks: str) -> str:
        if text[pos:pos + 1] not in marks:
            raise _NotWalked(pos)
        return text[pos]

    members: dict = {}
    features: list[tuple[int, object]] | None = None
    pos = skip(0)
    expect(pos, "{")
    pos = skip(pos + 1)
    while text[pos:pos + 1] != "}":
        expect(pos, '"')
        key, pos = decoder.raw_decode(text, pos)
        pos = skip(pos)
        expect(pos, ":")
        pos = skip(pos + 1)
        if key == "features" and text[pos:pos + 1] == "[":
            features, pos = [], skip(pos + 1)
            while text[pos:pos + 1] != "]":
                if len(features) == most:
                    return members, features, True
                start = pos
                value, pos = decoder.raw_decode(text, pos)
                features.append((start, value))
                pos = skip(pos)
                if expect(pos, ",", "]") == ",":
                    pos = skip(pos + 1)
                    expect(pos, *"{[\"-0123456789tfn")  # a value follows a comma, not the array's end
            members[key], pos = None, pos + 1
        else:
            members[key], pos = decoder.raw_decode(text, pos)
            features = None if key == "features" else features
        pos = skip(pos)
        if expect(pos, ",", "}") == ",":
            pos = skip(pos + 1)
            expect(pos, '"')
    if skip(pos + 1) != len(text):
        raise _NotWalked(pos)
    return members, features, False


def _cell(value: object, field: str) -> tuple[str, str | None]:
    """A GeoJSON property value as a text cell, or an empty cell and what is wrong with it."""
    if value is None:
        return "", None
    if isinstance(value, bool):
        return "true" if value else "false", None
    if isinstance(value, float) and not math.isfinite(value):
        return "", f"expected a number, instead got {value!r} (not a JSON value, RFC 8259)"
    if isinstance(value, int | float | str):
        return str(value), None
    if isinstance(value, list) and field in _LISTS and all(isinstance(v, str) for v in value):
        if any(LIST_SEPARATOR in v for v in value):
            return "", f"a list item holds '{LIST_SEPARATOR}', the list separator, instead got {value!r}"
        return LIST_SEPARATOR.join(value), None
    kind = "a list" if isinstance(value, list) else "an object"
    return "", f"expected text or a number, instead got {kind}: {json.dumps(value)[:80]}"


def _position(geometry: object) -> tuple[float, float, str | None]:
    """(lat, lon) of a Point geometry, NaN for none, and what is wrong with it."""
    if geometry is None:
        return math.nan, math.nan, None
    if not isinstance(geometry, dict) or geometry.get("type") != "Point":
        kind = geometry.get("type") if isinstance(geometry, dict) else type(geometry).__name__
        return math.nan, math.nan, f"expected a Point geometry or null, instead got {kind!r}"
    position = geometry.get("coordinates")
    if not (isinstance(position, list) and len(position) in (2, 3)
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in position)):
        return math.nan, math.nan, f"expected coordinates [lon, lat], instead got {json.dumps(position)[:80]}"
    lon, lat = float(position[0]), float(position[1])
    if not (math.isfinite(lon) and math.isfinite(lat) and -180 <= lon <= 180 and -90 <= lat <= 90):
        return math.nan, math.nan, ("expected [lon, lat] with lon from -180 to 180 and lat from -90 to 90, "
                                    f"instead got {position!r}")
    return lat, lon, None


def _read_geojson(data: bytes, name: str, limit: int) -> tuple[pd.DataFrame, list[Problem]]:
    text, problems = decode(data, name)
    if problems:
        return empty_table(EVENTS), problems
    if not text.strip():
        return empty_table(EVENTS), [Problem(name, 0, "", "empty file; expected a GeoJSON FeatureCollection")]
    try:
        try:
            members, features, over = _walk(text, MAX_UPLOAD_ROWS)
        except ValueError:  # _NotWalked, or a JSONDecodeError inside a member: json.loads says what and where
            document = json.loads(text)
            members, features, over = (document if isinstance(document, dict) else {}), None, False
            if isinstance(document, dict) and isinstance(document.get("features"), list):
                members, features = document, [(0, f) for f in document["features"]]  # valid, oddly laid out
    except json.JSONDecodeError as error:
        return empty_table(EVENTS), [Problem(name, error.lineno, "", f"not valid JSON: {error.msg} "
                                                                     f"(column {error.colno})")]
    except RecursionError:
        return empty_table(EVENTS), [Problem(name, 0, "", "JSON nested too deep; a GeoJSON feature is a few "
                                                          "levels deep")]
    if over:  # before a line is counted or a problem made: nine million numbers, say
        return empty_table(EVENTS), [Problem(name, 0, "features", f"holds more than {MAX_UPLOAD_ROWS:,} elements; "
                                                                  f"the limit is {MAX_UPLOAD_ROWS:,} events")]
    if not (isinstance(members, dict) and members.get("type") == "FeatureCollection" and features is not None):
        kind = members.get("type") if isinstance(members, dict) else type(document).__name__
        return empty_table(EVENTS), [Problem(name, 1, "type", "expected a GeoJSON FeatureCollection with a "
                                                              f"'features' list, instead got {kind!r}")]
    del members
    newlines = [m.start() for m in re.finditer("\n", text)]
    found_here = _Kept()
    rows, lines, places = [], [], []
    for start, feature in features:
        line = bisect.bisect(newlines, start) + 1
        if not isinstance(feature, dict) or feature.get("type") != "Feature":
            found_here.add(Problem(name, line, "type", "expected a GeoJSON Feature"))
            continue
        properties = feature.get("properties") or {}
        if not isinstance(properties, dict):
            found_here.add(Problem(name, line, "properties", "expected an object of event columns"))
            continue
        if len(properties) > MAX_FEATURE_PROPERTIES:
            found_here.add(Problem(name, line, "properties", f"holds {len(properties):,} properties; a feature holds "
                                                             f"at most {MAX_FEATURE_PROPERTIES} (the event's columns)"))
            continue
        if properties.get("feature") == "corridor":
            continue
        row = {}
        for field in EVENTS.names:
            value = properties.get(field, feature.get("id") if field == "id" else None)
            row[field], wrong = _cell(value, field)
            if wrong:
                found_here.add(Problem(name, line, field, wrong))
        for key in properties:
            if key not in EVENTS.names and key not in EXPORT_PROPERTIES:
                found_here.add(Problem(name, line, _shown_key(key),
                                       f"unexpected property; expected only: {', '.join(EVENTS.names)}"))
        lat, lon, wrong = _position(feature.get("geometry"))
        if wrong:
            found_here.add(Problem(name, line, "geometry", wrong))
        rows.append(row)
        lines.append(line)
        places.append((lat, lon))
    del features, text, newlines
    cells = pd.DataFrame(rows, columns=list(EVENTS.names), dtype="str")
    frame, found = check_cells(cells, np.array(lines, dtype=np.int64), EVENTS, name)
    reported = {(p.line, p.column) for p in found_here.kept}
    found = [p for p in found if (p.line, p.column) not in reported]  # a cell already reported is not empty
    frame["lat"] = [lat for lat, _ in places]
    frame["lon"] = [lon for _, lon in places]
    more = [MoreProblems(name, 0, "", "", found_here.more)] if found_here.more else []
    in_order: list[Problem] = sorted([*found_here.kept, *found], key=lambda p: p.line)
    return frame, kept([*in_order, *more], name)


def _shown_key(key: str) -> str:
    """A property's name as a problem's column: cut to :data:`geo.run.view.EXCERPT_CHARS` characters."""
    return key if len(key) <= 40 else f"{key[:40]}… ({len(key):,} characters)"


def _unknown_ids(frame: pd.DataFrame, evidence: Evidence, name: str, new_sources: bool) -> list[Problem]:
    """Problems for place ids, types and (unless ``new_sources``) sources the evidence does not hold: the first
    :data:`MAX_UPLOAD_PROBLEMS` and a count of the rest. An unknown place id is looked up once, however many rows
    give it, and only the first :data:`MAX_PLACE_LOOKUPS` distinct ones at all."""
    problems = _Kept()
    known = {"type": set(evidence.event_types), "sources": set(evidence.sources)}
    hints: dict[str, str] = {}
    for line, place_id, kind, sources in zip(frame["_line"], frame["place_id"], frame["type"], frame["sources"],
                                             strict=True):
        if isinstance(place_id, str) and place_id and place_id not in evidence.gazetteer:
            if place_id not in hints and len(hints) < MAX_PLACE_LOOKUPS:
                resolution = evidence.gazetteer.resolve(place_id)
                hint = (resolution.place.id,) if resolution.place else resolution.suggestions
                hints[place_id] = f"; did you mean {', '.join(hint)}?" if hint else ""
            problems.add(Problem(name, int(line), "place_id",
                                 f"{excerpt(place_id)} is not a place in the gazetteer{hints.get(place_id, '')}"))
        if isinstance(kind, str) and kind and kind not in known["type"]:
            problems.add(Problem(name, int(line), "type", f"{excerpt(kind)} is not an event type; "
                                                          f"expected one of {', '.join(sorted(known['type']))}"))
        for source in (sources.split(LIST_SEPARATOR) if isinstance(sources, str) and sources and not new_sources
                       else ()):
            if source not in known["sources"]:
                problems.add(Problem(name, int(line), "sources", f"{excerpt(source)} is not a source in the data"))
    return problems.kept + ([MoreProblems(name, 0, "", "", problems.more)] if problems.more else [])


def excerpt(value: str, chars: int = 40) -> str:
    """A value from the file, quoted, cut to ``chars`` characters with its length (as :func:`geo.run.view.excerpt`)."""
    if len(value) <= chars:
        return repr(value)
    quoted = repr(value[:chars])
    return f"{quoted[:-1]}…{quoted[-1]} ({len(value):,} characters)"
