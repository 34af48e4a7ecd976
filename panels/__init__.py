"""The dashboard's panels: its parts laid out with Streamlit, one module each, so dashboard.py stays glue.

The side workflows are fragments, so working in one reruns only that panel: "Add reports"
(:mod:`~panels.add_reports`: report text to candidate events to review) and "Find a place"
(:mod:`~panels.find_place`: the gazetteer's answer, GeoNames' offline candidates or OpenStreetMap's, and a new
place picked or clicked on a small map, :mod:`~panels.new_place`). A fragment whose result
changes the map (candidates ingested or decided, an answer found or accepted) reruns the whole app,
and gives the map what to draw through its ``on_map()``. The other panels run with the page: the
sidebar's events file (:mod:`~panels.events_file`) and "as known on" day
(:mod:`~panels.as_known_on`), the selected event and story mode
(:mod:`~panels.details`), the tabs below the map (:mod:`~panels.below_map`) and the listener that hands what the
map sends to Python (:mod:`~panels.map_channel`). The page's state, one typed value
(:class:`geo.app.page_state.PageState`), is read and written through :mod:`~panels.state`, which names its
session-state keys. What they show is decided in :mod:`geo.app`; panels may
import geo, never the reverse.
"""
