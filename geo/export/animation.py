"""The playback as an animation: a GIF (Pillow) or an MP4 (the ffmpeg of the ``imageio-ffmpeg`` wheel).

The map page of :func:`geo.export.mapfile.snapshot_map` is loaded once in headless
Chromium; the playback (:mod:`geo.map.playback`) is stepped with its JavaScript API and
each step is screenshotted, with the title, the playback's clock, the legend and the
attribution on every frame (the playback's buttons are hidden: they are not content).
One frame per step (empty steps skipped, as the map does by default); ``fps`` frames a
second. ``progress(done, total)`` is called after each frame, so the CLI and the
dashboard can show how far it is.

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

from geo.errors import ExportError
from geo.export import mapfile
from geo.map import assets
from geo.map.playback import add_playback
from geo.map.steps import STEP_SIZES
from geo.selection import Selection

logger = logging.getLogger(__name__)

Progress = Callable[[int, int], object]
"""Called as ``progress(frames_done, frames_total)`` after each frame."""

DEFAULT_SIZE = (1280, 800)
FPS_LIMITS = (0.1, 30.0)
FRAME_CSS = (".evacmap-playback button, .evacmap-playback select, .evacmap-playback label,"
             " .evacmap-playback input { display: none !important; }"
             " .evacmap-playback-time { font-size: 18px; }")
"""What a frame leaves out: the playback's controls; its clock and count stay."""
NO_FFMPEG = "MP4 export needs ffmpeg: pip install imageio-ffmpeg (its wheel carries one)"
FFMPEG_TIMEOUT_S = 600


def check_fps(fps: object) -> float:
    """Frames a second, a number from 0.1 to 30."""
    low, high = FPS_LIMITS
    if isinstance(fps, bool) or not isinstance(fps, int | float) or not low <= fps <= high:
        raise ExportError(f"fps: expected a number of frames a second from {low:g} to {high:g}, instead got {fps!r}")
    return float(fps)


def frames(selection: Selection, *, step: str = "day", offline: str | None = None,
           width: int = DEFAULT_SIZE[0], height: int = DEFAULT_SIZE[1], progress: Progress | None = None) -> list[bytes]:
    """PNG frames of the view's playback, one per non-empty step of ``step`` ("hour" or "day")."""
    if step not in STEP_SIZES:
        raise ExportError(f"step: expected one of {', '.join(STEP_SIZES)}, instead got {step!r}")
    mapfile.check_size("width", width)
    mapfile.check_size("height", height)
    local = offline or ("file" if not assets.missing() else None)
    m = mapfile.snapshot_map(selection, offline=local, playback=False)
    playback = add_playback(m, selection, step=step)
    if step not in playback.data["steps"]:
        raise ExportError(f"step {step}: the window is too long to step through by the {step}; choose a shorter window")
    page = m.get_root().render()

    def shoot(tab) -> list[bytes]:
        tab.add_style_tag(content=FRAME_CSS)
        total = tab.evaluate("() => window.evacmapPlayback.count()")
        if total == 0:
            raise ExportError("nothing happens in this window: no step has an event or a corridor in use")
        shots = []
        for index in range(total):
            tab.evaluate("(i) => window.evacmapPlayback.show(i)", index)
            tab.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
            shots.append(tab.screenshot(type="png"))
            logger.info("frame %d of %d", index + 1, total)
            if progress is not None:
                progress(index + 1, total)
        return shots

    return mapfile.in_browser(page, width, height, offline is not None, shoot)


def gif(selection: Selection, *, step: str = "day", fps: float = 1.0, offline: str | None = None,
        width: int = DEFAULT_SIZE[0], height: int = DEFAULT_SIZE[1], progress: Progress | None = None) -> bytes:
    """An animated GIF of the view's playback, looping, ``fps`` frames a second."""
    from PIL import Image

    fps = check_fps(fps)
    shots = frames(selection, step=step, offline=offline, width=width, height=height, progress=progress)
    images = [Image.open(io.BytesIO(shot)).convert("RGB") for shot in shots]
    # One palette for every frame (from a strip of them all), so colours do not flicker between frames.
    strip = Image.new("RGB", (width, height * min(len(images), 4)))
    for k, image in enumerate(images[:: max(1, len(images) // 4)][:4]):
        strip.paste(image, (0, height * k))
    palette = strip.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    paletted = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images]
    out = io.BytesIO()
    paletted[0].save(out, format="GIF", save_all=True, append_images=paletted[1:], duration=round(1000 / fps),
                     loop=0, disposal=1, optimize=False)
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
        width: int = DEFAULT_SIZE[0], height: int = DEFAULT_SIZE[1], progress: Progress | None = None) -> bytes:
    """An MP4 (H.264, yuv420p) of the view's playback, one frame per step, ``fps`` frames a second."""
    fps = check_fps(fps)
    if width % 2 or height % 2:
        raise ExportError(f"mp4: width and height must be even numbers of pixels (H.264), instead got {width}×{height}")
    executable = ffmpeg()
    shots = frames(selection, step=step, offline=offline, width=width, height=height, progress=progress)
    with tempfile.TemporaryDirectory(prefix="evacmap-mp4-") as folder:
        for index, shot in enumerate(shots):
            (Path(folder) / f"frame{index:05d}.png").write_bytes(shot)
        target = Path(folder) / "out.mp4"
        command = [executable, "-hide_banner", "-loglevel", "error", "-framerate", f"{fps:g}",
                   "-i", str(Path(folder) / "frame%05d.png"), "-c:v", "libx264", "-pix_fmt", "yuv420p",
                   "-movflags", "+faststart", str(target)]
        logger.info("encoding %d frames with %s", len(shots), executable)
        done = subprocess.run(command, capture_output=True, timeout=FFMPEG_TIMEOUT_S, check=False)
        if done.returncode != 0:
            raise ExportError(f"ffmpeg failed ({done.returncode}): {done.stderr.decode('utf-8', 'replace').strip()[-500:]}")
        return target.read_bytes()


def mp4_frames(path: Path | str) -> int:
    """The number of video frames in an MP4, counted by decoding it with ffmpeg."""
    done = subprocess.run([ffmpeg(), "-hide_banner", "-i", str(path), "-map", "0:v:0", "-f", "null", "-"],
                          capture_output=True, timeout=FFMPEG_TIMEOUT_S, check=False)
    counted = re.findall(r"frame=\s*(\d+)", done.stderr.decode("utf-8", "replace"))
    if done.returncode != 0 or not counted:
        raise ExportError(f"{path}: ffmpeg could not read it as a video")
    return int(counted[-1])
