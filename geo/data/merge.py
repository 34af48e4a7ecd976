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
from pandas.arrays import ArrowStringArray

from geo.data.cells import MAX_PROBLEMS_PER_COLUMN, split_list
from geo.data.evidence import Evidence, located
from geo.data.schema import EVENTS
from geo.data.uploads import kept, read_upload, upload_name
from geo.data.validation import check_event_rows
from geo.errors import Problem

UPLOAD = "upload"
"""The column of the merged events naming the file an event was uploaded in (missing for loaded events)."""
EARTH_RADIUS_M = 6_371_000
MAX_SHARED_RUNS = 64
"""The most runs of loaded rows a merged text column shares with the loaded one: each run is a chunk, and
pyarrow's text functions slow down over thousands of chunks (a regular expression over a million events in
100,000 chunks takes five times as long)."""


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
        return Upload(name, tuple(kept(sorted(problems, key=lambda p: p.line), name)), None)
    cited = {s for cell in frame["sources"] for s in split_list(cell)}
    new_sources = tuple(sorted(cited - set(evidence.sources)))
    events = located(frame[[*EVENTS.names, "_line"]], evidence.gazetteer)
    loaded = evidence.events.drop(columns=UPLOAD, errors="ignore")
    order = _time_order(loaded, events)
    merged = _merged(loaded, events, order)
    merged[UPLOAD] = pd.Categorical.from_codes(np.where(order < len(loaded), -1, 0).astype(np.int8), categories=pd.Index([name]))
    unregistered = {**evidence.unregistered, **dict.fromkeys(new_sources, name)}
    return Upload(name, (), replace(evidence, events=merged, unregistered=unregistered), len(events), new_sources,
                  tuple(_far_points(frame, evidence, name)))


def _time_order(loaded: pd.DataFrame, added: pd.DataFrame) -> np.ndarray:
    """Positions into the loaded rows followed by the added ones, in (start, id) order as
    :func:`geo.data.evidence.load` keeps events (by pyarrow: a million string ids)."""
    keys = pa.table({"start": pa.chunked_array([pa.array(frame["start"].array.asi8) for frame in (loaded, added)]),
                     "id": pa.chunked_array([_text(loaded["id"]), _text(added["id"])])})
    return pc.sort_indices(keys, sort_keys=[("start", "ascending"), ("id", "ascending")]).to_numpy()


def _text(column: pd.Series) -> pa.ChunkedArray:
    """A text column's Arrow data: its own buffers when pyarrow holds it, else a copy."""
    data = pa.chunked_array(pa.array(column.array) if isinstance(column.array, ArrowStringArray) else
                            [pa.array(column.astype(object), type=pa.large_string(), from_pandas=True)])
    return data.cast(pa.large_string()) if data.type != pa.large_string() else data


def _shared_runs(order: np.ndarray, loaded: int) -> list[tuple[int, int]]:
    """The longest runs (at most :data:`MAX_SHARED_RUNS`, in order) of ``order`` that are consecutive loaded
    rows, as (first, end) positions in ``order``: the parts of a merged table that can be slices of the loaded one."""
    follows = (order[1:] == order[:-1] + 1) & (order[1:] < loaded)
    breaks = np.flatnonzero(~follows) + 1
    firsts, ends = np.r_[0, breaks], np.r_[breaks, len(order)]
    firsts, ends = firsts[order[firsts] < loaded], ends[order[firsts] < loaded]
    longest = np.sort(np.argsort(ends - firsts, kind="stable")[::-1][:MAX_SHARED_RUNS])
    return [(int(firsts[i]), int(ends[i])) for i in longest]


def _merged(loaded: pd.DataFrame, added: pd.DataFrame, order: np.ndarray) -> pd.DataFrame:
    """The loaded rows and the added ones in ``order`` (positions into the two, one after the other), sharing
    the loaded table's text rather than copying it.

    A text column (most of the memory an event takes) becomes chunks: the longest runs of
    loaded rows are zero-copy slices of the loaded column, only the rows between them are
    copied. Numbers and times, a few bytes a row, are copied whole. The loaded table is
    not changed: Arrow data is never written to.
    """
    runs = _shared_runs(order, len(loaded))
    taken = np.ones(len(order), dtype=bool)
    for first, end in runs:
        taken[first:end] = False
    picked = pa.array(order[taken])
    columns: dict[str, object] = {}
    for name in loaded.columns:
        if isinstance(loaded[name].array, ArrowStringArray):
            own = _text(loaded[name])
            copied = pa.chunked_array([*own.chunks, *_text(added[name]).chunks], type=own.type).take(picked)
            chunks, at, done = [], 0, 0  # at: position in the merged rows; done: rows of ``copied`` placed
            for first, end in [*runs, (len(order), len(order))]:
                if first > at:
                    chunks += copied.slice(done, first - at).chunks
                    done += first - at
                chunks += own.slice(int(order[first]), end - first).chunks if end > first else []
                at = end
            columns[name] = ArrowStringArray(pa.chunked_array(chunks, type=own.type), dtype=loaded[name].dtype)  # type: ignore[call-arg]  # pandas-stubs lacks pandas' dtype argument
        else:
            columns[name] = pd.concat([loaded[name], added[name]], ignore_index=True).array.take(order)
    return pd.DataFrame(columns, copy=False)


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
