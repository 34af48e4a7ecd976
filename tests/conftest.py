"""Shared fixtures: the shipped evidence, copies of data folders to break, ../shared, the map's npm assets."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from geo.data import evidence
from geo.map import assets

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"  # the shipped folder of cases
SHIPPED = DATA / "aleppo-2016-12"  # the December 2016 case, the default
SHARED_REPORTS = ROOT.parent / "shared" / "reports"
FETCH_ASSETS = ROOT / "scripts" / "fetch_assets.py"
FETCH_TIMEOUT_S = 900
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


def _fetch_assets() -> str:
    """Run scripts/fetch_assets.py into the vendor folder; what went wrong, or "" when it succeeded."""
    if not shutil.which("npm"):
        return "npm is not on PATH to fetch them"
    try:
        done = subprocess.run([sys.executable, str(FETCH_ASSETS), "--dest", str(assets.vendor_folder())],
                              capture_output=True, text=True, timeout=FETCH_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        return f"{FETCH_ASSETS.name} did not finish within {FETCH_TIMEOUT_S} s"
    lines = done.stderr.strip().splitlines()
    return "" if done.returncode == 0 else f"{FETCH_ASSETS.name} failed: {lines[-1] if lines else f'exit {done.returncode}'}"


@pytest.fixture(scope="session")
def vendored() -> Path:
    """The npm copies of the map's scripts and styles (the browser tests cannot reach a CDN).

    Where they are absent they are fetched once, by scripts/fetch_assets.py from the npm
    registry, when npm is on PATH; if they stay absent the test skips saying why (fails in CI).
    """
    failed = _fetch_assets() if assets.missing() else ""
    absent = assets.missing()
    require(not absent, f"vendored map assets are absent ({', '.join(p.spec for p in absent)})"
                        f"{f' and {failed}' if failed else ''}: {assets.FETCH_HINT}")
    return assets.vendor_folder()
ZONE = ZoneInfo("Asia/Damascus")  # the December 2016 case's time zone (UTC+2 then, UTC+3 in April 2017)


@pytest.fixture(autouse=True)
def whole_page(monkeypatch) -> None:
    """AppTest runs the dashboard without a browser, so no map reports that it has drawn: pages draw whole
    at once there (panels.staged). The browser tests see the two stages; tests/test_staged.py checks the first."""
    from panels import staged

    monkeypatch.setattr(staged, "MAP_FIRST", False)
