"""The least a Streamlit page with a streamlit-folium map can be, for comparison: a heading and one marker.

    streamlit run benchmarks/floor_app.py

``benchmarks/run.py --first-marker`` opens it beside evacmap's dashboard: the time its marker takes is
what Streamlit and streamlit-folium cost on this machine before any data or control is drawn.
"""

from __future__ import annotations

import folium
import streamlit as st
from streamlit_folium import st_folium

POINT = (36.2, 37.15)


def main() -> None:
    st.set_page_config(layout="wide")
    st.header("One marker")
    m = folium.Map(location=POINT, zoom_start=12)
    folium.Marker(POINT, tooltip="a marker").add_to(m)
    st_folium(m, key="map", height=560, use_container_width=True, returned_objects=["last_object_clicked_tooltip"])


if __name__ == "__main__":
    main()
