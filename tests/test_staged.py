"""The page's first stage (panels.staged): the map and the light controls around it; the rest once the map
sends that it has drawn (the message itself is a browser test: tests/browser/test_map_first.py)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT

APP = str(ROOT / "dashboard.py")


@pytest.fixture
def first_stage(monkeypatch) -> AppTest:
    from panels import staged

    monkeypatch.setattr(staged, "MAP_FIRST", True)
    return AppTest.from_file(APP, default_timeout=60).run()


def test_should_draw_the_map_slider_and_details_but_no_charts_tables_or_filters_in_the_first_stage(first_stage):
    at = first_stage
    assert not at.exception
    assert len(at.get("component_instance")) == 1  # the map
    assert len(at.slider) == 1
    assert [b.label for b in at.button] == ["All days", "◀ Previous", "Next ▶", "Clear"]
    assert at.get("vega_lite_chart") == [] and at.dataframe == [] and at.metric == []
    assert at.multiselect == [] and at.selectbox == [] and at.get("file_uploader") == []
    assert [h.value for h in at.sidebar.header] == ["Filters"]  # the sidebar is there: the map keeps its width


def test_should_draw_the_whole_page_with_the_same_map_once_the_map_has_drawn(first_stage):
    from panels import staged

    at = first_stage
    before = at.get("component_instance")[0].proto
    at.session_state[staged.WHOLE] = True  # what the map's "drawn" message sets
    at.run()
    assert not at.exception
    assert len(at.get("vega_lite_chart")) >= 1 and len(at.metric) == 3 and len(at.multiselect) == 3
    after = at.get("component_instance")[0].proto
    # Same component key, so the browser keeps the drawn map rather than loading it again.
    assert after.form_id == before.form_id and after.id == before.id
