"""Data text shown literally in Streamlit markdown, and problem lists."""

from __future__ import annotations

from geo.app.text import markdown_literal, problem_list


def test_should_escape_every_markdown_punctuation_mark():
    assert markdown_literal("[a](javascript:x) *b* $c$ :red[d]") == (
        r"\[a\]\(javascript\:x\) \*b\* \$c\$ \:red\[d\]")


def test_should_leave_letters_digits_spaces_and_arabic_alone():
    assert markdown_literal("Bus 12 الراموسة") == "Bus 12 الراموسة"


def test_should_list_the_first_problems_and_count_the_rest():
    listed = problem_list([f"f.csv:{n}: id: bad" for n in range(1, 8)], shown=5)
    assert listed.splitlines()[:5] == [rf"- f\.csv\:{n}\: id\: bad" for n in range(1, 6)]
    assert listed.endswith("\n\n… and 2 more problem(s)")


def test_should_list_all_problems_when_they_fit():
    assert problem_list(["one", "two"], shown=2) == "- one\n- two"
