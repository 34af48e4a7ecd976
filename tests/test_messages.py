"""What the map sent through its channel, read into typed messages, and the page's rules about selections and link notices."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pytest

from geo.app import messages
from geo.app.messages import Nothing, PickedEvent, PickedPlace, Ready, StoppedAt


def _sent(kind: str, **fields: object) -> dict:
    return {"evacmap": 1, "kind": kind, **fields}


def test_should_read_the_maps_message_that_it_has_drawn():
    assert messages.read(_sent("drawn")) == Ready()


def test_should_read_where_the_playback_stopped_as_a_utc_window():
    sent = _sent("stopped", start="2016-12-15T22:00:00+00:00", end="2016-12-16T22:00:00Z")
    assert messages.read(sent) == StoppedAt(datetime(2016, 12, 15, 22, tzinfo=UTC), datetime(2016, 12, 16, 22, tzinfo=UTC))


def test_should_read_a_click_on_an_events_glyph_as_that_event():
    assert messages.read(_sent("picked-event", event="e014")) == PickedEvent("e014")


def test_should_read_a_click_on_a_places_count_as_that_place():
    assert messages.read(_sent("picked-place", place="foua")) == PickedPlace("foua")


def test_should_read_nothing_when_the_map_sent_nothing():
    assert messages.read(None) == Nothing()


@pytest.mark.parametrize("payload", [
    "evacmap map drawn",  # the old hidden marker's tooltip text
    ["drawn"],
    {},
    {"kind": "drawn"},  # not marked as evacmap's
    {"evacmap": 2, "kind": "drawn"},
    {"evacmap": True, "kind": "drawn"},
    {"evacmap": 1, "kind": "report"},
    {"evacmap": 1, "kind": "drawn", "event": "e014"},  # a field that is not its kind's
    {"evacmap": 1, "kind": "picked-event"},
    {"evacmap": 1, "kind": "picked-event", "event": 14},
    {"evacmap": 1, "kind": "picked-event", "event": "E014 <b>"},
    {"evacmap": 1, "kind": "picked-event", "event": "e" * 201},
    {"evacmap": 1, "kind": "picked-place", "place": ""},
    {"evacmap": 1, "kind": "stopped", "start": "2016-12-16T22:00:00+00:00", "end": "2016-12-15T22:00:00+00:00"},
    {"evacmap": 1, "kind": "stopped", "start": "2016-12-15T22:00:00", "end": "2016-12-16T22:00:00"},  # no offset
    {"evacmap": 1, "kind": "stopped", "start": "yesterday", "end": "today"},
])
def test_should_read_nothing_from_a_payload_that_is_not_a_well_formed_message_and_log_it(payload, caplog):
    with caplog.at_level(logging.WARNING, logger="geo.app.messages"):
        assert messages.read(payload) == Nothing()
    assert len(caplog.records) == 1 and "map message ignored" in caplog.records[0].getMessage()


def test_should_select_a_picked_event_only_when_it_is_shown():
    assert messages.selection_after(PickedEvent("e2"), "e1", ["e1", "e2"]) == "e2"
    assert messages.selection_after(PickedEvent("e9"), "e1", ["e1", "e2"]) == "e1"
    assert messages.selection_after(Ready(), "e1", ["e1"]) == "e1"
    assert messages.selection_after(Nothing(), None, ["e1"]) is None


def test_should_show_only_a_picked_place_and_keep_the_filter_otherwise():
    known = {"foua", "madaya"}
    assert messages.places_after(PickedPlace("foua"), ["madaya"], known) == ("foua",)
    assert messages.places_after(PickedPlace("atlantis"), ["madaya"], known) == ("madaya",)  # not a place of the case
    assert messages.places_after(PickedEvent("e1"), ["madaya"], known) == ("madaya",)


def test_should_let_a_selection_go_once_its_event_is_not_shown():
    assert messages.kept_selection("e1", ["e1", "e2"]) == "e1"
    assert messages.kept_selection("e3", ["e1", "e2"]) is None
    assert messages.kept_selection(None, ["e1"]) is None


def test_should_say_why_a_linked_event_is_not_selected_but_not_after_the_reader_moved():
    assert messages.outside_notice("e014", linked=True) == ("event: 'e014' is outside this window and these "
                                                             "filters; no event is selected")
    assert messages.outside_notice("e014", linked=False) is None
    assert messages.outside_notice(None, linked=True) is None


def test_should_keep_a_links_notices_until_the_view_changes():
    linked = {"start": "2016-12-15", "types": "nope"}
    assert messages.notices_kept(dict(linked), linked, ["types: bad"]) == ["types: bad"]
    assert messages.notices_kept({"start": "2016-12-16"}, linked, ["types: bad"]) == []
