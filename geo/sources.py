"""Published reports: who said what, when it was published, and whose words each passes on."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Source:
    """One published report, the anchor for its relative dates ("yesterday").

    ``relays`` names the outlets and bodies whose material the report carries second-hand
    (AP quoting Agence France-Presse); ``scale`` is ACLED's scale of the outlet.
    """

    id: str
    file: str
    outlet: str
    published: date
    language: str
    kind: str
    note: str = ""
    relays: tuple[str, ...] = ()
    scale: str = ""

    def cite(self) -> str:
        """A short citation: outlet and publication date."""
        return f"{self.outlet}, {self.published.isoformat()}"


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


def origins(source_ids: Iterable[str], sources: Mapping[str, Source]) -> list[tuple[str, ...]]:
    """The independent origins among reports: each a group of source ids, in first-cited order.

    Reports from one outlet are one origin. Two reports are one origin when either relays
    the other's outlet (``relays`` names it, case and spacing aside), directly or through a
    chain. An id ``sources`` lacks is an origin of its own: its outlet is not known.

    >>> afp = Source("afp", "a.txt", "Agence France-Presse", date(2016, 12, 15), "en", "news article")
    >>> ap = Source("ap", "b.txt", "AP", date(2016, 12, 16), "en", "news article", relays=("Agence France-Presse",))
    >>> origins(["ap", "afp"], {"afp": afp, "ap": ap})
    [('ap', 'afp')]
    """
    ids = list(dict.fromkeys(source_ids))
    outlet = {s: _key(sources[s].outlet) if s in sources else f"\0{s}" for s in ids}
    parent = {s: s for s in ids}

    def root(s: str) -> str:
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    def join(a: str, b: str) -> None:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb, key=ids.index)] = min(ra, rb, key=ids.index)

    for i, a in enumerate(ids):
        relayed_by_a = {_key(r) for r in sources[a].relays} if a in sources else set()
        for b in ids[i + 1:]:
            relayed_by_b = {_key(r) for r in sources[b].relays} if b in sources else set()
            if outlet[a] == outlet[b] or outlet[b] in relayed_by_a or outlet[a] in relayed_by_b:
                join(a, b)
    groups: dict[str, list[str]] = {}
    for s in ids:
        groups.setdefault(root(s), []).append(s)
    return [tuple(g) for g in groups.values()]


def outlet_count(source_ids: Iterable[str], sources: Mapping[str, Source]) -> int:
    """How many independent outlets report something: the number of :func:`origins`."""
    return len(origins(source_ids, sources))
