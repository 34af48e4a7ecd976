"""The HTML and PNG exports open in a real browser and show the view's markers."""

from __future__ import annotations

import io
from datetime import date

import pytest

from geo import export
from geo.export import mapfile
from geo.run.selection import Selection
from geo.run.view import View, parse_moment
from tests import csv_rows
from tests.browser.conftest import click_a_marker, markers_settle_at
from tests.conftest import ZONE

pytestmark = pytest.mark.browser

# The centre of each event glyph that nothing else covers, in page pixels.
TOPMOST_MARKER_CENTRES = """() => [...document.querySelectorAll('.leaflet-marker-pane .evacmap-glyph')]
  .map(el => el.getBoundingClientRect())
  .map(box => [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)])
  .filter(([x, y]) => document.elementFromPoint(x, y)?.closest('.evacmap-glyph'))"""
HIDE_MARKERS = ".leaflet-marker-pane .evacmap-glyph, .evacmap-stem { visibility: hidden; }"


@pytest.fixture(scope="module")
def view() -> View:
    return View(start=parse_moment("2016-12-15", "start", zone=ZONE),
                end=parse_moment("2016-12-15", "end", end_of_day=True, zone=ZONE))


def open_export(page, tmp_path, data: bytes, name: str) -> None:
    path = export.write(tmp_path / name, data)
    page.goto(path.as_uri())


def test_should_open_the_html_export_with_the_views_markers_title_and_attribution(page, tmp_path, shipped, view):
    open_export(page, tmp_path, export.render(shipped, view, "html"), "map.html")
    expected = len(csv_rows.on_map(csv_rows.local_day(date(2016, 12, 15))))
    assert markers_settle_at(page, expected, frame=page.main_frame) == expected
    assert "15 Dec 2016" in page.locator(".evacmap-title").first.inner_text()
    assert "OpenStreetMap" in page.locator(".leaflet-control-attribution").inner_text()
    click_a_marker(page.main_frame)
    assert "Event e0" in page.locator(".leaflet-popup-content").inner_text()


def test_should_play_the_window_back_in_the_html_export(page, tmp_path, shipped, view):
    open_export(page, tmp_path, export.render(shipped, view, "html"), "map.html")
    label = page.locator(".evacmap-playback-time")
    assert label.inner_text().startswith("Whole window")
    page.get_by_role("button", name="Play").click()
    page.wait_for_function("() => document.querySelector('.evacmap-playback').hasAttribute('data-start')")
    assert "Thu 15 Dec 2016" in label.inner_text() and "UTC+2" in label.inner_text()


def test_should_draw_the_offline_html_export_with_no_network_at_all(page, tmp_path, shipped, view, network):
    open_export(page, tmp_path, export.render(shipped, view, "html", offline="inline"), "offline.html")
    expected = len(csv_rows.on_map(csv_rows.local_day(date(2016, 12, 15))))
    assert markers_settle_at(page, expected, frame=page.main_frame) == expected
    assert network.refused == []


def test_should_show_the_markers_in_the_png_export(page, tmp_path, shipped, view):
    from PIL import Image, ImageChops

    width, height = 1200, 800
    data = export.render(shipped, view, "png", offline="file", width=width, height=height)
    open_export(page, tmp_path, data, "map.png")
    assert page.evaluate("() => [document.images[0].naturalWidth, document.images[0].naturalHeight]") == [width, height]
    # Where the markers are: the same page, laid out at the same size in the test browser...
    html = mapfile.snapshot_map(Selection.of(shipped, view), offline="file", playback=False).get_root().render()
    page.set_viewport_size({"width": width, "height": height})
    open_export(page, tmp_path, html.encode("utf-8"), "same.html")
    page.add_style_tag(content=mapfile.PICTURE_CSS)
    centres = page.evaluate(TOPMOST_MARKER_CENTRES)
    assert centres, "no marker is in sight on the page the picture was taken of"
    # ...and what the picture would hold there without them.
    bare = mapfile.picture(html.replace("</head>", f"<style>{HIDE_MARKERS}</style></head>", 1), width, height, True)
    difference = ImageChops.difference(Image.open(io.BytesIO(data)).convert("L"), Image.open(io.BytesIO(bare)).convert("L"))
    for x, y in centres:
        # > 25: a single-source event's marker is drawn at half opacity (about 40 here); no marker, 0
        assert difference.crop((x - 6, y - 6, x + 7, y + 7)).getextrema()[1] > 25, f"no marker drawn at {(x, y)}"
