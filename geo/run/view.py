"""A view: the time window, filters and selected event that the map, exports and links share.

A view round-trips through URL query parameters (``start``, ``end``, ``types``,
``sources``, ``places``, ``event``, ``as_of``) so a copied link opens the same view:

- ``start``/``end`` are ISO dates (a whole local day in the case's time zone:
  ``end=2016-12-15`` runs to the end of that day) or ISO date-times (with an offset, or
  read as the case's local time without one);
- ``types``, ``sources`` and ``places`` are comma-separated ids; empty means all;
- ``event`` is an event id;
- ``as_of`` is a local day (``2017-04-15``): the evidence as known at its end, cut by
  :meth:`View.known` before the window and filters apply (:mod:`geo.data.asof`); absent, everything.

Window rule: an event is in the window [start, end) when its span overlaps it; an
instant at ``start`` is in, one at ``end`` is out.

Times are read strictly (:data:`MOMENT`): ``2016-12-15`` followed by anything else is refused,
not read as 15 December. A link's value shown back in a notice is cut to :data:`EXCERPT_CHARS`
characters (:func:`excerpt`), so a link cannot make the page say whatever it likes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime, tzinfo
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np
import pandas as pd

from geo import times
from geo.data import asof
from geo.data.evidence import Evidence
from geo.errors import ViewError

PARAMS = ("start", "end", "types", "sources", "places", "event", "as_of")
_CLAIM_EVENT_ROWS: WeakKeyDictionary[Evidence, np.ndarray] = WeakKeyDictionary()
_ID_LIST = re.compile(r"[a-z0-9_]+(,[a-z0-9_]+)*")
MOMENT = re.compile(
    r"(?P<day>[0-9]{4}-[0-9]{2}-[0-9]{2})"
    r"(?:[T ][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,6})?)?(?:Z|[+-][0-9]{2}:?[0-9]{2})?)?"
)
"""What :func:`parse_moment` reads: a date, or a date and a time to the minute, second or microsecond, with an
optional offset (``Z``, ``+02:00``, ``+0200``); nothing else, not even trailing digits."""
EXCERPT_CHARS = 40


def excerpt(value: object) -> str:
    """A value shown back to its sender, quoted, cut to :data:`EXCERPT_CHARS` characters with "…" and its length.

    ``excerpt("x" * 100_000)`` is ``'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100,000 characters)``.
    """
    text = str(value)
    if len(text) <= EXCERPT_CHARS:
        return repr(text)
    quoted = repr(text[:EXCERPT_CHARS])
    return f"{quoted[:-1]}…{quoted[-1]} ({len(text):,} characters)"


class _Shown(str):
    """A value from a link or the command line: the text itself, but shown (its ``repr``, as a ViewError's
    message writes it) as an :func:`excerpt`."""

    def __repr__(self) -> str:
        return excerpt(self)


def parse_moment(text: str, parameter: str, end_of_day: bool = False, *, zone: tzinfo) -> datetime:
    """An ISO date or date-time as a UTC moment (dates are local days of ``zone``, the case's time zone)."""
    value = text.strip()
    written = MOMENT.fullmatch(value)
    try:
        if written is None:
            raise ValueError(value)
        if not times.FIRST_YEAR <= int(value[:4]) <= times.LAST_YEAR:  # the year as written
            raise ValueError(value)
        if written.group() == written["day"]:
            return times.local_day_span(date.fromisoformat(value), zone)[1 if end_of_day else 0]
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        return (moment.replace(tzinfo=zone) if moment.tzinfo is None else moment).astimezone(times.UTC)
    except (ValueError, OverflowError):  # OverflowError: a day at the very edge of the calendar
        raise ViewError(parameter, _Shown(text), "an ISO date (2016-12-15) or date-time (2016-12-15T14:00) "
                                                 f"in the years {times.RANGE}") from None


def _format_moment(moment: datetime, end_of_day: bool, zone: tzinfo) -> str:
    local = moment.astimezone(zone)
    if local.hour == local.minute == local.second == 0:
        day = local.date() if not end_of_day else (local - pd.Timedelta(days=1)).date()
        return day.isoformat()
    return local.strftime("%Y-%m-%dT%H:%M")


@dataclass(frozen=True)
class View:
    """What the user is looking at; ``None`` and empty tuples mean "no restriction"."""

    start: datetime | None = None
    end: datetime | None = None
    types: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    event: str | None = None
    as_of: date | None = None

    def __post_init__(self) -> None:
        for name in ("start", "end"):
            moment = getattr(self, name)
            if moment is not None:
                object.__setattr__(self, name, times.aware(moment, name))
        if self.start is not None and self.end is not None and self.end <= self.start:
            raise ViewError("end", self.end.isoformat(), f"a time after start {self.start.isoformat()}")

    def known(self, evidence: Evidence) -> Evidence:
        """The evidence as known at the end of the day :attr:`as_of` (all of it without one): apply it first."""
        return asof.as_of(evidence, self.as_of)

    def window(self, evidence: Evidence) -> tuple[datetime, datetime]:
        """The window as two UTC moments, the evidence's whole span filling any gap (asked only for a gap)."""
        if self.start is not None and self.end is not None:
            return self.start, self.end
        first, last = evidence.time_span()
        return (self.start or first.to_pydatetime(), self.end or (last + pd.Timedelta(seconds=1)).to_pydatetime())

    def check(self, evidence: Evidence) -> None:
        """Raise ViewError for ids the evidence does not hold."""
        known = {
            "types": set(evidence.event_types),
            "sources": set(evidence.sources),
            "places": {p.id for p in evidence.gazetteer},
        }
        for name, ids in known.items():
            unknown = [i for i in getattr(self, name) if i not in ids]
            if unknown:
                raise ViewError(name, _Shown(",".join(unknown)), f"ids from: {', '.join(sorted(ids))}")
        if self.event is not None and not (evidence.events["id"] == self.event).any():
            raise ViewError("event", self.event, "the id of an event in the data")

    def mask(self, events: pd.DataFrame) -> np.ndarray:
        """Boolean mask of the events this view shows (window and filters, not selection)."""
        return self._in_window(events) & self._filtered(events)

    def _in_window(self, events: pd.DataFrame) -> np.ndarray:
        keep = np.ones(len(events), dtype=bool)
        if self.end is not None:
            keep &= (events["start"] < pd.Timestamp(self.end)).to_numpy()
        if self.start is not None:
            wstart = pd.Timestamp(self.start)
            keep &= ((events["span_end"] > wstart) | (events["start"] >= wstart)).to_numpy()
        return keep

    def _filtered(self, events: pd.DataFrame) -> np.ndarray:
        keep = np.ones(len(events), dtype=bool)
        if self.types:
            keep &= events["type"].isin(self.types).to_numpy()
        if self.places:
            keep &= events["place_id"].isin(self.places).to_numpy()
        if self.sources:
            pattern = r"(?:^|\|)(?:" + "|".join(map(re.escape, self.sources)) + r")(?:\||$)"
            keep &= events["sources"].str.contains(pattern, regex=True).to_numpy()
        return keep

    def apply(self, evidence: Evidence) -> pd.DataFrame:
        """The events this view shows, in time order (keeping the row labels of ``evidence.events``)."""
        return _kept_events(evidence, self.mask(evidence.events))

    def claims(self, evidence: Evidence) -> pd.DataFrame:
        """The claims about the events this view shows, in file order."""
        return _kept_claims(evidence, self.mask(evidence.events))

    def shown(self, evidence: Evidence) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
        """:meth:`apply` and :meth:`claims` together, from one look at the events, and the claims about the events
        the filters keep on every day, the window aside (a running total of people moved counts from the first
        report), each in file order."""
        filtered = self._filtered(evidence.events)
        keep = filtered & self._in_window(evidence.events)
        return _kept_events(evidence, keep), _kept_claims(evidence, keep), _kept_claims(evidence, filtered)

    def corridors(self, evidence: Evidence) -> list:
        """The corridors in use at some moment of the window."""
        start, end = self.window(evidence)
        return [c for c in evidence.corridors if c.active_during(start, end)]

    def to_params(self, zone: tzinfo) -> dict[str, str]:
        """Query parameters for a link to this view (only what differs from the default); times local to ``zone``."""
        params: dict[str, str] = {}
        if self.start is not None:
            params["start"] = _format_moment(self.start, False, zone)
        if self.end is not None:
            params["end"] = _format_moment(self.end, True, zone)
        for name in ("types", "sources", "places"):
            if getattr(self, name):
                params[name] = ",".join(getattr(self, name))
        if self.event:
            params["event"] = self.event
        if self.as_of is not None:
            params["as_of"] = self.as_of.isoformat()
        return params

    def written_window(self, evidence: Evidence, window: tuple[datetime, datetime] | None = None) -> tuple[datetime, datetime]:
        """The window as it is written and named: the view's own ends, and the whole local days of the data
        where it has none (so the whole span reads "1–20 Dec 2016", not the first and last events' minutes).
        ``window``: :meth:`window`, where the caller has it already."""
        start, end = window or self.window(evidence)
        zone = evidence.case.timezone
        if self.start is None:
            start = times.local_day_start(times.local_date(start, zone), zone)
        if self.end is None:  # the local day of the data's last moment (the window's end is a second past it)
            last = evidence.time_span()[1] - pd.Timedelta(microseconds=1)
            end = times.local_day_span(times.local_date(last, zone), zone)[1]
        return start, end

    def describe(self, evidence: Evidence, window: tuple[datetime, datetime] | None = None) -> str:
        """A title for the view: its window (:func:`geo.times.window_text`: inclusive local days) and any filters.
        ``window``: :meth:`window`, where the caller has it already."""
        text = times.window_text(*self.written_window(evidence, window), evidence.case.timezone)
        filters = []
        if self.types:
            filters.append("types: " + ", ".join(evidence.event_types[t].label for t in self.types if t in evidence.event_types))
        if self.sources:
            filters.append("sources: " + ", ".join(evidence.sources[s].outlet for s in self.sources if s in evidence.sources))
        if self.places:
            filters.append("places: " + ", ".join(evidence.gazetteer[p].name for p in self.places if p in evidence.gazetteer))
        known = f" · as known on {self.as_of:%d %b %Y}" if self.as_of is not None else ""
        return text + (" · " + "; ".join(filters) if filters else "") + known


def _text(params: Mapping[str, object], name: str) -> str | None:
    """A parameter's value (the last, when repeated), or None when absent or blank."""
    raw = params.get(name)
    if isinstance(raw, list | tuple):
        raw = raw[-1] if raw else None
    return None if raw is None or str(raw).strip() == "" else str(raw).strip()


def as_of_param(params: Mapping[str, object]) -> tuple[date | None, str | None]:
    """The day ``?as_of=`` names, or None and a notice when it names none; (None, None) when it is absent.

    Read before the evidence is cut (:meth:`View.known`), so it needs no evidence.
    """
    raw = _text(params, "as_of")
    if raw is None:
        return None, None
    try:
        return asof.day(raw, "as_of"), None
    except ViewError as error:
        return None, f"{error}; showing everything known instead"


def from_params(params: Mapping[str, object], evidence: Evidence) -> tuple[View, list[str]]:
    """A view from query parameters; each bad parameter falls back to its default with a notice.

    ``evidence`` is the evidence the view is of: cut to ``as_of`` already, where the link names a day.
    """
    values: dict[str, Any] = {}  # View's fields by name, each of its own type
    notices: list[str] = []

    def text(name: str) -> str | None:
        return _text(params, name)

    values["as_of"], notice = as_of_param(params)
    notices += [notice] if notice else []

    for name, end_of_day in (("start", False), ("end", True)):
        raw = text(name)
        if raw is not None:
            try:
                values[name] = parse_moment(raw, name, end_of_day, zone=evidence.case.timezone)
            except ViewError as error:
                notices.append(f"{error}; showing the default instead")
    for name in ("types", "sources", "places"):
        raw = text(name)
        if raw is None:
            continue
        ids: dict[str, Any] = {name: tuple(raw.split(","))}
        candidate = replace(View(), **ids) if _ID_LIST.fullmatch(raw) else None
        try:
            if candidate is None:
                raise ViewError(name, _Shown(raw), "comma-separated ids")
            candidate.check(evidence)
            values[name] = getattr(candidate, name)
        except ViewError as error:
            notices.append(f"{error}; showing all instead")
    raw = text("event")
    if raw is not None:
        if (evidence.events["id"] == raw).any():
            values["event"] = raw
        else:
            notices.append(f"event: no event has the id {excerpt(raw)}; no event is selected")
    start, end = values.get("start"), values.get("end")
    if isinstance(start, datetime) and isinstance(end, datetime) and end <= start:  # said in local time, not UTC
        zone = evidence.case.timezone
        notices.append(f"end: expected a time after start {times.describe(start, zone)}, instead got "
                       f"{excerpt(text('end'))}; showing the whole time span instead")
        values.pop("start")
        values.pop("end")
    try:
        return View(**values), notices
    except ViewError as error:
        notices.append(f"{error}; showing the whole time span instead")
        values.pop("start", None)
        values.pop("end", None)
        return View(**values), notices


def _kept_events(evidence: Evidence, keep: np.ndarray) -> pd.DataFrame:
    """The events ``keep`` marks, in time order (all of them without a copy, where it marks every one)."""
    return evidence.events.copy(deep=False) if keep.all() else evidence.events.loc[keep]


def _kept_claims(evidence: Evidence, keep: np.ndarray) -> pd.DataFrame:
    """The claims about the events ``keep`` marks, in file order."""
    rows = _CLAIM_EVENT_ROWS.get(evidence)
    if rows is None:  # once per evidence: the row of each claim's event
        rows = _CLAIM_EVENT_ROWS[evidence] = pd.Index(evidence.events["id"]).get_indexer(evidence.claims["event_id"])
    return evidence.claims.loc[keep[rows]]
