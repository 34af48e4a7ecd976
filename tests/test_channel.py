"""The two ends of the map's channel agree: the messages the map builds (geo/map/js/channel.js) are those Python
reads (geo.map.channel.FIELDS), and the page's listener (panels/map_channel.mjs) passes on only evacmap's."""

import json
import shutil
import subprocess
from pathlib import Path

from geo.map import channel
from tests.conftest import require

ROOT = Path(__file__).resolve().parent.parent


def _node() -> str:
    node = shutil.which("node")
    require(node is not None, "node is absent: the channel's scripts need it")
    return node


def test_should_build_in_the_map_the_same_kinds_and_fields_python_reads():
    script = ("const c = require(process.argv[1]); "
              "console.log(JSON.stringify({version: c.VERSION, fields: c.FIELDS}));")
    done = subprocess.run([_node(), "-e", script, str(ROOT / "geo" / "map" / "js" / "channel.js")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    built = json.loads(done.stdout)
    assert built["version"] == channel.VERSION
    assert {kind: tuple(fields) for kind, fields in built["fields"].items()} == channel.FIELDS


def test_should_pass_the_node_tests_of_the_pages_listener():
    tests = sorted(str(p) for p in (ROOT / "panels").glob("*.test.mjs"))
    assert tests, "no panels/*.test.mjs"
    done = subprocess.run([_node(), "--test", *tests], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
