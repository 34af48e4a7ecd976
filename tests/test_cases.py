"""Several cases in one install: finding and picking them, the case's zone in every time shown,
who held a place in the window, new empty cases, places two cases share, and no case fact in the code."""

from __future__ import annotations

import ast
import csv
import json
import re
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from geo import export, times
from geo.app import case_choice
from geo.cli import main
from geo.data import evidence, package, validation
from geo.errors import UsageError
from geo.map import build, popups
from geo.run.view import View, from_params, parse_moment
from tests.conftest import DATA, ROOT, SHIPPED

CASES = ROOT / "tests" / "fixtures" / "cases"
WINTER, SPRING = CASES / "fixture-winter", CASES / "fixture-spring"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def rows(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_should_list_one_json_line_per_case_with_its_zone_events_and_days(capsys):
    code, out, _ = run(capsys, "--data", str(CASES), "cases")
    listed = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [c["id"] for c in listed] == ["fixture-spring", "fixture-winter"]
    spring = listed[0]
    assert spring == {"id": "fixture-spring", "title": "Fixture: a spring evacuation", "timezone": "Europe/Kyiv",
                      "events": len(rows(SPRING / "events.csv")), "start": "2022-04-10", "end": "2022-04-11",
                      "window": "10–11 Apr 2022"}


def test_should_list_the_shipped_december_2016_case(capsys):
    code, out, _ = run(capsys, "cases")
    listed = {json.loads(line)["id"]: json.loads(line) for line in out.splitlines()}
    assert code == 0 and listed["aleppo-2016-12"]["timezone"] == "Asia/Damascus"
    assert listed["aleppo-2016-12"]["events"] == len(rows(SHIPPED / "events.csv"))


def test_should_open_the_default_case_of_a_folder_of_several_and_another_with_case(capsys):
    assert evidence.load(CASES).case.id == "fixture-winter"  # its descriptor says "default": true
    assert evidence.load(CASES, case="fixture-spring").case.id == "fixture-spring"
    code, out, _ = run(capsys, "--data", str(CASES), "--case", "fixture-spring", "corridors")
    assert code == 0 and json.loads(out)["id"] == "river_route"


def test_should_open_the_december_2016_case_by_default_from_the_shipped_folder():
    assert evidence.load(DATA).case.id == "aleppo-2016-12"


def test_should_name_the_cases_there_are_when_case_names_none_of_them(capsys):
    code, _, err = run(capsys, "--data", str(CASES), "--case", "atlantis", "corridors")
    assert code == 2 and "atlantis" in err and "fixture-spring, fixture-winter" in err


def test_should_ask_for_case_when_a_folder_of_several_names_no_default(tmp_path):
    for case in (WINTER, SPRING):
        shutil.copytree(case, tmp_path / case.name)
    descriptor = tmp_path / "fixture-winter" / package.DESCRIPTOR
    descriptor.write_text(descriptor.read_text(encoding="utf-8").replace('"default": true,', ""), encoding="utf-8")
    with pytest.raises(UsageError, match="choose one with --case"):
        evidence.load(tmp_path)


def test_should_show_times_in_the_cases_zone_with_that_dates_offset():
    spring = evidence.load(SPRING)
    event = spring.event("s002")  # 09:30 UTC; Kyiv kept UTC+3 in April 2022
    assert event.when(spring.case.timezone) == "Sun 10 Apr 2022 12:30 UTC+3 (09:30 UTC)"
    day_only = spring.event("s001")  # 21:00 UTC to 21:00 UTC: the local day of 10 April
    assert day_only.when(spring.case.timezone) == "Sun 10 Apr 2022"


def test_should_give_asia_damascus_utc_plus_2_in_december_2016_and_utc_plus_3_in_april_2017():
    zone = evidence.load(SHIPPED).case.timezone
    assert times.offset(datetime(2016, 12, 15, 12, tzinfo=UTC), zone) == "UTC+2"
    assert times.offset(datetime(2017, 4, 15, 12, tzinfo=UTC), zone) == "UTC+3"
    assert times.offsets(datetime(2017, 3, 1, tzinfo=UTC), datetime(2017, 4, 30, tzinfo=UTC), zone) == "UTC+2/UTC+3"


def test_should_read_a_link_day_as_the_cases_local_day():
    spring = evidence.load(SPRING)
    view, notices = from_params({"start": "2022-04-10", "end": "2022-04-10"}, spring)
    assert notices == []
    assert (view.start, view.end) == (datetime(2022, 4, 9, 21, tzinfo=UTC), datetime(2022, 4, 10, 21, tzinfo=UTC))
    assert view.to_params(spring.case.timezone) == {"start": "2022-04-10", "end": "2022-04-10"}


def test_should_name_the_case_in_export_titles_and_file_names():
    spring = evidence.load(SPRING)
    view = View()
    assert export.filename(spring, view, "geojson").startswith("evacmap_fixture-spring_2022-04-10_")
    collection = json.loads(export.render(spring, view, "geojson"))
    assert collection["case"] == {"id": "fixture-spring", "title": "Fixture: a spring evacuation", "timezone": "Europe/Kyiv"}
    assert collection["name"].startswith("Fixture: a spring evacuation: ")
    from geo.export import mapfile
    from geo.run.selection import Selection
    assert mapfile.title(Selection.of(spring, view)).startswith("Fixture: a spring evacuation: ")
    assert "UTC+3" in mapfile.title(Selection.of(spring, view))


def test_should_write_the_default_file_name_when_export_gets_no_output(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "--data", str(SPRING), "export", "--format", "csv", "--start", "2022-04-10", "--end", "2022-04-10")
    assert code == 0 and (tmp_path / "evacmap_fixture-spring_2022-04-10_2022-04-10.csv").is_file()


def test_should_say_who_held_a_place_in_the_window_with_its_source():
    spring = evidence.load(SPRING)
    holdings = rows(SPRING / "holdings.csv")  # river_town: contested until 21:00 UTC on 10 Apr, then government
    before = (datetime(2022, 4, 10, 6, tzinfo=UTC), datetime(2022, 4, 10, 7, tzinfo=UTC))
    across = (datetime(2022, 4, 10, 20, tzinfo=UTC), datetime(2022, 4, 10, 22, tzinfo=UTC))
    assert [c.side for c in spring.held("river_town", *before)] == [holdings[0]["side"]]
    assert [c.side for c in spring.held("river_town", *across)] == [holdings[0]["side"], holdings[1]["side"]]
    text = popups.held_text(spring, "river_town", across)
    assert text == ("Held by: contested until the end of Sun 10 Apr 2022 (A made-up radio station, 2022-04-11); "
                    "then government from Mon 11 Apr 2022 (A made-up aid board, 2022-04-12)")


def test_should_show_half_of_sukkari_changing_hands_on_15_december_2016_on_the_map():
    shipped = evidence.load(SHIPPED)
    sukkari = [r for r in rows(SHIPPED / "holdings.csv") if r["place_id"] == "sukkari"]
    assert [r["side"] for r in sukkari] == ["opposition", "contested"]
    assert sukkari[0]["until"] == sukkari[1]["from"] == "2016-12-14T22:00:00+00:00"  # local midnight starting 15 Dec
    day_14 = View(start=parse_moment("2016-12-14", "start", zone=shipped.case.timezone),
                  end=parse_moment("2016-12-14", "end", end_of_day=True, zone=shipped.case.timezone))
    day_15 = View(start=parse_moment("2016-12-15", "start", zone=shipped.case.timezone),
                  end=parse_moment("2016-12-15", "end", end_of_day=True, zone=shipped.case.timezone))
    assert [c.side for c in shipped.held("sukkari", *day_14.window(shipped))] == ["opposition"]
    assert [c.side for c in shipped.held("sukkari", *day_15.window(shipped))] == ["contested"]
    page = build.build_map(shipped, View(start=day_15.start, end=day_15.end, places=("sukkari",))).get_root().render()
    assert "Held by: contested from Thu 15 Dec 2016" in page


def test_should_refuse_overlapping_spans_of_one_place(tmp_path):
    case = tmp_path / "case"
    shutil.copytree(SPRING, case)
    with open(case / "holdings.csv", "a", encoding="utf-8") as f:
        f.write("river_town,opposition,2022-04-10T12:00:00+00:00,,radio_20220411,overlaps the first row\n")
    found = [(p.file, p.line, p.column) for p in validation.validate(case)]
    assert found == [("holdings.csv", 3, "from"), ("holdings.csv", 4, "from")]  # it overlaps both earlier rows


def test_should_write_a_new_empty_case_that_validates(capsys, tmp_path):
    target = tmp_path / "kyiv-2022"
    code, out, _ = run(capsys, "new-case", str(target), "--title", "T", "--timezone", "Europe/Kyiv")
    assert code == 0 and "wrote" in out
    code, out, _ = run(capsys, "validate", str(target))
    assert code == 0 and out.startswith(f"ok: {target}: ")
    loaded = evidence.load(target)
    assert (loaded.case.id, loaded.case.title, loaded.case.zone_name, len(loaded.events)) == ("kyiv-2022", "T", "Europe/Kyiv", 0)
    assert set(loaded.event_types) == {r["id"] for r in rows(package.NEUTRAL_EVENT_TYPES)}


@pytest.mark.parametrize(("argv", "message"), [
    (["--title", "T", "--timezone", "Europe/Atlantis"], "expected an IANA time zone"),
    (["--title", " ", "--timezone", "UTC"], "--title"),
])
def test_should_refuse_a_new_case_with_a_bad_zone_or_title(capsys, tmp_path, argv, message):
    code, _, err = run(capsys, "new-case", str(tmp_path / "x"), *argv)
    assert code == 2 and message in err and not (tmp_path / "x").exists()


def test_should_refuse_to_write_a_new_case_over_files(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    code, _, err = run(capsys, "new-case", str(tmp_path), "--title", "T", "--timezone", "UTC")
    assert code == 2 and "already holds files" in err and (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_should_report_a_shared_place_id_whose_point_differs_between_cases(capsys, tmp_path):
    for case in (WINTER, SPRING):
        shutil.copytree(case, tmp_path / case.name)
    assert run(capsys, "validate", str(tmp_path))[0] == 0  # both cases define moscow identically
    gazetteer = tmp_path / "fixture-spring" / "gazetteer.csv"
    gazetteer.write_text(gazetteer.read_text(encoding="utf-8").replace("55.75222", "55.70000"), encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(tmp_path))
    assert code == 2 and ("fixture-winter/gazetteer.csv: lat: place 'moscow' is 55.75222 here but 55.7 in case "
                          "'fixture-spring'") in out  # cases are compared in id order


def test_should_open_the_case_a_link_names_and_notice_an_unknown_one():
    spring = case_choice.choose(CASES, {"case": "fixture-spring"})
    assert (spring.id, spring.folder, spring.notices) == ("fixture-spring", SPRING, ())
    unknown = case_choice.choose(CASES, {"case": "atlantis"})
    assert (unknown.id, unknown.folder) == ("fixture-winter", WINTER) and "atlantis" in unknown.notices[0]
    assert case_choice.choose(DATA, {}).id == "aleppo-2016-12"
    assert case_choice.choose(CASES, {}).ids == ("fixture-spring", "fixture-winter")


def test_should_carry_the_case_in_a_link_only_where_there_is_a_choice():
    assert case_choice.choose(CASES, {"case": "fixture-spring"}).link_params({"start": "2022-04-10"}) == {
        "case": "fixture-spring", "start": "2022-04-10"}
    assert case_choice.choose(SPRING, {}).link_params({"start": "2022-04-10"}) == {"start": "2022-04-10"}


def test_should_title_the_tab_with_the_case_descriptors_title():
    title = json.loads((SPRING / "datapackage.json").read_text(encoding="utf-8"))["title"]
    assert case_choice.choose(SPRING, {}).page_title() == f"evacmap: {title}"


CASE_FACTS = re.compile(r"Aleppo|Damascus|UTC\+2", re.IGNORECASE)


def _strings_outside_docstrings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


@pytest.mark.parametrize("path", sorted((ROOT / "geo").rglob("*.py")) + [ROOT / "dashboard.py"],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_should_hold_no_case_fact_in_code_outside_docstrings_and_comments(path):
    found = [f"{path.name}:{line}: {text!r}" for line, text in _strings_outside_docstrings(path) if CASE_FACTS.search(text)]
    assert found == []


def test_should_catch_a_case_fact_in_a_string(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""Aleppo in a docstring is fine."""\n# so is Damascus in a comment\nTITLE = "eastern Aleppo"\n',
                      encoding="utf-8")
    assert [(line, CASE_FACTS.search(text) is not None) for line, text in _strings_outside_docstrings(module)] == [(3, True)]
