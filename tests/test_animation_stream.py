"""The GIF of a playback written frame by frame: frames reach the file as they come, memory stays flat."""

from __future__ import annotations

import io
import subprocess
import sys

from PIL import Image, ImageDraw, ImageSequence

from geo.export import animation
from tests.conftest import ROOT

COLOURS = [(255, 255, 255), (200, 30, 30), (30, 120, 200), (20, 160, 60)]


def png(index: int, size: tuple[int, int] = (64, 40)) -> bytes:
    """Frame ``index`` of a made-up playback: a white map with a coloured square that moves one step a frame."""
    image = Image.new("RGB", size, COLOURS[0])
    ImageDraw.Draw(image).rectangle((4 * (index % 12), 8, 4 * (index % 12) + 6, 20), fill=COLOURS[1 + index % 3])
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def write(shots: list[bytes], fps: float = 2.0) -> tuple[bytes, list[int]]:
    """The GIF of these frames, and the file's size after each frame was added."""
    out = io.BytesIO()
    stream = animation._GifStream(out, fps)
    stream.choose_palette(len(shots), lambda index: shots[index])
    sizes = []
    for shot in shots:
        stream.add(shot)
        sizes.append(out.tell())
    stream.close()
    return out.getvalue(), sizes


def test_should_write_each_gif_frame_before_the_next_is_shot():
    shots = [png(k) for k in range(6)]
    data, sizes = write(shots)
    assert all(later > earlier for earlier, later in zip(sizes, sizes[1:]))  # frame k is in the file once k+1 comes
    gif = Image.open(io.BytesIO(data))
    frames = [f.convert("RGB") for f in ImageSequence.Iterator(gif)]
    assert len(frames) == 6 and gif.info["loop"] == 0
    for frame, shot in zip(frames, shots, strict=True):
        assert frame.tobytes() == Image.open(io.BytesIO(shot)).convert("RGB").tobytes()


def test_should_lengthen_a_frame_the_same_as_the_one_before_instead_of_repeating_it():
    shots = [png(0), png(1), png(1), png(1), png(2)]
    data, _ = write(shots, fps=4)
    durations = [f.info["duration"] for f in ImageSequence.Iterator(Image.open(io.BytesIO(data)))]
    assert durations == [250, 750, 250]


MANY_FRAMES = """
import io, resource, sys
from tests.test_animation_stream import png
from geo.export import animation
count = int(sys.argv[1])
stream = animation._GifStream(io.BytesIO(), 1.0)
stream.choose_palette(count, lambda index: png(index, (1280, 800)))
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
for index in range(count):
    stream.add(png(index, (1280, 800)))
stream.close()
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""


def test_should_make_a_gif_of_hundreds_of_full_size_frames_in_flat_memory():
    done = subprocess.run([sys.executable, "-c", MANY_FRAMES, "120"], capture_output=True, text=True, cwd=ROOT,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    # 120 decoded 1280×800 frames held at once, as before, would be 120 × 3 MB = 360 MB
    assert int(done.stdout) < 100


def test_should_leave_transparent_the_pixels_a_frame_keeps_between_changes_in_opposite_corners():
    def corners(colour_one: tuple[int, int, int], colour_two: tuple[int, int, int]) -> bytes:
        image = Image.new("RGB", (64, 40), COLOURS[0])
        draw = ImageDraw.Draw(image)
        draw.rectangle((0, 0, 5, 5), fill=colour_one)  # the caption, say
        draw.rectangle((58, 34, 63, 39), fill=colour_two)  # and the inset
        out = io.BytesIO()
        image.save(out, format="PNG")
        return out.getvalue()

    shots = [corners(COLOURS[1], COLOURS[2]), corners(COLOURS[2], COLOURS[1])]
    data, _ = write(shots)
    controls = [data[k + 3:k + 7] for k in range(len(data)) if data.startswith(b"\x21\xf9\x04", k)]
    # the second frame's graphic control block: "transparent" flag set, index 3 (the first past white, red, blue), or
    # 255 where Pillow (10.0) pads the palette to 256 entries
    assert len(controls) == 2 and controls[1][0] & 1 and controls[1][3] in (3, 255)
    gif = Image.open(io.BytesIO(data))
    gif.seek(1)
    assert tuple(gif.tile[0][1]) == (0, 0, 64, 40)  # the box from one corner to the other (a tile is a plain tuple in Pillow 10)
    for frame, shot in zip(ImageSequence.Iterator(Image.open(io.BytesIO(data))), shots, strict=True):
        assert frame.convert("RGB").tobytes() == Image.open(io.BytesIO(shot)).convert("RGB").tobytes()
