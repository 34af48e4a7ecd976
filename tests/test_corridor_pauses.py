"""Corridor pauses: the days an evacuation was stopped, when the map draws no corridor in use.

Expected values are worked out by hand from the dates in the case files (``corridor_pauses.csv``,
``events.csv``, ``sources.csv``) or from tests/csv_rows.py, which reads the CSV rows without geo.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pytest

from geo.cli import main
from geo.corridors import Corridor, Pause, Waypoint
from geo.data import asof, evidence
from geo.data.validation import validate
from geo.map import playback
from geo.map.popups import in_use_text
from geo.run.view import View
from tests import csv_rows
from tests.conftest import DATA, ZONE

DECEMBER = DATA / "aleppo-2016-12"
SECOND = timedelta(seconds=1)
ROUTE = (Waypoint(0, 0), Waypoint(0, 1))


def moment(day: int, hour: int = 0) -> datetime:
    return datetime(2016, 12, day, hour, tzinfo=UTC)


def corridor(*pauses: Pause) -> Corridor:
    return Corridor("c", "test", active_from=moment(15), active_until=moment(22), waypoints=ROUTE, description="",
                    sources=(), pauses=pauses)


def test_should_leave_each_pause_out_of_the_time_in_use():
    route = corridor(Pause(moment(17), moment(19), ("e1", "e2")))
    assert route.spans_in_use == ((moment(15), moment(17)), (moment(19), moment(22)))


def test_should_be_in_use_in_a_window_that_reaches_past_a_pause_but_not_in_one_inside_it():
    route = corridor(Pause(moment(17), moment(19), ("e1",)))
    assert not route.active_during(moment(17), moment(19))  # a window [start, end) inside the pause
    assert not route.active_during(moment(17, 6), moment(18, 6))
    assert route.active_during(moment(16, 12), moment(17, 6))
    assert route.active_during(moment(19), moment(19) + SECOND)  # convoys set out again at the pause's end
    assert not route.active_during(moment(22), moment(23))  # in use until 22 Dec 00:00, not after it
    assert not route.active_during(moment(14), moment(15))  # nor before it began


def test_should_refuse_a_pause_outside_the_time_in_use_or_overlapping_another():
    with pytest.raises(ValueError, match="not inside its time in use"):
        corridor(Pause(moment(14), moment(16), ("e1",)))
    with pytest.raises(ValueError, match="begins before the one"):
        corridor(Pause(moment(16), moment(18), ("e1",)), Pause(moment(17), moment(20), ("e2",)))
    with pytest.raises(ValueError, match="is not after it"):
        Pause(moment(18), moment(18), ("e1",))


def test_should_draw_the_aleppo_corridor_on_no_day_of_the_weekend_stop():
    # corridor_pauses.csv: stopped from Saturday 17 December 00:00 to Monday 19 December 00:00 (Aleppo time), and
    # from Wednesday 21 December 00:00 to 14:00 GMT that day (buses left on Tuesday 20 December, so it stays in use)
    shipped = evidence.load(DECEMBER)
    in_use = {day: "aleppo_corridor" in [c.id for c in View(start=csv_rows.local_day(date(2016, 12, day))[0],
                                                            end=csv_rows.local_day(date(2016, 12, day))[1]
                                                            ).corridors(shipped)]
              for day in range(15, 23)}
    assert in_use == {15: True, 16: True, 17: False, 18: False, 19: True, 20: True, 21: True, 22: True}
    assert in_use == {day: "aleppo_corridor" in csv_rows.corridors_in_use(csv_rows.local_day(date(2016, 12, day)),
                                                                           DECEMBER)
                      for day in range(15, 23)}


def test_should_play_a_stopped_corridor_as_one_line_a_span_in_use():
    shipped = evidence.load(DECEMBER)
    data = playback.playback_data(shipped, View())
    spans = [(c[1], c[2]) for c in data["corridors"] if c[4] == "Humanitarian corridor: eastern Aleppo to Rashidin"]
    # active 15 Dec 00:30 GMT .. 22 Dec 22:00 GMT, less 16 Dec 22:00 .. 18 Dec 22:00 and 20 Dec 22:00 .. 21 Dec 14:00
    assert spans == [(int(moment(15).timestamp()) + 1800, int(moment(16, 22).timestamp())),
                     (int(moment(18, 22).timestamp()), int(moment(20, 22).timestamp())),
                     (int(moment(21, 14).timestamp()), int(moment(22, 22).timestamp()))]


def test_should_say_in_the_corridor_popup_when_it_was_stopped_and_by_which_events():
    route = corridor(Pause(moment(16, 22), moment(18, 22), ("e044", "e047")))
    text = in_use_text(route, ZONE)
    assert "; stopped " in text and "(e044, e047)" in text
    assert text.count("–") == 2


def test_should_keep_a_pause_as_known_once_a_report_of_its_halt_was_published():
    shipped = evidence.load(DECEMBER)
    # e044 (the Friday stop) was published on 16 December, e051 and e052 on 21 December
    then = {c.id: [p.events for p in c.pauses] for c in asof.as_of(shipped, date(2016, 12, 18)).corridors}
    assert then["aleppo_corridor"] == [("e044", "e047")]


def test_should_export_a_corridors_pauses_in_geojson(capsys, tmp_path):
    out = tmp_path / "view.geojson"
    assert main(["--case", "aleppo-2016-12", "export", "--format", "geojson", "--output", str(out)]) == 0
    capsys.readouterr()
    lines = [json.loads(line.rstrip(",")) for line in out.read_text(encoding="utf-8").splitlines()
             if line.startswith('{"type": "Feature"') or line.startswith('{"type":"Feature"')]
    paused = {f["id"]: f["properties"]["paused"] for f in lines if f["properties"].get("feature") == "corridor"}
    assert paused["aleppo_corridor"] == [
        {"from": "2016-12-16T22:00:00+00:00", "until": "2016-12-18T22:00:00+00:00", "events": ["e044", "e047"]},
        {"from": "2016-12-20T22:00:00+00:00", "until": "2016-12-21T14:00:00+00:00", "events": ["e051", "e052"]}]
    assert paused["foua_kefraya_route"] == []


def _case_with_pauses(tmp_path, rows: str):
    folder = tmp_path / "case"
    folder.mkdir()
    for f in DECEMBER.iterdir():
        if f.is_file():
            (folder / f.name).write_bytes(f.read_bytes())
    (folder / "corridor_pauses.csv").write_text("corridor_id,from,until,events,note\n" + rows, encoding="utf-8")
    return folder


def test_should_name_the_line_of_a_pause_that_ends_before_it_begins_overlaps_another_or_lies_outside(tmp_path):
    folder = _case_with_pauses(tmp_path, (
        "aleppo_corridor,2016-12-18T00:00:00+00:00,2016-12-17T00:00:00+00:00,e044,\n"
        "aleppo_corridor,2016-12-19T00:00:00+00:00,2016-12-20T00:00:00+00:00,e044,\n"
        "aleppo_corridor,2016-12-19T12:00:00+00:00,2016-12-21T00:00:00+00:00,e044,\n"
        "idlib_route,2016-12-20T00:00:00+00:00,2016-12-21T00:00:00+00:00,e044,\n"))
    found = {(p.file, p.line, p.column): p.message for p in validate(folder)}
    assert found[("corridor_pauses.csv", 2, "until")] == "until is not after from"
    assert "overlaps an earlier pause" in found[("corridor_pauses.csv", 4, "from")]
    assert "outside corridor 'idlib_route'" in found[("corridor_pauses.csv", 5, "from")]
    assert len(found) == 3


def test_should_draw_no_corridor_on_the_day_before_it_began_or_after_it_ended():
    # April's Foua-Kefraya route is in use from 14 April 00:00 local (13 April 21:00 GMT); the Madaya-Zabadani
    # route of 14-16 April until 17 April 00:00 local (16 April 21:00 GMT): neither on 13 nor on 17 April
    april = evidence.load(DATA / "four-towns-2017-04")

    def drawn(day: int) -> set[str]:
        start = datetime(2017, 4, day, tzinfo=UTC) - timedelta(hours=3)
        return {c.id for c in View(start=start, end=start + timedelta(days=1)).corridors(april)}

    assert "foua_kefraya_to_jibrin" not in drawn(13) and "foua_kefraya_to_jibrin" in drawn(14)
    assert "madaya_zabadani_to_idlib" in drawn(16) and "madaya_zabadani_to_idlib" not in drawn(17)
