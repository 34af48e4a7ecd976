"""Ingest's own vocabulary: the event types it can give a candidate and the roles a place mention plays in one.

Members are :class:`enum.StrEnum`, so each compares equal to its string: ``EventKind.DEPARTURE == "departure"``;
the lexicon (``lexicon.toml``) is checked against them when read, and tests/test_event_types.py checks that every
:class:`EventKind` is a type of each shipped case's ``event_types.csv``.
"""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    """A type ingest can give a candidate event (an ``id`` of a case's ``event_types.csv``)."""

    GATHERING = "gathering"
    DEPARTURE = "departure"
    ARRIVAL = "arrival"
    TRANSFER = "transfer"
    HALT = "halt"
    ATTACK = "attack"
    CLASH = "clash"
    ADVANCE = "advance"
    CEASEFIRE = "ceasefire"
    DEMINING = "demining"
    STATEMENT = "statement"


class Role(StrEnum):
    """The part a place mention plays in its sentence's event."""

    ORIGIN = "origin"
    DESTINATION = "destination"
    LOCATION = "location"
    NEAR = "near"
    PROVENANCE = "provenance"
    COORDINATE = "coordinate"
    NONE = "none"
