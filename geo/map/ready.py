"""A map that tells its host page it has drawn, so the page can wait with its heavy parts until then.

A Streamlit page that draws its charts, tables and widgets together with the map makes the
browser load and run their code while the map's scripts wait behind it. The dashboard draws
the map (and the light controls around it) first; once the map has drawn its markers it
reports :data:`READY_TOOLTIP` through the one channel streamlit-folium has back to Python
(:mod:`geo.map.report`; the playback's stop report uses it too).

The report is a layer of its own (:func:`ready_layer`), which the dashboard hands to streamlit-folium's
``feature_group_to_add`` in its first stage only: streamlit-folium adds it to the drawn map, and drops it
when the whole page draws the same map without it. So the map never has to look at its host page, and a map
drawn later for a new view sends nothing.
"""

from __future__ import annotations

import folium
from branca.element import MacroElement
from folium.template import Template

from geo.map.report import REPORTER_JS

READY_TOOLTIP = "evacmap map drawn"
LAYER_NAME = "evacmap drawn report"


class Ready(MacroElement):
    """The report of :data:`READY_TOOLTIP` once the map it is on (or its parent layer is added to) has drawn."""

    _template = Template("""
        {% macro script(this, kwargs) %}
        (function () {
          var layer = {{ this._parent.get_name() }};
          {{ this.reporter }}
          function report(map) {
            var send = evacmapReporter(map, {{ this.tooltip|tojson }});
            // After the host component has bound its click handlers and the markers have been painted.
            map.whenReady(function () {
              requestAnimationFrame(function () { setTimeout(function () { send({{ this.tooltip|tojson }}); }, 0); });
            });
          }
          if (layer instanceof L.Map) { report(layer); } else { layer.once("add", function () { report(layer._map); }); }
        })();
        {% endmacro %}
    """)

    def __init__(self):
        super().__init__()
        self._name = "Ready"
        self.tooltip = READY_TOOLTIP
        self.reporter = REPORTER_JS


def ready_layer() -> folium.FeatureGroup:
    """A layer that, added to a drawn map, makes it report :data:`READY_TOOLTIP` once."""
    group = folium.FeatureGroup(name=LAYER_NAME, control=False)
    Ready().add_to(group)
    return group


def is_ready(tooltip: str | None) -> bool:
    """Whether a clicked tooltip (as streamlit-folium gives it back) is the map's report that it has drawn."""
    return (tooltip or "").strip() == READY_TOOLTIP
