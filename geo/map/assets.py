"""The map's scripts and styles, served by evacmap itself: no third-party host but the tile server.

Folium's maps link Leaflet, its plugins and their styles on public CDNs. evacmap ships the
exact files its maps use, at the versions folium pins, in this package's ``static/`` folder
(:data:`STATIC`, with each package's ``package.json`` and licence and a ``MANIFEST.json`` of
name, version, sha256 and source). ``python scripts/fetch_assets.py`` refreshes them from the
npm registry. :func:`copies` maps each CDN address to its local copy for
``build_map(offline_assets=...)``, in one of :data:`MODES`:

- ``"static"``: a link the dashboard's server answers (Streamlit's static file serving of the
  ``static/`` folder beside ``dashboard.py``, a link to this one);
- ``"inline"``: an inline ``data:`` copy, a standalone page that works anywhere (HTML export);
- ``"file"``: a ``file://`` link, for a page opened from disk on this machine (PNG, GIF, MP4).

Map tiles are not covered: where the tile server can't be reached the map says so in one
line (:class:`TileNotice`) and draws everything else on a plain background.

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
from urllib.parse import quote, urlsplit

import folium
from folium.plugins import AntPath, MarkerCluster, MiniMap
from folium.template import Template

from geo.errors import ExportError
from geo.map import scripts

OFFLINE_ENV = "EVACMAP_OFFLINE"
ASSETS_ENV = "EVACMAP_ASSETS"
STATIC = Path(__file__).resolve().parent / "static"
MANIFEST = "MANIFEST.json"
MODES = ("inline", "file", "static")
FETCH_HINT = "run `python scripts/fetch_assets.py` (it fetches them from the npm registry)"
STATIC_ROUTE = "app/static"
"""Where Streamlit serves the ``static/`` folder beside the app's script (``server.enableStaticServing``)."""
FROM_COMPONENT = "../../"
"""From a Streamlit component's frame (``component/NAME/index.html``) back up to the app's root: the map's
frame links its scripts relative to its own address, so they load under any base path the host adds."""


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
        """Its folder under the static folder (a scope's ``/`` becomes ``__``)."""
        return self.spec.replace("/", "__")


LEAFLET = Package("leaflet", "1.9.3")
JQUERY = Package("jquery", "3.7.1")
FONT_AWESOME = Package("@fortawesome/fontawesome-free", "6.2.0")
AWESOME_MARKERS = Package("drmonty-leaflet-awesome-markers", "2.0.2")  # cdnjs's 2.0.2 build
MARKER_CLUSTER = Package("leaflet.markercluster", "1.1.0")
ANT_PATH = Package("leaflet-ant-path", "1.1.2")
MINIMAP = Package("leaflet-minimap", "3.6.1")
WORLD_ATLAS = Package("world-atlas", "2.0.2")
"""Natural Earth's land and countries as TopoJSON (public domain data; the package is ISC): the map's geography
without tiles (:mod:`geo.map.geography`). No CDN address names it; only its file is kept."""
GEOGRAPHY_FILE = "countries-50m.json"

# CDN address prefix -> (package, folder in the package): the rest of the address is the same
# path below that folder, so a stylesheet's relative links (fonts, images) map too.
MIRRORS: tuple[tuple[str, Package, str], ...] = (
    ("https://cdn.jsdelivr.net/npm/leaflet@1.9.3/", LEAFLET, ""),
    ("https://code.jquery.com/jquery-3.7.1.min.js", JQUERY, "dist/jquery.min.js"),
    ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@6.2.0/", FONT_AWESOME, ""),
    ("https://cdnjs.cloudflare.com/ajax/libs/Leaflet.awesome-markers/2.0.2/leaflet.awesome-markers.js",
     AWESOME_MARKERS, "js/leaflet.awesome-markers.js"),
    ("https://cdnjs.cloudflare.com/ajax/libs/Leaflet.awesome-markers/2.0.2/", AWESOME_MARKERS, "css/"),
    ("https://cdnjs.cloudflare.com/ajax/libs/leaflet.markercluster/1.1.0/", MARKER_CLUSTER, "dist/"),
    # jsDelivr minifies on the fly; the package ships only the unminified build
    ("https://cdn.jsdelivr.net/npm/leaflet-ant-path@1.1.2/dist/leaflet-ant-path.min.js", ANT_PATH,
     "dist/leaflet-ant-path.js"),
    ("https://cdnjs.cloudflare.com/ajax/libs/leaflet-minimap/3.6.1/", MINIMAP, "src/"),
)

# Files a map loads without a CDN address naming them: Leaflet's default marker images, which
# leaflet.js finds beside leaflet.css.
EXTRA_FILES: tuple[tuple[Package, str], ...] = (
    (LEAFLET, "dist/images/marker-icon-2x.png"),
    (LEAFLET, "dist/images/marker-shadow.png"),
    (WORLD_ATLAS, GEOGRAPHY_FILE),
)

_UNUSED = "evacmap's maps leave it out (geo.map.build.UNUSED_ASSETS)"
# Addresses evacmap does not serve, and why a map is complete without them.
OMITTED: Mapping[str, str] = {
    "https://cdn.jsdelivr.net/gh/python-visualization/folium/folium/templates/leaflet.awesome.rotate.min.css":
        "folium's style for rotated markers (the 'angle' option); evacmap draws no rotated markers",
    "https://cdn.jsdelivr.net/npm/bootstrap@5.2.2/dist/js/bootstrap.bundle.min.js": f"Bootstrap 5: {_UNUSED}",
    "https://cdn.jsdelivr.net/npm/bootstrap@5.2.2/dist/css/bootstrap.min.css": f"Bootstrap 5: {_UNUSED}",
    "https://netdna.bootstrapcdn.com/bootstrap/3.0.0/css/bootstrap-glyphicons.css": f"glyphicons: {_UNUSED}",
}

# The folium classes evacmap's maps are built from (geo.map.build): what a map without CDNs must cover.
MAP_CLASSES = (folium.Map, MarkerCluster, AntPath, MiniMap)
EMPTY = {".css": "data:text/css,", ".js": "data:text/javascript,"}

PACKAGES: tuple[Package, ...] = (*dict.fromkeys(package for _, package, _ in MIRRORS), WORLD_ATLAS)


def vendor_folder() -> Path:
    """Where the map's files live: ``$EVACMAP_ASSETS`` if set, else the package's :data:`STATIC` folder."""
    return Path(os.environ.get(ASSETS_ENV) or STATIC)


def missing(folder: Path | None = None) -> list[Package]:
    """The packages absent from the static folder (none, in a whole checkout)."""
    folder = folder or vendor_folder()
    return [p for p in PACKAGES if not (folder / p.folder / "package.json").is_file()]


def setting(environ: Mapping[str, str] = os.environ) -> str | None:
    """The offline mode ``$EVACMAP_OFFLINE`` asks for: ``inline``, ``file`` or None (tiles from the internet).

    Offline, an export asks no host at all (not even the tile server) and the dashboard's map comes inline.
    """
    raw = environ.get(OFFLINE_ENV, "").strip().lower()
    if raw in ("", "0", "false", "no", "off"):
        return None
    if raw in ("1", "true", "yes", "on"):
        return "inline"
    if raw in ("inline", "file"):
        return raw
    raise ExportError(f"{OFFLINE_ENV}: expected 1, inline, file or 0, instead got {raw!r}")


def dashboard_mode(static_serving: bool, app_folder: Path) -> str:
    """How the dashboard's map loads its files: ``"static"`` where the server serves this package's static
    folder as the app's ``static/`` (``server.enableStaticServing`` on, ``static`` a link to it), else
    ``"inline"`` (a checkout without symbolic links, another ``$EVACMAP_ASSETS``)."""
    served = app_folder / "static"
    return "static" if static_serving and served.is_dir() and served.resolve() == vendor_folder().resolve() else "inline"


def needed_urls() -> list[str]:
    """Every CDN address of :data:`MAP_CLASSES` that evacmap serves (the ones not :data:`OMITTED`)."""
    urls = [url for cls in MAP_CLASSES for _, url in [*cls.default_js, *cls.default_css]]
    return [url for url in dict.fromkeys(urls) if url not in OMITTED]


def mirror(url: str) -> tuple[Package, str] | None:
    """The package and the path inside it that serve a CDN address; None for an :data:`OMITTED` one.

    Raises ExportError when no package is known for it.
    """
    clean = urlsplit(url)._replace(query="", fragment="").geturl()
    if clean in OMITTED:
        return None
    for prefix, package, inside in MIRRORS:
        if clean == prefix or (prefix.endswith("/") and clean.startswith(prefix)):
            return package, inside + clean[len(prefix):]
    raise ExportError(f"no npm package is known for {url}; add it to geo.map.assets.MIRRORS (or OMITTED, with why)")


def local_file(url: str, folder: Path | None = None) -> Path | None:
    """The local file serving a CDN address; None for an :data:`OMITTED` one.

    Raises ExportError when the address is unknown, or its file is absent.
    """
    found = mirror(url)
    if found is None:
        return None
    package, inside = found
    root = (folder or vendor_folder()) / package.folder
    path = root / inside
    if not path.resolve().is_relative_to(root.resolve()):
        raise ExportError(f"{url} points outside its package {package.spec}")
    if not path.is_file():
        raise ExportError(f"no local copy of {url} (expected {path}); {FETCH_HINT}")
    return path


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


def static_url(url: str, folder: Path | None = None) -> str | None:
    """A CDN address as the dashboard's server serves it, relative to the map's frame; None when omitted."""
    path = local_file(url, folder)
    if path is None:
        return None
    inside = path.resolve().relative_to((folder or vendor_folder()).resolve())
    return f"{FROM_COMPONENT}{STATIC_ROUTE}/{quote(inside.as_posix())}"


def local_url(url: str, mode: str, folder: Path | None = None) -> str | None:
    """A CDN address rewritten to its local copy in this mode; None when omitted."""
    if mode not in MODES:
        raise ExportError(f"asset mode: expected one of {', '.join(MODES)}, instead got {mode!r}")
    if mode == "static":
        return static_url(url, folder)
    path = local_file(url, folder)
    if path is None:
        return None
    return path.resolve().as_uri() if mode == "file" else _inline(path.resolve())


def copies(mode: str, urls: Iterable[str] | None = None, folder: Path | None = None) -> dict[str, str]:
    """Each CDN address mapped to its local copy, the ``offline_assets`` that ``build_map`` takes.

    ``urls`` defaults to every address of :data:`MAP_CLASSES`; an omitted address maps to an empty
    script or stylesheet. Raises ExportError naming an address with no local copy.
    """
    if urls is None:
        urls = [url for cls in MAP_CLASSES for _, url in [*cls.default_js, *cls.default_css]]
    return {url: local_url(url, mode, folder) or EMPTY[Path(urlsplit(url).path).suffix]
            for url in dict.fromkeys(urls)}


def linked(stylesheet: Path) -> list[Path]:
    """The files a stylesheet links to by relative address (of each web font, its WOFF2 only)."""
    found = []
    for match in _CSS_URL.finditer(_woff2_only(stylesheet.read_text(encoding="utf-8"))):
        target = match.group(2).strip()
        if not target.startswith(("data:", "#")) and not urlsplit(target).scheme:
            found.append((stylesheet.parent / urlsplit(target).path).resolve())
    return list(dict.fromkeys(found))


class TileNotice(scripts.ScriptElement):
    """One line on the map when its tiles can't be loaded; everything else is still drawn."""

    scripts = ("controls.js",)
    TEXT = "Map tiles could not be loaded"
    CSS_CLASS = "evacmap-tile-notice"
    """Its element's class: what a picture of the map (PNG, GIF, MP4 frames) leaves out."""
    _template = Template("""
        {% macro header(this, kwargs) %}
        <style>.evacmap-tile-notice{background:rgba(255,255,255,.9);padding:2px 8px;border-radius:4px;
          font:12px/1.4 sans-serif;color:#333;white-space:nowrap;pointer-events:none}</style>
        {% endmacro %}
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapControls.tileNotice({{ this._parent.get_name() }}, {{ {"text": this.TEXT, "cssClass": this.CSS_CLASS}|tojson }});
        {% endmacro %}
    """)


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
