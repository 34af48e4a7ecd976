"""Published reports: who said what, and when it was published."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Source:
    """One published report, the anchor for its relative dates ("yesterday")."""

    id: str
    file: str
    outlet: str
    published: date
    language: str
    kind: str
    note: str = ""

    def cite(self) -> str:
        """A short citation: outlet and publication date."""
        return f"{self.outlet}, {self.published.isoformat()}"
