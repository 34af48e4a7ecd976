"""The sidebar's panels wired into the page: an events file added for the session and let go with the file, a
refused one, its events in the exports; "Find a place" with a fake Nominatim, from off by default to an accepted
place's gazetteer row.

What each panel decides is tested as plain functions (tests/test_upload_notices.py, test_find.py,
test_merge.py, test_newplace.py); here one run of each through Streamlit's AppTest.
"""

from __future__ import annotations

import shutil

import pytest
import streamlit as st
from streamlit.runtime.media_file_manager import MediaFileManager

import dashboard
from geo.data import evidence, newplace
from geo.map import build, layers
from geo.places import geocode
from panels import below_map, events_file, find_place, state
from tests import csv_rows
from tests.conftest import SHIPPED
from tests.page.conftest import metric, text
from tests.test_find import HANDARAT, FakeNominatim
from tests.test_upload_notices import csv_file, row

SHIPPED_EVENTS = len(csv_rows.rows("events.csv"))


@pytest.fixture
def listing(page):
    """The page on the shipped data with the event list open, run once."""
    return page(session={below_map.PANEL: "Events list"}).run()


def upload(at, name: str, data: bytes):
    at.file_uploader(key=events_file.EVENTS_FILE).set_value((name, data, "application/octet-stream"))
    return at.run()


def listed(at) -> dict[str, str]:
    """Event id -> its Sources cell, from the event list."""
    table = next(t.value for t in at.dataframe if "Summary" in t.value)
    return dict(zip(table["id"], table["Sources"], strict=True))


def _day_strip(at) -> str:
    """The spec of the strip of events a day above the map (its axis lists every day of the case)."""
    (strip,) = [c for c in at.get("vega_lite_chart") if c.key == dashboard.DAY_BARS]
    return strip.proto.spec


def test_should_add_a_file_for_the_session_and_let_go_of_it_and_its_selected_event_when_removed(listing):
    at = upload(listing, "mine.csv", csv_file(row(), row(id="u002", start="2016-12-16T09:00:00+00:00")))
    assert not at.exception and not at.error and not at.warning
    assert metric(at, "Events") == SHIPPED_EVENTS + 2
    assert "2 event(s) added from mine.csv for this session" in text(at.success)[0]
    assert listed(at)["u001"].endswith("· from upload mine.csv") and "from upload" not in listed(at)["e001"]
    assert '"2016-12-23"' in _day_strip(at)  # the window widened to the uploaded day
    at.session_state[state.SELECTED] = "u001"
    at.run()
    assert any("from upload mine.csv" in c for c in text(at.markdown)) and at.query_params["event"] == "u001"
    at.file_uploader(key=events_file.EVENTS_FILE).set_value(None)
    at.run()
    assert not at.exception and not at.success and not at.warning
    assert metric(at, "Events") == SHIPPED_EVENTS
    assert at.session_state[state.SELECTED] is None and "event" not in at.query_params
    assert '"2016-12-23"' not in _day_strip(at) and '"2016-12-20"' in _day_strip(at)
    assert all(key not in at.session_state for key in events_file.KEPT)
    assert (SHIPPED / "events.csv").read_text(encoding="utf-8").count("u001") == 0


def test_should_refuse_a_file_with_a_problem_and_keep_the_shipped_view(listing):
    at = upload(listing, "mine.csv", csv_file(row(), row(id="e001")))
    assert not at.exception
    (error,) = text(at.error)
    assert "mine.csv was not added: 1 problem(s)" in error
    assert "mine.csv:3: id: 'e001' is already an event id in the loaded data" in error
    assert metric(at, "Events") == SHIPPED_EVENTS and "u001" not in listed(at)


def test_should_export_the_uploaded_events_with_the_shipped_ones(listing, monkeypatch):
    made = {}
    original = MediaFileManager.add_deferred

    def record(self, callable_, mimetype, coordinates, file_name=None, **options):
        made[file_name] = callable_
        return original(self, callable_, mimetype, coordinates, file_name=file_name, **options)

    monkeypatch.setattr(MediaFileManager, "add_deferred", record)
    at = upload(listing, "mine.csv", csv_file(row(sources="testwire_20161223")))
    (warning,) = text(at.warning)
    assert "cites source ids not in sources.csv: testwire_20161223" in warning
    exports = {name.rsplit(".", 1)[-1] + next((k for k in ("_acled", "_hxl") if k in name), ""): make
               for name, make in made.items()}
    assert b"\nu001,2016-12-23T09:00:00+00:00," in exports["csv"]()
    assert b"SYR-evacmap-u001" in exports["csv_acled"]()
    assert b"testwire_20161223 (not in sources.csv; from upload mine.csv)" in exports["csv_acled"]()
    assert "testwire_20161223 (not in sources.csv; from upload mine.csv)" in exports["geojson"]().decode()
    assert b"from upload mine.csv" in exports["html"]()


def test_should_keep_one_upload_a_session_replacing_the_previous_one(listing):
    upload(listing, "first.csv", csv_file(row()))
    at = upload(listing, "second.csv", csv_file(row(id="u002")))
    assert not at.exception
    _, added = at.session_state[events_file.EVENTS_FILE_ADDED]
    assert added.file == "second.csv" and metric(at, "Events") == SHIPPED_EVENTS + 1


@pytest.fixture
def fake(monkeypatch, tmp_path) -> type[FakeNominatim]:
    """A fake Nominatim, a contact set, the answer cache in a scratch folder, no geocoder left from another test."""
    monkeypatch.setattr(geocode, "Nominatim", FakeNominatim)
    monkeypatch.setattr(FakeNominatim, "answers", {"Handarat": HANDARAT})
    monkeypatch.setattr(FakeNominatim, "calls", [])
    monkeypatch.setenv(geocode.CONTACT_ENV, "newsroom@example.org")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    st.cache_resource.clear()
    return FakeNominatim


@pytest.fixture
def drawn(monkeypatch) -> list[list]:
    """The online lookups each run drew on the map."""
    lookups: list[list] = []
    map_of = build.map_of

    def spy(*args, **options):
        lookups.append(list(options.get("lookups", ())))
        return map_of(*args, **options)

    monkeypatch.setattr(build, "map_of", spy)
    return lookups


def test_should_disable_online_lookups_without_a_contact(page, fake, monkeypatch):
    monkeypatch.delenv(geocode.CONTACT_ENV)
    toggle = page().run().toggle(key=find_place.ONLINE)
    assert toggle.disabled and geocode.CONTACT_ENV in toggle.help


def test_should_look_a_name_up_online_only_when_asked_and_make_its_row_once_accepted(page, fake, drawn, monkeypatch,
                                                                                      tmp_path):
    rows = []
    gazetteer_row = newplace.gazetteer_row
    monkeypatch.setattr(newplace, "gazetteer_row", lambda *a, **k: rows.append(gazetteer_row(*a, **k)) or rows[-1])
    at = page().run()
    assert at.toggle(key=find_place.ONLINE).value is False  # off by default
    at.text_input(key=find_place.PLACE_QUERY).set_value("Handarat").run()
    assert not at.exception and fake.calls == [] and drawn[-1] == []
    assert any("Not in the gazetteer: Handarat. Did you mean" in i for i in text(at.info))

    at.toggle(key=find_place.ONLINE).set_value(True).run()
    assert not at.exception and fake.calls == ["Handarat"]
    (warning,) = text(at.warning)
    assert warning.startswith("UNVERIFIED: Handarat, Mount Simeon, Aleppo, Syria · lat 36.26250, lon 37.16080")
    assert [(f.query, f.verified) for f in drawn[-1]] == [("Handarat", False)]
    assert "UNVERIFIED" in layers.lookup_tooltip(drawn[-1][0])

    at.button(key=find_place.ACCEPT).click().run()
    assert not at.warning and any(s.startswith("VERIFIED (accepted by you)") for s in text(at.success))
    assert [(f.query, f.verified) for f in drawn[-1]] == [("Handarat", True)]
    assert at.download_button(key=find_place.DOWNLOAD_PLACE).disabled
    at.text_input(key=find_place.NEW_PLACE + "name_local").set_value("حندرات")
    at.text_input(key=find_place.NEW_PLACE + "name_local_lang").set_value("ar")
    at.selectbox(key=find_place.NEW_PLACE + "kind").set_value("town")
    at.selectbox(key=find_place.NEW_PLACE + "role").set_value("event")
    at.number_input(key=find_place.NEW_PLACE + "precision_m").set_value(1500)
    at.run()
    assert not at.exception and not at.download_button(key=find_place.DOWNLOAD_PLACE).disabled
    data, problems = rows[-1]
    assert problems == [] and fake.calls == ["Handarat"]

    folder = tmp_path / "data"
    shutil.copytree(SHIPPED, folder)
    with (folder / "gazetteer.csv").open("a", encoding="utf-8") as out:
        out.write(data.decode("utf-8").splitlines()[1] + "\n")
    place = evidence.load(folder).gazetteer.lookup("Handarat")
    assert (place.id, place.coord_source) == ("handarat", "OpenStreetMap Nominatim, node/123")
