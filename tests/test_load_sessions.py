"""A small run of the many-users benchmark: concurrent sessions, no errors, one shared evidence load."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from benchmarks import load_sessions
from geo.errors import ExportError
from geo.export import mapfile
from tests.conftest import ROOT, require

SCRIPT = ROOT / "benchmarks" / "load_sessions.py"


def chromium_found() -> bool:
    try:
        import playwright  # noqa: F401
    except ImportError:
        return False
    try:
        return mapfile.find_chromium() is not None
    except ExportError:
        return False


@pytest.mark.browser
def test_should_serve_four_concurrent_sessions_changing_filters_without_errors():
    require(chromium_found(), "no Chromium or Playwright: apt-get install chromium; pip install -e '.[test]'")
    run = subprocess.run([sys.executable, str(SCRIPT), "--sessions", "4", "--changes", "2", "--timeout", "400"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert summary["errors"] == []
    assert (summary["sessions"], summary["reruns"]) == (4, 8)
    assert summary["evidence_loads"] == 1
    assert summary["script_reruns"] == 8
    assert summary["browser_rerun_s"]["max"] < 60


def test_should_refuse_an_unbounded_run(capsys):
    with pytest.raises(SystemExit) as refused:  # before any server starts
        load_sessions.main(["--sessions", "500"])
    assert refused.value.code == 2
    assert "--sessions must be 1 to 50" in capsys.readouterr().err
