"""evacmap's dashboard: ``streamlit run dashboard.py``.

A timeline-filtered map of an evacuation (the case ``?case=ID`` names, else the default one). The filter and the
selected event live in the URL (``?start=2016-12-15&end=2016-12-15&event=e014``), so
a copied link opens the same view. The only module that imports streamlit.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import sys
import time
from datetime import datetime, timedelta, tzinfo
from pathlib import Path

import numpy as np
import pandas as pd
import streamlit as st
from streamlit_folium import st_folium

from geo import cli, export, ingest, times
from geo.app import cases as app_cases
from geo.app import charts, listings, timeline
from geo.control import sides_ever
from geo.data import evidence, merge, newplace, uploads
from geo.data.evidence import Evidence
from geo.data.schema import PLACE_KINDS, ROLES
from geo.errors import DataFileError, ExportError, GeocoderUnavailable, IngestError, UsageError
from geo.export import mapfile
from geo.map import assets, build, layers
from geo.places import geocode
from geo.places.gazetteer import Gazetteer
from geo.places.geocode import Geocoded
from geo.view import View, from_params

# Session-state keys.
WINDOW = "window"
TYPES = "types"
SOURCES = "sources"
PLACES = "places"
SELECTED = "selected_event"
PLAY = "play"
PENDING = "pending"
NOTICES = "notices"
NOTICE_PARAMS = "notice_params"
STARTED = "started"
MAP = "map"
MAP_CLICK = "map_click"
TABLE = "event_table"
TABLE_SEEN = "event_table_seen"
CLAIMS_TABLE = "claims_table"
DAY_BUTTON = "day_"
ALL_DAYS = "all_days"
PREVIOUS = "previous_event"
NEXT = "next_event"
CLEAR = "clear_selection"
EVENTS_CHART = "events_chart"
CLAIMS_CHART = "claims_chart"
REPORT_TEXT = "report_text"
REPORT_FILE = "report_file"
REPORT_DATE = "report_published"
REPORT_OUTLET = "report_outlet"
INGEST = "ingest"
INGESTED = "ingested"  # (IngestedReport, error message or None)
CANDIDATE_DECISIONS = "candidate_decisions"
DOWNLOAD = "download_accepted"
EXPORT = "export_"  # + format
DAY_PICK = "day_pick"
CASE_PICK = "case_pick"
CASE_NOTICES = "case_notices"  # a ?case= the page could not use
PANEL = "panel"

EVENTS_FILE = "events_file"
EVENTS_FILE_DIGEST = "events_file_digest"  # (file id, SHA-256 of its bytes)
SHOWN_DATA = "shown_data"  # (what the evidence shown is, its slider bounds), to notice when an upload comes or goes
PLACE_QUERY = "place_query"
ONLINE = "online_lookup"
LOOKUPS = "lookups"  # name -> the online answer (None: no such place), this session
LOOKUP_PROBLEM = "lookup_problem"
ACCEPTED = "accepted_lookups"  # name -> the answer a person accepted
ACCEPT = "accept_lookup"
NEW_PLACE = "new_place_"  # + a gazetteer column
DOWNLOAD_PLACE = "download_place"

# The tabs below the map. Only the open one runs and reaches the browser, so the map's first
# markers do not queue behind the scripts of charts and tables (issue 6: first markers within 3 s).
PANELS = ("Claims", "Charts", "Events list")

EXPORT_LABELS = {"html": "Map (HTML)", "png": "Picture (PNG)", "geojson": "GeoJSON", "csv": "Events CSV", "acled": "ACLED CSV"}

PLAY_SECONDS = 1.5
DAY_BUTTONS = 31  # up to this many days the timeline has a button for each; a longer span has a day picker
TABLE_ROWS = 1000  # the event and claim lists show this many rows at most (a million would flood the browser)
PROBLEMS_SHOWN = 20  # a bad upload lists this many problems, then counts the rest
UPLOADS_CACHED = 2  # evidence-with-an-upload kept at once (each a copy of the events), shared by sessions with one file
UPLOAD_TYPES = ["csv", "parquet", "geojson", "json"]
MAP_HEIGHT = 560
_MARKDOWN_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def plain(text: object) -> str:
    """Data text made literal for Streamlit markdown (no links, images, colours or maths)."""
    return _MARKDOWN_PUNCTUATION.sub(r"\\\1", str(text))


def _signature(folder: Path) -> tuple:
    """What changes when a data file changes, so edited data is reloaded."""
    if not folder.is_dir():
        return ()
    return tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.iterdir()) if p.is_file())


@st.cache_resource(show_spinner="Loading the evidence base…", max_entries=4)
def _load(folder: str, signature: tuple) -> Evidence:
    """The evidence of a folder, loaded once per version of its files.

    ``cache_resource``, not ``cache_data``: the evidence is read-only and large, and
    ``cache_data`` would copy it on every rerun.
    """
    return evidence.load(folder)


@st.cache_resource(show_spinner="Adding the uploaded events…", max_entries=UPLOADS_CACHED)
def _add_upload(folder: str, signature: tuple, filename: str, digest: str, _loaded: Evidence,
                _data: bytes) -> merge.Upload:
    """The loaded evidence with an uploaded file's events, made once per data version and file content.

    Keyed by the folder's signature and the file's name and SHA-256, so every session
    with the same file shares one copy; ``_loaded`` and ``_data`` are not hashed.
    """
    return merge.add_events(_loaded, filename, _data)


def _digest(file) -> str:
    """The SHA-256 of an uploaded file, computed once per upload."""
    seen = st.session_state.get(EVENTS_FILE_DIGEST)
    if seen is None or seen[0] != file.file_id:
        seen = st.session_state[EVENTS_FILE_DIGEST] = (file.file_id, hashlib.sha256(file.getvalue()).hexdigest())
    return seen[1]


def _problem_list(problems) -> str:
    """Problems as a markdown list, the first :data:`PROBLEMS_SHOWN` and a count of the rest."""
    listed = "\n".join(f"- {plain(p)}" for p in problems[:PROBLEMS_SHOWN])
    more = len(problems) - PROBLEMS_SHOWN
    return listed + (f"\n\n… and {more:,} more problem(s)" if more > 0 else "")


def _events_file(folder: Path, signature: tuple, loaded: Evidence) -> tuple[Evidence, str | None]:
    """The sidebar's events file; the evidence to show (with the file's events if it is clean) and the file's digest."""
    where = st.sidebar
    where.subheader("Add events from a file")
    file = where.file_uploader("Events in events.csv's columns (CSV, Parquet or GeoJSON)", type=UPLOAD_TYPES,
                               key=EVENTS_FILE, max_upload_size=uploads.MAX_UPLOAD_BYTES // 2**20,
                               help="Added for this session only; the data folder is never written. "
                                    "Remove the file to go back to the loaded data.")
    if file is None:
        return loaded, None
    digest = _digest(file)
    upload = _add_upload(str(folder), signature, file.name, digest, loaded, file.getvalue())
    if upload.problems:
        where.error(f"{plain(upload.file)} was not added: {len(upload.problems):,} problem(s). "
                    "The map shows the loaded data.\n\n" + _problem_list(upload.problems))
        return loaded, None
    if upload.new_sources:
        where.warning(plain(f"{upload.file} cites source ids not in sources.csv: {', '.join(upload.new_sources)}. "
                            "Its events are shown citing them as not registered; add them to sources.csv with "
                            "each report's outlet and date."))
    if upload.notes:
        where.warning(f"{len(upload.notes):,} note(s) on {plain(upload.file)}:\n\n" + _problem_list(upload.notes))
    where.success(plain(f"{upload.added:,} event(s) added from {upload.file} for this session; "
                        "the data folder is unchanged."))
    return upload.evidence, digest


def _follow(ev: Evidence, shown_data: tuple) -> None:
    """When the evidence shown changes (an upload added or removed): a window on the whole span stays on
    the whole span, another is kept within the new span, and a selected event that is gone is let go."""
    bounds = _bounds(ev)
    before = st.session_state.get(SHOWN_DATA)
    st.session_state[SHOWN_DATA] = (shown_data, bounds)
    if before is None or before[0] == shown_data:
        return
    start, end = tuple(st.session_state[WINDOW])
    lo, hi = bounds
    whole = (start, end) == before[1] or min(end, hi) <= max(start, lo)
    st.session_state[WINDOW] = bounds if whole else (max(start, lo), min(end, hi))
    selected = st.session_state[SELECTED]
    if selected is not None and not (ev.events["id"] == selected).any():
        st.session_state[SELECTED] = None


def _local(moment: pd.Timestamp | datetime, zone: tzinfo) -> datetime:
    """A moment in the case's local time (the slider shows wall-clock time as given)."""
    return pd.Timestamp(moment).tz_convert(zone).to_pydatetime()


def _day_window(day, zone: tzinfo) -> tuple[datetime, datetime]:
    start, end = times.local_day_span(day, zone)
    return _local(start, zone), _local(end, zone)


def _bounds(ev: Evidence) -> tuple[datetime, datetime]:
    """The slider's ends: the evidence's whole span, in the case's local time, to the hour."""
    first, last = ev.time_span()
    return _local(first.floor("h"), ev.case.timezone), _local(last.ceil("h"), ev.case.timezone)


def _start(ev: Evidence) -> None:
    """First run of a session: the view from the URL, each bad parameter noticed."""
    view, notices = from_params(st.query_params.to_dict(), ev)
    notices = st.session_state.pop(CASE_NOTICES, []) + notices
    lo, hi = _bounds(ev)
    zone = ev.case.timezone
    start = _local(view.start, zone) if view.start else lo
    end = _local(view.end, zone) if view.end else hi
    if end <= lo or start >= hi:
        notices.append(f"the window {view.to_params(zone).get('start', '…')} to {view.to_params(zone).get('end', '…')} "
                       "holds no data; showing the whole span instead")
        start, end = lo, hi
    st.session_state[WINDOW] = (max(start, lo), min(end, hi))
    st.session_state[TYPES] = list(view.types)
    st.session_state[SOURCES] = list(view.sources)
    st.session_state[PLACES] = list(view.places)
    st.session_state[SELECTED] = view.event
    st.session_state[NOTICES] = notices
    st.session_state[STARTED] = True


@st.cache_resource(show_spinner=False)
def _offline_assets(mode: str) -> dict[str, str]:
    """Local copies of the map's scripts and styles, for ``EVACMAP_OFFLINE`` (field use, CI)."""
    return assets.copies(mode)


def _map_assets() -> dict[str, str] | None:
    """The offline assets the ``EVACMAP_OFFLINE`` setting asks for, or None to load them from CDNs."""
    try:
        mode = assets.setting()
        return _offline_assets(mode) if mode else None
    except ExportError as error:
        st.warning(f"Offline mode is off: {plain(error)}")
        return None


def _set(**values) -> None:
    """A widget callback: set session-state values before the next run draws the widgets."""
    for key, value in values.items():
        st.session_state[key] = value


def _view(ev: Evidence) -> View:
    """The view the widgets describe; both slider handles on one hour mean that hour."""
    lo, hi = _bounds(ev)
    start, end = max(st.session_state[WINDOW][0], lo), min(st.session_state[WINDOW][1], hi)
    if end <= start:
        start, end = (start, start + timedelta(hours=1)) if start < hi else (hi - timedelta(hours=1), hi)
    whole = start <= lo and end >= hi
    return View(
        start=None if whole else start,
        end=None if whole else end,
        types=tuple(st.session_state[TYPES]),
        sources=tuple(st.session_state[SOURCES]),
        places=tuple(st.session_state[PLACES]),
        event=st.session_state[SELECTED],
    )


def _filters(ev: Evidence, where) -> None:
    where.header("Filters")
    where.multiselect("Event type", list(ev.event_types), key=TYPES,
                      format_func=lambda i: ev.event_types[i].label, placeholder="All types")
    where.multiselect("Source", list(ev.sources), key=SOURCES,
                      format_func=lambda i: ev.sources[i].cite(), placeholder="All sources")
    places = [p for p in ev.gazetteer if p.role == "event"]
    where.multiselect("Place", [p.id for p in places], key=PLACES,
                      format_func=lambda i: ev.gazetteer[i].name, placeholder="All places")


def _timeline(ev: Evidence, day_list: list) -> None:
    lo, hi = _bounds(ev)
    st.slider(f"Time window (local time, {times.offsets(lo, hi, ev.case.timezone)})", min_value=lo, max_value=hi,
              step=timedelta(hours=1),
              format="ddd D MMM, HH:mm" if lo.year == hi.year else "ddd D MMM YYYY, HH:mm", key=WINDOW)
    window = tuple(st.session_state[WINDOW])
    with st.container(horizontal=True, gap="xxsmall", vertical_alignment="center"):
        st.toggle("Play", key=PLAY, help="Step through the days, one every few seconds")
        st.button("All days", key=ALL_DAYS, on_click=_set, kwargs={WINDOW: (lo, hi)},
                  type="primary" if window == (lo, hi) else "tertiary")
        if len(day_list) > DAY_BUTTONS:
            st.date_input("Show one day", value=None, min_value=day_list[0], max_value=day_list[-1], key=DAY_PICK,
                          on_change=_pick_day, args=(ev.case.timezone,), label_visibility="collapsed",
                          format="YYYY-MM-DD", width=150)
            return
        for day in day_list:
            span = _day_window(day, ev.case.timezone)
            st.button(f"{day:%a} {day.day}", key=DAY_BUTTON + day.isoformat(), help=f"{day:%A %d %B %Y}",
                      on_click=_set, kwargs={WINDOW: span}, type="primary" if window == span else "tertiary")


def _pick_day(zone: tzinfo) -> None:
    """The day picker (long spans): show the day picked."""
    day = st.session_state[DAY_PICK]
    if day is not None:
        st.session_state[WINDOW] = _day_window(day, zone)


def _charts(ev: Evidence, view: View, day_list: list) -> None:
    """Events a day, and evacuee numbers by who claimed them; the window's days stand out."""
    left, right = st.columns(2)
    left.vega_lite_chart(spec=charts.events_a_day(ev, view, day_list), key=EVENTS_CHART, width="stretch")
    claims = charts.claimed_evacuees(ev, view, day_list)
    if claims is None:
        right.info("No evacuee numbers are claimed about the events these filters keep.")
    else:
        right.vega_lite_chart(spec=claims, key=CLAIMS_CHART, width="stretch")


def _position(shown: pd.DataFrame, event_id: str | None) -> int:
    """Where an event is among the events shown (time order), or -1."""
    found = np.flatnonzero(shown["id"].to_numpy() == event_id) if event_id else ()
    return int(found[0]) if len(found) else -1


def _details(ev: Evidence, shown: pd.DataFrame, view: View) -> None:
    """The selected event, and story mode: previous and next through the events shown, in time order.

    With no event of the list selected, Next starts at the first and Previous at the last.
    """
    ids = shown["id"]
    count = len(ids)
    with st.container(horizontal=True):
        current = st.session_state[SELECTED]
        at = _position(shown, current)
        before = ids.iat[at - 1] if at > 0 else ids.iat[-1] if at < 0 and count else None
        after = ids.iat[at + 1] if 0 <= at < count - 1 else ids.iat[0] if at < 0 and count else None
        st.button("◀ Previous", key=PREVIOUS, on_click=_set, kwargs={SELECTED: before}, disabled=before is None)
        st.button("Next ▶", key=NEXT, on_click=_set, kwargs={SELECTED: after}, disabled=after is None)
        st.button("Clear", key=CLEAR, on_click=_set, kwargs={SELECTED: None}, disabled=current is None)
    if view.event:
        event = ev.event(view.event)
        row = shown.loc[shown["id"] == event.id].iloc[0]
        kind = ev.event_types[event.type]
        st.subheader(plain(f"{kind.label} at {row['place_name']}"))
        upload = merge.uploaded_from(row)
        st.caption(f"Event {plain(event.id)}, {at + 1:,} of {count:,} shown"
                   + (plain(f" · from upload {upload} (this session only)") if upload else ""))
        st.markdown(f"**{plain(event.when(ev.case.timezone))}**")
        st.markdown(plain(event.summary))
        if event.geo_precision > 1:
            st.markdown(plain(f"Place approximate: within about {int(row['precision_m']):,} m of the point shown."))
        if event.actors:
            st.markdown("**Who:** " + plain(", ".join(event.actors)))
        st.markdown("**Sources:** " + plain("; ".join(ev.cite(event.sources))))
    else:
        st.markdown("Select an event: click a marker, pick a row in the list below, or step with Next.")


def _claims(ev: Evidence, shown: pd.DataFrame, view: View, claimed: pd.DataFrame) -> None:
    """Every claim about the selected event, or else about the events shown (``claimed``), with who made it."""
    if view.event:
        st.subheader(f"Claims about event {view.event}")
        claims = listings.claim_rows(ev, [view.event])
    else:
        st.subheader(f"Claims about the {len(shown):,} events shown")
        claims = listings.claim_table(ev, claimed, limit=TABLE_ROWS)
    if claims.empty:
        st.caption("No numbers are claimed about these events.")
    else:
        more = (f" The first {TABLE_ROWS:,} of {len(claimed):,}: narrow the window or the filters to list the others."
                if not view.event and len(claimed) > TABLE_ROWS else "")
        st.caption("Sorted by what is counted, so numbers that disagree sit together." + more)
        st.dataframe(claims, key=CLAIMS_TABLE, hide_index=True, width="stretch")


def _take_table_pick() -> None:
    """A row the user picked in the event list since the last run selects its event."""
    seen_rows, seen_ids = st.session_state.get(TABLE_SEEN, ((), ()))
    state = st.session_state.get(TABLE)
    if state is None:  # the list's tab was closed: nothing was picked
        return
    rows = tuple(state["selection"]["rows"])
    if rows != seen_rows and rows and rows[0] < len(seen_ids):
        st.session_state[SELECTED] = seen_ids[rows[0]]
    elif rows != seen_rows and not rows:
        st.session_state[SELECTED] = None


def _show_table(ev: Evidence, shown: pd.DataFrame) -> None:
    """The event list (the first :data:`TABLE_ROWS`), its row selection kept in step with the selected event."""
    if len(shown) > TABLE_ROWS:
        st.caption(f"The first {TABLE_ROWS:,} of the {len(shown):,} events shown, in time order: narrow the window "
                   "or the filters to list the others, or export the view to have them all.")
    table = listings.event_rows(ev, shown.head(TABLE_ROWS))
    ids = tuple(table["id"])
    selected = st.session_state[SELECTED]
    rows = (ids.index(selected),) if selected in ids else ()
    st.session_state[TABLE] = {"selection": {"rows": list(rows), "columns": [], "cells": []}}
    st.session_state[TABLE_SEEN] = (rows, ids)
    columns = {"id": st.column_config.TextColumn("Event", width="small"),
               "Summary": st.column_config.TextColumn(width="large")}
    st.dataframe(table, key=TABLE, on_select="rerun", selection_mode="single-row", hide_index=True,
                 width="stretch", column_config=columns)


def _ingest(ev: Evidence) -> None:
    """Read the pasted or uploaded report into candidate events (kept in this session only)."""
    upload = st.session_state.get(REPORT_FILE)
    text = st.session_state.get(REPORT_TEXT) or ""
    published = st.session_state.get(REPORT_DATE)
    st.session_state.pop(CANDIDATE_DECISIONS, None)
    try:
        if upload is not None:
            try:
                text = upload.getvalue().decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise IngestError(f"{upload.name}: not UTF-8 text (byte {error.start}); save it as UTF-8") from None
        if not text.strip():
            raise IngestError("paste a report's text or upload a .txt file first")
        if published is None:
            raise IngestError("give the report's publication date: relative dates (Thursday, yesterday) count from it")
        report = ingest.ingest_text(text, published, st.session_state.get(REPORT_OUTLET) or None, ev.gazetteer,
                                    zone=ev.case.timezone, sides=sides_ever(ev.control),
                                    file=upload.name if upload is not None else "pasted")
        st.session_state[INGESTED] = (report, None)
    except IngestError as error:
        st.session_state[INGESTED] = (None, str(error))


def _decisions() -> list[str]:
    """The reviewer's decision for each candidate: the editor's edits over "undecided"."""
    report, _ = st.session_state.get(INGESTED, (None, None))
    if report is None:
        return []
    decisions = [listings.CANDIDATE_CHOICES[0]] * len(report.events)
    for row, edit in st.session_state.get(CANDIDATE_DECISIONS, {}).get("edited_rows", {}).items():
        if 0 <= int(row) < len(decisions):
            decisions[int(row)] = edit.get("Decision", decisions[int(row)])
    return decisions


def _candidates(zone: tzinfo) -> pd.DataFrame | None:
    """The candidates not rejected, for the map's candidate layer."""
    report, _ = st.session_state.get(INGESTED, (None, None))
    if report is None:
        return None
    kept = [c for c, d in zip(report.events, _decisions(), strict=True) if d != "reject"]
    return listings.candidate_layer(kept, zone) if kept else None


def _add_reports(ev: Evidence) -> None:
    """Paste or upload a report; review its candidate events; download the accepted ones."""
    with st.expander("Add reports: find candidate events in a report's text", expanded=INGESTED in st.session_state):
        st.caption("Candidates appear on the map as their own layer (dashed white circles). "
                   "Nothing added here changes the data folder; download the accepted rows to add them.")
        st.text_area("Report text", key=REPORT_TEXT, height=150)
        st.file_uploader("…or a text file (used instead of the pasted text)", type=["txt"], key=REPORT_FILE,
                         max_upload_size=math.ceil(ingest.MAX_TEXT_CHARS / 10**6))
        with st.container(horizontal=True):
            st.date_input("Published (local date)", value=None, key=REPORT_DATE)
            st.text_input("Outlet", key=REPORT_OUTLET, placeholder="e.g. Reuters")
        st.button("Find candidate events", key=INGEST, on_click=_ingest, args=(ev,), type="primary")
        report, problem = st.session_state.get(INGESTED, (None, None))
        if problem:
            st.error(plain(problem))
        if report is None:
            return
        if not report.events:
            st.info(f"No dated, located events found in {plain(report.file)}.")
            return
        decisions = _decisions()
        st.data_editor(listings.candidate_rows(ev, report.events, [listings.CANDIDATE_CHOICES[0]] * len(decisions)),
                       key=CANDIDATE_DECISIONS, hide_index=True, width="stretch",
                       disabled=list(listings.CANDIDATE_LIST_COLUMNS[1:]),
                       column_config={"Decision": st.column_config.SelectboxColumn(options=list(listings.CANDIDATE_CHOICES),
                                                                                   required=True)})
        accepted = [c for c, d in zip(report.events, decisions, strict=True) if d == "accept"]
        source = report.source_id
        st.download_button(f"Download {len(accepted)} accepted event(s) as events.csv rows",
                           ingest.events_frame(accepted, source, zone=ev.case.timezone).to_csv(index=False).encode("utf-8"),
                           file_name=f"{source}_events.csv", mime="text/csv", key=DOWNLOAD, disabled=not accepted)
        st.caption(plain(f"The rows cite the source id {source}: add it to sources.csv with the report's details."))


def _lookup_off() -> str | None:
    """Why online lookups cannot be used (no contact for Nominatim's usage policy), or None."""
    try:
        geocode.user_agent()
    except GeocoderUnavailable as error:
        return str(error)
    return None


@st.cache_resource(show_spinner=False)
def _online_geocoder(contact: str) -> geocode.OnlineGeocoder:
    """One Nominatim client for the whole server: its one-request-a-second limit and disk cache are shared."""
    return geocode.OnlineGeocoder(contact=contact)


def _look_up(gazetteer: Gazetteer) -> list[Geocoded]:
    """Ask Nominatim for the name in "Find a place" if it is on and the gazetteer can't resolve the name;
    the answer to draw on the map."""
    query = (st.session_state.get(PLACE_QUERY) or "").strip()
    st.session_state.pop(LOOKUP_PROBLEM, None)
    if not query or not st.session_state.get(ONLINE) or _lookup_off() or gazetteer.resolve(query).resolved:
        return []
    answers = st.session_state.setdefault(LOOKUPS, {})
    if query not in answers:
        try:
            with st.spinner(f"Asking {geocode.SOURCE} about {query}…"):
                answers[query] = _online_geocoder(os.environ[geocode.CONTACT_ENV].strip()).lookup(query)
        except GeocoderUnavailable as error:
            st.session_state[LOOKUP_PROBLEM] = str(error)
            return []
    found = st.session_state.get(ACCEPTED, {}).get(query) or answers[query]
    return [found] if found is not None else []


def _accept(found: Geocoded, gazetteer: Gazetteer) -> None:
    """The Accept button: the answer becomes verified, and the new place's id and name are proposed."""
    st.session_state.setdefault(ACCEPTED, {})[found.query] = found.accept()
    st.session_state[NEW_PLACE + "id"] = newplace.suggest_id(newplace.place_name(found), gazetteer)
    st.session_state[NEW_PLACE + "name"] = newplace.place_name(found)
    for column in ("name_ar", "kind", "role", "precision_m"):  # what was given for another place is not this one's
        st.session_state.pop(NEW_PLACE + column, None)


def _new_place(found: Geocoded, gazetteer: Gazetteer) -> None:
    """What only a person can say about an accepted place, then its gazetteer.csv row to download."""
    st.caption("Give what the geocoder cannot know, then download the row to add to data/gazetteer.csv "
               "(nothing here changes the data folder).")
    with st.container(horizontal=True):
        st.text_input("Id", key=NEW_PLACE + "id")
        st.text_input("Name", key=NEW_PLACE + "name")
        st.text_input("Arabic name", key=NEW_PLACE + "name_ar")
    with st.container(horizontal=True):
        st.selectbox("Kind", PLACE_KINDS, index=None, key=NEW_PLACE + "kind")
        st.selectbox("Role", ROLES, index=None, key=NEW_PLACE + "role",
                     help="event: something in the reports happened here; context: only mentioned")
        st.number_input("Precision (m)", min_value=1, max_value=1_000_000, value=None, step=100,
                        key=NEW_PLACE + "precision_m", help="how far around the point the place spreads")
    state = st.session_state
    data, problems = newplace.gazetteer_row(
        found, gazetteer, place_id=state.get(NEW_PLACE + "id") or "", name=state.get(NEW_PLACE + "name") or "",
        name_ar=state.get(NEW_PLACE + "name_ar") or "", kind=state.get(NEW_PLACE + "kind"),
        role=state.get(NEW_PLACE + "role"), precision_m=state.get(NEW_PLACE + "precision_m"),
        retrieved=datetime.now(times.UTC).date())
    if problems:
        st.caption("Still needed before the row can be downloaded:\n\n" + _problem_list(problems))
    st.download_button("Download the gazetteer.csv row", data, file_name="gazetteer_new_place.csv", mime="text/csv",
                       key=DOWNLOAD_PLACE, disabled=bool(problems))


def _find_place(gazetteer: Gazetteer) -> None:
    """A name resolved by the gazetteer, or else (if turned on) looked up online, unverified until accepted."""
    query = (st.session_state.get(PLACE_QUERY) or "").strip()
    off = _lookup_off()
    with st.expander("Find a place: the gazetteer's answer, or OpenStreetMap's", expanded=bool(query)):
        st.text_input("Place name", key=PLACE_QUERY, placeholder="e.g. Ramoussa, الراموسة, Handarat")
        st.toggle("Look names up online (OpenStreetMap Nominatim)", key=ONLINE, disabled=off is not None,
                  help=f"Off: set {geocode.CONTACT_ENV} to an e-mail address or URL where you can be reached "
                       "(Nominatim's usage policy) and restart." if off else
                       "A name the gazetteer can't resolve is asked of Nominatim (one request a second for the "
                       "whole server, answers cached). Answers are unverified until you accept them.")
        if not query:
            return
        resolution = gazetteer.resolve(query)
        if resolution.resolved:
            place = resolution.place
            st.success(plain(f"In the gazetteer: {place.name} ({place.id}), lat {place.lat}, lon {place.lon}; "
                             f"matched by {resolution.matched_by}, score {resolution.score:.2f}"))
            return
        hint = ", ".join(f"{gazetteer[i].name} ({i})" for i in resolution.suggestions)
        st.info(plain(f"Not in the gazetteer: {query}." + (f" Did you mean {hint}?" if hint else "")))
        if off or not st.session_state.get(ONLINE):
            return
        if LOOKUP_PROBLEM in st.session_state:
            st.error(plain(f"unresolved: {st.session_state[LOOKUP_PROBLEM]}"))
            return
        found = st.session_state.get(ACCEPTED, {}).get(query) or st.session_state.get(LOOKUPS, {}).get(query)
        if found is None:
            st.info(plain(f"unresolved: {geocode.SOURCE} knows no place called {query}"))
            return
        details = (f"{found.address} · lat {found.lat:.5f}, lon {found.lon:.5f} · OSM {found.osm or 'id not given'} "
                   f"· source {found.source}")
        if not found.verified:
            st.warning(plain(f"UNVERIFIED: {details}") + "  \nCheck it on the map (the pink diamond) before you "
                                                         "accept it.")
            st.button("Accept", key=ACCEPT, on_click=_accept, args=(found, gazetteer))
            return
        st.success(plain(f"VERIFIED (accepted by you): {details}"))
        _new_place(found, gazetteer)


def _exports(ev: Evidence, view: View, shown: int) -> None:
    """Download buttons for exactly the current view; each file is made only when clicked.

    A download is held in the server's memory, so views of more than :data:`geo.export.formats.DOWNLOAD_EVENTS` events
    are exported with ``evacmap export``, which writes to a file as it goes; the buttons say so.
    """
    st.sidebar.subheader("Export this view")
    try:
        offline = assets.setting()
    except ExportError:
        offline = None  # the map already warned about the setting
    try:
        has_browser = mapfile.find_chromium() is not None
    except ExportError:
        has_browser = False
    for fmt in export.FORMATS:
        options = {"offline": offline} if fmt in ("html", "png") and offline else {}
        if fmt == "png" and not has_browser:
            why = "needs Chromium on the server (apt-get install chromium)"
        elif fmt in export.DATA_FORMATS and shown > export.DOWNLOAD_EVENTS:
            why = (f"{shown:,} events: more than the {export.DOWNLOAD_EVENTS:,} a download holds. Narrow the view, or run "
                   f"`evacmap export --format {fmt} --data FOLDER -o FILE` with this view's --start, --end and filters")
        else:
            why = None
        st.sidebar.download_button(
            EXPORT_LABELS[fmt], lambda fmt=fmt, options=options: export.render(ev, view, fmt, **options),
            file_name=export.filename(ev, view, fmt), mime=export.MEDIA_TYPES[fmt], key=EXPORT + fmt,
            on_click="ignore", disabled=why is not None, width="stretch", help=why,
        )


def _play(ev: Evidence, day_list: list) -> None:
    """While Play is on: wait, then move the window to the next day (the last day stops it)."""
    window = tuple(st.session_state[WINDOW])
    spans = [_day_window(d, ev.case.timezone) for d in day_list]
    if window in spans[:-1]:
        following = spans[spans.index(window) + 1]
    elif window == spans[-1]:
        st.session_state[PENDING] = {PLAY: False}
        st.rerun()
    else:
        following = spans[0]
    time.sleep(PLAY_SECONDS)
    st.session_state[PENDING] = {WINDOW: following}
    st.rerun()


def _folder() -> Path:
    """The data folder: ``streamlit run dashboard.py -- --data DIR``, else ``$EVACMAP_DATA``, else data/.

    The options are read only when streamlit runs this file (it puts the file first in ``sys.argv``);
    under a test runner ``sys.argv`` is the runner's.
    """
    ours = bool(sys.argv) and Path(sys.argv[0]).resolve() == Path(__file__).resolve()
    try:
        return cli.dashboard_folder(sys.argv[1:] if ours else [])
    except UsageError as error:
        st.error(plain(error))
        st.stop()


def _page_title() -> str:
    """The tab's title from the case the link names, before any element is drawn (a second
    ``st.set_page_config`` would redraw the page under the map)."""
    try:
        return app_cases.page_title(app_cases.chosen(_folder(), st.query_params.to_dict())[1])
    except UsageError:
        return "evacmap"


def _case_folder() -> Path:
    """The case the link names (``?case=ID``) or the default one; a picker when the folder holds several."""
    folder = _folder()
    try:
        case_id, chosen, notices = app_cases.chosen(folder, st.query_params.to_dict())
    except UsageError as error:
        st.error(plain(error))
        st.stop()
    st.session_state.setdefault(CASE_NOTICES, notices)
    choices = app_cases.ids(folder)
    if len(choices) > 1:
        picked = st.sidebar.selectbox("Case", choices, index=choices.index(case_id), key=CASE_PICK)
        if picked != case_id:
            st.query_params.clear()
            st.query_params[app_cases.PARAM] = picked
            for key in list(st.session_state):
                if key != CASE_PICK:
                    del st.session_state[key]
            st.rerun()
    return chosen


def _evidence() -> tuple[Evidence, Evidence, str | None, tuple]:
    """The loaded evidence, the evidence shown (with an uploaded file's events), the file's digest and
    the data folder's signature; a folder that cannot be used stops the page with its problems."""
    folder = _case_folder()
    signature = _signature(folder)
    try:
        loaded = _load(str(folder), signature)
    except DataFileError as error:
        st.error(f"The data folder {plain(folder)} cannot be used: {len(error.problems)} problem(s). "
                 f"Fix them and reload (`evacmap validate` lists the same).\n\n"
                 + "\n".join(f"- {plain(p)}" for p in error.problems))
        st.stop()
    ev, digest = _events_file(folder, signature, loaded)
    return loaded, ev, digest, signature


def _settled_view(ev: Evidence) -> tuple[View, pd.DataFrame]:
    """The view the widgets describe and its events, written to the address; a linked event outside
    them is let go, and the link's unused parameters are noticed until the view changes."""
    view = _view(ev)
    shown = view.apply(ev)
    if view.event and _position(shown, view.event) < 0:
        if NOTICE_PARAMS not in st.session_state:  # the link named it
            st.session_state[NOTICES].append(f"event: {view.event!r} is outside this window and these filters; "
                                             "no event is selected")
        st.session_state[SELECTED] = None
        view = _view(ev)
    params = app_cases.link_params(ev.case.id, _folder(), view.to_params(ev.case.timezone))
    if params != st.query_params.to_dict():
        st.query_params.from_dict(params)
    st.session_state.setdefault(NOTICE_PARAMS, params)
    if params != st.session_state[NOTICE_PARAMS]:
        st.session_state[NOTICES] = []
    for notice in st.session_state[NOTICES]:
        st.warning(plain(f"Link parameter not used: {notice}"))
    return view, shown


def _map(ev: Evidence, view: View, shown: pd.DataFrame) -> None:
    """The map of the view; a click on an event's marker selects it, on a place's count shows only that place."""
    try:
        folium_map = build.build_map(ev, view, title=view.describe(ev), offline_assets=_map_assets(),
                                       candidates=_candidates(ev.case.timezone), lookups=_look_up(ev.gazetteer),
                                       clickable_places=True)
    except ValueError as error:
        st.error(f"The map cannot be drawn: {plain(error)}")
        return
    clicked = st_folium(folium_map, key=MAP, height=MAP_HEIGHT, use_container_width=True,
                        returned_objects=["last_object_clicked_tooltip"])
    tooltip = (clicked or {}).get("last_object_clicked_tooltip")
    picked = build.event_id_from_tooltip(tooltip)
    previous = st.session_state.get(MAP_CLICK)
    st.session_state[MAP_CLICK] = tooltip
    if tooltip != previous and picked != view.event and _position(shown, picked) >= 0:
        st.session_state[SELECTED] = picked
        st.rerun()
    place = layers.place_id_from_tooltip(ev, tooltip) if tooltip != previous else None
    if place is not None and list(view.places) != [place]:
        st.session_state[PENDING] = {PLACES: [place]}  # the filter widget is drawn already: set it next run
        st.rerun()


def _tabs(ev: Evidence, view: View, shown: pd.DataFrame, claimed: pd.DataFrame, day_list: list) -> None:
    """Claims, charts and the event list below the map; only the open tab runs."""
    claims_tab, charts_tab, list_tab = st.tabs(PANELS, key=PANEL, on_change="rerun")
    if claims_tab.open:
        with claims_tab:
            _claims(ev, shown, view, claimed)
    if charts_tab.open:
        with charts_tab:
            _charts(ev, view, day_list)
    if list_tab.open:
        with list_tab:
            _show_table(ev, shown)


def main() -> None:
    st.set_page_config(page_title=_page_title(), page_icon="🗺️", layout="wide")
    filters = st.sidebar.container()  # above the events file, which is read first
    loaded, ev, digest, signature = _evidence()
    if STARTED not in st.session_state:
        _start(ev)
    _follow(ev, (signature, digest))
    for key, value in st.session_state.pop(PENDING, {}).items():
        st.session_state[key] = value
    _take_table_pick()
    day_list = timeline.days(ev)

    st.header(ev.case.title)
    _filters(ev, filters)
    _timeline(ev, day_list)
    view, shown = _settled_view(ev)
    claimed = view.claims(ev)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        st.metric("Events", len(shown), width="content", format="localized")
        st.metric("Corridors in use", len(view.corridors(ev)), width="content", format="localized")
        st.metric("Claims", len(claimed), width="content", format="localized")
        start, end = view.window(ev)
        st.caption(plain(view.describe(ev)) + f" · times in local time ({times.offsets(start, end, ev.case.timezone)}), "
                   "UTC beside")
    map_column, detail_column = st.columns([2, 1])
    with map_column:
        _map(ev, view, shown)
    with detail_column:
        _details(ev, shown, view)
    _tabs(ev, view, shown, claimed, day_list)
    _add_reports(ev)
    _find_place(ev.gazetteer)
    _exports(ev, view, len(shown))
    st.sidebar.divider()
    added = len(ev.events) - len(loaded.events)
    st.sidebar.caption(plain(f"Data: {ev.folder} · {len(ev.events)} events"
                             + (f" ({added} from the uploaded file)" if added else "") + f", {len(ev.claims)} claims, "
                             f"{len(ev.corridors)} corridors, {len(ev.sources)} sources"))
    st.sidebar.caption("Share this view: copy the page's address; it holds the window, filters and selection.")
    if st.session_state[PLAY]:
        _play(ev, day_list)


if __name__ == "__main__":  # streamlit runs the script as __main__; tests import its constants
    main()
