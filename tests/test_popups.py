"""Compact popups: the claims of an event summed up per quantity (what the details panel may reuse too)."""

from geo.claims import Claim
from geo.map.popups import claims_summary, toll


def _claim(i: int, quantity: str, by: str, value=None, low=None, high=None, qualifier="exact") -> Claim:
    return Claim(f"c{i}", "e1", quantity, "range" if low is not None else qualifier, "people", by, "s1",
                 value=value, low=low, high=high)


def test_should_sum_up_the_claims_of_each_quantity_as_a_range_with_counts():
    claims = [
        _claim(1, "killed", "SOHR", value=16, qualifier="at_least"),
        _claim(2, "killed", "State media", value=39),
        _claim(3, "killed", "Others", low=43, high=60),
        _claim(4, "killed", "SOHR", value=126),
        _claim(5, "injured", "Civil Defence", value=55),
        _claim(6, "killed", "MaltaToday", value=150),
        _claim(7, "injured", "Civil Defence", value=55),
    ]
    # killed: 5 claims, lowest 16, highest 150, from SOHR, State media, Others, MaltaToday: 4 claimants;
    # injured: both say 55, from one claimant.
    assert claims_summary(claims) == [
        "killed: 16–150 · 5 claims from 4 claimants",
        "injured: 55 · 2 claims from 1 claimant",
    ]


def test_should_say_a_single_claim_as_its_source_gave_it():
    assert claims_summary([_claim(1, "people_evacuated", "ICRC", value=5000, qualifier="about")]) == [
        "people evacuated: about 5,000 · 1 claim from 1 claimant"]


def test_should_sum_up_no_claims_as_nothing():
    assert claims_summary([]) == []


def test_should_say_one_number_once_when_its_claims_qualify_it_differently():
    claims = [_claim(1, "bodies_recovered", "Civil Defence", value=100, qualifier="more_than"),
              _claim(2, "bodies_recovered", "Civil Defence (Reuters)", value=100, qualifier="at_least")]
    assert claims_summary(claims) == ["bodies recovered: 100 · 2 claims from 2 claimants"]


def test_should_say_a_death_toll_as_the_range_of_the_claimants_killed_figures():
    claims = [_claim(1, "killed", "SOHR", value=16, qualifier="at_least"), _claim(2, "killed", "Others", low=43, high=60),
              _claim(3, "killed", "AFP", value=1500), _claim(4, "people_evacuated", "UN", value=5000)]
    assert toll(claims) == "16–1,500 killed"  # the evacuees are not a toll
    assert toll(claims[1:2]) == "43–60 killed"
    assert toll([_claim(5, "killed", "A", value=39), _claim(6, "killed", "B", value=39, qualifier="at_least")]) == "39 killed"
    assert toll(claims[3:]) is None and toll([]) is None
