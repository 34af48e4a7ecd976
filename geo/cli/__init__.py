"""The ``evacmap`` command line (also ``python -m geo``).

Each command is a function ``cmd_NAME(args) -> exit code`` in :mod:`~geo.cli.commands` (or a module of its kind:
:mod:`~geo.cli.rows` adds rows, :mod:`~geo.cli.edits` mends or removes one, :mod:`~geo.cli.workbench` ingests
reports, accepts a review and keeps sources), registered in
:func:`~geo.cli.parser.build_parser`. Exit codes: 0 success, 1 a query found nothing (``resolve``),
2 bad input or data (usage errors, validation problems), or a file that could not be
written (a full disk, a read-only folder, SIGTERM): one line on stderr, never a traceback.
May import every part of geo but :mod:`geo.app`; nothing in geo imports it but :mod:`geo.scoring`, the older
name of ``evacmap score``.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import sys
from collections.abc import Iterator, Sequence

from geo.cli.commands import dashboard_folder
from geo.cli.parser import FORMATS, build_parser
from geo.errors import GeoError

__all__ = ["FORMATS", "build_parser", "dashboard_folder", "logging_to_stderr", "main"]

LOG_FORMAT = "evacmap: %(levelname)s: %(name)s: %(message)s"


@contextlib.contextmanager
def logging_to_stderr(verbosity: int) -> Iterator[None]:
    """The library's log on stderr while the command runs: warnings always, info with -v, debug with -vv."""
    logger = logging.getLogger("geo")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    previous = logger.level
    logger.setLevel(logging.WARNING if verbosity < 1 else logging.INFO if verbosity == 1 else logging.DEBUG)
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(previous)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; a bad input, a failed write or SIGTERM ends it with one line on stderr and exit 2."""
    args = build_parser().parse_args(argv)
    from geo.export import atomic  # after parsing: ``--help`` imports no exporter

    try:
        with logging_to_stderr(args.verbose), atomic.stop_on(signal.SIGTERM):
            return args.run(args)
    except GeoError as error:
        print(f"evacmap {args.command}: {error}", file=sys.stderr)
        return 2
    except atomic.Stopped as stop:
        print(f"evacmap {args.command}: {stop}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as error:  # a file read outside the checked readers: said in one line, not a traceback
        where = f"{error.filename}: " if error.filename else ""
        print(f"evacmap {args.command}: {where}{error.strerror or error}", file=sys.stderr)
        return 2
