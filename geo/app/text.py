"""Data text made safe for Streamlit markdown, and lists of problems as markdown."""

from __future__ import annotations

import re
from collections.abc import Sequence

PROBLEMS_SHOWN = 20  # a bad file lists this many problems, then counts the rest
_MARKDOWN_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def markdown_literal(text: object) -> str:
    """Data text made literal for Streamlit markdown (no links, images, colours or maths).

    >>> markdown_literal("[x](http://a)")
    '\\\\[x\\\\]\\\\(http\\\\:\\\\/\\\\/a\\\\)'
    """
    return _MARKDOWN_PUNCTUATION.sub(r"\\\1", str(text))


def problem_list(problems: Sequence[object], shown: int = PROBLEMS_SHOWN) -> str:
    """Problems as a markdown list, each literal: the first ``shown`` and a count of the rest."""
    listed = "\n".join(f"- {markdown_literal(p)}" for p in problems[:shown])
    more = len(problems) - shown
    return listed + (f"\n\n… and {more:,} more problem(s)" if more > 0 else "")
