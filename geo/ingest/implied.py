"""Events a sentence implies without a word for them: people of a town told as arriving, waiting or held
up somewhere else had left the town.

"People from X reached Y", "the residents of X were waiting at Y", "evacuees from X were blocked at Y":
whoever arrived, waited or was held at Y had left X, on the day told or the day before.
:func:`departures` names the towns (:mod:`geo.ingest.report` then makes each a departure spanning that
day and the day before, :data:`BY`), where the words before the town say whose it is ("people from",
"residents of": the provenance role of :mod:`geo.ingest.roles`) and the sentence gives no event of its
own at it. A town that only names one person ("a Madaya resident said ...") implies nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from geo.ingest.candidates import CandidateEvent
from geo.ingest.mentions import Mention
from geo.places.gazetteer import Gazetteer

IMPLYING = ("arrival", "gathering", "halt")  # people of a town told as arriving, waiting or held elsewhere had left it
TOWNS = ("town", "village")  # the kinds of place people are said to be "from" and to leave
BY = timedelta(days=1)  # an implied departure spans the day told and the day before


def departures(gazetteer: Gazetteer, found: Sequence[Mention], roles: Sequence[str],
               events: Sequence[CandidateEvent]) -> list[Mention]:
    """The mentions of towns a sentence's people came from (``roles``: as the words before each mention read,
    ``provenance``) that its ``events`` imply they left: an arrival, a wait or a halt at another place, and no
    event of the sentence's own at the town."""
    elsewhere = {e.place_id for e in events if e.type in IMPLYING}
    left = []
    for mention, role in zip(found, roles):
        if role == "provenance" and gazetteer[mention.place_id].kind in TOWNS and elsewhere - {mention.place_id} \
                and not any(e.place_id == mention.place_id for e in events):
            left.append(mention)
    return left
