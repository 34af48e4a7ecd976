"""The map's report that it has drawn (geo.map.ready), which starts the page's second stage (panels.staged). The two
stages drawn are tests/page/test_page.py; the report itself is a browser test: tests/browser/test_map_first.py."""

from __future__ import annotations

from geo.map import ready


def test_should_know_the_maps_report_only_by_its_own_tooltip():
    assert ready.is_ready(" " + ready.READY_TOOLTIP + "\n")
    assert not ready.is_ready(None) and not ready.is_ready("evacmap playback stopped · x · y")
