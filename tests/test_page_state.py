"""The page's state (geo.app.page_state) and the view it shows, as plain values: what a link, the slider, a
filter, a day, an upload, the map's message and a picked row make of it. No Streamlit here: the page's wiring
is tests/page/.

Expected events, claims and corridors come from the CSV files (tests/csv_rows.py), not from geo.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime, timedelta

import pytest

from geo.app import listings, messages, story, window
from geo.app.page_state import (
    PageState,
    after_message,
    followed,
    known_on,
    let_go,
    listed_rows,
    opened,
    picked_row,
    restarted,
    settled,
)
from geo.run.selection import Selection
from geo.run.view import from_params
from tests import csv_rows
from tests.conftest import ZONE

HOUR = timedelta(hours=1)
LAST = csv_rows.local_hour(2016, 12, 23)  # after every event's end
EVERY = len(csv_rows.rows("events.csv"))


def _local(year, month, day, hour=0) -> datetime:
    return datetime(year, month, day, hour, tzinfo=ZONE)


def _day(text: str) -> tuple[datetime, datetime]:
    return csv_rows.local_day(date.fromisoformat(text))


@pytest.fixture(scope="module")
def ends(shipped) -> window.Window:
    return window.bounds(shipped)


def _opened(shipped, ends, params: dict[str, str]) -> PageState:
    """The state a link opens, as the page's first run makes it."""
    view, notices = from_params(params, shipped)
    return opened(PageState(), view, notices, ends, ZONE)


def _shown(shipped, ends, page: PageState) -> Selection:
    return Selection.of(shipped, page.view(ends))


def test_should_open_on_every_event_with_no_notice_and_no_window_in_the_link(shipped, ends):
    page = _opened(shipped, ends, {})
    shown = _shown(shipped, ends, page)
    assert page.started and page.window == ends and page.notices == () and page.selected is None
    assert list(shown.events["id"]) == csv_rows.events()
    assert len(shown.claims) == len(csv_rows.rows("claims.csv"))
    assert len(shown.corridors) == len(csv_rows.rows("corridors.csv"))
    assert shown.view.to_params(ZONE) == {}


@pytest.mark.parametrize(("handles", "window_utc", "corridors", "params"), [
    ((_local(2016, 12, 15, 14), _local(2016, 12, 19, 11)),
     (csv_rows.local_hour(2016, 12, 15, 14), csv_rows.local_hour(2016, 12, 19, 12)), 3,  # all three that afternoon
     {"start": "2016-12-15T14:00", "end": "2016-12-19T12:00"}),
    ((_local(2016, 12, 19), _local(2016, 12, 20, 23)), (_day("2016-12-19")[0], _day("2016-12-20")[1]), 2,
     {"start": "2016-12-19", "end": "2016-12-20"}),  # the Aleppo corridor and the two villages' route
])
def test_should_show_the_events_claims_and_corridors_of_the_range_the_slider_is_moved_to(shipped, ends, handles,
                                                                                      window_utc, corridors, params):
    page = replace(_opened(shipped, ends, {}), window=window.from_slider(handles))
    shown = _shown(shipped, ends, page)
    expected = csv_rows.events(window_utc)
    assert list(shown.events["id"]) == expected
    assert len(shown.claims) == len(csv_rows.claims_about(expected))
    assert len(shown.corridors) == corridors == len(csv_rows.corridors_in_use(window_utc))
    assert shown.view.to_params(ZONE) == params


def test_should_show_the_ten_events_of_19_and_20_december(shipped, ends):
    page = replace(PageState(), window=(_local(2016, 12, 19), _local(2016, 12, 21)))
    # by hand: e029-e033 (Anadolu's captions), e047-e048 (19 Dec), e049-e051 (20 Dec)
    assert len(_shown(shipped, ends, page).events) == 10


# counted by hand: the rows of data/events.csv whose span overlaps the Aleppo day
@pytest.mark.parametrize(("day", "count"), [("2016-12-15", 30), ("2016-12-19", 6), ("2016-12-20", 4)])
def test_should_show_a_day_when_the_window_is_set_to_it(shipped, ends, day, count):
    """What a click on the day's bar or the day picker does: the window becomes that local day."""
    page = replace(PageState(), window=window.day_window(date.fromisoformat(day), ZONE))
    shown = _shown(shipped, ends, page)
    expected = csv_rows.events(_day(day))
    assert list(shown.events["id"]) == expected and len(expected) == count
    assert len(shown.claims) == len(csv_rows.claims_about(expected))
    assert shown.view.to_params(ZONE) == {"start": day, "end": day}


def test_should_go_back_to_all_days(shipped, ends):
    page = _opened(shipped, ends, {"start": "2016-12-15"})
    assert len(_shown(shipped, ends, page).events) < EVERY
    back = _shown(shipped, ends, replace(page, window=ends))
    assert len(back.events) == EVERY and "start" not in back.view.to_params(ZONE)


@pytest.mark.parametrize(("field", "value"), [
    ("types", ("arrival", "departure")), ("sources", ("anadolu_20161220",)), ("places", ("rashidin",)),
])
def test_should_filter_by_each_filter(shipped, ends, field, value):
    shown = _shown(shipped, ends, replace(_opened(shipped, ends, {}), **{field: value}))
    expected = csv_rows.events(**{field: value})
    assert 0 < len(shown.events) == len(expected) < EVERY
    assert list(shown.events["id"]) == expected
    assert len(shown.claims) == len(csv_rows.claims_about(expected))
    assert shown.view.to_params(ZONE)[field] == ",".join(value)


@pytest.mark.parametrize(("params", "window_utc", "filters"), [
    ({"start": "2016-12-15", "end": "2016-12-15"}, _day("2016-12-15"), {}),
    ({"start": "2016-12-15T14:00", "end": "2016-12-19T12:00"},
     (csv_rows.local_hour(2016, 12, 15, 14), csv_rows.local_hour(2016, 12, 19, 12)), {}),
    ({"start": "2016-12-15T14:30", "end": "2016-12-15T16:45"},  # off the hour
     (csv_rows.local_hour(2016, 12, 15, 14) + timedelta(minutes=30),
      csv_rows.local_hour(2016, 12, 15, 16) + timedelta(minutes=45)), {}),
    ({"types": "gathering"}, None, {"types": ("gathering",)}),
    ({"sources": "reuters_20161215,rt_20161215"}, None, {"sources": ("reuters_20161215", "rt_20161215")}),
    ({"places": "amiriyah,rashidin"}, None, {"places": ("amiriyah", "rashidin")}),
    ({"start": "2016-12-19", "types": "arrival,gathering", "places": "rashidin"}, (_day("2016-12-19")[0], LAST),
     {"types": ("arrival", "gathering"), "places": ("rashidin",)}),
])
def test_should_open_the_view_a_link_describes_and_write_a_link_to_the_same_view(shipped, ends, params, window_utc,
                                                                                filters):
    page = _opened(shipped, ends, params)
    shown = _shown(shipped, ends, page)
    assert page.notices == ()
    assert list(shown.events["id"]) == csv_rows.events(window_utc, **filters)
    rewritten = _opened(shipped, ends, shown.view.to_params(ZONE))
    assert list(_shown(shipped, ends, rewritten).events["id"]) == list(shown.events["id"])


@pytest.mark.parametrize(("name", "value"), [
    ("start", "yesterday"), ("end", "2016-13-40"), ("types", "parade"), ("sources", "bbc"),
    ("places", "<script>"), ("event", "e999"),
])
def test_should_notice_a_bad_parameter_and_show_the_default(shipped, ends, name, value):
    page = _opened(shipped, ends, {name: value})
    assert len(page.notices) == 1 and name in page.notices[0]
    assert len(_shown(shipped, ends, page).events) == EVERY


def test_should_select_the_event_a_link_names_and_its_row_in_the_list(shipped, ends):
    page = _opened(shipped, ends, {"event": "e014"})
    shown = _shown(shipped, ends, page)
    ids = list(shown.events["id"])
    assert page.selected == "e014" and "Amiriyah" in shown.selected.place_name
    assert listed_rows(page.selected, ids) == (ids.index("e014"),)
    assert listed_rows(None, ids) == () and listed_rows("e999", ids) == ()


def test_should_let_a_linked_event_outside_the_window_go_and_say_so_until_the_view_changes(shipped, ends):
    page = _opened(shipped, ends, {"start": "2016-12-19", "event": "e014"})
    shown_ids = csv_rows.events((_day("2016-12-19")[0], LAST))
    page = settled(let_go(page, shown_ids, linked=page.linked is None), {"start": "2016-12-19"})
    assert page.selected is None
    assert len(page.notices) == 1 and "e014" in page.notices[0]
    assert settled(page, {"start": "2016-12-19"}).notices == page.notices  # the next run: the same view
    assert settled(page, {"start": "2016-12-20"}).notices == ()  # the reader moved
    assert page.linked == {"start": "2016-12-19"}


def test_should_say_the_cases_notice_first_and_once(shipped, ends):
    view, notices = from_params({"event": "e999"}, shipped)
    page = opened(PageState(case_notices=("case: no case has the id 'x'",)), view, notices, ends, ZONE)
    assert page.notices == ("case: no case has the id 'x'", *notices) and page.case_notices == ()


def test_should_let_a_filter_change_drop_a_selection_it_hides_silently_and_end_the_links_notices(shipped, ends):
    page = _opened(shipped, ends, {"event": "e014", "sources": "bbc"})
    page = settled(let_go(page, csv_rows.events(), linked=page.linked is None), {"event": "e014"})
    assert page.selected == "e014" and len(page.notices) == 1  # the link's notice, said while its view stands
    other = next(r["type"] for r in csv_rows.rows("events.csv") if r["type"] != _row("e014")["type"])
    filtered = replace(page, types=(other,))
    shown = _shown(shipped, ends, filtered)
    filtered = let_go(filtered, list(shown.events["id"]), linked=filtered.linked is None)
    assert filtered.selected is None and len(filtered.notices) == 1  # no notice of its own: the reader moved
    assert settled(filtered, shown.view.to_params(ZONE)).notices == ()


def _row(event_id: str) -> dict[str, str]:
    return next(r for r in csv_rows.rows("events.csv") if r["id"] == event_id)


def test_should_let_an_event_go_silently_once_the_reader_has_moved():
    page = let_go(PageState(selected="e014", linked={}), ["e001"], linked=False)
    assert page.selected is None and page.notices == ()
    assert let_go(PageState(selected="e001"), ["e001"], linked=True) == PageState(selected="e001")


def test_should_take_a_links_as_known_on_day_within_the_reports_days():
    published = [date(2017, 4, 15), date(2017, 4, 13), date(2017, 4, 20)]
    assert known_on(date(2017, 4, 14), published) == date(2017, 4, 14)
    assert known_on(date(2017, 4, 1), published) == date(2017, 4, 13)  # before the first report: the first's day
    assert known_on(date(2017, 5, 1), published) == date(2017, 4, 20)  # after the last: the last's
    assert known_on(None, published) is None and known_on(date(2017, 4, 14), []) is None


def test_should_open_afresh_from_the_link_on_a_new_as_known_on_day():
    page = restarted(PageState(started=True, linked={"as_of": "2017-04-15"}, selected="e016"))
    assert not page.started and page.linked is None and page.selected == "e016"


def test_should_show_every_claim_about_the_selected_event_with_who_made_it(shipped, ends):
    shown = _shown(shipped, ends, _opened(shipped, ends, {"event": "e017"}))
    claims = listings.claim_list(shown.selected.claims, shown.selected.claim_citations)
    expected = csv_rows.claims_about(["e017"])
    assert len(claims) == len(expected) > 1
    assert sorted(claims["Who said it"]) == sorted(r["claimed_by"] for r in expected)


@pytest.mark.parametrize(("hour", "start", "end", "params"), [
    ((2016, 12, 15, 14), (2016, 12, 15, 14), (2016, 12, 15, 15), ("2016-12-15T14:00", "2016-12-15T15:00")),
    ((2016, 12, 20, 23), (2016, 12, 20, 23), (2016, 12, 21, 0), ("2016-12-20T23:00", "2016-12-20")),  # the last hour
])
def test_should_read_both_handles_on_one_moment_as_that_hour(shipped, ends, hour, start, end, params):
    page = replace(PageState(), window=window.from_slider((_local(*hour), _local(*hour))))
    shown = _shown(shipped, ends, page)
    to_params = shown.view.to_params(ZONE)
    assert (to_params["start"], to_params["end"]) == params
    assert len(shown.events) == len(csv_rows.events((csv_rows.local_hour(*start), csv_rows.local_hour(*end))))


def test_should_follow_an_upload_that_widens_the_span_and_narrow_back_when_it_goes(ends):
    wider = (ends[0], _local(2016, 12, 24))
    page = followed(replace(PageState(), window=ends), "shipped", ends, ["e001"])
    assert page.shown_data == ("shipped", ends)
    assert followed(page, "shipped", ends, ["e001"]) == page  # nothing changed
    uploaded = followed(replace(page, selected="u001"), "with mine.csv", wider, ["e001", "u001"])
    assert uploaded.window == wider and uploaded.selected == "u001"
    removed = followed(uploaded, "shipped", ends, ["e001"])
    assert removed.window == ends and removed.selected is None  # the uploaded event went with its file


def test_should_keep_a_narrower_window_when_an_upload_comes(ends):
    day = (_local(2016, 12, 16), _local(2016, 12, 17))
    page = followed(replace(PageState(), window=day), "shipped", ends, [])
    assert followed(page, "with mine.csv", (ends[0], _local(2016, 12, 24)), []).window == day


def test_should_show_the_whole_step_a_playback_stopped_on_and_remember_the_window_played(ends):
    page = replace(PageState(), window=ends)
    utc = csv_rows.local_day(date(2016, 12, 16))
    stopped = after_message(page, messages.StoppedAt(*utc), ends, ZONE, [])
    assert stopped.window == (_local(2016, 12, 16), _local(2016, 12, 17))
    assert stopped.played == (ends, stopped.window)
    assert window.whole_window(stopped.played, stopped.window) == ends


def test_should_select_a_picked_event_and_filter_to_a_picked_place():
    page = PageState(selected="e001", places=("rashidin",))
    assert after_message(page, messages.PickedEvent("e002"), None, ZONE, ["e001", "e002"]).selected == "e002"
    assert after_message(page, messages.PickedEvent("e999"), None, ZONE, ["e001", "e002"]).selected == "e001"
    placed = after_message(page, messages.PickedPlace("amiriyah"), None, ZONE, ["e001"], {"amiriyah"})
    assert placed.places == ("amiriyah",) and placed.selected == "e001"
    assert after_message(page, messages.Nothing(), None, ZONE, ["e001"]) == page


def test_should_select_the_event_of_the_row_picked_in_the_list():
    listed = ("e010", "e011", "e012")
    assert picked_row(None, ((), listed), [2]) == "e012"
    assert picked_row("e010", ((0,), listed), [0]) == "e010"  # the row it was drawn with: no pick
    assert picked_row("e010", ((0,), listed), []) is None  # the pick cleared
    assert picked_row("e010", ((0,), listed), [7]) == "e010"  # a row the list no longer has


def test_should_step_through_the_events_shown_in_time_order(shipped, ends):
    page = _opened(shipped, ends, {"start": "2016-12-19"})
    shown = _shown(shipped, ends, page).events
    ids = csv_rows.events((_day("2016-12-19")[0], LAST))
    assert story.neighbours(shown, None)[1] == ids[0]
    assert story.neighbours(shown, ids[0]) == (None, ids[1])
    assert story.neighbours(shown, ids[1])[0] == ids[0]


def test_should_describe_the_view_of_a_state_with_its_as_known_on_day(ends):
    page = PageState(window=ends, types=("arrival",), selected="e014", as_of=date(2016, 12, 16))
    view = page.view(ends)
    assert (view.start, view.end, view.types, view.event, view.as_of) == (None, None, ("arrival",), "e014",
                                                                          date(2016, 12, 16))
