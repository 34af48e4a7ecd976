"""Claims: one number one source gave about an event, kept as given."""

from __future__ import annotations

import math
from dataclasses import dataclass

QUALIFIER_WORDS = {
    "exact": "",
    "about": "about ",
    "at_least": "at least ",
    "more_than": "more than ",
    "nearly": "nearly ",
    "up_to": "up to ",
    "range": "",
}


def _number(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,g}"


@dataclass(frozen=True)
class Claim:
    """A number as one source gave it; disagreeing claims are separate objects."""

    id: str
    event_id: str
    quantity: str
    qualifier: str
    unit: str
    claimed_by: str
    source_id: str
    value: float | None = None
    low: float | None = None
    high: float | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if self.qualifier == "range":
            if self.low is None or self.high is None or self.low > self.high:
                raise ValueError(f"claim {self.id!r}: a range needs low <= high, instead got {(self.low, self.high)!r}")
        elif self.value is None or not math.isfinite(self.value):
            raise ValueError(f"claim {self.id!r}: qualifier {self.qualifier!r} needs a value")

    @property
    def bounds(self) -> tuple[float, float]:
        """The lowest and highest number the claim allows: its range, or its one value twice."""
        if self.qualifier == "range":
            assert self.low is not None and self.high is not None  # __post_init__ refuses a range without both
            return self.low, self.high
        assert self.value is not None  # __post_init__ refuses any other qualifier without a value
        return self.value, self.value

    @property
    def amount(self) -> str:
        """The number as a reader would say it: "over 4,000", "200–250"."""
        if self.qualifier == "range":
            assert self.low is not None and self.high is not None  # __post_init__ refuses a range without both
            return f"{_number(self.low)}–{_number(self.high)}"
        assert self.value is not None  # __post_init__ refuses any other qualifier without a value
        return QUALIFIER_WORDS[self.qualifier] + _number(self.value)

    def describe(self) -> str:
        """One line for a popup or a table: "over 4,000 people (Russian Foreign Ministry)"."""
        quantity = self.quantity.replace("_", " ")
        return f"{quantity}: {self.amount} {self.unit} ({self.claimed_by})"
