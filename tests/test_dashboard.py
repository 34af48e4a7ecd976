"""The dashboard, run headless with Streamlit's AppTest: timeline, filters, links, selection, errors."""

from datetime import date, datetime, timedelta

import pytest
from streamlit.testing.v1 import AppTest

import dashboard
from geo.data.cases import DATA_ENV
from geo.view import from_params
from panels import add_reports, below_map, details, state
from tests import csv_rows
from tests.conftest import ROOT, ZONE

APP = str(ROOT / "dashboard.py")


@pytest.fixture
def app(monkeypatch) -> AppTest:
    """The dashboard on the shipped data, online assets, not yet run."""
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.delenv("EVACMAP_OFFLINE", raising=False)
    return AppTest.from_file(APP, default_timeout=30)


def _metric(at: AppTest, label: str) -> int:
    return int(next(m for m in at.metric if m.label == label).value.replace(",", ""))


def _events(at: AppTest) -> int:
    return _metric(at, "Events")


def _day(text: str) -> tuple[datetime, datetime]:
    return csv_rows.local_day(date.fromisoformat(text))


def _local_day(text: str) -> tuple[datetime, datetime]:
    """The local day as the slider holds it: wall-clock time in the case's zone."""
    start, end = _day(text)
    return start.astimezone(ZONE), end.astimezone(ZONE)


def _local(year, month, day, hour=0) -> datetime:
    return datetime(year, month, day, hour, tzinfo=ZONE)


def _slide(at: AppTest, start: datetime, end: datetime) -> AppTest:
    """Move the slider to show [start, end): its handles hold the first and the last hour, both inclusive."""
    return at.slider(key=dashboard.SLIDER).set_value((start, end - timedelta(hours=1))).run()


def test_should_run_and_show_every_event_claim_and_corridor_at_first(app):
    at = app.run()
    assert not at.exception
    every = csv_rows.events()
    assert _events(at) == len(every) == len(csv_rows.rows("events.csv"))
    assert _metric(at, "Claims") == len(csv_rows.rows("claims.csv"))
    assert _metric(at, "Corridors in use") == len(csv_rows.rows("corridors.csv"))
    assert not at.warning and not at.error
    assert dict(at.query_params) == {"case": "aleppo-2016-12"}  # data/ holds two cases: the link names the one shown


def test_should_count_the_events_claims_and_corridors_of_the_range_the_slider_is_moved_to(app):
    at = app.run()
    window = (_local(2016, 12, 15, 14), _local(2016, 12, 19, 12))
    _slide(at, *window)
    assert not at.exception
    expected = csv_rows.events((csv_rows.local_hour(2016, 12, 15, 14), csv_rows.local_hour(2016, 12, 19, 12)))
    assert _events(at) == len(expected)
    assert _metric(at, "Claims") == len(csv_rows.claims_about(expected))
    assert _metric(at, "Corridors in use") == 3  # all three were in use on the afternoon of 15 December
    assert at.query_params["start"] == "2016-12-15T14:00" and at.query_params["end"] == "2016-12-19T12:00"


def test_should_show_the_five_events_of_19_and_20_december(app):
    at = app.run()
    _slide(at, _local(2016, 12, 19), _local(2016, 12, 21))
    assert _events(at) == len(csv_rows.events((_day("2016-12-19")[0], _day("2016-12-20")[1]))) == 5
    assert _metric(at, "Corridors in use") == 1  # only the Aleppo corridor, until the end of 20 December


# counted by hand: the rows of data/events.csv whose span overlaps the Aleppo day
@pytest.mark.parametrize(("day", "count"), [("2016-12-15", 30), ("2016-12-19", 4), ("2016-12-20", 1)])
def test_should_show_a_day_when_the_window_is_set_to_it(app, day, count):
    """What a click on the day's bar does (the click itself is a browser test: AppTest cannot click a chart)."""
    at = app.run()
    _slide(at, *_local_day(day))
    assert not at.exception
    expected = csv_rows.events(_day(day))
    assert _events(at) == len(expected) == count
    assert _metric(at, "Claims") == len(csv_rows.claims_about(expected))
    assert at.query_params["start"] == day and at.query_params["end"] == day


def test_should_go_back_to_all_days(app):
    app.query_params["start"] = "2016-12-15"
    at = app.run()
    at.button(key=dashboard.ALL_DAYS).click().run()
    assert _events(at) == len(csv_rows.rows("events.csv"))
    assert "start" not in at.query_params


@pytest.mark.parametrize(("key", "value", "param"), [
    (state.TYPES, ["arrival", "departure"], "types"),
    (state.SOURCES, ["anadolu_20161220"], "sources"),
    (state.PLACES, ["rashidin"], "places"),
])
def test_should_filter_by_each_filter(app, key, value, param):
    at = app.run()
    at.multiselect(key=key).set_value(value).run()
    assert not at.exception
    expected = csv_rows.events(**{param: tuple(value)})
    assert 0 < _events(at) == len(expected) < len(csv_rows.rows("events.csv"))
    assert _metric(at, "Claims") == len(csv_rows.claims_about(expected))
    assert at.query_params[param] == ",".join(value)


LAST = csv_rows.local_hour(2016, 12, 23)  # after every event's end


@pytest.mark.parametrize(("params", "window", "filters"), [
    ({"start": "2016-12-15", "end": "2016-12-15"}, _day("2016-12-15"), {}),
    ({"start": "2016-12-15T14:00", "end": "2016-12-19T12:00"},
     (csv_rows.local_hour(2016, 12, 15, 14), csv_rows.local_hour(2016, 12, 19, 12)), {}),
    ({"types": "gathering"}, None, {"types": ("gathering",)}),
    ({"sources": "reuters_20161215,rt_20161215"}, None, {"sources": ("reuters_20161215", "rt_20161215")}),
    ({"places": "amiriyah,rashidin"}, None, {"places": ("amiriyah", "rashidin")}),
    ({"start": "2016-12-19", "types": "arrival,gathering", "places": "rashidin"}, (_day("2016-12-19")[0], LAST),
     {"types": ("arrival", "gathering"), "places": ("rashidin",)}),
])
def test_should_open_the_view_a_link_describes(app, shipped, params, window, filters):
    for name, value in params.items():
        app.query_params[name] = value
    at = app.run()
    assert not at.exception and not at.warning
    assert _events(at) == len(csv_rows.events(window, **filters))
    rewritten = from_params(dict(at.query_params), shipped)[0]
    assert list(rewritten.apply(shipped)["id"]) == list(from_params(params, shipped)[0].apply(shipped)["id"])


def test_should_select_the_event_a_link_names(app, shipped):
    app.query_params["event"] = "e014"
    app.session_state[below_map.PANEL] = "Events list"
    at = app.run()
    assert not at.exception
    assert at.session_state[state.SELECTED] == "e014"
    assert any("Amiriyah" in s.value for s in at.subheader)
    listed = list(next(t.value for t in at.dataframe if "Summary" in t.value)["id"])
    assert at.session_state[below_map.TABLE]["selection"]["rows"] == [listed.index("e014")]


@pytest.mark.parametrize(("name", "value"), [
    ("start", "yesterday"), ("end", "2016-13-40"), ("types", "parade"), ("sources", "bbc"),
    ("places", "<script>"), ("event", "e999"),
])
def test_should_warn_about_a_bad_parameter_and_show_the_default(app, name, value):
    app.query_params[name] = value
    at = app.run()
    assert not at.exception
    assert len(at.warning) == 1 and name in at.warning[0].value
    assert _events(at) == len(csv_rows.rows("events.csv"))


def test_should_warn_when_the_linked_event_is_outside_the_window(app):
    app.query_params.update({"start": "2016-12-19", "event": "e014"})
    at = app.run()
    assert len(at.warning) == 1 and "e014" in at.warning[0].value
    assert at.session_state[state.SELECTED] is None


def test_should_step_through_the_events_in_time_order(app):
    app.query_params["start"] = "2016-12-19"
    at = app.run()
    ids = csv_rows.events((_day("2016-12-19")[0], LAST))
    at.button(key=details.NEXT).click().run()
    assert at.session_state[state.SELECTED] == ids[0]
    at.button(key=details.NEXT).click().run()
    assert at.session_state[state.SELECTED] == ids[1]
    assert at.query_params["event"] == ids[1]
    at.button(key=details.PREVIOUS).click().run()
    assert at.session_state[state.SELECTED] == ids[0]
    assert at.button(key=details.PREVIOUS).disabled
    at.button(key=details.CLEAR).click().run()
    assert at.session_state[state.SELECTED] is None


def test_should_select_the_event_of_the_row_picked_in_the_list(app, shipped):
    app.query_params["start"] = "2016-12-19"
    app.session_state[below_map.PANEL] = "Events list"
    at = app.run()
    at.session_state[below_map.TABLE] = {"selection": {"rows": [2], "columns": [], "cells": []}}
    at.run()
    expected = csv_rows.events((_day("2016-12-19")[0], LAST))[2]
    assert at.session_state[state.SELECTED] == expected
    assert at.query_params["event"] == expected


def test_should_run_only_the_open_tab_below_the_map(app):
    at = app.run()
    assert [t.label for t in at.tabs] == list(below_map.PANELS)
    assert any("Who said it" in t.value for t in at.dataframe)
    assert all("step-after" in c.proto.spec for c in _charts_below(at))  # only the Claims tab's: how a number changed
    at.session_state[below_map.PANEL] = "Charts"
    at.run()
    assert not at.dataframe and len(_charts_below(at)) == 2


def _charts_below(at: AppTest) -> list:
    """The charts of the tabs below the map (the day strip above it is always there)."""
    return [c for c in at.get("vega_lite_chart") if c.key != dashboard.DAY_BARS]


def test_should_draw_the_day_strip_above_the_map_and_the_metrics_below_it(app):
    at = app.run()
    order = [getattr(e, "key", None) or type(e).__name__ for e in at.main]
    the_map = next(i for i, e in enumerate(at.main) if getattr(e, "type", None) == "component_instance")
    assert order.index(dashboard.SLIDER) < order.index(dashboard.DAY_BARS) < the_map < order.index("Metric")
    assert not [b for b in at.button if b.key and b.key.startswith("day_")]  # the bars replace the day buttons


def test_should_keep_the_selected_event_when_the_list_tab_closes(app):
    app.query_params["event"] = "e014"
    app.session_state[below_map.PANEL] = "Events list"
    at = app.run()
    at.session_state[below_map.PANEL] = "Claims"
    at.run()
    at.run()
    assert at.session_state[state.SELECTED] == "e014"
    assert at.query_params["event"] == "e014"


def test_should_show_every_claim_about_the_selected_event_with_who_made_it(app):
    app.query_params["event"] = "e017"
    at = app.run()
    claims = next(t.value for t in at.dataframe if "Who said it" in t.value)
    expected = csv_rows.claims_about(["e017"])
    assert len(claims) == len(expected) > 1
    assert sorted(claims["Who said it"]) == sorted(r["claimed_by"] for r in expected)


def test_should_report_a_broken_data_folder_without_a_traceback(app, data_copy, monkeypatch):
    with (data_copy / "events.csv").open("a", encoding="utf-8") as f:
        f.write("e999,not a time,,1,1,nowhere,gathering,,A bad row.,rt_20161215\n")
    monkeypatch.setenv(DATA_ENV, str(data_copy))
    at = app.run()
    assert not at.exception
    assert len(at.error) == 1
    message = at.error[0].value.replace("\\", "")  # the markdown source escapes punctuation
    assert "events.csv" in message and "start" in message and "nowhere" in message


OWN_REPORT = ("Buses carrying evacuees left Ramousah on Thursday and reached Rashidin in the evening, "
              "a reporter said.")


def _ingest(at: AppTest, text: str = OWN_REPORT, published=date(2016, 12, 16)) -> AppTest:
    at.text_area(key=add_reports.REPORT_TEXT).set_value(text)
    at.date_input(key=add_reports.REPORT_DATE).set_value(published)
    at.text_input(key=add_reports.REPORT_OUTLET).set_value("Test Wire")
    return at.button(key=add_reports.INGEST).click().run()


def test_should_list_the_candidates_of_a_pasted_report_for_review(app):
    at = _ingest(app.run())
    assert not at.exception and not at.error
    review = at.data_editor(key=add_reports.CANDIDATE_DECISIONS).value
    assert list(review["Place"]) == ["al-Ramousah", "al-Rashidin"]
    assert set(review["Day (local)"]) == {"2016-12-15"} and set(review["Decision"]) == {"undecided"}
    assert _events(at) == len(csv_rows.rows("events.csv"))


def test_should_offer_only_the_accepted_candidates_for_download(app):
    at = _ingest(app.run())
    at.session_state[add_reports.CANDIDATE_DECISIONS] = {
        "edited_rows": {0: {"Decision": "accept"}, 1: {"Decision": "reject"}}, "added_rows": [], "deleted_rows": [],
    }
    at.run()
    assert not at.exception
    assert at.get("download_button")[0].proto.label.startswith("Download 1 accepted")


def test_should_say_what_is_missing_before_ingesting(app):
    at = _ingest(app.run(), published=None)
    assert len(at.error) == 1 and "publication date" in at.error[0].value


def test_should_report_a_missing_data_folder_without_a_traceback(app, tmp_path, monkeypatch):
    monkeypatch.setenv(DATA_ENV, str(tmp_path / "nowhere"))
    at = app.run()
    assert not at.exception
    assert len(at.error) == 1 and "not a folder" in at.error[0].value


@pytest.mark.parametrize(("hour", "start", "end", "params"), [
    ((2016, 12, 15, 14), (2016, 12, 15, 14), (2016, 12, 15, 15), ("2016-12-15T14:00", "2016-12-15T15:00")),
    ((2016, 12, 20, 23), (2016, 12, 20, 23), (2016, 12, 21, 0), ("2016-12-20T23:00", "2016-12-20")),  # the last hour
])
def test_should_read_both_handles_on_one_moment_as_that_hour(app, hour, start, end, params):
    at = app.run()
    at.slider(key=dashboard.SLIDER).set_value((_local(*hour), _local(*hour))).run()
    assert not at.exception
    assert (at.query_params["start"], at.query_params["end"]) == params
    assert _events(at) == len(csv_rows.events((csv_rows.local_hour(*start), csv_rows.local_hour(*end))))


def test_should_open_a_link_whose_times_are_off_the_hour(app):
    app.query_params.update({"start": "2016-12-15T14:30", "end": "2016-12-15T16:45"})
    at = app.run()
    assert not at.exception and not at.warning
    window = (csv_rows.local_hour(2016, 12, 15, 14) + timedelta(minutes=30),
              csv_rows.local_hour(2016, 12, 15, 16) + timedelta(minutes=45))
    assert _events(at) == len(csv_rows.events(window))


def test_should_offer_every_export_of_the_current_view(app):
    app.query_params["start"] = "2016-12-15"
    app.query_params["end"] = "2016-12-15"
    app.run()
    assert not app.exception
    keys = {b.key for b in app.get("download_button")}
    assert {f"export_{fmt}" for fmt in ("html", "png", "geojson", "csv", "acled")} <= keys


def test_should_send_views_too_large_to_download_to_the_command_line(app, monkeypatch):
    monkeypatch.setattr("geo.export.DOWNLOAD_EVENTS", 20)
    app.query_params.update({"start": "2016-12-15", "end": "2016-12-15"})  # 30 events
    app.run()
    buttons = {b.key: b.proto for b in app.get("download_button")}
    for fmt in ("geojson", "csv", "acled"):
        assert buttons[f"export_{fmt}"].disabled
        assert "30 events: more than the 20 a download holds" in buttons[f"export_{fmt}"].help
        assert f"evacmap export --format {fmt}" in buttons[f"export_{fmt}"].help
    assert not buttons["export_html"].disabled
    _slide(app, *_local_day("2016-12-19"))  # 4 events
    assert not any(b.proto.disabled for b in app.get("download_button") if b.key != "export_png")
