"""The library says, through logging, what is slow or falls back; ``evacmap -v`` shows it on stderr."""

from __future__ import annotations

import contextlib
import logging

from geopy import exc

from geo.cli import main
from geo.data import csvfast, tablefile
from geo.data.schema import EVENTS
from geo.places import geocode
from tests.conftest import SHIPPED
from tests.test_geocode import HANDARAT, FakeGeocoder

EVENTS_CSV = SHIPPED / "events.csv"


def test_should_log_the_cache_fallback_when_the_cache_file_cannot_be_opened(tmp_path, caplog):
    path = tmp_path / "nominatim.sqlite"
    path.write_bytes(b"this is not a sqlite database" * 100)
    with caplog.at_level(logging.WARNING, logger="geo"):
        geocode.GeocodeCache(path)
    [record] = [r for r in caplog.records if r.name == "geo.places.geocode"]
    assert record.levelno == logging.WARNING
    assert str(path) in record.getMessage() and "in memory" in record.getMessage()


def test_should_log_a_failure_the_names_held_back_and_the_retry(tmp_path, caplog):
    now = [100.0]
    fake = FakeGeocoder({"Handarat": exc.GeocoderTimedOut("read timed out")})
    geocoder = geocode.OnlineGeocoder(fake, cache=geocode.GeocodeCache(tmp_path / "c.sqlite"), min_delay_seconds=0,
                                      retry_after=60, clock=lambda: now[0])
    with caplog.at_level(logging.INFO, logger="geo"):
        for step, name in ((0, "Handarat"), (30, "Sheikh Saeed"), (31, "Handarat")):
            now[0] += step
            fake.answers["Handarat"] = HANDARAT if step == 31 else fake.answers["Handarat"]
            with contextlib.suppress(geocode.GeocoderUnavailable):
                geocoder.lookup(name)
    messages = [r.getMessage() for r in caplog.records if r.name == "geo.places.geocode"]
    assert len(messages) == 4, messages
    assert "did not answer within 10 s" in messages[0] and "not asked again for 60 s" in messages[0]
    assert messages[1].startswith("'Sheikh Saeed' not asked") and messages[1].endswith("asked again in 30 s")
    assert messages[2].startswith("asking OpenStreetMap Nominatim again")
    assert messages[3].startswith("asked OpenStreetMap Nominatim for 'Handarat': found")


def test_should_log_why_a_file_is_left_to_the_exact_csv_reader(caplog):
    with caplog.at_level(logging.INFO, logger="geo"):
        assert csvfast.read_records(b'id,start\n"e1,2016\n', "broken.csv") is None
        frame, problems = tablefile.parse_csv(EVENTS_CSV.read_bytes().replace(b"\n", b"\n\xff", 1), EVENTS, "latin.csv")
    messages = [r.getMessage() for r in caplog.records]
    assert "broken.csv: not read by the fast CSV reader (a stray or unclosed quote); the exact reader reads it" in messages
    assert "latin.csv: not read by the fast CSV reader (bytes that are not UTF-8); the exact reader reads it" in messages
    assert any(m.startswith("latin.csv: 0 rows read by the exact CSV reader in ") for m in messages), messages


def test_should_log_nothing_at_info_for_a_file_the_fast_reader_takes(caplog):
    with caplog.at_level(logging.INFO, logger="geo"):
        assert csvfast.read_records(EVENTS_CSV.read_bytes(), "events.csv") is not None
    assert [r.getMessage() for r in caplog.records] == []


def test_should_show_export_progress_on_stderr_with_dash_v(capsys, tmp_path):
    out = tmp_path / "x.geojson"
    events = sum(1 for line in EVENTS_CSV.read_text(encoding="utf-8").splitlines()[1:] if line.startswith("e"))
    assert main(["-v", "export", "--format", "geojson", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"evacmap: INFO: geo.export.formats: geojson export: {events} of {events} events written (" in err
    assert "geojson export done in " in err and "read and checked in " in err


def test_should_show_debug_detail_with_dash_vv_and_nothing_without_v(capsys, tmp_path):
    assert main(["export", "--format", "csv", "-o", str(tmp_path / "a.csv")]) == 0
    assert capsys.readouterr().err == ""
    assert main(["export", "-vv", "--format", "csv", "-o", str(tmp_path / "b.csv")]) == 0
    err = capsys.readouterr().err
    assert "evacmap: DEBUG: geo.data.csvfast: events.csv: " in err and "rows read by the fast CSV reader" in err
    assert "evacmap: INFO: geo.export.formats: csv export: " in err
