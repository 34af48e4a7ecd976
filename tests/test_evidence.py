"""The shipped evidence base is clean, and broken copies name file, line and column."""

import csv
from pathlib import Path

import pytest

from geo.data import evidence, validation
from geo.errors import DataFileError, Problem
from tests import csv_rows


def rewrite(path: Path, row_index: int, column: str, value: str) -> int:
    """Set one cell of a CSV file; returns the file line the row is on."""
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
        fields = list(rows[0].keys())
    rows[row_index][column] = value
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    return row_index + 2


def test_should_find_no_problem_in_the_shipped_data():
    assert validation.validate() == []


def test_should_load_every_file_of_the_shipped_data(shipped):
    assert len(shipped.gazetteer) >= 22
    assert len(shipped.events) >= 20
    assert len(shipped.claims) >= 25
    assert len(shipped.corridors) >= 3
    assert len(shipped.sources) == 14  # the five shared reports and nine stored copies for 16-22 December


def test_should_store_every_event_time_in_utc(shipped):
    assert str(shipped.events["start"].dt.tz) == "UTC"


def test_should_place_no_event_at_a_context_place(shipped):
    context = {p.id for p in shipped.gazetteer if p.is_context}
    assert {"moscow", "damascus", "palmyra"} <= context
    assert not set(shipped.events["place_id"]) & context


def test_should_cite_a_coordinate_source_for_every_place(shipped):
    for place in shipped.gazetteer:
        assert place.coord_source.strip() and place.coord_source_url.startswith("http"), place.id


def test_should_keep_disagreeing_claims_side_by_side(shipped):
    evacuated = shipped.claims.loc[shipped.claims["quantity"] == "people_evacuated"]
    claimants = set(evacuated["claimed_by"])
    assert len(claimants) >= 3, claimants


@pytest.mark.parametrize(
    ("file", "row", "column", "value", "message"),
    [
        ("events.csv", 2, "start", "2016-12-15 10:00", "UTC offset"),
        ("events.csv", 3, "start", "2016-02-30T10:00:00+00:00", "real ISO 8601"),
        ("events.csv", 0, "place_id", "atlantis", "'atlantis' is not an id in gazetteer.csv"),
        ("events.csv", 1, "time_precision", "7", "from 1 to 3"),
        ("events.csv", 4, "sources", "reuters;rt", "separated by '|'"),
        ("events.csv", 1, "id", "e001", "duplicate id"),
        ("events.csv", 5, "place_id", "moscow", "context place"),
        ("gazetteer.csv", 2, "lat", "123.4", "from -90 to 90"),
        ("gazetteer.csv", 2, "lon", "nan", "expected a number"),
        ("gazetteer.csv", 3, "kind", "planet", "expected one of"),
        ("claims.csv", 0, "event_id", "e999", "'e999' is not an id in events.csv"),
        ("claims.csv", 1, "low", "", "qualifier 'range' needs both low and high"),
        ("corridors.csv", 0, "active_until", "2016-12-01T00:00:00+00:00", "before active_from"),
        ("sources.csv", 0, "published", "15/12/2016", "YYYY-MM-DD"),
    ],
)
def test_should_name_file_line_and_column_of_a_broken_cell(data_copy, file, row, column, value, message):
    if "range" in message:
        rewrite(data_copy / file, row, "qualifier", "range")
    line = rewrite(data_copy / file, row, column, value)
    problems = validation.validate(data_copy)
    matching = [p for p in problems if (p.file, p.line, p.column) == (file, line, column)]
    assert matching, problems
    assert any(message in p.message for p in matching), matching


def test_should_name_a_missing_column(data_copy):
    path = data_copy / "claims.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] = lines[0].replace("claimed_by", "said_by")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    problems = validation.validate(data_copy)
    assert Problem("claims.csv", 1, "claimed_by", "missing column") in problems


def test_should_name_a_missing_file(data_copy):
    (data_copy / "corridors.csv").unlink()
    problems = validation.validate(data_copy)
    assert [p.file for p in problems] == ["corridors.csv"]


def test_should_raise_one_error_listing_every_problem_on_load(data_copy):
    rewrite(data_copy / "events.csv", 0, "place_id", "atlantis")
    rewrite(data_copy / "gazetteer.csv", 0, "lat", "-100")
    with pytest.raises(DataFileError) as caught:
        evidence.load(data_copy)
    assert len(caught.value.problems) == 2
    assert isinstance(caught.value, ValueError)


def test_should_print_problems_as_file_line_column_message():
    assert str(Problem("events.csv", 7, "start", "bad")) == "events.csv:7: start: bad"


def _csv_rows(name: str) -> list[dict[str, str]]:
    return csv_rows.rows(name)


def test_should_build_one_claim_per_claims_csv_row_with_its_cells(shipped):
    expected = [(r["id"], r["event_id"], r["quantity"], r["qualifier"], r["unit"], r["claimed_by"], r["source_id"],
                 *(float(r[k]) if r[k] else None for k in ("value", "low", "high")), r["note"])
                for r in _csv_rows("claims.csv")]
    got = [(c.id, c.event_id, c.quantity, c.qualifier, c.unit, c.claimed_by, c.source_id, c.value, c.low, c.high, c.note)
           for c in shipped.claims_of()]
    assert got == expected


def test_should_build_claims_of_rows_in_the_order_given(shipped):
    backwards = shipped.claims.iloc[::-1]
    assert [c.id for c in shipped.claims_of(backwards)] == [r["id"] for r in reversed(_csv_rows("claims.csv"))]


def test_should_build_one_event_per_events_csv_row_with_its_cells(shipped):
    from datetime import datetime

    def split(cell: str) -> tuple[str, ...]:
        return tuple(item.strip() for item in cell.split("|") if item.strip())

    rows = {r["id"]: r for r in _csv_rows("events.csv")}
    events = {e.id: e for e in shipped.events_of()}
    assert set(events) == set(rows)
    for event_id, r in rows.items():
        event = events[event_id]
        assert (event.start, event.end) == (datetime.fromisoformat(r["start"]),
                                            datetime.fromisoformat(r["end"]) if r["end"] else None), event_id
        assert (event.time_precision, event.geo_precision) == (int(r["time_precision"]), int(r["geo_precision"]))
        assert (event.place_id, event.type, event.summary) == (r["place_id"], r["type"], r["summary"])
        assert (event.actors, event.sources) == (split(r["actors"]), split(r["sources"]))
