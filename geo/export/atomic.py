"""Atomic file writes for everything evacmap writes: a temporary file in the same folder, fsync, then a rename.

An existing file is never replaced unless asked to (``--force``), and a failed write (a full
disk, a read-only folder, a signal) leaves the old file as it was and no temporary file
behind: the caller gets one :class:`~geo.errors.ExportError` naming the file and the cause.

What is already at the path is respected, as Unix tools respect it: a character device (``/dev/null``,
``/dev/stdout``) or a FIFO is written through, never replaced by a file, and needs no ``--force``; a
socket, a block device or anything else that is not a regular file is refused. A symbolic link is
followed: its target is written (replaced atomically, with ``--force``, when it is a regular file);
a link to nothing is refused.
:func:`write_folder` writes a new folder of files the same way (a case from ``new-case``).

A scratch file or folder (``.NAME.<12 hex digits>.part``) is locked (``flock``) by the process writing it; one
left by a process that was killed (SIGKILL, a power cut) holds no lock, and the next write of the same name
removes it first.
"""

from __future__ import annotations

import fcntl
import logging
import os
import re
import secrets
import shutil
import signal
import stat
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from geo.errors import ExportError

logger = logging.getLogger(__name__)


class Stopped(KeyboardInterrupt):
    """A signal asked the process to stop (see :func:`stop_on`); like Ctrl-C, ``except Exception`` lets it pass."""


@contextmanager
def stop_on(*signals: signal.Signals) -> Iterator[None]:
    """While the block runs, these signals raise :class:`Stopped`, so every ``finally`` runs (a scratch file
    is removed) instead of the process dying at once; outside the main thread, nothing changes."""
    def stop(number: int, _frame: object) -> None:
        raise Stopped(f"stopped by {signal.Signals(number).name}")

    try:
        previous = {s: signal.signal(s, stop) for s in signals}
    except ValueError:  # not the main thread: signals go to the main thread's handlers anyway
        previous = {}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _cause(error: BaseException) -> str:
    """Why a write failed, in a few words: "No space left on device", "stopped by SIGTERM"."""
    if isinstance(error, OSError):
        return error.strerror or str(error)
    return str(error) or "interrupted"


def _scratch(path: Path) -> Path:
    return path.parent / f".{path.name}.{secrets.token_hex(6)}.part"


def _lock(fd: int) -> bool:
    """Hold the scratch at ``fd`` as this process's (False: another process that is still running holds it)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def clean_leftovers(path: Path) -> list[Path]:
    """Remove the scratch files and folders an interrupted write of ``path`` left beside it (those no running process
    holds); returns what was removed."""
    pattern = re.compile(rf"\.{re.escape(path.name)}\.[0-9a-f]{{12}}\.part")
    removed = []
    try:
        candidates = [p for p in path.parent.iterdir() if pattern.fullmatch(p.name)]
    except OSError:
        return []
    for leftover in candidates:
        try:
            fd = os.open(leftover, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue  # a symbolic link or a node is not a scratch of ours: left as it is
        try:
            if not _lock(fd):
                continue
            if leftover.is_dir():
                shutil.rmtree(leftover)
            else:
                leftover.unlink()
            removed.append(leftover)
        except OSError as error:
            logger.warning("%s: left over by an interrupted write and not removed (%s)", leftover, _cause(error))
        finally:
            os.close(fd)
    for leftover in removed:
        logger.info("removed %s, left over by an interrupted write", leftover)
    return removed


def write(path: Path | str, data: bytes | Callable[[BinaryIO], object], force: bool = False) -> Path:
    """Write bytes, or what ``data(file)`` writes, atomically; refuses to replace an existing file unless ``force``.

    ``export.write(path, lambda out: export.stream(evidence, view, "geojson", out))`` writes
    an export chunk by chunk; if it fails, no file is left behind and an existing one is kept.
    """
    path = Path(path)
    if path.is_symlink():
        if not path.exists():
            raise ExportError(f"{path}: is a symbolic link to nothing ({os.readlink(path)}); not written")
        path = path.resolve()  # the target is written; the link stays a link
    if path.is_dir():
        raise ExportError(f"{path}: is a folder; give a file name")
    if path.exists() and not path.is_file():
        return _write_through(path, data)
    if not path.parent.is_dir():
        raise ExportError(f"{path}: folder {path.parent} does not exist")
    if path.exists() and not force:
        raise ExportError(f"{path} already exists; use --force to replace it")
    clean_leftovers(path)
    scratch = _scratch(path)
    try:
        # O_EXCL: a fresh file of our own; mode 0o666 less the umask, as any new file gets
        fd = os.open(scratch, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        _lock(fd)
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
            _sync_folder(path.parent)
        finally:
            if os.path.lexists(scratch):
                os.unlink(scratch)
    except (OSError, Stopped) as error:
        raise ExportError(f"{path}: not written ({_cause(error)}); {_kept(path)}") from None
    logger.debug("wrote %s (%s bytes)", path, f"{path.stat().st_size:,}")
    return path


def _write_through(path: Path, data: bytes | Callable[[BinaryIO], object]) -> Path:
    """Write into a character device or a FIFO as it is (no scratch file, no rename); refuse anything else."""
    mode = path.stat().st_mode
    if not (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
        kind = "a socket" if stat.S_ISSOCK(mode) else "a block device" if stat.S_ISBLK(mode) else "not a regular file"
        raise ExportError(f"{path}: is {kind}; not written (give a file name)")
    try:
        # no O_CREAT, no O_TRUNC: the node stays the node it was; a FIFO waits for its reader, as `cat > FIFO` does
        with open(os.open(path, os.O_WRONLY | os.O_NOCTTY), "wb") as out:
            if callable(data):
                data(out)
            else:
                out.write(data)
    except (OSError, Stopped) as error:
        raise ExportError(f"{path}: not written ({_cause(error)}); it is still the device or FIFO it was") from None
    logger.debug("wrote through %s", path)
    return path


def _kept(path: Path) -> str:
    return "the file there is as it was" if path.exists() else "no file was left"


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


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename itself is done
    finally:
        os.close(fd)


def write_folder(folder: Path | str, files: Mapping[str, bytes]) -> Path:
    """Write a new folder holding ``files`` (name -> bytes) at once: all of them, or none.

    The files are written into a temporary folder beside ``folder``, then it is renamed;
    ``folder`` may not exist yet or be an empty folder. Raises ExportError naming the folder
    and the cause.
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise ExportError(f"{folder}: is a file, not a folder; give a new or empty folder")
    if folder.is_dir() and any(folder.iterdir()):
        raise ExportError(f"{folder} already holds files; choose a new or empty folder")
    clean_leftovers(folder)
    scratch = _scratch(folder)
    locked = None
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        scratch.mkdir()
        locked = os.open(scratch, os.O_RDONLY)
        _lock(locked)
        try:
            for name, data in files.items():
                with open(scratch / name, "xb") as out:
                    out.write(data)
                    out.flush()
                    os.fsync(out.fileno())
            _sync_folder(scratch)
            os.rename(scratch, folder)  # replaces an empty folder; fails if files appeared in it meanwhile
            _sync_folder(folder.parent)
        finally:
            if scratch.exists():
                shutil.rmtree(scratch, ignore_errors=True)
    except (OSError, Stopped) as error:
        raise ExportError(f"{folder}: not written ({_cause(error)}); nothing was written there") from None
    finally:
        if locked is not None:
            os.close(locked)
    logger.debug("wrote %s (%d files)", folder, len(files))
    return folder
