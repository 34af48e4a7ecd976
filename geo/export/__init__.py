"""Every export of a view: GeoJSON, CSV, ACLED-style CSV, the map as HTML and PNG, its playback as GIF and MP4,
written atomically.

Owns the formats (:mod:`~geo.export.formats`; the ACLED layout in :mod:`~geo.export.acled`), their
column-at-a-time text encoding (:mod:`~geo.export.columns`), the standalone map page and its picture
(:mod:`~geo.export.mapfile`), the playback's animation (:mod:`~geo.export.animation`),
the chart of how a claimed number changed, its data, Vega-Lite spec and PNG (:mod:`~geo.export.claim_chart`)
and atomic file writes (:mod:`~geo.export.atomic`). May import the shared domain,
:mod:`geo.data`, :mod:`geo.places` and :mod:`geo.map`; nothing below it imports it.
The public names are re-exported here, so
``from geo import export; export.render(evidence, view, "geojson")`` reads as one call; a view already looked up
(:class:`geo.run.selection.Selection`) is exported with ``export.render_selection(selection, "geojson")``.
"""

from geo.export.acled import ACLED_COLUMNS, fatalities
from geo.export.atomic import Stopped, stop_on, write, write_folder
from geo.export.columns import CHUNK
from geo.export.formats import (
    ANIMATIONS,
    BROWSER_FORMATS,
    DATA_FORMATS,
    DOWNLOAD_EVENTS,
    FORMATS,
    MEDIA_TYPES,
    SPREADSHEETS,
    SUFFIXES,
    filename,
    render,
    render_selection,
    stream,
    stream_selection,
)

__all__ = [
    "ACLED_COLUMNS",
    "ANIMATIONS",
    "BROWSER_FORMATS",
    "CHUNK",
    "DATA_FORMATS",
    "DOWNLOAD_EVENTS",
    "FORMATS",
    "MEDIA_TYPES",
    "SPREADSHEETS",
    "SUFFIXES",
    "Stopped",
    "fatalities",
    "filename",
    "render",
    "render_selection",
    "stop_on",
    "stream",
    "stream_selection",
    "write",
    "write_folder",
]
