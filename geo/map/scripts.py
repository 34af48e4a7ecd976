"""The map's own scripts and styles, kept as files in ``geo/map/js`` and put into a map's page the way a
folium plugin puts its own: a style in the page's head, a script at the start of an element's own script
(the part every host of a folium map runs: streamlit-folium drops a page's head scripts)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from branca.element import Element, Figure, MacroElement
from folium.template import Template

SCRIPT_DIR = Path(__file__).parent / "js"


@cache
def text(name: str) -> str:
    """The text of one of the map's scripts or styles in ``geo/map/js``, read once."""
    return (SCRIPT_DIR / name).read_text(encoding="utf-8")


def defining(name: str, global_name: str) -> str:
    """A script of ``geo/map/js`` that defines ``window.<global_name>`` once however many elements run it."""
    code = text(name)
    if any(mark in code.lower() for mark in ("{{", "{%", "{#", "</script")):
        raise ValueError(f"geo/map/js/{name}: a map script may not hold '{{{{', '{{%', '{{#' or '</script' "
                         "(folium's page is a Jinja template inside an HTML script element)")
    return f"if (!window.{global_name}) {{\n{code}\n}}"


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
