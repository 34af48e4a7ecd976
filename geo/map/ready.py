"""A map that tells its host page it has drawn, so the page can wait with its heavy parts until then.

A Streamlit page that draws its charts, tables and widgets together with the map makes the
browser load and run their code while the map's scripts wait behind it. The dashboard draws
the map (and the light controls around it) first; once the map has drawn its markers it
sends the message "drawn" to the page (:mod:`geo.map.channel`).

The sender is a layer of its own (:func:`ready_layer`), which the dashboard hands to streamlit-folium's
``feature_group_to_add`` in its first stage only: streamlit-folium adds it to the drawn map, and drops it
when the whole page draws the same map without it. So the map never has to look at its host page, and a map
drawn later for a new view sends nothing.
"""

from __future__ import annotations

import folium
from folium.template import Template

from geo.map import channel, scripts

LAYER_NAME = "evacmap drawn message"


class Ready(scripts.ScriptElement):
    """Sends "drawn" once the map it is on (or its parent layer is added to) has drawn and painted its markers."""

    scripts = (channel.CHANNEL_SCRIPT, "controls.js")
    _template = Template("""
        {% macro script(this, kwargs) %}
        {{ this.own_scripts() }}
        evacmapControls.whenDrawn({{ this._parent.get_name() }}, {{ this.kind|tojson }});
        {% endmacro %}
    """)

    def __init__(self):
        super().__init__()
        self._name = "Ready"
        self.kind = channel.DRAWN


def ready_layer() -> folium.FeatureGroup:
    """A layer that, added to a drawn map, makes it send "drawn" once."""
    group = folium.FeatureGroup(name=LAYER_NAME, control=False)
    Ready().add_to(group)
    return group
