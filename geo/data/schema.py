"""The documented schema of every data file of a case, as a table the loaders and tests share.

``data/README.md`` documents the same columns for people and each case's
``datapackage.json`` carries them as Table Schemas (written from this module by
:mod:`geo.data.package`); ``tests/test_schema.py`` and ``tests/test_package.py`` keep
all three in step.
"""

from __future__ import annotations

from dataclasses import dataclass

from geo.movements import DIRECTIONS, SCOPES

SLUG = r"[a-z0-9][a-z0-9_]*"
ICON = r"[a-z0-9][a-z0-9-]*"  # a Font Awesome icon name: it reaches the map's HTML
LIST_SEPARATOR = "|"
LANGUAGE_TAG = r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*"  # a BCP 47 tag as the data uses it: ar, hy, az-Latn, uk


@dataclass(frozen=True)
class Column:
    """One column of a data file.

    ``kind`` is one of: ``text``, ``slug``, ``slugs`` (``|``-separated slugs),
    ``texts`` (``|``-separated text), ``float``, ``int``, ``date`` (YYYY-MM-DD),
    ``datetime`` (ISO 8601 with a UTC offset), ``enum`` (one of ``choices``),
    ``icon`` (a Font Awesome icon name: a-z, 0-9 and -). A column referring to an optional file may also
    have ``choices``: the values allowed in a case without that file (``holdings.csv``'s ``side``).
    """

    name: str
    kind: str
    required: bool = True
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    references: str | None = None  # "file.column" this column's values must exist in
    unique: bool = False


@dataclass(frozen=True)
class FormerColumn:
    """A column's name before it was renamed, and the values of the columns added with the new name that a file
    holding the old name implies: ``name_ar`` is ``name_local`` with ``name_local_lang`` ``ar``."""

    old: str
    new: str
    implies: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class FileSchema:
    """A data file: its name, its columns in order, and what a row is."""

    file: str
    row: str
    columns: tuple[Column, ...]
    optional: bool = False  # a folder may leave the file out
    derived: tuple[str, ...] = ()  # columns an export adds that a loader accepts and ignores
    key: tuple[str, ...] = ()  # the columns that identify a row, where no single column is unique
    later: tuple[str, ...] = ()  # optional columns added since the file was first documented: a file without them loads
    former: tuple[FormerColumn, ...] = ()  # columns renamed: a file under the old name still loads, with a warning

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    def column(self, name: str) -> Column:
        for c in self.columns:
            if c.name == name:
                return c
        raise KeyError(name)


# the colours Leaflet.awesome-markers draws; a colour reaches the map's HTML, so only these
MARKER_COLOURS = (
    "red", "darkred", "lightred", "orange", "beige", "green", "darkgreen", "lightgreen", "blue",
    "darkblue", "lightblue", "purple", "darkpurple", "pink", "cadetblue", "white", "gray", "lightgray", "black",
)
PLACE_KINDS = ("neighbourhood", "town", "city", "governorate", "region", "site", "camp", "checkpoint", "crossing")
SIDES = ("government", "opposition", "contested", "isis")
ROLES = ("event", "context")
YES_NO = ("yes", "no")
SCALES = ("International", "Regional", "National", "Subnational", "Other", "New media")

GAZETTEER = FileSchema(
    "gazetteer.csv",
    "named place",
    (
        Column("id", "slug", unique=True),
        Column("name", "text"),
        Column("name_local", "text", required=False),  # a new region's places may have none known yet
        Column("name_local_lang", "text", required=False),
        Column("aliases", "texts", required=False),
        Column("kind", "enum", choices=PLACE_KINDS),
        Column("parent", "slug", required=False, references="gazetteer.csv.id"),
        Column("role", "enum", choices=ROLES),
        Column("lat", "float", low=-90, high=90),
        Column("lon", "float", low=-180, high=180),
        Column("precision_m", "int", low=1, high=1_000_000),
        Column("point", "text"),
        Column("coord_source", "text"),
        Column("coord_source_url", "text"),
        Column("retrieved", "date"),
    ),
    former=(FormerColumn("name_ar", "name_local", (("name_local_lang", "ar"),)),),
)

EVENT_TYPES = FileSchema(
    "event_types.csv",
    "event type of the fixed vocabulary",
    (
        Column("id", "slug", unique=True),
        Column("label", "text"),
        Column("description", "text"),
        Column("colour", "enum", choices=MARKER_COLOURS),
        Column("icon", "icon"),
        Column("acled_disorder_type", "text"),
        Column("acled_event_type", "text"),
        Column("acled_sub_event_type", "text"),
    ),
)

SOURCES = FileSchema(
    "sources.csv",
    "published report",
    (
        Column("id", "slug", unique=True),
        Column("file", "text"),
        Column("outlet", "text"),
        Column("published", "date"),
        Column("language", "text"),
        Column("kind", "text"),
        Column("relays", "texts", required=False),
        Column("scale", "enum", required=False, choices=SCALES),
        Column("note", "text", required=False),
        Column("url", "text", required=False),
        Column("sha256", "text", required=False),
        Column("captured", "datetime", required=False),
        Column("archive", "text", required=False),
    ),
    later=("url", "sha256", "captured", "archive"),
)

PLACE_SOURCES = FileSchema(
    "place_sources.csv",
    "coordinate source consulted for a place",
    (
        Column("place", "slug", references="gazetteer.csv.id"),
        Column("source", "text"),
        Column("lat", "float", low=-90, high=90),
        Column("lon", "float", low=-180, high=180),
        Column("address", "text"),
        Column("retrieved", "date"),
        Column("credible", "enum", choices=YES_NO),
        Column("note", "text", required=False),
    ),
    optional=True,
)

PLACE_REFERENCES = FileSchema(
    "place_references.csv",
    "phrase a report uses for places it does not name",
    (
        Column("phrase", "text", unique=True),
        Column("places", "slugs", references="gazetteer.csv.id"),
        Column("note", "text", required=False),
    ),
    optional=True,
)

EVENTS = FileSchema(
    "events.csv",
    "dated, located happening",
    (
        Column("id", "slug", unique=True),
        Column("start", "datetime"),
        Column("end", "datetime", required=False),
        Column("time_precision", "int", low=1, high=3),
        Column("geo_precision", "int", low=1, high=3),
        Column("place_id", "slug", references="gazetteer.csv.id"),
        Column("type", "slug", references="event_types.csv.id"),
        Column("actors", "texts", required=False),
        Column("summary", "text"),
        Column("sources", "slugs", references="sources.csv.id"),
    ),
    derived=("outlets",),
)

QUALIFIERS = ("exact", "about", "at_least", "more_than", "nearly", "up_to", "range")

CLAIMS = FileSchema(
    "claims.csv",
    "number one source gave",
    (
        Column("id", "slug", unique=True),
        Column("event_id", "slug", references="events.csv.id"),
        Column("quantity", "slug"),
        Column("value", "float", required=False, low=0),
        Column("low", "float", required=False, low=0),
        Column("high", "float", required=False, low=0),
        Column("qualifier", "enum", choices=QUALIFIERS),
        Column("unit", "text"),
        Column("claimed_by", "text"),
        Column("source_id", "slug", references="sources.csv.id"),
        Column("note", "text", required=False),
    ),
)

CORRIDORS = FileSchema(
    "corridors.csv",
    "route evacuees were moved along",
    (
        Column("id", "slug", unique=True),
        Column("name", "text"),
        Column("active_from", "datetime"),
        Column("active_until", "datetime"),
        Column("length_claims", "slugs", required=False, references="claims.csv.id"),
        Column("description", "text"),
        Column("sources", "slugs", references="sources.csv.id"),
    ),
)

WAYPOINTS = FileSchema(
    "corridor_waypoints.csv",
    "corridor point, in travel order",
    (
        Column("corridor_id", "slug", references="corridors.csv.id"),
        Column("seq", "int", low=1, high=10_000),
        Column("place_id", "slug", required=False, references="gazetteer.csv.id"),
        Column("lat", "float", required=False, low=-90, high=90),
        Column("lon", "float", required=False, low=-180, high=180),
        Column("coord_source", "text", required=False),
        Column("note", "text", required=False),
    ),
    key=("corridor_id", "seq"),
)

CORRIDOR_PAUSES = FileSchema(
    "corridor_pauses.csv",
    "span of time inside a corridor's time in use when no convoy set out along it",
    (
        Column("corridor_id", "slug", references="corridors.csv.id"),
        Column("from", "datetime"),
        Column("until", "datetime"),
        Column("events", "slugs", references="events.csv.id"),
        Column("note", "text", required=False),
    ),
    optional=True,
    key=("corridor_id", "from"),
)

PARTIES = FileSchema(
    "parties.csv",
    "party to the conflict: a side that held places",
    (
        Column("id", "slug", unique=True),
        Column("label", "text"),
        Column("colour", "enum", choices=MARKER_COLOURS),
        Column("note", "text", required=False),
    ),
    optional=True,
)

HOLDINGS = FileSchema(
    "holdings.csv",
    "span of time one side held a place",
    (
        Column("place_id", "slug", references="gazetteer.csv.id"),
        # a party of parties.csv; in a case without that file, one of SIDES (the parties of the first cases)
        Column("side", "slug", choices=SIDES, references="parties.csv.id"),
        Column("from", "datetime", required=False),
        Column("until", "datetime", required=False),
        Column("source_id", "slug", references="sources.csv.id"),
        Column("note", "text", required=False),
    ),
)

PLACED = ("where", "subject")
SAID_TYPES = ("statement",)
"""The event types whose events may stand at their subject (``placed=subject``): words said, a statement or an
announcement (the shipped cases give both as ``statement``); anything else happened somewhere, and stands there."""
SAID_PRECISION = 3
"""The geo precision of an event at its subject: the coarsest, since it is not where anything happened."""

EVENT_NOTES = FileSchema(
    "event_notes.csv",
    "note on how an event was read from its reports",
    (
        Column("event_id", "slug", unique=True, references="events.csv.id"),
        # where the event stands: where it happened ("where"), or at its subject ("subject"): a statement whose
        # place no report gives stands at the place it is about (geo precision 3, one of SAID_TYPES), and the map
        # leaves it off: it is listed as said about that place
        Column("placed", "enum", choices=PLACED),
        Column("note", "text"),
    ),
    optional=True,
)

MOVEMENTS = FileSchema(
    "movements.csv",
    "claim of people moved, with what it counts",
    (
        Column("claim_id", "slug", unique=True, references="claims.csv.id"),
        Column("scope", "enum", choices=SCOPES),
        Column("direction", "enum", choices=DIRECTIONS),
        Column("place_id", "slug", required=False, references="gazetteer.csv.id"),
        Column("corridor_id", "slug", required=False, references="corridors.csv.id"),
        Column("since", "datetime", required=False),
        Column("note", "text", required=False),
        Column("counted_to", "date", required=False),
    ),
    optional=True,
    later=("counted_to",),
)

_CHANGED = (GAZETTEER, PLACE_SOURCES, PLACE_REFERENCES, EVENT_TYPES, SOURCES, EVENTS, CLAIMS, CORRIDORS, WAYPOINTS,
            CORRIDOR_PAUSES, PARTIES, HOLDINGS, EVENT_NOTES, MOVEMENTS)

CHANGES = FileSchema(
    "changes.csv",
    "change of one field of one row of another file (a row added or deleted: field '*')",
    (
        Column("time", "datetime"),
        Column("editor", "text"),
        Column("file", "enum", choices=tuple(s.file for s in _CHANGED)),
        Column("row_id", "text"),
        Column("field", "text"),
        Column("old", "text", required=False),
        Column("new", "text", required=False),
        Column("reason", "text", required=False),
    ),
    optional=True,
)

ALL = (*_CHANGED, CHANGES)
BY_FILE = {s.file: s for s in ALL}
FORMER_FILES = {"holdings.csv": "control.csv"}  # former name, before issue 19 (still read, with a warning)
"""A file's name before it was renamed: a case folder written then still loads (:mod:`geo.data.validation`),
and ``evacmap package`` gives the file its new name."""
