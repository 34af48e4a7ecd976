"""The in-map playback in a real browser: it steps without reloading the map, its clock matches what it draws."""

from __future__ import annotations

from datetime import datetime

import pytest

from geo import export
from geo.map import playback, steps
from geo.run.view import View, parse_moment
from tests import csv_rows
from tests.conftest import ZONE

pytestmark = pytest.mark.browser

BOX = ".evacmap-playback"
BRIGHT = ".folium-map .leaflet-marker-pane .evacmap-glyph:not(.evacmap-faded)"
FADED = ".folium-map .leaflet-marker-pane .evacmap-glyph.evacmap-faded"
"""The step's event glyphs, as the map's own layers step aside: those of the step, and earlier ones (cumulative)."""


@pytest.fixture(scope="module")
def week() -> View:
    return View(
        start=parse_moment("2016-12-12", "start", zone=ZONE), end=parse_moment("2016-12-20", "end", end_of_day=True, zone=ZONE)
    )


@pytest.fixture
def opened(page, tmp_path, shipped, week):
    path = export.write(tmp_path / "map.html", export.render(shipped, week, "html", offline="inline"))
    page.goto(path.as_uri())
    page.wait_for_function("() => window.evacmapPlayback")
    page.evaluate("() => { window.sameDocument = true; }")
    return page


def days_with_something(shipped, week) -> list[steps.Step]:
    """The days of the week that a view shows an event on, or that a corridor is in use on."""
    return [
        s
        for s in steps.steps(week.window(shipped), "day", ZONE)
        if len(View(start=s.start, end=s.end).apply(shipped)) or View(start=s.start, end=s.end).corridors(shipped)
    ]


def test_should_step_through_the_days_with_the_clock_matching_the_drawn_events(opened, shipped, week):
    expected = days_with_something(shipped, week)
    assert opened.evaluate("() => evacmapPlayback.count()") == len(expected)
    for index, step in enumerate(expected):
        opened.evaluate("(i) => evacmapPlayback.show(i)", index)
        box = opened.locator(BOX)
        assert box.get_attribute("data-start") == step.start.isoformat()
        shown = len(csv_rows.on_map((step.start, step.end)))  # a day of a corridor in use alone says so
        assert opened.locator(".evacmap-playback-time").inner_text() == step.label + ("" if shown else " · no events reported")
        drawn = opened.locator(BRIGHT).count()
        assert drawn == shown, step.label


def test_should_keep_the_page_and_the_readers_zoom_while_playing(opened):
    opened.locator(".leaflet-control-zoom-in").click()
    opened.wait_for_timeout(400)
    zoom = opened.evaluate("() => Object.values(window).find(v => v && v._container && v.getZoom).getZoom()")
    opened.get_by_role("button", name="Play", exact=True).click()
    opened.wait_for_function("() => document.querySelector('.evacmap-playback-slider').value >= 2", timeout=10_000)
    assert opened.evaluate("() => window.sameDocument") is True
    assert opened.evaluate("() => Object.values(window).find(v => v && v._container && v.getZoom).getZoom()") == zoom
    opened.get_by_role("button", name="Pause").click()
    assert opened.get_by_role("button", name="Play", exact=True).count() == 1


def test_should_fade_earlier_events_in_cumulative_mode_and_hide_them_in_window_mode(opened, shipped, week):
    expected = days_with_something(shipped, week)
    last = len(expected) - 1
    opened.evaluate("(i) => evacmapPlayback.show(i)", last)
    window_drawn = opened.locator(BRIGHT).count() + opened.locator(FADED).count()
    opened.get_by_role("button", name="Playback settings").click()
    opened.locator(".evacmap-playback-mode").select_option("cumulative")
    bright = opened.locator(BRIGHT).count()
    faded = opened.locator(FADED).count()
    # the map draws every event but the statements said about a place, kept off it
    so_far = len(csv_rows.on_map((week.window(shipped)[0], expected[last].end)))
    today = len(csv_rows.on_map((expected[last].start, expected[last].end)))
    assert bright == today and faded == so_far - today
    assert window_drawn == today
    assert f"{so_far} so far" in opened.locator(".evacmap-playback-count-text").inner_text()


def _open_sending_map(page, tmp_path, shipped, week, **options) -> None:
    """Open the week's map with a playback that tells its page where it stops, recording every message the map
    posts in ``window.sent`` (a file opened on its own is its own parent, so the map posts to its own window)."""
    from geo.export.mapfile import snapshot_map
    from geo.run.selection import Selection

    selection = Selection.of(shipped, week)
    m = snapshot_map(selection, offline="inline", playback=False)
    playback.add_playback(m, selection, send=True, **options)
    path = tmp_path / "map.html"
    path.write_text(m.get_root().render(), encoding="utf-8")
    page.goto(path.as_uri())
    page.wait_for_function("() => window.evacmapPlayback")
    page.evaluate("() => { window.sent = []; window.postMessage = (message) => window.sent.push(message); }")


def _stopped(sent: list[dict]) -> list[tuple]:
    """The windows the map said playback stopped on."""
    assert all(message["evacmap"] == 1 for message in sent), sent
    return [(datetime.fromisoformat(m["start"]), datetime.fromisoformat(m["end"])) for m in sent if m["kind"] == "stopped"]


def test_should_pause_on_the_step_keeping_the_zoom_and_the_focus_and_telling_the_page_nothing(page, tmp_path, shipped,
                                                                                                week):
    _open_sending_map(page, tmp_path, shipped, week)
    page.locator(".leaflet-control-zoom-in").click()
    page.wait_for_timeout(400)
    zoom = page.evaluate("() => Object.values(window).find(v => v && v._container && v.getZoom).getZoom()")
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("() => document.querySelector('.evacmap-playback').hasAttribute('data-start')")
    page.get_by_role("button", name="Pause").click()
    start = page.locator(BOX).get_attribute("data-start")
    page.wait_for_timeout(2000)  # more than two steps at 1×: a paused playback does not move on
    assert page.locator(BOX).get_attribute("data-start") == start
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "Play"
    assert page.evaluate("() => Object.values(window).find(v => v && v._container && v.getZoom).getZoom()") == zoom
    assert page.evaluate("() => window.sent") == []
    page.get_by_role("button", name="Play", exact=True).click()  # Play goes on from the step paused on
    page.wait_for_function(f"() => document.querySelector('.evacmap-playback').getAttribute('data-start') !== {start!r}")
    assert page.locator(BOX).get_attribute("data-start") > start


def test_should_tell_the_page_the_stopped_window(page, tmp_path, shipped, week):
    _open_sending_map(page, tmp_path, shipped, week)
    page.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function("() => document.querySelector('.evacmap-playback').hasAttribute('data-start')")
    page.get_by_role("button", name="Pause").click()
    assert page.evaluate("() => window.sent") == []
    page.get_by_role("button", name="Stop: show this step on the page").click()
    start = page.locator(BOX).get_attribute("data-start")
    end = page.locator(BOX).get_attribute("data-end")
    sent = page.evaluate("() => window.sent")
    assert _stopped(sent) == [(parse_moment(start, "s", zone=ZONE), parse_moment(end, "e", zone=ZONE))]
    assert len(sent) == 1


def test_should_tell_the_page_the_last_step_when_playback_reaches_the_end(page, tmp_path, shipped, week):
    _open_sending_map(page, tmp_path, shipped, week, mode="cumulative")
    page.get_by_role("button", name="Play", exact=True).click()
    page.get_by_role("button", name="Playback settings").click()
    page.locator(".evacmap-playback-speed").select_option("4×")
    page.wait_for_function("() => window.sent.length > 0", timeout=20_000)
    last = days_with_something(shipped, week)[-1]
    # cumulative mode: everything so far, from the start of the window to the end of the last step
    assert _stopped(page.evaluate("() => window.sent")) == [(week.window(shipped)[0], last.end)]
    assert page.get_by_role("button", name="Play", exact=True).count() == 1


def test_should_open_folded_into_one_small_play_button(opened):
    play = opened.get_by_role("button", name="Play", exact=True)
    assert play.count() == 1 and opened.locator(".evacmap-playback-time").is_hidden()
    box = opened.locator(BOX).bounding_box()
    assert box["width"] <= 60 and box["height"] <= 40, box
    assert opened.locator(".evacmap-playback select:visible, .evacmap-playback input:visible").count() == 0


def test_should_play_at_once_and_reach_the_settings_by_keyboard_after_one_click(opened, shipped, week):
    opened.get_by_role("button", name="Play", exact=True).click()
    assert opened.evaluate("() => evacmapPlayback.playing()") is True
    assert "Dec 2016" in opened.locator(".evacmap-playback-time").inner_text()
    opened.get_by_role("button", name="Pause").press("Tab")  # the next stop: the settings toggle
    gear = opened.get_by_role("button", name="Playback settings")
    assert opened.evaluate("() => document.activeElement.getAttribute('aria-label')") == "Playback settings"
    assert gear.get_attribute("aria-expanded") == "false"
    opened.keyboard.press("Enter")
    assert gear.get_attribute("aria-expanded") == "true"
    hours = [s for s in steps.steps(week.window(shipped), "hour", ZONE)
             if len(View(start=s.start, end=s.end).apply(shipped)) or View(start=s.start, end=s.end).corridors(shipped)]
    opened.get_by_role("combobox", name="Step", exact=True).select_option("hour")
    assert opened.evaluate("() => evacmapPlayback.count()") == len(hours)
    opened.get_by_role("combobox", name="Mode").select_option("cumulative")
    opened.get_by_role("button", name="Pause").click()
    assert " so far" in opened.locator(".evacmap-playback-count-text").inner_text()


def test_should_fold_back_to_the_whole_window_when_closed(opened):
    opened.get_by_role("button", name="Play", exact=True).click()
    opened.get_by_role("button", name="Close playback").click()
    assert opened.evaluate("() => evacmapPlayback.playing()") is False
    assert opened.locator(BOX).get_attribute("data-start") is None  # back to the whole window
    assert opened.locator(".evacmap-playback-time").is_hidden()
    assert opened.evaluate("() => document.activeElement.getAttribute('aria-label')") == "Play"  # focus kept for the keyboard


def test_should_fit_the_unfolded_bar_and_its_settings_inside_a_phone_sized_map(page, tmp_path, shipped, week):
    page.set_viewport_size({"width": 358, "height": 560})
    path = export.write(tmp_path / "map.html", export.render(shipped, week, "html", offline="inline"))
    page.goto(path.as_uri())
    page.wait_for_function("() => window.evacmapPlayback")
    page.get_by_role("button", name="Play", exact=True).click()
    page.get_by_role("button", name="Playback settings").click()
    box = page.locator(BOX).bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= 358 and box["y"] + box["height"] <= 560, box
