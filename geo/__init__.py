"""evacmap's library: gazetteer, evidence base, views and what a run shows of one, maps, ingest and export.

A plain library: it never imports streamlit (``dashboard.py`` and ``panels/`` do). The public names
below are imported on first use (``geo.load``, ``from geo import View``), so that ``import geo.errors``
or ``evacmap --help`` does not pay for pandas, folium and the rest.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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
    from geo.run.selection import Selection
    from geo.run.view import View, from_params
    from geo.sources import Source

_HOMES = {
    "geo.claims": ("Claim",),
    "geo.corridors": ("Corridor", "Waypoint"),
    "geo.data.evidence": ("Evidence", "load"),
    "geo.data.validation": ("validate",),
    "geo.errors": ("DataFileError", "ExportError", "GeocoderUnavailable", "GeoError", "IngestError", "Problem",
                   "UnknownPlace", "UsageError", "ViewError"),
    "geo.events": ("Event", "EventType"),
    "geo.places.gazetteer": ("Gazetteer", "Place", "Resolution"),
    "geo.run.selection": ("Selection",),
    "geo.sources": ("Source",),
    "geo.run.view": ("View", "from_params"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

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
    "Selection",
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


def __getattr__(name: str) -> object:
    """A public name, imported from its module the first time it is asked for."""
    if name not in _HOME_OF:
        raise AttributeError(f"module 'geo' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME_OF[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
