"""What the map sent back to the page, read once into a typed message, and the page's rules about it.

The map sends its messages through one channel (:mod:`geo.map.channel`): it has drawn, its playback stopped,
a reader picked an event's glyph or a place's count. Each is a small JSON object, and the page's listener
(``panels/map_channel.py``) hands it over as a dict; :func:`read` says which of five things it means, checking
every field. A payload that is not evacmap's message, or not well formed, reads as :class:`Nothing` and is
logged: it never raises into the page.

>>> read({"evacmap": 1, "kind": "picked-event", "event": "e014"})
PickedEvent(event_id='e014')
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from geo import times
from geo.data.schema import SLUG
from geo.map import channel

logger = logging.getLogger(__name__)

LONGEST_MOMENT = 40
"""A time longer than this is not one of the map's (``2016-12-15T10:30:00.000+00:00`` has 29 characters)."""
LONGEST_ID = 200
"""An event or place id longer than this is not one (ids are slugs of a data file)."""
_ID = re.compile(SLUG)


@dataclass(frozen=True)
class Ready:
    """The map has drawn: the page may draw the rest."""


@dataclass(frozen=True)
class StoppedAt:
    """The in-map playback stopped (paused, or reached its end) on the window [start, end), UTC."""

    start: datetime
    end: datetime


@dataclass(frozen=True)
class PickedEvent:
    """A click on an event's glyph."""

    event_id: str


@dataclass(frozen=True)
class PickedPlace:
    """A click on a place's count (a view too large for one glyph per event): show only that place."""

    place_id: str


@dataclass(frozen=True)
class Nothing:
    """Nothing new: the map sent nothing this run, or what came is not a well-formed message of evacmap's."""


Message = Ready | StoppedAt | PickedEvent | PickedPlace | Nothing


def _moment(text: str) -> datetime:
    moment = datetime.fromisoformat(text[:LONGEST_MOMENT].replace("Z", "+00:00"))
    if moment.tzinfo is None:
        raise ValueError(f"{text[:LONGEST_MOMENT]!r} has no UTC offset")
    try:
        utc = moment.astimezone(times.UTC)
    except OverflowError:  # 0001-01-01T00:00+01:00 is before the calendar's first UTC moment
        utc = None
    if utc is None or not times.EARLIEST <= utc <= times.AFTER_LAST:
        raise ValueError(f"{text[:LONGEST_MOMENT]!r} is outside the years {times.RANGE}")
    return utc


def _stopped(start: str, end: str) -> StoppedAt:
    window = _moment(start), _moment(end)
    if window[1] <= window[0]:
        raise ValueError(f"the window ends ({end}) before it starts ({start})")
    return StoppedAt(*window)


def _named(text: str) -> str:
    if len(text) > LONGEST_ID or not _ID.fullmatch(text):
        raise ValueError(f"{text[:LONGEST_ID]!r} is not an id (expected {SLUG})")
    return text


_READERS: dict[str, Callable[..., Message]] = {
    channel.DRAWN: Ready,
    channel.STOPPED: _stopped,
    channel.PICKED_EVENT: lambda event: PickedEvent(_named(event)),
    channel.PICKED_PLACE: lambda place: PickedPlace(_named(place)),
}
"""How each kind of message (:data:`geo.map.channel.FIELDS`) is read from its fields, in their order."""


def _problem(payload: object) -> str | None:
    """What is wrong with a payload as one of evacmap's messages (None: nothing)."""
    if not isinstance(payload, Mapping):
        return f"expected an object, instead got {type(payload).__name__}"
    if payload.get(channel.MARK) != channel.VERSION or isinstance(payload.get(channel.MARK), bool):
        return f"expected {channel.MARK!r}: {channel.VERSION}, instead got {payload.get(channel.MARK)!r}"
    kind = payload.get("kind")
    if kind not in channel.FIELDS:
        return f"kind: expected one of {', '.join(channel.FIELDS)}, instead got {kind!r}"
    fields = channel.FIELDS[kind]
    unknown = sorted(set(payload) - {channel.MARK, "kind", *fields}, key=str)
    if unknown:
        return f"{kind}: fields {', '.join(map(repr, unknown))} are not its own (expected {', '.join(fields) or 'none'})"
    missing = [name for name in fields if not isinstance(payload.get(name), str)]
    return f"{kind}: expected text in {', '.join(missing)}" if missing else None


def read(payload: object) -> Message:
    """The message in what the map sent (None: it sent nothing this run); anything not well formed is logged and
    read as :class:`Nothing`."""
    if payload is None:
        return Nothing()
    problem = _problem(payload)
    if problem is None and isinstance(payload, Mapping):  # _problem found it a mapping of the right fields
        kind = payload["kind"]
        try:
            return _READERS[kind](*(payload[name] for name in channel.FIELDS[kind]))
        except ValueError as error:
            problem = f"{kind}: {error}"
    logger.warning("map message ignored: %s (payload %.300r)", problem, payload)
    return Nothing()


def selection_after(message: Message, selected: str | None, shown_ids: Sequence[str]) -> str | None:
    """The selected event once ``message`` is taken: a picked event among those shown, else as it was."""
    if isinstance(message, PickedEvent) and message.event_id in shown_ids:
        return message.event_id
    return selected


def places_after(message: Message, places: Sequence[str], known: Collection[str]) -> tuple[str, ...]:
    """The place filter once ``message`` is taken: only the picked place (one of the ``known`` places), else as it
    was."""
    if isinstance(message, PickedPlace) and message.place_id in known:
        return (message.place_id,)
    return tuple(places)


def kept_selection(selected: str | None, shown_ids: Collection[str]) -> str | None:
    """A selection stays only while its event is among those shown (a new window, filter or upload lets it go)."""
    return selected if selected in shown_ids else None


def outside_notice(selected: str | None, linked: bool) -> str | None:
    """What to say when a selected event is not among those shown: only when the link named it (a reader who
    changed the window knows why it went)."""
    if selected is None or not linked:
        return None
    return f"event: {selected!r} is outside this window and these filters; no event is selected"


def notices_kept(params: Mapping[str, str], linked: Mapping[str, str], notices: Sequence[str]) -> list[str]:
    """The link's notices stay while the view is still the one the link opened (its parameters unchanged)."""
    return list(notices) if dict(params) == dict(linked) else []
