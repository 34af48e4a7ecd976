"""From reports to a case in a real browser: a new case built in a temporary folder from two short reports written
for this test, the dashboard started with --edit on it, a camp no gazetteer holds placed by a click on "Find a
place"'s map, the case's sources reviewed one row at a time ("Review one row": a candidate chosen, its summary
typed into a labelled field, "Accept this row"), the review without an axe violation, saved, the events on the map
and an event's history in its details; and a report pasted and one uploaded in "Add reports", never added as
sources first, saved into the case's sources with the event they tell.

The places (Northgate, Riverton, Eastfield camp) and the reports are invented here; nothing is copied from any real
report.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from pathlib import Path

import pytest

from benchmarks import server
from geo.cli import main
from panels import add_reports
from tests import csv_rows
from tests.browser.conftest import WAIT_MS, click_a_marker, map_frame, markers_settle_at
from tests.browser.test_map_keyboard import AXE

pytestmark = pytest.mark.browser

PLACES = (("northgate", "Northgate", 47.07, 15.43), ("riverton", "Riverton", 47.25, 15.60))
COUNCIL = "Buses carrying families left Northgate on Tuesday morning, the town council said.\n"
GOVERNOR = ("On Tuesday a convoy of buses left Northgate, the regional governor said. On Wednesday the convoy "
            "arrived at Eastfield camp, he added.\n")
SUMMARIES = ("A first convoy of buses took families out of Northgate.", "The convoy from Northgate reached Eastfield camp.")
# axe-core's violations within the review (its fields, the table, the buttons), as tests/browser/test_dashboard_access.py
# runs it on the whole page.
RUN_AXE_ON_REVIEW = (f"async () => (await axe.run('.st-key-{add_reports.ROW_PART}')).violations"
                     ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(' '))}))")
SUMMARY_FIELD, CHOOSER = "Summary, in your words", "Candidate to review"
CLICKED = re.compile(r"Clicked: (-?\d+\.\d+), (-?\d+\.\d+)")


def build_case(folder: Path, texts: Path, sources: bool = True) -> None:
    """A new case (neutral event types) with two places of its own and (``sources``) the two reports kept as its
    sources."""
    assert main(["new-case", str(folder), "--title", "Evacuation of Northgate, March 2021", "--timezone",
                 "Europe/Vienna", "--start", "2021-03-08", "--end", "2021-03-11"]) == 0
    header = next(csv.reader(io.StringIO((folder / "gazetteer.csv").read_text(encoding="utf-8"))))
    with (folder / "gazetteer.csv").open("a", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=header, lineterminator="\n")
        for place_id, name, lat, lon in PLACES:
            writer.writerow({"id": place_id, "name": name, "name_local": name, "name_local_lang": "en", "kind": "town",
                             "role": "event", "lat": lat, "lon": lon, "precision_m": 2000,
                             "point": "the town's centre, invented for a test", "coord_source": "invented for a test",
                             "coord_source_url": "https://example.org/invented", "retrieved": "2021-03-12"})
    texts.mkdir()
    for name, text, outlet, day in () if not sources else (("council.txt", COUNCIL, "Town Council", "2021-03-10"),
                                    ("governor.txt", GOVERNOR, "Regional Office", "2021-03-11")):
        (texts / name).write_text(text, encoding="utf-8")
        assert main(["--data", str(folder), "add-source", str(texts / name), "--outlet", outlet,
                     "--published", day]) == 0
    assert main(["validate", str(folder)]) == 0


def place_by_click(page, folder: Path) -> None:
    """Eastfield camp, which no gazetteer holds, placed by a click on "Find a place"'s small map."""
    page.get_by_text("Find a place", exact=False).first.click()
    page.get_by_label("Place name").fill("Eastfield camp")
    page.get_by_label("Place name").press("Enter")
    page.get_by_text("Add it to the case", exact=False).first.wait_for(timeout=WAIT_MS)
    small_map = page.frame_locator("iframe[title='streamlit_folium.st_folium']").nth(1).locator(".leaflet-container").first
    small_map.wait_for(timeout=WAIT_MS)
    box = small_map.bounding_box()
    small_map.click(position={"x": box["width"] / 2 + 60, "y": box["height"] / 2 + 30})
    page.get_by_text(CLICKED).wait_for(timeout=WAIT_MS)
    for name, value in (("Id", "eastfield_camp"), ("Name", "Eastfield camp"), ("Local name", "Eastfield camp"),
                        ("Its language", "en"), ("How it was placed", "the camp's gate, clicked on the map")):
        page.get_by_role("textbox", name=name, exact=True).fill(value)
    page.get_by_role("spinbutton", name="Precision radius (m)").fill("500")
    page.get_by_role("spinbutton", name="Precision radius (m)").press("Enter")
    for label, option in (("Kind", "camp"), ("Role", "event")):
        page.get_by_role("combobox", name=label).first.click()
        page.get_by_role("option", name=option, exact=True).click()
        page.wait_for_timeout(1000)
    page.get_by_role("button", name="Add to the case").click()
    page.get_by_text("Added Eastfield camp", exact=False).first.wait_for(timeout=WAIT_MS)
    assert "eastfield_camp" in {r["id"] for r in csv_rows.rows("gazetteer.csv", folder)}


def idle(page) -> None:
    """Wait until the dashboard's run is over (Streamlit marks its state on the app's root): what follows a message
    on the page, a download button's file for one, is drawn by then."""
    page.wait_for_function("() => document.querySelector('[data-testid=stApp]')"
                           ".getAttribute('data-test-script-state') === 'notRunning'", timeout=WAIT_MS)


def holds(page, tag: str, label: str, value: str) -> None:
    """Wait until the page has one ``tag`` labelled ``label`` (a rerun draws the form anew beside the old one for a
    moment) and it holds ``value`` (a regular expression, matched from its start)."""
    page.wait_for_function("""([tag, label, value]) => {
      const found = [...document.querySelectorAll(`${tag}[aria-label="${label}"]`)];
      return found.length === 1 && new RegExp(value).test(found[0].value);
    }""", arg=[tag, label, f"^(?:{value})"], timeout=WAIT_MS)


def choose(page, candidate: str) -> None:
    """Choose ``candidate`` in "Review one row"'s chooser by the keyboard, as a keyboard user would (a first click
    on the chooser only focuses it): its list opened by the Down arrow, the option picked; again if a rerun redrew
    the chooser meanwhile, closing its list."""
    from playwright.sync_api import Error as PlaywrightError

    chooser = page.get_by_role("combobox", name=CHOOSER)
    option = page.get_by_role("option", name=re.compile(f"^{candidate}: "))
    for _ in range(10):
        holds(page, "input", CHOOSER, "")
        chooser.focus()
        page.keyboard.press("ArrowDown")
        try:
            option.click(timeout=3000)
            break
        except PlaywrightError:
            page.keyboard.press("Escape")
    holds(page, "input", CHOOSER, f"{candidate}: ")


def press(page, name: str, exact: bool = True) -> None:
    """Press the button ``name`` (or one whose name begins so) once the page shows one (a rerun draws the form anew
    beside the old one for a moment)."""
    idle(page)
    button = page.get_by_role("button", name=name if exact else re.compile(f"^{re.escape(name)}"))
    for _ in range(WAIT_MS // 200):
        if button.count() == 1:
            break
        page.wait_for_timeout(200)
    assert button.count() == 1, f"{button.count()} buttons {name!r}"
    button.click()


def review_row(page, candidate: str, place: str, summary: str) -> None:
    """Choose ``candidate``, check its fields show it (its draft summary names ``place``), type ``summary`` into its
    Summary field and accept it."""
    choose(page, candidate)
    holds(page, "textarea", SUMMARY_FIELD, rf"DRAFT: .* at {re.escape(place)}, ")
    page.get_by_role("textbox", name=SUMMARY_FIELD).fill(summary)
    press(page, "Accept this row")
    page.get_by_text(f"{candidate} accepted", exact=False).first.wait_for(timeout=WAIT_MS)
    holds(page, "textarea", SUMMARY_FIELD, re.escape(summary) + "$")
    idle(page)


def test_should_turn_two_reports_into_an_event_on_the_map_with_its_history(page, tmp_path, vendored):
    folder = tmp_path / "northgate"
    build_case(folder, tmp_path / "texts")
    with server.dashboard(log=tmp_path / "server.log", options=["--edit", "--data", str(folder)]) as (address, _):
        page.goto(address)
        map_frame(page)
        place_by_click(page, folder)
        page.get_by_text("Add reports: find candidate events", exact=False).first.click()
        page.get_by_role("button", name="Review the case's own sources").click()
        holds(page, "input", CHOOSER, "k001: ")
        page.add_script_tag(path=str(AXE))
        assert page.evaluate(RUN_AXE_ON_REVIEW) == []
        for candidate, place, summary in (("k001", "Northgate", SUMMARIES[0]), ("k002", "Eastfield camp", SUMMARIES[1])):
            review_row(page, candidate, place, summary)
        with page.expect_download() as download:
            press(page, "Download the review file", exact=False)
        reviewed = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
        assert [(r["candidate"], r["decision"], r["place_id"], r["summary"]) for r in reviewed] == [
            ("k001", "accept", "northgate", SUMMARIES[0]), ("k002", "accept", "eastfield_camp", SUMMARIES[1])]
        assert csv_rows.rows("events.csv", folder) == []  # decided, not yet saved
        press(page, "Save accepted rows into the case")
        page.get_by_text("Saved 2 event(s)", exact=False).first.wait_for(timeout=WAIT_MS)
        events = csv_rows.rows("events.csv", folder)
        assert [(e["id"], e["place_id"], e["type"], e["summary"]) for e in events] == [
            ("e001", "northgate", "departure", SUMMARIES[0]), ("e002", "eastfield_camp", "arrival", SUMMARIES[1])]
        assert events[0]["sources"] == "town_council_20210310|regional_office_20210311"
        assert markers_settle_at(page, 2) == 2
        click_a_marker(map_frame(page), page)
        page.get_by_text("History", exact=True).first.wait_for(timeout=WAIT_MS)
        assert [(r["file"], r["row_id"], r["field"]) for r in csv_rows.rows("changes.csv", folder)
                if r["file"] in ("events.csv", "gazetteer.csv")] == [
            ("gazetteer.csv", "eastfield_camp", "*"), ("events.csv", "e001", "*"), ("events.csv", "e002", "*")]


def test_should_add_a_pasted_and_an_uploaded_report_to_the_sources_when_their_event_is_saved(page, tmp_path, vendored):
    folder = tmp_path / "northgate"
    build_case(folder, tmp_path / "texts", sources=False)
    upload = tmp_path / "governor.txt"
    upload.write_text(GOVERNOR, encoding="utf-8")
    with server.dashboard(log=tmp_path / "server.log", options=["--edit", "--data", str(folder)]) as (address, _):
        page.goto(address)
        map_frame(page)
        page.get_by_text("Add reports: find candidate events", exact=False).first.click()
        page.get_by_role("textbox", name="Report text").fill(COUNCIL)
        page.locator("input[type=file][multiple]").set_input_files(str(upload))  # "Add reports" takes several
        outlet_of = page.get_by_role("textbox", name="Outlet of governor.txt")
        outlet_of.wait_for(timeout=WAIT_MS)
        outlet_of.fill("Regional Office")
        outlet_of.press("Enter")
        page.get_by_role("textbox", name="Address of governor.txt").fill("https://example.org/governor")
        page.get_by_role("textbox", name="Address of governor.txt").press("Enter")
        page.get_by_role("textbox", name="Outlet", exact=True).fill("Town Council")
        page.get_by_role("textbox", name="Outlet", exact=True).press("Enter")
        for segment, value in (("year", "2021"), ("month", "03"), ("day", "10")):  # the date field's own segments
            page.get_by_role("spinbutton", name=f"{segment}, Published (local date)").click()
            page.keyboard.type(value)
        page.keyboard.press("Tab")
        idle(page)
        press(page, "Find candidate events")
        holds(page, "input", CHOOSER, "k001: ")
        review_row(page, "k001", "Northgate", SUMMARIES[0])
        assert csv_rows.rows("sources.csv", folder) == []  # decided, not yet saved
        press(page, "Save accepted rows into the case")
        page.get_by_text("Saved 1 event(s)", exact=False).first.wait_for(timeout=WAIT_MS)
    sources = csv_rows.rows("sources.csv", folder)
    assert [(s["id"], s["outlet"], s["published"], s["url"], s["archive"]) for s in sources] == [
        ("town_council_20210310", "Town Council", "2021-03-10", "", "sources/town_council_20210310.txt"),
        ("regional_office_20210310", "Regional Office", "2021-03-10", "https://example.org/governor",
         "sources/regional_office_20210310.txt")]
    for source, text in zip(sources, (COUNCIL, GOVERNOR), strict=True):
        kept = (folder / source["archive"]).read_bytes()
        assert kept == text.encode("utf-8")
        assert source["sha256"] == hashlib.sha256(kept).hexdigest()
    events = csv_rows.rows("events.csv", folder)
    assert [(e["place_id"], e["type"], e["summary"], e["sources"]) for e in events] == [
        ("northgate", "departure", SUMMARIES[0], "town_council_20210310|regional_office_20210310")]
    assert [(r["file"], r["row_id"]) for r in csv_rows.rows("changes.csv", folder) if r["file"] != "gazetteer.csv"] == [
        ("sources.csv", "town_council_20210310"), ("sources.csv", "regional_office_20210310"), ("events.csv", "e001")]
    assert main(["validate", str(folder)]) == 0
