"""evacmap's dashboard: ``streamlit run dashboard.py``.

A timeline-filtered map of an evacuation: the case ``?case=ID`` names, else the data folder's default. The
filter and the selected event live in the URL (``?start=2016-12-15&end=2016-12-15&event=e014``), so
a copied link opens the same view. Streamlit glue only: what it shows is decided in
:mod:`geo.app`, and the side workflows are the fragments in :mod:`panels`.
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from datetime import timedelta
from functools import partial
from pathlib import Path

import streamlit as st
from streamlit_folium import st_folium

from geo import cli, export, times
from geo.app import case_choice, charts, editing, exports, files, messages, page_state, timeline, window
from geo.app.page_state import PageState
from geo.app.text import markdown_literal, problem_list
from geo.data import evidence
from geo.data.evidence import Evidence
from geo.errors import DataFileError, ExportError, UsageError
from geo.map import assets, build, channel, glyphs, highlight, playback, playback_control
from geo.run.selection import Selection
from geo.run.view import from_params
from panels import add_reports, add_source, as_known_on, case_picker, find_place, map_channel, staged, state
from panels.below_map import said_list, table_pick, tabs
from panels.details import BESIDE_PX, DRAWER_PX, MAP_BESIDE_PX, details, story_buttons
from panels.events_file import events_file
from panels.state import PLACES, SOURCES, TYPES

# Widget keys (the page's own state is kept under the keys of panels.state).
SLIDER = "window"  # the time slider: the window's first and last hours, inclusive
MAP = "map"
MAP_CHANNEL = "map_channel"  # what the map sends (panels.map_channel)
DAY_BARS = "day_bars"
DAY_STRIP = "day_strip"  # the block the day strip stands in
ALL_DAYS = "all_days"
EXPORT = "export_"  # + format
DAY_PICK = "day_pick"
WHOLE_WINDOW = "whole_window"
MAP_ROW = "map_row"  # the row of the map (its first block) and the details drawer

DAY_STRIP_PX = 92  # the day strip's height in the page (its chart, 90 px: plot, axis labels and padding)
DAY_BUTTONS = 31  # up to this many days the timeline has a button for each; a longer span has a day picker
MAP_HEIGHT = 560
# The map is the page: Streamlit's main column starts 6rem down with 5rem on each side; 4rem leaves just room for
# its header bar (the sidebar toggle and menu) and brings the map onto the first screen, with the time control right
# above it, and 1rem on each side gives the map the width (at 1440 px beside the open sidebar, over 1000 px).
# The map keeps MAP_BESIDE_PX beside the drawer; in a narrower row the drawer wraps under it (the map then opens
# popups, where beside the drawer it opens none: geo.map.glyphs.DetailsBeside).
DRAWER = "details_drawer"  # the details drawer beside the map (its heading is the page's second level, after the map's)
# The drawer's heading, a second level after the map's title (axe-core's heading-order), at the size of a third.
COMPACT_PAGE = ("<style>[data-testid='stMainBlockContainer'] {padding-top: 4rem; padding-left: 1rem; "
                f"padding-right: 1rem;}} .st-key-{MAP_ROW} > :first-child {{min-width: min(100%, {MAP_BESIDE_PX}px);}} "

                f".st-key-{DRAWER} h2 {{font-size: 1.5rem; padding-top: 0.5rem;}}</style>")


@st.cache_resource(show_spinner="Loading the evidence base…", max_entries=4)
def _load(folder: str, signature: tuple) -> Evidence:
    """The evidence of a folder, loaded once per version of its files (``cache_resource``: read-only and large,
    ``cache_data`` would copy it on every rerun)."""
    return evidence.load(folder)


def _opened(page: PageState, ev: Evidence, bounds: window.Window, shown_data: tuple) -> PageState:
    """The page's state for this run: opened from the link on a session's first run (each bad parameter noticed),
    following the data shown when an upload comes or goes (:func:`geo.app.page_state.followed`), and taking the row
    picked in the event list."""
    if not page.started:
        view, notices = from_params(st.query_params.to_dict(), ev)
        page = page_state.opened(page, view, notices, bounds, ev.case.timezone)
    page = page_state.followed(page, shown_data, bounds, ev.events["id"].to_numpy())
    return replace(page, selected=table_pick(page.selected))


@st.cache_resource(show_spinner=False)
def _offline_assets(mode: str) -> dict[str, str]:
    """Local copies of the map's scripts and styles (geo.map.assets), in this mode."""
    return assets.copies(mode)


def _map_assets() -> dict[str, str] | None:
    """The map's scripts and styles from this server (static/), or inline where ``EVACMAP_OFFLINE`` asks."""
    try:
        mode = assets.setting() or assets.dashboard_mode(st.get_option("server.enableStaticServing"), Path(__file__).parent)
        return _offline_assets(mode)
    except ExportError as error:
        st.warning(f"The map's local scripts are not in place: {markdown_literal(error)}")
        return None


def _show(shown: window.Window) -> None:
    """A widget callback: show this window from the next run."""
    state.update(replace, window=shown)


def _filters(ev: Evidence, where) -> None:
    where.header("Filters")
    where.multiselect("Event type", list(ev.event_types), key=TYPES,
                      format_func=lambda i: ev.event_types[i].label, placeholder="All types")
    where.multiselect("Source", list(ev.sources), key=SOURCES,
                      format_func=lambda i: ev.sources[i].cite(), placeholder="All sources")
    places = [p for p in ev.gazetteer if p.role == "event"]
    where.multiselect("Place", [p.id for p in places], key=PLACES,
                      format_func=lambda i: ev.gazetteer[i].name, placeholder="All places")


def _timeline(selection: Selection, page: PageState, bounds: window.Window, day_list: list, whole: bool) -> None:
    """The compact time control right above the map: the range slider, then "All days", a day picker and a strip of
    events a day whose bars are clicked to show that day (long spans get the day picker alone). The strip
    is a chart, drawn with the ``whole`` page; its place is kept from the first paint."""
    ev, (lo, hi) = selection.evidence, bounds
    shown = page.window
    assert shown is not None  # page_state.opened gives the page its window, and nothing takes it away
    st.session_state[SLIDER] = window.to_slider(shown)
    st.slider(f"Time window: {times.window_text(*shown, ev.case.timezone)} (local time, "
              f"{times.offsets(lo, hi, ev.case.timezone)})", min_value=lo, max_value=hi - window.HOUR,
              step=timedelta(hours=1), format=window.slider_format(shown, (lo, hi)), key=SLIDER,
              on_change=lambda: _show(window.from_slider(st.session_state[SLIDER])))
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.button("All days", key=ALL_DAYS, on_click=_show, args=((lo, hi),),
                  type="primary" if shown == (lo, hi) else "secondary")
        if back := window.whole_window(page.played, shown):  # a playback stopped on this step
            st.button(f"Whole window: {times.window_text(*back, ev.case.timezone)}", key=WHOLE_WINDOW, on_click=_show,
                      args=(back,))
        # The day picker: a long span's only way to one day; beside a short span's strip, the keyboard's (a chart's
        # bars take no focus), reached by Tab right after "All days".
        st.date_input("Show one day", value=None, min_value=day_list[0], max_value=day_list[-1], key=DAY_PICK,
                      on_change=_pick_day, args=(ev.case.timezone,), label_visibility="collapsed",
                      format="YYYY-MM-DD", width=150 if len(day_list) > DAY_BUTTONS else 120)
        if len(day_list) > DAY_BUTTONS:
            return
        # A block of fixed height holds the strip's place from the first paint, before the chart's code has loaded
        # (and, in the first stage, before the chart is drawn at all): the map below never moves.
        with st.container(height=DAY_STRIP_PX, border=False, key=DAY_STRIP):
            if not whole:
                st.markdown(" ")  # a block is drawn only with something in it; Markdown's code loads with the page
                return
            st.vega_lite_chart(charts.day_bars(selection, day_list), key=DAY_BARS,
                               on_select=lambda: _bar_day(ev.case.timezone), selection_mode=charts.DAY_PICK,
                               width="stretch")


def _bar_day(zone) -> None:
    """A bar of the day strip was clicked: show its day."""
    day = charts.picked_day(st.session_state.get(DAY_BARS))
    if day is not None:
        _show(window.day_window(day, zone))


def _pick_day(zone) -> None:
    """The day picker (long spans): show the day picked."""
    day = st.session_state[DAY_PICK]
    if day is not None:
        _show(window.day_window(day, zone))


def _exports(selection: Selection) -> None:
    """Download buttons for exactly the current view; each file is made only when clicked (see
    :func:`geo.app.exports.why_disabled` for the ones that are off)."""
    st.sidebar.subheader("Export this view")
    for offer in exports.offers(len(selection.events)):
        st.sidebar.download_button(
            offer.label, partial(exports.make, selection, offer),
            file_name=export.filename(selection.evidence, selection.view, offer.fmt, selection.window),
            mime=export.MEDIA_TYPES[offer.fmt], key=EXPORT + offer.fmt, on_click="ignore",
            disabled=offer.why_disabled is not None, width="stretch", help=offer.why_disabled)


def _options() -> list[str]:
    """The dashboard's own options (after ``--`` on the streamlit command line).

    They are read only when streamlit runs this file (it puts the file first in ``sys.argv``);
    under a test runner ``sys.argv`` is the runner's.
    """
    ours = bool(sys.argv) and Path(sys.argv[0]).resolve() == Path(__file__).resolve()
    return sys.argv[1:] if ours else []


def _folder() -> Path:
    """The data folder: ``streamlit run dashboard.py -- --data DIR``, else ``$EVACMAP_DATA``, else data/."""
    try:
        return cli.dashboard_folder(_options())
    except UsageError as error:
        st.error(markdown_literal(error))
        st.stop()


def _evidence(case: case_choice.Chosen | UsageError, whole: bool, picker) -> tuple[Evidence, Evidence, str | None, tuple]:
    """The loaded evidence, the evidence shown (with an uploaded file's events), the file's digest and
    the data folder's signature; a folder that cannot be used stops the page with its problems. The case
    picker (in its place, ``picker``) and the events file are drawn with the ``whole`` page (before it, nothing can
    be uploaded)."""
    folder = case_picker.case_folder(case, where=picker if whole else None)
    signature = files.signature(folder)
    try:
        loaded = _load(str(folder), signature)
    except DataFileError as error:
        st.error(f"The data folder {markdown_literal(folder.name)} cannot be used: {len(error.problems)} problem(s). "
                 "Fix them and reload (`evacmap validate` lists the same).\n\n"
                 + problem_list(error.problems, shown=len(error.problems)))
        st.stop()
    ev, digest = events_file(folder, signature, loaded) if whole else (loaded, None)
    return loaded, ev, digest, signature


def _settled_view(ev: Evidence, page: PageState, bounds: window.Window, case: case_choice.Chosen,
                  notices) -> tuple[Selection, PageState]:
    """The view the page's state describes, looked up once (:class:`geo.run.selection.Selection`) and written to the
    address; a linked event outside it is let go, and the link's unused parameters are noticed (in ``notices``)
    until the view changes."""
    selection = Selection.of(ev, page.view(bounds), let_go=True)
    page = page_state.let_go(page, selection.events["id"].to_numpy(), linked=page.linked is None)
    params = case.link_params(selection.view.to_params(ev.case.timezone))
    if params != st.query_params.to_dict():
        st.query_params.from_dict(params)
    page = page_state.settled(page, params)
    for notice in page.notices:
        notices.warning(markdown_literal(f"Link parameter not used: {notice}"))
    return selection, page


def _clicked(selection: Selection, bounds: window.Window) -> None:
    """The map channel's callback: what the map sent, read once (:func:`geo.app.messages.read`), and taken: the map
    has drawn, the in-map playback stopped (the window becomes its whole step), an event or a place was picked."""
    ev = selection.evidence
    message = messages.read(map_channel.received(MAP_CHANNEL))
    if isinstance(message, messages.Ready):
        staged.drawn()
    else:
        state.update(page_state.after_message, message, bounds, ev.case.timezone, selection.events["id"].to_numpy(),
                     ev.gazetteer)


def _map(selection: Selection, bounds: window.Window, page: PageState) -> None:
    """The map of the view, with the side panels' candidates and online answers. The map is drawn without the
    selection, so it stays the same document while the selection changes: the selected event is a layer
    streamlit-folium adds to the drawn map (:mod:`geo.map.highlight`), keeping the reader's zoom and pan. So is the
    step a playback stopped on: while the page shows it, the map is the one of the window played, and a layer shows
    the step in it (:func:`geo.map.playback_control.stopped_step_layer`). What the map sends comes through its
    channel (:mod:`panels.map_channel`), mounted after the map so it never moves it."""
    ev, view = selection.evidence, selection.view
    played = window.whole_window(page.played, page.window) if page.window is not None else None
    drawn = selection if played is None else Selection.of(ev, replace(view, start=played[0], end=played[1]), let_go=True)
    try:
        folium_map = build.map_of(drawn, title=drawn.title, offline_assets=_map_assets(), highlight=False,
                                  candidates=add_reports.on_map(ev.case.timezone), lookups=find_place.on_map(ev.gazetteer),
                                  clickable_places=True)
    except ValueError as error:
        st.error(f"The map cannot be drawn: {markdown_literal(error)}")
        return
    playback.add_playback(folium_map, drawn, send=True)
    highlight.add_click_mark(folium_map)
    glyphs.add_details_beside(folium_map, f".st-key-{MAP_ROW}", BESIDE_PX)
    channel.add_picks(folium_map)
    chosen = selection.selected_on_map  # an event kept off the map is not highlighted on it
    added = staged.layers() + ([highlight.selection_layer(chosen)] if chosen is not None else [])
    if played is not None:
        added.append(playback_control.stopped_step_layer(selection.window[1].isoformat()))
    st_folium(folium_map, key=MAP, height=MAP_HEIGHT, use_container_width=True, feature_group_to_add=added or None,
              returned_objects=[])
    map_channel.listen(MAP_CHANNEL, on_message=lambda: _clicked(selection, bounds))


def main() -> None:
    case = case_picker.choose(_folder())  # once a run: the title, the data and the link all follow it
    st.set_page_config(page_title=case_picker.page_title(case), page_icon="🗺️", layout="wide")
    whole = staged.whole()
    filters = st.sidebar.container()  # above the events file, which is read first
    st.html(COMPACT_PAGE)
    heading = st.container(horizontal=True, vertical_alignment="center")  # the case's title and the case picker
    title = heading.container(width="content")
    loaded, ev, digest, signature = _evidence(case, whole, case_picker.slot(case, heading))
    loaded, ev = as_known_on.cut(whole, loaded, ev)
    bounds = window.bounds(ev)
    before = state.read()  # the page's state, read once a run and written back once it has settled
    page = _opened(before, ev, bounds, (signature, digest))
    day_list = timeline.days(ev)

    title.markdown(f"**{markdown_literal(ev.case.title)}**")  # one line: the map is the page's heading
    time_control, notices = st.container(), st.container()
    # The map is sent first, then what sits above and beside it: the browser starts loading the map while
    # it draws the rest. The widgets' values are already in session state, so the view does not wait for them.
    assert isinstance(case, case_choice.Chosen)  # else _evidence stopped the page (case_picker.case_folder)
    selection, page = _settled_view(ev, page, bounds, case, notices)
    state.write(before, page)
    view, shown = selection.view, selection.events
    # The map takes the whole width; the selected event's details open in a narrow drawer beside it (wrapped under
    # it on a phone), which takes no width while nothing is selected. The map's place in the page never changes.
    with st.container(horizontal=True, gap="small", key=MAP_ROW):
        map_slot = st.container(width="stretch")
        drawer = st.container(width=DRAWER_PX if view.event else "content", key=DRAWER)
    with map_slot:
        _map(selection, bounds, page)
    with time_control:
        _timeline(selection, page, bounds, day_list, whole)
    story_buttons(shown, view.event)
    said_list(selection)
    with drawer:
        details(selection)
    if not whole:  # the rest once the map has drawn (panels.staged)
        filters.header("Filters")  # the sidebar is there from the start, so the map keeps its width
        staged.fallback()
        return
    _filters(ev, filters)
    with st.container(key=staged.WHOLE_MARK):
        with st.container(horizontal=True, vertical_alignment="bottom"):
            st.metric("Events", len(shown), width="content", format="localized")
            st.metric("Corridors in use", len(selection.corridors), width="content", format="localized")
            st.metric("Claims", len(selection.claims), width="content", format="localized")
            offsets = times.offsets(*selection.window, ev.case.timezone)
            st.caption(markdown_literal(selection.title) + f" · times in local time ({offsets}), UTC beside")
        tabs(selection, day_list)
    editable = editing.editing_enabled(_options(), os.environ)  # the server's own switch, never a visitor's
    add_reports.add_reports(ev, loaded, editable=editable)
    find_place.find_place(ev.gazetteer, loaded.folder, editable=editable, offline_assets=_map_assets())
    add_source.add_source(loaded.folder, editable=editable)
    if not editable:
        st.sidebar.caption(editing.READ_ONLY_NOTE)
    _exports(selection)
    st.sidebar.divider()
    added = len(ev.events) - len(loaded.events)
    st.sidebar.caption(markdown_literal(  # the folder's name alone: a visitor never sees a server path
        f"Data: {ev.folder.name} · {len(ev.events)} events" + (f" ({added} from the uploaded file)" if added else "")
        + f", {len(ev.claims)} claims, {len(ev.corridors)} corridors, {len(ev.sources)} sources"))
    st.sidebar.caption("Share this view: copy the page's address; it holds the window, filters and selection.")


if __name__ == "__main__":  # streamlit runs the script as __main__; tests import its constants
    main()
