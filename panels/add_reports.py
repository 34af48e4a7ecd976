"""Add reports: paste a report or upload several (or, in edit mode, take the case's own sources), review their
candidate events merged into one row per event in one table, and save the accepted rows into the case (edit mode)
or download the review file for `evacmap accept`."""

from __future__ import annotations

import math
from datetime import tzinfo

import pandas as pd
import streamlit as st

from geo import ingest, workbench
from geo.app import editing, listings, review
from geo.app.text import markdown_literal, problem_list
from geo.data.evidence import Evidence
from geo.errors import DataFileError, ExportError, IngestError

# Session-state keys.
REPORT_TEXT = "report_text"
REPORT_FILE = "report_file"
REPORT_DATE = "report_published"
REPORT_OUTLET = "report_outlet"
INGEST = "ingest"
CASE_SOURCES = "review_case_sources"  # the button that reads the case's own sources (edit mode)
INGESTED = "ingested"  # (merged candidates, the reports' source ids, error message or None)
REVIEW_TABLE = "review_table"  # the review table as last applied (geo.app.review.review_table's columns)
REVIEW_EDITOR = "review_editor"  # the data editor's edits since then
REVIEW_FORM = "review_form"
APPLY = "review_apply"
ACCEPT_SELECTED = "review_accept_selected"
REJECT_SELECTED = "review_reject_selected"
SAVE = "review_save"
SAVED = "review_saved"  # (level, message) of the last save, shown once
DOWNLOAD = "download_review"
ON_MAP = "candidates_on_map"  # the candidates the map last drew

READ_ONLY_COLUMNS = ("candidate", "sources", "evidence")


def _reviewing(candidates: tuple, sources: tuple, problem: str | None) -> None:
    """Put new candidates up for review: a fresh table, no edits pending."""
    state = st.session_state
    state[INGESTED] = (candidates, sources, problem)
    state[REVIEW_TABLE] = review.review_table(candidates)
    state.pop(REVIEW_EDITOR, None)


def _ingest(ev: Evidence) -> None:
    """The button's callback: read the pasted and uploaded reports into merged candidate events (this session only)."""
    state = st.session_state
    uploads = [(upload.name, upload.getvalue()) for upload in state.get(REPORT_FILE) or ()]
    try:
        reports = review.read_reports(state.get(REPORT_TEXT) or "", state.get(REPORT_DATE), state.get(REPORT_OUTLET),
                                      ev, uploads=uploads)
        _reviewing(review.merged(reports), tuple(reports), None)
    except IngestError as error:
        _reviewing((), (), str(error))


def _ingest_case(loaded: Evidence) -> None:
    """The button's callback (edit mode): the case's own sources, each with its own date, up for review."""
    try:
        reports, merged, missing = review.case_candidates(loaded)
    except IngestError as error:
        _reviewing((), (), str(error))
        return
    problem = None if reports else ("No source of the case has its text kept in the case yet: add one with "
                                    "\"Add a source\".")
    _reviewing(merged, tuple(reports), problem)
    if missing and reports:
        st.session_state[SAVED] = ("info", f"{len(missing)} source(s) have no text kept in the case and were left out: "
                                           f"{', '.join(missing)}.")


def _table() -> pd.DataFrame | None:
    """The review table with the edits pending in the editor."""
    table = st.session_state.get(REVIEW_TABLE)
    if table is None:
        return None
    return review.with_edits(table, (st.session_state.get(REVIEW_EDITOR) or {}).get("edited_rows", {}))


def _apply(decision: str | None) -> None:
    """A form button's callback: take the editor's edits into the table, then decide on the selected rows."""
    table = _table()
    if table is None:
        return
    st.session_state[REVIEW_TABLE] = review.decide_selected(table, decision) if decision else table
    st.session_state.pop(REVIEW_EDITOR, None)


def _save(loaded: Evidence) -> None:
    """The Save button's callback (edit mode): the accepted rows into the case through the one accept path."""
    _apply(None)
    table = st.session_state[REVIEW_TABLE]
    try:
        done, left = review.save(loaded.folder, table)
    except DataFileError as error:
        st.session_state[SAVED] = ("error", "Nothing was written: the case would not validate or a row is not "
                                            "ready.\n\n" + problem_list(error.problems, shown=len(error.problems)))
        return
    except ExportError as error:
        st.session_state[SAVED] = ("error", f"Nothing was written: {markdown_literal(error)}")
        return
    kept = {c for c in left["candidate"]}
    candidates, sources, _ = st.session_state[INGESTED]
    st.session_state[INGESTED] = (tuple(c for c, k in zip(candidates, table["candidate"]) if k in kept), sources, None)
    st.session_state[REVIEW_TABLE] = left
    ids = ", ".join(f"{candidate} as {event}" for candidate, event in done.events)
    st.session_state[SAVED] = ("success", markdown_literal(f"Saved {len(done.events)} event(s) and {len(done.claims)} "
                                                           f"claim(s) into the case ({ids}); {done.changes} change(s) "
                                                           "recorded in changes.csv."))


def _kept() -> tuple:
    """The candidates not rejected, in the table's order."""
    candidates = st.session_state.get(INGESTED, ((), (), None))[0]
    table = st.session_state.get(REVIEW_TABLE)
    if table is None or len(table) != len(candidates):
        return ()
    return tuple(candidates[n].event for n in review.not_rejected(table))


def on_map(zone: tzinfo) -> pd.DataFrame | None:
    """The candidates not rejected, for the map's candidate layer (noted, so the panel knows what is drawn)."""
    kept = st.session_state[ON_MAP] = _kept()
    return listings.candidate_layer(kept, zone) if kept else None


@st.fragment
def add_reports(ev: Evidence, loaded: Evidence, *, editable: bool) -> None:
    """The "Add reports" expander; a change to the candidates on the map reruns the app to draw them. Only when
    ``editable`` (edit mode) can the reviewed candidates be saved into the case ``loaded`` is read from."""
    if _kept() != st.session_state.get(ON_MAP, ()):  # before drawing, so what a save said is shown by the app's run
        st.rerun(scope="app")
    with st.expander("Add reports: find candidate events in a report's text", expanded=INGESTED in st.session_state):
        st.caption("Candidates appear on the map as their own layer (dashed white circles). "
                   + ("Save writes the accepted rows into the case." if editable else
                      "Nothing added here changes the data folder; download the review file to accept it with "
                      "`evacmap accept`."))
        if editable:
            st.button("Review the case's own sources", key=CASE_SOURCES, on_click=_ingest_case, args=(loaded,),
                      help="Every source whose text is kept in the case, each read with its own publication date")
        st.text_area("Report text", key=REPORT_TEXT, height=150)
        st.file_uploader("…and/or text files, one report each (a name like reuters_20161215.txt gives its outlet "
                         "and date)", type=["txt"], key=REPORT_FILE, accept_multiple_files=True,
                         max_upload_size=math.ceil(ingest.MAX_TEXT_CHARS / 10**6))
        with st.container(horizontal=True):
            st.date_input("Published (local date)", value=None, key=REPORT_DATE)
            st.text_input("Outlet", key=REPORT_OUTLET, placeholder="e.g. Reuters")
        st.button("Find candidate events", key=INGEST, on_click=_ingest, args=(ev,), type="primary")
        _review(ev, loaded, editable)


def _review(ev: Evidence, loaded: Evidence, editable: bool) -> None:
    """The review table in a form (edits, accept and reject apply on one press, not a rerun per click), Save in edit
    mode, and the review file to download."""
    state = st.session_state
    said = state.pop(SAVED, None)
    if said is not None:
        {"success": st.success, "error": st.error, "info": st.info}[said[0]](said[1])
    candidates, sources, problem = state.get(INGESTED, ((), (), None))
    if problem:
        st.error(markdown_literal(problem))
    table = state.get(REVIEW_TABLE)
    if table is None or not sources:
        return
    if table.empty:
        st.info(markdown_literal(f"No candidate events left to review in {', '.join(sources)}."))
        return
    places = [p.id for p in ev.gazetteer if p.role == "event"]
    with st.form(key=REVIEW_FORM, border=False):
        st.data_editor(
            table, key=REVIEW_EDITOR, hide_index=True, width="stretch", num_rows="fixed",
            disabled=list(READ_ONLY_COLUMNS),
            column_config={
                review.SELECT: st.column_config.CheckboxColumn("Select", default=False),
                "decision": st.column_config.SelectboxColumn("Decision", options=[review.ACCEPT, review.REJECT]),
                "type": st.column_config.SelectboxColumn("Type", options=list(ev.event_types), required=True),
                "place_id": st.column_config.SelectboxColumn("Place", options=places, required=True),
                "summary": st.column_config.TextColumn("Summary", help="In your words; a DRAFT: must be rewritten "
                                                                       "or confirmed (take the mark away)"),
                "claims": st.column_config.TextColumn("Claims", help="QUANTITY QUALIFIER AMOUNT UNIT by CLAIMANT "
                                                                     "[SOURCE], joined by ;"),
                "evidence": st.column_config.TextColumn("Evidence (read-only)", width="large"),
            })
        with st.container(horizontal=True):
            st.form_submit_button("Apply edits", key=APPLY, on_click=_apply, args=(None,))
            st.form_submit_button("Accept selected", key=ACCEPT_SELECTED, on_click=_apply, args=(review.ACCEPT,))
            st.form_submit_button("Reject selected", key=REJECT_SELECTED, on_click=_apply, args=(review.REJECT,))
            if editable:
                st.form_submit_button("Save accepted rows into the case", key=SAVE, type="primary", on_click=_save,
                                      args=(loaded,))
    if not editable:
        st.caption(editing.READ_ONLY_NOTE)
    rows = workbench.from_frame(table.drop(columns=[review.SELECT]))
    st.download_button("Download the review file (CSV, for `evacmap accept`)", workbench.review_csv(rows),
                       file_name="review.csv", mime="text/csv", key=DOWNLOAD)
    st.caption(markdown_literal(f"The rows cite the source ids {', '.join(sources)}; each must be a source of the case "
                                "(\"Add a source\") before it is saved. Each row is one event however many reports "
                                "describe it."))
