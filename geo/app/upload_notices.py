"""What the page says about an events file a visitor added (:func:`geo.data.merge.add_events`), and which evidence
it shows: the loaded data with the file's events when the file is clean, else the loaded data alone.

Each line is a (level, Markdown) pair, level one of ``success``, ``warning``, ``error``; every text from the file
is literal (:func:`geo.app.text.markdown_literal`).
"""

from __future__ import annotations

from geo.app.text import markdown_literal, problem_list
from geo.data.evidence import Evidence
from geo.data.merge import Upload
from geo.data.uploads import total


def shown(upload: Upload, loaded: Evidence) -> Evidence:
    """The evidence the page shows with this file: the file's events added, or none of them if it has a problem."""
    return loaded if upload.problems or upload.evidence is None else upload.evidence


def said(upload: Upload) -> tuple[tuple[str, str], ...]:
    """What the page says about the file: every problem that refused it, or its notes and how many events it added."""
    name = markdown_literal(upload.file)
    if upload.problems:
        return (("error", f"{name} was not added: {total(upload.problems):,} problem(s). The map shows the loaded data."
                          "\n\n" + problem_list(upload.problems)),)
    lines = []
    if upload.new_sources:
        lines.append(("warning", markdown_literal(
            f"{upload.file} cites source ids not in sources.csv: {', '.join(upload.new_sources)}. Its events are "
            "shown citing them as not registered; add them to sources.csv with each report's outlet and date.")))
    if upload.notes:
        lines.append(("warning", f"{len(upload.notes):,} note(s) on {name}:\n\n" + problem_list(upload.notes)))
    lines.append(("success", markdown_literal(f"{upload.added:,} event(s) added from {upload.file} for this session; "
                                              "the data folder is unchanged.")))
    return tuple(lines)
