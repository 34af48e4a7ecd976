"""What the dashboard shows and decides, without Streamlit, so it is tested without a browser.

Owns the timeline's window arithmetic (:mod:`~geo.app.window`: slider bounds, local time, day
windows, the View the widgets describe, following an upload), story mode's previous and next
(:mod:`~geo.app.story`), what the map sent back read into typed messages and the page's rules about
selections and link notices (:mod:`~geo.app.messages`), the timeline's days and counts (:mod:`~geo.app.timeline`), the charts'
Vega-Lite specs (:mod:`~geo.app.charts`), the display tables of events, claims and ingested
candidates (:mod:`~geo.app.listings`), the review of reports' candidates merged into one per event
(:mod:`~geo.app.review`), the download buttons' availability (:mod:`~geo.app.exports`),
markdown-literal text and problem lists (:mod:`~geo.app.text`), and what the dashboard reads
from files (:mod:`~geo.app.files`: folder signatures, upload digests), the page's state as one typed value and
what each thing that happens to the page makes of it (:mod:`~geo.app.page_state`), what the page says about an added
events file (:mod:`~geo.app.upload_notices`), and the find-place look-up (:mod:`~geo.app.find`)
with a new place found offline or placed by a click (:mod:`~geo.app.placing`). Playback happens inside
the map, in the browser (:mod:`geo.map.playback`).
May import every other part of geo; only ``dashboard.py`` and ``panels/`` import it.
"""
