"""The loaded case: its description, places, holdings, events, claims, corridors, sources.

:func:`load` returns an :class:`Evidence` or raises :class:`~geo.errors.DataFileError`
listing every problem :func:`geo.data.validation.validate` finds. It takes a case folder
or a folder of cases (then ``case`` picks one, see :mod:`geo.data.cases`). Nothing
downstream re-reads or re-validates files.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from datetime import date, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from geo import times
from geo.case import Case
from geo.claims import Claim
from geo.corridors import Corridor, Pause, Waypoint
from geo.data import cases, package, schema
from geo.data.cells import split_list
from geo.data.changes import Change, of_row, of_table
from geo.data.validation import read_and_check
from geo.errors import DataFileError, Problem
from geo.events import Event, EventType
from geo.holdings import Holders, Holding, Party, held, holders
from geo.movements import Movement
from geo.places.gazetteer import Gazetteer, Place
from geo.sources import Source, outlet_count

logger = logging.getLogger(__name__)


CLAIM_FIELDS = tuple(f.name for f in fields(Claim))
"""The columns of the claims table a :class:`Claim` is built from, by name (the dataclass's order does not matter)."""


def _numbers_or_none(column: pd.Series) -> list[float | None]:
    """A column's numbers as Python floats, a missing one as None."""
    return [None if pd.isna(v) else v for v in column.tolist()]


def _times_or_none(column: pd.Series) -> list[datetime | None]:
    """A column's times as timezone-aware datetimes, a missing one as None."""
    return [None if pd.isna(v) else pd.Timestamp(v).to_pydatetime() for v in column.tolist()]


@dataclass(frozen=True, eq=False)
class Evidence:
    """Everything one data folder holds, typed and cross-checked.

    ``case`` says which evacuation this is and its time zone; ``holdings`` who held each
    place when. ``events`` is a DataFrame (one row an event, in start order) with the place's
    ``lat``, ``lon``, ``place_name`` and ``precision_m`` joined on, and ``span_end``
    (``end``, or ``start`` for an instant) for window filters. ``unregistered`` names the
    upload each cited source id that ``sources`` lacks came from (see :mod:`geo.data.merge`).
    ``place_references`` maps each phrase of ``place_references.csv`` ("the two villages") to the
    ids of the places it means, for ingest to read like a name. ``movements`` says, for each claim of people
    moved, what it counts (``movements.csv``; :mod:`geo.ledger` reads it). ``event_notes`` holds, by event id, how an
    event was read from its reports (``event_notes.csv``): the curators' reasoning, kept out of the summary;
    ``said_about`` the events that stand at their subject, since no report says where they happened.
    ``changes`` is the case's history (``changes.csv``, :mod:`geo.data.changes`), oldest first; :meth:`history`
    gives one row's. ``parties`` are the parties to the conflict the case declares (``parties.csv``; none in a case
    without it), by id.
    """

    folder: Path
    case: Case
    gazetteer: Gazetteer
    event_types: dict[str, EventType]
    sources: dict[str, Source]
    events: pd.DataFrame
    claims: pd.DataFrame
    corridors: tuple[Corridor, ...]
    holdings: tuple[Holding, ...] = ()
    unregistered: Mapping[str, str] = field(default_factory=dict)
    place_references: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    movements: Mapping[str, Movement] = field(default_factory=dict)
    event_notes: Mapping[str, str] = field(default_factory=dict)
    said_about: frozenset[str] = frozenset()
    changes: tuple[Change, ...] = ()
    parties: Mapping[str, Party] = field(default_factory=dict)

    def history(self, file: str, row_id: str) -> list[Change]:
        """The changes of one row of one file (``"events.csv"``, ``"e012"``), oldest first."""
        return of_row(self.changes, file, row_id)

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

    def held(self, place_id: str, start: datetime, end: datetime) -> tuple[Holding, ...]:
        """Who held the place during the window [start, end), each span with its source."""
        return held(self.holdings, place_id, start, end)

    def records(self, events: pd.DataFrame, claims: pd.DataFrame, window: tuple[datetime, datetime],
                cited: Iterable[str] = (), written: tuple[datetime, datetime] | None = None) -> Records:
        """What a run shows of these rows (of :attr:`events` and :attr:`claims`), in one call: the events and claims
        as records (:meth:`events_of`, :meth:`claims_of`), who held each of the events' places in ``window``, who
        held every place in ``written`` (the window as its title writes it; none without it), how many independent
        outlets each of their source lists is, and the citation of every source they name (and of ``cited``: a
        corridor's, say)."""
        converted, claimed = self.events_of(events), self.claims_of(claims)
        places = set(events["place_id"])
        spans: dict[str, list[Holding]] = {}
        for holding in self.holdings:
            if holding.place_id in places:
                spans.setdefault(holding.place_id, []).append(holding)
        holders_of = {place_id: held(found, place_id, *window) for place_id, found in spans.items()}
        every = holders(self.holdings, *written) if written is not None else {}
        lists = list(dict.fromkeys(event.sources for event in converted))  # each event's source list, once
        source_ids = sorted({s for found in lists for s in found} | {c.source_id for c in claimed} | set(cited)
                            | {h.source_id for found in holders_of.values() for h in found})
        return Records(converted, claimed, holders_of, dict(zip(source_ids, self.cite(source_ids))),
                       {found: self.outlets(found) for found in lists}, every)


@dataclass(frozen=True)
class Records:
    """Rows of a case as a run shows them (:meth:`Evidence.records`): ``events`` and ``claims`` in the rows'
    order, who held each place in the window (``held``, by place id; a place no report covers is absent), the
    ``citations`` of every source named, by source id, how many independent ``outlets`` each source list is, and who
    held every place some report gives a holder for in the window as written (``holders``, by place id)."""

    events: list[Event]
    claims: list[Claim]
    held: Mapping[str, tuple[Holding, ...]]
    citations: Mapping[str, str]
    outlets: Mapping[tuple[str, ...], int]
    holders: Mapping[str, Holders] = field(default_factory=dict)


def _places(frame: pd.DataFrame) -> list[Place]:
    return [
        Place(
            id=r["id"], name=r["name"], name_local=r["name_local"], name_local_lang=r["name_local_lang"],
            kind=r["kind"], role=r["role"],
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
    pauses: dict[str, list[Pause]] = {}
    if (stops := tables.get("corridor_pauses.csv")) is not None:
        for r in stops.sort_values(["corridor_id", "from"]).to_dict("records"):
            pauses.setdefault(r["corridor_id"], []).append(
                Pause(r["from"].to_pydatetime(), r["until"].to_pydatetime(), split_list(r["events"]), r["note"]))
    return tuple(
        Corridor(
            id=r["id"], name=r["name"], active_from=r["active_from"].to_pydatetime(),
            active_until=r["active_until"].to_pydatetime(), waypoints=tuple(routes[r["id"]]),
            description=r["description"], sources=split_list(r["sources"]),
            length_claims=split_list(r["length_claims"]), pauses=tuple(pauses.get(r["id"], ())),
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


def _moment(value: Any) -> datetime | None:
    """A checked datetime cell as a timezone-aware datetime, None where it is empty."""
    return None if pd.isna(value) else pd.Timestamp(value).to_pydatetime()


def _day(value: Any) -> date | None:
    """A checked date cell, None where it is empty."""
    return None if pd.isna(value) else value


def _holdings(frame: pd.DataFrame, parties: Mapping[str, Party]) -> tuple[Holding, ...]:
    return tuple(Holding(place_id=r["place_id"], side=r["side"], source_id=r["source_id"], start=_moment(r["from"]),
                         until=_moment(r["until"]), note=r["note"],
                         label=parties[r["side"]].label if r["side"] in parties else "")
                 for r in frame.to_dict("records"))


def _parties(frame: pd.DataFrame | None) -> dict[str, Party]:
    """id -> the party, from ``parties.csv`` (none without the file)."""
    if frame is None:
        return {}
    return {r["id"]: Party(r["id"], r["label"], r["colour"], r["note"]) for r in frame.to_dict("records")}


def _source(row: Mapping[Any, Any]) -> Source:
    """A row of the checked ``sources.csv`` as a :class:`Source`."""
    cells: dict[str, Any] = {k: row[k] for k in schema.SOURCES.names}
    cells["relays"] = split_list(cells["relays"])
    cells["captured"] = _moment(cells["captured"])
    return Source(**cells)


def _movements(frame: pd.DataFrame | None) -> dict[str, Movement]:
    """claim id -> what it counts, from ``movements.csv`` (none without the file)."""
    if frame is None:
        return {}

    def text(value: Any) -> str | None:
        return None if pd.isna(value) or value == "" else str(value)

    return {r["claim_id"]: Movement(claim_id=r["claim_id"], scope=r["scope"], direction=r["direction"],
                                    place_id=text(r["place_id"]), corridor_id=text(r["corridor_id"]),
                                    since=_moment(r["since"]),
                                    note=r["note"] or "", counted_to=_day(r["counted_to"]))
            for r in frame.to_dict("records")}


def _place_references(frame: pd.DataFrame | None) -> dict[str, tuple[str, ...]]:
    """phrase -> the ids of the places it means, from ``place_references.csv`` (none without the file)."""
    if frame is None:
        return {}
    return {r["phrase"]: split_list(r["places"]) for r in frame.to_dict("records")}


def load(folder: Path | str | None = None, case: str | None = None) -> Evidence:
    """Load and check a case folder; raises DataFileError listing every problem."""
    folder = cases.case_folder(folder, case)
    started = time.monotonic()
    described, tables, problems = read_and_check(folder)
    logger.info("%s: read and checked in %.1f s", folder, time.monotonic() - started)
    if problems or described is None:
        raise DataFileError(problems or [Problem(package.DESCRIPTOR, 0, "", "cannot be read")])
    gazetteer = Gazetteer(_places(tables["gazetteer.csv"]))
    event_types = {
        r["id"]: EventType(**{k: r[k] for k in schema.EVENT_TYPES.names})
        for _, r in tables["event_types.csv"].iterrows()
    }
    sources = {r["id"]: _source(r) for r in tables["sources.csv"].to_dict("records")}
    claims = tables["claims.csv"].drop(columns="_line").reset_index(drop=True)
    parties = _parties(tables.get("parties.csv"))
    return Evidence(
        folder=folder,
        case=described,
        gazetteer=gazetteer,
        event_types=event_types,
        sources=sources,
        events=located(tables["events.csv"], gazetteer),
        claims=claims,
        corridors=_corridors(tables, gazetteer),
        holdings=_holdings(tables["holdings.csv"], parties),
        place_references=_place_references(tables.get("place_references.csv")),
        movements=_movements(tables.get("movements.csv")),
        event_notes=({} if (notes := tables.get("event_notes.csv")) is None
                     else dict(zip(notes["event_id"], notes["note"]))),
        said_about=(frozenset() if notes is None else frozenset(notes.loc[notes["placed"] == "subject", "event_id"])),
        changes=tuple(of_table(tables["changes.csv"])) if "changes.csv" in tables else (),
        parties=parties,
    )
