"""Optional online geocoding, always with a fake geocoder: these tests never touch the network."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from geopy import exc
from geopy.location import Location
from geopy.point import Point

from geo import cli
from geo.errors import GeocoderUnavailable, GeoError
from geo.places import geocode

GOOD = Path(__file__).resolve().parent / "bad_inputs" / "good"
HANDARAT = Location("Handarat, Aleppo, Syria", Point(36.2625, 37.1608),
                    {"osm_type": "node", "osm_id": 123, "lat": "36.2625", "lon": "37.1608"})
HANDARAT_JSON = {
    "query": "Handarat", "id": None, "name": "Handarat, Aleppo, Syria", "lat": 36.2625, "lon": 37.1608,
    "matched_by": "nominatim", "verified": False, "source": "OpenStreetMap Nominatim", "osm": "node/123",
}


class FakeGeocoder:
    """Answers from a table, recording every call; an exception in the table is raised."""

    def __init__(self, answers: dict[str, object] | None = None):
        self.answers = answers or {}
        self.calls: list[tuple[str, dict]] = []

    def geocode(self, query: str, **options: object) -> object:
        self.calls.append((query, options))
        answer = self.answers.get(query)
        if isinstance(answer, BaseException):
            raise answer
        return answer


class HangingGeocoder(FakeGeocoder):
    """A geocoder whose request never returns, like a resolver that hangs."""

    def __init__(self):
        super().__init__()
        self.release = threading.Event()

    def geocode(self, query: str, **options: object) -> object:
        self.calls.append((query, options))
        self.release.wait(30)
        return None


@pytest.fixture
def cache(tmp_path: Path) -> geocode.GeocodeCache:
    return geocode.GeocodeCache(tmp_path / "cache" / geocode.CACHE_FILE)


def online(fake, cache, **options) -> geocode.OnlineGeocoder:
    return geocode.OnlineGeocoder(fake, cache=cache, **options)


def test_should_mark_a_found_place_unverified_with_its_address_and_source(cache):
    found = online(FakeGeocoder({"Handarat": HANDARAT}), cache, min_delay_seconds=0).lookup("Handarat")
    assert found == geocode.Geocoded("Handarat", 36.2625, 37.1608, "Handarat, Aleppo, Syria", osm="node/123")
    assert (found.verified, found.source) == (False, "OpenStreetMap Nominatim")
    assert found.to_json() == HANDARAT_JSON


def test_should_mark_a_result_verified_only_when_a_person_accepts_it(cache):
    found = online(FakeGeocoder({"Handarat": HANDARAT}), cache, min_delay_seconds=0).lookup("Handarat")
    accepted = found.accept()
    assert (found.verified, accepted.verified) == (False, True)
    assert (accepted.lat, accepted.lon, accepted.address) == (found.lat, found.lon, found.address)


def test_should_ask_with_a_timeout_a_syria_bias_and_one_answer(cache):
    fake = FakeGeocoder()
    online(fake, cache, min_delay_seconds=0).lookup("Handarat")
    assert fake.calls == [("Handarat", {"exactly_one": True, "timeout": 10.0, "language": "en",
                                        "viewbox": geocode.VIEWBOX, "bounded": False})]


def test_should_configure_the_rate_limiter_for_one_request_a_second_without_retries(cache):
    limiter = online(FakeGeocoder(), cache).rate_limiter
    assert (limiter.min_delay_seconds, limiter.max_retries, limiter.swallow_exceptions) == (1.0, 0, False)


def test_should_wait_a_second_between_two_requests(cache, monkeypatch):
    clock = [100.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        clock[0] += seconds

    monkeypatch.setattr("geopy.extra.rate_limiter.default_timer", lambda: clock[0])
    monkeypatch.setattr("geopy.extra.rate_limiter.sleep", sleep)
    geocoder = online(FakeGeocoder(), cache)
    geocoder.lookup("first")
    clock[0] += 0.25
    geocoder.lookup("second")
    assert slept == [pytest.approx(0.75)]


def test_should_ask_only_once_for_a_name_asked_before(cache):
    fake = FakeGeocoder({"Handarat": HANDARAT})
    geocoder = online(fake, cache, min_delay_seconds=0)
    first = geocoder.lookup("Handarat")
    again = geocoder.lookup("  handarat ")
    assert len(fake.calls) == 1
    assert (again.lat, again.lon, again.address, again.verified) == (first.lat, first.lon, first.address, False)


def test_should_keep_answers_on_disk_for_the_next_run(tmp_path):
    path = tmp_path / "nominatim.sqlite"
    online(FakeGeocoder({"Handarat": HANDARAT}), geocode.GeocodeCache(path), min_delay_seconds=0).lookup("Handarat")
    later = FakeGeocoder()
    found = online(later, geocode.GeocodeCache(path), min_delay_seconds=0).lookup("Handarat")
    assert later.calls == []
    assert found.osm == "node/123"


def test_should_remember_that_a_name_was_not_found(cache):
    fake = FakeGeocoder()
    geocoder = online(fake, cache, min_delay_seconds=0)
    assert geocoder.lookup("Nowhere") is None
    assert geocoder.lookup("Nowhere") is None
    assert len(fake.calls) == 1


def test_should_say_a_timeout_leaves_the_name_unresolved_and_stop_asking(cache):
    fake = FakeGeocoder({"Handarat": exc.GeocoderTimedOut("read timed out")})
    geocoder = online(fake, cache, min_delay_seconds=0)
    with pytest.raises(GeocoderUnavailable) as caught:
        geocoder.lookup("Handarat")
    assert str(caught.value) == "OpenStreetMap Nominatim did not answer within 10 s; 'Handarat' stays unresolved"
    with pytest.raises(GeocoderUnavailable, match=r"'Sheikh Saeed' stays unresolved \(it is asked again in 60 s\)"):
        geocoder.lookup("Sheikh Saeed")
    assert len(fake.calls) == 1
    assert cache.get("Handarat") == (False, None)


def test_should_ask_again_once_the_pause_after_a_failure_is_over(cache):
    now = [100.0]
    fake = FakeGeocoder({"Handarat": exc.GeocoderTimedOut("read timed out")})
    geocoder = online(fake, cache, min_delay_seconds=0, retry_after=60, clock=lambda: now[0])
    with pytest.raises(GeocoderUnavailable):
        geocoder.lookup("Handarat")
    now[0] += 59.5
    with pytest.raises(GeocoderUnavailable, match=r"asked again in 1 s"):
        geocoder.lookup("Handarat")
    assert len(fake.calls) == 1
    now[0] += 1
    fake.answers["Handarat"] = None  # the network is back; Nominatim knows no such place
    assert geocoder.lookup("Handarat") is None
    assert len(fake.calls) == 2


@pytest.mark.parametrize(
    "error",
    [exc.GeocoderUnavailable("Name or service not known"), exc.GeocoderServiceError("HTTP 500"),
     exc.GeocoderRateLimited("too many requests"), exc.GeocoderInsufficientPrivileges("HTTP 403"),
     ConnectionRefusedError(111, "Connection refused")],
)
def test_should_degrade_to_unresolved_when_the_service_cannot_be_used(cache, error):
    with pytest.raises(GeocoderUnavailable) as caught:
        online(FakeGeocoder({"Handarat": error}), cache, min_delay_seconds=0).lookup("Handarat")
    assert str(caught.value).startswith("OpenStreetMap Nominatim could not be reached (")
    assert isinstance(caught.value, GeoError) and isinstance(caught.value, ConnectionError)


def test_should_give_up_on_a_request_that_hangs_instead_of_hanging_too(cache):
    fake = HangingGeocoder()
    started = time.perf_counter()
    with pytest.raises(GeocoderUnavailable, match="did not answer within 0.2 s"):
        online(fake, cache, timeout=0.2, min_delay_seconds=0).lookup("Handarat")
    fake.release.set()
    assert time.perf_counter() - started < 3


def test_should_refuse_an_answer_with_impossible_coordinates(cache):
    broken = SimpleNamespace(latitude=123.0, longitude=37.0, address="Nowhere", raw={})
    with pytest.raises(GeocoderUnavailable, match="unusable answer for 'Nowhere'"):
        online(FakeGeocoder({"Nowhere": broken}), cache, min_delay_seconds=0).lookup("Nowhere")


def test_should_not_ask_about_an_empty_name(cache):
    fake = FakeGeocoder()
    assert online(fake, cache, min_delay_seconds=0).lookup("   ") is None
    assert fake.calls == []


def test_should_work_on_with_a_cache_file_it_cannot_open(tmp_path):
    path = tmp_path / "nominatim.sqlite"
    path.write_bytes(b"this is not a sqlite database" * 100)
    fake = FakeGeocoder({"Handarat": HANDARAT})
    geocoder = online(fake, geocode.GeocodeCache(path), min_delay_seconds=0)
    assert geocoder.lookup("Handarat").address == "Handarat, Aleppo, Syria"
    assert geocoder.lookup("Handarat") is not None and len(fake.calls) == 1
    assert path.read_bytes().startswith(b"this is not a sqlite database")


def test_should_identify_itself_with_version_and_contact(monkeypatch):
    monkeypatch.setenv(geocode.CONTACT_ENV, "maps@example.org")
    assert geocode.user_agent() == f"evacmap/{geocode.metadata.version('evacmap')} (+maps@example.org)"
    nominatim = geocode.OnlineGeocoder(cache=geocode.GeocodeCache(":memory:")).geocoder
    assert nominatim.headers["User-Agent"] == geocode.user_agent()
    assert nominatim.timeout == geocode.TIMEOUT_SECONDS


def test_should_refuse_to_ask_nominatim_without_a_contact(monkeypatch):
    monkeypatch.delenv(geocode.CONTACT_ENV, raising=False)
    with pytest.raises(GeocoderUnavailable, match="set EVACMAP_CONTACT"):
        geocode.OnlineGeocoder(cache=geocode.GeocodeCache(":memory:"))


def test_should_keep_the_cache_under_xdg_cache_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert geocode.GeocodeCache().path == tmp_path / "evacmap" / "nominatim.sqlite"


class FakeNominatim(FakeGeocoder):
    """Stands in for geopy's Nominatim class inside the CLI."""

    made: list[dict] = []

    def __init__(self, **options: object):
        super().__init__({"Handarat": HANDARAT, "Down": exc.GeocoderUnavailable("no network")})
        FakeNominatim.made.append(options)


@pytest.fixture
def fake_nominatim(monkeypatch, tmp_path):
    monkeypatch.setattr(geocode, "Nominatim", FakeNominatim)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv(geocode.CONTACT_ENV, "maps@example.org")
    FakeNominatim.made.clear()
    return FakeNominatim


def test_should_print_an_online_answer_as_unverified_from_resolve(fake_nominatim, capsys):
    code = cli.main(["--data", str(GOOD), "resolve", "Amerriye", "Handarat", "--geocode", "online"])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    assert lines[0]["id"] == "amiriyah" and lines[0]["matched_by"] == "alias"
    assert {key: lines[1][key] for key in HANDARAT_JSON} == HANDARAT_JSON
    assert fake_nominatim.made == [{"user_agent": geocode.user_agent(), "timeout": geocode.TIMEOUT_SECONDS}]


def test_should_leave_a_name_unresolved_and_say_why_when_nominatim_is_down(fake_nominatim, capsys):
    code = cli.main(["--data", str(GOOD), "resolve", "Down", "--geocode", "online"])
    out, err = capsys.readouterr()
    assert code == 1
    assert json.loads(out) == {"query": "Down", "id": None, "suggestions": []}
    assert err.startswith("evacmap resolve: OpenStreetMap Nominatim could not be reached (")
    assert err.rstrip().endswith("'Down' stays unresolved")


def test_should_say_what_is_missing_when_no_contact_is_set(fake_nominatim, monkeypatch, capsys):
    monkeypatch.delenv(geocode.CONTACT_ENV)
    assert cli.main(["--data", str(GOOD), "resolve", "Handarat", "--geocode", "online"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["id"] is None
    assert "set EVACMAP_CONTACT" in err
    assert fake_nominatim.made == []


def test_should_stay_offline_by_default(fake_nominatim, capsys):
    assert cli.main(["--data", str(GOOD), "resolve", "Handarat"]) == 1
    assert json.loads(capsys.readouterr().out) == {"query": "Handarat", "id": None, "suggestions": []}
    assert fake_nominatim.made == []
