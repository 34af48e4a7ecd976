"""The ledger of people moved: for each corridor and local day, what each claimant said left, arrived or moved
along it, each claimant's running total, and the gap between what left and what arrived.

Owns reading the claims of people moved with what each counts (:mod:`~geo.ledger.entries`: ``claims.csv``
joined to ``movements.csv`` and the events they were told with), and the ledger built from them
(:mod:`~geo.ledger.book`). Figures are never added across claimants nor averaged: each claimant's stays its
own, a range stays a range, and a running total that falls below an earlier one of the same claimant is
flagged, not dropped. May import the shared domain and :mod:`geo.data` (the loaded evidence); never the map,
exports or the dashboard.
"""

from geo.ledger.book import Flow, Moved, flows, flows_by_day, gaps, ledger, moved
from geo.ledger.entries import Entry, entries, undescribed

__all__ = ["Entry", "Flow", "Moved", "entries", "flows", "flows_by_day", "gaps", "ledger", "moved", "undescribed"]
