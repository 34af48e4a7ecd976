"""A place placed by a click on the map (geo.app.placing): the click's point, and the row written only when editing."""

from __future__ import annotations

import csv
import io
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from geo.app import placing
from geo.data import evidence, validation
from tests.conftest import ROOT

GOOD = ROOT / "tests" / "bad_inputs" / "good"
NOW = datetime(2026, 12, 3, 11, 0, tzinfo=UTC)
FILLED = {"place_id": "screening_camp", "name": "Screening camp", "name_local": "مخيم", "name_local_lang": "ar",
          "kind": "camp",
          "role": "event", "precision_m": 300, "editor": "tester", "now": NOW}


@pytest.fixture
def case(tmp_path) -> Path:
    folder = tmp_path / "case"
    shutil.copytree(GOOD, folder)
    return folder


def _save(case: Path, **changed):
    options = {"editable": True, "point": (36.251234, 37.101234), "geonames": None,
               "note": "the camp's gate on a satellite image", **FILLED, **changed}
    return placing.save(case, evidence.load(case).gazetteer, **options)


@pytest.mark.parametrize(("clicked", "point"), [
    ({"lat": 36.2512345678, "lng": 37.1012345678}, (36.251235, 37.101235)),
    ({"lat": 36.25, "lng": 397.1}, (36.25, 37.1)),  # a map panned once round the globe
    (None, None), ({}, None), ({"lat": "36", "lng": 37}, None), ({"lat": 95.0, "lng": 37.0}, None),
    ({"lat": True, "lng": 37.0}, None),
])
def test_should_read_the_point_of_a_click_or_nothing(clicked, point):
    got = placing.clicked(clicked)
    assert got == point if point is None else got == pytest.approx(point)


def test_should_write_a_clicked_place_with_its_note_and_history_when_editing(case):
    saved = _save(case)
    assert saved.written == "screening_camp" and saved.said[0][0] == "success"
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO((case / "gazetteer.csv").read_text("utf-8")))}
    row = rows["screening_camp"]
    assert (row["lat"], row["lon"], row["precision_m"], row["kind"]) == ("36.251234", "37.101234", "300", "camp")
    assert row["point"] == "placed by hand: the camp's gate on a satellite image"
    assert row["coord_source"].endswith(": the camp's gate on a satellite image")
    assert validation.validate(case) == []
    (change,) = csv.DictReader(io.StringIO((case / "changes.csv").read_text("utf-8")))
    assert (change["editor"], change["file"], change["row_id"], change["field"]) == (
        "tester", "gazetteer.csv", "screening_camp", "*")
    assert change["time"] == "2026-12-03T11:00:00+00:00"


@pytest.mark.parametrize(("changed", "level", "said"), [
    ({"editable": False}, "info", "Editing is off on this link"),
    ({"note": "  "}, "error", "say how the point was placed"),
    ({"point": None}, "info", "click the map"),
    ({"place_id": "amiriyah"}, "error", "'amiriyah' is already a place"),
    ({"kind": "plant"}, "error", "kind: expected one of"),
    ({"precision_m": None}, "error", "precision_m"),
])
def test_should_write_nothing_and_say_why(case, changed, level, said):
    before = (case / "gazetteer.csv").read_bytes()
    saved = _save(case, **changed)
    assert saved.written is None and saved.said[0][0] == level and said in saved.said[0][1]
    assert (case / "gazetteer.csv").read_bytes() == before and not (case / "changes.csv").exists()
