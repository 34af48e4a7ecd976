"""The playback as GIF and MP4: one frame per step, frames that differ, written like every export."""

from __future__ import annotations

import io

import pytest

from geo import export
from geo.cli import main
from geo.errors import ExportError
from geo.export import animation
from geo.map import steps
from geo.view import View, parse_moment
from tests.conftest import ZONE

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
