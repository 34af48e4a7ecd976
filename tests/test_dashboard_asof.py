"""The dashboard as known on a date (``?as_of=``) and its chart of how a number changed, run headless with AppTest.

Expected claims and events come from the April case's CSV files, not from geo.
"""

from datetime import date

import pytest
from streamlit.testing.v1 import AppTest

from geo.data.cases import DATA_ENV
from panels import below_map, state as keys
from tests import csv_rows
from tests.conftest import DATA, ROOT

APRIL = DATA / "four-towns-2017-04"
APP = str(ROOT / "dashboard.py")


@pytest.fixture
def app(monkeypatch) -> AppTest:
    """The dashboard on the April case, not yet run."""
    monkeypatch.delenv(DATA_ENV, raising=False)
    monkeypatch.delenv("EVACMAP_OFFLINE", raising=False)
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["case"] = "four-towns-2017-04"
    return at


def _published_by(day: str) -> set[str]:
    return {r["id"] for r in csv_rows.rows("sources.csv", APRIL) if r["published"] <= day}


def _known_events(day: str) -> list[str]:
    published = _published_by(day)
    return [r["id"] for r in csv_rows.rows("events.csv", APRIL) if set(r["sources"].split("|")) & published]


def _known_claims(day: str, event: str | None = None) -> list[dict[str, str]]:
    published, events = _published_by(day), set(_known_events(day))
    return [r for r in csv_rows.rows("claims.csv", APRIL)
            if r["source_id"] in published and r["event_id"] in events and event in (None, r["event_id"])]


def _metric(at: AppTest, label: str) -> int:
    return int(next(m for m in at.metric if m.label == label).value.replace(",", ""))


def _claims_table(at: AppTest):
    return next(t.value for t in at.dataframe if "Who said it" in t.value)


def test_should_show_the_toll_claims_as_they_stood_at_the_end_of_15_april(app):
    app.query_params["as_of"] = "2017-04-15"
    app.query_params["event"] = "e016"
    at = app.run()
    assert not at.exception and not at.warning
    expected = _known_claims("2017-04-15", "e016")
    table = _claims_table(at)
    assert sorted(zip(table["Who said it"], table["Claimed"].str.split(" ").str[-2])) == sorted(
        (r["claimed_by"], r["value"].removesuffix(".0") if r["value"] else f"{r['low']}–{r['high']}") for r in expected)
    assert _metric(at, "Events") == len(_known_events("2017-04-15"))
    assert _metric(at, "Claims") == len(_known_claims("2017-04-15"))
    assert at.query_params["as_of"] == "2017-04-15" and at.query_params["event"] == "e016"
    assert at.date_input(key=keys.AS_OF).value == date(2017, 4, 15)


def test_should_chart_how_the_rashidin_toll_changed_in_the_claims_tab(app):
    app.query_params["event"] = "e016"
    at = app.run()
    (chart,) = [c for c in at.get("vega_lite_chart") if "each claimant's figures by publication day" in c.proto.spec]
    pick = at.selectbox(key=below_map.HISTORY_PICK)
    assert pick.options[0].startswith("e016: killed")  # the quantity with most figures first
    assert "step-after" in chart.proto.spec and '"e016: killed' not in chart.proto.spec
    assert any("Where each claimant" in c.value for c in at.caption)
    at.selectbox(key=below_map.HISTORY_PICK).select(("e016", "children_killed")).run()
    (chart,) = [c for c in at.get("vega_lite_chart") if "each claimant's figures by publication day" in c.proto.spec]
    assert "children killed (children)" in chart.proto.spec


def test_should_show_what_was_known_on_the_day_picked(app):
    at = app.run()
    assert _metric(at, "Events") == len(csv_rows.rows("events.csv", APRIL))
    at.date_input(key=keys.AS_OF).set_value(date(2017, 4, 14)).run()
    assert not at.exception
    assert _metric(at, "Events") == len(_known_events("2017-04-14"))
    assert _metric(at, "Claims") == len(_known_claims("2017-04-14"))
    assert at.query_params["as_of"] == "2017-04-14"
    at.date_input(key=keys.AS_OF).set_value(None).run()
    assert _metric(at, "Events") == len(csv_rows.rows("events.csv", APRIL)) and "as_of" not in at.query_params


def test_should_say_which_filter_the_day_picked_cannot_keep(app):
    later = next(r["id"] for r in csv_rows.rows("sources.csv", APRIL) if r["published"] > "2017-04-15")
    app.query_params["sources"] = later
    at = app.run()
    at.date_input(key=keys.AS_OF).set_value(date(2017, 4, 15)).run()
    assert not at.exception
    assert any(later in w.value.replace("\\", "") and "sources" in w.value for w in at.warning)
    assert _metric(at, "Events") == len(_known_events("2017-04-15"))


def test_should_warn_about_a_day_that_is_not_a_date_and_show_everything(app):
    app.query_params["as_of"] = "2017-13-01"
    at = app.run()
    assert not at.exception
    assert any("as_of: expected a calendar date" in w.value.replace("\\", "") for w in at.warning)  # markdown-escaped
    assert _metric(at, "Events") == len(csv_rows.rows("events.csv", APRIL))
