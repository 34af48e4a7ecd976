"""How a number changed: `evacmap claims` and the chart's spec, checked against claims.csv and sources.csv."""

import csv
import importlib.util
import io

import pytest

from geo.cli import main
from geo.data import evidence
from geo.export import claim_chart
from tests import csv_rows
from tests.conftest import DATA, require

APRIL = DATA / "four-towns-2017-04"
CASE = ("--case", "four-towns-2017-04")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _published() -> dict[str, str]:
    return {r["id"]: r["published"] for r in csv_rows.rows("sources.csv", APRIL)}


def _figures(row: dict[str, str]) -> tuple[float, float]:
    """A claim's low and high figure as data/README.md defines them: a range's bounds, else its value twice."""
    if row["qualifier"] == "range":
        return float(row["low"]), float(row["high"])
    return float(row["value"]), float(row["value"])


def _expected(event: str, quantity: str, by: str = "9999-12-31") -> list[tuple]:
    """The claims of an event's quantity published by a day, in publication order (file order within a day)."""
    published = _published()
    rows = [r for r in csv_rows.rows("claims.csv", APRIL)
            if r["event_id"] == event and r["quantity"] == quantity and published[r["source_id"]] <= by]
    rows.sort(key=lambda r: published[r["source_id"]])
    return [(r["claimed_by"], published[r["source_id"]], *_figures(r), r["source_id"], r["quantity"]) for r in rows]


def _csv_rows(text: str) -> list[tuple]:
    return [(r["claimed_by"], r["published"], float(r["low"]), float(r["high"]), r["source_id"], r["quantity"])
            for r in csv.DictReader(io.StringIO(text))]


def _disputed(event: str) -> list[str]:
    """The event's quantities given several different figures, read from claims.csv."""
    figures: dict[str, set] = {}
    for r in csv_rows.rows("claims.csv", APRIL):
        if r["event_id"] == event:
            figures.setdefault(r["quantity"], set()).add(_figures(r))
    return sorted(q for q, f in figures.items() if len(f) > 1)


def test_should_write_each_claimants_rashidin_toll_against_publication_day(capsys, tmp_path):
    out = tmp_path / "toll.csv"
    code, printed, _ = run(capsys, *CASE, "claims", "--event", "e016", "--quantity", "killed", "--format", "csv",
                           "-o", str(out))
    rows = _csv_rows(out.read_text(encoding="utf-8"))
    assert code == 0 and printed.startswith(f"wrote {out}")
    assert rows == _expected("e016", "killed")
    tolls = iter([(low, high) for _, _, low, high, _, _ in rows])
    assert all(step in tolls for step in [(16, 16), (39, 39), (43, 60), (112, 112), (126, 126), (150, 150)])  # in order


def test_should_chart_every_disputed_quantity_of_the_event_by_default(capsys):
    code, out, _ = run(capsys, *CASE, "claims", "--event", "e016", "--format", "csv")
    rows = _csv_rows(out)
    assert code == 0
    assert sorted({q for *_, q in rows}) == _disputed("e016")
    assert sorted(rows) == sorted(r for q in _disputed("e016") for r in _expected("e016", q))


def test_should_chart_only_the_figures_known_on_a_day(capsys):
    code, out, _ = run(capsys, *CASE, "claims", "--event", "e016", "--quantity", "killed", "--format", "csv",
                       "--as-of", "2017-04-15")
    assert code == 0 and _csv_rows(out) == _expected("e016", "killed", by="2017-04-15")


def test_should_write_figures_as_the_file_gives_them(capsys):
    _, out, _ = run(capsys, *CASE, "claims", "--event", "e016", "--quantity", "killed", "--format", "csv")
    header, first = out.splitlines()[:2]
    assert header == ",".join(claim_chart.HISTORY_COLUMNS)
    assert ",16,16," in first  # not 16.0


@pytest.mark.parametrize(("argv", "says"), [
    (("--event", "e999"), "event: expected the id of an event in the case (as known then), instead got 'e999'"),
    (("--event", "e016", "--quantity", "dead"), "quantity: expected what event e016 has claims of: killed, "),
    (("--event", "e016", "--as-of", "2017-04-32"), "--as-of: expected a calendar date YYYY-MM-DD"),
])
def test_should_refuse_what_it_cannot_chart_saying_why(capsys, argv, says):
    code, out, err = run(capsys, *CASE, "claims", *argv, "--format", "csv")
    assert code == 2 and not out and says in err and "Traceback" not in err


def test_should_draw_steps_per_claimant_and_ranges_as_bands():
    april = evidence.load(APRIL)
    rows = claim_chart.history(april, "e016", ["killed"])
    spec = claim_chart.spec(rows, april, "toll")
    marks = [layer["mark"] for layer in spec["layer"]]
    assert any(m["type"] == "area" and m["interpolate"] == "step-after" and m["opacity"] == claim_chart.BAND_OPACITY
               for m in marks)
    assert sum(m.get("interpolate") == "step-after" and m["type"] == "line" for m in marks) == 2
    assert all(layer["encoding"]["color"]["field"] == "claimed_by" for layer in spec["layer"])
    drawn = spec["datasets"][spec["data"]["name"]]
    claimants = {r[0] for r in _expected("e016", "killed")}
    closing = [d for d in drawn if d["claim_id"] == ""]
    assert sorted(d["claimed_by"] for d in closing) == sorted(claimants)  # each claimant's last figure runs on
    assert {(d["low"], d["high"]) for d in drawn if d["qualifier"] == "range"} == {(43.0, 60.0)}


def test_should_put_each_quantity_in_a_panel_of_its_own():
    april = evidence.load(APRIL)
    quantities = _disputed("e016")
    spec = claim_chart.spec(claim_chart.history(april, "e016", quantities), april, "e016")
    assert spec["facet"]["row"]["field"] == "what" and len(spec["facet"]["row"]["sort"]) == len(quantities)
    assert spec["resolve"]["scale"]["y"] == "independent"


def test_should_name_each_claimants_latest_figures():
    april = evidence.load(APRIL)
    rows = claim_chart.history(april, "e016", ["killed"])
    last = claim_chart.standing(rows)
    expected = _expected("e016", "killed")
    final = {}
    for who, day, *_ in expected:
        final[who] = day
    assert sorted(zip(last["claimed_by"], last["published"])) == sorted(
        (who, day) for who, day, *_ in expected if final[who] == day)


def test_should_draw_the_toll_chart_as_a_png_without_a_browser(capsys, tmp_path):
    require(importlib.util.find_spec("vl_convert") is not None, "vl-convert-python is absent: pip install -e '.[chart]'")
    from PIL import Image

    out = tmp_path / "toll.png"
    code, printed, _ = run(capsys, *CASE, "claims", "--event", "e016", "--format", "png", "-o", str(out))
    with Image.open(out) as picture:
        assert picture.format == "PNG" and picture.width > 600 and picture.height > 400
    assert code == 0 and ", png, " in printed


def test_should_chart_every_quantity_of_an_event_none_of_whose_figures_disagree(capsys):
    claimed = {r["event_id"] for r in csv_rows.rows("claims.csv", APRIL)}
    agreed = sorted(e for e in claimed if not _disputed(e))[0]
    code, out, _ = run(capsys, *CASE, "claims", "--event", agreed, "--format", "csv")
    quantities = {r["quantity"] for r in csv_rows.rows("claims.csv", APRIL) if r["event_id"] == agreed}
    assert code == 0 and {q for *_, q in _csv_rows(out)} == quantities


def _lines_and_legend(spec: dict) -> tuple[dict[str, list[tuple[float, float, float]]], list[str]]:
    """What the renderer drew: each claimant's flat stretches of line ``(x0, x1, y)`` in pixels (the line's colour
    matched to the legend's symbol), and the legend's labels."""
    import vl_convert

    lines: dict[str, list[tuple[float, float, float]]] = {}
    legend: dict[str, str] = {}

    def walk(node):
        if isinstance(node, list):
            for child in node:
                walk(child)
            return
        if not isinstance(node, dict):
            return
        if node.get("role") == "legend-entry":
            symbols = _items(node, "legend-symbol")
            labels = [t["text"] for t in _items(node, "legend-label")]
            legend.update(zip([s["fill"] for s in symbols], labels))
        if node.get("marktype") == "line":
            for item in node["items"]:
                points = list(zip(item["x"], item["y"])) if isinstance(item.get("x"), list) else None
                lines.setdefault(item["stroke"], []).extend(points or [(item["x"], item["y"])])
        for value in node.values():
            walk(value)

    walk(vl_convert.vegalite_to_scenegraph(spec))
    drawn: dict[str, list[tuple[float, float, float]]] = {}
    for stroke, points in lines.items():
        drawn[legend[stroke]] = [(x0, x1, y0) for (x0, y0), (x1, y1) in zip(points, points[1:]) if x1 > x0]
    return drawn, list(legend.values())


def _items(node, role: str) -> list[dict]:
    found = []
    for child in node.get("items", []):
        if child.get("role") == role:
            found.extend(child["items"])
        else:
            found.extend(_items(child, role))
    return found


def test_should_show_every_claimants_toll_line_where_figures_are_equal():
    require(importlib.util.find_spec("vl_convert") is not None, "vl-convert-python is absent: pip install -e '.[chart]'")
    april = evidence.load(APRIL)
    spec = claim_chart.spec(claim_chart.history(april, "e016", ["killed"]), april, "toll")
    drawn, legend = _lines_and_legend(spec)
    claimants = {who for who, *_ in _expected("e016", "killed")}
    assert set(legend) == claimants and set(drawn) == claimants
    assert sum(1 for who, day, low, high, *_ in _expected("e016", "killed") if (low, high) == (120, 120)) == 3
    for who, stretches in drawn.items():
        others = [s for other, line in drawn.items() if other != who for s in line]
        # some of its length lies at least 2 px (a line's width) from every other claimant's line
        seen = sum(max(0.0, x1 - x0) for x0, x1, y in stretches) - sum(
            max(0.0, min(x1, b) - max(x0, a)) for x0, x1, y in stretches for a, b, z in others if abs(y - z) < 2)
        assert seen > 0, f"{who}'s line lies under the others'"
    assert "drawn a few pixels apart" in spec["title"]["subtitle"]
    data = spec["datasets"][spec["data"]["name"]]  # the figures themselves stay as claimed; only the drawing moves
    assert sorted((d["claimed_by"], d["low"], d["high"]) for d in data if d["claim_id"]) == sorted(
        (who, low, high) for who, _, low, high, *_ in _expected("e016", "killed"))
    assert {d["nudge"] for d in data} - {0} and all(d["nudge"] % claim_chart.NUDGE_PX == 0 for d in data)


def test_should_give_each_claimant_of_every_toll_panel_a_colour_of_its_own():
    require(importlib.util.find_spec("vl_convert") is not None, "vl-convert-python is absent: pip install -e '.[chart]'")
    import vl_convert

    april = evidence.load(APRIL)
    spec = claim_chart.spec(claim_chart.history(april, "e016"), april, "e016")
    entries = _items({"items": [vl_convert.vegalite_to_scenegraph(spec)["scenegraph"]]}, "legend-entry")
    fills = [s["fill"] for entry in entries for s in _items(entry, "legend-symbol")]
    labels = [t["text"] for entry in entries for t in _items(entry, "legend-label")]
    claimants = {r["claimed_by"] for r in csv_rows.rows("claims.csv", APRIL) if r["event_id"] == "e016"}
    assert len(claimants) > 10 and sorted(labels) == sorted(claimants)
    assert len(set(fills)) == len(fills)
