"""Numbers in reports: value or range, hedge, unit, what is counted and who says so."""

import pytest

from geo.data.schema import QUALIFIERS
from geo.ingest.claimants import attribution
from geo.ingest.quantities import QUALIFIER_WORDS, QuantityClaim, find_claims, number_value


def claims(text):
    return [(c.quantity, c.qualifier, c.value, c.low, c.high, c.unit) for c in find_claims(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("The ICRC said around 250 wounded would leave.", ("wounded", "about", 250.0, None, None, "people")),
    ("a convoy with at least 17 green buses", ("buses", "at_least", 17.0, None, None, "buses")),
    ("Twenty passenger busses were provided", ("buses", "exact", 20.0, None, None, "buses")),
    ("it expected between 200 and 250 wounded people", ("wounded", "range", None, 200.0, 250.0, "people")),
    ("over 4,000 people were evacuated", ("people_evacuated", "more_than", 4000.0, None, None, "people")),
    ("Nearly 1000 people have been killed", ("killed", "nearly", 1000.0, None, None, "people")),
    ("up to 100,000 people have left", ("people_evacuated", "up_to", 100000.0, None, None, "people")),
    ("some 5,000 civilians returned to their homes", ("civilians_returned_home", "about", 5000.0, None, None, "people")),
    ("fighters who injured three people", ("injured", "exact", 3.0, None, None, "people")),
    ("a 21km humanitarian corridor", ("corridor_length", "exact", 21.0, None, None, "km")),
    ("an enclave of only 2.5 square km", ("enclave_area", "exact", 2.5, None, None, "km2")),
    ("they cleared 307 buildings", ("buildings_cleared", "exact", 307.0, None, None, "buildings")),
    ("defused 2,742 explosive objects", ("explosive_objects_defused", "exact", 2742.0, None, None, "explosive objects")),
    ("around 100 cars are used", ("cars", "about", 100.0, None, None, "cars")),
    ("with nearly 1,000 aboard", ("people_evacuated", "nearly", 1000.0, None, None, "people")),
    ("Twenty-five buses and a dozen ambulances", ("buses", "exact", 25.0, None, None, "buses")),
    ("200-250 people left", ("people_evacuated", "range", None, 200.0, 250.0, "people")),
    ("the third column has left", ("columns_departed", "exact", 3.0, None, None, "columns")),
])
def test_should_read_each_number_with_its_hedge_unit_and_quantity(text, expected):
    assert claims(text)[0] == expected


@pytest.mark.parametrize(("text", "value"), [
    ("seventeen buses left", 17.0), ("fourteen ambulances", 14.0), ("nineteen people were hurt", 19.0),
    ("sixty-six people", 66.0), ("a dozen ambulances", 12.0),
])
def test_should_read_a_number_word_whole_not_the_shorter_word_it_opens_with(text, value):
    assert [c.value for c in find_claims(text)] == [value]


def test_should_count_an_ordinal_column_once():
    assert [(c.quantity, c.value) for c in find_claims("the tenth column left")] == [("columns_departed", 10.0)]


def test_should_read_every_number_of_a_sentence_in_order():
    text = "A column of 10 ambulances and at least 17 buses with nearly 1,000 aboard set out."
    assert [(c.quantity, c.value) for c in find_claims(text)] == [
        ("ambulances", 10.0), ("buses", 17.0), ("people_evacuated", 1000.0)]


def test_should_keep_offsets_that_slice_back_to_the_number_as_written():
    text = "Officials said more than 5,000 militants and 2.5 square km (1 square mile) were left."
    for claim in find_claims(text):
        assert text[claim.start:claim.end] == claim.text
    assert [c.text for c in find_claims(text)] == ["more than 5,000 militants", "2.5 square km"]


@pytest.mark.parametrize("text", [
    "on Dec. 15, 2016 at 12:30 GMT",
    "a truce at 2.30am (0030GMT) on Thursday",
    "ALEPPO, SYRIA - DECEMBER 19 : they waited",
    "thwarted twice in just 24 hours",
    "one of a handful of districts",
    "in 2015 and 2016",
])
def test_should_not_take_dates_times_or_counts_without_a_unit_for_claims(text):
    assert find_claims(text) == ()


@pytest.mark.parametrize(("sentence", "speaker"), [
    ("Russia, a major ally of Assad, said 5,000 rebels were brought out.", "Russia"),
    ("The International Committee of the Red Cross said 200 left.", "International Committee of the Red Cross"),
    ("The convoy drove from Ramousah, a Reuters reporter on the scene said.", "Reuters reporter on the scene"),
    ("Nearly 1000 people have been killed, according to the Turkish government.", "Turkish government"),
    ("\"Thousands need help,\" said Jan Egeland, the U.N. humanitarian adviser.", "Jan Egeland"),
    ("“Some 250 wounded should leave,” a Red Cross spokeswoman, Ingy Sedky, told reporters.", "Ingy Sedky"),
    ("They cleared 307 buildings, Gen. Lt. Viktor Poznikhir, deputy chief of operations, reported.",
     "Gen. Lt. Viktor Poznikhir"),
    ("On Monday, the Russian Defense Ministry said up to 100,000 had gone.", "Russian Defense Ministry"),
    ("Rebel officials have said that civilians may leave.", "Rebel officials"),
])
def test_should_name_who_the_sentence_says_is_speaking(sentence, speaker):
    assert attribution(sentence) == speaker


@pytest.mark.parametrize("sentence", ["He said some 5,000 civilians returned.", "The buses left at dawn."])
def test_should_name_no_speaker_for_a_pronoun_or_no_speech(sentence):
    assert attribution(sentence) is None


def test_should_give_each_claim_the_speaker_named_nearest_to_it():
    text = ("Over 4,000 people had left, according to Russian officials, while Turkish officials said nearly "
            "1000 people were still waiting.")
    assert [(c.value, c.claimed_by, c.quantity) for c in find_claims(text)] == [
        (4000.0, "Russian officials", "people_evacuated"), (1000.0, "Turkish officials", "people")]


def test_should_carry_the_sentence_as_each_claims_evidence():
    text = "  The ICRC said around 200 wounded people had left.  "
    (claim,) = find_claims(text)
    assert claim.evidence == text.strip() and claim.text == "around 200 wounded"


@pytest.mark.parametrize(("number", "scale", "value"), [
    ("5,000", "", 5000.0), ("2.5", "", 2.5), ("Twenty", "", 20.0), ("twenty-five", "", 25.0),
    ("two", " hundred", 200.0), ("1.5", " million", 1_500_000.0), ("a", " dozen", 12.0),
])
def test_should_value_digits_and_number_words(number, scale, value):
    assert number_value(number, scale) == value


def test_should_hedge_only_with_the_documented_qualifiers():
    assert set(QUALIFIER_WORDS.values()) <= set(QUALIFIERS)
    for text in ("about 5 buses", "between 5 and 9 buses", "no fewer than 5 buses", "as many as 5 buses"):
        assert all(c.qualifier in QUALIFIERS for c in find_claims(text))


def test_should_refuse_a_claim_whose_qualifier_and_numbers_disagree():
    with pytest.raises(ValueError, match="qualifier"):
        QuantityClaim("x", 0, 1, "buses", "roughly", "buses", value=1.0)
    with pytest.raises(ValueError, match="range"):
        QuantityClaim("x", 0, 1, "buses", "range", "buses", value=1.0)


@pytest.mark.parametrize(("text", "expected"), [
    ("The ferry carried 52 Pakistanis and 30 Kenyans.", [("52 Pakistanis", "people"), ("30 Kenyans", "people")]),
    ("Some 120 foreign nationals left on Friday.", [("Some 120 foreign nationals", "people_evacuated")]),
    ("The plane flew 95 passengers out.", [("95 passengers", "people")]),
    ("Troops took 3 Syrian towns in 2016.", []),
])
def test_should_count_people_told_by_nationality_or_as_nationals_and_passengers(text, expected):
    assert [(c.text, c.quantity) for c in find_claims(text)] == expected
