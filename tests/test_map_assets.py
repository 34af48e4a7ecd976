"""The map's scripts and styles ship with evacmap: listed, hashed, served by the dashboard, inlined in exports."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tomllib
from pathlib import Path

from geo import export
from geo.map import assets, build, playback
from geo.run.selection import Selection
from geo.run.view import View

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "geo" / "map" / "static"
SIZE_LIMIT = 1_800_000  # bytes: the 40 files measured 884,074 when first committed; the geography (world-atlas's
# countries-50m.json, 756,420 bytes: no page carries it whole, geo.map.geography clips it) brought 43 files to 1,642,011


def manifest() -> list[dict]:
    return json.loads((STATIC / "MANIFEST.json").read_text(encoding="utf-8"))


def test_should_list_every_shipped_file_with_its_sha256_version_and_licence():
    entries = manifest()
    on_disk = {p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*") if p.is_file()} - {"MANIFEST.json"}
    assert {e["file"] for e in entries} == on_disk
    for entry in entries:
        assert hashlib.sha256((STATIC / entry["file"]).read_bytes()).hexdigest() == entry["sha256"]
        assert entry["file"].startswith(entry["package"].replace("/", "__") + "@" + entry["version"] + "/")
        assert entry["licence"] not in ("", "unknown")
        assert entry["source"].startswith(f"npm {entry['package']}@{entry['version']}: package/")


def test_should_pass_the_refresh_commands_own_check():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "fetch_assets.py"), "--check"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def test_should_keep_the_shipped_files_small():
    assert sum(e["bytes"] for e in manifest()) < SIZE_LIMIT


def test_should_serve_every_script_and_style_a_map_with_playback_loads(shipped):
    m = build.build_map(shipped, View())
    playback.add_playback(m, Selection.of(shipped, View()))
    for url in build.asset_urls(m):
        assert url not in assets.OMITTED
        assert assets.local_file(url).is_file()


def test_should_link_the_dashboards_map_to_files_its_server_serves():
    for url, link in assets.copies("static", assets.needed_urls()).items():
        assert link.startswith("../../app/static/"), url
        assert (ROOT / "static" / link.removeprefix("../../app/static/").replace("%40", "@")).is_file()


def test_should_serve_the_static_folder_as_the_apps_static_files():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["enableStaticServing"] is True
    assert (ROOT / "static").resolve() == STATIC.resolve()
    assert assets.dashboard_mode(True, ROOT) == "static"


def test_should_inline_the_dashboards_map_where_no_static_folder_is_served(tmp_path):
    assert assets.dashboard_mode(False, ROOT) == "inline"
    assert assets.dashboard_mode(True, tmp_path) == "inline"


def test_should_export_html_that_links_no_cdn_by_default(shipped):
    page = export.render(shipped, View(), "html").decode("utf-8")
    assert assets.cdn_links(page) == []
    assert "data:text/javascript;base64," in page
    assert assets.TileNotice.TEXT in page
