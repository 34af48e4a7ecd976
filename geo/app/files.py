"""What the dashboard reads from files: a data folder's signature, an upload's digest, a report file's text."""

from __future__ import annotations

import hashlib
from pathlib import Path

from geo.errors import IngestError

Signature = tuple[tuple[str, int, int], ...]


def signature(folder: Path) -> Signature:
    """What changes when a data file changes (name, modification time, size of each file), so edited data is
    reloaded; empty for a folder that does not exist."""
    if not folder.is_dir():
        return ()
    return tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.iterdir()) if p.is_file())


def digest(data: bytes) -> str:
    """The SHA-256 of an uploaded file's bytes, in hex: uploads with one content share one cached copy."""
    return hashlib.sha256(data).hexdigest()


def report_text(name: str, data: bytes) -> str:
    """An uploaded report's text (UTF-8, a byte-order mark dropped); IngestError names the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise IngestError(f"{name}: not UTF-8 text (byte {error.start}); save it as UTF-8") from None
