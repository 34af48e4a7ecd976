"""Every place name stands at its own place: beside its point (about a glyph's width from it, or joined to it by a
leader line), never nearer another named place's point than its own, in the order of the places' coordinates, and
put across the steps of a playback; in the HTML export and in the dashboard, on both cases, on a laptop and a phone."""

from __future__ import annotations

from itertools import combinations

import pytest

from geo import export
from geo.data import evidence
from geo.run.view import from_params
from tests.browser.conftest import map_frame
from tests.conftest import SHIPPED

pytestmark = pytest.mark.browser

SCREENS = {"laptop": (1440, 900), "phone": (390, 844)}
CASES = {"aleppo-2016-12": SHIPPED, "four-towns-2017-04": SHIPPED.parent / "four-towns-2017-04"}
VIEWS = {"whole window": {}, "busiest day": None}  # None: the case's busiest day, worked out from its events
BESIDE_PX = 26  # about a glyph's width: the farthest a name stands from its point without a leader line
LEADER_SLACK_PX = 2

# Each shown name: its point and its box in the page's pixels, its coordinates, and its leader line's far end, if drawn.
NAMES = """() => {
  const map = Object.values(window).find(v => { try { return v instanceof L.Map; } catch (e) { return false; } });
  const frame = map.getContainer().getBoundingClientRect(), out = [];
  map.eachLayer(layer => {
    const icon = layer.evacmapPlace !== undefined && layer.getElement && layer.getElement();
    if (!icon || !icon.classList.contains("evacmap-label") || icon.classList.contains("evacmap-label-hidden")) { return; }
    const p = map.latLngToContainerPoint(layer.getLatLng()), box = icon.firstChild.getBoundingClientRect();
    const line = icon.lastChild, shown = line && line.classList.contains("evacmap-leader") && line.style.display !== "none";
    let end = null;
    if (shown) {
      const length = parseFloat(line.style.width), angle = parseFloat(line.style.transform.replace("rotate(", ""));
      end = [frame.left + p.x + length * Math.cos(angle), frame.top + p.y + length * Math.sin(angle)];
    }
    const ll = layer.getLatLng();
    out.push({place: layer.evacmapPlace, name: icon.firstChild.textContent, lat: ll.lat, lon: ll.lng,
              point: [frame.left + p.x, frame.top + p.y], box: [box.left, box.top, box.right, box.bottom], leader: end});
  });
  const controls = [...map.getContainer().querySelectorAll(".leaflet-control-container .leaflet-control")]
    .map(c => c.getBoundingClientRect()).filter(b => b.width > 0 && b.height > 0).map(b => [b.left, b.top, b.right, b.bottom]);
  return out.map(n => Object.assign(n, {controls}));
}"""


def distance(box: list[float], point: list[float]) -> float:
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return (dx * dx + dy * dy) ** 0.5


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def misplaced(names: list[dict]) -> list[str]:
    """What is wrong with the names shown (empty: each stands at its own place)."""
    wrong = []
    for n in names:
        own = distance(n["box"], n["point"])
        if n["leader"] is None and own > BESIDE_PX:
            wrong.append(f"{n['name']}: {own:.0f} px from its point, with no leader line")
        if n["leader"] is not None and distance(n["box"], n["leader"]) > LEADER_SLACK_PX:
            wrong.append(f"{n['name']}: its leader line ends {distance(n['box'], n['leader']):.0f} px off its name")
        if any(_overlap(n["box"], control) for control in n["controls"]):
            wrong.append(f"{n['name']}: under a control of the map")
        for other in names:
            if other is not n and other["place"] != n["place"] and distance(n["box"], other["point"]) <= own:
                wrong.append(f"{n['name']}: nearer {other['name']}'s point than its own")
    return wrong


def out_of_order(names: list[dict]) -> list[str]:
    """Pairs of names in the wrong east–west or north–south order: the western place's name wholly east of the eastern
    one's, or the southern place's wholly north of the northern one's (places whose points stand closer than two
    glyphs' widths on that axis may stand either way round)."""
    wrong = []
    for a, b in combinations(names, 2):
        for axis, coordinate in ((0, "lon"), (1, "lat")):
            if abs(a["point"][axis] - b["point"][axis]) <= 2 * BESIDE_PX:
                continue
            low, high = (a, b) if a[coordinate] < b[coordinate] else (b, a)  # west then east; south then north
            inverted = low["box"][0] >= high["box"][2] if axis == 0 else low["box"][3] <= high["box"][1]
            if inverted:
                wrong.append(f"{low['name']} / {high['name']} ({coordinate})")
    return wrong


def _where(names: list[dict]) -> list[tuple]:
    return [(n["place"], n["box"], n["leader"]) for n in names]


def _busiest_day(folder) -> str:
    ev = evidence.load(folder)
    days = ev.events["start"].dt.tz_convert(ev.case.timezone).dt.date.value_counts()
    return str(days.sort_values(ascending=False, kind="stable").index[0])


def _open_export(page, tmp_path, folder, params) -> None:
    ev = evidence.load(folder)
    view, _ = from_params(params, ev)
    path = export.write(tmp_path / "map.html", export.render(ev, view, "html", offline="inline"))
    page.goto(path.as_uri())
    page.wait_for_function("() => window.evacmapPlayback && !document.querySelector('[data-labels-pending]')")
    page.wait_for_timeout(300)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("view", VIEWS)
def test_should_stand_every_name_of_the_html_export_at_its_own_place(page, tmp_path, case, screen, view):
    page.set_viewport_size(dict(zip(("width", "height"), SCREENS[screen])))
    day = _busiest_day(CASES[case]) if VIEWS[view] is None else None
    _open_export(page, tmp_path, CASES[case], {"start": day, "end": day} if day else {})
    names = page.evaluate(NAMES)
    assert len(names) >= 2
    assert misplaced(names) == []
    assert out_of_order(names) == []


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("case", CASES)
def test_should_keep_every_name_put_across_the_steps_of_a_playback(page, tmp_path, case, screen):
    page.set_viewport_size(dict(zip(("width", "height"), SCREENS[screen])))
    _open_export(page, tmp_path, CASES[case], {})
    page.evaluate("() => evacmapPlayback.show(0)")  # the bar unfolds: the names make room for it, once
    page.wait_for_function("() => !document.querySelector('[data-labels-pending]')")
    before = _where(page.evaluate(NAMES))
    assert misplaced(page.evaluate(NAMES)) == []
    for i in range(1, page.evaluate("() => evacmapPlayback.count()")):
        page.evaluate("(i) => evacmapPlayback.show(i)", i)
        page.wait_for_timeout(120)
        assert _where(page.evaluate(NAMES)) == before, f"step {i}"


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("case", CASES)
def test_should_stand_every_name_of_the_dashboards_map_at_its_own_place(page, dashboard, case, screen):
    page.set_viewport_size(dict(zip(("width", "height"), SCREENS[screen])))
    page.goto(f"{dashboard}/?case={case}")
    frame = map_frame(page)
    frame.wait_for_function("() => window.evacmapPlayback && !document.querySelector('[data-labels-pending]')")
    page.wait_for_timeout(500)
    names = map_frame(page).evaluate(NAMES)
    assert len(names) >= 2
    assert misplaced(names) == []
    assert out_of_order(names) == []


@pytest.mark.parametrize("case", CASES)
def test_should_stand_every_name_of_an_animation_frame_at_its_own_place_and_put(page, tmp_path, case):
    """The page a GIF or MP4 is shot from (geo.export.animation), at its frame size, measured at every step."""
    from geo.export import animation, mapfile
    from geo.map.playback import add_playback
    from geo.run.selection import Selection

    ev = evidence.load(CASES[case])
    selection = Selection.of(ev, from_params({}, ev)[0])
    m = mapfile.snapshot_map(selection, offline="inline", playback=False)
    add_playback(m, selection, step="day")
    path = tmp_path / "frames.html"
    path.write_text(m.get_root().render(), encoding="utf-8")
    page.set_viewport_size(dict(zip(("width", "height"), animation.DEFAULT_SIZE)))
    page.goto(path.as_uri())
    page.wait_for_function("() => window.evacmapPlayback")
    page.add_style_tag(content=animation.FRAME_CSS)
    page.add_script_tag(content=animation.FRAMES_SCRIPT)
    page.evaluate("() => evacmapPlayback.show(0)")
    page.wait_for_function("() => !document.querySelector('[data-labels-pending]')")
    first = page.evaluate(NAMES)
    assert len(first) >= 2 and misplaced(first) == [] and out_of_order(first) == []
    for i in range(1, page.evaluate("() => evacmapPlayback.count()")):
        page.evaluate("(i) => evacmapPlayback.show(i)", i)
        page.wait_for_timeout(100)
        assert _where(page.evaluate(NAMES)) == _where(first), f"frame {i + 1}"
