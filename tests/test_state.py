"""The page's state kept in Streamlit's session state (panels/state.py): each field under a key of its own, read back
as written, and only what changed written (a widget's key is written only while the widget is not drawn).

Streamlit's session state works without a running page (bare mode), so no page run is needed here.
"""

from __future__ import annotations

import dataclasses
import logging
from datetime import date, datetime

import pytest
import streamlit as st

from geo.app.page_state import PageState
from panels import state
from tests.conftest import ZONE

WINDOW = (datetime(2016, 12, 15, tzinfo=ZONE), datetime(2016, 12, 16, tzinfo=ZONE))


@pytest.fixture(autouse=True)
def empty_session(caplog):
    """A session state with nothing in it, before and after each test (bare mode keeps one for the process)."""
    caplog.set_level(logging.ERROR, logger="streamlit")  # bare mode's warning that no page is running
    st.session_state.clear()
    yield
    st.session_state.clear()


def test_should_keep_every_field_of_the_page_state_under_a_key_of_its_own():
    assert list(state.KEYS) == [field.name for field in dataclasses.fields(PageState)]
    assert len(set(state.KEYS.values())) == len(state.KEYS)


def test_should_read_back_what_was_written():
    written = PageState(started=True, window=WINDOW, types=("arrival",), places=("rashidin",), selected="e014",
                        as_of=date(2016, 12, 16), notices=("event: …",), case_notices=(), linked={"event": "e014"},
                        played=(WINDOW, WINDOW), shown_data=("signature", WINDOW))
    state.write(PageState(), written)
    assert state.read() == written
    assert st.session_state[state.TYPES] == ["arrival"]  # as the multiselect holds it
    assert st.session_state[state.SELECTED] == "e014" and st.session_state[state.WINDOW] == WINDOW


def test_should_write_only_what_changed():
    before = PageState(window=WINDOW, types=("arrival",))
    state.write(PageState(), before)
    st.session_state[state.TYPES] = ["departure"]  # as a widget would hold it, drawn already
    state.write(before, dataclasses.replace(before, selected="e001"))
    assert st.session_state[state.TYPES] == ["departure"] and st.session_state[state.SELECTED] == "e001"


def test_should_change_the_state_in_a_callback():
    state.write(PageState(), PageState(window=WINDOW, selected="e014"))
    state.update(dataclasses.replace, selected=None)
    assert state.read() == PageState(window=WINDOW)
