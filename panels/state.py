"""The page's state (:class:`geo.app.page_state.PageState`) in Streamlit's session state: every key it is kept under,
named here once, read into one typed value a run and written back where it changed.

A widget whose key is one of these (the filters, the "as known on" day) holds its field: what is written back
changes only before the widget is drawn (a run's changes are made before any widget is, and a callback's run
before the next run).
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from geo.app.page_state import PageState

SELECTED = "selected_event"  # the id of the selected event, or None
AS_OF = "as_of"  # the "as known on" day, None for everything (the link's ?as_of= at first); its date input's key
WINDOW = "shown_window"  # the window shown, [start, end) in the case's local time
TYPES = "types"  # the filters, also their multiselects' keys
SOURCES = "sources"
PLACES = "places"
CASE_NOTICES = "case_notices"  # a ?case= the page could not use (set by the case picker)

KEYS = {
    "started": "started",  # set once the view has been opened from the link
    "window": WINDOW,
    "types": TYPES,
    "sources": SOURCES,
    "places": PLACES,
    "selected": SELECTED,
    "as_of": AS_OF,
    "notices": "notices",
    "case_notices": CASE_NOTICES,
    "linked": "notice_params",  # the link as first settled: its unused parameters are noticed until it changes
    "played": "played",
    "shown_data": "shown_data",
}
"""PageState's field -> its session-state key."""

_LISTS = {"types", "sources", "places"}  # what a multiselect holds: a list
_TUPLES = {"notices", "case_notices", "window"}


def read() -> PageState:
    """The page's state as the session holds it (defaults for what it holds not yet)."""
    state = st.session_state
    values = {name: state[key] for name, key in KEYS.items() if key in state}
    for name in (_LISTS | _TUPLES) & values.keys():
        values[name] = tuple(values[name])
    return PageState(**values)


def write(before: PageState, after: PageState) -> PageState:
    """Keep ``after`` in the session: only the fields that differ from ``before``, or that it holds not yet, are
    written."""
    for name, key in KEYS.items():
        value = getattr(after, name)
        if value != getattr(before, name) or key not in st.session_state:
            st.session_state[key] = list(value) if name in _LISTS else value
    return after


def update(change: Callable[..., PageState], *args, **kwargs) -> None:
    """A widget callback: the page's state becomes ``change(state, *args, **kwargs)`` before the next run."""
    before = read()
    write(before, change(before, *args, **kwargs))
