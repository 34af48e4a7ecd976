"""The case picker: which case the page shows (``?case=ID``, else the data folder's default), and a
selectbox when the data folder holds several. What to pick is decided in :mod:`geo.app.cases`."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from geo.app import cases as app_cases
from geo.app.text import markdown_literal
from geo.errors import UsageError

# Session-state keys.
CASE_PICK = "case_pick"
CASE_NOTICES = "case_notices"  # a ?case= the page could not use


def page_title(folder: Path) -> str:
    """The tab's title from the case the link names, before any element is drawn (a second
    ``st.set_page_config`` would redraw the page under the map)."""
    try:
        return app_cases.page_title(app_cases.chosen(folder, st.query_params.to_dict())[1])
    except UsageError:
        return "evacmap"


def case_folder(folder: Path, picker: bool = True) -> Path:
    """The folder of the case the link names, or of the default one; with ``picker``, a picker in the sidebar
    when there are several.

    Picking another case starts the page afresh on it: its link holds only ``?case=ID``.
    """
    try:
        case_id, chosen, notices = app_cases.chosen(folder, st.query_params.to_dict())
    except UsageError as error:
        st.error(markdown_literal(error))
        st.stop()
    st.session_state.setdefault(CASE_NOTICES, notices)
    if picker and len(choices := app_cases.ids(folder)) > 1:
        picked = st.sidebar.selectbox("Case", choices, index=choices.index(case_id), key=CASE_PICK)
        if picked != case_id:
            st.query_params.clear()
            st.query_params[app_cases.PARAM] = picked
            for key in list(st.session_state):
                if key != CASE_PICK:
                    del st.session_state[key]
            st.rerun()
    return chosen


def notices() -> list[str]:
    """The link's unusable ``?case=``, said once."""
    return st.session_state.pop(CASE_NOTICES, [])
