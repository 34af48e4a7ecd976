"""Finding the cases in a data folder and picking one.

``--data DIR`` names a case folder (one holding ``datapackage.json``) or a folder of
cases (its subfolders that hold one). Without ``--case``, the pick is the only case, else
the one whose descriptor says ``"evacmap": {"default": true}``. Without ``--data``, the data
folder is ``$EVACMAP_DATA`` if set, else the shipped ``data/`` (:func:`default_folder`).

A case whose descriptor cannot be read (not UTF-8, nested too deep, not JSON) is still found, under its
folder's name, with its problems: it is never the default, and every other case works as before.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from geo.data.package import DESCRIPTOR, read_descriptor
from geo.errors import Problem, UsageError

logger = logging.getLogger(__name__)

DATA_ENV = "EVACMAP_DATA"
SHIPPED = Path(__file__).resolve().parents[2] / "data"


@dataclass(frozen=True)
class Found:
    """A case folder and what its descriptor says of it without loading the data."""

    id: str
    folder: Path
    default: bool
    problems: tuple[Problem, ...] = ()  # why its descriptor cannot be read, if it cannot

    def problem(self) -> str:
        """Why the case cannot be opened, in a line ("datapackage.json:1: byte 0xe9 at offset 40 ..."), or ""."""
        return str(self.problems[0]) if self.problems else ""


def _peek(folder: Path) -> Found:
    package, _, problems = read_descriptor(folder / DESCRIPTOR) if (folder / DESCRIPTOR).is_file() else (None, "", [])
    properties = package.get("evacmap") if package is not None else None
    name = package.get("name") if package is not None else None
    default = isinstance(properties, dict) and properties.get("default") is True
    if problems:
        logger.info("%s: %s; the other cases are used as usual", folder, problems[0])
    return Found(name if isinstance(name, str) and name else folder.name, folder, default, tuple(problems))


def is_scratch(folder: Path) -> bool:
    """True for a folder that is never a case: a hidden one (``.git``, the scratch of an interrupted ``new-case``,
    ``.NAME.<hex>.part``) or one whose name ends ``.part``."""
    return folder.name.startswith(".") or folder.name.endswith(".part")


def is_case(folder: Path) -> bool:
    """True for a case folder: it holds a descriptor or data files of its own."""
    return (folder / DESCRIPTOR).is_file() or any(folder.glob("*.csv")) or any(folder.glob("*.parquet"))


def find(folder: Path) -> list[Found]:
    """The cases under ``folder``: itself when it is a case folder, else its case subfolders, by id."""
    if not folder.is_dir() or is_case(folder):
        return [_peek(folder)]
    found = [_peek(sub) for sub in sorted(folder.iterdir())
             if not is_scratch(sub) and sub.is_dir() and (sub / DESCRIPTOR).is_file()]
    return sorted(found, key=lambda f: f.id) or [_peek(folder)]


def pick(folder: Path, case_id: str | None = None) -> Path:
    """The folder of the case ``case_id`` (or the default case) under ``folder``; raises UsageError."""
    return pick_from(find(folder), folder, case_id).folder


def pick_from(found: list[Found], folder: Path, case_id: str | None = None) -> Found:
    """The case ``case_id`` (or the default case) among ``found``, the cases :func:`find` found under ``folder``;
    raises UsageError."""
    if case_id:
        for case in found:
            if case.id == case_id:
                return case
        raise UsageError(f"--case: expected one of {', '.join(c.id for c in found)}, instead got {case_id!r}")
    if len(found) == 1:
        return found[0]
    defaults = [c for c in found if c.default]
    if len(defaults) != 1:
        raise UsageError(f"{folder} holds {len(found)} cases ({', '.join(c.id for c in found)}) and "
                         f"{len(defaults)} marked \"default\"; choose one with --case ID")
    logger.info("no --case given: using %s, the default of %s", defaults[0].id, folder)
    return defaults[0]


def default_folder() -> Path:
    """The data folder in use: ``$EVACMAP_DATA`` if set, else the shipped one (a folder of cases)."""
    return Path(os.environ.get(DATA_ENV) or SHIPPED)


def case_folder(folder: Path | str | None = None, case: str | None = None) -> Path:
    """The case folder to read: ``folder`` itself when it is one, else its case ``case`` or its default."""
    return pick(Path(folder) if folder is not None else default_folder(), case)
