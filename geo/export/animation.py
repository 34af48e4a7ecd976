"""The playback as an animation: a GIF (Pillow) or an MP4 (the ffmpeg of the ``imageio-ffmpeg`` wheel).

The map page of :func:`geo.export.mapfile.snapshot_map` is loaded once in headless
Chromium; the playback (:mod:`geo.map.playback`) is stepped with its JavaScript API and
each step is screenshotted, with the title, the playback's clock, the legend and the
attribution on every frame (the playback's buttons are hidden: they are not content).
One frame per step, an empty one too: its clock says "17 Apr 2017 · no events reported", so every day of the
window has its frame; with ``skip_empty`` the empty steps are left out, and the next frame's clock says which were
skipped. No notice meant for the dashboard's reader (map tiles that could not be loaded) is in a frame. ``fps``
frames a second. ``progress(done, total)`` is called after each frame, so the CLI and the
dashboard can show how far it is. Frames go to the encoder one at a time as they are
shot (a GIF written frame by frame, ffmpeg fed through a pipe), so memory does not grow
with the number of frames; ``max_frames`` refuses a longer playback before any is shot.

Every event a frame's caption counts is a glyph seen whole in it. The main map keeps the opening
view in every frame, and an event it does not show whole, clear of the title, legend, inset and
clock (a town far from the city, a glyph cut by the edge), is drawn as its glyph in the overview
inset, which already shows the whole region and where the main map looks (:mod:`geo.map.inset`;
``geo/map/js/frames.js`` decides, from where the browser placed each glyph). A reader of an article
compares frames: a map that stays put shows what changed from one day to the next, where a view
refitted to each day's events would jump between the city and the region and change its scale,
and a view fitted once to every event would shrink the city, where most events are, to one knot
of glyphs (the reason the opening view exists, :mod:`geo.map.opening`). In a frame the main map's
place names go under its glyphs. On a small map the inset unfolds, and a fan of glyphs too big for
it is drawn smaller (down to half size). A playback of counts per place (more than
:data:`geo.map.layers.MARKER_LIMIT` events) draws no glyphs, and its frames are as the map shows them.

MP4 uses the ffmpeg binary the ``imageio-ffmpeg`` wheel carries: ``pip install`` is
enough on Linux, macOS and Windows, with no system package to ask for; H.264 in
yuv420p plays in every browser and phone.
"""

from __future__ import annotations

import io
import logging
import re
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from geo.errors import ExportError
from geo.export import mapfile
from geo.map import assets
from geo.map.playback import add_playback
from geo.map.steps import STEP_SIZES
from geo.run.selection import Selection

if TYPE_CHECKING:  # Pillow is optional (the animation extra): imported where a GIF is made
    from PIL.Image import Image

logger = logging.getLogger(__name__)

Progress = Callable[[int, int], object]
"""Called as ``progress(frames_done, frames_total)`` after each frame."""

DEFAULT_SIZE = (1280, 800)
FPS_LIMITS = (0.1, 30.0)
FRAME_CSS = (".evacmap-playback button, .evacmap-playback select, .evacmap-playback label,"
             " .evacmap-playback input { display: none !important; }"
             " .evacmap-playback-time { font-size: 18px; }"
             f" {mapfile.DASHBOARD_ONLY} {{ display: none !important; }}")
"""What a frame leaves out: the playback's controls; its clock and count stay."""
FRAMES_SCRIPT = mapfile.FRAMES_SCRIPT
"""The script that sees each frame show every event of its step (``geo/map/js/frames.js``)."""
NO_FFMPEG = "MP4 export needs ffmpeg: pip install imageio-ffmpeg (its wheel carries one)"
FFMPEG_TIMEOUT_S = 600


def check_fps(fps: object) -> float:
    """Frames a second, a number from 0.1 to 30."""
    low, high = FPS_LIMITS
    if isinstance(fps, bool) or not isinstance(fps, int | float) or not low <= fps <= high:
        raise ExportError(f"fps: expected a number of frames a second from {low:g} to {high:g}, instead got {fps!r}")
    return float(fps)


def _play(selection: Selection, each: Callable[[bytes], object], *, step: str = "day",
          offline: str | None = None, width: int = DEFAULT_SIZE[0], height: int = DEFAULT_SIZE[1],
          progress: Progress | None = None, max_frames: int | None = None, skip_empty: bool = False,
          first: Callable[[int, Callable[[int], bytes]], object] | None = None) -> int:
    """Step the view's playback, one step of ``step`` ("hour" or "day") at a time (``skip_empty``: the steps with
    an event or a corridor in use only), handing each PNG frame to ``each`` as it is shot (none is kept); returns
    the number of frames.

    ``first(total, shot)`` is called before the frames, with ``shot(index)`` to look at chosen frames
    first (the GIF's palette). More than ``max_frames`` frames is refused before any is shot.
    """
    if step not in STEP_SIZES:
        raise ExportError(f"step: expected one of {', '.join(STEP_SIZES)}, instead got {step!r}")
    mapfile.check_size("width", width)
    mapfile.check_size("height", height)
    local = offline or ("file" if not assets.missing() else None)
    m = mapfile.snapshot_map(selection, offline=local, playback=False)
    playback = add_playback(m, selection, step=step, skip_empty=skip_empty)
    if step not in playback.data["steps"]:
        raise ExportError(f"step {step}: the window is too long to step through by the {step}; choose a shorter window")
    page = m.get_root().render()
    rows = {glyph["id"]: glyph for *_, glyph in playback.data.get("events", [])}

    def shoot(tab) -> int:
        tab.add_style_tag(content=FRAME_CSS)
        mapfile.watch_frames(tab, m.get_name(), rows)
        if tab.evaluate("() => evacmapFrames.open(window.evacmapFrameMap)"):
            tab.wait_for_timeout(mapfile.INSET_OPEN_MS)
        total = tab.evaluate("() => window.evacmapPlayback.count()")
        if total == 0:
            raise ExportError("nothing happens in this window: no step has an event or a corridor in use")
        if max_frames is not None and total > max_frames:
            raise ExportError(f"{total:,} frames: more than the {max_frames:,} an animation may have here; "
                              "choose a shorter window or day steps")

        def shot(index: int) -> bytes:
            tab.evaluate("(i) => window.evacmapPlayback.show(i)", index)
            mapfile.show_unseen(tab)
            return tab.screenshot(type="png")

        if first is not None:
            first(total, shot)
        for index in range(total):
            each(shot(index))
            logger.info("frame %d of %d", index + 1, total)
            if progress is not None:
                progress(index + 1, total)
        return total

    return mapfile.in_browser(page, width, height, offline is not None, shoot)


class _GifStream:
    """An animated GIF written frame by frame: one palette for all (from up to four frames spread over the
    playback, so colours do not flicker), each frame only where it differs from the one before (within the box
    around the changes, a pixel left as it was is transparent: the caption and the inset change in opposite
    corners), a frame the same as the one before lengthening it. Holds two frames at most, whatever the count."""

    def __init__(self, out: BinaryIO, fps: float) -> None:
        self.out, self.duration = out, round(1000 / fps)
        self.palette: Image | None = None
        self.previous: Image | None = None  # the frame before, as drawn
        self.pending: list[Any] | None = None  # the frame not yet written: image, offset, duration, transparency
        self.unchanged = 255  # the transparent index: a pixel left as the frame before drew it

    def choose_palette(self, total: int, shot: Callable[[int], bytes]) -> None:
        from PIL import Image

        picks = list(range(total))[:: max(1, total // 4)][:4]
        images = [_rgb(shot(index)) for index in picks]
        width, height = images[0].size
        strip = Image.new("RGB", (width, height * len(images)))
        for k, image in enumerate(images):
            strip.paste(image, (0, height * k))
        self.palette = strip.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
        # the first index past the palette's colours; Pillow before 10.1 pads the palette to 256 entries, of which
        # quantize(colors=255) leaves the last unused
        colours = self.palette.getpalette()
        assert colours is not None  # quantize gives a "P" image, which has a palette
        self.unchanged = min(len(colours) // 3, 255)

    def add(self, png: bytes) -> None:
        from PIL import GifImagePlugin, Image, ImageChops

        frame = _rgb(png).quantize(palette=self.palette, dither=Image.Dither.NONE)
        if self.previous is None:
            header, _ = GifImagePlugin.getheader(frame, info={"loop": 0, "duration": self.duration})
            self.out.write(b"".join(header))
            self.previous, self.pending = frame, [frame, (0, 0), self.duration, None]
            return
        box = ImageChops.subtract_modulo(frame, self.previous).getbbox(alpha_only=False)
        if box is None:
            assert self.pending is not None  # set with self.previous
            self.pending[2] += self.duration
            return
        self._flush()
        changed, transparency = frame.crop(box), None
        if not frame.histogram()[self.unchanged]:
            same = ImageChops.subtract_modulo(changed, self.previous.crop(box)).tobytes()
            changed.paste(self.unchanged, mask=Image.frombytes("L", changed.size, same).point(lambda v: 0 if v else 255))
            transparency = self.unchanged
        self.previous, self.pending = frame, [changed, box[:2], self.duration, transparency]

    def _flush(self) -> None:
        from PIL import GifImagePlugin

        assert self.pending is not None, "no frame was added"  # add() sets it with the first frame
        image, offset, duration, transparency = self.pending
        keep = {} if transparency is None else {"transparency": transparency}
        self.out.write(b"".join(GifImagePlugin.getdata(image, offset, duration=duration, disposal=1, **keep)))

    def close(self) -> None:
        self._flush()
        self.out.write(b";")  # the GIF trailer


def _rgb(png: bytes):
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


def write_gif(selection: Selection, out: BinaryIO, *, fps: float = 1.0, **options: Any) -> int:
    """Write an animated GIF of the view's playback to ``out`` as its frames are shot, looping, ``fps`` frames
    a second; memory does not grow with the number of frames. Returns the number of steps shot."""
    fps = check_fps(fps)
    stream = _GifStream(out, fps)
    total = _play(selection, stream.add, first=stream.choose_palette, **options)
    stream.close()
    return total


def gif(selection: Selection, *, step: str = "day", fps: float = 1.0, offline: str | None = None,
        width: int = DEFAULT_SIZE[0], height: int = DEFAULT_SIZE[1], progress: Progress | None = None,
        max_frames: int | None = None, skip_empty: bool = False) -> bytes:
    """An animated GIF of the view's playback (:func:`write_gif`); more than ``max_frames`` steps is refused."""
    out = io.BytesIO()
    write_gif(selection, out, fps=fps, step=step, offline=offline, width=width, height=height,
              progress=progress, max_frames=max_frames, skip_empty=skip_empty)
    return out.getvalue()


def ffmpeg() -> str:
    """The ffmpeg executable of the imageio-ffmpeg wheel."""
    try:
        import imageio_ffmpeg
    except ImportError:
        raise ExportError(NO_FFMPEG) from None
    try:
        return imageio_ffmpeg.get_ffmpeg_exe()
    except RuntimeError as error:
        raise ExportError(f"{NO_FFMPEG} ({error})") from None


def mp4(selection: Selection, *, step: str = "day", fps: float = 1.0, offline: str | None = None,
        width: int = DEFAULT_SIZE[0], height: int = DEFAULT_SIZE[1], progress: Progress | None = None,
        max_frames: int | None = None, skip_empty: bool = False) -> bytes:
    """An MP4 (H.264, yuv420p) of the view's playback, one frame per step, ``fps`` frames a second.

    Each frame goes to ffmpeg's input as it is shot, so memory does not grow with the number of frames.
    """
    fps = check_fps(fps)
    if width % 2 or height % 2:
        raise ExportError(f"mp4: width and height must be even numbers of pixels (H.264), instead got {width}×{height}")
    executable = ffmpeg()
    with tempfile.TemporaryDirectory(prefix="evacmap-mp4-") as folder:
        target, errors = Path(folder) / "out.mp4", Path(folder) / "ffmpeg.log"
        command = [executable, "-hide_banner", "-loglevel", "error", "-f", "image2pipe", "-c:v", "png",
                   "-framerate", f"{fps:g}", "-i", "-", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                   "-movflags", "+faststart", str(target)]
        with errors.open("wb") as log:
            encoder = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=log)
            assert encoder.stdin is not None  # stdin=PIPE gives it one
            try:
                total = _play(selection, encoder.stdin.write, step=step, offline=offline, width=width,
                              height=height, progress=progress, max_frames=max_frames, skip_empty=skip_empty)
                encoder.stdin.close()
                logger.info("encoding %d frames with %s", total, executable)
                code = encoder.wait(timeout=FFMPEG_TIMEOUT_S)
            except BrokenPipeError:  # ffmpeg stopped reading: its log says why
                code = encoder.wait(timeout=FFMPEG_TIMEOUT_S)
            except BaseException:
                encoder.kill()
                encoder.wait()
                raise
        if code != 0:
            detail = errors.read_text(encoding="utf-8", errors="replace").strip()[-500:]
            raise ExportError(f"ffmpeg failed ({code}): {detail}")
        return target.read_bytes()


def mp4_frames(path: Path | str) -> int:
    """The number of video frames in an MP4, counted by decoding it with ffmpeg."""
    done = subprocess.run([ffmpeg(), "-hide_banner", "-i", str(path), "-map", "0:v:0", "-f", "null", "-"],
                          capture_output=True, timeout=FFMPEG_TIMEOUT_S, check=False)
    counted = re.findall(r"frame=\s*(\d+)", done.stderr.decode("utf-8", "replace"))
    if done.returncode != 0 or not counted:
        raise ExportError(f"{path}: ffmpeg could not read it as a video")
    return int(counted[-1])
