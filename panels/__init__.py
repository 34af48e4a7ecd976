"""The dashboard's side workflows, each a Streamlit fragment: working in one reruns only that panel.

Owns "Add reports" (:mod:`~panels.add_reports`: report text to candidate events to review) and
"Find a place" (:mod:`~panels.find_place`: the gazetteer's answer, or OpenStreetMap's). A panel
whose result changes the map (candidates ingested or decided, an answer found or accepted) reruns
the whole app, and gives the map what to draw through its ``on_map()``. Streamlit glue like
``dashboard.py``: the decisions are made in :mod:`geo.app`; may import geo, never the reverse.
"""
