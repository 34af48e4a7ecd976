"""A place no gazetteer holds, placed by a click on the "Find a place" panel's small map in a real browser: the click's
point reaches the form, and Add writes the gazetteer.csv row (with the note as its source) and its changes.csv row."""

from __future__ import annotations

import csv
import io
import re
import shutil

import pytest

from benchmarks import server
from tests.browser.conftest import WAIT_MS
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

GOOD = ROOT / "tests" / "bad_inputs" / "good"
CLICKED = re.compile(r"Clicked: (-?\d+\.\d+), (-?\d+\.\d+)")


@pytest.fixture
def panel(tmp_path, chromium, vendored):
    """The panel alone (tests/page/place_panel_app.py) on a copy of a small case, editable."""
    folder = tmp_path / "case"
    shutil.copytree(GOOD, folder)
    settings = {"PLACE_FOLDER": str(folder), "PLACE_EDIT": "1"}
    with server.dashboard(settings, log=tmp_path / "server.log", script="tests/page/place_panel_app.py") as (address, _):
        yield address, folder


def test_should_place_a_new_place_by_a_click_and_write_it_with_its_note(page, panel):
    address, folder = panel
    page.goto(address)
    page.get_by_text("Find a place").first.click()
    page.get_by_label("Place name").fill("Manbij")
    page.get_by_label("Place name").press("Enter")
    page.get_by_text("Use this place").wait_for(timeout=WAIT_MS)  # GeoNames' candidate, offline
    small_map = page.frame_locator("iframe[title='streamlit_folium.st_folium']").locator(".leaflet-container")
    small_map.wait_for(timeout=WAIT_MS)
    box = small_map.bounding_box()
    small_map.click(position={"x": box["width"] / 2 + 60, "y": box["height"] / 2 + 30})
    clicked = page.get_by_text(CLICKED)
    clicked.wait_for(timeout=WAIT_MS)
    lat, lon = CLICKED.search(clicked.inner_text()).groups()
    for name, value in (("Id", "manbij_camp"), ("Name", "Manbij camp"), ("Local name", "مخيم"), ("Its language", "ar"),
                        ("How it was placed", "the camp's gate, clicked on the map")):
        page.get_by_role("textbox", name=name, exact=True).fill(value)
    page.get_by_role("spinbutton", name="Precision radius (m)").fill("500")
    page.get_by_role("spinbutton", name="Precision radius (m)").press("Enter")
    for label, option in (("Kind", "camp"), ("Role", "event")):
        page.get_by_role("combobox", name=label).first.click()
        page.get_by_role("option", name=option, exact=True).click()
        page.wait_for_timeout(1000)
    page.get_by_role("button", name="Add to the case").click()
    page.get_by_text("Added Manbij camp (manbij_camp)").wait_for(timeout=WAIT_MS)
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO((folder / "gazetteer.csv").read_text("utf-8")))}
    row = rows["manbij_camp"]
    assert (row["lat"], row["lon"], row["kind"], row["precision_m"]) == (lat, lon, "camp", "500")
    assert row["coord_source"].endswith("the camp's gate, clicked on the map")
    (change,) = csv.DictReader(io.StringIO((folder / "changes.csv").read_text("utf-8")))
    assert (change["file"], change["row_id"], change["field"]) == ("gazetteer.csv", "manbij_camp", "*")
