"""The type check: mypy, configured in pyproject.toml's ``[tool.mypy]`` (geo/, panels/ and dashboard.py, with
pandas-stubs), reports no error. ``.ci/run`` runs the same command for its whole report."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from tests.conftest import require

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT_S = 900  # a first run without mypy's cache takes about two minutes on a busy two-core machine


def mypy(*arguments: str) -> subprocess.CompletedProcess:
    """mypy run by this Python from the repository's root, so it reads pyproject.toml's ``[tool.mypy]``."""
    require(importlib.util.find_spec("mypy") is not None, "mypy is not installed: pip install -e '.[test]'")
    return subprocess.run([sys.executable, "-m", "mypy", *arguments], cwd=ROOT, capture_output=True, text=True,
                          timeout=TIMEOUT_S, check=False)


def test_should_find_no_type_error_in_geo_panels_and_the_dashboard():
    done = mypy()
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert done.returncode == 0 and not errors, f"mypy found {len(errors)} error(s):\n{done.stdout}{done.stderr}"


def test_should_report_an_error_with_the_same_settings(tmp_path):
    wrong = tmp_path / "wrong.py"
    wrong.write_text("count: int = 'three'\n", encoding="utf-8")
    # pyproject.toml's settings, on one file that is wrong (its cache apart: the project's would keep this module)
    done = mypy("--cache-dir", str(tmp_path / "cache"), str(wrong))
    assert done.returncode == 1 and "wrong.py:1: error:" in done.stdout and "[assignment]" in done.stdout, \
        done.stdout + done.stderr
