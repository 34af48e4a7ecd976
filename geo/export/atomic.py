"""Atomic file writes for every export: a temporary file in the same folder, then a rename.

An existing file is never replaced unless asked to (``--force``), and a failed export
leaves nothing behind.
"""

from __future__ import annotations

import logging
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from geo.errors import ExportError

logger = logging.getLogger(__name__)


def write(path: Path | str, data: bytes | Callable[[BinaryIO], object], force: bool = False) -> Path:
    """Write bytes, or what ``data(file)`` writes, atomically; refuses to replace an existing file unless ``force``.

    ``export.write(path, lambda out: export.stream(evidence, view, "geojson", out))`` writes
    an export chunk by chunk; if it fails, no file is left behind.
    """
    path = Path(path)
    if path.is_dir():
        raise ExportError(f"{path}: is a folder; give a file name")
    if not path.parent.is_dir():
        raise ExportError(f"{path}: folder {path.parent} does not exist")
    if path.exists() and not force:
        raise ExportError(f"{path} already exists; use --force to replace it")
    scratch = path.parent / f".{path.name}.{secrets.token_hex(6)}.part"
    # O_EXCL: a fresh file of our own; mode 0o666 less the umask, as any new file gets
    fd = os.open(scratch, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as out:
            if callable(data):
                data(out)
            else:
                out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if force:
            os.replace(scratch, path)
        else:
            _place_new(scratch, path)
    finally:
        if os.path.exists(scratch):
            os.unlink(scratch)
    logger.debug("wrote %s (%s bytes)", path, f"{path.stat().st_size:,}")
    return path


def _place_new(scratch: Path, path: Path) -> None:
    """Move scratch to path only if path still does not exist (a hard link fails if it does)."""
    try:
        os.link(scratch, path)
    except FileExistsError:
        raise ExportError(f"{path} already exists; use --force to replace it") from None
    except OSError:
        if path.exists():
            raise ExportError(f"{path} already exists; use --force to replace it") from None
        os.replace(scratch, path)
