"""Every upload bounded: problems kept up to a hundred and the rest counted, whatever the format; a GeoJSON of
millions of numbers refused before a problem is made; an unknown place id looked up once, and only so many."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
import textwrap

from geo.app import upload_notices
from geo.data import merge, uploads
from tests.conftest import ROOT, SHIPPED

HEADER = (SHIPPED / "events.csv").read_text(encoding="utf-8").splitlines()[0]


def test_should_refuse_nine_million_numbers_as_features_before_making_a_problem():
    script = textwrap.dedent("""
        import json, resource, time
        from geo.data import uploads
        data = b'{"type": "FeatureCollection", "features": [' + b"1," * 8_999_999 + b"1]}"
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started = time.process_time()
        frame, problems = uploads.read_upload("many.geojson", data)
        print(json.dumps({"cpu": time.process_time() - started, "empty": frame.empty, "problems": list(map(str, problems)),
                          "added_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before}))
    """)
    done = json.loads(subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                                     check=True).stdout)
    assert done["empty"]
    assert done["problems"] == ["many.geojson: features: holds more than 100,000 elements; the limit is 100,000 events"]
    assert done["added_kb"] < 300 * 1024 and done["cpu"] < 5


def test_should_refuse_a_feature_with_a_million_properties_in_one_problem(shipped):
    properties = {f"p{i}": 1 for i in range(1_000_000)}
    feature = {"type": "Feature", "geometry": None, "properties": properties}
    data = json.dumps({"type": "FeatureCollection", "features": [feature]}).encode()
    upload = merge.add_events(shipped, "wide.geojson", data)
    assert upload.evidence is None
    assert [str(p) for p in upload.problems] == ["wide.geojson:1: properties: holds 1,000,000 properties; a feature "
                                                 "holds at most 100 (the event's columns)"]


def test_should_keep_a_hundred_problems_of_features_with_unexpected_properties(shipped):
    features = [{"type": "Feature", "geometry": None, "properties": {f"p{i}": 1 for i in range(90)}}] * 50
    data = json.dumps({"type": "FeatureCollection", "features": features}, indent=1).encode()
    upload = merge.add_events(shipped, "wide.geojson", data)
    assert len(upload.problems) == uploads.MAX_UPLOAD_PROBLEMS + 1
    assert isinstance(upload.problems[-1], uploads.MoreProblems)
    assert uploads.total(upload.problems) >= 50 * 90  # every unexpected property, and the empty required columns
    assert f"{uploads.total(upload.problems):,} problem(s)" in upload_notices.said(upload)[0][1]


def test_should_keep_a_hundred_problems_of_every_format(shipped):
    rows = "\n".join(f"x{i},not a time,,,,,,,," for i in range(5000))
    _, problems = uploads.read_upload("bad.csv", f"{HEADER}\n{rows}\n".encode(), shipped)
    assert len(problems) == uploads.MAX_UPLOAD_PROBLEMS + 1 and isinstance(problems[-1], uploads.MoreProblems)


def test_should_look_up_an_unknown_place_id_once_and_only_so_many(shipped, monkeypatch):
    asked = []
    resolve = type(shipped.gazetteer).resolve
    monkeypatch.setattr(type(shipped.gazetteer), "resolve", lambda self, q: asked.append(q) or resolve(self, q))
    with open(SHIPPED / "events.csv", encoding="utf-8", newline="") as f:
        cells = list(csv.reader(f))[1]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER.split(","))
    for i in range(2000):
        cells[0], cells[5] = f"u{i}", f"{'nowhere_' * 7}{i % 300:03d}"  # 300 distinct unknown 59-character ids
        writer.writerow(cells)
    _, problems = uploads.read_upload("far.csv", out.getvalue().encode(), shipped)
    assert len(asked) == uploads.MAX_PLACE_LOOKUPS and len(set(asked)) == len(asked)
    assert uploads.total(problems) >= 2000
