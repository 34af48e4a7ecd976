"""A case folder, loaded and checked once: the case, places, control, events, claims, corridors, sources.

:func:`validate` reports every problem in a case folder; :func:`load` returns an
:class:`Evidence` or raises :class:`~geo.errors.DataFileError` with all of them. Both
take a case folder or a folder of cases (then ``case`` picks one, see :mod:`geo.data.cases`).
Nothing downstream re-reads or re-validates files.
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from datetime import date, datetime
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
from geopy.distance import geodesic

from geo import times
from geo.case import Case
from geo.claims import Claim
from geo.control import Control, held
from geo.corridors import Corridor, Waypoint
from geo.data import cases, package, schema
from geo.data.parquet import read_parquet
from geo.data.schema import LIST_SEPARATOR
from geo.data.tablefile import MAX_PROBLEMS_PER_COLUMN, read_table, split_list
from geo.errors import DataFileError, Problem
from geo.events import Event, EventType
from geo.places.gazetteer import Gazetteer, Place
from geo.sources import Source, outlet_count

logger = logging.getLogger(__name__)

DATA_ENV = "EVACMAP_DATA"
SHIPPED = Path(__file__).resolve().parents[2] / "data"


def default_folder() -> Path:
    """The data folder in use: ``$EVACMAP_DATA`` if set, else the shipped one (a folder of cases)."""
    return Path(os.environ.get(DATA_ENV) or SHIPPED)


CLAIM_FIELDS = tuple(f.name for f in fields(Claim))
"""The columns of the claims table a :class:`Claim` is built from, by name (the dataclass's order does not matter)."""


def _numbers_or_none(column: pd.Series) -> list[float | None]:
    """A column's numbers as Python floats, a missing one as None."""
    return [None if pd.isna(v) else v for v in column.tolist()]


def _times_or_none(column: pd.Series) -> list[datetime | None]:
    """A column's times as timezone-aware datetimes, a missing one as None."""
    return [None if pd.isna(v) else pd.Timestamp(v).to_pydatetime() for v in column.tolist()]


def case_folder(folder: Path | str | None = None, case: str | None = None) -> Path:
    """The case folder to read: ``folder`` itself when it is one, else its case ``case`` or its default."""
    return cases.pick(Path(folder) if folder is not None else default_folder(), case)


@dataclass(frozen=True, eq=False)
class Evidence:
    """Everything one data folder holds, typed and cross-checked.

    ``case`` says which evacuation this is and its time zone; ``control`` who held each
    place when. ``events`` is a DataFrame (one row an event, in start order) with the place's
    ``lat``, ``lon``, ``place_name`` and ``precision_m`` joined on, and ``span_end``
    (``end``, or ``start`` for an instant) for window filters. ``unregistered`` names the
    upload each cited source id that ``sources`` lacks came from (see :mod:`geo.data.merge`).
    """

    folder: Path
    case: Case
    gazetteer: Gazetteer
    event_types: dict[str, EventType]
    sources: dict[str, Source]
    events: pd.DataFrame
    claims: pd.DataFrame
    corridors: tuple[Corridor, ...]
    control: tuple[Control, ...] = ()
    unregistered: Mapping[str, str] = field(default_factory=dict)

    def event(self, event_id: str) -> Event:
        """The event with this id; raises KeyError naming it."""
        rows = self.events.loc[self.events["id"] == event_id]
        if rows.empty:
            raise KeyError(f"unknown event id {event_id!r}")
        return self.events_of(rows.iloc[:1])[0]

    def events_of(self, rows: pd.DataFrame | None = None) -> list[Event]:
        """One :class:`Event` per row of ``rows`` (rows of :attr:`events`, any subset and order; default all),
        in that order.

        The one conversion from event rows to objects: columns are read by name, list
        cells split on ``|``, a missing ``end`` is None.
        """
        rows = self.events if rows is None else rows
        columns = {
            "id": rows["id"].tolist(), "start": _times_or_none(rows["start"]), "end": _times_or_none(rows["end"]),
            "time_precision": [int(v) for v in rows["time_precision"].tolist()],
            "geo_precision": [int(v) for v in rows["geo_precision"].tolist()],
            "place_id": rows["place_id"].tolist(), "type": rows["type"].tolist(), "summary": rows["summary"].tolist(),
            "actors": [split_list(v) for v in rows["actors"].tolist()],
            "sources": [split_list(v) for v in rows["sources"].tolist()],
        }
        return [Event(**dict(zip(columns, values))) for values in zip(*columns.values())]

    def claims_of(self, rows: pd.DataFrame | None = None) -> list[Claim]:
        """One :class:`Claim` per row of ``rows`` (rows of :attr:`claims`, any subset and order; default all),
        in that order.

        The one conversion from claim rows to objects: columns are read by name
        (:data:`CLAIM_FIELDS`), a missing ``value``, ``low`` or ``high`` is None.
        """
        rows = self.claims if rows is None else rows
        columns = {name: _numbers_or_none(rows[name]) if name in ("value", "low", "high") else rows[name].tolist()
                   for name in CLAIM_FIELDS}
        return [Claim(**dict(zip(columns, values))) for values in zip(*columns.values())]

    def claims_for(self, event_ids: Iterable[str]) -> tuple[Claim, ...]:
        """Every claim about these events, in file order; none merged or dropped."""
        return tuple(self.claims_of(self.claims.loc[self.claims["event_id"].isin(set(event_ids))]))

    def place(self, place_id: str) -> Place:
        return self.gazetteer[place_id]

    def cite(self, source_ids: Iterable[str]) -> list[str]:
        """Citations for source ids, as "outlet, date"; an unregistered one says so and where it came from."""
        return [self.sources[s].cite() if s in self.sources
                else f"{s} (not in sources.csv; from upload {self.unregistered[s]})" if s in self.unregistered
                else s for s in source_ids]

    def outlets(self, source_ids: Iterable[str]) -> int:
        """How many independent outlets these reports are: a relay counts with what it relays
        (:func:`geo.sources.origins`)."""
        return outlet_count(source_ids, self.sources)

    def time_span(self) -> tuple[pd.Timestamp, pd.Timestamp]:
        """The earliest start and latest end over events and corridors (a case with neither: its window's days)."""
        starts = [self.events["start"].min(), *(c.active_from for c in self.corridors)]
        ends = [self.events["span_end"].max(), *(c.active_until for c in self.corridors)]
        starts = [pd.Timestamp(s) for s in starts if not pd.isna(s)]
        ends = [pd.Timestamp(e) for e in ends if not pd.isna(e)]
        if not starts or not ends:
            first, last = self.case.window or (date.today(), date.today())
            zone = self.case.timezone
            return (pd.Timestamp(times.local_day_start(first, zone)),
                    pd.Timestamp(times.local_day_span(last, zone)[1]))
        return min(starts), max(ends)

    def held(self, place_id: str, start: datetime, end: datetime) -> tuple[Control, ...]:
        """Who held the place during the window [start, end), each span with its source."""
        return held(self.control, place_id, start, end)


def _read_all(folder: Path) -> tuple[dict[str, pd.DataFrame], list[Problem], dict[str, str]]:
    """Every file of the folder; a file that could not be read at all is left out.

    Also returns the name of each file read where it is not the schema's (the events
    may be ``events.parquet``).
    """
    tables: dict[str, pd.DataFrame] = {}
    problems: list[Problem] = []
    names: dict[str, str] = {}
    if not folder.is_dir():
        return {}, [Problem(str(folder), 0, "", "not a folder")], names
    for file_schema in schema.ALL:
        path = folder / file_schema.file
        twin = path.with_suffix(".parquet") if file_schema is schema.EVENTS else None
        if twin is not None and twin.exists():
            names[file_schema.file] = twin.name
            if path.exists():
                problems.append(Problem(twin.name, 0, "", f"both {path.name} and {twin.name} hold the events; keep one"))
                continue
            frame, found = read_parquet(twin, file_schema, twin.name)
        elif not path.exists() and file_schema.optional:
            continue
        elif not path.exists():
            alternative = f" (or {twin.name})" if twin is not None else ""
            problems.append(Problem(file_schema.file, 0, "", f"missing file; expected a CSV file{alternative}, "
                                                             f"one row per {file_schema.row}"))
            continue
        else:
            frame, found = read_table(path, file_schema)
        problems.extend(found)
        unread = any(p.line <= 1 or not p.column for p in found) or bool(found and frame.empty)
        if not unread:  # header, file-level and unreadable-row problems leave no rows to check
            tables[file_schema.file] = frame
    return tables, problems, names


def _check_references(tables: dict[str, pd.DataFrame], problems: list[Problem], names: dict[str, str]) -> None:
    """Ids that must exist in another file (by pyarrow: a million events hold millions of references)."""
    for file_schema in schema.ALL:
        frame = tables.get(file_schema.file)
        for col in file_schema.columns:
            if not col.references or frame is None or frame.empty:
                continue
            target_file, target_col = col.references.rsplit(".", 1)
            if target_file not in tables:
                continue  # its own problem is reported; a cascade would only hide it
            known = pa.array(tables[target_file][target_col].dropna().astype(str), type=pa.large_string())
            cells = pa.array(frame[col.name].astype(str), type=pa.large_string())
            if col.kind == "slugs":
                lists = pc.split_pattern(cells, LIST_SEPARATOR)
                rows = pc.list_parent_indices(lists).to_numpy()
                refs = pc.utf8_trim_whitespace(pc.list_flatten(lists))
            else:
                rows, refs = np.arange(len(cells)), cells
            if len(known) > len(refs):  # a few references into a million ids: keep the ids referred to first
                known = known.filter(pc.is_in(known, value_set=refs))
            bad = pc.and_(pc.not_equal(refs, ""), pc.invert(pc.is_in(refs, value_set=known)))
            where = np.flatnonzero(bad.to_numpy(zero_copy_only=False))
            unknown = refs.take(pa.array(where[:MAX_PROBLEMS_PER_COLUMN])).to_pylist()
            lines = frame["_line"].to_numpy()
            for position, ref in zip(rows[where[:MAX_PROBLEMS_PER_COLUMN]], unknown):
                problems.append(Problem(file_schema.file, int(lines[position]), col.name,
                                        f"{ref!r} is not an id in {names.get(target_file, target_file)}"))
            if len(where) > MAX_PROBLEMS_PER_COLUMN:
                problems.append(Problem(file_schema.file, 0, col.name,
                                        f"... {len(where) - MAX_PROBLEMS_PER_COLUMN:,} more unknown ids"))


def check_event_rows(events: pd.DataFrame, context: Iterable[str], file: str,
                limit: int | None = MAX_PROBLEMS_PER_COLUMN) -> list[Problem]:
    """The rules events keep beyond their cells (rows with ``_line``): an end not before the start, and
    an event place, not one of the ``context`` place ids; up to ``limit`` problems of each (None: all)."""
    backwards = events["end"].notna() & events["start"].notna() & (events["end"] < events["start"])
    at_context = events.loc[events["place_id"].isin(list(context))]
    return ([Problem(file, int(line), "end", "end is before start") for line in events.loc[backwards, "_line"].iloc[:limit]]
            + [Problem(file, int(line), "place_id",
                       f"{place_id!r} is a context place (role=context); events happen at event places")
               for line, place_id in zip(at_context["_line"].iloc[:limit], at_context["place_id"])])


POINT_TOLERANCE_M = 5.0
"""A gazetteer point within this many metres of a source's point is that source's point."""


def check_place_precision(places: pd.DataFrame, consulted: pd.DataFrame) -> list[Problem]:
    """The rule tying the gazetteer to ``place_sources.csv``: a place's point is one of its credible
    sources' points, and its ``precision_m`` reaches every other credible source, so the circle the
    map draws contains them all. Places no source row names are not checked."""
    problems: list[Problem] = []
    def on_earth(lat: pd.Series, lon: pd.Series) -> pd.Series:  # a cell out of range is its own problem
        return lat.between(-90, 90) & lon.between(-180, 180)

    credible = consulted.loc[(consulted["credible"] == "yes") & on_earth(consulted["lat"], consulted["lon"])]
    places = places.loc[on_earth(places["lat"], places["lon"]) & places["precision_m"].notna()]
    for place in places.drop_duplicates("id").to_dict("records"):
        rows = credible.loc[credible["place"] == place["id"]]
        if rows.empty:
            continue
        line, point = int(place["_line"]), (float(place["lat"]), float(place["lon"]))
        far = [(geodesic(point, (float(r["lat"]), float(r["lon"]))).m, r) for r in rows.to_dict("records")]
        if min(d for d, _ in far) > POINT_TOLERANCE_M:
            problems.append(Problem("gazetteer.csv", line, "lat", f"the point {point[0]}, {point[1]} is none of the "
                                    f"credible sources' points in place_sources.csv for {place['id']!r}"))
        distance, row = max(far, key=lambda found: found[0])
        if distance > float(place["precision_m"]):
            problems.append(Problem("gazetteer.csv", line, "precision_m",
                                    f"{int(place['precision_m']):,} m does not reach {row['source']!r} "
                                    f"(place_sources.csv:{int(row['_line'])}), {distance:,.0f} m from the point; "
                                    f"expected at least {math.ceil(distance):,}"))
    return problems


def _check_rows(tables: dict[str, pd.DataFrame], problems: list[Problem]) -> None:
    """Rules that involve more than one column or row (files that could not be read are skipped)."""

    def table(file: str) -> pd.DataFrame:
        return tables.get(file, pd.DataFrame(columns=[*schema.BY_FILE[file].names, "_line"]))

    events = table("events.csv")
    places = table("gazetteer.csv")
    context = places.drop_duplicates("id").loc[lambda p: p["role"] == "context", "id"]
    problems += check_event_rows(events, context, "events.csv")

    claims = table("claims.csv")
    is_range = claims["qualifier"] == "range"
    missing_bound = is_range & (claims["low"].isna() | claims["high"].isna())
    for line in claims.loc[missing_bound, "_line"].head(MAX_PROBLEMS_PER_COLUMN):
        problems.append(Problem("claims.csv", int(line), "low", "qualifier 'range' needs both low and high"))
    inverted = is_range & ~missing_bound & (claims["low"] > claims["high"])
    for _, row in claims.loc[inverted].head(MAX_PROBLEMS_PER_COLUMN).iterrows():
        problems.append(Problem("claims.csv", int(row["_line"]), "high", f"high {row['high']:g} is below low {row['low']:g}"))
    no_value = ~is_range & claims["qualifier"].isin(schema.QUALIFIERS) & claims["value"].isna()
    for _, row in claims.loc[no_value].head(MAX_PROBLEMS_PER_COLUMN).iterrows():
        problems.append(Problem("claims.csv", int(row["_line"]), "value", f"qualifier {row['qualifier']!r} needs a value"))

    urls = places["coord_source_url"].astype(str).str.strip()
    links = places.loc[(urls != "") & ~urls.str.match(r"https?://")].head(MAX_PROBLEMS_PER_COLUMN)
    for line, url in zip(links["_line"], links["coord_source_url"]):
        problems.append(Problem("gazetteer.csv", int(line), "coord_source_url",
                                f"expected an http:// or https:// address, instead got {url!r}"))

    problems += check_place_precision(places, table("place_sources.csv"))
    control = table("control.csv")
    backwards = control["from"].notna() & control["until"].notna() & (control["until"] <= control["from"])
    for line in control.loc[backwards, "_line"].head(MAX_PROBLEMS_PER_COLUMN):
        problems.append(Problem("control.csv", int(line), "until", "until is not after from"))
    spans = control.sort_values(["place_id", "from"], na_position="first", kind="stable")
    previous = spans.groupby("place_id")["until"].shift()
    overlap = spans["place_id"].duplicated() & (previous.isna() | spans["from"].isna() | (spans["from"] < previous))
    overlapping = spans.loc[overlap].sort_values("_line").head(MAX_PROBLEMS_PER_COLUMN)
    for line, place_id in zip(overlapping["_line"], overlapping["place_id"]):
        problems.append(Problem("control.csv", int(line), "from", f"overlaps an earlier span of {place_id!r}; "
                                                                  "a place's spans follow one another"))

    corridors = table("corridors.csv")
    backwards = corridors["active_until"].notna() & (corridors["active_until"] < corridors["active_from"])
    for line in corridors.loc[backwards, "_line"]:
        problems.append(Problem("corridors.csv", int(line), "active_until", "active_until is before active_from"))

    points = table("corridor_waypoints.csv")
    for _, row in points.iterrows():
        line = int(row["_line"])
        has_place = bool(row["place_id"])
        has_lat, has_lon = not pd.isna(row["lat"]), not pd.isna(row["lon"])
        if has_place == (has_lat or has_lon):
            problems.append(Problem("corridor_waypoints.csv", line, "place_id",
                                    "give either place_id or lat and lon, not both or neither"))
        elif not has_place and has_lat != has_lon:
            problems.append(Problem("corridor_waypoints.csv", line, "lon" if has_lat else "lat",
                                    "an explicit point needs both lat and lon"))
        elif not has_place and not row["coord_source"].strip():
            problems.append(Problem("corridor_waypoints.csv", line, "coord_source",
                                    "an explicit point needs the source of its coordinates"))
    repeated = points.duplicated(["corridor_id", "seq"], keep="first") & points["seq"].notna()
    for line, seq in zip(points.loc[repeated, "_line"], points.loc[repeated, "seq"]):
        problems.append(Problem("corridor_waypoints.csv", int(line), "seq", f"seq {seq} appears twice in this corridor"))
    if "corridor_waypoints.csv" not in tables:
        return
    counts = points["corridor_id"].value_counts()
    for line, corridor_id in zip(corridors["_line"], corridors["id"]):
        found = counts.get(corridor_id, 0)
        if found < 2:
            message = f"corridor {corridor_id!r} has {found} waypoint(s); a route needs 2 or more"
            problems.append(Problem("corridors.csv", int(line), "id", message))


def _check(folder: Path) -> tuple[Case | None, dict[str, pd.DataFrame], list[Problem]]:
    """Read and check the descriptor and every file; each problem names the file as it was read."""
    case, problems = package.read_case(folder) if folder.is_dir() else (None, [])
    tables, found, names = _read_all(folder)
    problems += found
    if tables:
        _check_references(tables, problems, names)
        _check_rows(tables, problems)
    return case, tables, [replace(p, file=names.get(p.file, p.file)) for p in problems]


def validate(folder: Path | str | None = None, case: str | None = None) -> list[Problem]:
    """Every problem in a case folder, in file order; an empty list means it is clean."""
    return _check(case_folder(folder, case))[2]


def _places(frame: pd.DataFrame) -> list[Place]:
    return [
        Place(
            id=r["id"], name=r["name"], name_ar=r["name_ar"], kind=r["kind"], role=r["role"],
            lat=float(r["lat"]), lon=float(r["lon"]), precision_m=int(r["precision_m"]),
            point=r["point"], coord_source=r["coord_source"], coord_source_url=r["coord_source_url"],
            retrieved=r["retrieved"], aliases=split_list(r["aliases"]), parent=r["parent"] or None,
        )
        for r in frame.to_dict("records")
    ]


def _corridors(tables: dict[str, pd.DataFrame], gazetteer: Gazetteer) -> tuple[Corridor, ...]:
    points = tables["corridor_waypoints.csv"].sort_values(["corridor_id", "seq"])
    routes: dict[str, list[Waypoint]] = {}
    for _, p in points.iterrows():
        if p["place_id"]:
            place = gazetteer[p["place_id"]]
            point = Waypoint(place.lat, place.lon, place.id, place.coord_source, p["note"])
        else:
            point = Waypoint(float(p["lat"]), float(p["lon"]), None, p["coord_source"], p["note"])
        routes.setdefault(p["corridor_id"], []).append(point)
    return tuple(
        Corridor(
            id=r["id"], name=r["name"], active_from=r["active_from"].to_pydatetime(),
            active_until=r["active_until"].to_pydatetime(), waypoints=tuple(routes[r["id"]]),
            description=r["description"], sources=split_list(r["sources"]),
            length_claims=split_list(r["length_claims"]),
        )
        for _, r in tables["corridors.csv"].iterrows()
    )


def located(events: pd.DataFrame, gazetteer: Gazetteer) -> pd.DataFrame:
    """The events with their place joined on, in (start, id) order (a file already in that order is kept)."""
    places = list(gazetteer)
    where = pc.index_in(pa.array(events["place_id"], type=pa.large_string()),
                        value_set=pa.array([p.id for p in places], type=pa.large_string())).to_numpy()
    located = events.drop(columns="_line").reset_index(drop=True)
    located["place_name"] = pd.array([p.name for p in places], dtype="str").take(where)
    for column, kind in (("lat", float), ("lon", float), ("precision_m", np.int64)):
        located[column] = np.array([getattr(p, column) for p in places], dtype=kind)[where]
    located["span_end"] = located["end"].fillna(located["start"])
    located["time_precision"] = located["time_precision"].astype(np.int8)
    located["geo_precision"] = located["geo_precision"].astype(np.int8)
    if _in_order(located):
        return located
    return located.sort_values(["start", "id"], kind="stable").reset_index(drop=True)


def _in_order(events: pd.DataFrame) -> bool:
    """True when the events are in (start, id) order already: the usual file needs no sort."""
    if len(events) < 2:
        return True
    starts = events["start"].array.asi8
    ids = pa.array(events["id"], type=pa.large_string())
    later, same = starts[1:] > starts[:-1], starts[1:] == starts[:-1]
    ids_up = pc.greater_equal(ids.slice(1), ids.slice(0, len(ids) - 1)).to_numpy(zero_copy_only=False)
    return bool(np.all(later | (same & ids_up)))


def _control(frame: pd.DataFrame) -> tuple[Control, ...]:
    def moment(value: object) -> datetime | None:
        return None if pd.isna(value) else pd.Timestamp(value).to_pydatetime()

    return tuple(Control(place_id=r["place_id"], side=r["side"], source_id=r["source_id"], start=moment(r["from"]),
                         until=moment(r["until"]), note=r["note"]) for r in frame.to_dict("records"))


def load(folder: Path | str | None = None, case: str | None = None) -> Evidence:
    """Load and check a case folder; raises DataFileError listing every problem."""
    folder = case_folder(folder, case)
    started = time.monotonic()
    described, tables, problems = _check(folder)
    logger.info("%s: read and checked in %.1f s", folder, time.monotonic() - started)
    if problems or described is None:
        raise DataFileError(problems or [Problem(package.DESCRIPTOR, 0, "", "cannot be read")])
    gazetteer = Gazetteer(_places(tables["gazetteer.csv"]))
    event_types = {
        r["id"]: EventType(**{k: r[k] for k in schema.EVENT_TYPES.names})
        for _, r in tables["event_types.csv"].iterrows()
    }
    sources = {
        r["id"]: Source(**{k: split_list(r[k]) if k == "relays" else r[k] for k in schema.SOURCES.names})
        for _, r in tables["sources.csv"].iterrows()
    }
    claims = tables["claims.csv"].drop(columns="_line").reset_index(drop=True)
    return Evidence(
        folder=folder,
        case=described,
        gazetteer=gazetteer,
        event_types=event_types,
        sources=sources,
        events=located(tables["events.csv"], gazetteer),
        claims=claims,
        corridors=_corridors(tables, gazetteer),
        control=_control(tables["control.csv"]),
    )
