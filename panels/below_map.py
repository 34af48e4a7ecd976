"""Under the map: what was said about places and is not on the map, then the tabs (the claims side by side, people
moved, the charts, and the event list). Only the open tab runs."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from geo.app import charts, listings, moved, page_state
from geo.app.text import markdown_literal
from geo.data.evidence import Evidence
from geo.export import claim_chart
from geo.run.selection import Selection
from geo.run.view import View

# Session-state keys.
PANEL = "panel"
TABLE = "event_table"
TABLE_SEEN = "event_table_seen"
CLAIMS_TABLE = "claims_table"
EVENTS_CHART = "events_chart"
CLAIMS_CHART = "claims_chart"
HISTORY_PICK = "claim_history_pick"
HISTORY_CHART = "claim_history_chart"
MOVED_CHART = "moved_chart"
MOVED_TABLE = "moved_table"
MOVED_GAPS = "moved_gaps"

# Only the open tab runs and reaches the browser, so the map's first markers do not queue
# behind the scripts of charts and tables (issue 6: first markers within 3 s).
PANELS = ("Claims", "People moved", "Charts", "Events list")
TABLE_ROWS = 1000  # the event and claim lists show this many rows at most (a million would flood the browser)
SAID_LIST = "said_list"
SAID_HEADING = "Said about places, not on the map"


def said_lines(selection: Selection, said: pd.DataFrame) -> list[str]:
    """One line per event said about a place (rows of :attr:`geo.run.selection.Selection.said`): its id, when, what
    and about which place, its summary and sources, as plain text; from the events the selection worked out (a view of
    many events works these out here)."""
    ev = selection.evidence
    if set(said["id"]) <= selection.shown.keys():
        found = [(s.event, s.place_name, "; ".join(s.citations)) for s in (selection.shown[i] for i in said["id"])]
    else:
        found = [(event, name, "; ".join(ev.cite(event.sources)))
                 for event, name in zip(ev.events_of(said), said["place_name"].tolist())]
    return [f"{event.id} · {event.when(ev.case.timezone)} · {ev.event_types[event.type].label} about {name}: "
            f"{event.summary} ({cited})" for event, name, cited in found]


def said_list(selection: Selection) -> None:
    """The events shown that the map leaves off (said about a place, no report saying where), listed under it; nothing
    where there are none."""
    said = selection.said
    if said.empty:
        return
    with st.expander(f"{SAID_HEADING} ({len(said):,})", key=SAID_LIST):
        st.caption("Statements about a place, made elsewhere or where no report says: the map does not place them; "
                   "each stands with the place it is about in the lists, the charts and the exports. Pick one in the "
                   "Events list for its details.")
        st.markdown("\n".join(f"- {markdown_literal(line)}" for line in said_lines(selection, said.head(TABLE_ROWS))))


def tabs(selection: Selection, day_list: list) -> None:
    """Claims, charts and the event list below the map; only the open tab runs."""
    claims_tab, moved_tab, charts_tab, list_tab = st.tabs(PANELS, key=PANEL, on_change="rerun")
    if claims_tab.open:
        with claims_tab:
            _claims(selection)
    if moved_tab.open:
        with moved_tab:
            _moved(selection)
    if charts_tab.open:
        with charts_tab:
            _charts(selection, day_list)
    if list_tab.open:
        with list_tab:
            _event_list(selection.evidence, selection.events, selection.view.event)


def _claims(selection: Selection) -> None:
    """Every claim about the selected event, or else about the events shown, with who made it."""
    ev, view, shown, claimed = selection.evidence, selection.view, selection.events, selection.claims
    if view.event:
        st.subheader(f"Claims about event {view.event}")
        assert selection.selected is not None  # Selection.of works out the view's event whenever the view has one
        claims = listings.claim_list(selection.selected.claims, selection.selected.claim_citations)
        claimed = claimed.loc[claimed["event_id"] == view.event]
    else:
        st.subheader(f"Claims about the {len(shown):,} events shown")
        claims = listings.claim_table(ev, claimed, limit=TABLE_ROWS)
    if claims.empty:
        st.caption("No numbers are claimed about these events.")
        return
    _claim_history(ev, claimed, view)
    more = (f" The first {TABLE_ROWS:,} of {len(claimed):,}: narrow the window or the filters to list the others."
            if not view.event and len(claimed) > TABLE_ROWS else "")
    st.caption("Sorted by what is counted, so numbers that disagree sit together." + more)
    st.dataframe(claims, key=CLAIMS_TABLE, hide_index=True, width="stretch")


def _claim_history(ev: Evidence, claims: pd.DataFrame, view: View) -> None:
    """How a disputed number changed (:mod:`geo.export.claim_chart`): the one picked among these claims',
    each claimant's figures against publication day, and where each claimant's figure stood at the end."""
    pairs = claim_chart.disputed(claims)
    if not pairs:
        return
    charted = ev.events.loc[ev.events["id"].isin({e for e, _ in pairs})]
    summaries = dict(zip(charted["id"], charted["summary"]))
    picked = st.selectbox("How a number changed", pairs, key=HISTORY_PICK,
                          format_func=lambda p: f"{p[0]}: {p[1].replace('_', ' ')} · {summaries[p[0]][:80]}")
    event_id, quantity = picked if picked in pairs else pairs[0]
    rows = claim_chart.history(ev, event_id, [quantity])
    st.container(key=HISTORY_CHART).vega_lite_chart(  # the block's key names the chart in the page
        claim_chart.spec(rows, ev, claim_chart.title(ev, event_id, view.as_of), width=None), width="stretch")
    last = claim_chart.standing(rows)
    st.caption(markdown_literal("Where each claimant's figure stood by " + max(rows["published"]) + ": " + "; ".join(
        f"{who}: {amount}" for who, amount in zip(last["claimed_by"], claim_chart.amounts(last))) + "."))


def _moved(selection: Selection) -> None:
    """The ledger of people moved for the window, the filters and the day the evidence is known on."""
    book = moved.shown_ledger(selection)
    if book.empty:
        st.caption("No figure of people moved is claimed for these days and filters." + (
            "" if selection.evidence.movements else " This case does not yet say what its figures of people "
                                                   "evacuated count (movements.csv)."))
        return
    st.caption("Each claimant's figure as given, and its running total: its latest figure \"so far\" plus the convoys "
               "it counted after it. Figures of different claimants are never added or averaged.")
    drawn = moved.charts(book, selection)
    if drawn:
        block = st.container(key=MOVED_CHART)  # one chart per corridor, each as wide as the page
        for index, spec in enumerate(drawn):
            block.vega_lite_chart(spec, key=f"{MOVED_CHART}_{index}", width="stretch")
    st.dataframe(moved.reader_table(book, selection), key=MOVED_TABLE, hide_index=True, width="stretch")
    compared = moved.gap_table(book)
    if not compared.empty:
        st.markdown("**What left against what arrived**, by corridor, as the claimants' running totals stood that day")
        st.dataframe(compared, key=MOVED_GAPS, hide_index=True, width="stretch")


def _charts(selection: Selection, day_list: list) -> None:
    """Events a day, and evacuee numbers by who claimed them; the window's days stand out."""
    left, right = st.columns(2)
    left.vega_lite_chart(spec=charts.events_a_day(selection, day_list), key=EVENTS_CHART, width="stretch")
    claims = charts.claimed_evacuees(selection, day_list)
    if claims is None:
        right.info("No evacuee numbers are claimed about the events these filters keep.")
    else:
        right.vega_lite_chart(spec=claims, key=CLAIMS_CHART, width="stretch")


def table_pick(selected: str | None) -> str | None:
    """The selected event once a row the user picked in the event list since the last run is taken
    (:func:`geo.app.page_state.picked_row`; call before the view is read)."""
    table = st.session_state.get(TABLE)
    if table is None:  # the list's tab was closed: nothing was picked
        return selected
    return page_state.picked_row(selected, st.session_state.get(TABLE_SEEN, ((), ())), table["selection"]["rows"])


def _event_list(ev: Evidence, shown: pd.DataFrame, selected: str | None) -> None:
    """The event list (the first :data:`TABLE_ROWS`), its row selection kept in step with the selected event."""
    if len(shown) > TABLE_ROWS:
        st.caption(f"The first {TABLE_ROWS:,} of the {len(shown):,} events shown, in time order: narrow the window "
                   "or the filters to list the others, or export the view to have them all.")
    table = listings.event_rows(ev, shown.head(TABLE_ROWS))
    ids = tuple(table["id"])
    rows = page_state.listed_rows(selected, ids)
    st.session_state[TABLE] = {"selection": {"rows": list(rows), "columns": [], "cells": []}}
    st.session_state[TABLE_SEEN] = (rows, ids)
    columns = {"id": st.column_config.TextColumn("Event", width="small"),
               "Summary": st.column_config.TextColumn(width="large")}
    st.dataframe(table, key=TABLE, on_select="rerun", selection_mode="single-row", hide_index=True,
                 width="stretch", column_config=columns)
