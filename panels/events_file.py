"""Add events from a file: an upload in events.csv's columns, added to the loaded evidence for the session."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from geo.app import files
from geo.app.text import markdown_literal, problem_list
from geo.data import merge, uploads
from geo.data.evidence import Evidence

# Session-state keys.
EVENTS_FILE = "events_file"
EVENTS_FILE_DIGEST = "events_file_digest"  # (file id, SHA-256 of its bytes)

UPLOADS_CACHED = 2  # evidence-with-an-upload kept at once (each a copy of the events), shared by sessions with one file
UPLOAD_TYPES = ["csv", "parquet", "geojson", "json"]


@st.cache_resource(show_spinner="Adding the uploaded events…", max_entries=UPLOADS_CACHED)
def _add_upload(folder: str, signature: tuple, filename: str, digest: str, _loaded: Evidence,
                _data: bytes) -> merge.Upload:
    """The loaded evidence with an uploaded file's events, made once per data version and file content and
    shared by every session with the same file; ``_loaded`` and ``_data`` are not hashed."""
    return merge.add_events(_loaded, filename, _data)


def _digest(file) -> str:
    """The SHA-256 of an uploaded file, computed once per upload."""
    seen = st.session_state.get(EVENTS_FILE_DIGEST)
    if seen is None or seen[0] != file.file_id:
        seen = st.session_state[EVENTS_FILE_DIGEST] = (file.file_id, files.digest(file.getvalue()))
    return seen[1]


def events_file(folder: Path, signature: tuple, loaded: Evidence) -> tuple[Evidence, str | None]:
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
    name = markdown_literal(upload.file)
    if upload.problems:
        where.error(f"{name} was not added: {len(upload.problems):,} problem(s). The map shows the loaded data.\n\n"
                    + problem_list(upload.problems))
        return loaded, None
    if upload.new_sources:
        where.warning(markdown_literal(
            f"{upload.file} cites source ids not in sources.csv: {', '.join(upload.new_sources)}. Its events are "
            "shown citing them as not registered; add them to sources.csv with each report's outlet and date."))
    if upload.notes:
        where.warning(f"{len(upload.notes):,} note(s) on {name}:\n\n" + problem_list(upload.notes))
    where.success(markdown_literal(f"{upload.added:,} event(s) added from {upload.file} for this session; "
                                   "the data folder is unchanged."))
    return upload.evidence, digest
