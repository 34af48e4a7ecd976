"""`evacmap moved`, the HXL exports and the chart of people moved, read back and checked against the case files.

Expected figures come from claims.csv and movements.csv rows read with tests/csv_rows.py (no geo), or are counted
by hand from them (the claim ids are named beside each figure).
"""

from __future__ import annotations

import csv
import importlib.util
import io

import pytest

from geo.cli import main
from geo.data import evidence
from geo.export import hxl, moved_chart
from geo.ledger import ledger
from geo.run.selection import Selection
from geo.run.view import View
from tests import csv_rows
from tests.conftest import DATA, require

APRIL = ("--case", "four-towns-2017-04")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def people_claims(case: str) -> dict[str, dict[str, str]]:
    return {r["id"]: r for r in csv_rows.rows("claims.csv", DATA / case) if r["quantity"] == "people_evacuated"}


def test_should_write_the_ledger_as_csv_with_every_claim_of_people_moved(capsys):
    code, out, _ = run(capsys, *APRIL, "moved", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0
    assert {r["claim_id"] for r in rows} == set(people_claims("four-towns-2017-04"))
    sana = next(r for r in rows if r["claim_id"] == "c069")
    assert (sana["direction"], sana["place_id"], sana["day"], sana["claimant"]) == \
        ("arrived", "jibrin", "2017-04-21", "SANA reporter (via Syria Times)")


def test_should_list_only_what_was_published_by_the_as_of_day(capsys):
    code, out, _ = run(capsys, "moved", "--format", "csv", "--as-of", "2016-12-16")
    published = {r["id"]: r["published"] for r in csv_rows.rows("sources.csv", DATA / "aleppo-2016-12")}
    known = {c for c, r in people_claims("aleppo-2016-12").items() if published[r["source_id"]] <= "2016-12-16"}
    assert code == 0 and {r["claim_id"] for r in csv.DictReader(io.StringIO(out))} == known


def test_should_write_what_left_against_what_arrived(capsys):
    code, out, _ = run(capsys, *APRIL, "moved", "--format", "csv", "--gaps")
    rows = {(r["corridor_id"], r["day"]): r for r in csv.DictReader(io.StringIO(out))}
    jibrin = rows[("foua_kefraya_to_jibrin", "2017-04-21")]
    assert (float(jibrin["left_low"]), float(jibrin["left_high"]), float(jibrin["arrived_high"])) == (3000, 8000, 3000)


def test_should_refuse_gaps_in_another_format(capsys):
    assert run(capsys, *APRIL, "moved", "--format", "hxl", "--gaps")[0] == 2


def hxl_rows(data: bytes) -> tuple[list[str], list[str], list[list[str]]]:
    header, tags, *rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    return header, tags, rows


def test_should_tag_the_ledger_with_hxl_hashtags_read_back():
    loaded = evidence.load(DATA, case="four-towns-2017-04")
    header, tags, rows = hxl_rows(hxl.ledger_hxl(loaded))
    assert all(tag.startswith("#") for tag in tags) and len(tags) == len(header)
    by_tag = [dict(zip(tags, row)) for row in rows]
    assert {"#date", "#geo+lat", "#geo+lon", "#affected+idps+min", "#meta+source", "#loc+origin+name"} <= set(tags)
    claims = people_claims("four-towns-2017-04")
    assert len(by_tag) == len(claims)
    c069 = next(r for r in by_tag if r["#meta+id"] == "c069")
    places = {r["id"]: r for r in csv_rows.rows("gazetteer.csv", DATA / "four-towns-2017-04")}
    assert (c069["#loc+dest+name"], c069["#loc+origin+name"]) == (places["jibrin"]["name"], "")
    assert float(c069["#geo+lat"]) == float(places["jibrin"]["lat"])  # written as the gazetteer gives it, not rounded
    assert float(c069["#affected+idps+min"]) == float(claims["c069"]["value"])


def test_should_tag_the_events_with_the_people_their_claims_say_were_evacuated():
    loaded = evidence.load(DATA, case="four-towns-2017-04")
    header, tags, rows = hxl_rows(hxl.events_hxl(Selection.of(loaded, View())))
    by_id = {r[0]: dict(zip(tags, r)) for r in rows}
    assert len(by_id) == len(csv_rows.rows("events.csv", DATA / "four-towns-2017-04"))
    # e008: 5,000 by SANA (c011), the Observatory (c012) and Reuters (c014)
    assert (by_id["e008"]["#affected+idps+min"], by_id["e008"]["#affected+idps+max"]) == ("5000", "5000")
    assert by_id["e035"]["#affected+idps+min"] == ""  # no claim of people evacuated


def test_should_make_a_formula_in_a_text_cell_inert():
    tags = (("a", "#meta"),)
    assert hxl._table(tags, [("=1+1",)], raw=False).decode().splitlines()[2] == "'=1+1"
    assert hxl._table(tags, [("=1+1",)], raw=True).decode().splitlines()[2] == "=1+1"


def test_should_chart_one_panel_per_corridor_and_one_line_per_claimant():
    book = ledger(evidence.load(DATA, case="four-towns-2017-04"))
    spec = moved_chart.spec(book, "t")
    values = spec["datasets"][next(iter(spec["datasets"]))]
    assert {v["panel"] for v in values} == set(book["corridor"])
    assert {v["claimant"] for v in values} == set(book["claimant"])


def test_should_give_the_page_one_chart_per_corridor_as_wide_as_it_with_a_legend_of_the_claimants():
    book = ledger(evidence.load(DATA, case="four-towns-2017-04"))
    specs = moved_chart.panels(book, "People moved, by claimant: the whole of the April case, every type and source")
    assert [s["title"]["text"] for s in specs] == list(dict.fromkeys(book["corridor"]))  # one per corridor
    for spec in specs:
        assert spec["width"] == "container" and "facet" not in spec
        colour = spec["layer"][0]["encoding"]["color"]
        assert colour["field"] == "claimant" and colour["legend"]["orient"] == "bottom"
        assert colour["legend"]["labelLimit"] <= 390  # a long name is cut, never wider than a phone
        assert all(len(line) <= moved_chart.SUBTITLE_CHARACTERS for line in spec["title"]["subtitle"])
    # the Observatory's line: its running totals of people who left Foua and Kefraya, 5,000 (c012) then 8,000 (c059)
    jibrin = next(s for s in specs if s["title"]["text"] == "Foua and Kefraya to Jibrin via Rashidin and al-Ramousah")
    values = jibrin["datasets"][jibrin["data"]["name"]]
    observatory = {v["running_high"] for v in values if v["claimant"] == "Syrian Observatory for Human Rights"}
    assert {5000, 8000} <= observatory


def test_should_refuse_to_chart_an_empty_ledger():
    with pytest.raises(ValueError, match="at least one claim"):
        moved_chart.spec(ledger(evidence.load(DATA, case="four-towns-2017-04")).iloc[0:0], "t")


def test_should_draw_the_chart_as_a_png(capsys, tmp_path):
    require(importlib.util.find_spec("vl_convert") is not None, "vl-convert-python is absent (pip install -e '.[chart]')")
    from PIL import Image

    out = tmp_path / "moved.png"
    code, printed, _ = run(capsys, *APRIL, "moved", "--format", "png", "-o", str(out))
    with Image.open(out) as picture:
        assert picture.format == "PNG" and picture.width > 600 and picture.height > 400
    assert code == 0 and "13 claims of people moved" in printed
