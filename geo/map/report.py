"""The one channel from a map back to the Streamlit app that hosts it.

streamlit-folium returns to Python the tooltip of the last layer clicked. A map reports by giving a
hidden marker the text to send as its tooltip and firing a click on it. :data:`REPORTER_JS`
defines ``evacmapReporter(map, text)``, which adds such a marker (at the map's centre, invisible,
not interactive) and returns the function that sends a text through it. The playback's stop
(:mod:`geo.map.playback_control`) and the map's "drawn" report (:mod:`geo.map.ready`) both use it.
"""

from __future__ import annotations

REPORTER_JS = """
window.evacmapReporter = window.evacmapReporter || function (map, text) {
  var marker = L.marker(map.getCenter(), {opacity: 0, interactive: false, keyboard: false,
    icon: L.divIcon({className: "evacmap-report", iconSize: [0, 0], html: ""})});
  marker.bindTooltip(text).addTo(map);
  return function (sent) {
    marker.setTooltipContent(sent);
    marker.fire("click", {latlng: marker.getLatLng()});
    marker.closeTooltip();  // a click opens a marker's tooltip: the report is not for the reader
  };
};
"""
"""Defines ``evacmapReporter(map, text)`` once per page; include it before a map's script calls it. The marker
must be added before streamlit-folium binds its click handlers (right after the map's script), so call it
while the script runs and send later."""
