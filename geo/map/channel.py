"""The map's messages to the page that holds it: it has drawn, its playback stopped, a reader picked an
event or a place.

A map in the dashboard is drawn by streamlit-folium inside a frame of the page. It tells the page what happened
with the web's own way for a frame to talk to its parent, ``window.parent.postMessage`` (``js/channel.js``),
posting only to a parent of its own origin. Each message is a small JSON object, ``{"evacmap": 1, "kind": ...}``
with the fields of its kind (:data:`FIELDS`); the page's listener (``panels/map_channel.py``) hands it to Python,
where :func:`geo.app.messages.read` checks it. A map opened on its own (an exported file) is its own parent, and
nothing listens there.

No hidden marker is clicked and no tooltip is parsed: what the map sends is data, named by id. Who sends:
the map's "drawn" layer (:mod:`geo.map.ready`), the playback's control when it stops
(:mod:`geo.map.playback_control`), and :class:`Picks`, which turns a click (or Enter) on a marker naming an
event or a place into a pick.
"""

from __future__ import annotations

import folium
from folium.template import Template

from geo.map import scripts

MARK = "evacmap"
"""The key every message carries, with :data:`VERSION` as its value: what tells evacmap's messages from others."""
VERSION = 1
DRAWN, STOPPED, PICKED_EVENT, PICKED_PLACE = "drawn", "stopped", "picked-event", "picked-place"
FIELDS = {DRAWN: (), STOPPED: ("start", "end"), PICKED_EVENT: ("event",), PICKED_PLACE: ("place",)}
"""Each kind of message and its fields (all text); ``js/channel.js`` builds the same."""
CHANNEL_SCRIPT = "channel.js"
"""The map's side of the channel (``window.evacmapChannel``): a script of :mod:`geo.map.scripts`."""


class Picks(scripts.ScriptElement):
    """Part of the drawn map: a click on a marker that names an event (``data-event-id``) or a place
    (``data-place-id``) sends that pick to the page."""

    scripts = (CHANNEL_SCRIPT,)
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapChannel.picks({{ this._parent.get_name() }});
        {% endmacro %}
    """)

    def __init__(self):
        super().__init__()
        self._name = "Picks"


def add_picks(m: folium.Map) -> Picks:
    """Make a click on an event's glyph or a place's count tell the page what was picked."""
    element = Picks()
    element.add_to(m)
    return element
