"""Opening a data file only as a file: a regular file, inside its case folder, read up to a byte limit.

A case unpacked from an archive may hold anything under a data file's name: a FIFO (reading would wait for a
writer for ever), a device (``/dev/zero`` reports a size of 0 and never ends), a symbolic link to a file of the
machine's (its first line would reach a problem's message). :func:`open_file` opens none of these, and
:func:`read_bytes` never reads past its limit, whatever the file's size says.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

from geo.errors import Problem

_KINDS = {stat.S_IFIFO: "a FIFO (named pipe)", stat.S_IFCHR: "a character device", stat.S_IFBLK: "a block device",
          stat.S_IFSOCK: "a socket", stat.S_IFDIR: "a folder"}


def outside(path: Path, folder: Path) -> bool:
    """True when ``path``, its symbolic links followed, is not inside ``folder``."""
    return not path.resolve().is_relative_to(folder.resolve())


def open_file(path: Path, name: str, inside: Path | None = None) -> tuple[BinaryIO | None, list[Problem]]:
    """The file opened for reading when it is a regular file (inside ``inside``, when given), else a problem.

    Opened with ``O_NONBLOCK`` and checked with ``fstat`` after opening, so a FIFO is refused at
    once instead of waiting for a writer, and a device (``/dev/zero``) is refused before a byte is
    read; a symbolic link out of the case folder is refused unread, so nothing of another file
    reaches a message.
    """
    if inside is not None and outside(path, inside):
        return None, [Problem(name, 0, "", "is a symbolic link to a file outside the case folder; "
                                           "copy the file into the folder instead")]
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as error:
        return None, [Problem(name, 0, "", f"cannot read: {error.strerror or error}")]
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
        return None, [Problem(name, 0, "", f"is {kind}, not a regular file; expected a data file")]
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb"), []


def read_bytes(path: Path, name: str, limit: int, inside: Path | None = None) -> tuple[bytes, list[Problem]]:
    """At most ``limit`` bytes of a regular file, or a problem: reads up to ``limit + 1`` bytes, whatever
    ``st_size`` says (a file that grows while it is read, a file system that reports no size)."""
    file, problems = open_file(path, name, inside)
    if file is None:
        return b"", problems
    try:
        with file:
            raw = file.read(limit + 1)
    except OSError as error:
        return b"", [Problem(name, 0, "", f"cannot read: {error.strerror or error}")]
    if len(raw) > limit:
        return b"", [Problem(name, 0, "", f"file is more than {limit:,} bytes; the limit is {limit:,}")]
    return raw, []
