"""The map's own scripts and styles, kept as files in ``geo/map/js`` and put into a map's page the way a
folium plugin puts its own (``JSCSSMixin``): each by name, once a page, however many elements need it.

A style goes into the page's head (:class:`Styles`). A script goes at the start of the script of the first element
of the page, in the order the page runs them, that names it in its ``scripts`` (:class:`ScriptElement`), the part
every host of a folium map runs: streamlit-folium drops a page's head scripts, and runs a layer it adds to a drawn
map after the map's own script. The rest of an element's script is a call of the functions the file defines
(``window.evacmapX``, :data:`GLOBALS`), its data passed as JSON.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

from branca.element import Element, Figure, MacroElement
from folium.template import Template

SCRIPT_DIR = Path(__file__).parent / "js"
GLOBALS = {
    "channel.js": "evacmapChannel",
    "controls.js": "evacmapControls",
    "fit.js": "evacmapFit",
    "frames.js": "evacmapFrames",
    "glyphs.js": "evacmapGlyphs",
    "highlight.js": "evacmapHighlight",
    "holders.js": "evacmapHolders",
    "inset.js": "evacmapInset",
    "labels.js": "evacmapLabels",
    "places.js": "evacmapPlaces",
    "playback.js": "evacmapPlaybackControl",
}
"""Each script of ``geo/map/js`` and the name it defines on ``window``."""


@cache
def text(name: str) -> str:
    """The text of one of the map's scripts or styles in ``geo/map/js``, read once."""
    return (SCRIPT_DIR / name).read_text(encoding="utf-8")


@cache
def defining(name: str, global_name: str | None = None) -> str:
    """A script of ``geo/map/js`` that defines ``window.<global_name>`` (by default its :data:`GLOBALS` entry) once,
    however often a page runs it."""
    global_name = global_name or GLOBALS.get(name)
    if global_name is None:
        raise ValueError(f"geo/map/js/{name}: not a map script (expected one of {', '.join(GLOBALS)})")
    code = text(name)
    if any(mark in code.lower() for mark in ("{{", "{%", "{#", "</script")):
        raise ValueError(f"geo/map/js/{name}: a map script may not hold '{{{{', '{{%', '{{#' or '</script' "
                         "(folium's page is a Jinja template inside an HTML script element)")
    return f"if (!window.{global_name}) {{\n{code}\n}}"


def _in_page_order(element: Element) -> Iterator[Element]:
    yield element
    for child in list(element._children.values()):
        yield from _in_page_order(child)


class ScriptElement(MacroElement):
    """An element of the map whose script calls scripts of ``geo/map/js``, named in ``scripts`` (in the order they
    load). Its template starts its script with ``{{ this.own_scripts() }}``: the text of each script it is the first
    element of its page to name, so a page carries each once."""

    scripts: tuple[str, ...] = ()

    def own_scripts(self) -> str:
        """The scripts this element brings to its page: those no element before it (in page order) names."""
        seen: set[str] = set()
        for element in _in_page_order(self.get_root()):
            if element is self:
                return "\n".join(defining(name) for name in self.scripts if name not in seen)
            seen.update(getattr(element, "scripts", ()) if isinstance(element, ScriptElement) else ())
        return "\n".join(defining(name) for name in self.scripts)  # not in its root's tree: alone


class Load(ScriptElement):
    """Loads scripts of ``geo/map/js`` for the element added after it (one of folium's own, such as a marker
    cluster whose callbacks they define)."""

    _template = Template("{% macro script(this, kwargs) %}{{ this.own_scripts() }}{% endmacro %}")

    def __init__(self, *names: str):
        super().__init__()
        self._name = "Load"
        self.scripts = names


class Styles(MacroElement):
    """The styles of ``geo/map/js`` an element of the map needs (``names``, set by each subclass), as a child of that
    element: rendered with it, they go into the head of its page, each once however many elements need it."""

    _template = Template("")
    names: tuple[str, ...] = ()

    def render(self, **kwargs) -> None:  # type: ignore[override]  # as branca's MacroElement.render: None, not Element's str
        page = self.get_root()
        assert isinstance(page, Figure), "a map's styles render inside its page"  # as MacroElement.render asserts
        header = page.header
        for name in self.names:
            header.add_child(Element("{% raw %}<style>" + text(name) + "</style>{% endraw %}"),
                             name=f"evacmap_{name.replace('.', '_')}")
