"""Refresh the map's scripts and styles in geo/map/static/ from the npm registry, or check them.

Usage: python scripts/fetch_assets.py [--dest DIR] [--check]

The packages are the ones geo.map.assets.PACKAGES lists (Leaflet and the plugins folium's
maps link to, at the versions folium pins). Of each package only the files evacmap's maps
load are kept (the scripts and stylesheets, the images and WOFF2 fonts the stylesheets link
to), with its package.json and licence, and MANIFEST.json lists every file with its package,
version, licence, sha256 and source (the npm package, its tarball's integrity hash and the
path inside it). Only `npm pack` talks to the network, and only to the npm registry.

--check fetches nothing: it recomputes every file's sha256 against MANIFEST.json and checks
that every file a map needs is listed. Exit status 0 when all is in place, 1 otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
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
LICENCE_NAMES = ("LICENSE", "LICENSE.txt", "LICENSE.md", "LICENCE", "MIT-LICENCE.txt", "license")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def needed(unpacked: Path) -> dict[assets.Package, list[str]]:
    """The files of each package a map loads, as paths inside the package, from packages unpacked here."""
    wanted: dict[assets.Package, list[str]] = {p: ["package.json"] for p in assets.PACKAGES}
    for package in assets.PACKAGES:
        wanted[package] += [name for name in LICENCE_NAMES if (unpacked / package.folder / name).is_file()]
    for url in assets.needed_urls():
        package, inside = assets.mirror(url)
        wanted[package].append(inside)
        path = unpacked / package.folder / inside
        if path.suffix == ".css":
            root = (unpacked / package.folder).resolve()
            wanted[package] += [linked.relative_to(root).as_posix() for linked in assets.linked(path)]
    for package, inside in assets.EXTRA_FILES:
        wanted[package].append(inside)
    return {package: list(dict.fromkeys(files)) for package, files in wanted.items()}


def licence(package_json: Path) -> str:
    meta = json.loads(package_json.read_text(encoding="utf-8"))
    if isinstance(meta.get("license"), str):
        return meta["license"]
    return " OR ".join(entry["type"] for entry in meta.get("licenses", [])) or "unknown"


def pack(specs: list[str], downloads: Path) -> dict[str, dict]:
    """``npm pack`` each package into downloads; what npm says of each, by ``name@version``."""
    command = ["npm", "pack", "--json", "--pack-destination", str(downloads), *specs]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=NPM_TIMEOUT_S)
    except FileNotFoundError:
        raise SystemExit("npm is not installed: install Node.js and npm (Debian: apt-get install npm)") from None
    except subprocess.TimeoutExpired:
        raise SystemExit(f"npm pack did not finish within {NPM_TIMEOUT_S} s; is the npm registry reachable?") from None
    if done.returncode != 0:
        raise SystemExit(f"npm pack failed ({done.returncode}):\n{done.stderr.strip()}")
    return {f"{p['name']}@{p['version']}": p for p in json.loads(done.stdout)}


def fetch(dest: Path) -> int:
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="evacmap-npm-") as scratch:
        downloads, unpacked = Path(scratch) / "downloads", Path(scratch) / "unpacked"
        downloads.mkdir()
        unpacked.mkdir()
        packed = pack([p.spec for p in assets.PACKAGES], downloads)
        for package in assets.PACKAGES:
            with tarfile.open(downloads / packed[package.spec]["filename"]) as archive:
                archive.extractall(unpacked / package.folder, filter="data")
            (unpacked / package.folder / "package").rename(unpacked / package.folder / ".package")
            for child in (unpacked / package.folder / ".package").iterdir():
                child.rename(unpacked / package.folder / child.name)
        files = needed(unpacked)
        staged = Path(tempfile.mkdtemp(dir=dest.parent, prefix=f".{dest.name}-"))
        manifest = []
        for package, paths in files.items():
            for inside in paths:
                source = unpacked / package.folder / inside
                target = staged / package.folder / inside
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
                manifest.append({"file": f"{package.folder}/{inside}", "package": package.name,
                                 "version": package.version, "licence": licence(unpacked / package.folder / "package.json"),
                                 "bytes": target.stat().st_size, "sha256": sha256(target),
                                 "source": f"npm {package.spec}: package/{inside}",
                                 "integrity": packed[package.spec]["integrity"]})
        (staged / assets.MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    if dest.exists():
        shutil.rmtree(dest)
    staged.rename(dest)
    total = sum(entry["bytes"] for entry in manifest)
    print(f"ok: {len(manifest)} files of {len(files)} packages ({total:,} bytes) into {dest} "
          f"in {time.monotonic() - started:.1f} s")
    return 0


def check(dest: Path) -> int:
    """Every file of MANIFEST.json present with its sha256, and every file a map needs listed."""
    listing = dest / assets.MANIFEST
    if not listing.is_file():
        print(f"{listing} is absent; {assets.FETCH_HINT}", file=sys.stderr)
        return 1
    manifest = json.loads(listing.read_text(encoding="utf-8"))
    problems = [f"{entry['file']}: absent or changed (sha256 differs from {assets.MANIFEST})"
                for entry in manifest
                if not (dest / entry["file"]).is_file() or sha256(dest / entry["file"]) != entry["sha256"]]
    listed = {entry["file"] for entry in manifest}
    for package, paths in needed(dest).items():
        problems += [f"{package.folder}/{inside}: needed by the map, not in {assets.MANIFEST}"
                     for inside in paths if f"{package.folder}/{inside}" not in listed]
    on_disk = {path.relative_to(dest).as_posix() for path in dest.rglob("*") if path.is_file()} - {assets.MANIFEST}
    problems += [f"{name}: not in {assets.MANIFEST}" for name in sorted(on_disk - listed)]
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"ok: {len(manifest)} files ({sum(e['bytes'] for e in manifest):,} bytes) match {listing}")
    return 1 if problems else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", type=Path, default=assets.STATIC, help=f"target folder (default: {assets.STATIC})")
    parser.add_argument("--check", action="store_true", help="check the files against MANIFEST.json, fetch nothing")
    args = parser.parse_args()
    return check(args.dest) if args.check else fetch(args.dest)


if __name__ == "__main__":
    sys.exit(main())
