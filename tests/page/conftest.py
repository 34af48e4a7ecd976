"""The page run headless with Streamlit's AppTest: that it wires and draws what :mod:`geo.app` decides.

The decisions themselves are tested as plain functions (tests/test_page_state.py and the others); these tests
check one run of each feature through the page, so they stay few.
"""

from __future__ import annotations

import functools
from datetime import datetime, timedelta

import pytest
from streamlit.testing.v1 import AppTest

from geo.data.cases import DATA_ENV
from tests.conftest import ROOT

APP = str(ROOT / "dashboard.py")
OFFLINE_ENV = "EVACMAP_OFFLINE"


@pytest.fixture(scope="session", autouse=True)
def components_scanned_once():
    """Each new AppTest scans every installed distribution's metadata for Streamlit components (about 0.2 s, a third
    of a first run); what is installed does not change during a test session, so the first scan's answer is kept."""
    from streamlit.components.v2 import manifest_scanner

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(manifest_scanner, "scan_component_manifests",
                      functools.cache(manifest_scanner.scan_component_manifests))
        yield


@pytest.fixture(autouse=True)
def whole_page(monkeypatch) -> None:
    """AppTest runs the dashboard without a browser, so no map reports that it has drawn: pages draw whole
    at once here (panels.staged). The browser tests see the two stages; test_page.py checks the first."""
    from panels import staged

    monkeypatch.setattr(staged, "MAP_FIRST", False)


@pytest.fixture
def page(monkeypatch):
    """A factory of dashboards, not yet run: on the shipped data, or on ``data`` (a folder), with ``params`` in the
    address and ``session`` values set before the first run."""
    monkeypatch.delenv(OFFLINE_ENV, raising=False)

    def made(params: dict[str, str] | None = None, data=None, session: dict | None = None) -> AppTest:
        if data is None:
            monkeypatch.delenv(DATA_ENV, raising=False)
        else:
            monkeypatch.setenv(DATA_ENV, str(data))
        at = AppTest.from_file(APP, default_timeout=60)
        for name, value in (params or {}).items():
            at.query_params[name] = value
        for key, value in (session or {}).items():
            at.session_state[key] = value
        return at

    return made


def metric(at: AppTest, label: str) -> int:
    return int(next(m for m in at.metric if m.label == label).value.replace(",", ""))


def text(elements) -> list[str]:
    return [e.value.replace("\\", "") for e in elements]  # the markdown source escapes punctuation


def slide(at: AppTest, key: str, start: datetime, end: datetime) -> AppTest:
    """Move the slider to show [start, end): its handles hold the first and the last hour, both inclusive."""
    return at.slider(key=key).set_value((start, end - timedelta(hours=1))).run()
