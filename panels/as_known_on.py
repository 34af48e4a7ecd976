"""The "as known on" day (sidebar): the evidence as it stood at the end of a local day, cut before the window and
filters. The cut itself is :mod:`geo.data.asof`; the link's ``?as_of=`` is read by :func:`geo.run.view.as_of_param`."""

from __future__ import annotations

import streamlit as st

from geo.app import page_state
from geo.data import asof
from geo.data.evidence import Evidence
from geo.run.view import as_of_param
from panels import state
from panels.state import AS_OF


def cut(whole: bool, *evidence: Evidence) -> list[Evidence]:
    """Each evidence as known at the end of the "as known on" day; its date input is drawn with the ``whole`` page.

    A new day opens the view afresh on what was known then, as a link to it would: the window,
    filters and selection, each kept where the evidence allows, and what is not noticed. A link's day before the
    first report or after the last is taken as that report's.
    """
    days = sorted(s.published for s in evidence[0].sources.values())  # none in a case without a report
    if AS_OF not in st.session_state:
        day = as_of_param(st.query_params.to_dict())[0]  # a bad one is noticed with the view's other parameters
        st.session_state[AS_OF] = page_state.known_on(day, days)
    if whole and days:
        st.sidebar.date_input("As known on", key=AS_OF, min_value=days[0], max_value=days[-1], format="YYYY-MM-DD",
                              on_change=state.update, args=(page_state.restarted,),
                              help="Only the reports published by the end of this local day, and what they say. "
                                   "Clear it to see everything.")
    return [asof.as_of(e, st.session_state[AS_OF]) for e in evidence]
