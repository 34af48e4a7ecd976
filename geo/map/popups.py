"""What a map's popups and hover texts say: compact, with the claims summed up per quantity.

A popup fits in :data:`geo.map.glyphs.POPUP_WIDTH_PX` × :data:`geo.map.glyphs.POPUP_HEIGHT_PX` on a
desktop: what happened, where and when, the claims as one line per quantity
(:func:`claims_summary`), how well corroborated, the sources. The full list of claims is the
details panel's. Every data text passes :func:`geo.map.escape.safe`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo

from geo import times
from geo.claims import Claim
from geo.corridors import Corridor
from geo.data.evidence import Evidence
from geo.events import Event, EventType
from geo.holdings import Holding
from geo.map.escape import safe
from geo.places.gazetteer import Place
from geo.run.selection import ShownEvent

TOOLTIP_SEPARATOR = " · "


def _number(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,g}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'s' if count != 1 else ''}"


def claims_summary(claims: Iterable[Claim]) -> list[str]:
    """One line per quantity, in the order the quantities first appear: the range the claims span, how many
    claims and from how many claimants ("killed: 16–150 · 23 claims from 11 claimants"); a quantity all of
    whose claims give one amount says it as they do ("people evacuated: about 5,000 · 2 claims from 2 claimants"),
    and one number said in different words is that number ("more than 100" and "at least 100": "100")."""
    by_quantity: dict[str, list[Claim]] = {}
    for claim in claims:
        by_quantity.setdefault(claim.quantity, []).append(claim)
    lines = []
    for quantity, group in by_quantity.items():
        low = min(c.bounds[0] for c in group)
        high = max(c.bounds[1] for c in group)
        amounts = {c.amount for c in group}
        said = amounts.pop() if len(amounts) == 1 else _number(low) if low == high else f"{_number(low)}–{_number(high)}"
        claimants = len({c.claimed_by for c in group})
        lines.append(f"{quantity.replace('_', ' ')}: {said} · {_plural(len(group), 'claim')} "
                     f"from {_plural(claimants, 'claimant')}")
    return lines


TOLL_CLASS = "evacmap-toll"
"""The line of an attack's death toll under its place's name (:func:`layer_texts`)."""
TOLL_QUANTITY = "killed"
"""The quantity of a death toll, written beside an attack's glyph (:func:`toll`)."""


def toll(claims: Iterable[Claim]) -> str | None:
    """The death toll the claims give, as the range from the lowest to the highest claimant's figure ("16–150
    killed", or "39 killed" where they agree); None without a claim of :data:`TOLL_QUANTITY`."""
    killed = [c for c in claims if c.quantity == TOLL_QUANTITY]
    if not killed:
        return None
    low, high = min(c.bounds[0] for c in killed), max(c.bounds[1] for c in killed)
    return f"{_number(low) if low == high else f'{_number(low)}–{_number(high)}'} killed"


def event_tooltip(event: Event, place_name: str, kind: EventType, zone: tzinfo) -> str:
    """The hover text of an event: its id first, so a click can be traced back to it; times local to ``zone``."""
    return _tooltip(event, event.when(zone), place_name, kind)


def _tooltip(event: Event, when: str, place_name: str, kind: EventType) -> str:
    return TOOLTIP_SEPARATOR.join((event.id, when, place_name, kind.label))


def event_name(event: Event, place_name: str, kind: EventType, zone: tzinfo) -> str:
    """An event glyph's accessible name: type, place, date ("Attack on civilians at Rashidin, Sat 15 Apr 2017")."""
    return _name(kind, place_name, times.describe(event.start, zone, with_time=False))


def _name(kind: EventType, place_name: str, day: str) -> str:
    return f"{kind.label} at {place_name}, {day}"


def span_bound(moment: datetime, zone: tzinfo, end: bool) -> str:
    """Where a holding's span starts or (``end``) ends, as a reader reads it: a bound at local midnight as a whole
    day ("Thu 22 Dec 2016", or "the end of Thu 22 Dec 2016" for an end), any other moment with its time."""
    local = moment.astimezone(zone)
    if (local.hour, local.minute, local.second) != (0, 0, 0):
        return times.describe(moment, zone)
    day = times.describe(moment - timedelta(days=1) if end else moment, zone, with_time=False)
    return f"the end of {day}" if end else day


def held_line(spans: Iterable[tuple[Holding, str]], zone: tzinfo) -> str:
    """Who held a place in a window, each span with its source's citation ("" when no report says)."""
    lines = []
    for held, citation in spans:
        since = f" from {span_bound(held.start, zone, end=False)}" if held.start else ""
        until = f" until {span_bound(held.until, zone, end=True)}" if held.until else ""
        lines.append(f"{held.label}{since}{until} ({citation})")
    return "Held by: " + "; then ".join(lines) if lines else ""


def held_text(evidence: Evidence, place_id: str, window: tuple[datetime, datetime]) -> str:
    """Who held the place during the window, each span with its source ("" when no report says)."""
    spans = evidence.held(place_id, *window)
    return held_line(zip(spans, evidence.cite([c.source_id for c in spans])), evidence.case.timezone)


def outlets_text(outlets: int) -> str:
    """How well corroborated an event is, as its popup says it."""
    if outlets == 1:
        return "Single source: reported by one outlet only"
    return f"Reported by {outlets} independent outlets"


@dataclass(frozen=True)
class EventText:
    """What the map's popup and the details panel both say of an event, as plain text (each writes it its own way:
    HTML escaped, or Markdown quoted); ``claims`` is one line per quantity (:func:`claims_summary`)."""

    kind: str
    place: str
    when: str
    summary: str
    claims: tuple[str, ...]
    held: str
    approximate: str
    who: str
    outlets: str
    sources: str
    origin: str


def event_text(shown: ShownEvent, kind: EventType, zone: tzinfo) -> EventText:
    """The one text of an event shown, for its popup and the details panel."""
    return _event_text(shown, kind, shown.event.when(zone), held_line(shown.held, zone), claims_summary(shown.claims))


def _event_text(shown: ShownEvent, kind: EventType, when: str, held: str, claims: Sequence[str]) -> EventText:
    """:func:`event_text` from its parts already written: its time, who held its place and its claims summed."""
    event = shown.event
    return EventText(
        kind=kind.label, place=shown.place_name, when=when, summary=event.summary, claims=tuple(claims), held=held,
        approximate=f"Place within about {shown.precision_m:,} m of the point" if event.geo_precision > 1 else "",
        who=", ".join(event.actors), outlets=outlets_text(shown.outlets), sources="; ".join(shown.citations),
        origin=f"Event {event.id}" + (f", from upload {shown.upload} (this session only)" if shown.upload else ""))


def event_popup(text: EventText) -> str:
    """An event's compact popup (HTML, data text escaped)."""
    parts = [
        f"<b>{safe(text.kind)}</b> at <b>{safe(text.place)}</b>",
        f"<div>{safe(text.when)}</div>",
        f"<p style='margin:4px 0'>{safe(text.summary)}</p>",
    ]
    if text.claims:
        parts.append("<div>" + "<br>".join(safe(line) for line in text.claims) + "</div>")
    if text.held:
        parts.append(f"<div>{safe(text.held)}</div>")
    if text.approximate:
        parts.append(f"<div><i>{safe(text.approximate)}</i></div>")
    if text.who:
        parts.append(f"<div>Who: {safe(text.who)}</div>")
    parts.append(f"<div>{safe(text.outlets)}</div>")
    parts.append(f"<div>Sources: {safe(text.sources)}</div>")
    parts.append(f"<div style='color:#777'>{safe(text.origin)}</div>")
    return "".join(parts)


@dataclass(frozen=True)
class GlyphText:
    """What an event's glyph says, escaped HTML: its accessible name (:func:`event_name`), its tooltip
    (:func:`event_tooltip`) and its popup (:func:`event_popup`; "" where the glyph has none)."""

    name: str
    tooltip: str
    popup: str


@dataclass(frozen=True)
class CorridorText:
    """What a corridor's route says, escaped HTML: its tooltip (its name, computed and claimed lengths) and its
    popup (also when it was in use, each claimed length with its source, its description and sources)."""

    tooltip: str
    popup: str


def glyph_texts(events: Iterable[ShownEvent], event_types: Mapping[str, EventType], zone: tzinfo,
                popups: bool = True) -> list[GlyphText]:
    """Each event's :class:`GlyphText`, in order, times local to ``zone``; ``popups`` False: none (the playback's
    glyphs)."""
    return _written(list(events), event_types, zone, popups=popups).glyphs


@dataclass(frozen=True)
class LayerTexts:
    """Every text of a map's layers (:func:`layer_texts`), escaped HTML: each corridor's, each event glyph's, and
    each named place's name by place id."""

    corridors: list[CorridorText]
    glyphs: list[GlyphText]
    places: dict[str, str]


def layer_texts(evidence: Evidence, corridors: Sequence[Corridor], lengths: Mapping[str, Sequence[Claim]],
                events: Sequence[ShownEvent], places: Sequence[Place], citations: Mapping[str, str], *,
                grave: frozenset[str] = frozenset()) -> LayerTexts:
    """Every text of a map's layers at once: each corridor's :class:`CorridorText` (its claimed ``lengths`` by
    corridor id, its sources and theirs cited from ``citations`` by source id,
    :attr:`geo.run.selection.Selection.citations`), each event glyph's :class:`GlyphText` and the names of the
    ``places`` written on the map, the name of the place of an event of a ``grave`` type with its death toll under
    it (:func:`toll`, one line of each such event there, in the order given), small, in the name's box, so that it is
    laid out with it (``js/labels.js``)."""
    return _written(events, evidence.event_types, evidence.case.timezone, corridors, lengths, citations, places,
                    grave=grave)


def _written(events: Sequence[ShownEvent], event_types: Mapping[str, EventType], zone: tzinfo,
             corridors: Sequence[Corridor] = (), lengths: Mapping[str, Sequence[Claim]] | None = None,
             cited: Mapping[str, str] | None = None, places: Sequence[Place] = (),
             popups: bool = True, grave: frozenset[str] = frozenset()) -> LayerTexts:
    """The texts of corridors, events and place names, one pass per kind of value: every time localised, every
    claim said, the corridors' lengths computed, their sources' ``cited`` citations by source id; then all of it
    escaped into HTML."""
    kinds = [event_types[shown.event.type] for shown in events]
    claimed = [tuple((lengths or {}).get(corridor.id, ())) for corridor in corridors]
    whens = [shown.event.when(zone) for shown in events]
    days = [times.describe(shown.event.start, zone, with_time=False) for shown in events]
    helds = [held_line(shown.held, zone) for shown in events] if popups else []
    spans = [in_use_text(c, zone) for c in corridors]
    summed = [claims_summary(shown.claims) for shown in events] if popups else []
    stated = ["; ".join(f"{c.amount} {c.unit} ({c.claimed_by})" for c in claims) or "no length given in the reports"
              for claims in claimed]
    described = [[c.describe() for c in claims] for claims in claimed]
    computed = [f"{corridor.length_km:.1f} km computed (straight lines between its points)" for corridor in corridors]
    cited = cited or {}
    tolls: dict[str, list[str]] = {}
    for shown in events:
        said = toll(shown.claims) if shown.event.type in grave else None
        if said is not None:
            tolls.setdefault(shown.event.place_id, []).append(said)
    corridor_texts = [
        CorridorText(safe(TOOLTIP_SEPARATOR.join((corridor.name, length, f"claimed: {said}"))),
                     _corridor_popup(corridor, span, length, list(zip(claims, lines)), cited))
        for corridor, span, length, said, claims, lines in zip(corridors, spans, computed, stated, claimed, described)]
    popup_texts = [event_popup(_event_text(shown, kind, when, held, claims)) for shown, kind, when, held, claims
                   in zip(events, kinds, whens, helds, summed)] if popups else [""] * len(events)
    return LayerTexts(corridor_texts, [
        GlyphText(safe(_name(kind, shown.place_name, day)), safe(_tooltip(shown.event, when, shown.place_name, kind)), popup)
        for shown, kind, when, day, popup in zip(events, kinds, whens, days, popup_texts)],
        {place.id: safe(place.name) + "".join(f'<span class="{TOLL_CLASS}">{safe(line)}</span>'
                                                for line in tolls.get(place.id, ()))
         for place in places})


def in_use_text(corridor: Corridor, zone: tzinfo) -> str:
    """When a corridor was in use, and when it was stopped (its pauses, with the events that tell them)."""
    text = f"in use {times.describe(corridor.active_from, zone)} – {times.describe(corridor.active_until, zone)}"
    stops = [f"{times.describe(p.start, zone)} – {times.describe(p.end, zone)} ({', '.join(p.events)})"
             for p in corridor.pauses]
    return text + (f"; stopped {'; '.join(stops)}" if stops else "")


def _corridor_popup(corridor: Corridor, span: str, computed: str, claims: Sequence[tuple[Claim, str]],
                    cited: Mapping[str, str]) -> str:
    """A corridor's popup HTML: its computed length beside the claimed ones (each said ``describe``d)."""
    items = "".join(f"<li>{safe(line)} &mdash; {safe(cited[c.source_id])}"
                    + (f"<br><small>{safe(c.note)}</small>" if c.note else "") + "</li>" for c, line in claims)
    return (f"<b>{safe(corridor.name)}</b><div>{safe(span)}</div><div>{safe(computed)}</div>"
            + (f"<div>Claimed lengths:</div><ul style='padding-left:16px;margin:4px 0'>{items}</ul>" if claims else
               "<div>No length is claimed in the reports.</div>")
            + f"<p style='margin:6px 0'>{safe(corridor.description)}</p>"
            + f"<div>Sources: {safe('; '.join(cited[s] for s in corridor.sources))}</div>")
