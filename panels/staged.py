"""The page in two stages: a session's first run draws the map and the light controls around it; the rest
(the day strip, filters, tables, charts, uploads, exports) follows once the map sends that it has drawn
(:mod:`geo.map.ready`: the first stage alone adds that sender to the map), or after :data:`FALLBACK_S`
seconds if it never does (its scripts failed to load).

Drawn at once, the page makes the browser fetch and run the code of every chart, table and widget while the
map's own scripts wait behind it: on 2 cores that put the first marker about a second later
(``benchmarks/run.py --first-marker``).
"""

from __future__ import annotations

import time

import streamlit as st

from geo.map import ready

MAP_FIRST = True
"""Stage the page. Tests that drive it without a browser (Streamlit's AppTest) turn this off: no map
sends anything there, so they would see only the first stage."""

WHOLE = "whole_page"  # session state: True once the whole page is drawn
FIRST_SEEN = "first_stage_at"  # session state: when the first stage was drawn (time.monotonic)
WHOLE_MARK = "evacmap_whole"
"""The key of a container only the whole page has (tests wait for it)."""
WHOLE_SELECTOR = f".st-key-{WHOLE_MARK}"
"""That container in the page, as CSS (Streamlit documents a keyed container's ``st-key-`` class)."""

FALLBACK_S = 5.0


def layers() -> list:
    """The layers the first stage adds to the drawn map: the one that sends "drawn" (none once whole)."""
    return [] if whole() else [ready.ready_layer()]


def whole() -> bool:
    """Whether this run draws the whole page."""
    return not MAP_FIRST or st.session_state.get(WHOLE, False)


def drawn() -> None:
    """The map sent that it has drawn (:class:`geo.app.messages.Ready`): the next run draws the whole page."""
    st.session_state[WHOLE] = True


@st.fragment(run_every=FALLBACK_S)
def fallback() -> None:
    """In the first stage: the whole page after :data:`FALLBACK_S` seconds, if the map has sent nothing by then."""
    first = st.session_state.setdefault(FIRST_SEEN, time.monotonic())
    if time.monotonic() - first >= FALLBACK_S:
        st.session_state[WHOLE] = True
        st.rerun()
