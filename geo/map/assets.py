"""Offline mode: the map's JavaScript and CSS from local copies of their npm packages.

Folium's maps load Leaflet, its plugins and their styles from public CDNs. For field use
on poor connections (and for CI, which has no internet) ``scripts/fetch_assets.py``
unpacks the same files from the npm registry into ``vendor/npm/`` (not committed), and
:func:`copies` maps each CDN address to its local copy for ``build_map(offline_assets=...)``:
a ``file://`` link (``"file"``) or an inline ``data:`` copy (``"inline"``, a standalone
page that works anywhere, also inside the dashboard's map frame). Map tiles
are not covered: without internet the map draws on a plain background.

Every CDN address a map may ask for is listed in :data:`MIRRORS` (a prefix and the npm
package folder holding the same files) or in :data:`OMITTED` (with why it is left out);
an address in neither is refused with a message saying where to add it.
"""

from __future__ import annotations

import base64
import mimetypes
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

import folium
from folium.plugins import AntPath, MarkerCluster, MiniMap

from geo.errors import ExportError

OFFLINE_ENV = "EVACMAP_OFFLINE"
ASSETS_ENV = "EVACMAP_ASSETS"
DEFAULT_VENDOR = Path(__file__).resolve().parents[2] / "vendor" / "npm"
MODES = ("inline", "file")
FETCH_HINT = "run `python scripts/fetch_assets.py` (it fetches them from the npm registry)"


@dataclass(frozen=True)
class Package:
    """One npm package, pinned to the version folium's CDN links name."""

    name: str
    version: str

    @property
    def spec(self) -> str:
        """``name@version``, as ``npm pack`` takes it."""
        return f"{self.name}@{self.version}"

    @property
    def folder(self) -> str:
        """Its folder under the vendor folder (a scope's ``/`` becomes ``__``)."""
        return self.spec.replace("/", "__")


LEAFLET = Package("leaflet", "1.9.3")
JQUERY = Package("jquery", "3.7.1")
BOOTSTRAP = Package("bootstrap", "5.2.2")
FONT_AWESOME = Package("@fortawesome/fontawesome-free", "6.2.0")
AWESOME_MARKERS = Package("drmonty-leaflet-awesome-markers", "2.0.2")  # cdnjs's 2.0.2 build
GLYPHICONS = Package("glyphicons-only-bootstrap", "1.0.1")  # Bootstrap 3 glyphicons alone
MARKER_CLUSTER = Package("leaflet.markercluster", "1.1.0")
ANT_PATH = Package("leaflet-ant-path", "1.1.2")
MINIMAP = Package("leaflet-minimap", "3.6.1")

# CDN address prefix -> (package, folder in the package): the rest of the address is the same
# path below that folder, so a stylesheet's relative links (fonts, images) map too.
MIRRORS: tuple[tuple[str, Package, str], ...] = (
    ("https://cdn.jsdelivr.net/npm/leaflet@1.9.3/", LEAFLET, ""),
    ("https://code.jquery.com/jquery-3.7.1.min.js", JQUERY, "dist/jquery.min.js"),
    ("https://cdn.jsdelivr.net/npm/bootstrap@5.2.2/", BOOTSTRAP, ""),
    ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@6.2.0/", FONT_AWESOME, ""),
    ("https://cdnjs.cloudflare.com/ajax/libs/Leaflet.awesome-markers/2.0.2/leaflet.awesome-markers.js",
     AWESOME_MARKERS, "js/leaflet.awesome-markers.js"),
    ("https://cdnjs.cloudflare.com/ajax/libs/Leaflet.awesome-markers/2.0.2/", AWESOME_MARKERS, "css/"),
    ("https://netdna.bootstrapcdn.com/bootstrap/3.0.0/css/bootstrap-glyphicons.css", GLYPHICONS,
     "css/bootstrap.min.css"),
    ("https://netdna.bootstrapcdn.com/bootstrap/3.0.0/", GLYPHICONS, ""),
    ("https://cdnjs.cloudflare.com/ajax/libs/leaflet.markercluster/1.1.0/", MARKER_CLUSTER, "dist/"),
    # jsDelivr minifies on the fly; the package ships only the unminified build
    ("https://cdn.jsdelivr.net/npm/leaflet-ant-path@1.1.2/dist/leaflet-ant-path.min.js", ANT_PATH,
     "dist/leaflet-ant-path.js"),
    ("https://cdnjs.cloudflare.com/ajax/libs/leaflet-minimap/3.6.1/", MINIMAP, "src/"),
)

# Addresses no npm package serves, and why a map is complete without them.
OMITTED: Mapping[str, str] = {
    "https://cdn.jsdelivr.net/gh/python-visualization/folium/folium/templates/leaflet.awesome.rotate.min.css":
        "folium's style for rotated markers (the 'angle' option); evacmap draws no rotated markers",
}

# The folium classes evacmap's maps are built from (geo.map.build): what an offline map must cover.
MAP_CLASSES = (folium.Map, MarkerCluster, AntPath, MiniMap)
EMPTY_CSS = "data:text/css,"

PACKAGES: tuple[Package, ...] = tuple(dict.fromkeys(package for _, package, _ in MIRRORS))


def vendor_folder() -> Path:
    """Where the fetched packages live: ``$EVACMAP_ASSETS`` if set, else ``vendor/npm``."""
    return Path(os.environ.get(ASSETS_ENV) or DEFAULT_VENDOR)


def missing(folder: Path | None = None) -> list[Package]:
    """The packages not yet fetched into the vendor folder."""
    folder = folder or vendor_folder()
    return [p for p in PACKAGES if not (folder / p.folder / "package.json").is_file()]


def setting(environ: Mapping[str, str] = os.environ) -> str | None:
    """The offline mode ``$EVACMAP_OFFLINE`` asks for: ``inline``, ``file`` or None (use CDNs)."""
    raw = environ.get(OFFLINE_ENV, "").strip().lower()
    if raw in ("", "0", "false", "no", "off"):
        return None
    if raw in ("1", "true", "yes", "on"):
        return "inline"
    if raw in MODES:
        return raw
    raise ExportError(f"{OFFLINE_ENV}: expected 1, inline, file or 0, instead got {raw!r}")


def local_file(url: str, folder: Path | None = None) -> Path | None:
    """The vendored file serving a CDN address; None for an :data:`OMITTED` one.

    Raises ExportError when the address is unknown, or its package is not fetched.
    """
    clean = urlsplit(url)._replace(query="", fragment="").geturl()
    if clean in OMITTED:
        return None
    for prefix, package, inside in MIRRORS:
        if clean == prefix or (prefix.endswith("/") and clean.startswith(prefix)):
            root = (folder or vendor_folder()) / package.folder
            path = root / (inside + clean[len(prefix):])
            if not path.resolve().is_relative_to(root.resolve()):
                raise ExportError(f"{url} points outside its package {package.spec}")
            if not path.is_file():
                raise ExportError(f"no local copy of {url} (expected {path}); {FETCH_HINT}")
            return path
    raise ExportError(f"no npm package is known for {url}; add it to geo.map.assets.MIRRORS (or OMITTED, with why)")


_CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")
_FONT_SRC = re.compile(r"src:([^;}]*)")
_WOFF2 = re.compile(r"""url\([^)]*\.woff2[^)]*\)\s*(format\([^)]*\))?""")


def _woff2_only(css: str) -> str:
    """Keep only the WOFF2 source of each web font (every current browser reads it): a third the size."""

    def keep(match: re.Match) -> str:
        woff2 = _WOFF2.search(match.group(1))
        return f"src:{woff2.group(0)}" if woff2 else match.group(0)

    return _FONT_SRC.sub(keep, css)


def _data_uri(path: Path, payload: bytes) -> str:
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if path.suffix == ".woff2":
        kind = "font/woff2"
    return f"data:{kind};base64,{base64.b64encode(payload).decode('ascii')}"


@lru_cache(maxsize=64)
def _inline(path: Path) -> str:
    """A file as a data: URI; a stylesheet's relative links become data: URIs too."""
    if path.suffix != ".css":
        return _data_uri(path, path.read_bytes())
    text = _woff2_only(path.read_text(encoding="utf-8"))

    def embed(match: re.Match) -> str:
        target = match.group(2).strip()
        if target.startswith(("data:", "#")) or urlsplit(target).scheme:
            return match.group(0)
        linked = (path.parent / urlsplit(target).path).resolve()
        if not linked.is_file():
            return match.group(0)
        return f'url("{_data_uri(linked, linked.read_bytes())}")'

    return _data_uri(path, _CSS_URL.sub(embed, text).encode("utf-8"))


def local_url(url: str, mode: str, folder: Path | None = None) -> str | None:
    """A CDN address rewritten to its local copy in this mode; None when omitted."""
    if mode not in MODES:
        raise ExportError(f"offline mode: expected one of {', '.join(MODES)}, instead got {mode!r}")
    path = local_file(url, folder)
    if path is None:
        return None
    return path.resolve().as_uri() if mode == "file" else _inline(path.resolve())


def copies(mode: str, urls: Iterable[str] | None = None, folder: Path | None = None) -> dict[str, str]:
    """Each CDN address mapped to its local copy, the ``offline_assets`` that ``build_map`` takes.

    ``urls`` defaults to every address of :data:`MAP_CLASSES`; an omitted address maps to
    an empty stylesheet. Raises ExportError naming an address with no local copy.
    """
    if urls is None:
        urls = [url for cls in MAP_CLASSES for _, url in [*cls.default_js, *cls.default_css]]
    return {url: local_url(url, mode, folder) or EMPTY_CSS for url in dict.fromkeys(urls)}


def route(url: str, folder: Path | None = None) -> Path | None:
    """For request interception in a browser: the local file for a CDN address, if one serves it.

    Unlike :func:`local_file` it never raises: a browser also asks for relative links
    (a stylesheet's fonts) that resolve against the CDN address.
    """
    try:
        return local_file(url, folder)
    except ExportError:
        return None


def cdn_links(page_html: str) -> list[str]:
    """Every CDN script or stylesheet address a rendered page links to, in page order."""
    found = re.findall(r"""<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["'](https?://[^"']+)["']""", page_html)
    return list(dict.fromkeys(found))
