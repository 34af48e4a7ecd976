"""A quick command line: each command imports only what it needs (the timings are benchmarks/cli_speed.py's)."""

from __future__ import annotations

import json
import subprocess
import sys

from geo import cli, export
from tests.conftest import ROOT

MAP_AND_PAGE = ("folium", "branca", "jinja2", "streamlit", "altair", "playwright")


def imported_by(*arguments: str) -> set[str]:
    """The top-level packages a fresh ``evacmap ARGUMENTS`` process has imported when it exits."""
    script = ("import sys, atexit, json\n"
              "atexit.register(lambda: print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})), file=sys.stderr))\n"
              f"sys.argv = ['evacmap', *{list(arguments)!r}]\nfrom geo.cli import main\nsys.exit(main())")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def test_should_print_help_without_importing_pandas_or_the_map():
    assert imported_by("--help") & {*MAP_AND_PAGE, "pandas", "numpy", "pyarrow", "geopy"} == set()


def test_should_export_geojson_without_importing_the_map_or_the_page(tmp_path):
    assert imported_by("export", "--format", "geojson", "-o", str(tmp_path / "view.geojson")) & set(MAP_AND_PAGE) == set()
    assert json.loads((tmp_path / "view.geojson").read_text(encoding="utf-8"))["type"] == "FeatureCollection"


def test_should_offer_the_formats_the_exporters_make():
    assert cli.FORMATS == export.FORMATS
