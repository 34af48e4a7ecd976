"""Every event seen (issue 18): on the busiest days of both cases, at a laptop's and a phone's size, each event of
the view has its own glyph that no other glyph hides, the attack is drawn and its place named, and a popup stays
small and clear of the map's controls."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from geo import export
from geo.data import evidence
from geo.run.view import from_params
from tests import csv_rows
from tests.browser.conftest import markers_settle_at
from tests.conftest import SHIPPED

pytestmark = pytest.mark.browser

FOUR_TOWNS = SHIPPED.parent / "four-towns-2017-04"
SCREENS = {"laptop": (1440, 900), "phone": (390, 844)}
DAYS = {  # folder, local day, the case's offset from UTC then (data/README.md of each case)
    "aleppo-15-dec": (SHIPPED, date(2016, 12, 15), timedelta(hours=2)),
    "four-towns-15-apr": (FOUR_TOWNS, date(2017, 4, 15), timedelta(hours=3)),
}

# Each glyph: its event id, the box of its disc in page pixels, its accessible name.
GLYPHS = """() => [...document.querySelectorAll('.leaflet-marker-pane [data-event-id]')].map(e => {
  const r = e.getBoundingClientRect();
  return {id: e.dataset.eventId, x: r.x + r.width / 2, y: r.y + r.height / 2, r: r.width / 2,
          name: e.getAttribute('aria-label')};
}).filter(g => g.r > 0)"""
BADGED = """() => [...document.querySelectorAll('.leaflet-marker-pane .evacmap-badge[data-event-ids]')]
  .flatMap(e => e.dataset.eventIds.split(' '))"""
"""The events a place's badge stands for, where its fan would not fit (js/glyphs.js)."""
SAMPLES = 9


def _expected(folder: Path, day: date, offset: timedelta) -> list[str]:
    start = datetime(day.year, day.month, day.day, tzinfo=UTC) - offset
    return csv_rows.on_map((start, start + timedelta(days=1)), folder=folder)  # not those said about a place


def _uncovered_share(glyph: dict, others: list[dict]) -> float:
    """The share of a glyph's disc, sampled on a grid, inside no other glyph's disc."""
    inside = free = 0
    for i in range(SAMPLES):
        for j in range(SAMPLES):
            x = glyph["x"] - glyph["r"] + (i + 0.5) * 2 * glyph["r"] / SAMPLES
            y = glyph["y"] - glyph["r"] + (j + 0.5) * 2 * glyph["r"] / SAMPLES
            if (x - glyph["x"]) ** 2 + (y - glyph["y"]) ** 2 > glyph["r"] ** 2:
                continue
            inside += 1
            free += not any((x - o["x"]) ** 2 + (y - o["y"]) ** 2 < o["r"] ** 2 for o in others)
    return free / inside


def _open(page, tmp_path, case: str, size: tuple[int, int]) -> list[str]:
    folder, day, offset = DAYS[case]
    loaded = evidence.load(folder)
    view = from_params({"start": day.isoformat(), "end": day.isoformat()}, loaded)[0]
    page.set_viewport_size({"width": size[0], "height": size[1]})
    path = export.write(tmp_path / f"{case}.html", export.render(loaded, view, "html"))
    page.goto(path.as_uri())
    expected = _expected(folder, day, offset)
    assert markers_settle_at(page, len(expected), frame=page.main_frame) == len(expected)
    page.wait_for_function("() => !document.querySelector('.folium-map').dataset.labelsPending")
    return expected


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("case", DAYS)
def test_should_draw_every_event_of_the_day_as_a_glyph_no_other_glyph_hides(page, tmp_path, case, screen):
    expected = _open(page, tmp_path, case, SCREENS[screen])
    glyphs = page.evaluate(GLYPHS)
    assert sorted([g["id"] for g in glyphs] + page.evaluate(BADGED)) == sorted(expected)
    for glyph in glyphs:
        others = [o for o in glyphs if o is not glyph]
        assert _uncovered_share(glyph, others) > 0.5, f"{glyph['id']} is mostly hidden by other glyphs"
        assert glyph["name"] and " at " in glyph["name"], f"{glyph['id']} has no accessible name"


@pytest.mark.parametrize("screen", SCREENS)
def test_should_draw_the_attack_larger_and_name_its_place(page, tmp_path, screen):
    _open(page, tmp_path, "four-towns-15-apr", SCREENS[screen])
    attacks = [r["id"] for r in csv_rows.rows("events.csv", FOUR_TOWNS) if r["type"] == "attack"
               and r["id"] in _expected(*DAYS["four-towns-15-apr"])]
    assert attacks, "the shipped four-towns case has an attack on 15 April 2017"
    glyphs = {g["id"]: g for g in page.evaluate(GLYPHS)}
    smallest = min(g["r"] for g in glyphs.values())
    for attack in attacks:
        assert glyphs[attack]["r"] > smallest and glyphs[attack]["name"].startswith("Attack on civilians at ")
    label = page.locator(".evacmap-label", has_text="Rashidin")
    assert label.count() == 1 and "evacmap-label-hidden" not in (label.get_attribute("class") or "")
    assert label.locator("div").is_visible()


CONTROLS = (".leaflet-control-zoom", ".leaflet-control-layers", ".evacmap-box:has(.evacmap-title)", ".evacmap-legend",
            ".evacmap-playback", ".leaflet-control-minimap")


@pytest.mark.parametrize("screen", SCREENS)
def test_should_open_a_compact_popup_clear_of_the_map_controls(page, tmp_path, screen):
    shown = _open(page, tmp_path, "four-towns-15-apr", SCREENS[screen])
    attack = next(r["id"] for r in csv_rows.rows("events.csv", FOUR_TOWNS) if r["type"] == "attack" and r["id"] in shown)
    page.locator(f'[data-event-id="{attack}"]').click(timeout=10_000)
    page.locator(".leaflet-popup").wait_for()
    page.wait_for_timeout(800)  # the map pans the popup into view
    box = page.locator(".leaflet-popup-content-wrapper").bounding_box()
    frame = page.locator(".folium-map").bounding_box()
    assert box["width"] <= min(320, frame["width"]) and box["height"] <= 320
    assert box["x"] >= frame["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"]
    for control in CONTROLS:
        other = page.locator(control).first.bounding_box()
        meets = not (box["x"] >= other["x"] + other["width"] or other["x"] >= box["x"] + box["width"]
                     or box["y"] >= other["y"] + other["height"] or other["y"] >= box["y"] + box["height"])
        assert not meets, f"the popup {box} is under {control} {other}"
    text = page.locator(".leaflet-popup").inner_text()
    assert "killed: " in text and " claims from " in text


def test_should_open_the_april_case_with_both_ends_of_the_story_named(page, tmp_path):
    loaded = evidence.load(FOUR_TOWNS)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(export.write(tmp_path / "april.html", export.render(loaded, from_params({}, loaded)[0], "html")).as_uri())
    page.wait_for_function("() => !document.querySelector('.folium-map').dataset.labelsPending")
    page.wait_for_timeout(300)
    inset = page.locator(".leaflet-control-minimap").bounding_box()
    for name in ("Madaya", "Zabadani", "al-Fu'ah"):
        named = page.locator(".evacmap-inset-name div", has_text=name)
        assert named.count() == 1, f"{name} is not named in the inset"
        box = named.bounding_box()
        assert inset["x"] <= box["x"] and box["x"] + box["width"] <= inset["x"] + inset["width"] + 0.5, name
        assert inset["y"] <= box["y"] and box["y"] + box["height"] <= inset["y"] + inset["height"] + 0.5, name
    rashidin = page.locator(".evacmap-label", has_text="Rashidin")
    assert "evacmap-label-hidden" not in (rashidin.get_attribute("class") or "")
    assert rashidin.locator("div").is_visible()
