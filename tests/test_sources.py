"""How many independent outlets report each event, a relay counting with what it relays."""

import csv
from datetime import date

from geo.data import evidence
from geo.sources import Source, origins, outlet_count
from tests.conftest import DATA

# Counted by hand from data/events.csv's sources column and data/sources.csv: fourteen reports
# from twelve outlets (AP twice, Reuters three times); DEBKAfile, MaltaToday and TRT World relay Reuters,
# and no event cites two reports of one outlet, so each event's count is the number of reports it
# cites, less one where TRT World stands beside Reuters (no event cites DEBKAfile or MaltaToday beside
# Reuters). The 16-22 December rows: e044 the Daily Beast and DEBKAfile; e045 MaltaToday and AP; e048
# AP and Storyful; e049 Storyful and Reuters; e053 Reuters and TRT World (one outlet); e055 Reuters, the
# BBC and TRT World (two); the other eight of e044-e057 cite one report each (e056 the BBC alone: TRT World
# does not carry the ICRC's or the UN's words).
MULTI_OUTLET = {"e001": 2, "e004": 3, "e008": 2, "e013": 2, "e016": 4, "e017": 2, "e018": 2, "e020": 2,
                "e039": 2, "e040": 2, "e044": 2, "e045": 2, "e048": 2, "e049": 2, "e055": 2}
SINGLE_OUTLET_EVENTS = 41

# Counted by hand from data/four-towns-2017-04: the bombing (e016) is cited by sixteen reports of
# fourteen outlets; BBC, Rudaw, the Daily Beast, MaltaToday and APP relay cited outlets (AFP, Reuters,
# BBC), and cbc_20170419 is Reuters' own story, which leaves AFP, SANA, Reuters, UPI, the Telegraph,
# the Toronto Star, Tasnim and Pravda UA (an unbylined copy that names no agency, so it counts as its own).
# e026: AFP, Reuters (cbc_20170419) and MaltaToday's copy of both. e027: AFP, Reuters and Syria Times (relaying
# SANA, which e027 does not cite).
APRIL = DATA / "four-towns-2017-04"
APRIL_OUTLETS = {"e016": 8, "e026": 2, "e027": 3, "e028": 1}


def report(id_: str, outlet: str, relays: tuple[str, ...] = ()) -> Source:
    return Source(id_, f"{id_}.txt", outlet, date(2016, 12, 15), "en", "news article", relays=relays)


def test_should_count_the_outlets_of_the_shipped_events_as_counted_by_hand(shipped):
    counts = {e: shipped.outlets(cell.split("|")) for e, cell in zip(shipped.events["id"], shipped.events["sources"])}
    assert {e: n for e, n in counts.items() if n > 1} == MULTI_OUTLET
    assert sum(1 for n in counts.values() if n == 1) == SINGLE_OUTLET_EVENTS


def test_should_not_count_a_relay_as_an_independent_outlet():
    afp = report("afp", "Agence France-Presse")
    ap = report("ap", "AP", relays=("agence  france-presse",))
    reuters = report("reuters", "Reuters")
    sources = {s.id: s for s in (afp, ap, reuters)}
    assert outlet_count(["ap", "afp"], sources) == 1
    assert outlet_count(["afp", "ap", "reuters"], sources) == 2
    assert origins(["reuters", "ap", "afp"], sources) == [("reuters",), ("ap", "afp")]


def test_should_count_the_april_wire_copies_with_the_agencies_they_copy():
    with (APRIL / "events.csv").open(encoding="utf-8", newline="") as f:
        cited = {row["id"]: row["sources"].split("|") for row in csv.DictReader(f)}
    april = evidence.load(APRIL)
    assert {e: april.outlets(cited[e]) for e in APRIL_OUTLETS} == APRIL_OUTLETS


def test_should_not_merge_two_agencies_that_one_copy_relays():
    sources = {"afp": report("afp", "AFP"), "reuters": report("reuters", "Reuters"),
               "malta": report("malta", "MaltaToday", relays=("Reuters", "AFP"))}
    assert outlet_count(["malta", "afp", "reuters"], sources) == 2
    assert origins(["malta", "afp", "reuters"], sources) == [("malta", "afp"), ("reuters",)]
    assert outlet_count(["malta", "afp"], sources) == 1


def test_should_count_outlets_that_relay_each_other_as_one():
    sources = {"a": report("a", "A", relays=("B",)), "b": report("b", "B", relays=("A",)), "c": report("c", "C")}
    assert outlet_count(["a", "b", "c"], sources) == 2


def test_should_follow_a_chain_of_relays_to_one_origin():
    sources = {"a": report("a", "A", relays=("B",)), "b": report("b", "B", relays=("C",)), "c": report("c", "C")}
    assert outlet_count(["a", "c", "b"], sources) == 1


def test_should_count_two_reports_of_one_outlet_once_and_an_unknown_id_as_its_own():
    sources = {"r1": report("r1", "Reuters"), "r2": report("r2", "Reuters")}
    assert outlet_count(["r1", "r2"], sources) == 1
    assert outlet_count(["r1", "upload_only", "r1"], sources) == 2


def test_should_not_merge_outlets_that_relay_the_same_third_party():
    sources = {"rt": report("rt", "RT", relays=("Russian General Staff",)),
               "reuters": report("reuters", "Reuters", relays=("Russian General Staff",))}
    assert outlet_count(["rt", "reuters"], sources) == 2
