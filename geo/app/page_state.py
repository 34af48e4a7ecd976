"""The page's state as one typed value, and what each thing that happens to the page makes of it.

What the reader chose (the window, the filters, the selected event, the "as known on" day) and what the page
noticed (a link's unused parameters, a playback's window, the data shown) live in one :class:`PageState`. The
dashboard reads it from Streamlit's session state once a run and writes back what changed
(:mod:`panels.state`); here every rule is a plain function from a state to the next, tested without Streamlit:

>>> state = PageState(selected="e014")
>>> let_go(state, ["e001"], linked=False).selected is None
True
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, tzinfo

from geo.app import messages, window
from geo.app.window import Window
from geo.run.view import View

ShownData = tuple[object, Window]
"""(what the evidence shown is made of: the data folder's signature and an upload's digest, its slider bounds)."""


@dataclass(frozen=True, slots=True)
class PageState:
    """One session's page, between runs.

    ``window`` is the window shown, [start, end) in the case's local time (None before the link is opened);
    ``notices`` are the link's parameters the page could not use, said while ``linked`` (the link's parameters as
    first settled) is still the view, and ``case_notices`` its ``?case=`` that could not be used, said from the run
    that opens the view; ``played`` is (the window a playback played, the whole step it stopped on);
    ``shown_data`` notices when an upload comes or goes.
    """

    started: bool = False
    window: Window | None = None
    types: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    selected: str | None = None
    as_of: date | None = None
    notices: tuple[str, ...] = ()
    case_notices: tuple[str, ...] = ()
    linked: Mapping[str, str] | None = None
    played: tuple[Window, Window] | None = None
    shown_data: ShownData | None = None

    def view(self, ends: Window) -> View:
        """The view this state shows within the slider's ``ends`` (:func:`geo.app.window.view_of`)."""
        shown = window.view_of(self.window or ends, ends, types=self.types, sources=self.sources, places=self.places,
                               event=self.selected)
        return replace(shown, as_of=self.as_of)


def opened(state: PageState, view: View, notices: Sequence[str], ends: Window, zone: tzinfo) -> PageState:
    """A session's first run, or a new "as known on" day: the view a link describes, each bad parameter noticed
    after the case's (a window that holds no data opens on the whole span, and says so)."""
    shown, notice = window.opening(view, ends, zone)
    return replace(state, started=True, window=shown, types=tuple(view.types), sources=tuple(view.sources),
                   places=tuple(view.places), selected=view.event, case_notices=(),
                   notices=(*state.case_notices, *notices, *([notice] if notice else ())))


def known_on(day: date | None, published: Sequence[date]) -> date | None:
    """The "as known on" day a link's ``?as_of=`` opens on: None (everything) without a day or a dated report, else
    the day kept within the reports' days (one before the first report or after the last is taken as that report's)."""
    if day is None or not published:
        return None
    return min(max(day, min(published)), max(published))


def restarted(state: PageState) -> PageState:
    """A new "as known on" day: the view is opened afresh from the link on the next run, its notices said again."""
    return replace(state, started=False, linked=None)


def followed(state: PageState, shown_data: object, ends: Window, shown_ids: Collection[str]) -> PageState:
    """The data shown is now ``shown_data`` with slider ``ends``: when it changed (an upload added or removed), the
    window follows the new span (:func:`geo.app.window.follow`) and a selected event that is gone is let go."""
    before = state.shown_data
    state = replace(state, shown_data=(shown_data, ends))
    if before is None or before[0] == shown_data or state.window is None:
        return state
    return replace(state, window=window.follow(state.window, before[1], ends),
                   selected=messages.kept_selection(state.selected, shown_ids))


def let_go(state: PageState, shown_ids: Collection[str], linked: bool) -> PageState:
    """A selected event not among those shown is let go; when the link named it (``linked``), the page says why."""
    kept = messages.kept_selection(state.selected, shown_ids)
    if kept == state.selected:
        return state
    notice = messages.outside_notice(state.selected, linked=linked)
    return replace(state, selected=kept, notices=(*state.notices, *([notice] if notice else ())))


def settled(state: PageState, params: Mapping[str, str]) -> PageState:
    """The view settled on the link ``params``: the first settled link is remembered, and its notices stay only
    while the view is still that link's (:func:`geo.app.messages.notices_kept`)."""
    linked = dict(params) if state.linked is None else state.linked
    return replace(state, linked=linked, notices=tuple(messages.notices_kept(params, linked, state.notices)))


def after_message(state: PageState, message: messages.Message, ends: Window, zone: tzinfo,
                  shown_ids: Sequence[str], known_places: Collection[str] = ()) -> PageState:
    """What the map's message does: a stopped playback shows its whole step (and remembers the window it played),
    a picked event among those shown is selected, a picked place (one of ``known_places``) becomes the place
    filter."""
    if isinstance(message, messages.StoppedAt):
        step = window.whole_step((message.start, message.end), zone, ends)
        return replace(state, played=window.played(state.played, state.window or ends, step), window=step)
    return replace(state, selected=messages.selection_after(message, state.selected, shown_ids),
                   places=messages.places_after(message, state.places, known_places))


def picked_row(selected: str | None, seen: tuple[tuple[int, ...], Sequence[str]], rows: Sequence[int]) -> str | None:
    """The selected event once the event list's row selection is ``rows``; ``seen`` is (the rows the list was drawn
    with, the ids it listed). A new pick selects its row's event, a cleared pick none; no change keeps ``selected``."""
    seen_rows, seen_ids = seen
    rows = tuple(rows)
    if rows == tuple(seen_rows):
        return selected
    if not rows:
        return None
    return seen_ids[rows[0]] if rows[0] < len(seen_ids) else selected


def listed_rows(selected: str | None, ids: Sequence[str]) -> tuple[int, ...]:
    """The event list's selected row: the selected event's, where the list shows it."""
    ids = list(ids)
    return (ids.index(selected),) if selected in ids else ()
