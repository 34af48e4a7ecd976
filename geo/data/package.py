"""A case folder's descriptor, ``datapackage.json``: a Frictionless Data Package.

The package's ``resources`` (one per data file, each with its Table Schema) are written
from :mod:`geo.data.schema`, so the code's schema, ``data/README.md`` and every case's
descriptor say the same thing (``tests/test_package.py`` keeps them in step). evacmap's
own case properties sit in the custom property ``evacmap``:

    "evacmap": {"timezone": "Asia/Damascus",
                "window": {"start": "2016-12-12", "end": "2016-12-22"},
                "opening_view": {"south": 36.1, "west": 37.05, "north": 36.3, "east": 37.3}}

``timezone`` (an IANA zone) is required; ``window`` (the local days to open on) and
``opening_view`` (the area to show first, in degrees) are optional.

A descriptor is read by :func:`read_descriptor` alone, which never raises: a file over
:data:`MAX_DESCRIPTOR_BYTES`, a byte that is not UTF-8 (its line and offset named), JSON nested
deeper than :data:`MAX_DEPTH` (checked before parsing) or not JSON at all is a
:class:`~geo.errors.Problem`, so one broken case never stops the others. Nothing here writes
files: :func:`new_case_files` and :func:`rewritten` give the bytes, which the command line
writes atomically (:mod:`geo.export.atomic`).
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from geo.case import CASE_ID, Case, Country, zone
from geo.data import schema
from geo.data.readfile import read_bytes
from geo.data.schema import ICON, LIST_SEPARATOR, SLUG
from geo.data.tablefile import decode, read_text
from geo.errors import DataFileError, Problem
from geo.sources import Source

if TYPE_CHECKING:
    from geo.data.evidence import Evidence

logger = logging.getLogger(__name__)

DESCRIPTOR = "datapackage.json"
PROFILE = "tabular-data-package"
MAX_DESCRIPTOR_BYTES = 4 * 1024**2  # a descriptor is tens of kilobytes (the shipped ones about 20 KB)
MAX_DEPTH = 64  # arrays and objects inside one another; the shipped descriptors nest 8 deep
FORMER_PROPERTIES = {"opening_view": "frame"}  # former name, before issue 19 (still read, with a warning)
"""A case property's name before it was renamed: an older descriptor still loads, and ``evacmap package``
writes the new name."""
NEUTRAL_EVENT_TYPES = Path(__file__).with_name("neutral_event_types.csv")
"""The event types a new case starts from: departure, arrival, gathering, crossing, screening, halt, ... in words
that suit any war (a shipped case keeps its own ``event_types.csv``)."""
_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')  # a string cannot hold a raw line break, so lines stay put

_TYPES = {"text": "string", "texts": "string", "slug": "string", "slugs": "string", "enum": "string",
          "icon": "string", "float": "number", "int": "integer", "date": "date", "datetime": "datetime"}
_PATTERNS = {"slug": SLUG, "slugs": rf"{SLUG}(\{LIST_SEPARATOR}{SLUG})*", "icon": ICON}


def _refers(column: schema.Column, held: set[str] | None) -> bool:
    """Whether the column's references hold in a case holding the files ``held`` (None: every file): a reference
    into an optional file the case leaves out gives way to the column's ``choices``."""
    if not column.references:
        return False
    target = column.references.rsplit(".", 1)[0]
    return held is None or target in held or not schema.BY_FILE[target].optional


def field(column: schema.Column, held: set[str] | None = None) -> dict[str, object]:
    """The Table Schema field of one column, in a case holding the files ``held`` (None: every file)."""
    constraints: dict[str, object] = {}
    if column.required:
        constraints["required"] = True
    if column.unique:
        constraints["unique"] = True
    if column.kind in _PATTERNS:
        constraints["pattern"] = _PATTERNS[column.kind]
    if column.choices and not (column.kind == "slug" and _refers(column, held)):
        constraints["enum"] = list(column.choices)
    if column.low is not None:
        constraints["minimum"] = column.low
    if column.high is not None:
        constraints["maximum"] = column.high
    described: dict[str, object] = {"name": column.name, "type": _TYPES[column.kind]}
    if column.kind in ("slugs", "texts"):
        described["description"] = f"a list, items separated by '{LIST_SEPARATOR}'"
    if constraints:
        described["constraints"] = constraints
    return described


def table_schema(file_schema: schema.FileSchema, held: set[str] | None = None) -> dict[str, object]:
    """The Table Schema of one data file in a case holding the files ``held`` (None: every file): its fields,
    primary key and foreign keys.

    A list column's references (``a|b``) are checked by ``evacmap validate``; Table Schema
    foreign keys cannot name items of a list, so only single-id references become foreign keys.
    """
    described: dict[str, object] = {"fields": [field(c, held) for c in file_schema.columns], "missingValues": [""]}
    key = [c.name for c in file_schema.columns if c.unique] or list(file_schema.key)
    if key:
        described["primaryKey"] = key
    foreign = []
    for column in file_schema.columns:
        if column.kind == "slug" and column.references and _refers(column, held):
            target_file, target_column = column.references.rsplit(".", 1)
            resource = "" if target_file == file_schema.file else resource_name(target_file)
            foreign.append({"fields": [column.name], "reference": {"resource": resource, "fields": [target_column]}})
    if foreign:
        described["foreignKeys"] = foreign
    return described


def resource_name(file: str) -> str:
    return file.removesuffix(".csv").replace("_", "-")


def resources(folder: Path | None = None, files: Iterable[str] = ()) -> list[dict[str, object]]:
    """One resource per data file of a case, in the schema's order; an optional file (``place_sources.csv``)
    only where ``folder`` holds it or ``files`` names it."""
    files = set(files)
    held = [s for s in schema.ALL if not s.optional or s.file in files or (folder is not None and (folder / s.file).is_file())]
    names = {s.file for s in held}
    return [{"name": resource_name(s.file), "path": s.file, "profile": "tabular-data-resource", "format": "csv",
             "encoding": "utf-8", "description": f"one row per {s.row}", "schema": table_schema(s, names)} for s in held]


def package_sources(sources: Iterable[Source]) -> list[dict[str, str]]:
    """The package's ``sources``: each report as "outlet, date"."""
    return [{"title": source.cite()} for source in sources]


def descriptor(case: Case, sources: Iterable[Source] = (), folder: Path | None = None) -> dict[str, object]:
    """The whole ``datapackage.json`` of a case."""
    properties: dict[str, object] = {"timezone": case.zone_name}
    if case.window is not None:
        properties["window"] = {"start": case.window[0].isoformat(), "end": case.window[1].isoformat()}
    if case.opening_view is not None:
        (south, west), (north, east) = case.opening_view
        properties["opening_view"] = {"south": south, "west": west, "north": north, "east": east}
    if case.country is not None:
        c = case.country
        properties["country"] = {"iso": c.iso, "iso3": c.iso3, "name": c.name, "region": c.region}
    return {"profile": PROFILE, "name": case.id, "title": case.title, "description": case.description,
            "sources": package_sources(sources), "evacmap": properties, "resources": resources(folder)}


def dumps(package: dict[str, object]) -> str:
    return json.dumps(package, ensure_ascii=False, indent=2) + "\n"


def _line(text: str, key: str) -> int:
    """The line of a key's first appearance in the JSON text (0 when absent)."""
    found = re.search(rf'"{re.escape(key)}"\s*:', text)
    return text.count("\n", 0, found.start()) + 1 if found else 0


def _too_deep(text: str) -> Problem | None:
    """A problem where the JSON text nests arrays and objects deeper than :data:`MAX_DEPTH`, found without parsing
    it (a parser recurses once a level: 200,000 levels would exhaust Python's stack)."""
    brackets = np.frombuffer(_JSON_STRING.sub('""', text).encode("utf-8"), dtype=np.uint8)
    step = np.isin(brackets, (ord("["), ord("{"))).astype(np.int32) - np.isin(brackets, (ord("]"), ord("}")))
    depth = np.cumsum(step)
    if not len(depth) or depth.max() <= MAX_DEPTH:
        return None
    first = int(np.argmax(depth > MAX_DEPTH))
    line = brackets[:first].tobytes().count(b"\n") + 1
    return Problem(DESCRIPTOR, line, "", f"JSON nested {int(depth.max()):,} levels deep; a descriptor nests at most "
                                         f"{MAX_DEPTH} (arrays and objects inside one another)")


def read_descriptor(path: Path) -> tuple[dict | None, str, list[Problem]]:
    """A descriptor's JSON object and text, or the problems that stop reading it; never raises."""
    if not os.path.lexists(path):
        return None, "", [Problem(DESCRIPTOR, 0, "", "missing file; a case folder needs a Data Package descriptor "
                                                     "(`evacmap new-case DIR --title ... --timezone ...` writes one)")]
    raw, problems = read_bytes(path, DESCRIPTOR, MAX_DESCRIPTOR_BYTES, inside=path.parent)  # a file, in the folder
    if problems:
        return None, "", problems
    text, problems = decode(raw, DESCRIPTOR)
    deep = None if problems else _too_deep(text)
    if problems or deep:
        return None, text, problems if problems or deep is None else [deep]
    try:
        package = json.loads(text)
    except json.JSONDecodeError as error:
        return None, text, [Problem(DESCRIPTOR, error.lineno, "", f"not valid JSON: {error.msg}")]
    except RecursionError:  # not expected after _too_deep; named all the same
        return None, text, [Problem(DESCRIPTOR, 0, "", "JSON nested too deeply to read")]
    if not isinstance(package, dict):
        return None, text, [Problem(DESCRIPTOR, 1, "", "expected a JSON object")]
    return package, text, []


def read_case(folder: Path) -> tuple[Case | None, list[Problem]]:
    """The case a folder's ``datapackage.json`` describes, or the problems that stop reading it."""
    package, text, problems = read_descriptor(folder / DESCRIPTOR)
    if package is None:
        return None, problems

    def bad(key: str, message: str) -> None:
        problems.append(Problem(DESCRIPTOR, _line(text, key.rsplit(".", 1)[-1]), key, message))

    name, title = package.get("name"), package.get("title")
    if not isinstance(name, str) or not re.fullmatch(CASE_ID, name):
        bad("name", f"expected the case id: lowercase letters, digits, '.', '-' or '_', instead got {name!r}")
    if not isinstance(title, str) or not title.strip():
        bad("title", f"expected the case's title, instead got {title!r}")
    properties = package.get("evacmap")
    if not isinstance(properties, dict):
        bad("evacmap", "expected an object holding evacmap's case properties (timezone, window, opening_view)")
        return None, problems
    current = _renamed(properties)
    for old, new in zip(properties, current):
        if old != new:
            logger.warning("%s: evacmap's %r read as %r, its new name; `evacmap package` rewrites it",
                           folder / DESCRIPTOR, old, new)
    properties = current
    timezone = None
    try:
        timezone = zone(str(properties.get("timezone")), "evacmap.timezone")
    except ValueError as error:
        bad("evacmap.timezone", str(error).removeprefix("evacmap.timezone: "))
    window = _window(properties.get("window"), bad)
    opening_view = _opening_view(properties.get("opening_view"), bad)
    country = _country(properties.get("country"), bad)
    if problems or timezone is None or not isinstance(name, str) or not isinstance(title, str):  # each bad one is a problem
        return None, problems
    return Case(id=name, title=title.strip(), timezone=timezone, folder=folder,
                description=str(package.get("description") or ""), window=window, opening_view=opening_view,
                country=country), []


def _country(value: object, bad: Callable[[str, str], None]) -> Country | None:
    """``evacmap.country`` ({"iso": 760, "iso3": "SYR", "name": "Syria", "region": "Middle East"}), or None."""
    if value is None:
        return None
    keys = ("iso", "iso3", "name", "region")
    if not isinstance(value, dict) or set(value) != set(keys):
        bad("evacmap.country", f"expected an object with {', '.join(keys)}, instead got {value!r}")
        return None
    if not isinstance(value["iso"], int) or isinstance(value["iso"], bool) or not all(
            isinstance(value[k], str) for k in keys[1:]):
        bad("evacmap.country", f"expected iso a whole number and iso3, name and region text, instead got {value!r}")
        return None
    try:
        return Country(value["iso"], value["iso3"], value["name"], value["region"])
    except ValueError as error:
        bad("evacmap.country", str(error))
        return None


def _renamed(properties: dict) -> dict:
    """evacmap's case properties with each former name (:data:`FORMER_PROPERTIES`) replaced by its new one, in
    their order; a former name beside its new one is kept as it is."""
    renamed = {old: new for new, old in FORMER_PROPERTIES.items() if old in properties and new not in properties}
    return {renamed.get(key, key): value for key, value in properties.items()}


def former_files(folder: Path) -> list[tuple[Path, Path]]:
    """The data files of a folder still under their former name (:data:`geo.data.schema.FORMER_FILES`), each
    with the path of its new name, where no file has that name yet."""
    return [(folder / old, folder / new) for new, old in schema.FORMER_FILES.items()
            if (folder / old).is_file() and not (folder / new).exists()]


def _window(value: object, bad) -> tuple[date, date] | None:
    if value is None:
        return None
    try:
        first, last = date.fromisoformat(value["start"]), date.fromisoformat(value["end"])  # type: ignore[index]
    except (TypeError, KeyError, ValueError):
        bad("evacmap.window", f"expected {{\"start\": \"YYYY-MM-DD\", \"end\": \"YYYY-MM-DD\"}}, instead got {value!r}")
        return None
    if last < first:
        bad("evacmap.window", f"the end {last} is before the start {first}")
        return None
    return first, last


def _opening_view(value: object, bad) -> tuple[tuple[float, float], tuple[float, float]] | None:
    if value is None:
        return None
    try:
        south, west, north, east = (float(value[k]) for k in ("south", "west", "north", "east"))  # type: ignore[index]
    except (TypeError, KeyError, ValueError):
        bad("evacmap.opening_view", f"expected {{\"south\", \"west\", \"north\", \"east\"}} in degrees, instead got {value!r}")
        return None
    if not (-90 <= south < north <= 90 and -180 <= west < east <= 180):
        bad("evacmap.opening_view", f"expected south < north within -90..90 and west < east within -180..180, "
                             f"instead got {value!r}")
        return None
    return (south, west), (north, east)


def _empty_file(file_schema: schema.FileSchema) -> str:
    return ",".join(file_schema.names) + "\n"


def new_case_files(folder: Path, *, title: str, timezone: str, window: tuple[date, date] | None = None,
                   case_id: str | None = None, event_types: Path | None = None) -> dict[str, bytes]:
    """The files of an empty case in ``folder`` (name -> bytes): its descriptor, the event-type vocabulary
    copied from ``event_types`` (a file; default :data:`NEUTRAL_EVENT_TYPES`, worded for any war), and every
    other file's header.

    Raises ValueError for a bad title, time zone, id or window, or an ``event_types`` file that cannot be read.
    """
    case = Case(id=case_id or re.sub(r"[^a-z0-9._-]+", "-", folder.name.lower()).strip("-._") or "case",
                title=title.strip(), timezone=zone(timezone), folder=folder, window=window)
    if not case.title:
        raise ValueError(f"--title: expected the case's title, instead got {title!r}")
    files = {}
    for file_schema in schema.ALL:
        text = _empty_file(file_schema)
        if file_schema is schema.EVENT_TYPES:
            source = NEUTRAL_EVENT_TYPES if event_types is None else event_types
            text, problems = read_text(source, str(source))
            if problems:
                raise ValueError(f"the event types to copy: {problems[0]}")
        files[file_schema.file] = text.encode("utf-8")
    described = descriptor(case)
    described["resources"] = resources(files=files)
    files[DESCRIPTOR] = dumps(described).encode("utf-8")
    return files


def rewritten(evidence: Evidence) -> bytes:
    """A loaded case's descriptor rewritten: resources from the schema, sources from sources.csv, case properties
    under their new names (:data:`FORMER_PROPERTIES`); the rest kept.

    Raises DataFileError when the descriptor on disk cannot be read.
    """
    kept, _, problems = read_descriptor(evidence.folder / DESCRIPTOR)
    if kept is None:
        raise DataFileError([_in_folder(p, evidence.folder) for p in problems])
    fresh = descriptor(evidence.case, evidence.sources.values(), evidence.folder)
    kept["profile"], kept["sources"], kept["resources"] = fresh["profile"], fresh["sources"], fresh["resources"]
    if isinstance(kept.get("evacmap"), dict):
        kept["evacmap"] = _renamed(kept["evacmap"])
    return dumps(kept).encode("utf-8")


def _in_folder(problem: Problem, folder: Path) -> Problem:
    """The problem with its file named by its path in ``folder``."""
    return Problem(str(folder / problem.file), problem.line, problem.column, problem.message)
