"""The folium map of a view: its layers, look, playback and offline assets.

Owns building the map (:mod:`~geo.map.build`), its events as glyphs (:mod:`~geo.map.event_layer`,
:mod:`~geo.map.glyphs`), its popups (:mod:`~geo.map.popups`), its own scripts and styles (files in ``js/``,
with ``node --test`` tests, each put into a page once, by name, by :mod:`~geo.map.scripts`),
its data layers in order, with the label and count layers (:mod:`~geo.map.layers`), colours, legend and boxes
(:mod:`~geo.map.style`), the
playback inside the map (:mod:`~geo.map.playback`), its control
(:mod:`~geo.map.playback_control`) and the steps it goes through
(:mod:`~geo.map.steps`), the overview inset (:mod:`~geo.map.inset`), where the map
opens (:mod:`~geo.map.opening`) and how that view is fitted clear of the controls
(:mod:`~geo.map.fit`), the land, coast and borders drawn without tiles
(:mod:`~geo.map.geography`), the one escaping function every data text passes through on
its way into the page (:mod:`~geo.map.escape`), the channel a map sends its messages to
its host page through (:mod:`~geo.map.channel`) and its message that it has drawn
(:mod:`~geo.map.ready`), the selected event drawn over a drawn map
(:mod:`~geo.map.highlight`), and local copies of the scripts for offline use
(:mod:`~geo.map.assets`). May import the shared domain, :mod:`geo.data` and
:mod:`geo.places`; never exports, ingest or the app.
"""
