"""The case picker: which case the page shows (``?case=ID``, else the data folder's default), chosen once per
run, and a selectbox on the main page, beside the case's title, when the data folder holds several (the sidebar
is folded away on a phone). What to pick is decided in :mod:`geo.app.case_choice`."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from geo.app import case_choice
from geo.app.text import markdown_literal
from geo.errors import UsageError
from panels.state import CASE_NOTICES

# Session-state keys.
CASE_PICK = "case_pick"

PICKER_PX = (220, 40)  # the picker's width and height: its place is kept from the first paint, so the map never moves


def choose(folder: Path) -> case_choice.Chosen | UsageError:
    """The case the link names, or the default one; the problem instead where the folder names none (shown by
    :func:`case_folder`, since the page's title must be set before anything is drawn)."""
    try:
        return case_choice.choose(folder, st.query_params.to_dict())
    except UsageError as error:
        return error


def page_title(case: case_choice.Chosen | UsageError) -> str:
    """The tab's title (a second ``st.set_page_config`` would redraw the page under the map)."""
    return case.page_title() if isinstance(case, case_choice.Chosen) else "evacmap"


def slot(case: case_choice.Chosen | UsageError, where):
    """The picker's place in ``where`` (a container), of fixed size from the first paint, where the data folder
    holds several cases; else None."""
    if not isinstance(case, case_choice.Chosen) or len(case.ids) < 2:
        return None
    return where.container(width=PICKER_PX[0], height=PICKER_PX[1], border=False)


def case_folder(case: case_choice.Chosen | UsageError, where=None) -> Path:
    """The chosen case's folder; with ``where`` (a container), a picker there when the data folder holds several.

    Picking another case starts the page afresh on it: its link holds only ``?case=ID``.
    """
    if isinstance(case, UsageError):
        st.error(markdown_literal(case))
        st.stop()
    st.session_state.setdefault(CASE_NOTICES, tuple(case.notices))  # said once, by the run that opens the view
    if where is not None and len(case.ids) > 1:
        picked = where.selectbox("Case", case.ids, index=case.ids.index(case.id), key=CASE_PICK,
                                 format_func=case.label, label_visibility="collapsed")
        if picked != case.id:
            st.query_params.clear()
            st.query_params[case_choice.PARAM] = picked
            for key in list(st.session_state):
                if key != CASE_PICK:
                    del st.session_state[key]
            st.rerun()
    return case.folder
