"""Find a place (geo.app.find): a name is asked online only when lookups are on and the gazetteer cannot resolve
it; an online answer stays unverified until accepted; each answer is said as the panel shows it.

The online geocoder is geo.places.geocode's, with geopy's Nominatim replaced by a fake that answers from a table:
these tests never touch the network. The panel's wiring is tests/page/test_page_panels.py.
"""

from __future__ import annotations

import pytest
from geopy import exc
from geopy.location import Location
from geopy.point import Point

from geo.app import find
from geo.errors import GeocoderUnavailable
from geo.places import geocode

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
def online(monkeypatch, tmp_path) -> geocode.OnlineGeocoder:
    """An online geocoder asking the fake, with its answer cache in a scratch folder."""
    monkeypatch.setattr(geocode, "Nominatim", FakeNominatim)
    monkeypatch.setattr(FakeNominatim, "answers", {"Handarat": HANDARAT,
                                                   "Down": exc.GeocoderUnavailable("Network is unreachable")})
    monkeypatch.setattr(FakeNominatim, "calls", [])
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return geocode.OnlineGeocoder(contact="newsroom@example.org")


def _said(query, gazetteer, *, online=True, off=None, problem=None, found=None) -> find.Answer:
    return find.answer(query, gazetteer, online=online, off=off, problem=problem, found=found)


def test_should_ask_online_only_a_name_the_gazetteer_cannot_resolve_while_lookups_are_on(gazetteer):
    assert find.asked_online("Handarat", True, None, gazetteer)
    assert not find.asked_online("Handarat", False, None, gazetteer)  # off by default: the toggle starts off
    assert not find.asked_online("Handarat", True, "set EVACMAP_CONTACT", gazetteer)  # no contact: cannot be asked
    assert not find.asked_online("Ramoussa", True, None, gazetteer)  # the gazetteer resolves it
    assert not find.asked_online("", True, None, gazetteer)


def test_should_say_the_gazetteers_answer_and_never_offer_an_online_one(gazetteer):
    said = _said("Ramoussa", gazetteer)
    ((level, line),) = said.said
    assert level == "success" and line.startswith("In the gazetteer: al-Ramousah (ramousah)")
    assert said.offer is None


def test_should_say_an_unresolved_name_is_not_in_the_gazetteer_with_suggestions_while_offline(gazetteer):
    said = _said("Handarat", gazetteer, online=False)
    ((level, line),) = said.said
    assert level == "info" and line.startswith("Not in the gazetteer: Handarat. Did you mean")
    assert said == _said("Handarat", gazetteer, off="set EVACMAP_CONTACT")


def test_should_show_a_name_found_online_as_unverified_until_accepted(gazetteer, online):
    found = online.lookup("Handarat")
    said = _said("Handarat", gazetteer, found=found)
    level, line = said.said[-1]
    assert level == "warning" and said.offer == "accept" and FakeNominatim.calls == ["Handarat"]
    assert line.startswith("UNVERIFIED: Handarat, Mount Simeon, Aleppo, Syria · lat 36.26250, lon 37.16080")
    assert "OSM node/123 · source OpenStreetMap Nominatim" in line and find.CHECK_ON_MAP in line
    accepted = find.standing("Handarat", {"Handarat": found.accept()}, {"Handarat": found})
    said = _said("Handarat", gazetteer, found=accepted)
    assert said.said[-1][1].startswith("VERIFIED (accepted by you): Handarat, Mount Simeon")
    assert said.offer == "describe"


def test_should_say_unresolved_with_the_reason_when_nominatim_cannot_be_reached(gazetteer, online):
    with pytest.raises(GeocoderUnavailable) as refused:
        online.lookup("Down")
    said = _said("Down", gazetteer, problem=str(refused.value))
    level, line = said.said[-1]
    assert level == "error" and line.startswith("unresolved: OpenStreetMap Nominatim could not be reached")
    assert "Network is unreachable" in line and said.offer is None


def test_should_say_unresolved_when_nominatim_knows_no_such_place(gazetteer, online):
    said = _said("Xyzzyville", gazetteer, found=online.lookup("Xyzzyville"))
    assert FakeNominatim.calls == ["Xyzzyville"]
    assert said.said[-1] == ("info", "unresolved: OpenStreetMap Nominatim knows no place called Xyzzyville")


def test_should_let_an_accepted_answer_stand_over_the_one_looked_up():
    looked_up = geocode.Geocoded("Handarat", 36.2625, 37.1608, "Handarat")
    assert find.standing("Handarat", {}, {"Handarat": looked_up}) is looked_up
    assert find.standing("Handarat", {"Handarat": looked_up.accept()}, {"Handarat": looked_up}).verified
    assert find.standing("Handarat", {}, {"Handarat": None}) is None and find.standing("x", {}, {}) is None


def test_should_echo_a_two_million_character_name_only_as_an_excerpt_and_never_look_it_up(gazetteer, monkeypatch):
    query = "Ramoussa " * 222_223  # 2,000,007 characters
    monkeypatch.setattr(type(gazetteer), "resolve", lambda *_: pytest.fail("a 2M-character name was looked up"))
    assert not find.asked_online(query, True, None, gazetteer)
    said = find.answer(query, gazetteer, online=True, off=None, problem=None, found=None).said
    assert len(said) == 1 and said[0][0] == "warning" and len(said[0][1]) < 200
    assert "2,000,007" in said[0][1]
