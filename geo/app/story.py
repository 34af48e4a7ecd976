"""Story mode: stepping through the events shown, in time order, with Previous and Next."""

from __future__ import annotations

import numpy as np
import pandas as pd


def position(shown: pd.DataFrame, event_id: str | None) -> int:
    """Where an event is among the events shown (time order), or -1."""
    if not event_id:
        return -1
    found = np.flatnonzero(shown["id"].to_numpy() == event_id)
    return int(found[0]) if len(found) else -1


def neighbours(shown: pd.DataFrame, current: str | None) -> tuple[str | None, str | None]:
    """The events Previous and Next select from ``current``; None where the button has nowhere to go.

    With no event of the list selected, Next starts at the first and Previous at the last.
    """
    ids: list[str] = shown["id"].tolist()
    count = len(ids)
    at = position(shown, current)
    if at < 0:
        return (ids[-1], ids[0]) if count else (None, None)
    return (ids[at - 1] if at > 0 else None), (ids[at + 1] if at < count - 1 else None)
