"""Add a source: a report's text (a file or pasted), its outlet, date and address, kept in the case as an archived copy
with its hash (:func:`geo.data.archive.add_source`). Drawn only where the dashboard was started to edit."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import streamlit as st

from geo.app.text import markdown_literal, problem_list
from geo.data import archive
from geo.errors import DataFileError, ExportError

# Session-state keys.
SOURCE_FILE = "source_file"
SOURCE_TEXT = "source_text"
SOURCE_OUTLET = "source_outlet"
SOURCE_DATE = "source_published"
SOURCE_URL = "source_url"
SOURCE_SUBMIT = "source_submit"
SOURCE_ADDED = "source_added"  # what the last addition said, shown once after the page reloads the case

UPLOAD_TYPES = ("txt", "text", "md")


def text_given(upload: tuple[str, bytes] | None, pasted: str) -> tuple[bytes | str, str | None]:
    """The text to add and its file name (None for pasted text): the upload, else the pasted text; raises ValueError
    for both or neither."""
    if upload is not None and pasted.strip():
        raise ValueError("give a file or pasted text, not both")
    if upload is not None:
        return upload[1], upload[0]
    if not pasted.strip():
        raise ValueError("give the report's text: upload a file or paste it")
    return pasted, None


def _add(folder: Path) -> tuple[str, str]:
    """Add what the form holds to the case; the level and text of what to say."""
    state = st.session_state
    upload = state.get(SOURCE_FILE)
    outlet, published = (state.get(SOURCE_OUTLET) or "").strip(), state.get(SOURCE_DATE)
    if not outlet or not isinstance(published, date):
        return "error", "Give the outlet and the publication date."
    try:
        text, name = text_given((upload.name, upload.getvalue()) if upload is not None else None,
                                state.get(SOURCE_TEXT) or "")
        source = archive.add_source(folder, text, outlet=outlet, published=published,
                                    url=(state.get(SOURCE_URL) or "").strip() or None, file=name)
    except ValueError as error:  # DataFileError is one
        problems = error.problems if isinstance(error, DataFileError) else None
        return "error", ("Not added:\n\n" + problem_list(problems) if problems else f"Not added: {markdown_literal(error)}")
    except ExportError as error:
        return "error", f"Not added: {markdown_literal(error)}"
    return "success", markdown_literal(f"Added source {source.id}: its copy is {source.archive}, SHA-256 "
                                       f"{source.sha256}.")


def add_source(folder: Path, *, editable: bool) -> None:
    """The sidebar's "Add a source" form, writing into the case ``folder``; nothing at all unless ``editable``."""
    if not editable:
        return
    said = st.session_state.pop(SOURCE_ADDED, None)
    with st.sidebar.expander("Add a source", expanded=said is not None):
        if said is not None:
            (st.success if said[0] == "success" else st.error)(said[1])
        with st.form(key="add_source_form", clear_on_submit=False):
            st.file_uploader("The report as a text file (UTF-8)", type=UPLOAD_TYPES, key=SOURCE_FILE)
            st.text_area("…or its text, pasted", key=SOURCE_TEXT, height=120)
            st.text_input("Outlet", key=SOURCE_OUTLET, placeholder="Reuters")
            st.date_input("Published", value=None, key=SOURCE_DATE, format="YYYY-MM-DD")
            st.text_input("Address (optional)", key=SOURCE_URL, placeholder="https://…")
            submitted = st.form_submit_button("Add to the case", key=SOURCE_SUBMIT)
        st.caption("The text is kept in the case's sources/ folder with its SHA-256; the same text twice is refused.")
    if submitted:
        said = st.session_state[SOURCE_ADDED] = _add(folder)
        if said[0] == "success":
            for key in (SOURCE_FILE, SOURCE_TEXT, SOURCE_OUTLET, SOURCE_DATE, SOURCE_URL):
                st.session_state.pop(key, None)  # an empty form for the next source
        st.rerun()  # the case reloads with the new source (its files' signature changed)
