"""What the map sent back to the page, read once into a typed message, and the page's rules about it.

streamlit-folium returns what its map sent as a dict (:func:`read` takes it as given): the dashboard asks only
for ``last_object_clicked_tooltip``, the text of the last layer clicked. A map's own reports (it has drawn,
its playback stopped) come the same way, as the tooltip of a hidden marker it clicks (:mod:`geo.map.report`).
So one text means one of five things, and :func:`read` says which:

>>> read({"last_object_clicked_tooltip": "evacmap map drawn"}, None, None)
Ready()
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from geo.map import build, playback, ready

RETURNED = "last_object_clicked_tooltip"
"""The one value the dashboard asks streamlit-folium to return (a pan or zoom then reruns nothing)."""


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
    """Nothing new: no click yet, the same click read again, or a layer that means nothing to the page."""


Message = Ready | StoppedAt | PickedEvent | PickedPlace | Nothing


def tooltip_of(returned: Mapping[str, object] | None) -> str | None:
    """The clicked layer's text in what streamlit-folium returned, or None."""
    text = (returned or {}).get(RETURNED)
    return text if isinstance(text, str) and text.strip() else None


def read(returned: Mapping[str, object] | None, seen: str | None,
         place_of: Callable[[str], str | None] | None) -> Message:
    """The message in what the map returned; ``seen`` is the text the page already acted on (Nothing again),
    ``place_of`` turns a place count's tooltip into its place id (None: no place counts on this map)."""
    text = tooltip_of(returned)
    if text is None or text == seen:
        return Nothing()
    if ready.is_ready(text):
        return Ready()
    stopped = playback.stopped_window(text)
    if stopped is not None:
        return StoppedAt(*stopped)
    event_id = build.event_id_from_tooltip(text)
    if event_id is not None:
        return PickedEvent(event_id)
    place_id = place_of(text) if place_of is not None else None
    return PickedPlace(place_id) if place_id is not None else Nothing()


def selection_after(message: Message, selected: str | None, shown_ids: Sequence[str]) -> str | None:
    """The selected event once ``message`` is taken: a picked event among those shown, else as it was."""
    if isinstance(message, PickedEvent) and message.event_id in shown_ids:
        return message.event_id
    return selected


def places_after(message: Message, places: Sequence[str]) -> tuple[str, ...]:
    """The place filter once ``message`` is taken: only the picked place, else as it was."""
    return (message.place_id,) if isinstance(message, PickedPlace) else tuple(places)


def kept_selection(selected: str | None, shown_ids: Sequence[str]) -> str | None:
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
