"""An attack's death toll beside its glyph (issue 29): under the name of its place, the range of the claimants'
figures, small, clear of the other names, in the map the dashboard and the HTML draw and in the PNG's page."""

from __future__ import annotations

import pytest

from geo import export
from geo.data import evidence
from geo.export import mapfile
from geo.run.selection import Selection
from geo.run.view import from_params
from tests import csv_rows
from tests.conftest import DATA

pytestmark = pytest.mark.browser

APRIL = DATA / "four-towns-2017-04"
NAMES = """() => [...document.querySelectorAll(".evacmap-label:not(.evacmap-label-hidden) > div")].map(e => {
  const r = e.getBoundingClientRect(), toll = e.querySelector(".evacmap-toll");
  const t = toll && toll.getBoundingClientRect();
  return {text: e.textContent, toll: toll ? toll.textContent : null, box: [r.left, r.top, r.right, r.bottom],
          tollBox: t ? [t.left, t.top, t.right, t.bottom] : null, size: toll ? getComputedStyle(toll).fontSize : null};
})"""


def _bombing_toll() -> str:
    """The Rashidin bombing's (the attack at al-Rashidin on 15 April 2017) killed claims in claims.csv, from the
    lowest figure any claimant gave to the highest, as the map writes numbers."""
    events = csv_rows.rows("events.csv", APRIL)
    bombing = [r["id"] for r in events if r["type"] == "attack" and r["place_id"] == "rashidin"
               and r["start"].startswith("2017-04-15")]
    assert len(bombing) == 1
    figures = [float(r[k]) for r in csv_rows.rows("claims.csv", APRIL) if r["event_id"] == bombing[0]
               and r["quantity"] == "killed" for k in ("value", "low", "high") if r[k]]
    return f"{min(figures):,.0f}–{max(figures):,.0f} killed"


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("size", [(1440, 900), (1108, 560), (390, 844)])
@pytest.mark.parametrize("form", ["html", "png"])
def test_should_write_the_bombings_death_toll_under_rashidins_name_clear_of_the_other_names(page, tmp_path, form, size):
    loaded = evidence.load(APRIL)
    view = from_params({"start": "2017-04-15", "end": "2017-04-15"}, loaded)[0]
    if form == "html":
        html = export.render(loaded, view, "html")
    else:  # the page the PNG is taken of
        html = mapfile.snapshot_map(Selection.of(loaded, view), offline="file", playback=False).get_root().render()
        html = html.encode("utf-8")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(export.write(tmp_path / "map.html", html).as_uri())
    page.wait_for_function("() => !document.querySelector('[data-labels-pending]') && document.querySelector('.evacmap-label')")
    page.wait_for_timeout(400)
    names = page.evaluate(NAMES)
    tolls = [n for n in names if n["toll"]]
    assert [n["toll"] for n in tolls] == [_bombing_toll()]  # "16–150 killed"
    assert tolls[0]["text"].startswith("al-Rashidin")
    assert float(tolls[0]["size"].removesuffix("px")) < 12  # smaller than the names
    for other in names:
        if other is not tolls[0]:
            assert not _overlap(tolls[0]["tollBox"], other["box"]), f"the toll covers {other['text']}"
