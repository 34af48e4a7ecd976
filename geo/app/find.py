"""Find a place: whether a name is asked online, which answer stands, and what the panel says about it.

The gazetteer answers first; a name it cannot resolve is asked of the online geocoder only while lookups are
turned on and possible (:mod:`geo.places.geocode`), and its answer stays unverified until a person accepts it.
The panel (:mod:`panels.find_place`) asks, keeps the answers for the session and draws what :func:`answer` says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from geo.places import geocode
from geo.places.gazetteer import Gazetteer
from geo.places.geocode import Geocoded
from geo.run.view import excerpt

CHECK_ON_MAP = "Check it on the map (the pink diamond) before you accept it."
MAX_QUERY_CHARS = 200
"""A longer name is no place's: it is neither looked up nor asked online, and is echoed only as an excerpt."""


def too_long(query: str) -> str | None:
    """Why ``query`` is not looked up (it is longer than :data:`MAX_QUERY_CHARS`), shown as an excerpt; or None."""
    if len(query) <= MAX_QUERY_CHARS:
        return None
    return f"A place name has at most {MAX_QUERY_CHARS} characters; this one has {len(query):,}: {excerpt(query)}"


def asked_online(query: str, online: bool, off: str | None, gazetteer: Gazetteer) -> bool:
    """Whether ``query`` is to be asked online: lookups are on (``online``) and possible (``off`` is None, else why
    not), and the gazetteer cannot resolve it."""
    return (bool(query) and online and off is None and too_long(query) is None
            and not gazetteer.resolve(query).resolved)


def standing(query: str, accepted: Mapping[str, Geocoded], looked_up: Mapping[str, Geocoded | None]) -> Geocoded | None:
    """The answer for ``query``: the one a person accepted, else the one looked up (None: none, or not asked yet)."""
    return accepted.get(query) or looked_up.get(query)


@dataclass(frozen=True)
class Answer:
    """What the panel says about a name, in order, each a (level, text) pair with level one of ``success``,
    ``info``, ``warning``, ``error``; and what it offers next: ``accept`` (the Accept button), ``describe`` (the
    form of what only a person can say about an accepted place), or None."""

    said: tuple[tuple[str, str], ...]
    offer: str | None = None


def answer(query: str, gazetteer: Gazetteer, *, online: bool, off: str | None, problem: str | None,
           found: Geocoded | None) -> Answer:
    """The gazetteer's answer, or else the online one (``found``; ``problem``: why it could not be asked), or why
    there is none."""
    if too_long(query):
        return Answer((("warning", too_long(query) or ""),))
    resolution = gazetteer.resolve(query)
    if resolution.place is not None:  # resolved
        place = resolution.place
        return Answer((("success", f"In the gazetteer: {place.name} ({place.id}), lat {place.lat}, lon {place.lon}; "
                                   f"matched by {resolution.matched_by}, score {resolution.score:.2f}"),))
    hint = ", ".join(f"{gazetteer[i].name} ({i})" for i in resolution.suggestions)
    said = (("info", f"Not in the gazetteer: {query}." + (f" Did you mean {hint}?" if hint else "")),)
    if off or not online:
        return Answer(said)
    if problem:
        return Answer((*said, ("error", f"unresolved: {problem}")))
    if found is None:
        return Answer((*said, ("info", f"unresolved: {geocode.SOURCE} knows no place called {query}")))
    details = (f"{found.address} · lat {found.lat:.5f}, lon {found.lon:.5f} · OSM {found.osm or 'id not given'} "
               f"· source {found.source}")
    if not found.verified:
        return Answer((*said, ("warning", f"UNVERIFIED: {details}\n{CHECK_ON_MAP}")), offer="accept")
    return Answer((*said, ("success", f"VERIFIED (accepted by you): {details}")), offer="describe")
