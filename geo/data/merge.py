"""Events a user uploads, added to a loaded Evidence for one session: checked, marked, cited.

:func:`add_events` reads an events file with :func:`geo.data.uploads.read_upload` and
checks what only the loaded evidence can tell: ids it already holds, places and types
it lacks, events at context places, ends before starts. A clean file gives a new
:class:`~geo.data.evidence.Evidence` holding the loaded events and the uploaded ones, which
the column :data:`UPLOAD` marks with the file's name; the loaded evidence is never
changed and no file is written.

Source ids that ``sources.csv`` lacks are accepted, not refused: the dashboard's own
"Add reports" panel writes rows citing a source id it has just made. They are listed
(:attr:`Upload.new_sources`) and cited as ``xyz (not in sources.csv; from upload FILE)``;
no outlet or date is made up for them.

An event is drawn at its place, as every event is. A GeoJSON feature's point farther
from its place than the place's precision radius is kept but noted
(:attr:`Upload.notes`), so the difference is never silent.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from geo.data.evidence import Evidence, check_event_rows, located
from geo.data.schema import EVENTS
from geo.data.tablefile import MAX_PROBLEMS_PER_COLUMN, split_list
from geo.data.uploads import read_upload, upload_name
from geo.errors import Problem

UPLOAD = "upload"
"""The column of the merged events naming the file an event was uploaded in (missing for loaded events)."""
EARTH_RADIUS_M = 6_371_000


@dataclass(frozen=True, eq=False)
class Upload:
    """An events file offered to a loaded Evidence: the evidence with its events added, or why not.

    ``evidence`` is None when there are ``problems``; ``new_sources`` are the cited
    source ids the loaded ``sources.csv`` lacks; ``notes`` are warnings that stop nothing.
    """

    file: str
    problems: tuple[Problem, ...]
    evidence: Evidence | None
    added: int = 0
    new_sources: tuple[str, ...] = ()
    notes: tuple[Problem, ...] = ()


def uploaded_from(row: pd.Series | dict) -> str | None:
    """The file an events row was uploaded in, or None for a loaded event."""
    value = row.get(UPLOAD)
    return value if isinstance(value, str) and value else None


def add_events(evidence: Evidence, filename: str, data: bytes, max_bytes: int | None = None) -> Upload:
    """The loaded evidence with an uploaded events file's events added, or every problem that file has."""
    name = upload_name(filename)
    frame, problems = read_upload(filename, data, evidence, max_bytes, new_sources=True)
    if frame.empty:
        return Upload(name, tuple(problems), None)
    context = (p.id for p in evidence.gazetteer if p.is_context)
    problems += _taken_ids(frame, evidence, name) + check_event_rows(frame, context, name, limit=None)
    if problems:
        return Upload(name, tuple(sorted(problems, key=lambda p: p.line)), None)
    cited = {s for cell in frame["sources"] for s in split_list(cell)}
    new_sources = tuple(sorted(cited - set(evidence.sources)))
    events = located(frame[[*EVENTS.names, "_line"]], evidence.gazetteer)
    merged = pd.concat([evidence.events, events], ignore_index=True)
    merged[UPLOAD] = pd.Categorical.from_codes(
        np.r_[np.full(len(evidence.events), -1), np.zeros(len(events))].astype(np.int8), categories=[name])
    merged = merged.take(_time_order(merged)).reset_index(drop=True)
    unregistered = {**evidence.unregistered, **dict.fromkeys(new_sources, name)}
    return Upload(name, (), replace(evidence, events=merged, unregistered=unregistered), len(events), new_sources,
                  tuple(_far_points(frame, evidence, name)))


def _time_order(events: pd.DataFrame) -> np.ndarray:
    """The rows in (start, id) order, as :func:`geo.data.evidence.load` keeps them (by pyarrow: a million string ids)."""
    keys = pa.table({"start": pa.array(events["start"].array.asi8),
                     "id": pa.array(events["id"], type=pa.large_string())})
    return pc.sort_indices(keys, sort_keys=[("start", "ascending"), ("id", "ascending")]).to_numpy()


def _taken_ids(frame: pd.DataFrame, evidence: Evidence, name: str) -> list[Problem]:
    """An uploaded id the loaded evidence already holds (links and exports rely on ids being unique).

    The loaded ids are looked up in the few uploaded ones, not the other way round: a
    million loaded ids would otherwise be hashed for every upload.
    """
    loaded = pa.array(evidence.events["id"], type=pa.large_string())
    uploaded = pa.array(frame["id"].dropna(), type=pa.large_string())
    taken = frame.loc[frame["id"].isin(set(loaded.filter(pc.is_in(loaded, value_set=uploaded)).to_pylist()))]
    problems = [Problem(name, int(line), "id", f"{event_id!r} is already an event id in the loaded data; "
                                               "give the uploaded event an id of its own")
                for line, event_id in zip(taken["_line"].head(MAX_PROBLEMS_PER_COLUMN), taken["id"])]
    if len(taken) > MAX_PROBLEMS_PER_COLUMN:
        problems.append(Problem(name, 0, "id", f"... {len(taken) - MAX_PROBLEMS_PER_COLUMN:,} more ids "
                                               "already in the loaded data"))
    return problems


def _far_points(frame: pd.DataFrame, evidence: Evidence, name: str) -> list[Problem]:
    """GeoJSON points farther from their event's place than its precision radius (great-circle distance)."""
    if "lat" not in frame.columns:
        return []
    given = frame.loc[frame["lat"].notna()]
    places = [evidence.gazetteer[p] for p in given["place_id"]]
    lat1, lon1 = np.radians(given["lat"].to_numpy(float)), np.radians(given["lon"].to_numpy(float))
    lat2, lon2 = np.radians([p.lat for p in places]), np.radians([p.lon for p in places])
    half = np.sin((lat2 - lat1) / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
    metres = 2 * EARTH_RADIUS_M * np.arcsin(np.sqrt(np.clip(half, 0, 1)))
    return [Problem(name, int(line), "geometry", f"the point is {m:,.0f} m from {place.name} ({place.id}), farther "
                                                 f"than its {place.precision_m:,} m; the event is drawn at its place")
            for line, place, m in zip(given["_line"], places, metres) if m > place.precision_m]
