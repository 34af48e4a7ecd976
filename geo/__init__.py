"""evacmap's library: gazetteer, evidence base, views, maps, ingest and export.

A plain library: it never imports streamlit (``dashboard.py`` and ``panels/`` do).
"""

from geo.claims import Claim
from geo.corridors import Corridor, Waypoint
from geo.data.evidence import Evidence, load
from geo.data.validation import validate
from geo.errors import (
    DataFileError,
    ExportError,
    GeocoderUnavailable,
    GeoError,
    IngestError,
    Problem,
    UnknownPlace,
    UsageError,
    ViewError,
)
from geo.events import Event, EventType
from geo.places.gazetteer import Gazetteer, Place, Resolution
from geo.sources import Source
from geo.view import View, from_params

__all__ = [
    "Claim",
    "Corridor",
    "DataFileError",
    "Event",
    "EventType",
    "Evidence",
    "ExportError",
    "Gazetteer",
    "GeoError",
    "GeocoderUnavailable",
    "IngestError",
    "Place",
    "Problem",
    "Resolution",
    "Source",
    "UnknownPlace",
    "UsageError",
    "View",
    "ViewError",
    "Waypoint",
    "from_params",
    "load",
    "validate",
]
