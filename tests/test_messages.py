"""What the map sent, read into typed messages, and the page's rules about selections and link notices."""

from __future__ import annotations

from datetime import UTC, datetime

from geo.app import messages
from geo.app.messages import Nothing, PickedEvent, PickedPlace, Ready, StoppedAt


def _sent(text: str | None) -> dict:
    return {"last_object_clicked_tooltip": text}


def _no_places(text: str) -> None:
    return None


def test_should_read_the_maps_report_that_it_has_drawn():
    assert messages.read(_sent("evacmap map drawn"), None, _no_places) == Ready()


def test_should_read_where_the_playback_stopped_as_a_utc_window():
    sent = _sent("evacmap playback stopped · 2016-12-15T22:00:00+00:00 · 2016-12-16T22:00:00+00:00")
    assert messages.read(sent, None, _no_places) == StoppedAt(datetime(2016, 12, 15, 22, tzinfo=UTC),
                                                              datetime(2016, 12, 16, 22, tzinfo=UTC))


def test_should_read_a_click_on_an_events_glyph_as_that_event():
    sent = _sent("e014 · Thu 15 Dec 2016 14:30 UTC+2 (12:30 UTC) · al-Ramousah · Departure")
    assert messages.read(sent, None, _no_places) == PickedEvent("e014")


def test_should_read_a_click_on_a_places_count_as_that_place():
    text = "Foua · 12 events · Departure, Transfer · click to show only this place"
    assert messages.read(_sent(text), None, lambda t: "foua" if t == text else None) == PickedPlace("foua")


def test_should_read_nothing_before_a_click_again_for_the_same_click_and_for_other_layers():
    assert messages.read(None, None, _no_places) == Nothing()
    assert messages.read({}, None, _no_places) == Nothing()
    assert messages.read(_sent("  "), None, _no_places) == Nothing()
    assert messages.read(_sent("e014 · x"), "e014 · x", _no_places) == Nothing()
    assert messages.read(_sent("Castello Road · 12.0 km computed"), None, _no_places) == Nothing()
    assert messages.read(_sent("evacmap playback stopped · 2016-12-16 · 2016-12-15"), None, _no_places) == Nothing()


def test_should_select_a_picked_event_only_when_it_is_shown():
    assert messages.selection_after(PickedEvent("e2"), "e1", ["e1", "e2"]) == "e2"
    assert messages.selection_after(PickedEvent("e9"), "e1", ["e1", "e2"]) == "e1"
    assert messages.selection_after(Ready(), "e1", ["e1"]) == "e1"
    assert messages.selection_after(Nothing(), None, ["e1"]) is None


def test_should_show_only_a_picked_place_and_keep_the_filter_otherwise():
    assert messages.places_after(PickedPlace("foua"), ["madaya"]) == ("foua",)
    assert messages.places_after(PickedEvent("e1"), ["madaya"]) == ("madaya",)


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
