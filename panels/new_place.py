"""A place the case's gazetteer lacks: GeoNames' populated places of that name (offline), side by side, or a point
clicked on a small map, with a precision radius and a note on how it was placed; written only when editing.

What it decides is :mod:`geo.app.placing`'s; this draws it. Part of the "Find a place" fragment
(:mod:`panels.find_place`), so a click on the small map reruns only the panel.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

import streamlit as st
from streamlit_folium import st_folium

from geo import times
from geo.app import placing
from geo.app.text import markdown_literal
from geo.data import changes, newplace
from geo.data.schema import PLACE_KINDS, ROLES
from geo.map import clickmap
from geo.places import geonames
from geo.places.gazetteer import Gazetteer
from geo.places.geonames import Candidate, Lookup

# Session-state keys.
COUNTRIES = "geonames_countries"  # the ISO codes looked in, comma-separated (empty: every country)
LOOKUPS = "geonames_lookups"  # (name, countries) -> Lookup, this session
PICKED = "geonames_picked"  # the GeoNames id of the candidate picked for the new place
PICK = "geonames_pick_"  # + GeoNames id: its "Use this place" button
CLICK_MAP = "place_click_map"  # + _N: the small map's streamlit-folium value, a fresh map for each name (see _click_key)
CLICK_FOR = "place_click_for"  # the name the small map was last drawn for
CLICK_ROUND = "place_click_round"  # N: bumped for each new name, and after a place is written
FIELD = "add_place_"  # + id, name, name_local, name_local_lang, kind, role, precision_m, note
ADD = "add_place"
SAID = "new_place_said"  # what the last save said, shown after the rerun that reloads the case
WRITTEN = "new_place_written"  # a place was written: the whole page reruns, to reload the case
EVERY_COUNTRY = "all"
SIDE_BY_SIDE = 3  # candidates a row
SHOWN = 9  # candidates shown at most (the rest counted)
CLICK_MAP_HEIGHT = 320

_SAY = {"success": st.success, "info": st.info, "error": st.error}


@st.cache_resource(show_spinner=False)
def _geonames() -> geonames.GeoNames:
    """GeoNames' populated places for the whole server: read on the first look-up, never at start."""
    return geonames.default()


def _countries(gazetteer: Gazetteer) -> tuple[str, ...] | None:
    """The countries to look in, from the field (first filled with the countries within 150 km of the case's places): None for
    every country (``all``), () for none given yet."""
    if COUNTRIES not in st.session_state:
        points = [(p.lat, p.lon) for p in gazetteer]
        st.session_state[COUNTRIES] = ", ".join(sorted(_geonames().countries_near(points))) if points else ""
    codes = tuple(c.strip() for c in st.session_state[COUNTRIES].split(",") if c.strip())
    return None if any(c.lower() == EVERY_COUNTRY for c in codes) else codes


def _lookup(query: str, gazetteer: Gazetteer) -> Lookup | str | None:
    """The GeoNames look-up of ``query`` (once a session per name and countries), why it could not be made, or None
    while no country is given (a case without places yet)."""
    with st.spinner(f"Looking {query} up in GeoNames (offline; the first look-up reads the data)…"):
        countries = _countries(gazetteer)
        if countries == ():
            return None
        key = (query, countries)
        found = st.session_state.setdefault(LOOKUPS, {})
        if key not in found:
            try:
                found[key] = _geonames().find(query, countries=countries, near=placing.near(gazetteer))
            except ValueError as error:
                return str(error)
    return found[key]


def said(query: str) -> None:
    """What the last Add said, while the name asked is the one it was said of (after the rerun that reloads the
    case, the name may be the gazetteer's)."""
    of, lines = st.session_state.get(SAID, ("", ()))
    if of != query:
        return
    for level, line in lines:
        _SAY[level]("  \n".join(markdown_literal(part) for part in line.split("\n")))


def written() -> bool:
    """Whether a place was written since last asked: the page is to rerun whole, reloading the case."""
    return bool(st.session_state.pop(WRITTEN, False))


def offer(query: str, gazetteer: Gazetteer, folder: Path | None, editable: bool,
          offline_assets: Mapping[str, str] | None = None) -> None:
    """GeoNames' candidates for ``query``, then the new place's form with its click map."""
    st.markdown("**GeoNames (offline)**")
    lookup = _lookup(query, gazetteer)
    st.text_input("Countries to look in: ISO codes, comma-separated (e.g. AM, AZ), or 'all' (a minute the first time)",
                  key=COUNTRIES)
    if isinstance(lookup, str):
        st.error(markdown_literal(lookup))
        return
    if lookup is None:
        st.info("Give the countries to look in: the case has no places yet to tell them.")
        lookup = Lookup(query, ())
    picked = _candidates(lookup) if lookup.candidates or _countries(gazetteer) != () else None
    _form(query, gazetteer, folder, editable, lookup, picked, offline_assets)


def _candidates(lookup: Lookup) -> Candidate | None:
    """The candidates side by side, each with its "Use this place" button; the one picked, if still offered."""
    if not lookup.candidates:
        st.info(markdown_literal(f"GeoNames has no populated place called {lookup.query} in the countries looked in. "
                                 "Place it by a click on the map below."))
        return None
    if lookup.warning():
        st.warning(markdown_literal(lookup.warning()))
    shown = lookup.candidates[:SHOWN]
    for start in range(0, len(shown), SIDE_BY_SIDE):
        for column, candidate in zip(st.columns(SIDE_BY_SIDE), shown[start:start + SIDE_BY_SIDE]):
            with column.container(border=True):
                st.markdown("  \n".join(f"**{label}**: {markdown_literal(value)}"
                                        for label, value in placing.described(candidate).items()))
                gid = candidate.place.geonames_id
                st.button("Use this place", key=f"{PICK}{gid}", on_click=_pick, args=(candidate,),
                          type="primary" if st.session_state.get(PICKED) == gid else "secondary")
    if len(lookup.candidates) > SHOWN:
        st.caption(f"and {len(lookup.candidates) - SHOWN} more: give the countries to look in to narrow them")
    return next((c for c in lookup.candidates if c.place.geonames_id == st.session_state.get(PICKED)), None)


def _pick(candidate: Candidate) -> None:
    """A candidate picked: its name and a free id are proposed for the new place."""
    st.session_state[PICKED] = candidate.place.geonames_id
    st.session_state[FIELD + "name"] = candidate.place.name


def _form(query: str, gazetteer: Gazetteer, folder: Path | None, editable: bool, lookup: Lookup,
          picked: Candidate | None, offline_assets: Mapping[str, str] | None) -> None:
    """The new place: from the GeoNames place picked, or from a click on the small map; then what only a person can
    say, and the Add button (only when editing)."""
    st.markdown("**Add it to the case**" + (f": GeoNames {picked.place.geonames_id}, {picked.place.name}"
                                            if picked else ": click the map where the place is"))
    state = st.session_state
    click_key = _click_key(query)
    clicked = placing.clicked((state.get(click_key) or {}).get("last_clicked"))  # the last click, kept by st_folium
    mark = (picked.place.lat, picked.place.lon) if picked else clicked
    st_folium(clickmap.click_map(gazetteer, lookup.candidates[:SHOWN], offline_assets=offline_assets), key=click_key,
              height=CLICK_MAP_HEIGHT, use_container_width=True, returned_objects=["last_clicked"],
              feature_group_to_add=clickmap.mark_layer(mark, state.get(FIELD + "precision_m")) if mark else None)
    point = None if picked else clicked
    if point:
        st.caption(f"Clicked: {point[0]}, {point[1]}")
    state.setdefault(FIELD + "id", newplace.suggest_id(query, gazetteer))
    state.setdefault(FIELD + "name", query)
    with st.container(horizontal=True):
        st.text_input("Id", key=FIELD + "id")
        st.text_input("Name", key=FIELD + "name")
        st.text_input("Local name", key=FIELD + "name_local", help="in the local script: حندرات, Ստեփանակերտ")
        st.text_input("Its language", key=FIELD + "name_local_lang", placeholder="hy",
                      help="a BCP 47 tag: ar, hy, az, uk")
    with st.container(horizontal=True):
        st.selectbox("Kind", PLACE_KINDS, index=None, key=FIELD + "kind")
        st.selectbox("Role", ROLES, index=None, key=FIELD + "role",
                     help="event: something in the reports happened here; context: only mentioned")
        st.number_input("Precision radius (m)", min_value=1, max_value=1_000_000, value=None, step=100,
                        key=FIELD + "precision_m", help="how far around the point the place spreads (drawn on the map)")
    if not picked:
        st.text_area("How it was placed", key=FIELD + "note",
                     placeholder="e.g. the camp's gate as a satellite image shows it; the village centre on the map")
    if not editable:
        st.info(placing.EDITING_OFF)
    st.button("Add to the case", key=ADD, disabled=not editable or folder is None, on_click=_save,
              args=(query, folder, gazetteer, editable, point, picked))


def _click_key(query: str) -> str:
    """The small map's key for ``query``: a new one (a map with no click yet, and the form's fields cleared) when the
    name changes or a place was written, since st_folium keeps its last click for as long as its key lives, and the
    point clicked for one name was otherwise offered, and written, for the next."""
    state = st.session_state
    if state.get(CLICK_FOR) != query:
        for key in [k for k in state if str(k).startswith(FIELD)]:
            state.pop(key, None)
        state[CLICK_FOR] = query
        state[CLICK_ROUND] = state.get(CLICK_ROUND, 0) + 1
    return f"{CLICK_MAP}_{state[CLICK_ROUND]}"


def _save(query: str, folder: Path | None, gazetteer: Gazetteer, editable: bool, point: tuple[float, float] | None,
          picked: Candidate | None) -> None:
    """The Add button: :func:`geo.app.placing.save`, said after the rerun; a written place reloads the case."""
    state = st.session_state
    if folder is None:  # the button is disabled without a folder to write to
        return
    saved = placing.save(folder, gazetteer, editable=editable and folder is not None, point=point, geonames=picked,
                         note=state.get(FIELD + "note") or "", place_id=state.get(FIELD + "id") or "",
                         name=state.get(FIELD + "name") or "", name_local=state.get(FIELD + "name_local") or "",
                         name_local_lang=state.get(FIELD + "name_local_lang") or "",
                         kind=state.get(FIELD + "kind"), role=state.get(FIELD + "role"),
                         precision_m=state.get(FIELD + "precision_m"), editor=changes.editor(),
                         now=datetime.now(times.UTC))
    state[SAID] = (query, saved.said)
    if saved.written:
        state[WRITTEN] = True
        for key in [k for k in state if str(k).startswith(FIELD)] + [PICKED, LOOKUPS, CLICK_FOR]:
            state.pop(key, None)
