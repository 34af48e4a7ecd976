"""The page wires and draws: the time control, the filters, story mode, the tabs, the exports, its two stages, a
year of events, one look-up of each kind a run; and a broken data folder said without a traceback.

What each control decides is tested as a plain function (tests/test_page_state.py, test_window.py, test_story.py,
test_exports.py); here one run of each feature through Streamlit's AppTest.
"""

from __future__ import annotations

import json
from datetime import date, datetime

import pytest
from streamlit.testing.v1 import AppTest

import dashboard
from geo import times
from geo.app.text import markdown_literal
from geo.map import popups
from geo.run.selection import Selection
from geo.run.view import from_params
from panels import add_reports, below_map, details, staged, state
from tests import csv_rows
from tests.conftest import ONCE, ROOT, SHIPPED, ZONE
from tests.page.conftest import metric, slide

EVERY = len(csv_rows.rows("events.csv"))


def _local(year, month, day, hour=0) -> datetime:
    return datetime(year, month, day, hour, tzinfo=ZONE)


def test_should_open_on_every_event_claim_and_corridor_under_the_cases_title(page):
    at = page().run()
    assert not at.exception and not at.warning and not at.error
    assert metric(at, "Events") == EVERY
    assert metric(at, "Claims") == len(csv_rows.rows("claims.csv"))
    assert metric(at, "Corridors in use") == len(csv_rows.rows("corridors.csv"))
    assert dict(at.query_params) == {"case": "aleppo-2016-12"}  # data/ holds two cases: the link names the one shown
    visible = [e for e in at.main.children.values() if e.type != "event"]  # st.html's style sheet: hidden block
    first = visible[0]  # the heading row: the case's title, then the case picker beside it
    while getattr(first, "children", None):
        first = next(iter(first.children.values()))
    title = json.loads((SHIPPED / "datapackage.json").read_text(encoding="utf-8"))["title"]
    assert first.type == "markdown" and first.value == f"**{markdown_literal(title)}**"


def test_should_move_the_window_with_the_slider_and_back_with_all_days(page):
    at = slide(page().run(), dashboard.SLIDER, _local(2016, 12, 19), _local(2016, 12, 21))
    assert not at.exception
    expected = csv_rows.events((csv_rows.local_day(date(2016, 12, 19))[0], csv_rows.local_day(date(2016, 12, 20))[1]))
    assert metric(at, "Events") == len(expected) == 10
    assert metric(at, "Corridors in use") == 2  # the Aleppo corridor and the two villages' route
    assert (at.query_params["start"], at.query_params["end"]) == ("2016-12-19", "2016-12-20")
    at.button(key=dashboard.ALL_DAYS).click().run()
    assert metric(at, "Events") == EVERY and "start" not in at.query_params


def test_should_filter_with_the_sidebars_choices(page):
    at = page().run()
    at.multiselect(key=state.TYPES).set_value(["arrival", "departure"]).run()
    assert not at.exception
    expected = csv_rows.events(types=("arrival", "departure"))
    assert metric(at, "Events") == len(expected) and metric(at, "Claims") == len(csv_rows.claims_about(expected))
    assert at.query_params["types"] == "arrival,departure"


def test_should_step_through_the_events_with_previous_next_and_clear(page):
    at = page({"start": "2016-12-19"}).run()
    ids = csv_rows.events((csv_rows.local_day(date(2016, 12, 19))[0], csv_rows.local_hour(2016, 12, 23)))
    at.button(key=details.NEXT).click().run()
    assert at.session_state[state.SELECTED] == ids[0]
    at.button(key=details.NEXT).click().run()
    assert at.session_state[state.SELECTED] == ids[1] and at.query_params["event"] == ids[1]
    at.button(key=details.PREVIOUS).click().run()
    assert at.session_state[state.SELECTED] == ids[0] and at.button(key=details.PREVIOUS).disabled
    at.button(key=details.CLEAR).click().run()
    assert at.session_state[state.SELECTED] is None and "event" not in at.query_params


def test_should_select_the_row_picked_in_the_list_and_keep_it_when_the_tab_closes(page):
    at = page({"start": "2016-12-19"}, session={below_map.PANEL: "Events list"}).run()
    at.session_state[below_map.TABLE] = {"selection": {"rows": [2], "columns": [], "cells": []}}
    at.run()
    expected = csv_rows.events((csv_rows.local_day(date(2016, 12, 19))[0], csv_rows.local_hour(2016, 12, 23)))[2]
    assert at.session_state[state.SELECTED] == expected and at.query_params["event"] == expected
    at.session_state[below_map.PANEL] = "Claims"
    at.run()
    at.run()
    assert at.session_state[state.SELECTED] == expected and at.query_params["event"] == expected


def _charts_below(at) -> list:
    """The charts of the tabs below the map (the day strip above it is always there)."""
    return [c for c in at.get("vega_lite_chart") if c.key != dashboard.DAY_BARS]


def test_should_run_only_the_open_tab_below_the_map(page):
    at = page().run()
    assert [t.label for t in at.tabs] == list(below_map.PANELS)
    assert any("Who said it" in t.value for t in at.dataframe)
    assert all("step-after" in c.proto.spec for c in _charts_below(at))  # only the Claims tab's: how a number changed
    at.session_state[below_map.PANEL] = "Charts"
    at.run()
    assert not at.dataframe and len(_charts_below(at)) == 2


def test_should_draw_the_day_strip_above_the_map_and_the_metrics_below_it(page):
    at = page().run()
    order = [getattr(e, "key", None) or type(e).__name__ for e in at.main]
    the_map = next(i for i, e in enumerate(at.main) if getattr(e, "type", None) == "component_instance")
    assert order.index(dashboard.SLIDER) < order.index(dashboard.DAY_BARS) < the_map < order.index("Metric")
    assert not [b for b in at.button if b.key and b.key.startswith("day_")]  # the bars replace the day buttons


def test_should_offer_the_exports_of_the_current_view_and_say_why_one_is_off(page, monkeypatch):
    monkeypatch.setattr("geo.export.DOWNLOAD_EVENTS", 20)
    at = page({"start": "2016-12-15", "end": "2016-12-15"}).run()  # 30 events
    assert not at.exception
    buttons = {b.key: b.proto for b in at.get("download_button")}
    assert {f"export_{fmt}" for fmt in ("html", "png", "geojson", "csv", "acled")} <= buttons.keys()
    assert buttons["export_csv"].disabled and "evacmap export --format csv" in buttons["export_csv"].help
    assert not buttons["export_html"].disabled


def test_should_report_a_broken_data_folder_without_a_traceback(page, data_copy):
    with (data_copy / "events.csv").open("a", encoding="utf-8") as f:
        f.write("e999,not a time,,1,1,nowhere,gathering,,A bad row.,rt_20161215\n")
    at = page(data=data_copy).run()
    assert not at.exception
    assert len(at.error) == 1
    message = at.error[0].value.replace("\\", "")  # the markdown source escapes punctuation
    assert "events.csv" in message and "start" in message and "nowhere" in message


def test_should_report_a_missing_data_folder_without_a_traceback(page, tmp_path):
    at = page(data=tmp_path / "nowhere").run()
    assert not at.exception
    assert len(at.error) == 1 and "not a folder" in at.error[0].value


@pytest.fixture
def first_stage(page, monkeypatch):
    monkeypatch.setattr(staged, "MAP_FIRST", True)
    return page().run()


def test_should_draw_the_map_slider_and_details_but_no_charts_tables_or_filters_in_the_first_stage(first_stage):
    at = first_stage
    assert not at.exception
    assert len(at.get("component_instance")) == 1  # the map
    assert len(at.slider) == 1
    assert [b.label for b in at.button] == ["All days", "◀ Previous", "Next ▶", "Clear"]
    assert at.get("vega_lite_chart") == [] and at.dataframe == [] and at.metric == []
    assert at.multiselect == [] and at.selectbox == [] and at.get("file_uploader") == []
    assert [h.value for h in at.sidebar.header] == ["Filters"]  # the sidebar is there: the map keeps its width


def test_should_draw_the_whole_page_with_the_same_map_once_the_map_has_drawn(first_stage):
    at = first_stage
    before = at.get("component_instance")[0].proto
    at.session_state[staged.WHOLE] = True  # what the map's "drawn" message sets
    at.run()
    assert not at.exception
    assert len(at.get("vega_lite_chart")) >= 1 and len(at.metric) == 3 and len(at.multiselect) == 3
    after = at.get("component_instance")[0].proto
    # Same component key, so the browser keeps the drawn map rather than loading it again.
    assert after.form_id == before.form_id and after.id == before.id


OWN_REPORT = ("Buses carrying evacuees left Ramousah on Thursday and reached Rashidin in the evening, "
              "a reporter said.")


def _ingest(at, published=date(2016, 12, 16)):
    at.text_area(key=add_reports.REPORT_TEXT).set_value(OWN_REPORT)
    at.date_input(key=add_reports.REPORT_DATE).set_value(published)
    at.text_input(key=add_reports.REPORT_OUTLET).set_value("Test Wire")
    return at.button(key=add_reports.INGEST).click().run()


def test_should_list_a_pasted_reports_candidates_and_take_a_rejection_off_the_map(page):
    at = _ingest(page().run())
    assert not at.exception and not at.error
    review = at.data_editor(key=add_reports.REVIEW_EDITOR).value
    assert list(review["place_id"]) == ["ramousah", "rashidin"]
    assert set(review["start"]) == {"2016-12-15"} and set(review["decision"]) == {""}
    assert metric(at, "Events") == EVERY
    assert len(at.session_state[add_reports.ON_MAP]) == 2
    at.session_state[add_reports.REVIEW_EDITOR] = {
        "edited_rows": {1: {"decision": "reject"}}, "added_rows": [], "deleted_rows": [],
    }
    at.button(key=add_reports.APPLY).click().run()
    assert not at.exception
    assert [c.place_id for c in at.session_state[add_reports.ON_MAP]] == ["ramousah"]
    assert not [b for b in at.button if b.key == add_reports.SAVE]  # read-only: the page was not started to edit


def test_should_say_what_is_missing_before_ingesting(page):
    at = _ingest(page().run(), published=None)
    assert len(at.error) == 1 and "publication date" in at.error[0].value


# A year of events: the page stays usable (sizes, not speed: benchmarks/run.py times them).

def test_should_list_the_first_events_of_a_year_and_offer_a_day_picker_instead_of_bars(page, year):
    every = csv_rows.events(folder=year)
    at = page(data=year, session={below_map.PANEL: "Events list"}).run()
    assert not at.exception
    listed = [d for d in at.dataframe if d.key == below_map.TABLE][0].value
    assert list(listed["id"]) == every[:below_map.TABLE_ROWS]
    assert any(f"The first {below_map.TABLE_ROWS:,} of the {len(every):,} events shown" in c.value for c in at.caption)
    assert metric(at, "Claims") == len(csv_rows.rows("claims.csv", year))
    assert not [c for c in at.get("vega_lite_chart") if c.key == dashboard.DAY_BARS]  # no strip of 365 bars
    middle = {r["id"]: r["start"] for r in csv_rows.rows("events.csv", year)}[every[len(every) // 2]]
    day = csv_rows.moment(middle).astimezone(ZONE).date()
    at.date_input(key=dashboard.DAY_PICK).set_value(day).run()
    start, end = times.local_day_span(day, ZONE)
    assert metric(at, "Events") == len(csv_rows.events((start, end), folder=year))
    assert at.query_params["start"] == at.query_params["end"] == day.isoformat()


# Each look-up of a view once per run: counting wrappers (tests/conftest.py's ``counted``) around one dashboard run
# (the 15 December view, e014 selected, the Claims tab open). Measured before the run worked out one Selection:
# View.apply 4 times, View.window 17, window.bounds 5, View.corridors 3, Evidence.events_of 3, claims_of 6, held 8,
# cite 44 and outlets 90. After: each of ONCE at most once (cite 7 and outlets 9: once per source list and per
# citation shown, never per event and consumer). tests/test_lookups_once.py counts an export.

def test_should_look_each_thing_up_once_in_a_dashboard_run_and_show_the_popups_text_beside_the_map(
        page, shipped, counted):
    params = {"start": "2016-12-15", "end": "2016-12-15", "event": "e014"}
    at = page(params, session={below_map.PANEL: "Claims"}).run()
    assert not at.exception
    assert {name: counted[name] for name in ONCE if counted[name] > 1} == {}, dict(counted)
    shown = Selection.of(shipped, from_params(params, shipped)[0]).selected
    text = popups.event_text(shown, shipped.event_types[shown.event.type], shipped.case.timezone)
    drawn = [m.value for m in at.markdown] + [c.value for c in at.caption]
    for line in (text.when, text.summary, text.held, text.outlets, text.sources, text.origin):  # the popup's lines
        assert any(markdown_literal(line) in shown_text for shown_text in drawn), line


def test_should_run_the_benchmarks_floor_page_with_one_map_and_nothing_else():
    at = AppTest.from_file(str(ROOT / "benchmarks" / "floor_app.py"), default_timeout=60).run()
    assert not at.exception
    assert len(at.get("component_instance")) == 1 and [h.value for h in at.header] == ["One marker"]



def test_should_list_each_claimants_people_moved_in_the_window_in_the_people_moved_tab(page):
    at = page({"start": "2016-12-21", "end": "2016-12-22"}, session={below_map.PANEL: "People moved"}).run()
    assert not at.exception
    table = next(t.value for t in at.dataframe if "Running total" in t.value.columns)
    # 21-22 Dec: the ICRC's about 25,000 (c045), state television's nearly 150 (c047), the UN's at least 34,000 (c049)
    # and TRT World's more than 35,000 (c050), from claims.csv and movements.csv
    assert sorted(table["Claim"]) == ["c045", "c047", "c049", "c050"]
    icrc = table.loc[table["Claim"] == "c045"].iloc[0]
    assert (icrc["Claimed by"], icrc["Figure"], icrc["Running total"]) == ("ICRC", "about 25,000", "25,000")
    # the charts of running totals, one per corridor: aleppo_corridor (c045, c047, c049) and no corridor named (c050)
    assert [("running_high" in c.proto.spec) for c in _charts_below(at)] == [True, True]


def test_should_list_only_the_people_moved_of_the_events_the_filters_keep_in_the_people_moved_tab(page):
    at = page({"types": "halt"}, session={below_map.PANEL: "People moved"}).run()
    assert not at.exception
    table = next(t.value for t in at.dataframe if "Running total" in t.value.columns)
    # the one halt with figures of people moved, 16 Dec (e044): SANA's at least 8,000 (c033) and the unnamed 6,000
    # (c034), each its claimant's first total (claims.csv, movements.csv)
    assert sorted(table["Claim"]) == ["c033", "c034"]
    assert sorted(table["Running total"]) == ["6,000", "8,000"]
    assert len(_charts_below(at)) == 1  # aleppo_corridor's chart alone


def test_should_say_when_no_figure_of_people_moved_is_claimed_for_the_days(page):
    at = page({"start": "2016-12-13", "end": "2016-12-14"}, session={below_map.PANEL: "People moved"}).run()
    assert not at.exception
    assert any("No figure of people moved" in c.value for c in at.caption)


def test_should_show_how_an_event_was_read_beside_its_sources_not_in_its_summary(page):
    at = page({"event": "e020"}).run()
    assert not at.exception
    notes = [c.value for c in at.markdown if c.value.startswith("How this was read")]
    # event_notes.csv: Reuters places the statement at the ministry in Moscow
    assert len(notes) == 1 and "Moscow" in notes[0]
    assert not any("events.csv" in m.value for m in at.markdown)
    # event_notes.csv: e020 is placed at its subject, so the details say it was said about East Aleppo, not there
    assert any(h.value.endswith("about East Aleppo") for h in at.header)


def test_should_list_the_statements_said_about_places_under_the_map_not_on_it(page):
    at = page().run()
    assert not at.exception
    said = csv_rows.said()  # event_notes.csv: placed=subject, 13 in December
    listed = [e for e in at.expander if e.label.startswith(below_map.SAID_HEADING)]
    assert len(listed) == 1 and listed[0].label == f"{below_map.SAID_HEADING} ({len(said)})" == f"{below_map.SAID_HEADING} (13)"
    lines = "\n".join(m.value for m in listed[0].markdown)
    assert all(f"{event_id} · " in lines for event_id in said) and "Statement about East Aleppo" in lines
    assert metric(at, "Events") == EVERY  # still counted with the events shown


def test_should_say_a_selected_statement_is_not_on_the_map_and_list_the_others_about_its_place(page):
    at = page({"event": "e056"}).run()
    assert not at.exception
    assert any(m.value.startswith("Not on the map") for m in at.markdown)
    about = [e for e in at.expander if e.label.startswith("Said about East Aleppo")]
    assert len(about) == 1 and about[0].label.endswith(f"({len(csv_rows.said()) - 1})")
