"""Every error evacmap raises on purpose.

Each class also inherits the builtin a caller would naturally catch, in the
manner of ``geopy.exc``: ``except LookupError`` catches :class:`UnknownPlace`.
"""

from __future__ import annotations

from dataclasses import dataclass


class GeoError(Exception):
    """Root of every evacmap error."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a data file, located as ``FILE:LINE: column: message``.

    ``line`` is the 1-based line of the file (the header is line 1), or 0 when the
    problem is about the whole file.
    """

    file: str
    line: int
    column: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        column = f" {self.column}:" if self.column else ""
        return f"{where}:{column} {self.message}"


class DataFileError(GeoError, ValueError):
    """A data file (or a folder of them) does not follow its documented schema."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        if not self.problems:
            raise ValueError("DataFileError needs at least one problem")
        shown = "\n".join(str(p) for p in self.problems[:20])
        more = len(self.problems) - 20
        if more > 0:
            shown += f"\n... and {more} more problem(s)"
        super().__init__(shown)


class UnknownPlace(GeoError, LookupError):
    """A place name or id the gazetteer cannot resolve."""

    def __init__(self, query: str, suggestions: tuple[str, ...] = ()):
        self.query = query
        self.suggestions = suggestions
        hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
        super().__init__(f"unknown place {query!r}{hint}")


class ViewError(GeoError, ValueError):
    """A filter value (time window, type, source, place, event) is not valid."""

    def __init__(self, parameter: str, value: object, expected: str):
        self.parameter = parameter
        self.value = value
        self.expected = expected
        super().__init__(f"{parameter}: expected {expected}, instead got {value!r}")


class UsageError(GeoError, ValueError):
    """A command-line option is unknown or lacks its value."""


class IngestError(GeoError, ValueError):
    """Report text or its metadata cannot be ingested."""


class ExportError(GeoError, RuntimeError):
    """An export could not be written (target exists, no browser, ...)."""


class GeocoderUnavailable(GeoError, ConnectionError):
    """The optional online geocoder could not be reached or refused the query."""
