"""As known on a date: only the reports published by the end of a local day, and what they say.

Expected ids come from the case's CSV files (tests/csv_rows.py), never from geo.data.asof.
"""

import csv
import io
import json
from datetime import date

import pytest

from geo.cli import main
from geo.data import asof, evidence, merge
from geo.errors import ViewError
from geo.run.view import View, from_params
from tests import csv_rows
from tests.conftest import DATA

APRIL = DATA / "four-towns-2017-04"
DAY = "2017-04-15"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _published_by(day: str, folder=APRIL) -> list[str]:
    """The ids of the reports published by the end of that local day (``published`` is a local date)."""
    return [r["id"] for r in csv_rows.rows("sources.csv", folder) if r["published"] <= day]


def _cited_then(row: dict[str, str], published: list[str]) -> list[str]:
    return [s for s in row["sources"].split("|") if s in published]


def _events_known(day: str, folder=APRIL) -> dict[str, list[str]]:
    """Each event a report published by then describes, with those reports, in (start, id) order."""
    published = _published_by(day, folder)
    rows = sorted(csv_rows.rows("events.csv", folder), key=lambda r: (csv_rows.moment(r["start"]), r["id"]))
    return {r["id"]: _cited_then(r, published) for r in rows if _cited_then(r, published)}


@pytest.fixture(scope="module")
def april():
    return evidence.load(APRIL)


def test_should_export_only_the_events_published_by_the_end_of_15_april(capsys, tmp_path):
    out = tmp_path / "known.csv"
    code, printed, _ = run(capsys, "export", "--case", "four-towns-2017-04", "--as-of", DAY, "--format", "csv",
                           "-o", str(out))
    rows = list(csv.DictReader(out.open(encoding="utf-8", newline="")))
    expected = _events_known(DAY)
    assert code == 0 and "as known on 15 Apr 2017" in printed
    assert [r["id"] for r in rows] == list(expected)
    assert 0 < len(rows) < len(csv_rows.rows("events.csv", APRIL))
    assert {r["id"]: r["sources"].split("|") for r in rows} == expected


def test_should_count_the_outlets_of_an_event_as_they_stood_then(capsys, tmp_path):
    out = tmp_path / "known.csv"
    run(capsys, "export", "--case", "four-towns-2017-04", "--as-of", DAY, "--format", "csv", "-o", str(out))
    later = tmp_path / "all.csv"
    run(capsys, "export", "--case", "four-towns-2017-04", "--format", "csv", "-o", str(later))
    then = {r["id"]: int(r["outlets"]) for r in csv.DictReader(out.open(encoding="utf-8", newline=""))}
    now = {r["id"]: int(r["outlets"]) for r in csv.DictReader(later.open(encoding="utf-8", newline=""))}
    assert then["e016"] < now["e016"]  # the bombing's corroboration grew after the 15th


def test_should_keep_every_claim_published_by_then_and_none_later(april):
    known = asof.as_of(april, date(2017, 4, 15))
    published, events = _published_by(DAY), _events_known(DAY)
    expected = [r["id"] for r in csv_rows.rows("claims.csv", APRIL) if r["source_id"] in published and r["event_id"] in events]
    assert list(known.claims["id"]) == expected
    toll = known.claims.loc[(known.claims["event_id"] == "e016") & (known.claims["quantity"] == "killed")]
    every_toll = [r for r in csv_rows.rows("claims.csv", APRIL) if r["event_id"] == "e016" and r["quantity"] == "killed"]
    assert 0 < len(toll) < len(every_toll)


def test_should_keep_only_the_sources_control_and_corridors_published_by_then(april):
    known = asof.as_of(april, date(2017, 4, 14))
    published = _published_by("2017-04-14")
    assert sorted(known.sources) == sorted(published)
    assert [(c.place_id, c.source_id) for c in known.holdings] == [
        (r["place_id"], r["source_id"]) for r in csv_rows.rows("holdings.csv", APRIL) if r["source_id"] in published]
    corridors = {r["id"]: [s for s in r["sources"].split("|") if s in published]
                 for r in csv_rows.rows("corridors.csv", APRIL)}
    assert {c.id: list(c.sources) for c in known.corridors} == {i: s for i, s in corridors.items() if s}


def test_should_leave_the_evidence_whole_without_a_day_or_after_the_last_report(april):
    last = max(r["published"] for r in csv_rows.rows("sources.csv", APRIL))
    assert asof.as_of(april, None) is april
    assert asof.as_of(april, date.fromisoformat(last)) is april


def test_should_leave_nothing_before_the_first_report(april):
    first = min(date.fromisoformat(r["published"]) for r in csv_rows.rows("sources.csv", APRIL))
    before = asof.as_of(april, date.fromordinal(first.toordinal() - 1))
    assert not before.sources and before.events.empty and before.claims.empty and not before.corridors


@pytest.mark.parametrize("bad", ["2017-13-01", "2017-02-30", "2017-4-15", "15/04/2017", "2017-04-15T12:00", "yesterday"])
def test_should_refuse_a_day_that_is_not_a_calendar_date_naming_the_option(capsys, bad):
    code, out, err = run(capsys, "export", "--case", "four-towns-2017-04", "--as-of", bad, "--format", "csv")
    assert code == 2 and not out
    assert "--as-of: expected a calendar date YYYY-MM-DD" in err and repr(bad) in err and "Traceback" not in err


def test_should_refuse_a_bad_day_with_the_parameter_named():
    with pytest.raises(ViewError, match=r"as_of: .*instead got '2017-13-01'"):
        asof.day("2017-13-01")


def test_should_count_a_case_as_known_on_a_day(capsys):
    code, out, _ = run(capsys, "--data", str(DATA), "cases", "--as-of", DAY)
    counts = {c["id"]: c["events"] for c in map(json.loads, out.splitlines())}
    assert code == 0 and counts["four-towns-2017-04"] == len(_events_known(DAY))


def test_should_list_the_corridors_known_on_a_day(capsys):
    code, out, _ = run(capsys, "--case", "four-towns-2017-04", "corridors", "--as-of", "2017-04-13")
    published = _published_by("2017-04-13")
    expected = [r["id"] for r in csv_rows.rows("corridors.csv", APRIL) if set(r["sources"].split("|")) & set(published)]
    assert code == 0 and [c["id"] for c in map(json.loads, out.splitlines())] == expected


def test_should_carry_the_day_in_the_link_and_read_it_back(april):
    view = View(as_of=date(2017, 4, 15))
    params = view.to_params(april.case.timezone)
    assert params == {"as_of": DAY}
    back, notices = from_params(params, april)
    assert back == view and not notices


def test_should_notice_a_bad_day_in_the_link_and_show_everything(april):
    view, notices = from_params({"as_of": "2017-13-01"}, april)
    assert view.as_of is None
    assert notices == ["as_of: expected a calendar date YYYY-MM-DD in the years 1900–2100 "
                       "(the evidence as known at the end of that local day), instead got '2017-13-01'; "
                       "showing everything known instead"]


def test_should_write_the_csv_export_of_the_default_day_unchanged(capsys, tmp_path):
    """Without --as-of, everything: the same rows as before the option existed."""
    out = tmp_path / "all.csv"
    run(capsys, "export", "--case", "four-towns-2017-04", "--format", "csv", "-o", str(out))
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(rows) == len(csv_rows.rows("events.csv", APRIL))


def test_should_leave_an_uploaded_event_whose_report_has_no_date_as_it_is(april):
    header = (APRIL / "events.csv").read_text(encoding="utf-8").splitlines()[0]
    later = max(csv_rows.rows("sources.csv", APRIL), key=lambda r: r["published"])["id"]
    rows = ["u001,2017-04-15T09:00:00+00:00,,1,1,rashidin,arrival,,Buses seen again.,my_notes",
            f"u002,2017-04-15T10:00:00+00:00,,1,1,rashidin,arrival,,Buses seen later.,{later}"]
    upload = merge.add_events(april, "mine.csv", "\n".join([header, *rows, ""]).encode("utf-8"))
    known = asof.as_of(upload.evidence, date(2017, 4, 15))
    ids = set(known.events["id"])
    assert "u001" in ids and "u002" not in ids
    assert len(ids) == len(_events_known(DAY)) + 1


def test_should_only_add_to_what_is_known_from_one_day_to_the_next(april):
    days = sorted({date.fromisoformat(r["published"]) for r in csv_rows.rows("sources.csv", APRIL)})
    cuts = [asof.as_of(april, d) for d in days]
    for before, after in zip(cuts, cuts[1:]):
        assert set(before.events["id"]) <= set(after.events["id"])
        assert set(before.claims["id"]) <= set(after.claims["id"])
        assert {c.id for c in before.corridors} <= {c.id for c in after.corridors}
    assert len(cuts[-1].events) == len(csv_rows.rows("events.csv", APRIL))


def test_should_cut_once_per_day_and_keep_only_the_last_days_asked(april):
    days = sorted({date.fromisoformat(r["published"]) for r in csv_rows.rows("sources.csv", APRIL)})[:-1]
    first = asof.as_of(april, days[0])
    assert asof.as_of(april, days[0]) is first
    for later in days[1:asof.MAX_CUTS + 1]:
        asof.as_of(april, later)
    again = asof.as_of(april, days[0])
    assert again is not first and list(again.events["id"]) == list(first.events["id"])
