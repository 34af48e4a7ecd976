"""The map's channel back to the page: one listener, mounted once a run, that hands what the map sends to Python.

The map (drawn by streamlit-folium in a frame of the page) posts its messages to the page with the web's own
``window.postMessage`` (:mod:`geo.map.channel`). This module mounts a small component of evacmap's own, made
with Streamlit's documented custom components API (``st.components.v2.component``, as in the 1.65 the dashboard
needs at least): its script (``map_channel.mjs``) runs in the page, listens for those
messages, keeps only the page's own origin's messages of evacmap's shape, and hands each to Python as the
trigger value ``message`` (a documented trigger: it reruns the page once and is gone after). Python reads it
with :func:`geo.app.messages.read`.

Why this way, and not streamlit-folium's documented return (``last_object_clicked_tooltip``) alone: that return
carries a clicked layer's tooltip text, not what was clicked, so the map's own messages had to ride on clicks
fired at a hidden marker, every message was a string parsed back by one of four decoders, a place whose name
another place shares could not be picked, a click on the glyph last clicked (the selection moved on since) was not
heard, and neither were layers added after the map was drawn (the playback's glyphs) nor Enter on a glyph. Here
every part is documented and kept: streamlit, folium and streamlit-folium still draw the map (streamlit-folium
returns nothing, ``returned_objects=[]``, so a click, pan or zoom reruns nothing by itself), postMessage is a web
standard, and the components v2 API is Streamlit's public one; nothing reads Streamlit's own page or markup.
Glyph and place-count clicks come the same way, by id, so the page reads one channel.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path

import streamlit as st

NAME = "evacmap_map_channel"
TRIGGER = "message"
"""The trigger value the listener sets (``setTriggerValue("message", ...)`` in ``map_channel.mjs``)."""


@cache
def _script() -> str:
    return Path(__file__).with_suffix(".mjs").read_text(encoding="utf-8")


def listen(key: str, on_message: Callable[[], None]) -> None:
    """Mount the listener (once a run, always under the same ``key``, so the page keeps one); ``on_message`` runs
    before the rerun a message causes, and reads it with :func:`received`.

    The component is declared here, at each mount, rather than once at import: a Streamlit runtime (a server, or
    each of the tests' AppTest) keeps its own registry, and declaring the same component again is allowed."""
    mount = st.components.v2.component(NAME, js=_script())
    mount(key=key, on_message_change=on_message, width="content", height="content")


def received(key: str) -> object:
    """What the map sent that caused this run (None: nothing), as the listener handed it over."""
    value = st.session_state.get(key)
    return value.get(TRIGGER) if isinstance(value, Mapping) else None
