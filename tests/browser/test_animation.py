"""The playback as GIF and MP4: one frame per step, frames that differ, written like every export."""

from __future__ import annotations

import io
from datetime import datetime

import pytest

from geo import export
from geo.cli import main
from geo.data import evidence
from geo.errors import ExportError
from geo.export import animation, mapfile
from geo.map import steps
from geo.view import View, from_params, parse_moment
from tests import csv_rows
from tests.conftest import DATA, ZONE

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def week() -> View:
    return View(
        start=parse_moment("2016-12-12", "start", zone=ZONE), end=parse_moment("2016-12-20", "end", end_of_day=True, zone=ZONE)
    )


def busy_days(shipped, week) -> int:
    """Days of the window with an event shown or a corridor in use, from views of each day."""
    return sum(
        1
        for s in steps.steps(week.window(shipped), "day", ZONE)
        if len(View(start=s.start, end=s.end).apply(shipped)) or View(start=s.start, end=s.end).corridors(shipped)
    )


def test_should_make_a_gif_of_one_distinct_frame_per_day(chromium, vendored, shipped, week):
    from PIL import Image, ImageChops, ImageSequence

    seen = []
    data = export.render(
        shipped,
        week,
        "gif",
        offline="file",
        width=640,
        height=400,
        fps=2,
        progress=lambda done, total: seen.append((done, total)),
    )
    gif = Image.open(io.BytesIO(data))
    frames = [f.convert("RGB") for f in ImageSequence.Iterator(gif)]
    expected = busy_days(shipped, week)
    assert len(frames) == expected and gif.size == (640, 400)
    assert gif.info["duration"] == 500
    assert seen == [(k, expected) for k in range(1, expected + 1)]
    for a, b in zip(frames, frames[1:]):
        assert ImageChops.difference(a, b).getbbox() is not None, "two frames in a row are the same"


def test_should_make_an_mp4_of_one_frame_per_day(chromium, vendored, shipped, week, tmp_path):
    path = export.write(tmp_path / "evac.mp4", export.render(shipped, week, "mp4", offline="file", width=640, height=400))
    assert path.read_bytes()[4:8] == b"ftyp"
    assert animation.mp4_frames(path) == busy_days(shipped, week)


def test_should_export_a_gif_from_the_command_line_without_overwriting(chromium, vendored, tmp_path, capsys):
    target = tmp_path / "evac.gif"
    argv = [
        "export",
        "--start",
        "2016-12-15",
        "--end",
        "2016-12-16",
        "--format",
        "gif",
        "--offline",
        "--width",
        "480",
        "--height",
        "320",
        "--step",
        "day",
        "-o",
        str(target),
    ]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "frame 2 of 2" in captured.err and "wrote" in captured.out
    before = target.read_bytes()
    assert main(argv) == 2
    assert "already exists" in capsys.readouterr().err and target.read_bytes() == before


def test_should_refuse_a_frame_rate_out_of_range(shipped, week):
    with pytest.raises(ExportError, match="fps: expected a number of frames a second from 0.1 to 30"):
        export.render(shipped, week, "gif", fps=0)


def test_should_refuse_a_playback_of_more_frames_than_allowed_before_shooting_one(chromium, vendored, shipped, week):
    seen = []
    with pytest.raises(ExportError, match=r"frames: more than the 2 an animation may have here"):
        export.render(shipped, week, "gif", offline="file", width=320, height=200, max_frames=2,
                      progress=lambda done, total: seen.append(done))
    assert seen == []


SEEN = """() => {
  // What a reader sees: each glyph whose middle and four inner points are the topmost thing painted there, in the
  // main map or the inset (names and controls count as cover, so they take hits for the check; a fan's 1 px stems
  // cross glyphs without hiding them).
  const cover = document.createElement("style");
  cover.textContent = ".leaflet-marker-icon, .leaflet-marker-icon *, .leaflet-control, .leaflet-control * "
    + "{ pointer-events: auto !important; } .evacmap-stem { pointer-events: none !important; }";
  document.head.appendChild(cover);
  const seen = [];
  for (const glyph of document.querySelectorAll(".evacmap-glyph[data-event-id]")) {
    const r = glyph.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2, d = r.width / 4;
    const points = [[x, y], [x - d, y], [x + d, y], [x, y - d], [x, y + d]];
    const top = points.every(([px, py]) => {
      const hit = document.elementFromPoint(px, py);
      return hit !== null && hit.closest(".evacmap-glyph") === glyph;
    });
    if (top && r.width > 0) { seen.push([glyph.getAttribute("data-event-id"), !!glyph.closest(".leaflet-control-minimap")]); }
  }
  cover.remove();
  const box = document.querySelector(".evacmap-playback");
  return {start: box.getAttribute("data-start"), end: box.getAttribute("data-end"),
          active: Number(box.getAttribute("data-active")), seen: seen};
}"""


class _Watched:
    """A browser tab whose every screenshot first records what the frame shows (:data:`SEEN`)."""

    def __init__(self, tab, frames: list[dict]) -> None:
        self._tab, self._frames = tab, frames

    def screenshot(self, **options):
        self._frames.append(self._tab.evaluate(SEEN))
        return self._tab.screenshot(**options)

    def __getattr__(self, name):
        return getattr(self._tab, name)


@pytest.mark.parametrize(("case", "size", "step", "window"), [
    ("four-towns-2017-04", (1280, 800), "day", {}),  # the whole case, as `evacmap export --format gif` makes it
    ("aleppo-2016-12", (1280, 800), "day", {}),
    ("four-towns-2017-04", (480, 320), "day", {}),  # a small map: the inset opens folded
    ("aleppo-2016-12", (1280, 800), "hour", {"start": "2016-12-15", "end": "2016-12-15"}),  # the busiest day by the hour
])
def test_should_show_every_event_of_every_step_as_a_glyph_in_the_frame_or_its_inset(chromium, vendored, monkeypatch,
                                                                                    case, size, step, window):
    from PIL import Image

    frames: list[dict] = []
    shoot = mapfile.in_browser
    monkeypatch.setattr(mapfile, "in_browser", lambda page, width, height, offline, action: shoot(
        page, width, height, offline, lambda tab: action(_Watched(tab, frames))))
    loaded = evidence.load(DATA / case)
    data = export.render(loaded, from_params(window, loaded)[0], "gif", offline="file", width=size[0], height=size[1],
                         step=step)
    shown = {(f["start"], f["end"]): f for f in frames}
    assert Image.open(io.BytesIO(data)).n_frames == len(shown) > 0  # one frame a step, as before
    in_inset = set()
    for (start, end), frame in shown.items():
        window = (datetime.fromisoformat(start), datetime.fromisoformat(end))
        expected = csv_rows.events(window, folder=DATA / case)  # the step's events, read from events.csv
        seen = {event for event, _ in frame["seen"]}
        assert frame["active"] == len(expected), f"{start}: the caption counts {frame['active']}, events.csv {len(expected)}"
        assert set(expected) <= seen, f"{start}: {sorted(set(expected) - seen)} not seen in the frame or its inset"
        in_inset |= {(start[:10], event) for event, inset in frame["seen"] if inset}
    if case == "four-towns-2017-04" and size == (480, 320):
        # a glyph the small map cannot show whole and clear of the caption or legend is drawn in the inset (at
        # 1280x800 the fans grow away from the map's edges and controls, and every glyph is seen in the main map)
        assert in_inset, "no step drew an event in the inset"
