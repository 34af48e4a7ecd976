"""Add reports: paste or upload a report, review its candidate events, download the accepted ones."""

from __future__ import annotations

import math
from datetime import tzinfo

import pandas as pd
import streamlit as st

from geo import ingest
from geo.app import listings, review
from geo.app.text import markdown_literal
from geo.data.evidence import Evidence
from geo.errors import IngestError

# Session-state keys.
REPORT_TEXT = "report_text"
REPORT_FILE = "report_file"
REPORT_DATE = "report_published"
REPORT_OUTLET = "report_outlet"
INGEST = "ingest"
INGESTED = "ingested"  # (IngestedReport, error message or None)
CANDIDATE_DECISIONS = "candidate_decisions"
DOWNLOAD = "download_accepted"
ON_MAP = "candidates_on_map"  # the candidates the map last drew


def _ingest(ev: Evidence) -> None:
    """The button's callback: read the pasted or uploaded report into candidate events (this session only)."""
    state = st.session_state
    upload = state.get(REPORT_FILE)
    state.pop(CANDIDATE_DECISIONS, None)
    try:
        report = review.read_report(state.get(REPORT_TEXT) or "", state.get(REPORT_DATE), state.get(REPORT_OUTLET),
                                    ev, upload=(upload.name, upload.getvalue()) if upload is not None else None)
        state[INGESTED] = (report, None)
    except IngestError as error:
        state[INGESTED] = (None, str(error))


def _decisions() -> list[str]:
    """The reviewer's decision on each candidate."""
    report, _ = st.session_state.get(INGESTED, (None, None))
    if report is None:
        return []
    return review.decisions(len(report.events), st.session_state.get(CANDIDATE_DECISIONS, {}).get("edited_rows", {}))


def _kept() -> tuple:
    report, _ = st.session_state.get(INGESTED, (None, None))
    if report is None:
        return ()
    return tuple(review.with_decision(report.events, _decisions(), review.UNDECIDED, review.ACCEPT))


def on_map(zone: tzinfo) -> pd.DataFrame | None:
    """The candidates not rejected, for the map's candidate layer (noted, so the panel knows what is drawn)."""
    kept = st.session_state[ON_MAP] = _kept()
    return listings.candidate_layer(kept, zone) if kept else None


@st.fragment
def add_reports(ev: Evidence) -> None:
    """The "Add reports" expander; a change to the candidates on the map reruns the app to draw them."""
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
        _review(ev)
    if _kept() != st.session_state.get(ON_MAP, ()):
        st.rerun(scope="app")


def _review(ev: Evidence) -> None:
    """The candidates to decide on, and the accepted ones as events.csv rows to download."""
    report, problem = st.session_state.get(INGESTED, (None, None))
    if problem:
        st.error(markdown_literal(problem))
    if report is None:
        return
    if not report.events:
        st.info(f"No dated, located events found in {markdown_literal(report.file)}.")
        return
    decided = _decisions()
    choices = list(listings.CANDIDATE_CHOICES)
    st.data_editor(listings.candidate_rows(ev, report.events, [review.UNDECIDED] * len(decided)),
                   key=CANDIDATE_DECISIONS, hide_index=True, width="stretch",
                   disabled=list(listings.CANDIDATE_LIST_COLUMNS[1:]),
                   column_config={"Decision": st.column_config.SelectboxColumn(options=choices, required=True)})
    accepted = review.with_decision(report.events, decided, review.ACCEPT)
    source = report.source_id
    st.download_button(f"Download {len(accepted)} accepted event(s) as events.csv rows",
                       ingest.events_frame(accepted, source, zone=ev.case.timezone).to_csv(index=False).encode("utf-8"),
                       file_name=f"{source}_events.csv", mime="text/csv", key=DOWNLOAD, disabled=not accepted)
    st.caption(markdown_literal(f"The rows cite the source id {source}: add it to sources.csv with the report's "
                                "details."))
