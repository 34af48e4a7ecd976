"""The dashboard's case, without streamlit: which case a link asks for, decided once per run.

A link carries the case as ``?case=ID``; without it the page opens on the data folder's
default case (:func:`geo.data.cases.pick_from`). An unknown id falls back to the default with a notice.
A case whose descriptor cannot be read stays in the list, marked with its problem; opening it shows the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from geo.data import cases, package
from geo.run.view import excerpt

PARAM = "case"


@dataclass(frozen=True)
class Chosen:
    """The case a page shows: its id and folder, the ids of every case the data folder holds (in order), and
    notices for a ``?case=`` that could not be used."""

    id: str
    folder: Path
    ids: tuple[str, ...]
    notices: tuple[str, ...] = ()
    broken: tuple[tuple[str, str], ...] = ()  # (id, problem) of each case that cannot be opened

    def label(self, case_id: str) -> str:
        """A case's name in the picker: its id, and "cannot be opened" for a broken one."""
        return f"{case_id} (cannot be opened)" if case_id in dict(self.broken) else case_id

    def page_title(self) -> str:
        """The browser tab's title, read from the case's descriptor alone (the page sets it before loading the data)."""
        case, _ = package.read_case(self.folder)
        return f"evacmap: {case.title}" if case is not None else "evacmap"

    def link_params(self, view_params: Mapping[str, str]) -> dict[str, str]:
        """A link's parameters: the case first (left out where the data folder holds only this one), then the view's."""
        return dict(view_params) if len(self.ids) == 1 else {PARAM: self.id, **view_params}


def _param(params: Mapping[str, object]) -> str | None:
    raw = params.get(PARAM)
    if isinstance(raw, list | tuple):
        raw = raw[-1] if raw else None
    return None if raw is None or not str(raw).strip() else str(raw).strip()


def choose(folder: Path, params: Mapping[str, object]) -> Chosen:
    """The case a link's parameters ask for among the cases under ``folder`` (read once).

    Raises UsageError when the folder holds several cases and names no default.
    """
    found = cases.find(folder)
    ids = tuple(c.id for c in found)
    wanted = _param(params)
    notices: tuple[str, ...] = ()
    if wanted is not None and wanted not in ids:
        notices = (f"case: no case has the id {excerpt(wanted)} (this install holds {', '.join(ids)}); "
                   "showing the default case instead",)
        wanted = None
    picked = cases.pick_from(found, folder, wanted)
    broken = tuple((c.id, c.problem()) for c in found if c.problems)
    return Chosen(picked.id, picked.folder, ids, notices, broken)
