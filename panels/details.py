"""The selected event beside the map, and story mode: Previous and Next through the events shown, in time order."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from geo.app import story
from geo.app.text import markdown_literal
from geo.data import merge
from geo.data.evidence import Evidence
from geo.view import View
from panels.keys import SELECTED

# Session-state keys.
PREVIOUS = "previous_event"
NEXT = "next_event"
CLEAR = "clear_selection"

DRAWER_PX = 300
"""The width of the details drawer beside the map while an event is selected (none while nothing is)."""


def _select(event_id: str | None) -> None:
    """The buttons' callback: select an event (None: none) before the next run draws the widgets."""
    st.session_state[SELECTED] = event_id


def story_buttons(shown: pd.DataFrame) -> None:
    """Previous, Next and Clear, in one row under the map (they take none of its width)."""
    current = st.session_state[SELECTED]
    before, after = story.neighbours(shown, current)
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button("◀ Previous", key=PREVIOUS, on_click=_select, args=(before,), disabled=before is None)
        st.button("Next ▶", key=NEXT, on_click=_select, args=(after,), disabled=after is None)
        st.button("Clear", key=CLEAR, on_click=_select, args=(None,), disabled=current is None)
        if current is None:
            st.caption("Select an event: click a marker, pick a row in the list below, or step with Next.")


def details(ev: Evidence, shown: pd.DataFrame, view: View) -> None:
    """The selected event: what, where, when, who, and its sources (nothing while no event is selected)."""
    if not view.event:
        return
    event = ev.event(view.event)
    row = shown.loc[shown["id"] == event.id].iloc[0]
    st.subheader(markdown_literal(f"{ev.event_types[event.type].label} at {row['place_name']}"))
    upload = merge.uploaded_from(row)
    st.caption(f"Event {markdown_literal(event.id)}, {story.position(shown, event.id) + 1:,} of {len(shown):,} shown"
               + (markdown_literal(f" · from upload {upload} (this session only)") if upload else ""))
    st.markdown(f"**{markdown_literal(event.when(ev.case.timezone))}**")
    st.markdown(markdown_literal(event.summary))
    if event.geo_precision > 1:
        st.markdown(markdown_literal(f"Place approximate: within about {int(row['precision_m']):,} m of the point "
                                     "shown."))
    if event.actors:
        st.markdown("**Who:** " + markdown_literal(", ".join(event.actors)))
    st.markdown("**Sources:** " + markdown_literal("; ".join(ev.cite(event.sources))))
