"""The dashboard's case picker, without streamlit: which cases a data folder holds and which one a link asks for.

A link carries the case as ``?case=ID``; without it the page opens on the data folder's
default case (:func:`geo.data.cases.pick`). An unknown id falls back to the default with a notice.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from geo.data import cases, package
from geo.errors import UsageError

PARAM = "case"


def ids(folder: Path) -> list[str]:
    """The ids of the cases the folder holds, in order; one id for a single case folder."""
    return [found.id for found in cases.find(folder)]


def _param(params: Mapping[str, object]) -> str | None:
    raw = params.get(PARAM)
    if isinstance(raw, list | tuple):
        raw = raw[-1] if raw else None
    return None if raw is None or not str(raw).strip() else str(raw).strip()


def chosen(folder: Path, params: Mapping[str, object]) -> tuple[str, Path, list[str]]:
    """The case a link's parameters ask for: its id, its folder, and notices for a parameter not used.

    Raises UsageError when the folder holds several cases and names no default.
    """
    found = cases.find(folder)
    wanted = _param(params)
    notices = []
    if wanted is not None and wanted not in {c.id for c in found}:
        notices.append(f"case: no case has the id {wanted!r} (this install holds {', '.join(c.id for c in found)}); "
                       "showing the default case instead")
        wanted = None
    picked = cases.pick(folder, wanted)
    return next(c.id for c in found if c.folder == picked), picked, notices


def link_params(case_id: str, folder: Path, view_params: Mapping[str, str]) -> dict[str, str]:
    """A link's parameters: the case first (left out for a folder of one case), then the view's."""
    try:
        single = len(cases.find(folder)) == 1
    except UsageError:
        single = False
    return dict(view_params) if single else {PARAM: case_id, **view_params}


def page_title(case_folder: Path) -> str:
    """The browser tab's title for a case, read from its descriptor alone (the page sets it before loading the data)."""
    case, _ = package.read_case(case_folder)
    return f"evacmap: {case.title}" if case is not None else "evacmap"
