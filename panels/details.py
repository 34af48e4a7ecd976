"""The selected event beside the map, and story mode: Previous and Next through the events shown, in time order."""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import streamlit as st

from geo.app import story
from geo.app.text import markdown_literal
from geo.map.popups import event_text
from geo.run.selection import Selection
from panels import state
from panels.below_map import said_lines

# Session-state keys.
PREVIOUS = "previous_event"
NEXT = "next_event"
CLEAR = "clear_selection"
HISTORY = "event_history"
SAID_ABOUT = "said_about_place"

DRAWER_PX = 300
"""The width of the details drawer beside the map while an event is selected (none while nothing is)."""
MAP_BESIDE_PX = 480
"""The least width of the map beside the drawer: in a narrower row the drawer wraps under the map (a phone)."""
GAP_PX = 16
"""The gap between the map and the drawer (Streamlit's "small" gap, 1rem)."""
BESIDE_PX = MAP_BESIDE_PX + GAP_PX + DRAWER_PX
"""The least width of the row holding the map and the drawer in which the drawer stands beside the map."""


def _select(event_id: str | None) -> None:
    """The buttons' callback: select an event (None: none) before the next run draws the widgets."""
    state.update(replace, selected=event_id)


def story_buttons(shown: pd.DataFrame, current: str | None) -> None:
    """Previous, Next and Clear from the ``current`` event, in one row under the map (they take none of its width)."""
    before, after = story.neighbours(shown, current)
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button("◀ Previous", key=PREVIOUS, on_click=_select, args=(before,), disabled=before is None)
        st.button("Next ▶", key=NEXT, on_click=_select, args=(after,), disabled=after is None)
        st.button("Clear", key=CLEAR, on_click=_select, args=(None,), disabled=current is None)
        if current is None:
            st.caption("Select an event: click a marker, pick a row in the list below, or step with Next.")


def details(selection: Selection) -> None:
    """The selected event: the same text as its popup on the map (:func:`geo.map.popups.event_text`), then every
    claim about it with its source (nothing while no event is selected)."""
    shown = selection.selected
    if shown is None:
        return
    ev, event = selection.evidence, shown.event
    text = event_text(shown, ev.event_types[event.type], ev.case.timezone)
    where = "about" if event.id in ev.said_about else "at"  # a statement no report places stands at its subject
    st.header(markdown_literal(f"{text.kind} {where} {text.place}"))  # the page's second level, after the map's title
    position = story.position(selection.events, event.id) + 1
    # in the text's colour (a caption's grey reads at 3.9:1 here, under WCAG's 4.5:1: axe-core's color-contrast)
    st.markdown(markdown_literal(f"{text.origin} · {position:,} of {len(selection.events):,} shown"))
    st.markdown(f"**{markdown_literal(text.when)}**")
    st.markdown(markdown_literal(text.summary))
    for line in (*text.claims, text.held, text.approximate):
        if line:
            st.markdown(markdown_literal(line))
    if text.who:
        st.markdown("**Who:** " + markdown_literal(text.who))
    st.markdown(markdown_literal(text.outlets))
    st.markdown("**Sources:** " + markdown_literal(text.sources))
    if note := ev.event_notes.get(event.id):
        st.markdown("How this was read from the reports: " + markdown_literal(note))
    if event.id in ev.said_about:
        st.markdown("Not on the map: no report says where this was said.")
    about = selection.said_about(event.place_id)
    about = about.loc[about["id"] != event.id]
    if not about.empty:
        with st.expander(f"Said about {markdown_literal(shown.place_name)}, not on the map ({len(about):,})", key=SAID_ABOUT):
            st.markdown("\n".join(f"- {markdown_literal(line)}" for line in said_lines(selection, about)))
    if shown.claims:
        with st.expander(f"Every claim ({len(shown.claims):,})"):
            st.markdown("\n".join(f"- {markdown_literal(claim.describe())}, {markdown_literal(citation)}"
                                  for claim, citation in zip(shown.claims, shown.claim_citations)))
    changed = ev.history("events.csv", event.id)
    if changed:
        st.markdown("**History**")
        st.dataframe(pd.DataFrame([c.describe() for c in changed]), hide_index=True, key=HISTORY)
