"""A map that tells its host page it has drawn, so the page can wait with its heavy parts until then.

A Streamlit page that draws its charts, tables and widgets together with the map makes the
browser load and run their code while the map's scripts wait behind it. The dashboard draws
the map (and the light controls around it) first; once the map has drawn its markers it
reports :data:`READY_TOOLTIP` through the one channel streamlit-folium has back to Python
(:mod:`geo.map.report`; the playback's stop report uses it too).
It reports only while the host page lacks an element matching ``unless`` (the page's full
layout), so a map redrawn later for a new view sends nothing. A page that is not a frame's
host (an exported HTML file) is never told: the element is only added by the dashboard.
"""

from __future__ import annotations

import folium
from branca.element import MacroElement
from folium.template import Template

from geo.map.report import REPORTER_JS

READY_TOOLTIP = "evacmap map drawn"


class Ready(MacroElement):
    """The report of :data:`READY_TOOLTIP` once the map has drawn, unless the host page
    already has an element matching the CSS selector ``unless``."""

    _template = Template("""
        {% macro script(this, kwargs) %}
        (function () {
          var map = {{ this._parent.get_name() }};
          {{ this.reporter }}
          var send = evacmapReporter(map, {{ this.tooltip|tojson }});
          function host() {
            try { return window.parent !== window ? window.parent.document : null; } catch (e) { return null; }
          }
          // After the host component has bound its click handlers (it does so right after this script) and
          // the markers have been painted.
          map.whenReady(function () {
            requestAnimationFrame(function () {
              setTimeout(function () {
                var page = host();
                if (page && !page.querySelector({{ this.unless|tojson }})) {
                  send({{ this.tooltip|tojson }});
                }
              }, 0);
            });
          });
        })();
        {% endmacro %}
    """)

    def __init__(self, unless: str):
        super().__init__()
        self._name = "Ready"
        self.tooltip = READY_TOOLTIP
        self.unless = unless
        self.reporter = REPORTER_JS


def add_ready(m: folium.Map, unless: str) -> Ready:
    """Make the map report :data:`READY_TOOLTIP` once drawn, while its host page has no ``unless`` element."""
    element = Ready(unless)
    element.add_to(m)
    return element


def is_ready(tooltip: str | None) -> bool:
    """Whether a clicked tooltip (as streamlit-folium gives it back) is the map's report that it has drawn."""
    return (tooltip or "").strip() == READY_TOOLTIP
