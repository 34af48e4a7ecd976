"""Every event of a window is in view (issue 29): in the main map or in its overview inset, in the PNG and in a
frame of the GIF at a laptop's and a phone's size, and in the map the dashboard and an exported HTML open on at a
laptop's, for every shipped case and a case of another war (Palma, Mozambique, 2021), over the whole case, its
busiest day, the day of its farthest arrival and the day a reader found an event off the picture. (On a phone the
dashboard's inset opens folded, and an event beyond the opening view is then only a dot in it: not yet in view.)

The events and their points come from the CSV files (``tests/csv_rows.py``: the events on the map, each at its
place's point in gazetteer.csv); what the map shows is read from its own Leaflet state in the page: the main map's
bounds, and the inset's bounds while it is unfolded. An event outside the main map's bounds in a picture is drawn as
its glyph in the inset."""

from __future__ import annotations

import csv
import json
import math
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from geo import export
from geo.data import evidence
from geo.export import mapfile
from geo.run.view import from_params
from tests import csv_rows
from tests.conftest import DATA, ROOT

pytestmark = pytest.mark.browser

PALMA = ROOT / "tests" / "fixtures" / "reports" / "otherwars" / "palma-2021"
SHIPPED_CASES = sorted(p.name for p in DATA.iterdir() if (p / "datapackage.json").is_file())
SIZES = {"laptop": (1440, 900), "phone": (390, 844)}
WINDOWS = ("whole", "busiest day", "farthest arrival", "reported")
REPORTED = {"four-towns-2017-04": "2017-04-15"}
"""The day a reader found an event off the picture: the Idlib arrival of the bombing day, beyond the opening view."""

STATE = """(points) => {
  // The main map (the one with an inset), its bounds and the inset's, and which points each holds; the glyphs the
  // inset draws.
  const map = Object.values(window).find(v => {
    try { return v instanceof L.Map && v.evacmapInset; } catch (e) { return false; }
  });
  const inset = map.evacmapInset, open = !inset._minimized, mini = inset._miniMap;
  const shown = {};
  for (const [id, lat, lon] of points) {
    shown[id] = {map: map.getBounds().contains([lat, lon]), inset: open && mini.getBounds().contains([lat, lon])};
  }
  const drawn = [...inset.getContainer().querySelectorAll("[data-event-id]")].map(e => e.dataset.eventId);
  return {shown: shown, drawn: drawn, bounds: map.getBounds().toBBoxString(), open: open,
          inset: mini.getBounds().toBBoxString()};
}"""


def _palma_case(folder: Path) -> Path:
    """The Palma case with an event for each row of the set's expected.csv (written by hand from the reports):
    its place, type, local days (Africa/Maputo, UTC+2) and note; each cites the report it was read from."""
    import shutil

    shutil.copytree(PALMA / "case", folder)
    zone = ZoneInfo("Africa/Maputo")
    with (PALMA / "expected.csv").open(encoding="utf-8", newline="") as f:
        expected = list(csv.DictReader(f))
    with (folder / "events.csv").open("w", encoding="utf-8", newline="") as f:
        out = csv.writer(f)
        out.writerow(["id", "start", "end", "time_precision", "geo_precision", "place_id", "type", "actors", "summary",
                      "sources"])
        for n, row in enumerate(expected, 1):
            first = datetime.fromisoformat(row["first"]).replace(tzinfo=zone)
            last = datetime.fromisoformat(row["last"]).replace(tzinfo=zone) + timedelta(days=1)
            out.writerow([f"e{n:03d}", first.isoformat(), last.isoformat(), 1, 2, row["place_id"], row["type"], "",
                          row["note"], row["file"].removesuffix(".txt")])
    return folder


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> dict[str, Path]:
    return {**{name: DATA / name for name in SHIPPED_CASES},
            "palma-2021": _palma_case(tmp_path_factory.mktemp("palma") / "palma-2021")}


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(b[1] - a[1]) / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(min(1.0, h)))


def _zone(folder: Path) -> ZoneInfo:
    return ZoneInfo(json.loads((folder / "datapackage.json").read_text(encoding="utf-8"))["evacmap"]["timezone"])


def _days(folder: Path, case: str, windows: tuple[str, ...] = WINDOWS) -> dict[str, str | None]:
    """The case's windows to look at, by name: its local days (ISO), or None for the whole case."""
    days = {which: _day(folder, which) for which in windows if which != "reported"}
    if "reported" in windows and case in REPORTED:
        days["reported"] = REPORTED[case]
    return days


def _day(folder: Path, which: str) -> str | None:
    """The local day (ISO) of the case's busiest day (most events on the map starting on it, the earliest of a tie)
    or of its farthest arrival (the arrival on the map farthest from the place with most events); None: the whole."""
    if which == "whole":
        return None
    zone, events = _zone(folder), {r["id"]: r for r in csv_rows.rows("events.csv", folder)}
    shown = [events[i] for i in csv_rows.on_map(folder=folder)]

    def day(row: dict[str, str]) -> str:
        return datetime.fromisoformat(row["start"]).astimezone(zone).date().isoformat()

    if which == "busiest day":
        counts = Counter(day(r) for r in shown)
        return min(counts, key=lambda d: (-counts[d], d))
    places = {r["id"]: (float(r["lat"]), float(r["lon"])) for r in csv_rows.rows("gazetteer.csv", folder)}
    busiest = Counter(r["place_id"] for r in shown).most_common(1)[0][0]
    arrivals = [r for r in shown if r["type"] == "arrival"]
    return day(max(arrivals, key=lambda r: (_km(places[busiest], places[r["place_id"]]), r["id"])))


def _expected(folder: Path, day: str | None) -> list[list]:
    """The events on the map in the window (the whole case, or that local day), each ``[id, lat, lon]`` at its place."""
    window = None
    if day is not None:
        start = datetime.fromisoformat(day).replace(tzinfo=_zone(folder))
        window = (start, start + timedelta(days=1))
    events = {r["id"]: r for r in csv_rows.rows("events.csv", folder)}
    places = {r["id"]: (float(r["lat"]), float(r["lon"])) for r in csv_rows.rows("gazetteer.csv", folder)}
    return [[i, *places[events[i]["place_id"]]] for i in csv_rows.on_map(window, folder=folder)]


class _Watched:
    """A browser tab whose screenshots first record the map's state (:data:`STATE`) for ``points``."""

    def __init__(self, tab, points: list[list], states: list[dict]) -> None:
        self._tab, self._points, self._states = tab, points, states

    def screenshot(self, **options):
        self._states.append(self._tab.evaluate(STATE, self._points))
        return self._tab.screenshot(**options)

    def __getattr__(self, name):
        return getattr(self._tab, name)


def _assert_in_view(state: dict, points: list[list], what: str, drawn: bool) -> None:
    assert set(state["shown"]) == {p[0] for p in points}
    off = sorted(i for i, s in state["shown"].items() if not (s["map"] or s["inset"]))
    assert off == [], (f"{what}: {off} neither in the map ({state['bounds']}) nor in the inset "
                       f"({state['inset'] if state['open'] else 'folded'})")
    if drawn:  # a picture: what the main map does not hold is drawn in the inset, as a glyph
        beyond = sorted(i for i, s in state["shown"].items() if not s["map"])
        assert set(beyond) <= set(state["drawn"]), f"{what}: {beyond} beyond the map, not drawn in the inset"


def _render(monkeypatch, folder: Path, day: str | None, points: list[list], size: tuple[int, int], form: str) -> list:
    states: list[dict] = []
    shoot = mapfile.in_browser
    monkeypatch.setattr(mapfile, "in_browser", lambda page, width, height, offline, action: shoot(
        page, width, height, offline, lambda tab: action(_Watched(tab, points, states))))
    loaded = evidence.load(folder)
    window = {} if day is None else {"start": day, "end": day}
    export.render(loaded, from_params(window, loaded)[0], form, offline="file", width=size[0], height=size[1])
    return states


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("case", [*SHIPPED_CASES, "palma-2021"])
def test_should_show_every_event_of_the_window_in_the_png_in_the_map_or_its_inset(monkeypatch, chromium, vendored,
                                                                                 folders, case, size):
    folder = folders[case]
    for which, day in _days(folder, case).items():
        points = _expected(folder, day)
        states = _render(monkeypatch, folder, day, points, SIZES[size], "png")
        assert len(states) == 1
        _assert_in_view(states[0], points, f"{case}, {which} ({day or 'whole case'})", drawn=True)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("case", [*SHIPPED_CASES, "palma-2021"])
def test_should_show_every_event_of_the_day_in_its_gif_frame_in_the_map_or_its_inset(monkeypatch, chromium, vendored,
                                                                                    folders, case, size):
    folder = folders[case]
    for which, day in _days(folder, case, WINDOWS[1:]).items():  # one day: one frame
        points = _expected(folder, day)
        states = _render(monkeypatch, folder, day, points, SIZES[size], "gif")
        assert states  # the frame is shot once for the palette, once for the GIF: the same step
        for state in states:
            _assert_in_view(state, points, f"{case}, {which} ({day})", drawn=True)


DASHBOARD_MAP = {"laptop": (1108, 560)}
"""The dashboard's map on a 1440×900 screen (as tests/browser/test_map_layout.py measures it)."""


@pytest.mark.parametrize("size", DASHBOARD_MAP)
@pytest.mark.parametrize("case", [*SHIPPED_CASES, "palma-2021"])
def test_should_open_the_map_with_every_event_of_the_window_in_the_map_or_its_inset(page, tmp_path, folders, case,
                                                                                   size):
    """The HTML export is the dashboard's map (geo.map.build.map_of) with its playback: the view it opens on."""
    folder = folders[case]
    loaded = evidence.load(folder)
    page.set_viewport_size(dict(zip(("width", "height"), DASHBOARD_MAP[size])))
    for which, day in _days(folder, case).items():
        points = _expected(folder, day)
        view = from_params({} if day is None else {"start": day, "end": day}, loaded)[0]
        page.goto(export.write(tmp_path / f"{which}.html", export.render(loaded, view, "html")).as_uri())
        page.locator(".evacmap-playback-play").wait_for()
        page.wait_for_timeout(400)
        _assert_in_view(page.evaluate(STATE, points), points, f"{case}, {which} ({day or 'whole case'})", drawn=False)


@pytest.mark.parametrize("screen", ["laptop"])
def test_should_open_the_dashboards_map_with_every_event_of_the_window_in_the_map_or_its_inset(page, dashboard,
                                                                                              folders, screen):
    from tests.browser.conftest import map_frame

    page.set_viewport_size(dict(zip(("width", "height"), SIZES[screen])))
    for case in SHIPPED_CASES:
        folder = folders[case]
        for which, day in _days(folder, case, ("whole", "farthest arrival", "reported")).items():
            points = _expected(folder, day)
            page.goto(f"{dashboard}/?case={case}" + ("" if day is None else f"&start={day}&end={day}"))
            frame = map_frame(page)
            frame.wait_for_function("() => window.evacmapPlayback && !document.querySelector('[data-labels-pending]')")
            page.wait_for_timeout(500)
            _assert_in_view(map_frame(page).evaluate(STATE, points), points, f"dashboard, {case}, {which}", drawn=False)
