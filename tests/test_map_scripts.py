"""The map's own scripts (geo/map/js): their pure logic, run by node's test runner."""

import shutil
import subprocess
from pathlib import Path

from tests.conftest import require

SCRIPTS = Path(__file__).resolve().parent.parent / "geo" / "map" / "js"


def test_should_pass_the_node_tests_of_the_map_scripts():
    node = shutil.which("node")
    require(node is not None, "node is absent: the map scripts' own tests need it")
    tests = sorted(str(p) for p in SCRIPTS.glob("*.test.mjs"))
    assert tests, f"no *.test.mjs in {SCRIPTS}"
    done = subprocess.run([node, "--test", *tests], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


# The scripts of geo/map/js each page below runs, listed by hand from the elements it is built of (the shipped case has
# corridors, so arrows: places.js; it has fewer events than the map draws one by one, so no counts by place; it gives
# places a holder, so holders.js).
DASHBOARD_SCRIPTS = {"channel.js", "controls.js", "fit.js", "glyphs.js", "highlight.js", "holders.js", "inset.js",
                     "labels.js", "places.js", "playback.js"}
EXPORT_SCRIPTS = {"controls.js", "fit.js", "glyphs.js", "holders.js", "inset.js", "labels.js", "places.js",
                  "playback.js"}


def _dashboard_payload(selection) -> str:
    """What streamlit-folium sends of a dashboard map: its script, its head and the layer that says it has drawn."""
    from streamlit_folium import _get_feature_group_string, _get_header, _get_map_string

    from geo.map import build, channel, glyphs, highlight, playback, ready

    m = build.map_of(selection, title=selection.title, highlight=False, clickable_places=True)
    playback.add_playback(m, selection, send=True)
    highlight.add_click_mark(m)
    glyphs.add_details_beside(m, ".row", 360)
    channel.add_picks(m)
    m.get_root().render()
    m.render()
    head, script = _get_header(m), _get_map_string(m)
    return head + script + _get_feature_group_string(ready.ready_layer(), m, 0)


def test_should_bring_each_script_to_a_dashboard_map_once(shipped):
    from geo.map import scripts
    from geo.run.selection import Selection
    from geo.run.view import View

    page = _dashboard_payload(Selection.of(shipped, View()))
    counts = {name: page.count(scripts.text(name)) for name in scripts.GLOBALS}
    assert counts == {name: int(name in DASHBOARD_SCRIPTS) for name in scripts.GLOBALS}


def test_should_bring_each_script_and_style_to_the_html_export_once(shipped):
    from geo.export import mapfile
    from geo.map import scripts
    from geo.run.selection import Selection
    from geo.run.view import View

    page = mapfile.html(Selection.of(shipped, View())).decode("utf-8")
    counts = {name: page.count(scripts.text(name)) for name in scripts.GLOBALS}
    assert counts == {name: int(name in EXPORT_SCRIPTS) for name in scripts.GLOBALS}
    styles = sorted(p.name for p in scripts.SCRIPT_DIR.glob("*.css"))
    assert {name: page.count(scripts.text(name)) for name in styles} == dict.fromkeys(styles, 1)


def test_should_bring_a_script_to_a_layer_added_alone():
    from geo.map import ready, scripts

    group = ready.ready_layer()
    alone = next(iter(group._children.values())).own_scripts()
    assert alone == scripts.defining("channel.js") + "\n" + scripts.defining("controls.js")
