"""Story mode: Previous and Next through the events shown, in time order."""

from __future__ import annotations

import pandas as pd

from geo.app import story

SHOWN = pd.DataFrame({"id": ["e003", "e001", "e007"]})


def test_should_find_where_an_event_is_among_those_shown():
    assert [story.position(SHOWN, i) for i in ("e003", "e007", "e999", None)] == [0, 2, -1, -1]


def test_should_step_to_the_neighbours_and_stop_at_the_ends():
    assert story.neighbours(SHOWN, "e001") == ("e003", "e007")
    assert story.neighbours(SHOWN, "e003") == (None, "e001")
    assert story.neighbours(SHOWN, "e007") == ("e001", None)


def test_should_start_next_at_the_first_and_previous_at_the_last_without_a_selection():
    assert story.neighbours(SHOWN, None) == ("e007", "e003")
    assert story.neighbours(SHOWN, "e999") == ("e007", "e003")


def test_should_go_nowhere_when_nothing_is_shown():
    assert story.neighbours(SHOWN.iloc[:0], None) == (None, None)
