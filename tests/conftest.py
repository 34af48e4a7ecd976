"""Shared fixtures: the shipped evidence, copies of data folders to break, ../shared, the map's assets, and counts of
the look-ups a run makes."""

from __future__ import annotations

import os
import shutil
from collections import Counter
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from geo.app import window
from geo.data import evidence
from geo.map import assets
from geo.run.view import View

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"  # the shipped folder of cases
SHIPPED = DATA / "aleppo-2016-12"  # the December 2016 case, the default
SHARED_REPORTS = ROOT.parent / "shared" / "reports"
IN_CI = os.environ.get("CI", "").lower() == "true"


def require(condition: bool, reason: str) -> None:
    """Skip with a reason where something a user's machine may lack is missing; fail in CI."""
    if condition:
        return
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: this must run in CI, not skip)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def shipped() -> evidence.Evidence:
    """The shipped evidence base, loaded once."""
    return evidence.load(SHIPPED)


@pytest.fixture(scope="session")
def gazetteer(shipped):
    return shipped.gazetteer


@pytest.fixture(scope="session")
def year(tmp_path_factory) -> Path:
    """A synthetic folder of 3,000 events over the twelve months of 2016 (benchmarks/synth.py), written once."""
    from benchmarks import synth

    return synth.write(tmp_path_factory.mktemp("year"), 3000, seed=11)


@pytest.fixture(scope="session")
def towns():
    """The April 2017 case's gazetteer (Foua, Kefraya, Madaya, Zabadani, Rashidin, Ramousah, Aleppo, Idlib...), which
    the ingest rule tests read their sentences with."""
    return evidence.load(DATA, case="four-towns-2017-04").gazetteer


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped data folder, to break on purpose."""
    target = tmp_path / "data"
    shutil.copytree(SHIPPED, target)
    return target


@pytest.fixture(scope="session")
def shared_reports() -> Path:
    """../shared/reports, the five real reports (skips where absent, fails in CI)."""
    require(SHARED_REPORTS.is_dir(), f"{SHARED_REPORTS} is absent: the real reports are not on this machine")
    return SHARED_REPORTS


@pytest.fixture(scope="session")
def vendored() -> Path:
    """The map's scripts and styles, shipped in geo/map/static (the browser tests cannot reach a CDN)."""
    absent = assets.missing()
    require(not absent, f"the map's assets are absent ({', '.join(p.spec for p in absent)}): {assets.FETCH_HINT}")
    return assets.vendor_folder()


ZONE = ZoneInfo("Asia/Damascus")  # the December 2016 case's time zone (UTC+2 then, UTC+3 in April 2017)


LOOKUPS = {
    View: ("apply", "window", "claims", "shown", "mask", "corridors"),
    evidence.Evidence: ("events_of", "claims_of", "held", "cite", "outlets"),
}
ONCE = ("View.apply", "View.window", "window.bounds", "View.claims", "View.shown", "View.mask", "View.corridors",
        "Evidence.events_of", "Evidence.claims_of")
"""The look-ups a run or an export makes at most once; ``held``, ``cite`` and ``outlets`` are counted to be seen
(each once per place, source list or citation shown, not once per event and again per consumer)."""


@pytest.fixture
def counted(monkeypatch) -> Counter:
    """Counts of every call to the look-ups of :data:`LOOKUPS` and to ``geo.app.window.bounds``."""
    counts: Counter = Counter()

    def counting(name, function):
        def wrapper(*args, **kwargs):
            counts[name] += 1
            return function(*args, **kwargs)
        return wrapper

    for owner, names in LOOKUPS.items():
        for name in names:
            monkeypatch.setattr(owner, name, counting(f"{owner.__name__}.{name}", getattr(owner, name)))
    monkeypatch.setattr(window, "bounds", counting("window.bounds", window.bounds))
    return counts
