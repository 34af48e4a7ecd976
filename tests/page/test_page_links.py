"""The page opens what a link describes: its view, its selected event, what it could not use said once and only as
an excerpt, the "as known on" day (``?as_of=``), and the case (``?case=``) beside broken ones.

The rules are plain functions (tests/test_page_state.py, test_links.py, test_broken_cases.py, test_asof.py);
here the page that wires them, run with Streamlit's AppTest.
"""

from __future__ import annotations

from datetime import date

import pytest

from panels import below_map, staged, state
from tests import csv_rows
from tests.conftest import DATA
from tests.page.conftest import metric, text
from tests.test_broken_cases import write_cases
from tests.test_links import LONG, NOTICE_CHARS

APRIL = DATA / "four-towns-2017-04"
EVERY = len(csv_rows.rows("events.csv"))


def test_should_open_the_view_a_link_describes_without_a_notice(page):
    params = {"start": "2016-12-19", "types": "arrival,gathering", "places": "rashidin"}
    at = page(params).run()
    assert not at.exception and not at.warning
    window = (csv_rows.local_day(date(2016, 12, 19))[0], csv_rows.local_hour(2016, 12, 23))
    assert metric(at, "Events") == len(csv_rows.events(window, types=("arrival", "gathering"), places=("rashidin",)))
    assert {name: at.query_params[name] for name in params} == params


def test_should_select_the_event_a_link_names_and_its_row_in_the_list(page):
    at = page({"event": "e014"}, session={below_map.PANEL: "Events list"}).run()
    assert not at.exception
    assert at.session_state[state.SELECTED] == "e014"
    assert any("Amiriyah" in s.value for s in at.header)
    listed = list(next(t.value for t in at.dataframe if "Summary" in t.value)["id"])
    assert at.session_state[below_map.TABLE]["selection"]["rows"] == [listed.index("e014")]


def test_should_say_a_bad_parameter_once_only_as_an_excerpt_and_show_the_default(page):
    at = page({"event": LONG}).run()
    assert not at.exception
    (warning,) = [w.value for w in at.warning]
    assert "event" in warning and len(warning) < NOTICE_CHARS and "keep your work" not in warning
    assert not at.error and metric(at, "Events") == EVERY


def test_should_say_a_case_the_link_names_is_not_there_once_and_open_the_default(page):
    at = page({"case": "nowhere", "event": "e999"}).run()
    assert not at.exception
    warnings = text(at.warning)
    assert len(warnings) == 2 and "case: no case has the id 'nowhere'" in warnings[0] and "e999" in warnings[1]
    assert at.query_params["case"] == "aleppo-2016-12" and metric(at, "Events") == EVERY
    at.run()
    assert len(at.warning) == 2  # said while the view is the link's, the case's notice with the others


def test_should_warn_when_the_linked_event_is_outside_the_window(page):
    at = page({"start": "2016-12-19", "event": "e014"}).run()
    assert len(at.warning) == 1 and "e014" in at.warning[0].value
    assert at.session_state[state.SELECTED] is None and "event" not in at.query_params


# The April case as known on a day. Expected claims and events come from its CSV files, not from geo.

def _published_by(day: str) -> set[str]:
    return {r["id"] for r in csv_rows.rows("sources.csv", APRIL) if r["published"] <= day}


def _known_events(day: str) -> list[str]:
    published = _published_by(day)
    return [r["id"] for r in csv_rows.rows("events.csv", APRIL) if set(r["sources"].split("|")) & published]


def _known_claims(day: str, event: str | None = None) -> list[dict[str, str]]:
    published, events = _published_by(day), set(_known_events(day))
    return [r for r in csv_rows.rows("claims.csv", APRIL)
            if r["source_id"] in published and r["event_id"] in events and event in (None, r["event_id"])]


def _april(page, **params: str):
    return page({"case": "four-towns-2017-04", **params})


def test_should_show_the_toll_claims_as_they_stood_at_the_end_of_15_april(page):
    at = _april(page, as_of="2017-04-15", event="e016").run()
    assert not at.exception and not at.warning
    expected = _known_claims("2017-04-15", "e016")
    table = next(t.value for t in at.dataframe if "Who said it" in t.value)
    assert sorted(zip(table["Who said it"], table["Claimed"].str.split(" ").str[-2])) == sorted(
        (r["claimed_by"], r["value"].removesuffix(".0") if r["value"] else f"{r['low']}–{r['high']}") for r in expected)
    assert metric(at, "Events") == len(_known_events("2017-04-15"))
    assert metric(at, "Claims") == len(_known_claims("2017-04-15"))
    assert at.query_params["as_of"] == "2017-04-15" and at.query_params["event"] == "e016"
    assert at.date_input(key=state.AS_OF).value == date(2017, 4, 15)


def test_should_chart_how_the_rashidin_toll_changed_in_the_claims_tab(page):
    at = _april(page, event="e016").run()
    (chart,) = [c for c in at.get("vega_lite_chart") if "each claimant's figures by publication day" in c.proto.spec]
    pick = at.selectbox(key=below_map.HISTORY_PICK)
    assert pick.options[0].startswith("e016: killed")  # the quantity with most figures first
    assert "step-after" in chart.proto.spec and '"e016: killed' not in chart.proto.spec
    assert any("Where each claimant" in c.value for c in at.caption)
    at.selectbox(key=below_map.HISTORY_PICK).select(("e016", "children_killed")).run()
    (chart,) = [c for c in at.get("vega_lite_chart") if "each claimant's figures by publication day" in c.proto.spec]
    assert "children killed (children)" in chart.proto.spec


def test_should_show_what_was_known_on_the_day_picked(page):
    at = _april(page).run()
    assert metric(at, "Events") == len(csv_rows.rows("events.csv", APRIL))
    at.date_input(key=state.AS_OF).set_value(date(2017, 4, 14)).run()
    assert not at.exception
    assert metric(at, "Events") == len(_known_events("2017-04-14"))
    assert metric(at, "Claims") == len(_known_claims("2017-04-14"))
    assert at.query_params["as_of"] == "2017-04-14"
    at.date_input(key=state.AS_OF).set_value(None).run()
    assert metric(at, "Events") == len(csv_rows.rows("events.csv", APRIL)) and "as_of" not in at.query_params


def test_should_say_which_filter_the_day_picked_cannot_keep(page):
    later = next(r["id"] for r in csv_rows.rows("sources.csv", APRIL) if r["published"] > "2017-04-15")
    at = _april(page, sources=later).run()
    at.date_input(key=state.AS_OF).set_value(date(2017, 4, 15)).run()
    assert not at.exception
    assert any(later in w.value.replace("\\", "") and "sources" in w.value for w in at.warning)
    assert metric(at, "Events") == len(_known_events("2017-04-15"))


# A folder of cases with broken ones beside the good (tests/test_broken_cases.py writes it and tests the commands).


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    return write_cases(tmp_path_factory.mktemp("cases"))


@pytest.mark.parametrize(("broken", "problem"), [("latin", "not UTF"), ("deep", "levels deep")])
def test_should_show_a_broken_cases_problem_when_a_link_names_it(page, cases, broken, problem):
    at = page({"case": broken}, data=cases).run()
    assert not at.exception
    (error,) = text(at.error)
    assert problem in error


def test_should_open_beside_broken_cases_and_mark_them_in_the_pages_picker(page, cases):
    at = page(data=cases, session={staged.WHOLE: True}).run()  # the whole page, as once the map has drawn
    assert not at.exception and not at.error
    (picker,) = [s for s in at.selectbox if s.label == "Case"]  # on the main page, beside the title
    assert picker.options == ["deep (cannot be opened)", "fixture-spring", "fixture-winter",
                              "latin (cannot be opened)"]
    picker.set_value("latin").run()
    assert not at.exception and len(at.error) == 1 and "not UTF" in at.error[0].value.replace("\\", "")
