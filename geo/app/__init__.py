"""What the dashboard shows and decides, without Streamlit, so it is tested without a browser.

Owns the timeline's days and counts (:mod:`~geo.app.timeline`), the charts' Vega-Lite
specs (:mod:`~geo.app.charts`), the display tables of events, claims and ingested
candidates (:mod:`~geo.app.listings`), and the dashboard's arithmetic. ``dashboard.py``
only lays these out. May import every other part of geo; only ``dashboard.py`` imports it.
"""
