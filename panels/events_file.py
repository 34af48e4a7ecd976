"""Add events from a file: an upload in events.csv's columns, added to the loaded evidence for the session.

What an upload makes (the evidence with its events) is kept in the session's own state, never in a cache
shared by the server: it goes when the file is removed or the session ends, and one visitor holds at most
one upload at a time.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from streamlit.runtime.uploaded_file_manager import UploadedFile

from geo.app import files, upload_notices
from geo.data import merge, uploads
from geo.data.evidence import Evidence

# Session-state keys.
EVENTS_FILE = "events_file"
EVENTS_FILE_DIGEST = "events_file_digest"  # (file id, SHA-256 of its bytes)
EVENTS_FILE_ADDED = "events_file_added"  # ((folder, signature, digest), merge.Upload): the file's evidence
KEPT = (EVENTS_FILE_DIGEST, EVENTS_FILE_ADDED)  # what the session keeps of an upload, let go with the file

UPLOAD_TYPES = ["csv", "parquet", "geojson", "json"]


def _add_upload(folder: Path, signature: tuple, file: UploadedFile, loaded: Evidence) -> merge.Upload:
    """The loaded evidence with the uploaded file's events, made once per data version and file content and
    kept for this session only."""
    made_of = (str(folder), signature, _digest(file))
    kept = st.session_state.get(EVENTS_FILE_ADDED)
    if kept is None or kept[0] != made_of:
        st.session_state.pop(EVENTS_FILE_ADDED, None)  # the previous file's evidence goes before the next is made
        with st.spinner("Adding the uploaded events…"):
            kept = st.session_state[EVENTS_FILE_ADDED] = (made_of, merge.add_events(loaded, file.name, file.getvalue()))
    return kept[1]


def _digest(file) -> str:
    """The SHA-256 of an uploaded file, computed once per upload."""
    seen = st.session_state.get(EVENTS_FILE_DIGEST)
    if seen is None or seen[0] != file.file_id:
        seen = st.session_state[EVENTS_FILE_DIGEST] = (file.file_id, files.digest(file.getvalue()))
    return seen[1]


def events_file(folder: Path, signature: tuple, loaded: Evidence) -> tuple[Evidence, str | None]:
    """The sidebar's events file; the evidence to show (with the file's events if it is clean) and the file's digest."""
    # Folded until opened (open while a file is in): the drop zone Streamlit draws inside gives it the role
    # "presentation" and a label at once, which axe-core counts against the page (presentation-role-conflict).
    where = st.sidebar.expander("Add events from a file", expanded=st.session_state.get(EVENTS_FILE) is not None)
    file = where.file_uploader("Events in events.csv's columns (CSV, Parquet or GeoJSON)", type=UPLOAD_TYPES,
                               key=EVENTS_FILE, max_upload_size=uploads.MAX_UPLOAD_BYTES // 2**20,
                               help="Added for this session only; the data folder is never written. "
                                    "Remove the file to go back to the loaded data.")
    if file is None:
        for key in KEPT:
            st.session_state.pop(key, None)
        return loaded, None
    upload = _add_upload(folder, signature, file, loaded)
    for level, text in upload_notices.said(upload):
        {"success": where.success, "warning": where.warning, "error": where.error}[level](text)
    shown = upload_notices.shown(upload, loaded)
    return shown, (st.session_state[EVENTS_FILE_DIGEST][1] if shown is not loaded else None)
