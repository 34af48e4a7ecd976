"""Hostile text in the data shows as text and never runs: dashboard, HTML export, PNG export.

Every text field a data folder can carry may hold HTML or script. A copy of the shipped
data gets such text in an event's summary and actors, a place's name, a source's outlet
and a claim's claimant; each payload would set ``window.__pwned`` if a browser ran it.
"""

from __future__ import annotations

import csv
import shutil
from datetime import date
from pathlib import Path

import pytest

from geo import export
from geo.data import evidence, validation
from geo.run.view import View, parse_moment
from tests import csv_rows
from tests.browser.conftest import _streamlit, map_frame, markers_settle_at
from tests.conftest import SHIPPED, ZONE

pytestmark = pytest.mark.browser

PAYLOADS = {
    ("events.csv", "e025", "summary"): '<img src=x onerror="window.__pwned=1">Buses left',
    ("events.csv", "e025", "actors"): "</script><script>window.__pwned=2</script>",
    ("gazetteer.csv", "ramousah", "name"): "<b onmouseover=window.__pwned=3>Ramousah</b>",
    ("sources.csv", "reuters_20161215", "outlet"): '<a href="javascript:window.__pwned=4">Reuters</a>',
    ("claims.csv", "c025", "claimed_by"): "<svg onload=window.__pwned=5>",
}
PWNED = "() => window.__pwned === undefined ? null : window.__pwned"


def set_cell(path: Path, row_id: str, column: str, value: str) -> None:
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        if row["id"] == row_id:
            row[column] = value
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    """A copy of the shipped data with a payload in every kind of text field."""
    folder = tmp_path_factory.mktemp("hostile") / "data"
    shutil.copytree(SHIPPED, folder)
    for (file, row_id, column), payload in PAYLOADS.items():
        set_cell(folder / file, row_id, column, payload)
    assert validation.validate(folder) == []
    return folder


@pytest.fixture(scope="module")
def hostile_dashboard(chromium, vendored, hostile, tmp_path_factory):
    with _streamlit(tmp_path_factory.mktemp("streamlit") / "server.log", EVACMAP_DATA=str(hostile)) as address:
        yield address


def ran_nothing(page, *frames) -> None:
    for frame in (page.main_frame, *frames, *page.frames):
        assert frame.evaluate(PWNED) is None, frame.url


def test_should_show_hostile_text_as_text_in_the_dashboard(page, hostile_dashboard, hostile):
    # the selected event's glyph is marked on the map; its popup's summary, actors and sources are payloads (the popup
    # opens where the details wrap under the map, on a phone; beside them, a click opens none)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{hostile_dashboard}/?start=2016-12-15&end=2016-12-15&types=departure&event=e025")
    frame = map_frame(page)
    glyph = frame.locator('.leaflet-marker-pane .evacmap-glyph[data-event-id="e025"]')  # the event whose text is payloads
    glyph.wait_for()
    glyph.dispatch_event("click")  # Leaflet's own click, wherever the glyph sits on the map
    popup = frame.locator(".leaflet-popup-content", has_text="<img src=x")
    popup.first.wait_for()
    text = popup.first.inner_text()
    assert "<img src=x" in text and "</script><script>" in text
    page.get_by_text('onerror="window.__pwned=1"', exact=False).first.wait_for()  # the details column, as text
    labels = frame.evaluate("() => [...document.querySelectorAll('.evacmap-label')].map(el => el.textContent)")
    assert any("<b onmouseover" in label for label in labels)  # the place name, drawn as text
    assert frame.locator(".evacmap-label b").count() == 0
    ran_nothing(page, frame)


def test_should_show_hostile_text_as_text_in_the_html_export(page, tmp_path, hostile):
    loaded = evidence.load(hostile)
    view = View(start=parse_moment("2016-12-15", "start", zone=ZONE), end=parse_moment("2016-12-15", "end", True, zone=ZONE))
    path = export.write(tmp_path / "map.html", export.render(loaded, view, "html", offline="inline"))
    page.goto(path.as_uri())
    expected = len(csv_rows.on_map(csv_rows.local_day(date(2016, 12, 15)), folder=hostile))
    assert markers_settle_at(page, expected, frame=page.main_frame) == expected
    # the event whose text is payloads, picked by its id (its place may stand as one badge, whose click fans it out)
    badge = page.locator('.leaflet-marker-pane .evacmap-badge[data-event-ids~="e025"]')
    if badge.count():
        badge.click()
    page.locator('.leaflet-marker-pane .evacmap-glyph[data-event-id="e025"]').dispatch_event("click")
    popup = page.locator(".leaflet-popup-content", has_text="<img src=x")
    popup.first.wait_for()
    assert "</script><script>" in popup.first.inner_text()
    page.locator(".evacmap-playback-play").click()
    page.wait_for_timeout(1500)
    ran_nothing(page)
    assert "<script>window.__pwned" not in path.read_text(encoding="utf-8")


def test_should_draw_a_png_of_hostile_data_without_running_it(chromium, vendored, hostile):
    loaded = evidence.load(hostile)
    view = View(start=parse_moment("2016-12-15", "start", zone=ZONE), end=parse_moment("2016-12-15", "end", True, zone=ZONE))
    picture = export.render(loaded, view, "png", offline="inline", width=800, height=500)
    assert picture.startswith(b"\x89PNG")
    html = export.render(loaded, view, "html", offline="inline").decode("utf-8")
    assert '<img src=x onerror' not in html and "<svg onload" not in html
