"""A data folder whose events are Parquet: loaded like CSV, problems located by row number."""

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from geo.cli import main
from geo.data import evidence, validation
from geo.errors import Problem


def _events_text(folder):
    return pd.read_csv(folder / "events.csv", dtype=str, keep_default_na=False)


def _to_parquet(folder, typed: bool = True, changes: dict | None = None) -> None:
    """Replace events.csv by events.parquet (times as UTC timestamps and small ints when ``typed``);
    ``changes`` maps (column, row) to a new cell first."""
    frame = _events_text(folder)
    for (column, row), value in (changes or {}).items():
        frame.loc[row, column] = value
    columns = {name: pa.array(frame[name].tolist()) for name in frame.columns}
    if typed:
        for name in ("start", "end"):
            columns[name] = pa.array(pd.to_datetime(frame[name].replace("", None), utc=True, format="ISO8601"))
        for name in ("time_precision", "geo_precision"):
            columns[name] = pa.array(frame[name].astype("int8"))
        columns["actors"] = pa.array([cell.split("|") if cell else [] for cell in frame["actors"]])
    pq.write_table(pa.table(columns), folder / "events.parquet")
    (folder / "events.csv").unlink()


@pytest.mark.parametrize("typed", [True, False], ids=["typed", "text"])
def test_should_load_parquet_events_as_the_same_evidence_as_csv(data_copy, shipped, typed):
    _to_parquet(data_copy, typed)
    assert validation.validate(data_copy) == []
    pd.testing.assert_frame_equal(evidence.load(data_copy).events, shipped.events)


def test_should_refuse_a_folder_with_both_event_files(data_copy):
    _to_parquet(data_copy)
    (data_copy / "events.csv").write_text("id\n", encoding="utf-8")
    assert validation.validate(data_copy)[0] == Problem(
        "events.parquet", 0, "", "both events.csv and events.parquet hold the events; keep one")


def test_should_locate_a_bad_cell_by_its_row_number(data_copy):
    _to_parquet(data_copy, changes={("place_id", 2): "nowhere", ("summary", 4): "  "})
    problems = [str(p) for p in validation.validate(data_copy)]
    assert "events.parquet:5: summary: required value is empty" in problems
    assert "events.parquet:3: place_id: 'nowhere' is not an id in gazetteer.csv" in problems


def test_should_name_the_parquet_file_in_references_to_it(data_copy):
    _to_parquet(data_copy)
    claims = (data_copy / "claims.csv").read_text(encoding="utf-8").splitlines()
    claims[1] = claims[1].replace(",e001,", ",e999,", 1)
    (data_copy / "claims.csv").write_text("\n".join(claims) + "\n", encoding="utf-8")
    assert [str(p) for p in validation.validate(data_copy)] == ["claims.csv:2: event_id: 'e999' is not an id in events.parquet"]


def test_should_refuse_times_without_a_time_zone(data_copy):
    _to_parquet(data_copy)
    table = pq.read_table(data_copy / "events.parquet")
    naive = table.set_column(1, "start", table.column("start").cast(pa.timestamp("us")))
    pq.write_table(naive, data_copy / "events.parquet")
    problems = validation.validate(data_copy)
    assert problems[0].file == "events.parquet" and problems[0].line == 1 and problems[0].column == "start"
    assert problems[0].message.startswith("expected a time with a UTC offset (a timestamp with a time zone)")


def test_should_say_what_is_missing_when_neither_event_file_is_there(data_copy):
    (data_copy / "events.csv").unlink()
    assert validation.validate(data_copy)[0].message.startswith("missing file; expected a CSV file (or events.parquet)")


def test_should_validate_a_parquet_folder_from_the_command_line(data_copy, capsys):
    _to_parquet(data_copy)
    assert main(["validate", "--data", str(data_copy)]) == 0
    assert capsys.readouterr().out.startswith(f"ok: {data_copy}")
