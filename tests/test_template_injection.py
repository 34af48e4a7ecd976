"""Data text is never run as a template: branca renders each map element's script and then
compiles the result as a Jinja template once more, so "{{ ... }}" in a summary, a place name or a
report pasted on a public dashboard would otherwise run on the server."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest

from geo import export
from geo.data import evidence, merge, schema, validation
from geo.map import build
from geo.places.geocode import Geocoded
from geo.run.view import View
from tests.conftest import SHIPPED

# Each would print 1337, fail the render, or swallow the text after it if Jinja saw it.
PAYLOADS = ("{{ 7*191 }}", "{% if 1 %}it ran{% endif %}", "{# swallowed", "{{ cycler.__init__.__globals__ }}",
            "{%- raw %}")
SCHEMAS = (schema.GAZETTEER, schema.EVENT_TYPES, schema.SOURCES, schema.EVENTS, schema.CLAIMS, schema.CORRIDORS)


def _hostile_text(n: int) -> str:
    return f"before {PAYLOADS[n % len(PAYLOADS)]} after"


def _without_ids(page: str) -> str:
    """The page less folium's random element ids (32 hex digits), which may contain "1337" by chance."""
    return re.sub(r"[0-9a-f]{32}", "", page)


@pytest.fixture(scope="module")
def jinja_data(tmp_path_factory) -> Path:
    """The shipped data with Jinja syntax in every free-text column of every row."""
    folder = tmp_path_factory.mktemp("jinja") / "data"
    shutil.copytree(SHIPPED, folder)
    n = 0
    for file_schema in SCHEMAS:
        texts = [c.name for c in file_schema.columns if c.kind in ("text", "texts")]
        path = folder / file_schema.file
        with path.open(encoding="utf-8", newline="") as f:
            rows = list(csv.DictReader(f))
        for row in rows:
            for column in texts:
                if row[column] and column not in ("file", "coord_source_url", "name_local_lang", "url", "sha256", "archive"):
                    row[column] = _hostile_text(n).replace(";", ",") if column in ("actors",) else _hostile_text(n)
                    n += 1
        with path.open("w", encoding="utf-8", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
    assert validation.validate(folder) == []
    return folder


def _assert_text_only(page: str) -> None:
    assert "1337" not in _without_ids(page)
    assert all(text in page for text in ("7*191", "if 1", "endif", "swallowed", "__globals__", "raw"))


@pytest.mark.parametrize("event", [None, "e014"])
def test_should_show_template_syntax_in_data_as_text_on_the_map(jinja_data, event):
    ev = evidence.load(jinja_data)
    candidates = pd.DataFrame({"place_id": ["rashidin"], "type": ["arrival"], "evidence": [PAYLOADS[0] + " buses"],
                               "start": [pd.Timestamp("2016-12-16T10:00Z")]})
    lookups = [Geocoded("{{ 7*191 }}", 36.1, 37.0, "{% if 1 %}it ran{% endif %} street", osm="node/1")]
    page = build.build_map(ev, View(event=event), title="{{ 7*191 }}", candidates=candidates,
                             lookups=lookups).get_root().render()
    _assert_text_only(page)


def test_should_show_template_syntax_in_data_as_text_in_the_html_export(jinja_data):
    _assert_text_only(export.render(evidence.load(jinja_data), View(), "html").decode("utf-8"))


def test_should_show_a_hostile_upload_name_and_source_id_as_text(shipped):
    name = '<img src=x onerror="window.__pwned=1">{{ 7*191 }}.csv'
    rows = ("id,start,end,time_precision,geo_precision,place_id,type,actors,summary,sources\n"
            "u001,2016-12-16T09:00:00+00:00,,1,1,rashidin,arrival,,Buses arrived,new_src\n")
    upload = merge.add_events(shipped, name, rows.encode())
    assert upload.problems == () and upload.new_sources == ("new_src",)
    page = build.build_map(upload.evidence, View(event="u001")).get_root().render()
    assert "<img src=x" not in page and "1337" not in _without_ids(page)
    assert "&lt;img src=x onerror=" in page and "7*191" in page
