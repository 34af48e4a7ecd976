"""Checking a case folder's tables together: the rules no single cell shows.

:func:`validate` reports every problem in a case folder, in file order: files missing or
unreadable, ids that must exist in another file, rules over several columns or rows (an
end before its start, a range without both bounds, holding spans that overlap, a corridor
with fewer than two waypoints) and the gazetteer's precision against ``place_sources.csv``.
It takes a case folder or a folder of cases (then ``case`` picks one, see :mod:`geo.data.cases`).
Each cell is checked as its file is read (:mod:`geo.data.tablefile`); :func:`read_and_check`
returns the tables too, for :func:`geo.data.evidence.load` to build the evidence from.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
from geopy.distance import geodesic

from geo.case import Case
from geo.data import archive, cases, package, schema
from geo.data.cells import MAX_PROBLEMS_PER_COLUMN
from geo.data.movement_checks import movement_problems
from geo.data.parquet import read_parquet
from geo.data.readers_words import summary_problems
from geo.data.schema import LIST_SEPARATOR
from geo.data.tablefile import read_table
from geo.errors import Problem

logger = logging.getLogger(__name__)


def _read_all(folder: Path) -> tuple[dict[str, pd.DataFrame], list[Problem], dict[str, str]]:
    """Every file of the folder; a file that could not be read at all is left out.

    Also returns the name of each file read where it is not the schema's (the events
    may be ``events.parquet``; a file may have its former name, :data:`geo.data.schema.FORMER_FILES`).
    """
    tables: dict[str, pd.DataFrame] = {}
    problems: list[Problem] = []
    names: dict[str, str] = {}
    if not folder.is_dir():
        return {}, [Problem(str(folder), 0, "", "not a folder")], names
    for file_schema in schema.ALL:
        path = folder / file_schema.file
        former = folder / schema.FORMER_FILES.get(file_schema.file, file_schema.file)
        if former != path and former.exists():
            if path.exists():
                problems.append(Problem(former.name, 0, "", f"both {former.name} and its new name {path.name} "
                                                             "are here; keep one"))
                continue
            logger.warning("%s: read as %s, the file's new name; `evacmap package` renames it", former, path.name)
            names[file_schema.file], path = former.name, former
        twin = path.with_suffix(".parquet") if file_schema is schema.EVENTS else None
        if twin is not None and twin.exists():
            names[file_schema.file] = twin.name
            if path.exists():
                problems.append(Problem(twin.name, 0, "", f"both {path.name} and {twin.name} hold the events; keep one"))
                continue
            frame, found = read_parquet(twin, file_schema, twin.name, inside=folder)
        elif not path.exists() and file_schema.optional:
            continue
        elif not path.exists():
            alternative = f" (or {twin.name})" if twin is not None else ""
            problems.append(Problem(file_schema.file, 0, "", f"missing file; expected a CSV file{alternative}, "
                                                             f"one row per {file_schema.row}"))
            continue
        else:
            frame, found = read_table(path, file_schema, inside=folder)
        for former in frame.attrs.get("former", ()):
            implied = "".join(f", with {c} {v!r}" for c, v in former.implies)
            logger.warning("%s: column %s read as %s%s, its new name; rename the column in the file", path,
                           former.old, former.new, implied)
        problems.extend(found)
        unread = any(p.line <= 1 or not p.column for p in found) or bool(found and frame.empty)
        if not unread:  # header, file-level and unreadable-row problems leave no rows to check
            tables[file_schema.file] = frame
    return tables, problems, names


def _check_references(tables: dict[str, pd.DataFrame], problems: list[Problem], names: dict[str, str],
                      absent: frozenset[str] | set[str] = frozenset()) -> None:
    """Ids that must exist in another file (by pyarrow: a million events hold millions of references); where that
    file is an optional one the folder leaves out (``absent``), the column's ``choices`` instead."""
    for file_schema in schema.ALL:
        frame = tables.get(file_schema.file)
        for col in file_schema.columns:
            if not col.references or frame is None or frame.empty:
                continue
            target_file, target_col = col.references.rsplit(".", 1)
            if target_file in absent and col.choices:
                problems.extend(_not_chosen(frame, file_schema.file, col, target_file))
                continue
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


def _not_chosen(frame: pd.DataFrame, file: str, col: schema.Column, absent: str) -> list[Problem]:
    """A column's values outside its ``choices``, in a case without the file it otherwise refers to."""
    wrong = frame.loc[(frame[col.name].astype(str) != "") & ~frame[col.name].isin(col.choices)]
    return [Problem(file, int(line), col.name, f"expected one of {', '.join(col.choices)} (a case without {absent}), "
                                               f"instead got {value!r}; or declare the case's own in {absent}")
            for line, value in zip(wrong["_line"].head(MAX_PROBLEMS_PER_COLUMN), wrong[col.name])]


def check_event_rows(events: pd.DataFrame, context: Iterable[str], file: str,
                limit: int | None = MAX_PROBLEMS_PER_COLUMN) -> list[Problem]:
    """The rules events keep beyond their cells (rows with ``_line``): an end not before the start, and
    an event place, not one of the ``context`` place ids, and a summary in a reader's words
    (:mod:`geo.data.readers_words`); up to ``limit`` problems of each (None: all)."""
    backwards = events["end"].notna() & events["start"].notna() & (events["end"] < events["start"])
    at_context = events.loc[events["place_id"].isin(list(context))]
    return ([Problem(file, int(line), "end", "end is before start") for line in events.loc[backwards, "_line"].iloc[:limit]]
            + [Problem(file, int(line), "place_id",
                       f"{place_id!r} is a context place (role=context); events happen at event places")
               for line, place_id in zip(at_context["_line"].iloc[:limit], at_context["place_id"])]
            + summary_problems(events, file, limit))


def check_said(notes: pd.DataFrame, events: pd.DataFrame, file: str = "event_notes.csv",
               events_file: str = "events.csv") -> list[Problem]:
    """The rows of ``event_notes.csv`` that place an event at its subject (``placed=subject``) and may not: one about
    an event of a type not in :data:`geo.data.schema.SAID_TYPES` (a departure happened somewhere, and is placed
    there), or at a geo precision other than :data:`geo.data.schema.SAID_PRECISION`."""
    subject = notes.loc[notes["placed"] == "subject"]
    found = subject.merge(events.drop_duplicates("id")[["id", "type", "geo_precision", "_line"]], left_on="event_id",
                          right_on="id", suffixes=("", "_event"))
    problems = []
    for line, event_id, kind, precision, at in zip(found["_line"], found["event_id"], found["type"],
                                                    found["geo_precision"], found["_line_event"]):
        if kind not in schema.SAID_TYPES:
            problems.append(Problem(file, int(line), "placed", (
                f"placed=subject is for words said ({', '.join(schema.SAID_TYPES)}); event {event_id!r} "
                f"({events_file}:{int(at)}) is of type {kind!r}: place it where it happened (placed=where)")))
        elif not pd.isna(precision) and int(precision) != schema.SAID_PRECISION:
            problems.append(Problem(file, int(line), "placed", (
                f"an event at its subject has geo_precision {schema.SAID_PRECISION}; event {event_id!r} "
                f"({events_file}:{int(at)}) has {int(precision)}")))
    return problems[:MAX_PROBLEMS_PER_COLUMN]


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


REFERENCE_PHRASE = re.compile(r"[a-z0-9'-]+(?:(?: \*)? [a-z0-9'-]+)*")
"""A place reference's phrase: lower-case words, one space between them; ``*`` between two words
stands for up to three words of the text."""


def check_reference_phrases(references: pd.DataFrame) -> list[Problem]:
    """Each phrase of ``place_references.csv`` is lower-case words (or ``*``) with one space between them, so
    ingest can match it against lowered text word for word."""
    wrong = references.loc[~references["phrase"].astype(str).str.fullmatch(REFERENCE_PHRASE.pattern)]
    return [Problem("place_references.csv", int(line), "phrase",
                    f"expected lower-case words with one space between them (* only between two words), instead got {phrase!r}")
            for line, phrase in zip(wrong["_line"].head(MAX_PROBLEMS_PER_COLUMN), wrong["phrase"])]


def _check_rows(tables: dict[str, pd.DataFrame], problems: list[Problem]) -> None:
    """Rules that involve more than one column or row (files that could not be read are skipped)."""

    def table(file: str) -> pd.DataFrame:
        return tables.get(file, pd.DataFrame(columns=[*schema.BY_FILE[file].names, "_line"]))

    events = table("events.csv")
    places = table("gazetteer.csv")
    context = places.drop_duplicates("id").loc[lambda p: p["role"] == "context", "id"]
    problems += check_event_rows(events, context, "events.csv")
    if "event_notes.csv" in tables:
        problems += check_said(tables["event_notes.csv"], events)

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

    tags = places["name_local_lang"].astype(str).str.strip()
    untagged = places.loc[(tags != "") & ~tags.str.fullmatch(schema.LANGUAGE_TAG)].head(MAX_PROBLEMS_PER_COLUMN)
    for line, tag in zip(untagged["_line"], untagged["name_local_lang"]):
        problems.append(Problem("gazetteer.csv", int(line), "name_local_lang",
                                f"expected a BCP 47 language tag (ar, hy, az-Latn, uk), instead got {tag!r}"))

    names_given = places["name_local"].astype(str).str.strip() != ""
    for line in places.loc[names_given & (tags == ""), "_line"].head(MAX_PROBLEMS_PER_COLUMN):
        problems.append(Problem("gazetteer.csv", int(line), "name_local_lang",
                                "a local name needs its language tag (ar, hy, az-Latn, uk)"))
    problems += check_place_precision(places, table("place_sources.csv"))
    problems += check_reference_phrases(table("place_references.csv"))
    holdings = table("holdings.csv")
    backwards = holdings["from"].notna() & holdings["until"].notna() & (holdings["until"] <= holdings["from"])
    for line in holdings.loc[backwards, "_line"].head(MAX_PROBLEMS_PER_COLUMN):
        problems.append(Problem("holdings.csv", int(line), "until", "until is not after from"))
    spans = holdings.sort_values(["place_id", "from"], na_position="first", kind="stable")
    previous = spans.groupby("place_id")["until"].shift()
    overlap = spans["place_id"].duplicated() & (previous.isna() | spans["from"].isna() | (spans["from"] < previous))
    overlapping = spans.loc[overlap].sort_values("_line").head(MAX_PROBLEMS_PER_COLUMN)
    for line, place_id in zip(overlapping["_line"], overlapping["place_id"]):
        problems.append(Problem("holdings.csv", int(line), "from", f"overlaps an earlier span of {place_id!r}; "
                                                                  "a place's spans follow one another"))

    corridors = table("corridors.csv")
    backwards = corridors["active_until"].notna() & (corridors["active_until"] < corridors["active_from"])
    for line in corridors.loc[backwards, "_line"]:
        problems.append(Problem("corridors.csv", int(line), "active_until", "active_until is before active_from"))
    problems += _pause_problems(table("corridor_pauses.csv"), corridors)
    if "movements.csv" in tables:
        problems += movement_problems(tables["movements.csv"], claims)

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


def read_and_check(folder: Path) -> tuple[Case | None, dict[str, pd.DataFrame], list[Problem]]:
    """Read and check the descriptor and every file; each problem names the file as it was read."""
    case, problems = package.read_case(folder) if folder.is_dir() else (None, [])
    tables, found, names = _read_all(folder)
    problems += found
    if tables:
        absent = {s.file for s in schema.ALL if s.optional and not (folder / s.file).exists()}
        _check_references(tables, problems, names, absent)
        _check_rows(tables, problems)
        if "sources.csv" in tables:
            problems += archive.check_sources(tables["sources.csv"], folder)
    return case, tables, [replace(p, file=names.get(p.file, p.file)) for p in problems]


def validate(folder: Path | str | None = None, case: str | None = None) -> list[Problem]:
    """Every problem in a case folder, in file order; an empty list means it is clean."""
    return read_and_check(cases.case_folder(folder, case))[2]


def _pause_problems(pauses: pd.DataFrame, corridors: pd.DataFrame) -> list[Problem]:
    """A pause that ends before it begins, lies outside its corridor's time in use, or overlaps another pause of
    its corridor (``corridor_pauses.csv``)."""
    problems = []
    spans = {i: (a, b) for i, a, b in zip(corridors["id"], corridors["active_from"], corridors["active_until"])}
    last_end: dict[str, pd.Timestamp] = {}
    for row in pauses.sort_values(["corridor_id", "from"], kind="stable").to_dict("records"):
        line, start, end = int(row["_line"]), row["from"], row["until"]
        if pd.isna(start) or pd.isna(end):
            continue
        if end <= start:
            problems.append(Problem("corridor_pauses.csv", line, "until", "until is not after from"))
            continue
        active = spans.get(row["corridor_id"])
        if active is not None and not (pd.isna(active[0]) or pd.isna(active[1])) \
                and (start < active[0] or end > active[1]):
            problems.append(Problem("corridor_pauses.csv", line, "from",
                                    f"outside corridor {row['corridor_id']!r}'s time in use "
                                    f"({active[0].isoformat()} .. {active[1].isoformat()})"))
        before = last_end.get(row["corridor_id"])
        if before is not None and start < before:
            problems.append(Problem("corridor_pauses.csv", line, "from",
                                    f"overlaps an earlier pause of {row['corridor_id']!r}; a corridor's pauses "
                                    "follow one another"))
        last_end[row["corridor_id"]] = end
    return problems[:MAX_PROBLEMS_PER_COLUMN]
