"""The dashboard a user would write by hand, for comparison: pandas plus one folium Marker per event.

    EVACMAP_DATA=DIR streamlit run benchmarks/baseline_app.py

It reads the same data folder as evacmap (events.csv or events.parquet, and
gazetteer.csv), has the same time slider, and draws every event of the window as its own
marker in a MarkerCluster. It checks nothing. ``benchmarks/run.py`` measures it beside
evacmap's own dashboard.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import folium
import pandas as pd
import streamlit as st
from folium.plugins import MarkerCluster
from streamlit_folium import st_folium

WINDOW = "window"


@st.cache_data
def load(folder: str) -> pd.DataFrame:
    """Events with their place's coordinates, as a hand-written app would read them."""
    path = Path(folder)
    if (path / "events.parquet").exists():
        events = pd.read_parquet(path / "events.parquet")
    else:
        events = pd.read_csv(path / "events.csv", keep_default_na=False)
    events["start"] = pd.to_datetime(events["start"], utc=True, format="ISO8601")
    events["end"] = pd.to_datetime(events["end"].replace("", None), utc=True, format="ISO8601")
    places = pd.read_csv(path / "gazetteer.csv", keep_default_na=False)[["id", "name", "lat", "lon"]]
    return events.merge(places, left_on="place_id", right_on="id", suffixes=("", "_place"))


def event_map(events: pd.DataFrame) -> folium.Map:
    """One Marker per event, with its summary as popup, inside a MarkerCluster."""
    m = folium.Map(location=[36.2, 37.15], zoom_start=11)
    cluster = MarkerCluster().add_to(m)
    for _, row in events.iterrows():
        folium.Marker([row["lat"], row["lon"]], tooltip=f"{row['id']} · {row['type']} · {row['name']}",
                      popup=row["summary"]).add_to(cluster)
    return m


def main() -> None:
    events = load(os.environ.get("EVACMAP_DATA", "data"))
    first = events["start"].min().floor("h").to_pydatetime()
    last = events["end"].fillna(events["start"]).max().ceil("h").to_pydatetime()
    start, end = st.slider("Time window", min_value=first, max_value=last, value=(first, last),
                           step=timedelta(hours=1), key=WINDOW)
    span_end = events["end"].fillna(events["start"])
    shown = events[(events["start"] < end) & ((span_end > start) | (events["start"] >= start))]
    st.metric("Events", len(shown))
    st_folium(event_map(shown), key="map", height=560, returned_objects=["last_object_clicked_tooltip"])
    st.dataframe(shown[["id", "start", "type", "name", "summary", "sources"]])


if __name__ == "__main__":  # streamlit runs the script as __main__; run.py imports its functions
    main()
