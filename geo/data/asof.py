"""The evidence as it stood at the end of a local day: only what the reports published by then say.

``sources.csv`` gives each report's ``published`` date as a local day of the case, so "by the end
of day D" is ``published <= D``. :func:`as_of` cuts a loaded :class:`~geo.data.evidence.Evidence`
to that day, before any window or filter:

- **sources**: the reports published by then;
- **events**: those a report published by then describes, each citing only those reports
  (so its outlet count is the count as it stood); an event no such report describes is left out;
- **claims**: those a report published by then carries, about an event kept. History is kept:
  a claimant's earlier figures stay beside its latest, since what was said when is the evidence,
  and no claimant is dropped or averaged (each claimant's latest figure is the last step of
  :mod:`geo.export.claim_chart`'s chart, and :func:`~geo.export.claim_chart.standing` lists it);
- **corridors**: those a report published by then describes, citing only those reports and the
  length claims kept, and the pauses a kept event tells (the halt reported, the pause stands as
  written, as the corridor's own time in use does); **holdings**: the spans whose report was
  published by then.

A source id ``sources.csv`` lacks (an uploaded event's, :mod:`geo.data.merge`) has no publication
date: it is the user's own addition, and as-of leaves it, and the events citing it, as they are.

>>> day("2017-04-15")
datetime.date(2017, 4, 15)
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from weakref import WeakKeyDictionary

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from geo import times
from geo.data.cells import split_list
from geo.data.evidence import Evidence
from geo.data.schema import LIST_SEPARATOR
from geo.errors import ViewError

EXPECTED = (f"a calendar date YYYY-MM-DD in the years {times.RANGE} "
            "(the evidence as known at the end of that local day)")
MAX_CUTS = 4
"""The most days kept cut per evidence: a cut of a million events is a copy of them."""
_CUTS: WeakKeyDictionary[Evidence, dict[date, Evidence]] = WeakKeyDictionary()


def day(text: str, what: str = "as_of") -> date:
    """The local day ``text`` names, strictly ``YYYY-MM-DD``; raises ViewError naming ``what`` and the value."""
    value = text.strip()
    try:
        if re.fullmatch(r"\d{4}-\d\d-\d\d", value) and times.FIRST_YEAR <= int(value[:4]) <= times.LAST_YEAR:
            return date.fromisoformat(value)
    except ValueError:
        pass
    raise ViewError(what, text, EXPECTED)


def known_sources(evidence: Evidence, on: date) -> set[str]:
    """The ids of the reports published by the end of local day ``on``."""
    return {s.id for s in evidence.sources.values() if s.published <= on}


def as_of(evidence: Evidence, on: date | None) -> Evidence:
    """The evidence as it stood at the end of local day ``on`` (None: all of it); see the module's rules.

    Cut once per evidence and day (the dashboard asks on every rerun), for the last :data:`MAX_CUTS` days asked.
    """
    if on is None:
        return evidence
    cuts = _CUTS.setdefault(evidence, {})
    cut = cuts.pop(on, None) or _cut(evidence, on)
    cuts[on] = cut  # the latest asked last
    while len(cuts) > MAX_CUTS:
        del cuts[next(iter(cuts))]
    return cut


def _cut(evidence: Evidence, on: date) -> Evidence:
    known = known_sources(evidence, on)
    if len(known) == len(evidence.sources):
        return evidence
    passing = known | set(evidence.unregistered)
    events = _events(evidence.events, passing)
    claims = evidence.claims
    about_kept = pc.is_in(pa.array(claims["event_id"], type=pa.large_string()),
                          value_set=pa.array(events["id"], type=pa.large_string())).to_numpy(zero_copy_only=False)
    claims = claims.loc[claims["source_id"].isin(known).to_numpy() & about_kept].reset_index(drop=True)
    kept_claims = set(claims["id"])
    kept_events = set(events["id"])
    corridors = tuple(
        replace(c, sources=tuple(s for s in c.sources if s in known),
                length_claims=tuple(i for i in c.length_claims if i in kept_claims),
                pauses=tuple(p for p in c.pauses if kept_events.intersection(p.events)))
        for c in evidence.corridors if any(s in known for s in c.sources))
    return replace(evidence, sources={i: s for i, s in evidence.sources.items() if i in known}, events=events,
                   claims=claims, corridors=corridors, holdings=tuple(c for c in evidence.holdings if c.source_id in known))


def _events(events: pd.DataFrame, passing: set[str]) -> pd.DataFrame:
    """The events citing a report in ``passing``, each citing only those (one split per distinct cell)."""
    codes, cells = pd.factorize(events["sources"])
    cited = [LIST_SEPARATOR.join(s for s in split_list(cell) if s in passing) for cell in cells]
    keep = np.array([bool(c) for c in cited], dtype=bool)[codes]
    kept = events.loc[keep].reset_index(drop=True)
    kept["sources"] = pd.array(cited, dtype=events["sources"].dtype).take(codes[keep])  # type: ignore[arg-type]  # pandas-stubs: no overload for a column's own dtype
    return kept

