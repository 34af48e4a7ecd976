"""``python -m geo.scoring``: the older name of ``evacmap score`` (:mod:`geo.cli.scoring`), kept for the commands
written down in the reports' READMEs."""

from __future__ import annotations

from geo.cli.scoring import main

__all__ = ["main"]

if __name__ == "__main__":
    raise SystemExit(main())
