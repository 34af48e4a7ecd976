"""Published reports: who said what, when it was published, and whose words each passes on."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime


@dataclass(frozen=True)
class Source:
    """One published report, the anchor for its relative dates ("yesterday").

    ``relays`` names the outlets and bodies whose material the report carries second-hand
    (AP quoting Agence France-Presse); ``scale`` is ACLED's scale of the outlet. ``url`` is where it was
    published; ``sha256`` the SHA-256 of the text's bytes, ``captured`` when that copy was taken and
    ``archive`` the copy's path inside the case folder (``sources/reuters_20161215.txt``), where kept.
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
    url: str = ""
    sha256: str = ""
    captured: datetime | None = None
    archive: str = ""

    def cite(self) -> str:
        """A short citation: outlet and publication date."""
        return f"{self.outlet}, {self.published.isoformat()}"


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


def origins(source_ids: Iterable[str], sources: Mapping[str, Source]) -> list[tuple[str, ...]]:
    """The independent origins among reports: each a group of source ids, in first-cited order.

    Reports from one outlet are one origin. A report whose ``relays`` names the outlet of
    another cited report (case and spacing aside) carries that outlet's material, so it
    counts with it, directly or through a chain; one that relays two cited outlets does not
    make them one (a wire copy mixing Reuters and AFP leaves Reuters and AFP two origins),
    and joins the first cited of them. Outlets that relay each other in a circle are one
    origin. An id ``sources`` lacks is an origin of its own: its outlet is not known.

    >>> afp = Source("afp", "a.txt", "Agence France-Presse", date(2016, 12, 15), "en", "news article")
    >>> ap = Source("ap", "b.txt", "AP", date(2016, 12, 16), "en", "news article", relays=("Agence France-Presse",))
    >>> origins(["ap", "afp"], {"afp": afp, "ap": ap})
    [('ap', 'afp')]
    """
    ids = list(dict.fromkeys(source_ids))
    outlet = {s: _key(sources[s].outlet) if s in sources else f"\0{s}" for s in ids}
    order = list(dict.fromkeys(outlet.values()))  # outlets in first-cited order
    cited = set(order)
    carries: dict[str, set[str]] = {o: set() for o in order}  # outlet -> the other cited outlets it relays
    for s in ids:
        if s in sources:
            carries[outlet[s]] |= {_key(r) for r in sources[s].relays} & (cited - {outlet[s]})
    reach = {o: _reachable(o, carries) for o in order}
    # an origin: an outlet every outlet it reaches reaches back (it carries no one else's material)
    origin_of = {o: min((t for t in reach[o] if all(t in reach[u] for u in reach[t])), key=order.index)
                 for o in order}
    # outlets relaying each other in a circle are one origin, named by the first cited of them
    origin_of = {o: min((u for u in reach[t] if t in reach[u]), key=order.index) for o, t in origin_of.items()}
    groups: dict[str, list[str]] = {}
    for s in ids:
        groups.setdefault(origin_of[outlet[s]], []).append(s)
    return [tuple(g) for g in groups.values()]


def _reachable(start: str, carries: Mapping[str, set[str]]) -> set[str]:
    """Every outlet ``start`` carries material of, directly or through a chain, and itself."""
    seen, todo = {start}, [start]
    while todo:
        for nxt in carries[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def outlet_count(source_ids: Iterable[str], sources: Mapping[str, Source]) -> int:
    """How many independent outlets report something: the number of :func:`origins`."""
    return len(origins(source_ids, sources))
