"""The pictures show what happened (issue 18): a PNG and a GIF frame of 15 April 2017 in the four-towns case draw
the attack's glyph, and every event of that day has its glyph on the page the picture is taken of."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

import pytest

from geo import export
from geo.data import evidence
from geo.export import animation, mapfile
from geo.map.playback import add_playback
from geo.run.selection import Selection
from geo.run.view import from_params
from tests import csv_rows
from tests.conftest import SHIPPED

pytestmark = pytest.mark.browser

FOUR_TOWNS = SHIPPED.parent / "four-towns-2017-04"
ATTACK_RED = (0xD6, 0x3E, 0x2A)  # Leaflet.awesome-markers' "red", the attack type's colour in event_types.csv
NEAR = 30
"""How far (per channel) a pixel may be from the attack's red and still count as drawn in it."""
GLYPHS = """() => Object.fromEntries([...document.querySelectorAll('.leaflet-marker-pane [data-event-id]')].map(e => {
  const r = e.getBoundingClientRect();
  return [e.dataset.eventId, [r.left, r.top, r.right, r.bottom]];
}))"""


@pytest.fixture(scope="module")
def april():
    loaded = evidence.load(FOUR_TOWNS)
    view = from_params({"start": "2017-04-15", "end": "2017-04-15"}, loaded)[0]
    start = datetime(2017, 4, 15, tzinfo=UTC) - timedelta(hours=3)  # Syria was on UTC+3 in April 2017
    shown = csv_rows.on_map((start, start + timedelta(days=1)), folder=FOUR_TOWNS)  # glyphs: not those said
    attacks = [r["id"] for r in csv_rows.rows("events.csv", FOUR_TOWNS) if r["type"] == "attack" and r["id"] in shown]
    assert attacks, "the shipped four-towns case has an attack on 15 April 2017"
    return loaded, view, shown, attacks


def _red_pixels(png: bytes, box: list[float]) -> int:
    from PIL import Image

    picture = Image.open(io.BytesIO(png)).convert("RGB")
    left, top, right, bottom = (round(v) for v in box)
    return sum(1 for x in range(left, right) for y in range(top, bottom)
               if all(abs(c - r) <= NEAR for c, r in zip(picture.getpixel((x, y)), ATTACK_RED)))


def _gif_frames(gif: bytes) -> list[bytes]:
    """The GIF's frames, each as a PNG (the picture a reader sees of it)."""
    from PIL import Image, ImageSequence

    out = []
    for frame in ImageSequence.Iterator(Image.open(io.BytesIO(gif))):
        png = io.BytesIO()
        frame.convert("RGB").save(png, format="PNG")
        out.append(png.getvalue())
    return out


def _glyphs_on(page, tmp_path, html: str, size: tuple[int, int], css: str = "", show: int | None = None) -> dict:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(export.write(tmp_path / "same.html", html.encode("utf-8")).as_uri())
    if css:
        page.add_style_tag(content=css)
    if show is not None:
        page.evaluate("(i) => window.evacmapPlayback.show(i)", show)
    page.wait_for_timeout(300)
    return page.evaluate(GLYPHS)


def test_should_draw_the_attack_and_every_event_in_the_png_of_the_bombing_day(page, tmp_path, april):
    loaded, view, shown, attacks = april
    size = (1200, 800)
    png = export.render(loaded, view, "png", offline="file", width=size[0], height=size[1])
    html = mapfile.snapshot_map(Selection.of(loaded, view), offline="file", playback=False).get_root().render()
    glyphs = _glyphs_on(page, tmp_path, html, size, mapfile.PICTURE_CSS)
    assert sorted(glyphs) == sorted(shown)
    for attack in attacks:
        assert _red_pixels(png, glyphs[attack]) > 100, f"the attack {attack} is not drawn in the PNG"


def test_should_draw_the_attack_and_every_event_in_the_gif_frame_of_the_bombing_day(page, tmp_path, april):
    loaded, view, shown, attacks = april
    frames = _gif_frames(export.render(loaded, view, "gif", offline="file", step="day"))
    assert len(frames) == 1  # one day, one step
    m = mapfile.snapshot_map(Selection.of(loaded, view), offline="file", playback=False)
    add_playback(m, Selection.of(loaded, view), step="day")
    glyphs = _glyphs_on(page, tmp_path, m.get_root().render(), animation.DEFAULT_SIZE, animation.FRAME_CSS, show=0)
    assert sorted(glyphs) == sorted(shown)  # the step's glyphs only: the map's own layers step aside
    for attack in attacks:
        assert _red_pixels(frames[0], glyphs[attack]) > 100, f"the attack {attack} is not drawn in the frame"


def test_should_draw_the_land_and_the_sea_in_an_offline_png_of_the_whole_window(april, chromium, vendored):
    from PIL import Image

    from geo.map import geography

    loaded = april[0]
    data = export.render(loaded, from_params({}, loaded)[0], "png", offline="file", width=800, height=600)
    picture = Image.open(io.BytesIO(data)).convert("RGB")
    colours = {colour for _, colour in picture.getcolors(800 * 600)}

    def hex_rgb(text: str) -> tuple[int, int, int]:
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))

    assert hex_rgb(geography.LAND) in colours  # the land, where tiles would be
    assert hex_rgb(geography.SEA) in colours  # the Mediterranean, west of Idlib and Madaya


def test_should_draw_the_geography_in_an_offline_html_and_say_that_tiles_could_not_be_loaded(april, page, network,
                                                                                               tmp_path):
    from geo.map.assets import TileNotice

    loaded, view, _, _ = april
    network.offline = True
    path = export.write(tmp_path / "map.html", export.render(loaded, view, "html", offline="inline"))
    page.goto(path.as_uri())
    page.wait_for_function("() => window.evacmapPlayback")
    page.locator(f".{TileNotice.CSS_CLASS}").wait_for()  # the HTML's reader is told
    assert page.locator(".leaflet-evacmapGeography-pane path").count() >= 3  # the sea, the land, coast, borders
