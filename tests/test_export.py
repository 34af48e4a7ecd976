"""Exports: GeoJSON in [lon, lat], CSV that loads back as data, ACLED's columns, atomic writes."""

from __future__ import annotations

import csv
import io
import json
import os
from datetime import date
from pathlib import Path

import pandas as pd
import pytest

from geo import export
from geo.claims import Claim
from geo.cli import main
from geo.data import evidence, schema
from geo.errors import ExportError
from geo.export import mapfile
from geo.map import assets
from geo.run.selection import Selection
from geo.run.view import View, parse_moment
from tests import csv_rows
from tests.conftest import ROOT, ZONE

HOSTILE = '=HYPERLINK("http://x.invalid","click"), </script><script>alert(1)</script> `${x}` \\ "quoted"\nsecond line'


def day(text: str) -> View:
    return View(start=parse_moment(text, "start", zone=ZONE),
                end=parse_moment(text, "end", end_of_day=True, zone=ZONE))


def rows(data: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(data.decode("utf-8"))))


@pytest.fixture
def hostile(data_copy: Path) -> evidence.Evidence:
    """The shipped data with one event's summary and actors made of markup, formulas and quotes."""
    path = data_copy / "events.csv"
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    frame.loc[frame["id"] == "e025", "summary"] = HOSTILE
    frame.loc[frame["id"] == "e025", "actors"] = "<b>bold</b>|a, b"
    frame.to_csv(path, index=False)
    return evidence.load(data_copy)


def test_should_write_geojson_positions_as_lon_then_lat(shipped):
    collection = json.loads(export.render(shipped, day("2016-12-15"), "geojson"))
    points = [f for f in collection["features"] if f["geometry"]["type"] == "Point"]
    assert collection["type"] == "FeatureCollection" and "crs" not in collection
    assert points
    for feature in points:
        place = shipped.place(feature["properties"]["place_id"])
        assert feature["geometry"]["coordinates"] == [place.lon, place.lat]


def test_should_export_exactly_the_views_events_and_corridors(shipped):
    view = day("2016-12-15")
    collection = json.loads(export.render(shipped, view, "geojson"))
    ids = {f["properties"]["feature"]: [] for f in collection["features"]}
    for feature in collection["features"]:
        ids[feature["properties"]["feature"]].append(feature["id"])
    assert ids["event"] == csv_rows.events(csv_rows.local_day(date(2016, 12, 15)))
    assert ids["corridor"] == [c.id for c in view.corridors(shipped)]


def test_should_draw_each_corridor_as_a_linestring_along_its_waypoints(shipped):
    collection = json.loads(export.render(shipped, View(), "geojson"))
    lines = {f["id"]: f for f in collection["features"] if f["geometry"]["type"] == "LineString"}
    for corridor in shipped.corridors:
        coordinates = lines[corridor.id]["geometry"]["coordinates"]
        assert coordinates == [[w.lon, w.lat] for w in corridor.waypoints]
        assert lines[corridor.id]["properties"]["active_from"] == corridor.active_from.isoformat()


def test_should_carry_every_event_property_into_geojson(shipped):
    feature = json.loads(export.render(shipped, View(), "geojson"))["features"][0]
    properties = feature["properties"]
    assert set(schema.EVENTS.names) <= set(properties)
    assert properties["start"].endswith("+00:00") and isinstance(properties["sources"], list)
    assert {"place_name", "type_label", "claims", "citations"} <= set(properties)


def test_should_write_the_events_csv_schema_with_utc_times(shipped):
    view = day("2016-12-15")
    data = export.render(shipped, view, "csv")
    header = data.decode("utf-8").splitlines()[0].split(",")
    table = rows(data)
    assert tuple(header) == (*schema.EVENTS.names, "outlets")
    assert [r["id"] for r in table] == csv_rows.events(csv_rows.local_day(date(2016, 12, 15)))
    assert all(r["start"].endswith("+00:00") for r in table)


def test_should_load_an_exported_csv_back_as_the_same_events(shipped, data_copy):
    (data_copy / "events.csv").write_bytes(export.render(shipped, View(), "csv"))
    again = evidence.load(data_copy)
    pd.testing.assert_frame_equal(again.events, shipped.events)


def test_should_write_acleds_columns_in_acleds_order(shipped):
    data = export.render(shipped, day("2016-12-15"), "acled", timestamp=1_700_000_000)
    header = data.decode("utf-8").splitlines()[0].split(",")
    assert header == list(export.ACLED_COLUMNS)
    table = rows(data)
    shown = csv_rows.events(csv_rows.local_day(date(2016, 12, 15)))
    assert [r["event_id_cnty"] for r in table] == [f"SYR-evacmap-{i}" for i in shown]
    assert {(r["iso"], r["region"], r["country"]) for r in table} == {("760", "Middle East", "Syria")}
    assert {r["timestamp"] for r in table} == {"1700000000"}


def test_should_map_event_types_onto_acleds_categories(shipped):
    table = rows(export.render(shipped, View(), "acled"))
    for row, (_, event) in zip(table, shipped.events.iterrows()):
        kind = shipped.event_types[event["type"]]
        assert (row["disorder_type"], row["event_type"], row["sub_event_type"]) == (
            kind.acled_disorder_type, kind.acled_event_type, kind.acled_sub_event_type)
        assert row["notes"] == event["summary"]
        assert (float(row["latitude"]), float(row["longitude"])) == (event["lat"], event["lon"])


def test_should_fill_admin1_from_the_places_governorate(shipped):
    table = {r["event_id_cnty"]: r for r in rows(export.render(shipped, View(), "acled"))}
    # amiriyah's parent is aleppo, whose parent is aleppo_governorate (data/gazetteer.csv)
    amiriyah = shipped.events.loc[shipped.events["place_id"] == "amiriyah", "id"].iloc[0]
    assert table[f"SYR-evacmap-{amiriyah}"]["admin1"] == shipped.place("aleppo_governorate").name


def test_should_count_only_exact_killed_claims_as_fatalities_and_the_lowest_of_them():
    def killed(value, qualifier="exact", quantity="killed"):
        return Claim("c", "e", quantity, qualifier, "people", "someone", "s", value=value)

    assert export.fatalities([killed(12), killed(9), killed(40, "at_least")]) == 9
    assert export.fatalities([killed(1000, "nearly"), killed(30, quantity="wounded")]) == 0
    assert export.fatalities([]) == 0


def test_should_keep_hostile_text_in_geojson_and_make_its_formula_inert_in_csv_and_acled(hostile):
    view = View()
    csv_row = next(r for r in rows(export.render(hostile, view, "csv")) if r["id"] == "e025")
    acled_row = next(r for r in rows(export.render(hostile, view, "acled")) if r["event_id_cnty"].endswith("e025"))
    feature = next(f for f in json.loads(export.render(hostile, view, "geojson"))["features"] if f["id"] == "e025")
    assert feature["properties"]["summary"] == HOSTILE
    assert csv_row["summary"] == acled_row["notes"] == "'" + HOSTILE  # a spreadsheet shows it, never runs it
    raw = next(r for r in rows(export.render(hostile, view, "csv", raw=True)) if r["id"] == "e025")
    assert raw["summary"] == HOSTILE
    assert csv_row["actors"] == "<b>bold</b>|a, b"
    assert feature["properties"]["actors"] == ["<b>bold</b>", "a, b"]


def test_should_never_let_hostile_text_become_markup_in_the_html_map(hostile):
    page = export.render(hostile, View(), "html").decode("utf-8")
    assert "<script>alert(1)</script>" not in page
    assert "<b>bold</b>" not in page


def test_should_give_the_html_map_a_title_and_a_playback_control(shipped):
    view = day("2016-12-15")
    page = export.render(shipped, view, "html").decode("utf-8")
    assert json.dumps(mapfile.title(Selection.of(shipped, view)))[1:-1] in page
    assert "evacmap-playback" in page and "window.evacmapPlayback" in page


def test_should_refuse_an_unknown_format_or_option(shipped):
    with pytest.raises(ExportError, match="expected one of html, png, gif, mp4, geojson, csv, acled"):
        export.render(shipped, View(), "kml")
    with pytest.raises(ExportError, match="unknown option"):
        export.render(shipped, View(), "csv", width=10)


def test_should_name_files_after_the_case_and_the_window(shipped):
    assert export.filename(shipped, day("2016-12-15"), "acled") == "evacmap_aleppo-2016-12_2016-12-15_2016-12-15_acled.csv"


def test_should_write_atomically_and_refuse_to_overwrite_without_force(tmp_path):
    target = tmp_path / "out.csv"
    export.write(target, b"first")
    with pytest.raises(ExportError, match="already exists; use --force"):
        export.write(target, b"second")
    assert target.read_bytes() == b"first"
    export.write(target, b"third", force=True)
    assert target.read_bytes() == b"third"
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_should_leave_no_file_behind_when_a_write_fails(tmp_path):
    target = tmp_path / "out.csv"
    with pytest.raises(TypeError):
        export.write(target, "not bytes")  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_should_give_exported_files_the_usual_permissions(tmp_path):
    umask = os.umask(0o022)
    try:
        path = export.write(tmp_path / "out.csv", b"x")
    finally:
        os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o644


@pytest.mark.parametrize("where", ["folder", "missing"])
def test_should_say_what_is_wrong_with_a_bad_target(tmp_path, where):
    target = tmp_path if where == "folder" else tmp_path / "nowhere" / "out.csv"
    with pytest.raises(ExportError, match="is a folder" if where == "folder" else "does not exist"):
        export.write(target, b"x")


def test_should_export_from_the_command_line_and_refuse_to_overwrite(tmp_path, capsys):
    target = tmp_path / "day.geojson"
    argv = ["export", "--start", "2016-12-15", "--end", "2016-12-15", "--format", "geojson", "-o", str(target)]
    assert main(argv) == 0
    assert "wrote" in capsys.readouterr().out
    assert main(argv) == 2
    assert "already exists" in capsys.readouterr().err
    assert main([*argv, "--force", "--types", "departure,arrival"]) == 0
    kinds = {f["properties"]["type"] for f in json.loads(target.read_text())["features"] if f["properties"]["feature"] == "event"}
    assert kinds == {"departure", "arrival"}


def test_should_refuse_a_png_size_for_other_formats(tmp_path, capsys):
    assert main(["export", "--format", "csv", "-o", str(tmp_path / "x.csv"), "--width", "800"]) == 2
    assert "png, gif, mp4 only" in capsys.readouterr().err


def test_should_refuse_a_step_or_frame_rate_for_formats_that_do_not_play(tmp_path, capsys):
    assert main(["export", "--format", "png", "-o", str(tmp_path / "x.png"), "--fps", "2"]) == 2
    assert "--step, --fps and --skip-empty apply to --format gif, mp4 only" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_should_read_the_offline_setting():
    assert assets.setting({}) is None
    assert assets.setting({"EVACMAP_OFFLINE": "1"}) == "inline"
    assert assets.setting({"EVACMAP_OFFLINE": "file"}) == "file"
    with pytest.raises(ExportError, match="EVACMAP_OFFLINE"):
        assets.setting({"EVACMAP_OFFLINE": "maybe"})


def test_should_refuse_a_cdn_address_with_no_known_package():
    with pytest.raises(ExportError, match="add it to geo.map.assets.MIRRORS"):
        assets.local_file("https://cdn.example.invalid/lib.js")


def test_should_have_a_local_copy_of_every_script_and_style_the_map_loads(shipped, vendored):
    page = export.render(shipped, View(), "html", offline="inline").decode("utf-8")
    assert assets.cdn_links(page) == []
    assert "data:text/javascript;base64," in page


def test_should_document_every_event_types_acled_mapping(shipped):
    documented = (ROOT / "docs" / "acled.md").read_text(encoding="utf-8")
    for kind in shipped.event_types.values():
        row = (f"| `{kind.id}` | {kind.label} | {kind.acled_disorder_type} | {kind.acled_event_type} | "
               f"{kind.acled_sub_event_type} |")
        assert row in documented
    assert all(f"`{column}`" in documented for column in export.ACLED_COLUMNS)


def test_should_say_what_to_install_when_no_browser_can_start(shipped, monkeypatch):
    monkeypatch.setattr(mapfile, "find_chromium", lambda: "/nonexistent/chromium")
    with pytest.raises(ExportError, match="apt-get install chromium.*pip install playwright"):
        export.render(shipped, View(), "png")


def test_should_refuse_a_chromium_setting_that_is_not_a_program(monkeypatch, tmp_path):
    monkeypatch.setenv(mapfile.CHROMIUM_ENV, str(tmp_path / "chromium"))
    with pytest.raises(ExportError, match="EVACMAP_CHROMIUM"):
        mapfile.find_chromium()


@pytest.mark.parametrize("size", [0, 100_000, 1.5, True])
def test_should_refuse_a_picture_size_out_of_range(shipped, size):
    with pytest.raises(ExportError, match="width: expected a whole number of pixels"):
        export.render(shipped, View(), "png", width=size)


def test_should_never_serve_a_file_outside_a_vendored_package(tmp_path):
    (tmp_path / "leaflet@1.9.3").mkdir()
    with pytest.raises(ExportError, match="outside its package"):
        assets.local_file("https://cdn.jsdelivr.net/npm/leaflet@1.9.3/../../secret.txt", tmp_path)


# By hand from data/events.csv and data/sources.csv: e016 cites four reports of four outlets,
# none relaying another (the photo gallery's scale is Other, the rest International);
# e041 cites RT alone.
HAND_COUNTED = {"e016": ("4", "Other-International"), "e041": ("1", "International")}


def test_should_carry_the_outlet_count_in_every_tabular_export(shipped):
    features = {f["id"]: f["properties"] for f in json.loads(export.render(shipped, View(), "geojson"))["features"]}
    table = {r["id"]: r for r in rows(export.render(shipped, View(), "csv"))}
    acled = {r["event_id_cnty"]: r for r in rows(export.render(shipped, View(), "acled"))}
    for event_id, (outlets, scale) in HAND_COUNTED.items():
        assert features[event_id]["outlets"] == int(outlets)
        assert table[event_id]["outlets"] == outlets
        assert acled[f"SYR-evacmap-{event_id}"]["outlets"] == outlets
        assert acled[f"SYR-evacmap-{event_id}"]["source_scale"] == scale
