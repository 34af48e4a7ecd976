"""Whether this dashboard may write to its case: only where it was started to edit.

``streamlit run dashboard.py -- --edit`` or ``EVACMAP_EDIT=1`` in the environment of the server. Nothing a
visitor sends (a link's parameters, a widget) can switch it on: it is read from the server's command line and
environment only, once a run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

EDIT_OPTION = "--edit"
EDIT_ENV = "EVACMAP_EDIT"
_ON = ("1", "true", "yes", "on")
READ_ONLY_NOTE = ("This dashboard is read-only: nothing here writes to the case. To review and save, start it "
                  "with `streamlit run dashboard.py -- --edit` (or `EVACMAP_EDIT=1`) on your own machine.")


def editing_enabled(argv: Sequence[str], environ: Mapping[str, str]) -> bool:
    """True when the dashboard's own options (after ``--``) hold ``--edit`` or ``EVACMAP_EDIT`` is 1, true, yes or on.

    >>> editing_enabled(["--data", "cases", "--edit"], {}), editing_enabled([], {"EVACMAP_EDIT": "1"})
    (True, True)
    >>> editing_enabled([], {"EVACMAP_EDIT": "0"})
    False
    """
    return EDIT_OPTION in argv or environ.get(EDIT_ENV, "").strip().casefold() in _ON
