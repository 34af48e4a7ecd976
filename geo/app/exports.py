"""The dashboard's download buttons: which export formats a view can be downloaded in, and why not.

A picture (PNG) or an animation (GIF, MP4) takes a headless Chromium (a dozen processes and hundreds of MB) and
seconds to minutes of the server's time, so the dashboard makes one at a time for the whole server (:func:`make`),
an animation of at most :data:`VISITOR_FRAMES` frames; while one is being made the other visitors' PNG, GIF and
MP4 buttons say the server is busy. ``evacmap export`` has no cap.
"""

from __future__ import annotations

import importlib.util
import threading
from dataclasses import dataclass, field

from geo import export
from geo.errors import ExportError
from geo.export import mapfile
from geo.map import assets
from geo.run.selection import Selection

LABELS = {"html": "Map (HTML)", "png": "Picture (PNG)", "gif": "Playback (GIF)", "mp4": "Playback (MP4)",
          "geojson": "GeoJSON", "csv": "Events CSV", "acled": "ACLED CSV",
          "hxl": "HXL CSV"}
NO_BROWSER = "needs Chromium on the server (apt-get install chromium)"
NEEDS = {"png": ("playwright",), "gif": ("playwright", "PIL"), "mp4": ("playwright", "imageio_ffmpeg")}
"""The Python packages each picture format needs beyond the base install (``pip install -e '.[animation]'``)."""
VISITOR_FRAMES = 200
"""The most frames a visitor's GIF or MP4 may have: a day-step playback of six months and more, or eight days
by the hour (the CLI has no cap)."""
BUSY = "another picture or animation is being made on this server; try again in a minute"
_ANIMATING = threading.Lock()  # one browser export (PNG, GIF, MP4) at a time in this server process, whichever session asks


def missing_packages(fmt: str) -> list[str]:
    """The packages ``fmt`` needs that this Python cannot import."""
    return [name for name in NEEDS.get(fmt, ()) if importlib.util.find_spec(name) is None]


@dataclass(frozen=True)
class Offer:
    """One download button: its format and label, the options its file is made with, and why it is off (or None)."""

    fmt: str
    label: str
    options: dict[str, str] = field(default_factory=dict)
    why_disabled: str | None = None


def why_disabled(fmt: str, shown: int, has_browser: bool, animating: bool = False) -> str | None:
    """Why ``fmt`` cannot be downloaded for a view of ``shown`` events, or None when it can.

    A download is held in the server's memory, so data formats of views over
    :data:`geo.export.DOWNLOAD_EVENTS` events are sent to ``evacmap export``, which streams to a file.
    """
    missing = missing_packages(fmt)
    if missing:
        return f"needs the Python package(s) {', '.join(missing)} on the server: pip install -e '.[animation]'"
    if fmt in export.BROWSER_FORMATS and not has_browser:
        return NO_BROWSER
    if fmt in export.BROWSER_FORMATS and animating:
        return BUSY
    if fmt in export.DATA_FORMATS and shown > export.DOWNLOAD_EVENTS:
        return (f"{shown:,} events: more than the {export.DOWNLOAD_EVENTS:,} a download holds. Narrow the view, or "
                f"run `evacmap export --format {fmt} --data FOLDER -o FILE` with this view's --start, --end and filters")
    return None


def offers(shown: int) -> list[Offer]:
    """A download button for every format, for a view of ``shown`` events, on this server.

    The maps follow the ``EVACMAP_OFFLINE`` setting (a bad setting means online, as the map already warns);
    the picture and the playback's GIF and MP4 need a Chromium, and the animations wait while another is made.
    """
    try:
        offline = assets.setting()
    except ExportError:
        offline = None
    try:
        has_browser = mapfile.find_chromium() is not None
    except ExportError:
        has_browser = False
    return [Offer(fmt, LABELS[fmt], {"offline": offline} if fmt not in export.DATA_FORMATS and offline else {},
                  why_disabled(fmt, shown, has_browser, animating=_ANIMATING.locked())) for fmt in export.FORMATS]


def make(selection: Selection, offer: Offer) -> bytes:
    """The file of one download button for the run's selection, made when it is clicked: a picture or an animation
    only when no other is being made on this server (else ExportError :data:`BUSY`), an animation of at most
    :data:`VISITOR_FRAMES` frames."""
    if offer.fmt not in export.BROWSER_FORMATS:
        return export.render_selection(selection, offer.fmt, **offer.options)
    if not _ANIMATING.acquire(blocking=False):
        raise ExportError(BUSY)
    try:
        frames = {"max_frames": VISITOR_FRAMES} if offer.fmt in export.ANIMATIONS else {}
        return export.render_selection(selection, offer.fmt, **frames, **offer.options)
    finally:
        _ANIMATING.release()
