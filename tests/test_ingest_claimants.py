"""Who gives a figure (geo.ingest.claimants): a person, body or outlet named as its source, never a time phrase,
a clause or a thing."""

from datetime import date

import pytest

from geo.ingest import ingest_text, lexicon
from geo.ingest.claimants import attribution
from tests.conftest import ZONE


@pytest.mark.parametrize(("sentence", "claimant"), [
    ("Earlier on Saturday, officials said 200 people had left.", "officials"),
    ("Earlier on Saturday, it said 200 people had left.", None),
    ("On Saturday, activists said 200 people had left.", "activists"),
    ("However, the ministry said 40 buses left.", "ministry"),
    ("The message said 300 people were waiting.", None),
    ("The seaside steel mill said 100 people remain.", None),
    ("About 100 civilians are still in the seaside steel mill, said the mayor.", "mayor"),
    ("The Syrian Observatory for Human Rights, a Britain-based monitor, said 8,500 people had left.",
     "Syrian Observatory for Human Rights"),
    ("Russia, a major ally of Assad, said 300 people left.", "Russia"),
    ("The convoy drove from Ramousah, a Reuters reporter on the scene said.", "Reuters reporter on the scene"),
    ("Aid workers counted more than 300 people waiting.", "Aid workers"),
    ("In Idlib, 40 buses arrived, the defence ministry said.", "defence ministry"),
    ("Buses left the city where the sources said 40 people waited.", None),
    ("\"Thousands need help,\" said Jan Egeland, the U.N. humanitarian adviser.", "Jan Egeland"),
    ("More than 9,000 people have been flown out, according to the U.S.", "U.S."),
    ("More than 9,000 people have been flown out, according to the U.S. military.", "U.S. military"),
    ("The port's director tweeted that 128 people had landed.", "port's director"),
    ("As quoted by a state broadcaster, the ferry carried 900 people.", "state broadcaster"),
    ("Aid groups say an estimated 40,000 people remain in the city.", "Aid groups"),
])
def test_should_name_a_person_body_or_outlet_as_claimant_and_nothing_else(sentence, claimant):
    assert attribution(sentence) == claimant


def test_should_give_a_figure_a_ministry_gives_to_the_ministry_not_the_outlet(gazetteer):
    text = "Earlier on Saturday, the defence ministry said 1,200 people had left Madaya. Buses reached Idlib."
    report = ingest_text(text, date(2016, 12, 17), "Wire", gazetteer, zone=ZONE)
    assert [(c.text, c.claimed_by) for c in report.claims] == [("1,200 people", "defence ministry")]


def test_should_give_a_figure_no_one_is_named_for_to_the_outlet(gazetteer):
    report = ingest_text("Earlier on Saturday, 40 buses left Madaya.", date(2016, 12, 17), "Wire", gazetteer, zone=ZONE)
    assert [c.claimed_by for c in report.claims] == ["Wire (own reporting)"]


@pytest.mark.parametrize("name", sorted(lexicon.claimant_words()))
def test_should_give_each_claimant_word_lists_example_its_claimant(name):
    listed = lexicon.claimant_words()[name]
    assert listed.words and attribution(listed.example) == listed.claimant
