"""Find a place: a name resolved by the gazetteer, else found offline in GeoNames' populated places (several side by
side), or (if turned on) looked up online, unverified until accepted; a place none holds is placed by a click on a small
map. A new place is written to the case only where the dashboard edits (``editable``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

import streamlit as st

from geo import times
from geo.app import find
from geo.app.text import markdown_literal, problem_list
from geo.data import newplace
from geo.data.schema import PLACE_KINDS, ROLES
from geo.errors import GeocoderUnavailable
from geo.places import geocode
from geo.places.gazetteer import Gazetteer
from geo.places.geocode import Geocoded
from panels import new_place

# Session-state keys.
PLACE_QUERY = "place_query"
ONLINE = "online_lookup"
LOOKUPS = "lookups"  # name -> the online answer (None: no such place), this session
ACCEPTED = "accepted_lookups"  # name -> the answer a person accepted
ACCEPT = "accept_lookup"
NEW_PLACE = "new_place_"  # + a gazetteer column
DOWNLOAD_PLACE = "download_place"
ON_MAP = "lookups_on_map"  # the answers the map last drew

_SAY = {"success": st.success, "info": st.info, "warning": st.warning, "error": st.error}  # geo.app.find.Answer's levels


def _lookup_off() -> str | None:
    """Why online lookups cannot be used (no contact for Nominatim's usage policy), or None."""
    try:
        geocode.user_agent()
    except GeocoderUnavailable as error:
        return str(error)
    return None


@st.cache_resource(show_spinner=False)
def _online_geocoder(contact: str) -> geocode.OnlineGeocoder:
    """One Nominatim client for the whole server: its one-request-a-second limit and disk cache are shared."""
    return geocode.OnlineGeocoder(contact=contact)


def _query() -> str:
    return (st.session_state.get(PLACE_QUERY) or "").strip()


def _found(query: str) -> Geocoded | None:
    """The answer for ``query`` (:func:`geo.app.find.standing`)."""
    return find.standing(query, st.session_state.get(ACCEPTED, {}), st.session_state.get(LOOKUPS, {}))


def _wanted(query: str, gazetteer: Gazetteer) -> bool:
    """Whether ``query`` is to be asked online (:func:`geo.app.find.asked_online`)."""
    return find.asked_online(query, bool(st.session_state.get(ONLINE)), _lookup_off(), gazetteer)


def on_map(gazetteer: Gazetteer) -> list[Geocoded]:
    """The online answer to draw on the map (noted, so the panel knows what is drawn); never asks online."""
    query = _query()
    found = _found(query) if _wanted(query, gazetteer) else None
    drawn = st.session_state[ON_MAP] = [found] if found is not None else []
    return drawn


def _look_up(query: str) -> str | None:
    """Ask Nominatim about ``query`` once a session; why it could not be asked, or None."""
    answers = st.session_state.setdefault(LOOKUPS, {})
    if query in answers:
        return None
    try:
        with st.spinner(f"Asking {geocode.SOURCE} about {query}…"):
            answers[query] = _online_geocoder(os.environ[geocode.CONTACT_ENV].strip()).lookup(query)
    except GeocoderUnavailable as error:
        return str(error)
    return None


def _accept(found: Geocoded, gazetteer: Gazetteer) -> None:
    """The Accept button: the answer becomes verified, and the new place's id and name are proposed."""
    st.session_state.setdefault(ACCEPTED, {})[found.query] = found.accept()
    st.session_state[NEW_PLACE + "id"] = newplace.suggest_id(newplace.place_name(found), gazetteer)
    st.session_state[NEW_PLACE + "name"] = newplace.place_name(found)
    # what was given for another place is not this one's
    for column in ("name_local", "name_local_lang", "kind", "role", "precision_m"):
        st.session_state.pop(NEW_PLACE + column, None)


@st.fragment
def find_place(gazetteer: Gazetteer, folder: Path | None = None, editable: bool = False,
               offline_assets: Mapping[str, str] | None = None) -> None:
    """The "Find a place" expander; an answer to draw or redraw on the map reruns the app. A new place is written to
    the case in ``folder`` only when ``editable``; otherwise the panel says editing is off and writes nothing. The
    small map to click on loads its scripts from ``offline_assets`` (as the main map, :mod:`geo.map.assets`)."""
    if new_place.written():  # the case's files changed: the whole page reloads them, then the panel says so
        st.rerun(scope="app")
    query = _query()
    problem = _look_up(query) if _wanted(query, gazetteer) else None
    off = _lookup_off()
    with st.expander("Find a place: the gazetteer's answer, GeoNames' (offline), or OpenStreetMap's",
                     expanded=bool(query)):
        st.text_input("Place name", key=PLACE_QUERY, placeholder="e.g. Ramoussa, الراموسة, Handarat",
                      max_chars=find.MAX_QUERY_CHARS)
        st.toggle("Look names up online (OpenStreetMap Nominatim)", key=ONLINE, disabled=off is not None,
                  help=f"Off: set {geocode.CONTACT_ENV} to an e-mail address or URL where you can be reached "
                       "(Nominatim's usage policy) and restart." if off else
                       "A name the gazetteer can't resolve is asked of Nominatim (one request a second for the "
                       "whole server, answers cached). Answers are unverified until you accept them.")
        new_place.said(query)
        if query:
            _answer(query, gazetteer, off, problem)
        if query and not gazetteer.resolve(query).resolved:
            new_place.offer(query, gazetteer, folder, editable, offline_assets)
    if st.session_state.get(ON_MAP, []) != on_map(gazetteer):
        st.rerun(scope="app")


def _answer(query: str, gazetteer: Gazetteer, off: str | None, problem: str | None) -> None:
    """What :func:`geo.app.find.answer` says about ``query``, then its Accept button or the new place's form."""
    found = _found(query)
    said = find.answer(query, gazetteer, online=bool(st.session_state.get(ONLINE)), off=off, problem=problem,
                       found=found)
    for level, line in said.said:
        _SAY[level]("  \n".join(markdown_literal(part) for part in line.split("\n")))
    if said.offer == "accept":
        st.button("Accept", key=ACCEPT, on_click=_accept, args=(found, gazetteer))
    elif said.offer == "describe":
        assert found is not None  # find.answer offers to describe only a place it found
        _new_place(found, gazetteer)


def _new_place(found: Geocoded, gazetteer: Gazetteer) -> None:
    """What only a person can say about an accepted place, then its gazetteer.csv row to download."""
    st.caption("Give what the geocoder cannot know, then download the row to add to data/gazetteer.csv "
               "(nothing here changes the data folder).")
    with st.container(horizontal=True):
        st.text_input("Id", key=NEW_PLACE + "id")
        st.text_input("Name", key=NEW_PLACE + "name")
        st.text_input("Local name", key=NEW_PLACE + "name_local", help="in the local script: حندرات, Ստեփանակերտ")
        st.text_input("Its language", key=NEW_PLACE + "name_local_lang", placeholder="ar",
                      help="a BCP 47 tag: ar, hy, az, uk")
    with st.container(horizontal=True):
        st.selectbox("Kind", PLACE_KINDS, index=None, key=NEW_PLACE + "kind")
        st.selectbox("Role", ROLES, index=None, key=NEW_PLACE + "role",
                     help="event: something in the reports happened here; context: only mentioned")
        st.number_input("Precision (m)", min_value=1, max_value=1_000_000, value=None, step=100,
                        key=NEW_PLACE + "precision_m", help="how far around the point the place spreads")
    state = st.session_state
    data, problems = newplace.gazetteer_row(
        found, gazetteer, place_id=state.get(NEW_PLACE + "id") or "", name=state.get(NEW_PLACE + "name") or "",
        name_local=state.get(NEW_PLACE + "name_local") or "",
        name_local_lang=state.get(NEW_PLACE + "name_local_lang") or "", kind=state.get(NEW_PLACE + "kind"),
        role=state.get(NEW_PLACE + "role"), precision_m=state.get(NEW_PLACE + "precision_m"),
        retrieved=datetime.now(times.UTC).date())
    if problems:
        st.caption("Still needed before the row can be downloaded:\n\n" + problem_list(problems))
    st.download_button("Download the gazetteer.csv row", data, file_name="gazetteer_new_place.csv", mime="text/csv",
                       key=DOWNLOAD_PLACE, disabled=bool(problems))

