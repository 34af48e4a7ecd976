"""The dashboard's download buttons: which formats a view can be downloaded in, and why not."""

from __future__ import annotations

import importlib.util
import threading

import pytest

from geo import export
from geo.app import exports
from geo.errors import ExportError
from geo.export import mapfile


def test_should_offer_every_format_of_a_small_view():
    assert [exports.why_disabled(fmt, 10, has_browser=True) for fmt in export.FORMATS] == [None] * len(export.FORMATS)


def test_should_say_the_picture_needs_chromium():
    assert exports.why_disabled("png", 10, has_browser=False) == exports.NO_BROWSER
    assert exports.why_disabled("html", 10, has_browser=False) is None


def test_should_send_data_views_too_large_to_download_to_the_command_line(monkeypatch):
    monkeypatch.setattr(export, "DOWNLOAD_EVENTS", 20)
    why = exports.why_disabled("acled", 21, has_browser=True)
    assert why.startswith("21 events: more than the 20 a download holds")
    assert "`evacmap export --format acled --data FOLDER -o FILE`" in why
    assert exports.why_disabled("acled", 20, has_browser=True) is None
    assert exports.why_disabled("html", 21, has_browser=True) is None  # a map of counts, not every row


@pytest.mark.parametrize(("setting", "options"), [("", {}), ("inline", {"offline": "inline"}), ("bogus", {})])
def test_should_make_maps_offline_as_the_setting_asks(monkeypatch, setting, options):
    monkeypatch.setenv("EVACMAP_OFFLINE", setting)
    offers = {o.fmt: o for o in exports.offers(5)}
    assert [o.label for o in offers.values()] == [exports.LABELS[f] for f in export.FORMATS]
    assert offers["html"].options == offers["png"].options == options
    assert offers["csv"].options == {}


def test_should_turn_the_picture_off_without_a_browser(monkeypatch):
    monkeypatch.setattr(mapfile, "find_chromium", lambda: None)
    assert {o.fmt: o.why_disabled for o in exports.offers(5)}["png"] == exports.NO_BROWSER


def test_should_say_which_package_a_picture_format_lacks(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "PIL" else real(name, *a))
    why = exports.why_disabled("gif", 10, has_browser=True)
    assert why is not None and "PIL" in why and ".[animation]" in why
    assert exports.why_disabled("mp4", 10, has_browser=True) is None


def _blocking_render(started: threading.Event, finish: threading.Event, calls: list):
    def render(selection, fmt, **options):
        calls.append((fmt, options))
        if fmt in ("gif", "mp4"):  # an animation is made until ``finish``; a data format at once
            started.set()
            finish.wait(10)
        return b"GIF89a"
    return render


def test_should_make_one_picture_or_animation_at_a_time_and_tell_the_others_the_server_is_busy(monkeypatch):
    started, finish, calls = threading.Event(), threading.Event(), []
    monkeypatch.setattr(export, "render_selection", _blocking_render(started, finish, calls))
    monkeypatch.setattr(mapfile, "find_chromium", lambda: "/usr/bin/chromium")
    gif = exports.Offer("gif", "Playback (GIF)")
    first = threading.Thread(target=exports.make, args=(None, gif))
    first.start()
    assert started.wait(10)
    for fmt in ("mp4", "png"):  # four tabs asking for a PNG at once start one Chromium, not four
        with pytest.raises(ExportError, match="another picture or animation is being made on this server; try again"):
            exports.make(None, exports.Offer(fmt, fmt))
    busy = {o.fmt: o.why_disabled for o in exports.offers(5)}
    assert busy["gif"] == busy["mp4"] == busy["png"] == exports.BUSY and busy["html"] is None
    assert exports.make(None, exports.Offer("csv", "Events CSV")) == b"GIF89a"  # data formats do not wait
    finish.set()
    first.join(10)
    assert exports.make(None, gif) == b"GIF89a"  # free again once the first is made
    assert {o.fmt: o.why_disabled for o in exports.offers(5)}["gif"] is None


def test_should_cap_the_frames_of_a_visitors_animation(monkeypatch):
    finish, calls = threading.Event(), []
    finish.set()
    monkeypatch.setattr(export, "render_selection", _blocking_render(threading.Event(), finish, calls))
    exports.make(None, exports.Offer("gif", "Playback (GIF)", {"offline": "file"}))
    exports.make(None, exports.Offer("html", "Map (HTML)", {"offline": "file"}))
    exports.make(None, exports.Offer("png", "Picture (PNG)", {"offline": "file"}))
    assert calls == [("gif", {"max_frames": exports.VISITOR_FRAMES, "offline": "file"}), ("html", {"offline": "file"}),
                     ("png", {"offline": "file"})]
