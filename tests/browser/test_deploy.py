"""Deployed as Streamlit Community Cloud does: requirements.txt alone into a clean environment, then
``streamlit run dashboard.py`` in a copy of the repository; the health check, a drawn map and every export work.

Slow (a clean install, about a minute with a warm package cache), so one test does it all. It needs the package
registry and uv (the test extra installs it): skips where either is missing, fails instead in CI.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import urllib.request
from datetime import date
from pathlib import Path

import pytest

from benchmarks import server
from tests import csv_rows
from tests.browser.conftest import markers_settle_at
from tests.conftest import require

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
INSTALL_S = 900
EXPORTS = {"Picture (PNG)": b"\x89PNG", "Playback (GIF)": b"GIF8", "Playback (MP4)": b"ftyp"}


def checkout(target: Path) -> Path:
    """The repository's files as a clone has them (tracked and new, not ignored): no venv, no installed package."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        source, copy = ROOT / name, target / name
        if not source.exists() and not source.is_symlink():
            continue  # deleted in the work tree
        copy.parent.mkdir(parents=True, exist_ok=True)
        if source.is_symlink():
            copy.symlink_to(os.readlink(source))
        else:
            shutil.copy2(source, copy)
    return target


def clean_install(repo: Path, folder: Path) -> Path:
    """A new virtual environment in folder holding only repo's requirements.txt (hashes checked), as the host
    installs it; its Python."""
    uv = Path(sys.executable).parent / "uv"
    uv = str(uv) if uv.exists() else shutil.which("uv")
    require(uv is not None, "uv is not installed: pip install -e '.[test]'")
    venv = folder / ".venv"
    subprocess.run([uv, "venv", "-q", "--python", sys.executable, str(venv)], check=True, timeout=120)
    done = subprocess.run([uv, "pip", "install", "-q", "--python", str(venv / "bin" / "python"), "--require-hashes",
                           "-r", str(repo / "requirements.txt")], capture_output=True, text=True, timeout=INSTALL_S,
                          check=False)
    require(done.returncode == 0, f"requirements.txt did not install (no package registry?): {done.stderr[-2000:]}")
    return venv / "bin" / "python"


def test_should_serve_the_map_and_every_export_from_requirements_txt_alone(page, tmp_path):
    folder = checkout(tmp_path / "repo")
    python = clean_install(folder, tmp_path)
    evacmap_installed = subprocess.run([str(python), "-c", "import importlib.util as u; print(u.find_spec('geo'))"],
                                       cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert evacmap_installed.strip() == "None"  # geo comes from the repository's folder, as on the host
    with server.dashboard(python=str(python), folder=folder, log=tmp_path / "server.log") as (address, _):
        with urllib.request.urlopen(f"{address}/_stcore/health", timeout=10) as health:
            assert health.read() == b"ok"
        page.goto(f"{address}/?start=2016-12-15&end=2016-12-16")
        expected = len(csv_rows.on_map((csv_rows.local_day(date(2016, 12, 15))[0],
                                        csv_rows.local_day(date(2016, 12, 16))[1])))
        assert markers_settle_at(page, expected) == expected
        for label, magic in EXPORTS.items():
            button = page.get_by_role("button", name=label)
            assert button.is_enabled(), f"{label}: {button.get_attribute('title')}"
            with page.expect_download(timeout=180_000) as download:
                button.click()
            made = Path(download.value.path()).read_bytes()
            assert magic in made[:12], label
