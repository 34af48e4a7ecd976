"""The soak benchmark's parts, without a server: what visitors upload, where they switch to, when it fails."""

from __future__ import annotations

from datetime import date

from benchmarks import soak
from geo.data import evidence, merge
from tests.conftest import SHIPPED


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
