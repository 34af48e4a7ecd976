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
from geo.map.playback import add_playback
from geo.run.selection import Selection
from geo.run.view import View, from_params, parse_moment
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
        expected = csv_rows.on_map(window, folder=DATA / case)  # the step's events on the map, read from the files
        seen = {event for event, _ in frame["seen"]}
        assert frame["active"] == len(expected), f"{start}: the caption counts {frame['active']}, events.csv {len(expected)}"
        assert set(expected) <= seen, f"{start}: {sorted(set(expected) - seen)} not seen in the frame or its inset"
        in_inset |= {(start[:10], event) for event, inset in frame["seen"] if inset}
    if case == "four-towns-2017-04" and size == (480, 320):
        # a glyph the small map cannot show whole and clear of the caption or legend is drawn in the inset (at
        # 1280x800 the fans grow away from the map's edges and controls, and every glyph is seen in the main map)
        assert in_inset, "no step drew an event in the inset"


APRIL = DATA / "four-towns-2017-04"


def _frames(data: bytes) -> list:
    from PIL import Image, ImageSequence

    return [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(io.BytesIO(data)))]


def _april() -> tuple[evidence.Evidence, View, list[steps.Step]]:
    """The April case's 12–21 April window and its days."""
    ev = evidence.load(APRIL)
    view, _ = from_params({"start": "2017-04-12", "end": "2017-04-21"}, ev)
    return ev, view, steps.steps(view.window(ev), "day", ev.case.timezone)


def _quiet(ev, day: steps.Step) -> bool:
    """No event shown and no corridor in use on the day: a view of that day alone."""
    one = View(start=day.start, end=day.end)
    return not len(one.apply(ev)) and not one.corridors(ev)


def test_should_make_a_gif_of_every_day_of_the_window_unless_asked_to_skip_the_empty_ones(chromium, vendored):
    from PIL import ImageChops

    ev, view, days = _april()
    frames = _frames(export.render(ev, view, "gif", offline="file", width=640, height=400))
    assert len(days) == 10 and len(frames) == 10
    for a, b in zip(frames, frames[1:]):
        assert ImageChops.difference(a, b).getbbox() is not None, "two frames in a row are the same"
    quiet = [d for d in days if _quiet(ev, d)]
    assert [d.label for d in quiet] == ["Mon 17 Apr 2017", "Tue 18 Apr 2017"]  # the two days after the bombing
    skipping = _frames(export.render(ev, view, "gif", offline="file", width=640, height=400, skip_empty=True))
    assert len(skipping) == len(days) - len(quiet)


def test_should_say_no_events_reported_on_an_empty_day_and_which_days_were_skipped(page, tmp_path):
    ev, view, days = _april()
    selection = Selection.of(ev, view)
    m = mapfile.snapshot_map(selection, offline="inline", playback=False)
    add_playback(m, selection, skip_empty=False)
    path = tmp_path / "map.html"
    path.write_text(m.get_root().render(), encoding="utf-8")
    page.goto(path.as_uri())
    page.wait_for_function("() => window.evacmapPlayback")
    assert page.evaluate("() => evacmapPlayback.count()") == len(days)
    for i, day in enumerate(days):
        page.evaluate("(i) => evacmapPlayback.show(i)", i)
        clock = page.locator(".evacmap-playback-time").inner_text()
        assert clock == (f"{day.label} · no events reported" if _quiet(ev, day) else day.label)
    page.evaluate("() => evacmapPlayback.set('skip', true)")
    after = next(i for i, d in enumerate(d for d in days if not _quiet(ev, d)) if d.label == "Wed 19 Apr 2017")
    page.evaluate("(i) => evacmapPlayback.show(i)", after)
    assert page.locator(".evacmap-playback-time").inner_text() == "Wed 19 Apr 2017"
    skipped = page.locator(".evacmap-playback-count-text").inner_text()
    assert "skipped, no events reported: Mon 17 Apr 2017 – Tue 18 Apr 2017" in skipped
