"""The ledger of people moved (geo/ledger): running totals by claimant, the gap between what left and what
arrived, the people moved along each corridor in a window, and the checks of movements.csv.

Every expected figure is counted by hand from the shipped cases' claims.csv and movements.csv rows (their ids
are named beside each figure), never computed with geo.ledger.
"""

from __future__ import annotations

import math
import shutil
from datetime import UTC, date, datetime

import pytest

from geo.claims import Claim
from geo.data import evidence
from geo.data.validation import validate
from geo.ledger import flows, gaps, ledger, undescribed
from geo.ledger.entries import _bounds
from geo.movements import Movement
from tests.conftest import DATA

DECEMBER, APRIL = "aleppo-2016-12", "four-towns-2017-04"


@pytest.fixture
def cases(tmp_path):
    """A writable copy of the shipped cases, to change on purpose."""
    shutil.copytree(DATA, tmp_path / "data")
    return tmp_path / "data"


@pytest.fixture(scope="module")
def december():
    return evidence.load(DATA, case=DECEMBER)


@pytest.fixture(scope="module")
def april():
    return evidence.load(DATA, case=APRIL)


def running(book, claimant: str, corridor: str, day: date, direction: str | None = None) -> tuple[float, float]:
    rows = book.loc[(book["claimant"] == claimant) & (book["corridor_id"] == corridor) & (book["day"] == day)
                    & ((book["direction"] == direction) if direction else True)]
    assert len(rows), f"no row of {claimant!r} on {corridor} on {day}"
    return float(rows["running_low"].iat[-1]), float(rows["running_high"].iat[-1])


def test_should_list_every_claim_of_people_evacuated_once(december, april):
    # 15 people_evacuated claims in December, 13 in April (claims.csv)
    assert len(ledger(december)) == 15
    assert len(ledger(april)) == 13


def test_should_keep_each_claimants_running_total_of_the_december_corridor_side_by_side(december):
    book = ledger(december)
    assert running(book, "Russian Foreign Ministry", "aleppo_corridor", date(2016, 12, 15)) == (4000, 4000)  # c024
    assert running(book, "SANA", "aleppo_corridor", date(2016, 12, 16)) == (8000, 8000)  # c033
    assert running(book, "ICRC", "aleppo_corridor", date(2016, 12, 21)) == (25000, 25000)  # c045
    assert running(book, "United Nations", "aleppo_corridor", date(2016, 12, 22)) == (34000, 34000)  # c049
    turkey = "Syrian Observatory for Human Rights|Turkish Foreign Minister Mevlut Cavusoglu"
    assert running(book, turkey, "aleppo_corridor", date(2016, 12, 19)) == (4500, 4500)  # c039, since Monday's midnight


def test_should_add_a_claimants_days_after_its_first_but_never_across_claimants(december):
    book = ledger(december)
    # Storyful: nearly 600 on Monday 19 Dec (c042) and more than 400 on Tuesday (c044): 1,000 by Tuesday
    assert running(book, "local reports (Storyful)", "foua_kefraya_route", date(2016, 12, 20)) == (1000, 1000)
    # the UN's 750 "so far" of the villages (c046, told on Wednesday 21 Dec) stays the UN's own, not added to Storyful's
    assert running(book, "United Nations", "foua_kefraya_route", date(2016, 12, 21)) == (750, 750)


def test_should_count_a_claimants_convoys_after_its_stated_total(april):
    book = ledger(april)
    # the Observatory: 5,000 out of Foua and Kefraya by Friday 14 Apr (c012, a total), then the 3,000 of the dawn
    # convoy of Wednesday 19 Apr (c059, one convoy): 8,000 by the 19th
    assert running(book, "Syrian Observatory for Human Rights", "foua_kefraya_to_jibrin", date(2017, 4, 19)) == (8000, 8000)


def test_should_tie_a_figure_of_no_corridor_to_none(december):
    book = ledger(december)
    # c003 (Russia's 100,000 before the corridor opened) and c050 (TRT World's 35,000, the west included)
    assert set(book.loc[book["corridor_id"] == "", "claim_id"]) == {"c003", "c050"}


def test_should_set_what_left_against_what_arrived_in_april(april):
    found = gaps(ledger(april)).set_index(["corridor_id", "day"])
    # Foua and Kefraya to Jibrin: arrivals told on 21 Apr (SANA, 3,000: c069); by then the claimants' running totals of
    # departures were 5,000 (Reuters c014, SANA c011), 3,000 (Hezbollah c061, MaltaToday c063) and 8,000 (the
    # Observatory, c012 + c059): 3,000 to 8,000 left, 3,000 arrived, which overlap
    row = found.loc[("foua_kefraya_to_jibrin", date(2017, 4, 21))]
    assert (row["left_low"], row["left_high"], row["arrived_low"], row["arrived_high"]) == (3000, 8000, 3000, 3000)
    assert bool(row["overlap"])
    # Madaya and Zabadani: by 15 Apr 2,000 (Reuters c017), 2,350 (SANA c019) and 2,200 (the Observatory c015) had left;
    # more than 2,000 waited at Ramousah (Reuters c028) and more than 2,300 reached Rashidin (SANA c057)
    row = found.loc[("madaya_zabadani_to_idlib", date(2017, 4, 15))]
    assert (row["left_low"], row["left_high"], row["arrived_low"], row["arrived_high"]) == (2000, 2350, 2000, 2300)


def test_should_flag_arrivals_that_no_claimant_of_departures_reaches(cases):
    claims = cases / APRIL / "claims.csv"
    rows = claims.read_text(encoding="utf-8").splitlines()
    # SANA's 3,000 at Jibrin (c069) made 12,000: above every claimant's departures (3,000 to 8,000)
    rows = [r.replace("c069,e033,people_evacuated,3000,", "c069,e033,people_evacuated,12000,") for r in rows]
    claims.write_text("\n".join(rows) + "\n", encoding="utf-8")
    found = gaps(ledger(evidence.load(cases, case=APRIL))).set_index(["corridor_id", "day"])
    row = found.loc[("foua_kefraya_to_jibrin", date(2017, 4, 21))]
    assert (row["left_high"], row["arrived_low"]) == (8000, 12000)
    assert not bool(row["overlap"])


def test_should_flag_a_running_total_that_falls_below_an_earlier_one(cases):
    case = cases / DECEMBER
    claims = (case / "claims.csv").read_text(encoding="utf-8")
    # the ICRC says 25,000 by Wednesday (c045, e052); a second ICRC figure of 20,000 on Thursday (e053) falls below it
    claims += "c900,e053,people_evacuated,20000,,,about,people,ICRC,reuters_20161222,A lower figure for the test.\n"
    (case / "claims.csv").write_text(claims, encoding="utf-8")
    with (case / "movements.csv").open("a", encoding="utf-8") as f:
        f.write("c900,total,left,east_aleppo,aleppo_corridor,,,\n")
    book = ledger(evidence.load(cases, case=DECEMBER))
    row = book.loc[book["claim_id"] == "c900"].iloc[0]
    assert row["falls_below"] == "about 25,000"
    assert (row["running_low"], row["running_high"]) == (20000, 20000)  # kept as said, not dropped or raised


def test_should_give_each_claimants_people_moved_along_a_corridor_in_a_window(april):
    zone = april.case.timezone
    start = datetime(2017, 4, 19, tzinfo=zone).astimezone(UTC)
    end = datetime(2017, 4, 20, tzinfo=zone).astimezone(UTC)
    found = flows(april, (start, end))
    # 19 Apr: the dawn convoy out of Foua and Kefraya, 3,000 by each of three claimants (c059, c061, c063); nearly 300
    # out of Zabadani (c064)
    assert sorted(found["foua_kefraya_to_jibrin"].by_claimant) == [
        ("Hezbollah military media unit", 3000, 3000), ("MaltaToday (agency copy)", 3000, 3000),
        ("Syrian Observatory for Human Rights", 3000, 3000)]
    assert (found["zabadani_to_idlib_april"].low, found["zabadani_to_idlib_april"].high) == (300, 300)
    assert "madaya_zabadani_to_idlib" not in found  # nothing told of it that day


def test_should_read_a_qualifier_as_the_bounds_it_allows():
    def claim(qualifier: str, value: float | None = None, low: float | None = None, high: float | None = None) -> Claim:
        return Claim("c", "e", "people_evacuated", qualifier, "people", "x", "s", value=value, low=low, high=high)

    assert _bounds(claim("more_than", 4000)) == (4000, 4000, 4000, math.inf)
    assert _bounds(claim("nearly", 1000)) == (1000, 1000, 0, 1000)
    assert _bounds(claim("range", low=200, high=250)) == (200, 250, 200, 250)


@pytest.mark.parametrize(("fields", "message"), [
    ({"scope": "week"}, "scope must be one of"),
    ({"direction": "along"}, "need its corridor_id"),
    ({"place_id": None}, "need the place's place_id"),
    ({"since": datetime(2016, 12, 15, tzinfo=UTC)}, "since belongs to a running total"),
    ({"counted_to": date(2016, 12, 21)}, "counted_to belongs to a running total"),
])
def test_should_refuse_a_movement_that_does_not_hold(fields, message):
    values = {"claim_id": "c1", "scope": "group", "direction": "left", "place_id": "foua"} | fields
    with pytest.raises(ValueError, match=message):
        Movement(**values)


def write_movements(case, text: str) -> None:
    (case / "movements.csv").write_text("claim_id,scope,direction,place_id,corridor_id,since,note,counted_to\n" + text,
                                        encoding="utf-8")


def test_should_leave_out_a_claim_of_people_moved_without_its_row_and_say_so(cases, capsys):
    case = cases / APRIL
    rows = (case / "movements.csv").read_text(encoding="utf-8").splitlines()[1:]
    write_movements(case, "\n".join(r for r in rows if not r.startswith("c069,")) + "\n")
    assert validate(cases, APRIL) == []  # a claim just accepted from a review may not say yet what it counts
    loaded = evidence.load(cases, case=APRIL)
    assert undescribed(loaded) == ["c069"] and "c069" not in set(ledger(loaded)["claim_id"])
    from geo.cli import main
    assert main(["--data", str(cases), "--case", APRIL, "moved", "--format", "csv"]) == 0
    assert "1 claim(s) of people moved left out" in capsys.readouterr().err


@pytest.mark.parametrize(("row", "column", "message"), [
    ("c002,group,left,foua,,,,", "claim_id", "not people moved"),  # c002 counts people_to_evacuate
    ("c011,group,along,,,,,", "corridor_id", "along a corridor"),
    ("c011,group,arrived,,foua_kefraya_to_jibrin,,,", "place_id", "need the place"),
    ("c011,group,left,foua,,2017-04-14T00:00:00+00:00,,", "since", "running total"),
    ("c011,convoy,left,foua,,,,", "scope", "convoy"),
    ("c011,group,left,nowhere,,,,", "place_id", "nowhere"),
    ("c011,group,left,foua,no_such_route,,,", "corridor_id", "no_such_route"),
    ("c011,group,left,foua,,,,2017-04-15", "counted_to", "counted_to belongs to a running total"),
    ("c011,total,left,foua,,,,15 April", "counted_to", "expected a real date"),
])
def test_should_refuse_a_bad_movement_row_naming_its_line_and_column(cases, row, column, message):
    case = cases / APRIL
    rows = [r for r in (case / "movements.csv").read_text(encoding="utf-8").splitlines()[1:] if not r.startswith("c011,")]
    write_movements(case, "\n".join([*rows, row]) + "\n")
    problems = [p for p in validate(cases, APRIL) if p.file == "movements.csv"]
    assert problems, f"no problem for {row!r}"
    assert problems[0].line == len(rows) + 2 and problems[0].column == column
    assert message in problems[0].message


def test_should_put_each_of_a_week_long_arrivals_running_totals_on_its_own_day():
    book = ledger(evidence.load(DATA, case="karabakh-2023-09"))
    spokeswoman = "Armenian government (Prime Minister's spokesperson Nazeli Baghdasaryan)"
    # e035 spans 24 Sep - 1 Oct; its counts stand on their reports' days: 70,500 (c040, 28 Sep), 88,780 the last of
    # 29 Sep (c042-c044), 100,417 (c048, 30 Sep)
    assert running(book, spokeswoman, "lachin_corridor", date(2023, 9, 28), "arrived") == (70500, 70500)
    assert running(book, spokeswoman, "lachin_corridor", date(2023, 9, 29), "arrived") == (88780, 88780)
    assert running(book, spokeswoman, "lachin_corridor", date(2023, 9, 30), "arrived") == (100417, 100417)
    # the same spokeswoman's 2,000 brought out by Yerevan's buses (c031) is a departure, kept apart from arrivals
    assert running(book, spokeswoman, "lachin_corridor", date(2023, 9, 28), "left") == (2000, 2000)
    assert running(book, "UNHCR", "lachin_corridor", date(2023, 10, 1)) == (115183, 115183)  # given in Feb 2024


def test_should_put_a_running_total_on_the_day_its_report_counts_it_up_to(december):
    book = ledger(december)
    # c046: a UN official's 750 out of al-Foua and Kefraya "so far", told on Wednesday 21 Dec (movements.csv's
    # counted_to) though it hangs on Monday's departure (e048, 19 Dec): it stands on the 21st, not the 19th
    assert running(book, "United Nations", "foua_kefraya_route", date(2016, 12, 21), "left") == (750, 750)
    assert not len(book.loc[(book["claim_id"] == "c046") & (book["day"] != date(2016, 12, 21))])
