"""What a claim of people moved counts: one convoy or group, one day, or a running total; leaving a place,
arriving at one, or moving along a corridor.

A figure such as "over 4,000 so far" and one such as "nearly 1,000 aboard the convoy" are both claims of
people evacuated (``claims.csv``); only with what each counts can they be set side by side without adding a
running total to a convoy. ``movements.csv`` says it, one row per claim; :mod:`geo.ledger` reads them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

# what a figure counts: one convoy or group of people, everyone moved on one local day, or everyone moved
# from a given start ("since", where the report says it) up to the claim's time
SCOPES = ("group", "day", "total")
# which way: people who left a place, who arrived at a place, or who moved along a corridor (a report
# that counts those "brought out through the corridor" names neither end)
DIRECTIONS = ("left", "arrived", "along")
# the quantities of claims.csv that count people moved; each needs its row in movements.csv
MOVED_QUANTITIES = ("people_evacuated", "people_arrived", "people_fled")


@dataclass(frozen=True)
class Movement:
    """What one claim of people moved counts (``claim_id``): its ``scope``, its ``direction``, the place
    they left or reached (``place_id``; None for ``along``), the corridor they took where it is known,
    and for a running total the moment it counts from (``since``; None where the report leaves it open) and the
    local day it counts up to where its report gives one after its event's (``counted_to``: "750 so far", told on
    Wednesday of Monday's convoys). ``note`` says what the report leaves open, in a reader's words."""

    claim_id: str
    scope: str
    direction: str
    place_id: str | None = None
    corridor_id: str | None = None
    since: datetime | None = None
    note: str = ""
    counted_to: date | None = None

    def __post_init__(self) -> None:
        if self.scope not in SCOPES:
            raise ValueError(f"movement of claim {self.claim_id!r}: scope must be one of {', '.join(SCOPES)}, "
                             f"instead got {self.scope!r}")
        if self.direction not in DIRECTIONS:
            raise ValueError(f"movement of claim {self.claim_id!r}: direction must be one of {', '.join(DIRECTIONS)}, "
                             f"instead got {self.direction!r}")
        if self.direction == "along" and self.corridor_id is None:
            raise ValueError(f"movement of claim {self.claim_id!r}: people moved along a corridor need its corridor_id")
        if self.direction != "along" and self.place_id is None:
            raise ValueError(f"movement of claim {self.claim_id!r}: people who {self.direction} need the place's place_id")
        if self.since is not None:
            if self.since.tzinfo is None or self.since.utcoffset() is None:  # as geo.times.aware, which needs pandas
                raise ValueError(f"movement of claim {self.claim_id!r} since: expected a timezone-aware time, "
                                 f"instead got {self.since!r}")
            if self.scope != "total":
                raise ValueError(f"movement of claim {self.claim_id!r}: since belongs to a running total, "
                                 f"instead the scope is {self.scope!r}")

        if self.counted_to is not None and self.scope != "total":
            raise ValueError(f"movement of claim {self.claim_id!r}: counted_to belongs to a running total, "
                             f"instead the scope is {self.scope!r}")

    @property
    def counts(self) -> str:
        """What the figure counts, for a reader: "people who left, one convoy"."""
        who = {"left": "people who left", "arrived": "people who arrived", "along": "people moved along the corridor"}
        scope = {"group": "one convoy or group", "day": "one day's", "total": "running total"}
        return f"{who[self.direction]}, {scope[self.scope]}"
