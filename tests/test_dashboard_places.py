"""The dashboard's "Find a place", with a fake Nominatim: off by default, unverified until accepted, never hangs.

These tests never touch the network: ``geo.places.geocode.Nominatim`` is replaced by a fake
that answers from a table and records each call.
"""

from __future__ import annotations

import shutil

import pytest
import streamlit as st
from geopy import exc
from geopy.location import Location
from geopy.point import Point
from streamlit.testing.v1 import AppTest

from geo.data import evidence, newplace
from geo.data.cases import DATA_ENV
from geo.map import build
from geo.places import geocode
from panels import find_place
from tests.conftest import ROOT, SHIPPED

APP = str(ROOT / "dashboard.py")
HANDARAT = Location("Handarat, Mount Simeon, Aleppo, Syria", Point(36.2625, 37.1608),
                    {"osm_type": "node", "osm_id": 123, "lat": "36.2625", "lon": "37.1608"})


class FakeNominatim:
    """Stands in for geopy's Nominatim: answers from ``answers``, raising an exception found there."""

    answers: dict[str, object] = {}
    calls: list[str] = []

    def __init__(self, user_agent: str, timeout: float):
        self.user_agent = user_agent

    def geocode(self, query: str, **options: object) -> object:
        FakeNominatim.calls.append(query)
        answer = FakeNominatim.answers.get(query)
        if isinstance(answer, BaseException):
            raise answer
        return answer


@pytest.fixture
def fake(monkeypatch, tmp_path) -> type[FakeNominatim]:
    """A fake Nominatim, a contact set, the answer cache in a scratch folder, no geocoder left from another test."""
    monkeypatch.setattr(geocode, "Nominatim", FakeNominatim)
    monkeypatch.setattr(FakeNominatim, "answers", {"Handarat": HANDARAT})
    monkeypatch.setattr(FakeNominatim, "calls", [])
    monkeypatch.setenv(geocode.CONTACT_ENV, "newsroom@example.org")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv(DATA_ENV, raising=False)
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


def find(at: AppTest, name: str, online: bool = True) -> AppTest:
    at.text_input(key=find_place.PLACE_QUERY).set_value(name)
    if online:
        at.toggle(key=find_place.ONLINE).set_value(True)
    return at.run()


def text(elements) -> list[str]:
    return [e.value.replace("\\", "") for e in elements]  # the markdown source escapes punctuation


def test_should_keep_online_lookups_off_by_default(fake):
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert at.toggle(key=find_place.ONLINE).value is False
    at = find(at, "Handarat", online=False)
    assert not at.exception and fake.calls == []
    assert any("Not in the gazetteer: Handarat. Did you mean" in i for i in text(at.info))


def test_should_disable_online_lookups_without_a_contact(fake, monkeypatch):
    monkeypatch.delenv(geocode.CONTACT_ENV)
    at = AppTest.from_file(APP, default_timeout=60).run()
    toggle = at.toggle(key=find_place.ONLINE)
    assert toggle.disabled and geocode.CONTACT_ENV in toggle.help


def test_should_show_an_unresolved_name_found_online_as_unverified_until_accepted(fake, drawn, monkeypatch, tmp_path):
    rows = []
    gazetteer_row = newplace.gazetteer_row
    monkeypatch.setattr(newplace, "gazetteer_row", lambda *a, **k: rows.append(gazetteer_row(*a, **k)) or rows[-1])
    at = find(AppTest.from_file(APP, default_timeout=60).run(), "Handarat")
    assert not at.exception and fake.calls == ["Handarat"]
    (warning,) = text(at.warning)
    assert warning.startswith("UNVERIFIED: Handarat, Mount Simeon, Aleppo, Syria · lat 36.26250, lon 37.16080")
    assert "OSM node/123 · source OpenStreetMap Nominatim" in warning
    assert [(f.query, f.verified) for f in drawn[-1]] == [("Handarat", False)]
    assert "UNVERIFIED" in build.lookup_tooltip(drawn[-1][0])

    at.button(key=find_place.ACCEPT).click().run()
    assert not at.warning and any(s.startswith("VERIFIED (accepted by you)") for s in text(at.success))
    assert [(f.query, f.verified) for f in drawn[-1]] == [("Handarat", True)]
    assert at.download_button(key=find_place.DOWNLOAD_PLACE).disabled
    at.text_input(key=find_place.NEW_PLACE + "name_ar").set_value("حندرات")
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


def test_should_say_unresolved_with_the_reason_when_nominatim_cannot_be_reached(fake):
    fake.answers = {"Handarat": exc.GeocoderUnavailable("Network is unreachable")}
    at = find(AppTest.from_file(APP, default_timeout=60).run(), "Handarat")
    assert not at.exception
    (error,) = text(at.error)
    assert error.startswith("unresolved: OpenStreetMap Nominatim could not be reached")
    assert "Network is unreachable" in error and not at.warning


def test_should_say_unresolved_when_nominatim_knows_no_such_place(fake):
    at = find(AppTest.from_file(APP, default_timeout=60).run(), "Xyzzyville")
    assert fake.calls == ["Xyzzyville"]
    assert "unresolved: OpenStreetMap Nominatim knows no place called Xyzzyville" in text(at.info)


def test_should_never_ask_online_about_a_name_the_gazetteer_resolves(fake, drawn):
    at = find(AppTest.from_file(APP, default_timeout=60).run(), "Ramoussa")
    assert not at.exception and fake.calls == [] and drawn[-1] == []
    assert any(s.startswith("In the gazetteer: al-Ramousah (ramousah)") for s in text(at.success))
