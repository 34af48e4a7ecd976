"""Fetch the map's JavaScript and CSS packages from the npm registry into vendor/npm/.

Usage: python scripts/fetch_assets.py [--dest DIR]

The packages are the ones geo.map.assets.PACKAGES lists (Leaflet and the plugins folium's
maps link to, at the versions folium pins). Only `npm pack` talks to the network, and
only to the npm registry. Idempotent: packages already unpacked are skipped, so a second
run does nothing (about a second, most of it starting Python). Exit status 0 when every package is in
place, 1 when npm failed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from geo.map import assets  # noqa: E402

NPM_TIMEOUT_S = 600


def unpack(tarball: Path, target: Path) -> None:
    """Unpack an npm tarball's package/ folder as target, atomically (a rename at the end)."""
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".unpack-") as scratch:
        with tarfile.open(tarball) as archive:
            archive.extractall(scratch, filter="data")
        (Path(scratch) / "package").rename(target)


def fetch(dest: Path) -> int:
    dest.mkdir(parents=True, exist_ok=True)
    wanted = assets.missing(dest)
    if not wanted:
        print(f"ok: all {len(assets.PACKAGES)} packages already in {dest}")
        return 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="evacmap-npm-") as downloads:
        command = ["npm", "pack", "--json", "--pack-destination", downloads, *(p.spec for p in wanted)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=NPM_TIMEOUT_S)
        except FileNotFoundError:
            print("npm is not installed: install Node.js and npm (Debian: apt-get install npm)", file=sys.stderr)
            return 1
        except subprocess.TimeoutExpired:
            print(f"npm pack did not finish within {NPM_TIMEOUT_S} s; is the npm registry reachable?", file=sys.stderr)
            return 1
        if done.returncode != 0:
            print(f"npm pack failed ({done.returncode}):\n{done.stderr.strip()}", file=sys.stderr)
            return 1
        packed_by_spec = {f"{p['name']}@{p['version']}": p for p in json.loads(done.stdout)}
        for package in wanted:
            packed = packed_by_spec[package.spec]
            target = dest / package.folder
            if target.exists():
                shutil.rmtree(target)
            unpack(Path(downloads) / packed["filename"], target)
            print(f"fetched {package.spec} ({packed['size']:,} bytes packed)")
    print(f"ok: {len(wanted)} package(s) into {dest} in {time.monotonic() - started:.1f} s")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", type=Path, default=assets.vendor_folder(),
                        help=f"target folder (default: ${assets.ASSETS_ENV} or vendor/npm)")
    return fetch(parser.parse_args().dest)


if __name__ == "__main__":
    sys.exit(main())
