"""Add reports: paste a report or upload several, review their candidate events merged into one row per event,
download the accepted ones."""

from __future__ import annotations

import math
from datetime import tzinfo

import pandas as pd
import streamlit as st

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
INGESTED = "ingested"  # (merged candidates, the reports' source ids, error message or None)
CANDIDATE_DECISIONS = "candidate_decisions"
DOWNLOAD = "download_accepted"
ON_MAP = "candidates_on_map"  # the candidates the map last drew


def _ingest(ev: Evidence) -> None:
    """The button's callback: read the pasted and uploaded reports into merged candidate events (this session only)."""
    state = st.session_state
    uploads = [(upload.name, upload.getvalue()) for upload in state.get(REPORT_FILE) or ()]
    state.pop(CANDIDATE_DECISIONS, None)
    try:
        reports = review.read_reports(state.get(REPORT_TEXT) or "", state.get(REPORT_DATE), state.get(REPORT_OUTLET),
                                      ev, uploads=uploads)
        state[INGESTED] = (review.merged(reports), tuple(reports), None)
    except IngestError as error:
        state[INGESTED] = ((), (), str(error))


def _candidates() -> tuple:
    """The merged candidates of the reports read last (none before any)."""
    return st.session_state.get(INGESTED, ((), (), None))[0]


def _decisions() -> list[str]:
    """The reviewer's decision on each merged candidate."""
    edits = st.session_state.get(CANDIDATE_DECISIONS, {}).get("edited_rows", {})
    return review.decisions(len(_candidates()), edits)


def _kept() -> tuple:
    kept = review.with_decision(_candidates(), _decisions(), review.UNDECIDED, review.ACCEPT)
    return tuple(m.event for m in kept)


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
        st.text_area("Report text", key=REPORT_TEXT, height=150, max_chars=review.REQUEST_CHARS)
        st.file_uploader(f"…and/or up to {review.REQUEST_FILES} text files, one report each (a name like "
                         "reuters_20161215.txt gives its outlet and date)", type=["txt"], key=REPORT_FILE,
                         accept_multiple_files=True, max_upload_size=math.ceil(review.REQUEST_BYTES / 2**20),
                         help=f"One click reads at most {review.REQUEST_CHARS:,} characters; "
                              "`evacmap ingest` reads any number of files.")
        with st.container(horizontal=True):
            st.date_input("Published (local date)", value=None, key=REPORT_DATE)
            st.text_input("Outlet", key=REPORT_OUTLET, placeholder="e.g. Reuters")
        st.button("Find candidate events", key=INGEST, on_click=_ingest, args=(ev,), type="primary")
        _review(ev)
    if _kept() != st.session_state.get(ON_MAP, ()):
        st.rerun(scope="app")


def _review(ev: Evidence) -> None:
    """The merged candidates to decide on, and the accepted ones as events.csv rows to download."""
    candidates, sources, problem = st.session_state.get(INGESTED, ((), (), None))
    if problem:
        st.error(markdown_literal(problem))
    if not sources:
        return
    if not candidates:
        st.info(markdown_literal(f"No dated, located events found in {', '.join(sources)}."))
        return
    decided = _decisions()
    choices = list(listings.CANDIDATE_CHOICES)
    table = review.merged_rows(ev, candidates, [review.UNDECIDED] * len(decided))
    st.data_editor(table, key=CANDIDATE_DECISIONS, hide_index=True, width="stretch",
                   disabled=[column for column in table.columns if column != "Decision"],
                   column_config={"Decision": st.column_config.SelectboxColumn(options=choices, required=True)})
    accepted = review.accepted_rows(candidates, decided, ev.case.timezone)
    name = f"{sources[0]}_events.csv" if len(sources) == 1 else "accepted_events.csv"
    st.download_button(f"Download {len(accepted)} accepted event(s) as events.csv rows",
                       accepted.to_csv(index=False).encode("utf-8"), file_name=name, mime="text/csv", key=DOWNLOAD,
                       disabled=accepted.empty)
    st.caption(markdown_literal(f"The rows cite the source ids {', '.join(sources)}: add each to sources.csv with "
                                "its report's details. Each row is one event however many reports describe it."))
