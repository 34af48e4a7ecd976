"""Who held what (geo.map.holders): on both Syrian cases, at a laptop's and a phone's size, in the dashboard and in the
HTML export opened with no network, the layer is off at opening; turned on, it tints each place holdings.csv gives a
holder for in the window once, in its party's colour from parties.csv, shows the legend of those parties (open on a
wide map, folded on a phone's until the reader opens it), and leaves every glyph as clickable as before."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import pytest

from geo import export
from geo.data import evidence
from geo.map.holders import LAYER_NAME
from geo.map.style import LEGEND_OPEN_PX
from geo.run.view import from_params
from tests import csv_rows
from tests.browser.conftest import TILES, click_a_marker, map_frame, markers_settle_at
from tests.conftest import SHIPPED

pytestmark = pytest.mark.browser

SCREENS = {"laptop": (1440, 900), "phone": (390, 844)}
CASES = {  # folder, the first and last local day of the whole case (its title), its offset from UTC then
    "aleppo-2016-12": (SHIPPED, (2016, 12, 1), (2016, 12, 22), 2),
    "four-towns-2017-04": (SHIPPED.parent / "four-towns-2017-04", (2017, 4, 12), (2017, 4, 21), 3),
}
MARKER_HEX = {"red": "#d63e2a", "green": "#72b026", "gray": "#575757", "black": "#303030"}  # awesome-markers' fills
DISCS = """() => [...document.querySelectorAll('path[data-held-place]')].map(p => ({
  place: p.dataset.heldPlace, party: p.dataset.heldBy, fill: p.getAttribute('fill')}))"""
LEGEND = """() => { const key = document.querySelector('.evacmap-held-legend');
  return key && key.getBoundingClientRect().height > 0 ? [...key.querySelectorAll('[data-party]')]
    .filter(s => s.checkVisibility()).map(s => [s.dataset.party, getComputedStyle(s).backgroundColor])
    : null; }"""
MAP_WIDTH = "() => document.querySelector('.leaflet-container[role=main]').getBoundingClientRect().width"
# Each glyph whose centre lies in the map: whether a click there reaches it (the glyph, not what lies over it), and
# whether its centre is under one of the map's controls (a legend the reader may fold).
GLYPH_HITS = """() => { const map = document.querySelector('.leaflet-container[role=main]').getBoundingClientRect();
  const controls = [...document.querySelectorAll('.leaflet-control')].map(c => c.getBoundingClientRect());
  const out = {};
  document.querySelectorAll('.leaflet-marker-pane [data-event-id]').forEach(g => {
    const r = g.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
    if (r.width === 0 || x < map.left || x > map.right || y < map.top || y > map.bottom) { return; }
    const hit = document.elementFromPoint(x, y);
    out[g.dataset.eventId] = {hit: !!hit && hit.closest('[data-event-id]') === g,
      held: !!hit && !!hit.closest('[data-held-place]'),
      under: controls.some(c => x >= c.left && x <= c.right && y >= c.top && y <= c.bottom)};
  });
  return out; }"""


def _window(case: str) -> tuple[datetime, datetime]:
    _, first, last, hours = CASES[case]
    return (datetime(*first, tzinfo=UTC) - timedelta(hours=hours),
            datetime(*last, tzinfo=UTC) + timedelta(days=1, hours=-hours))


def _expected(case: str) -> tuple[dict[str, str], dict[str, str]]:
    """Each held place's side at the window's end, and each side's fill, from the CSV files."""
    folder = CASES[case][0]
    sides = {p: s for p, s in csv_rows.held_at_end(_window(case), folder).items() if s is not None}
    colours = {r["id"]: MARKER_HEX[r["colour"]] for r in csv_rows.rows("parties.csv", folder)}
    return sides, colours


def _rgb(hex_colour: str) -> str:
    return "rgb({}, {}, {})".format(*(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)))


def _turn_on(frame) -> None:
    """Open the layers control and tick the layer, as a reader would."""
    frame.locator(".leaflet-control-layers").hover()
    box = frame.get_by_label(LAYER_NAME)
    assert not box.is_checked(), "the layer is off at opening"
    box.check()
    frame.wait_for_function("() => document.querySelectorAll('path[data-held-place]').length > 0")


def _check_layer(frame, case: str) -> None:
    assert frame.evaluate(DISCS) == [] and frame.evaluate(LEGEND) is None, "off at opening: no tint, no legend"
    before = frame.evaluate(GLYPH_HITS)
    _turn_on(frame)
    sides, colours = _expected(case)
    discs = frame.evaluate(DISCS)
    assert sorted(d["place"] for d in discs) == sorted(sides), "one tint per held place"
    assert {d["place"]: (d["party"], d["fill"]) for d in discs} == {p: (s, colours[s]) for p, s in sides.items()}
    after = frame.evaluate(GLYPH_HITS)
    assert after.keys() == before.keys()
    assert not [g for g, seen in after.items() if seen["held"]], "a tint took a glyph's click"
    lost = [g for g, seen in after.items() if before[g]["hit"] and not seen["hit"] and not seen["under"]]
    assert not lost, f"glyphs no longer clickable with the layer on: {lost}"
    key = frame.locator(".evacmap-held-legend details")
    wide = frame.evaluate(MAP_WIDTH) >= LEGEND_OPEN_PX
    assert key.evaluate("d => d.open") == wide, "the legend opens on a wide map, folds on a phone's"
    if not wide:
        assert frame.evaluate(LEGEND) == []  # folded: its name alone
        key.locator("summary").click()
    order = [r["id"] for r in csv_rows.rows("parties.csv", CASES[case][0]) if r["id"] in set(sides.values())]
    assert frame.evaluate(LEGEND) == [[side, _rgb(colours[side])] for side in order]


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("case", CASES)
def test_should_tint_each_held_place_in_the_dashboard_only_once_the_reader_turns_the_layer_on(page, dashboard, case,
                                                                                              screen):
    _, first, last, _ = CASES[case]
    page.set_viewport_size(dict(zip(("width", "height"), SCREENS[screen])))
    page.goto(f"{dashboard}/?case={case}&start={datetime(*first):%Y-%m-%d}&end={datetime(*last):%Y-%m-%d}")
    frame = map_frame(page)
    frame.wait_for_function("() => document.querySelector('.leaflet-marker-pane [data-event-id]')")
    _check_layer(frame, case)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("case", CASES)
def test_should_carry_the_layer_in_the_html_export_working_with_no_network(page, tmp_path, network, case, screen):
    network.offline = True
    folder, first, last, _ = CASES[case]
    loaded = evidence.load(folder)
    view = from_params({"start": f"{datetime(*first):%Y-%m-%d}", "end": f"{datetime(*last):%Y-%m-%d}"}, loaded)[0]
    page.set_viewport_size(dict(zip(("width", "height"), SCREENS[screen])))
    path = export.write(tmp_path / f"{case}.html", export.render(loaded, view, "html"))
    page.goto(path.as_uri())
    expected = len(csv_rows.on_map(_window(case), folder=folder))
    assert markers_settle_at(page, expected, frame=page.main_frame) == expected
    _check_layer(page.main_frame, case)
    click_a_marker(page.main_frame)
    page.locator(".leaflet-popup").wait_for()  # a glyph under a tint still opens its popup
    assert network.refused and all(TILES.match(url) for url in network.refused), "no host but the tile server"
    assert {urlsplit(url).scheme for url in network.refused} <= {"https"}
