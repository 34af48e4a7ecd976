"""HXL-tagged CSV: the ledger of people moved and the view's events, with the hashtags of the Humanitarian
Exchange Language (https://hxlstandard.org) under the header, as the Humanitarian Data Exchange reads them.

Each file has two header rows: the column names, then one HXL hashtag per column (``docs/hxl.md`` lists them,
and the tags HXL lacks). Text cells a spreadsheet would run as a formula get an apostrophe first, as in the
CSV and ACLED exports, unless ``raw``.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Sequence

import pandas as pd

from geo import times
from geo.data.cells import split_list
from geo.data.evidence import Evidence
from geo.export.acled import governorate
from geo.export.columns import inert_text
from geo.ledger import ledger
from geo.movements import MOVED_QUANTITIES
from geo.run.selection import Selection

LEDGER_TAGS = (
    ("date", "#date"),
    ("corridor_id", "#meta+corridor+code"),
    ("corridor", "#meta+corridor+name"),
    ("direction", "#meta+direction"),
    ("origin", "#loc+origin+name"),
    ("origin_admin1", "#adm1+origin+name"),
    ("destination", "#loc+dest+name"),
    ("destination_admin1", "#adm1+dest+name"),
    ("lat", "#geo+lat"),
    ("lon", "#geo+lon"),
    ("claimant", "#meta+claimant"),
    ("scope", "#meta+scope"),
    ("amount", "#affected+idps+text"),
    ("low", "#affected+idps+min"),
    ("high", "#affected+idps+max"),
    ("running_low", "#affected+idps+total+min"),
    ("running_high", "#affected+idps+total+max"),
    ("falls_below", "#meta+flag"),
    ("claim_id", "#meta+id"),
    ("source", "#meta+source"),
)
EVENT_TAGS = (
    ("event_id", "#event+id"),
    ("date_start", "#date+start"),
    ("date_end", "#date+end"),
    ("type", "#event+type"),
    ("location", "#loc+name"),
    ("admin1", "#adm1+name"),
    ("lat", "#geo+lat"),
    ("lon", "#geo+lon"),
    ("people_evacuated_low", "#affected+idps+min"),
    ("people_evacuated_high", "#affected+idps+max"),
    ("people_evacuated_claims", "#affected+idps+text"),
    ("summary", "#description"),
    ("source", "#meta+source"),
)


def _number(value: float | None) -> str:
    """A count or a coordinate as written in the data files: whole numbers without a point, never rounded."""
    if value is None or math.isnan(value):
        return ""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _table(tags: Sequence[tuple[str, str]], rows: Iterable[Sequence[object]], raw: bool) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([name for name, _ in tags])
    writer.writerow([tag for _, tag in tags])
    for row in rows:
        writer.writerow([cell if raw or not isinstance(cell, str) else inert_text(cell) for cell in row])
    return out.getvalue().encode("utf-8")


def _place(evidence: Evidence, place_id: str) -> tuple[str, str, str, str]:
    """(name, admin-1 name, lat, lon) of a place, or four empty cells."""
    if not place_id:
        return "", "", "", ""
    place = evidence.place(place_id)
    return place.name, governorate(evidence, place_id), _number(place.lat), _number(place.lon)


def ledger_hxl(evidence: Evidence, book: pd.DataFrame | None = None, raw: bool = False) -> bytes:
    """The ledger of people moved as HXL-tagged CSV, one row per claimant's figure: of ``book`` (rows of
    :func:`geo.ledger.ledger`: a selection's, :attr:`geo.run.selection.Selection.moved`), or of every claim of people
    moved the evidence holds."""
    rows = []
    for r in (ledger(evidence) if book is None else book).to_dict("records"):
        name, admin1, lat, lon = _place(evidence, r["place_id"])
        left = r["direction"] == "left"
        rows.append((r["day"].isoformat(), r["corridor_id"], r["corridor"], r["direction"],
                     name if left else "", admin1 if left else "", "" if left else name, "" if left else admin1, lat, lon,
                     r["claimant"], r["scope"], r["amount"], _number(r["low"]), _number(r["high"]),
                     _number(r["running_low"]), _number(r["running_high"]), r["falls_below"], r["claim_id"],
                     evidence.cite([r["source_id"]])[0]))
    return _table(LEDGER_TAGS, rows, raw)


def events_hxl(selection: Selection, raw: bool = False) -> bytes:
    """The view's events as HXL-tagged CSV, with the range of the people evacuated its claims give."""
    evidence, zone = selection.evidence, selection.evidence.case.timezone
    figures = {event_id: [c for c in about if c.quantity in MOVED_QUANTITIES]
               for event_id, about in selection.claims_by_event.items()}
    rows = []
    for e in selection.events.to_dict("records"):
        claims = figures.get(e["id"], [])
        lows, highs = [c.bounds[0] for c in claims], [c.bounds[1] for c in claims]
        end = e["end"] if not pd.isna(e["end"]) else e["start"]
        last = end - pd.Timedelta(microseconds=1) if end > e["start"] else end
        name, admin1, lat, lon = _place(evidence, e["place_id"])
        rows.append((e["id"], times.local_date(e["start"], zone).isoformat(), times.local_date(last, zone).isoformat(),
                     e["type"], name, admin1, lat, lon,
                     _number(min(lows)) if claims else "", _number(max(highs)) if claims else "",
                     "; ".join(c.describe() for c in claims), e["summary"], "; ".join(evidence.cite(split_list(e["sources"])))))
    return _table(EVENT_TAGS, rows, raw)
