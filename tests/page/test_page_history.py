"""An event's history (changes.csv) in its details beside the map, through Streamlit's AppTest."""

from __future__ import annotations

from datetime import UTC, datetime

from geo.data import changes
from geo.data.changes import Change


def test_should_show_an_events_history_in_its_details(page, data_copy):
    when = datetime(2026, 12, 3, 11, 5, tzinfo=UTC)
    changes.append(data_copy, [Change(when, "rana", "events.csv", "e014", "type", "arrival", "gathering", "re-read"),
                               Change(when, "rana", "events.csv", "e015", "type", "arrival", "departure", "other")])
    at = page({"event": "e014"}, data=data_copy).run()
    assert not at.exception
    history = next(t.value for t in at.dataframe if "Who" in t.value)
    assert history.to_dict("records") == [{"When (UTC)": "2026-12-03 11:05", "Who": "rana", "What": "type",
                                           "From": "arrival", "To": "gathering", "Why": "re-read"}]


def test_should_show_no_history_for_an_event_never_changed(page):
    at = page({"event": "e014"}).run()
    assert not at.exception
    assert not [t for t in at.dataframe if "Who" in t.value]
