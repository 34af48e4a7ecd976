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
