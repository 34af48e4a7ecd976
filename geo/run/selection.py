"""What one run shows: a view worked out once against the evidence, then handed to every consumer.

:meth:`Selection.of` works everything out in one pass: it asks the view for its window, the events and claims it
shows and its title, and the evidence once (:meth:`geo.data.evidence.Evidence.records`) for those rows as records
with who held their places, their outlets and citations. The people moved it shows (:attr:`Selection.moved`: the ledger's rows
and each corridor's figures, :func:`geo.ledger.moved`) are worked out in the same pass, from the claims the view's
filters keep on every day. The map, the playback, the details, the tabs and the exports read the fields of the same
object; none of them asks the evidence again.

    selection = Selection.of(evidence, view)
    selection.events            # the rows shown (a DataFrame: place_name, lat, lon, precision_m joined)
    selection.shown["e014"]     # one event as the map's popup and the details panel say it
    selection.on_map            # the rows the map draws: those with a place where they happened
    selection.said              # the rows kept off the map: said about a place, no report saying where
    selection.said_about("east_aleppo")  # those of them about one place
    selection.holders["east_aleppo"]     # who held a place in the window, and at its end

An event whose ``event_notes.csv`` row says ``placed=subject`` (a statement no report places) is evidence, not a
point: it is in :attr:`Selection.events`, the tables, the day counts and the exports (at its subject, precision 3),
never on the map (:attr:`Selection.on_map`; no glyph, no count by its place, no part of the map's fit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cached_property

import pandas as pd

from geo.claims import Claim
from geo.corridors import Corridor
from geo.data.evidence import Evidence, Records
from geo.data.merge import UPLOAD
from geo.events import Event
from geo.holdings import Holders, Holding
from geo.ledger import Moved, moved
from geo.movements import MOVED_QUANTITIES
from geo.places.gazetteer import Place
from geo.run.view import View

FEW_EVENTS = 300
"""Up to this many events shown, each is worked out as a :class:`ShownEvent`; above it only the selected one (a map
of more counts them by place, :data:`geo.map.layers.MARKER_LIMIT`, and exports read the columns of
:attr:`Selection.events`)."""


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


@dataclass(frozen=True, eq=False)
class Selection:
    """A view worked out once: its window, the events shown (rows of ``evidence.events``, in time order), the
    claims about them (rows of ``evidence.claims``, in file order), its title (its window and filters,
    :meth:`geo.run.view.View.describe`), the corridors in use in the window with the lengths claimed of each (by
    corridor id), each event shown as a :class:`ShownEvent` by id (up to :data:`FEW_EVENTS`), the selected one
    (None without one; also when the window or filters leave it out), the citation of every source these name
    (the corridors' too), by source id, every place of the case, by id, in gazetteer order (the map names
    them, its inset reads which holds which), and the people moved (:class:`geo.ledger.Moved`): the ledger's rows
    of the window's days and what set out along each corridor, of the claims of people moved whose events the
    view's filters keep on any day (a running total counts from the first of them; the evidence is already as known
    on the view's day). Then what the map draws, worked out in the same pass: the events on the map (``on_map``: all
    shown but those said about a place, no report saying where, ``placed=subject`` in ``event_notes.csv``), those kept
    off it (``said``), the events of ``shown`` on the map, and the selected one where the map draws it (None for one
    kept off the map). Last, the window as its title writes it (``written_window``,
    :meth:`geo.run.view.View.written_window`: the view's own ends, the whole local days of the data where it has none)
    and who held each place some report gives a holder for in it (``holders``, by place id: its spans in the window
    and the holder at its end, :func:`geo.holdings.holders`; a span ending with the last day is held to the window's
    end)."""

    evidence: Evidence
    view: View
    window: tuple[datetime, datetime]
    events: pd.DataFrame
    claims: pd.DataFrame
    title: str
    corridors: tuple[Corridor, ...]
    corridor_lengths: Mapping[str, tuple[Claim, ...]]
    shown: Mapping[str, ShownEvent]
    selected: ShownEvent | None
    citations: Mapping[str, str]
    places: Mapping[str, Place]
    moved: Moved
    on_map: pd.DataFrame
    said: pd.DataFrame
    shown_on_map: Mapping[str, ShownEvent]
    selected_on_map: ShownEvent | None
    written_window: tuple[datetime, datetime]
    holders: Mapping[str, Holders]

    @classmethod
    def of(cls, evidence: Evidence, view: View, *, let_go: bool = False) -> Selection:
        """The selection of ``view`` in ``evidence`` (already cut to the view's ``as_of`` day, where it has one), in
        one pass. ``let_go``: a selected event the window or filters leave out is let go (the dashboard's rule,
        :func:`geo.app.messages.kept_selection`); else it is worked out on its own. Raises KeyError for an event id
        no event of the evidence has."""
        window, (events, claims, moving) = view.window(evidence), view.shown(evidence)
        moving = moving.loc[moving["quantity"].isin(MOVED_QUANTITIES) & moving["id"].isin(set(evidence.movements))]
        written = view.written_window(evidence, window)
        title = view.describe(evidence, window)
        corridors = tuple(c for c in evidence.corridors if c.active_during(*window))
        event_id, few = view.event, len(events) <= FEW_EVENTS
        if let_go and event_id is not None and not (events["id"] == event_id).any():
            view, event_id = replace(view, event=None), None
        rows, claimed = (events, claims) if few else (events.iloc[:0], claims.iloc[:0])
        if event_id is not None and not (rows["id"] == event_id).any():  # the selected event, worked out on its own
            alone = evidence.events.loc[evidence.events["id"] == event_id]
            if alone.empty:
                raise KeyError(f"selection: no event has the id {event_id!r}")
            rows = pd.concat([rows, alone])
            claimed = _with(claimed, evidence.claims, evidence.claims["event_id"] == event_id)
        lengths = {i for c in corridors for i in c.length_claims}
        claimed = _with(claimed, evidence.claims, evidence.claims["id"].isin(lengths)
                        | evidence.claims.index.isin(moving.index))
        found = evidence.records(rows, claimed, window, cited=[s for c in corridors for s in c.sources], written=written)
        in_order = [claim for _, claim in sorted(zip(claimed.index.tolist(), found.claims), key=lambda pair: pair[0])]
        every = _shown(rows, found, in_order)
        moving_ids = set(moving["id"])
        off = events["id"].isin(evidence.said_about)
        shown = {i: every[i] for i in events["id"].tolist()} if few else {}
        selected = every[event_id] if event_id is not None else None
        return cls(evidence, view, window, events, claims, title, corridors,
                   corridor_lengths={c.id: tuple(claim for claim in in_order if claim.id in c.length_claims)
                                     for c in corridors},
                   shown=shown, selected=selected, citations=found.citations,
                   places={place.id: place for place in evidence.gazetteer},
                   moved=moved(evidence, [claim for claim in in_order if claim.id in moving_ids], window),
                   on_map=events.loc[~off] if off.any() else events, said=events.loc[off],
                   shown_on_map={i: e for i, e in shown.items() if i not in evidence.said_about},
                   selected_on_map=None if selected is None or selected.event.id in evidence.said_about else selected,
                   written_window=written, holders=found.holders)

    def said_about(self, place_id: str) -> pd.DataFrame:
        """The events of :attr:`said` about the place ``place_id`` (none for a place no such event is about)."""
        return self.said.loc[self.said["place_id"] == place_id]

    @cached_property
    def claims_by_event(self) -> Mapping[str, tuple[Claim, ...]]:
        """The claims about each event shown that has any, by event id, in file order: those of :attr:`shown`,
        or (above :data:`FEW_EVENTS` events, an export of many) converted on first use."""
        if len(self.shown) == len(self.events):
            return {event_id: shown.claims for event_id, shown in self.shown.items() if shown.claims}
        return _by_event(self.evidence.claims_of(self.claims))

    @cached_property
    def all_days(self) -> pd.DataFrame:
        """The events the view's filters keep on every day, its window aside (the day strip and the charts show
        every day, the window's standing out): a second look-up only where the view has filters."""
        if self.view.start is None and self.view.end is None:
            return self.events
        if not (self.view.types or self.view.sources or self.view.places):
            return self.evidence.events
        return View(types=self.view.types, sources=self.view.sources, places=self.view.places).apply(self.evidence)


def _with(claimed: pd.DataFrame, claims: pd.DataFrame, more: pd.Series) -> pd.DataFrame:
    """The rows ``claimed`` of the claims table, then those of ``claims`` that ``more`` picks and they lack."""
    return pd.concat([claimed, claims.loc[more & ~claims.index.isin(claimed.index)]])


def _by_event(claims: Iterable[Claim]) -> dict[str, tuple[Claim, ...]]:
    """The claims by the id of the event they are about, each event's in the order given."""
    out: dict[str, list[Claim]] = {}
    for claim in claims:
        out.setdefault(claim.event_id, []).append(claim)
    return {event_id: tuple(about) for event_id, about in out.items()}


def _shown(rows: pd.DataFrame, found: Records, claims: list[Claim]) -> dict[str, ShownEvent]:
    """The event rows as :class:`ShownEvent` objects, by id, from their ``found`` records and the ``claims`` (in
    file order) converted with them."""
    by_event = _by_event(claims)
    cited = found.citations
    uploads = rows[UPLOAD].tolist() if UPLOAD in rows else [None] * len(rows)
    out = {}
    for event, name, lat, lon, radius, upload in zip(
            found.events, rows["place_name"].tolist(), rows["lat"].tolist(), rows["lon"].tolist(),
            rows["precision_m"].tolist(), uploads):
        about = by_event.get(event.id, ())
        out[event.id] = ShownEvent(
            event, name, float(lat), float(lon), int(radius), about,
            tuple((c, cited[c.source_id]) for c in found.held.get(event.place_id, ())), found.outlets[event.sources],
            tuple(cited[s] for s in event.sources), tuple(cited[c.source_id] for c in about),
            upload if isinstance(upload, str) and upload else None)
    return out
