"""The soak benchmark's parts, without a server: what visitors upload, where they switch to, when it fails."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import date

import pytest

from benchmarks import soak
from geo.data import evidence, merge
from tests.conftest import ROOT, SHIPPED, require
from tests.test_load_sessions import chromium_found

SCRIPT = ROOT / "benchmarks" / "soak.py"


def test_should_upload_an_event_the_default_case_takes():
    loaded = evidence.load(SHIPPED)
    upload = merge.add_events(loaded, "soak-007.csv", soak.upload_csv(7))
    assert upload.problems == () and upload.added == 1
    assert "soak007" in set(upload.evidence.events["id"])


def test_should_count_the_uploaded_event_on_its_local_day_only():
    assert [soak.uploaded(date(2016, 12, d)) for d in (15, 16, 17)] == [0, 1, 0]


def test_should_switch_to_a_case_other_than_the_default():
    plan = soak.plan()
    default = evidence.load()
    assert plan.other_title != default.case.title and plan.days
    assert all(plan.counts[day] > 0 for day in plan.days)


def test_should_fail_when_the_server_keeps_memory_after_every_session_expired():
    visit = soak.Visit(0, steps=["opened", "window", "upload", "case"])
    kept = soak.summarise([visit], {"start": 200 * 1024, "after_expiry": 251 * 1024}, 1.0, margin_mb=50)
    given_back = soak.summarise([visit], {"start": 200 * 1024, "after_expiry": 249 * 1024}, 1.0, margin_mb=50)
    assert kept["grown_mb"] == 51.0 and kept["errors"] == [
        "the server kept 51.0 MB after every session expired; the margin is 50 MB"]
    assert given_back["errors"] == [] and given_back["completed"] == 1


@pytest.mark.browser
def test_should_soak_two_sessions_through_every_step_and_give_the_memory_back():
    require(chromium_found(), "no Chromium or Playwright: apt-get install chromium; pip install -e '.[test]'")
    run = subprocess.run([sys.executable, str(SCRIPT), "--sessions", "2", "--gif-every", "2", "--gap", "1",
                          "--timeout", "900"], cwd=ROOT, capture_output=True, text=True, timeout=1200)
    summary = json.loads(run.stdout.strip().splitlines()[-1])
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert (summary["sessions"], summary["completed"], summary["uploads"], summary["gifs"]) == (2, 2, 2, 1)
    assert summary["grown_mb"] < soak.MARGIN_MB


def test_should_refuse_an_unbounded_soak(capsys):
    with pytest.raises(SystemExit) as refused:  # before any server starts
        soak.main(["--sessions", "500"])
    assert refused.value.code == 2
    assert f"--sessions must be 1 to {soak.MAX_SESSIONS}" in capsys.readouterr().err
