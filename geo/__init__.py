"""evacmap's library: gazetteer, evidence base, views, maps, ingest and export.

A plain library: it never imports streamlit (``dashboard.py`` does).
"""

from geo.claims import Claim
from geo.corridors import Corridor, Waypoint
from geo.errors import DataFileError, GeoError, Problem, UnknownPlace, ViewError
from geo.events import Event, EventType
from geo.evidence import Evidence, load, validate
from geo.gazetteer import Gazetteer, Place, Resolution
from geo.sources import Source
from geo.view import View, from_params

__all__ = [
    "Claim",
    "Corridor",
    "DataFileError",
    "Event",
    "EventType",
    "Evidence",
    "Gazetteer",
    "GeoError",
    "Place",
    "Problem",
    "Resolution",
    "Source",
    "UnknownPlace",
    "View",
    "ViewError",
    "Waypoint",
    "from_params",
    "load",
    "validate",
]
