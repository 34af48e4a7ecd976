"""The playback's control inside the map: its folded "▶ Play" button, the bar it unfolds, and the script that
steps the map's layers (what it shows and how: :mod:`geo.map.playback`). With ``send``, it tells the page where
it stopped (:mod:`geo.map.channel`).

Every value reaches JavaScript through ``tojson``; data text arrives escaped by
:func:`geo.map.escape.safe` and is written into the page as HTML only where it is already
escaped (tooltips), else with ``textContent``.
"""

from __future__ import annotations

from typing import Any

import folium
from branca.element import Element
from folium.template import Template

from geo.map import channel, scripts
from geo.map.glyphs import GLYPH_SCRIPT, GLYPH_STYLE
from geo.map.layers import MARKERS_MOVED


class PlaybackStyle(scripts.Styles):
    """The control's style, and the glyphs' (it draws its steps' events as glyphs)."""

    names = (GLYPH_STYLE, "playback.css")


class Playback(scripts.ScriptElement):
    """The playback control and layers (see the module's docstring); add it last, after the layers it hides."""

    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapPlaybackControl.add({{ this._parent.get_name() }}, {{ this.data|tojson }},
          [{% for layer in this.hidden %}{{ layer.get_name() }}{{ "," if not loop.last }}{% endfor %}],
          {{ {"send": this.send, "moved": this.moved_event, "name": this.get_name()}|tojson }});
        {% endmacro %}
    """)

    def __init__(self, data: dict[str, Any], hidden: list[Element] | None = None, send: bool = False):
        super().__init__()
        self._name = "Playback"
        self.data = data
        self.hidden = list(hidden or [])
        self.send = send
        self.moved_event = MARKERS_MOVED
        self.scripts = (GLYPH_SCRIPT, "playback.js", *((channel.CHANNEL_SCRIPT,) if send else ()))
        self.add_child(PlaybackStyle())


class StoppedStep(scripts.ScriptElement):
    """Once its group is on a map drawn with a playback: show the step whose window ends at ``end`` in place (the
    map stays the same document, so the reader's zoom, pan and focus stay); taken off, the whole window again.

    streamlit-folium takes every added group off and adds the new ones whenever one of them changes, so a removal
    waits a moment for the group that replaces it, and the same step added again is left as the reader has it
    (paused elsewhere, say); neither touches a playback that is playing."""

    scripts = ("controls.js",)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapControls.stoppedStep({{ this._parent.get_name() }}, {{ this.end|tojson }});
        {% endmacro %}
    """)

    def __init__(self, end: str):
        super().__init__()
        self._name = "StoppedStep"
        self.end = end


def stopped_step_layer(end: str) -> folium.FeatureGroup:
    """The layer that shows, on a drawn map, the step whose window ends at ``end`` (ISO 8601)."""
    group = folium.FeatureGroup(name="Stopped step", control=False)
    StoppedStep(end).add_to(group)
    return group
