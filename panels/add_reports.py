"""Add reports: paste a report or upload several (or, in edit mode, take the case's own sources), review their
candidate events merged into one row per event, and save the accepted rows into the case (edit mode) or download the
review file for `evacmap accept`.

The review is one form: "Review one row" (plain labelled fields for the candidate chosen above the form: its whole
evidence, its sources, its cells, Accept or Reject) and the table of every candidate (an overview, and accept or
reject of a selection). Any of its buttons takes the table's edits and the row's together, so nothing typed in either
is lost; what an edit means is :func:`geo.app.review.take_row`'s."""

from __future__ import annotations

import math
from datetime import tzinfo

import pandas as pd
import streamlit as st

from geo import workbench
from geo.app import editing, listings, review
from geo.app.text import markdown_literal, problem_list
from geo.data.evidence import Evidence
from geo.errors import DataFileError, ExportError, IngestError

# Session-state keys.
REPORT_TEXT = "report_text"
REPORT_FILE = "report_file"
REPORT_DATE = "report_published"
REPORT_OUTLET = "report_outlet"
REPORT_OUTLET_OF = "report_outlet_of_"  # + an uploaded file's name: the outlet given beside it
REPORT_URL_OF = "report_url_of_"  # + an uploaded file's name: its address, given beside it
LOOSE = "review_loose_reports"  # source id -> the pasted or uploaded text read (geo.workbench.LooseReport), for Save
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
ROW_CHOICE = "review_row"  # the candidate "Review one row" shows
ROW_FIELD = "review_row_"  # + candidate + "_" + a field of geo.app.review.ROW_FIELDS: its widget (one set a row)
ROW_LABELS = "review_row_labels"  # candidate -> how the chooser names it, fixed when the candidates come up
ROW_FILLED = "review_row_filled"  # (candidate, cells) the row's fields were last filled with
ROW_ACCEPT = "review_row_accept"
ROW_REJECT = "review_row_reject"
ROW_SAID = "review_row_said"  # (level, message) of the last row decision, shown once

READ_ONLY_COLUMNS = ("candidate", "sources", "evidence")
TIME_PRECISIONS = {"1": "the day is known", "2": "the week is known", "3": "the month is known"}  # ACLED's codes
GEO_PRECISIONS = {"1": "the place itself", "2": "near it, or part of it", "3": "only the wider region"}
ROW_PART = "review_row_part"  # the review's container
CLAIMS_HELP = "QUANTITY QUALIFIER AMOUNT UNIT by CLAIMANT [SOURCE], joined by ;"
_SAY = {"success": st.success, "error": st.error, "info": st.info}


def _reviewing(candidates: tuple, sources: tuple, problem: str | None) -> None:
    """Put new candidates up for review: a fresh table, no edits pending."""
    state = st.session_state
    state[INGESTED] = (candidates, sources, problem)
    state[REVIEW_TABLE] = review.review_table(candidates)
    state.pop(REVIEW_EDITOR, None)
    state.pop(ROW_CHOICE, None)
    state.pop(ROW_FILLED, None)
    names = {c.event.place_id: c.event.place_name for c in candidates}
    table = state[REVIEW_TABLE]
    state[ROW_LABELS] = {c: review.row_label(table, c, names) for c in table["candidate"]}


def _ingest(ev: Evidence) -> None:
    """The button's callback: read the pasted and uploaded reports into merged candidate events (this session only)."""
    state = st.session_state
    uploads = [(upload.name, upload.getvalue()) for upload in state.get(REPORT_FILE) or ()]
    text = state.get(REPORT_TEXT) or ""
    try:
        reports = review.read_reports(text, state.get(REPORT_DATE), state.get(REPORT_OUTLET), ev, uploads=uploads,
                                      outlets={name: state.get(REPORT_OUTLET_OF + name) or "" for name, _ in uploads})
        state[LOOSE] = review.loose_reports(reports, text, uploads,
                                            {name: state.get(REPORT_URL_OF + name) or "" for name, _ in uploads})
        _reviewing(review.merged(reports), tuple(reports), None)
    except IngestError as error:
        state.pop(LOOSE, None)
        _reviewing((), (), str(error))


def _ingest_case(loaded: Evidence) -> None:
    """The button's callback (edit mode): the case's own sources, each with its own date, up for review."""
    st.session_state.pop(LOOSE, None)
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


def field_key(candidate: str, name: str) -> str:
    """The session-state key of ``candidate``'s field ``name``: each row its own widgets, so what a form sends for
    one row can never land on another."""
    return f"{ROW_FIELD}{candidate}_{name}"


def _allowed(ev: Evidence) -> dict[str, list[str]]:
    """What the row's type, place and precisions may be: the case's event types, its places where events happen,
    ACLED's codes."""
    return {"type": list(ev.event_types), "place_id": [p.id for p in ev.gazetteer if p.role == "event"],
            "time_precision": list(TIME_PRECISIONS), "geo_precision": list(GEO_PRECISIONS)}


def _fill(candidate: str | None) -> None:
    """Fill the row's fields from the table (with its pending edits) for ``candidate``, and note what they hold."""
    state, table = st.session_state, _table()
    if table is None or candidate is None or candidate not in set(table["candidate"]):
        state.pop(ROW_FILLED, None)
        return
    cells = review.row_cells(table, candidate)
    for name, value in cells.items():
        state[field_key(candidate, name)] = value
    state[ROW_FILLED] = (candidate, cells)


def _chosen() -> None:
    """The candidate chooser's callback: the fields show the newly chosen row."""
    st.session_state.pop(ROW_SAID, None)
    _fill(st.session_state.get(ROW_CHOICE))


def _pending(ev: Evidence, decision: str | None) -> pd.DataFrame | None:
    """The table with the editor's edits, then the chosen row's (the fields the reviewer changed) and ``decision`` on
    it, kept as the table; or, when the row's edits are wrong, None, the problems said, and nothing changed (the
    table's edits stay pending, the fields keep what was typed)."""
    state, table = st.session_state, _table()
    if table is None:
        return None
    choice, filled = state.get(ROW_CHOICE), state.get(ROW_FILLED)
    if filled is not None and filled[0] == choice and choice in set(table["candidate"]):
        edits = review.row_edits(filled[1], {name: state.get(field_key(choice, name)) for name in review.ROW_FIELDS})
        if edits or decision:
            try:
                table = review.take_row(table, choice, edits, decision, ev.case.timezone, allowed=_allowed(ev))
            except DataFileError as error:
                state[ROW_SAID] = ("error", f"Nothing changed: {markdown_literal(choice)} is not ready.\n\n"
                                            + problem_list(error.problems, shown=len(error.problems)))
                return None
    state[REVIEW_TABLE] = table
    state.pop(REVIEW_EDITOR, None)
    _fill(choice)  # the fields show the row as the table now holds it
    return table


def _decide_row(ev: Evidence, decision: str, editable: bool) -> None:
    """"Accept this row" or "Reject this row": the pending edits, then the chosen row's edits and decision."""
    if _pending(ev, decision) is None:
        return
    then = ("Save writes the accepted rows into the case." if editable else
            "The review file to download holds it.") if decision == review.ACCEPT else "It is left off the map."
    st.session_state[ROW_SAID] = ("success", markdown_literal(
        f"{st.session_state[ROW_CHOICE]} {'accepted' if decision == review.ACCEPT else 'rejected'}. {then}"))


def _apply(ev: Evidence, decision: str | None) -> None:
    """A table button's callback: take the pending edits (the table's and the row's), then decide on the selected
    rows."""
    table = _pending(ev, None)
    if table is None:
        return
    st.session_state.pop(ROW_SAID, None)
    if decision:
        st.session_state[REVIEW_TABLE] = review.decide_selected(table, decision)


def _save(ev: Evidence, loaded: Evidence) -> None:
    """The Save button's callback (edit mode): the accepted rows into the case through the one accept path."""
    table = _pending(ev, None)
    if table is None:
        st.session_state[SAVED] = ("error", "Nothing was written: the row under review is not ready (see below).")
        return
    st.session_state.pop(ROW_SAID, None)
    try:
        done, left = review.save(loaded.folder, table, reports=st.session_state.get(LOOSE))
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
    added = "".join(f" {cited} is now source {source} of the case, its text kept under sources/." if cited != source
                    else f" {cited} is now a source of the case, its text kept under sources/."
                    for cited, source in done.sources)
    st.session_state[SAVED] = ("success", markdown_literal(f"Saved {len(done.events)} event(s) and {len(done.claims)} "
                                                           f"claim(s) into the case ({ids}); {done.changes} change(s) "
                                                           f"recorded in changes.csv.{added}"))


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
        st.text_area("Report text", key=REPORT_TEXT, height=150, max_chars=review.REQUEST_CHARS)
        st.file_uploader(f"…and/or up to {review.REQUEST_FILES} text files, one report each (a name like "
                         "reuters_20161215.txt gives its outlet and date)", type=["txt"], key=REPORT_FILE,
                         accept_multiple_files=True, max_upload_size=math.ceil(review.REQUEST_BYTES / 2**20),
                         help=f"One click reads at most {review.REQUEST_CHARS:,} characters; "
                              "`evacmap ingest` reads any number of files.")
        for upload in st.session_state.get(REPORT_FILE) or ():
            with st.container(horizontal=True):
                st.text_input(f"Outlet of {upload.name}", key=REPORT_OUTLET_OF + upload.name,
                              placeholder=review.named(upload.name)[0] or "the Outlet below",
                              help="Who published this file (Save adds it to the case's sources with it); left "
                                   "blank, the outlet its name gives, else the Outlet below")
                st.text_input(f"Address of {upload.name}", key=REPORT_URL_OF + upload.name,
                              placeholder="https://... (optional)", help="Where it was published, for its source")
        with st.container(horizontal=True):
            st.date_input("Published (local date)", value=None, key=REPORT_DATE)
            st.text_input("Outlet", key=REPORT_OUTLET, placeholder="e.g. Reuters")
        st.button("Find candidate events", key=INGEST, on_click=_ingest, args=(ev,), type="primary")
        _review(ev, loaded, editable)


def _review(ev: Evidence, loaded: Evidence, editable: bool) -> None:
    """The review: one form holding the chosen row's fields and the table of every candidate (edits, accept and
    reject apply on one press, not a rerun per click), Save in edit mode, and the review file to download."""
    state = st.session_state
    said = state.pop(SAVED, None)
    if said is not None:
        _SAY[said[0]](said[1])
    candidates, sources, problem = state.get(INGESTED, ((), (), None))
    if problem:
        st.error(markdown_literal(problem))
    table = state.get(REVIEW_TABLE)
    if table is None or not sources:
        return
    if table.empty:
        st.info(markdown_literal(f"No candidate events left to review in {', '.join(sources)}."))
        return
    places = _allowed(ev)["place_id"]
    shown = _table() if REVIEW_EDITOR in state else table  # edits are kept after a row's were refused
    with st.container(key=ROW_PART):
        _choose(ev, table if shown is None else shown)
        with st.form(key=REVIEW_FORM, border=False):
            _row(ev, table if shown is None else shown, editable)
            st.markdown("**Every candidate**")
            st.caption("Tick rows to accept or reject them together; edit a cell here or in \"Review one row\" above.")
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
                    "claims": st.column_config.TextColumn("Claims", help=CLAIMS_HELP),
                    "evidence": st.column_config.TextColumn("Evidence (read-only)", width="large"),
                })
            with st.container(horizontal=True):
                st.form_submit_button("Apply edits", key=APPLY, on_click=_apply, args=(ev, None))
                st.form_submit_button("Accept selected", key=ACCEPT_SELECTED, on_click=_apply, args=(ev, review.ACCEPT))
                st.form_submit_button("Reject selected", key=REJECT_SELECTED, on_click=_apply, args=(ev, review.REJECT))
                if editable:
                    st.form_submit_button("Save accepted rows into the case", key=SAVE, type="primary", on_click=_save,
                                          args=(ev, loaded))
    if not editable:
        st.caption(editing.READ_ONLY_NOTE)
    rows = workbench.from_frame(table.drop(columns=[review.SELECT]))
    st.download_button("Download the review file (CSV, for `evacmap accept`)", workbench.review_csv(rows),
                       file_name="review.csv", mime="text/csv", key=DOWNLOAD, on_click="ignore")  # it changes nothing
    st.caption(markdown_literal(f"The rows cite the source ids {', '.join(sources)}. "
                                + ("Save adds each pasted or uploaded report they cite to the case's sources (its "
                                   "text kept under sources/, with its date and outlet), or cites the source holding "
                                   "its text already. " if editable else "")
                                + "Each row is one event however many reports describe it."))


def _choose(ev: Evidence, table: pd.DataFrame) -> None:
    """"Review one row"'s chooser (outside the form, so a choice fills the fields at once), filled on first sight."""
    state = st.session_state
    ids = list(table["candidate"])
    if state.get(ROW_CHOICE) not in ids:
        state[ROW_CHOICE] = ids[0]
    filled = state.get(ROW_FILLED)
    choice = state[ROW_CHOICE]
    if filled is None or filled[0] != choice or any(field_key(choice, n) not in state for n in review.ROW_FIELDS):
        _fill(choice)
    labels = state.get(ROW_LABELS) or {}
    st.markdown("**Review one row**")
    st.selectbox("Candidate to review", ids, key=ROW_CHOICE, format_func=lambda c: labels.get(c, c), on_change=_chosen,
                 help="Choosing another candidate shows its cells as the table holds them; edits not yet applied "
                      "by a button below are left behind")
    said = state.pop(ROW_SAID, None)
    if said is not None:
        _SAY[said[0]](said[1])


def _row(ev: Evidence, table: pd.DataFrame, editable: bool) -> None:
    """The chosen row of ``table``: its whole evidence and its sources to read, its cells to edit, Accept or Reject."""
    state = st.session_state
    candidate = state[ROW_CHOICE]
    row = table.loc[table["candidate"] == candidate].iloc[0]
    decision = {review.ACCEPT: "accepted", review.REJECT: "rejected"}.get(str(row["decision"]).casefold(),
                                                                          "none yet")
    st.markdown(f"Decision so far: **{decision}**")
    st.markdown("Evidence, as the reports say it (for review; never written into the case):\n\n" + "\n".join(
        f"- {markdown_literal(sentence)}" for sentence in review.evidence_sentences(row["evidence"])))
    cited = [s for s in str(row["sources"]).split("|") if s]
    st.markdown("Sources:\n\n" + "\n".join(
        f"- {markdown_literal(citation)} ({markdown_literal(source)})"
        + (f", {markdown_literal(ev.sources[source].url)}" if source in ev.sources and ev.sources[source].url else "")
        for source, citation in zip(cited, ev.cite(cited), strict=True)))
    if str(state.get(field_key(candidate, "summary"), "")).startswith(workbench.DRAFT.strip()):
        st.warning(f"The summary is still a draft: rewrite it in your words, or take \"{workbench.DRAFT.strip()}\" "
                   "away to confirm it, before accepting.")
    st.text_area("Summary, in your words", key=field_key(candidate, "summary"), height=90,
                 help="What happened, in your own words; a draft begins with DRAFT: until you confirm it")
    with st.container(horizontal=True):
        _options("Type", field_key(candidate, "type"), list(ev.event_types))
        _options("Place", field_key(candidate, "place_id"), _allowed(ev)["place_id"], {p.id: p.name for p in ev.gazetteer})
    with st.container(horizontal=True):
        st.text_input("Start (local day YYYY-MM-DD, or a time with its UTC offset)", key=field_key(candidate, "start"))
        st.text_input("End (blank for one day)", key=field_key(candidate, "end"))
    with st.container(horizontal=True):
        _options("Time precision", field_key(candidate, "time_precision"), list(TIME_PRECISIONS), TIME_PRECISIONS)
        _options("Place precision", field_key(candidate, "geo_precision"), list(GEO_PRECISIONS), GEO_PRECISIONS)
    st.text_input("Actors (| between them)", key=field_key(candidate, "actors"),
                  help="Who acted or spoke, as the reports name them: e.g. IOM|Mozambique's army")
    st.text_area("Claims", key=field_key(candidate, "claims"), height=70, help=CLAIMS_HELP)
    with st.container(horizontal=True):
        st.form_submit_button("Accept this row", key=ROW_ACCEPT, type="primary", on_click=_decide_row,
                              args=(ev, review.ACCEPT, editable))
        st.form_submit_button("Reject this row", key=ROW_REJECT, on_click=_decide_row, args=(ev, review.REJECT, editable))


def _options(label: str, key: str, known: list[str], names: dict[str, str] | None = None) -> None:
    """A choice among ``known`` for the row's field of widget ``key`` (its present value offered too, should it be
    another)."""
    value = st.session_state.get(key)
    options = known + ([value] if value and value not in known else [])
    st.selectbox(label, options, key=key, format_func=(lambda o: f"{names.get(o, o)} ({o})") if names else str)
