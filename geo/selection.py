"""What one run shows: a view worked out once against the evidence, then handed to every consumer.

:meth:`Selection.of` looks the view up once (its window, the events it shows with their place joined, their
claims, the corridors in use) and the map, the playback, the details, the tabs and the exports read the same
object; none of them asks the evidence again. What only some consumers need is worked out once too, on first
use: each event shown as an :class:`ShownEvent` (its place, claims, who held the place in the window, outlets and
citations, from one conversion of the rows each) and the claims by event.

    selection = Selection.of(evidence, view)
    selection.events            # the rows shown (a DataFrame: place_name, lat, lon, precision_m joined)
    selection.shown["e014"]     # one event as the map's popup and the details panel say it
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from datetime import datetime
from functools import cached_property

import pandas as pd

from geo.claims import Claim
from geo.corridors import Corridor
from geo.data.evidence import Evidence
from geo.data.merge import UPLOAD
from geo.events import Event
from geo.holdings import Holding, held
from geo.view import View

FEW_EVENTS = 1000
"""Up to this many events shown, their claims and the corridors' claimed lengths are converted at once."""


@dataclass(frozen=True)
class ShownEvent:
    """One event as a run shows it: the event, its place's name, point and precision, its claims, who held its
    place in the window (each span with its source's citation), how many independent outlets report it and their
    citations, each claim's source's citation, and the upload it came from (None: the data folder)."""

    event: Event
    place_name: str
    lat: float
    lon: float
    precision_m: int
    claims: tuple[Claim, ...]
    held: tuple[tuple[Holding, str], ...]
    outlets: int
    citations: tuple[str, ...]
    claim_citations: tuple[str, ...] = ()
    upload: str | None = None


@dataclass(frozen=True)
class Drawn:
    """What a map draws of a selection, worked out in one look (:meth:`Selection.drawn`): the events drawn each as
    its own glyph (in time order; the selected one among them, or last when the window leaves it out), the
    selected event (None without one) and the lengths claimed of each corridor in use, by corridor id."""

    events: tuple[ShownEvent, ...]
    selected: ShownEvent | None
    corridor_lengths: Mapping[str, tuple[Claim, ...]]


@dataclass(frozen=True, eq=False)
class Selection:
    """A view looked up once: its window, the events shown (rows of ``evidence.events``, in time order), its title
    (its window and filters, :meth:`geo.view.View.describe`) and the corridors in use in the window; their claims
    (rows of ``evidence.claims``, in file order) on first use."""

    evidence: Evidence
    view: View
    window: tuple[datetime, datetime]
    events: pd.DataFrame
    title: str
    corridors: tuple[Corridor, ...]

    @classmethod
    def of(cls, evidence: Evidence, view: View) -> Selection:
        """The selection of ``view`` in ``evidence`` (already cut to the view's ``as_of`` day, where it has one)."""
        window = view.window(evidence)
        events = view.apply(evidence)
        title = view.describe(evidence, window)
        return cls(evidence, view, window, events, title, tuple(c for c in evidence.corridors if c.active_during(*window)))

    @cached_property
    def claims(self) -> pd.DataFrame:
        """The claims about the events shown (rows of ``evidence.claims``, in file order): looked up on first use,
        as a CSV export or a map of counts by place needs none."""
        return self.view.claims(self.evidence)

    @cached_property
    def all_days(self) -> pd.DataFrame:
        """The events the view's filters keep on every day, its window aside (the day strip and the charts show
        every day, the window's standing out): a second look-up only where the view has filters."""
        if self.view.start is None and self.view.end is None:
            return self.events
        if not (self.view.types or self.view.sources or self.view.places):
            return self.evidence.events
        return View(types=self.view.types, sources=self.view.sources, places=self.view.places).apply(self.evidence)

    @cached_property
    def _claimed(self) -> tuple[tuple[int, Claim], ...]:
        """The claims about the events shown, then the lengths claimed of the corridors in use, each with its row in
        the claims table: one conversion."""
        claims = self.evidence.claims
        lengths = {i for c in self.corridors for i in c.length_claims}
        rows = self.claims if not lengths else pd.concat(
            [self.claims, claims.loc[claims["id"].isin(lengths) & ~claims.index.isin(self.claims.index)]])
        return tuple(zip(rows.index.tolist(), self.evidence.claims_of(rows)))

    @cached_property
    def claims_by_event(self) -> Mapping[str, tuple[Claim, ...]]:
        """The claims about each event shown, by event id, in file order."""
        out: dict[str, list[Claim]] = {}
        for _, claim in self._claimed[:len(self.claims)]:
            out.setdefault(claim.event_id, []).append(claim)
        return {event_id: tuple(claims) for event_id, claims in out.items()}

    @cached_property
    def corridor_lengths(self) -> Mapping[str, tuple[Claim, ...]]:
        """The lengths claimed of each corridor in use, by corridor id, in file order: converted with the claims
        about the events shown while those are few (one conversion), alone when many (a map of counts by place
        needs no claim of an event)."""
        lengths = {i for c in self.corridors for i in c.length_claims}
        if len(self.events) > FEW_EVENTS and "_claimed" not in self.__dict__:
            rows = self.evidence.claims.loc[self.evidence.claims["id"].isin(lengths)]
            claimed = self.evidence.claims_of(rows)
            return {c.id: tuple(claim for claim in claimed if claim.id in c.length_claims) for c in self.corridors}
        found = sorted(((row, claim) for row, claim in self._claimed if claim.id in lengths), key=lambda pair: pair[0])
        return {c.id: tuple(claim for _, claim in found if claim.id in c.length_claims) for c in self.corridors}

    @cached_property
    def shown(self) -> Mapping[str, ShownEvent]:
        """Every event shown, by id, in time order, with its place, claims, holdings, outlets and citations.

        Worked out on first use (the map reads it up to :data:`geo.map.layers.MARKER_LIMIT` events; above that it
        draws counts by place, and exports read the columns of :attr:`events`)."""
        return self._shown(self.events, self.claims_by_event)

    @cached_property
    def selected(self) -> ShownEvent | None:
        """The view's selected event, as shown (also when the window or filters leave it out); None without one.
        Worked out alone when the events shown are not (a map of counts by place)."""
        event_id = self.view.event
        if event_id is None:
            return None
        if "shown" in self.__dict__ and event_id in self.shown:
            return self.shown[event_id]
        rows = self.events.loc[self.events["id"] == event_id]
        if rows.empty:
            rows = self.evidence.events.loc[self.evidence.events["id"] == event_id]
        if rows.empty:
            raise KeyError(f"selection: no event has the id {event_id!r}")
        claims = self.claims_by_event if "claims_by_event" in self.__dict__ else {
            event_id: tuple(self.evidence.claims_of(self.evidence.claims.loc[self.evidence.claims["event_id"] == event_id]))}
        return self._shown(rows, claims)[event_id]

    def drawn(self, limit: int, highlight: bool = True) -> Drawn:
        """What a map of this selection draws (:class:`Drawn`): up to ``limit`` events shown, each its own glyph;
        above it only the view's selected event (the rest are counted by place from :attr:`events`). ``highlight``
        False: the map draws no selected event (the dashboard adds it as a layer of its own)."""
        lengths = self.corridor_lengths
        many = len(self.events) > limit
        chosen = self.selected if highlight else None
        events = [] if many else list(self.shown.values())
        if chosen is not None and (many or chosen.event.id not in self.shown):
            events.append(chosen)
        return Drawn(tuple(events), chosen, lengths)

    def choosing(self, event_id: str | None) -> Selection:
        """The same selection with another event selected (nothing looked up again)."""
        chosen = replace(self, view=replace(self.view, event=event_id))
        chosen.__dict__.update((k, v) for k, v in self.__dict__.items() if k not in _FIELDS and k != "selected")
        return chosen

    def _shown(self, rows: pd.DataFrame, claims: Mapping[str, tuple[Claim, ...]]) -> dict[str, ShownEvent]:
        """The rows as :class:`ShownEvent` objects: one conversion of the rows, one look-up of each place's holdings,
        each source list's outlets and each source's citation."""
        evidence, (start, end) = self.evidence, self.window
        events = evidence.events_of(rows)
        places = set(rows["place_id"])
        spans: dict[str, list[Holding]] = {}
        for holding in evidence.holdings:
            if holding.place_id in places:
                spans.setdefault(holding.place_id, []).append(holding)
        holdings = {p: held(found, p, start, end) for p, found in spans.items()}
        lists = list(dict.fromkeys(event.sources for event in events))  # each event's source list, once
        source_ids = sorted({s for found in lists for s in found}
                            | {c.source_id for found in holdings.values() for c in found}
                            | {c.source_id for found in claims.values() for c in found})
        cited = dict(zip(source_ids, evidence.cite(source_ids)))
        outlets = {found: evidence.outlets(found) for found in lists}
        uploads = rows[UPLOAD].tolist() if UPLOAD in rows else [None] * len(rows)
        out = {}
        for event, name, lat, lon, radius, upload in zip(
                events, rows["place_name"].tolist(), rows["lat"].tolist(), rows["lon"].tolist(),
                rows["precision_m"].tolist(), uploads):
            out[event.id] = ShownEvent(
                event, name, float(lat), float(lon), int(radius), claims.get(event.id, ()),
                tuple((c, cited[c.source_id]) for c in holdings.get(event.place_id, ())), outlets[event.sources],
                tuple(cited[s] for s in event.sources), tuple(cited[c.source_id] for c in claims.get(event.id, ())),
                upload if isinstance(upload, str) and upload else None)
        return out


_FIELDS = {f.name for f in fields(Selection)}
