"""Expected values for dashboard tests, read straight from a data folder's CSV rows by data/README.md's rules.

Nothing here uses geo: the counts a test expects come from the files, not from the code under test.
An event's span runs from ``start`` to ``end`` (an instant at ``start`` when ``end`` is empty); a window
``[start, end)`` keeps an event when its span overlaps the window; a corridor is in use in a window when it
was in use (from ``active_from`` until ``active_until``, that moment excluded) at some moment of it that no
pause of ``corridor_pauses.csv`` (from ``from`` until ``until``, excluded) covers. List cells are split on ``|``.
"""

from __future__ import annotations

import csv
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from tests.conftest import SHIPPED

ALEPPO_OFFSET = timedelta(hours=2)  # Aleppo was on UTC+2 in December 2016 (data/README.md)


def rows(name: str, folder: Path = SHIPPED) -> list[dict[str, str]]:
    with (folder / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def moment(text: str) -> datetime:
    return datetime.fromisoformat(text)


def local_day(day: date) -> tuple[datetime, datetime]:
    """The window of one Aleppo day, as UTC moments."""
    start = datetime(day.year, day.month, day.day, tzinfo=UTC) - ALEPPO_OFFSET
    return start, start + timedelta(days=1)


def local_hour(year: int, month: int, day: int, hour: int = 0) -> datetime:
    """An Aleppo wall-clock hour as a UTC moment."""
    return datetime(year, month, day, hour, tzinfo=UTC) - ALEPPO_OFFSET


def _overlaps(row: dict[str, str], window: tuple[datetime, datetime] | None) -> bool:
    if window is None:
        return True
    start = moment(row["start"])
    if row["end"]:
        return start < window[1] and moment(row["end"]) > window[0]
    return window[0] <= start < window[1]


def events(window: tuple[datetime, datetime] | None = None, *, types: tuple[str, ...] = (),
           sources: tuple[str, ...] = (), places: tuple[str, ...] = (), folder: Path = SHIPPED) -> list[str]:
    """The ids of the events a window and filters keep, in time order (start, then id)."""
    kept = [r for r in rows("events.csv", folder) if _overlaps(r, window)
            and (not types or r["type"] in types) and (not places or r["place_id"] in places)
            and (not sources or set(r["sources"].split("|")) & set(sources))]
    return [r["id"] for r in sorted(kept, key=lambda r: (moment(r["start"]), r["id"]))]


def said(folder: Path = SHIPPED) -> set[str]:
    """The ids of the events said about a place: ``placed`` is ``subject`` in event_notes.csv (kept off the map)."""
    if not (folder / "event_notes.csv").is_file():
        return set()
    return {r["event_id"] for r in rows("event_notes.csv", folder) if r["placed"] == "subject"}


def on_map(window: tuple[datetime, datetime] | None = None, *, folder: Path = SHIPPED, **filters) -> list[str]:
    """The ids of :func:`events` that the map draws: all but those :func:`said` about a place, in time order."""
    off = said(folder)
    return [i for i in events(window, folder=folder, **filters) if i not in off]


def claims_about(event_ids: list[str], folder: Path = SHIPPED) -> list[dict[str, str]]:
    """The claims.csv rows about these events."""
    wanted = set(event_ids)
    return [r for r in rows("claims.csv", folder) if r["event_id"] in wanted]


def corridors_in_use(window: tuple[datetime, datetime] | None = None, folder: Path = SHIPPED) -> list[str]:
    """The ids of the corridors in use at some moment of the window (every corridor without one)."""
    pauses = rows("corridor_pauses.csv", folder) if (folder / "corridor_pauses.csv").is_file() else []

    def paused_throughout(corridor: str) -> bool:
        return any(p["corridor_id"] == corridor and moment(p["from"]) <= window[0] and window[1] <= moment(p["until"])
                   for p in pauses)

    def in_use(r: dict[str, str]) -> bool:
        first, last = moment(r["active_from"]), moment(r["active_until"])
        return first < window[1] and (last > window[0] or first == last >= window[0])

    return [r["id"] for r in rows("corridors.csv", folder)
            if window is None or (in_use(r) and not paused_throughout(r["id"]))]


def held_at_end(window: tuple[datetime, datetime], folder: Path = SHIPPED) -> dict[str, str | None]:
    """Each place a holdings.csv row gives a holder for at some moment of the window [start, end), and the side of
    the row still running at its end (``until`` empty or not before it; the latest ``from`` among several), None
    where no row runs to the end."""
    start, end = window
    met = [r for r in rows("holdings.csv", folder)
           if (not r["from"] or moment(r["from"]) < end) and (not r["until"] or moment(r["until"]) > start)]
    out: dict[str, str | None] = {}
    for r in met:
        out.setdefault(r["place_id"], None)
    for r in sorted(met, key=lambda r: moment(r["from"]) if r["from"] else datetime.min.replace(tzinfo=UTC)):
        if not r["until"] or moment(r["until"]) >= end:
            out[r["place_id"]] = r["side"]
    return out
