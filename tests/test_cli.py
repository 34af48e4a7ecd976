"""The evacmap command line, run in-process through its main()."""

import json
import re
from pathlib import Path

import pytest

from geo import cli
from geo.cli import build_parser, main
from geo.data import cases
from geo.errors import UsageError
from tests.conftest import ROOT


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_should_resolve_the_readme_example_names(capsys):
    code, out, _ = run(capsys, "resolve", "Ar-Ramouseh", "Rashedeen", "Amerriye")
    assert code == 0
    assert [json.loads(line)["id"] for line in out.splitlines()] == ["ramousah", "rashidin", "amiriyah"]


def test_should_exit_1_and_suggest_when_a_name_is_unresolved(capsys):
    code, out, _ = run(capsys, "resolve", "Rashid")
    answer = json.loads(out)
    assert code == 1
    assert answer["id"] is None and "rashidin" in answer["suggestions"]


def test_should_validate_the_shipped_data_cleanly(capsys):
    code, out, _ = run(capsys, "validate")
    assert code == 0 and out.startswith("ok:")


def test_should_exit_2_naming_file_line_and_column_for_a_broken_copy(capsys, data_copy):
    path = data_copy / "events.csv"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[3] = lines[3].replace("+00:00", "", 1)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(data_copy))
    assert code == 2
    assert out.startswith("events.csv:4: start: expected an ISO 8601 time with a UTC offset")


def test_should_exit_2_without_a_traceback_for_a_folder_that_is_not_there(capsys, tmp_path):
    code, out, err = run(capsys, "validate", str(tmp_path / "nowhere"))
    assert code == 2 and "not a folder" in out and "Traceback" not in err


def test_should_print_each_corridor_length_beside_its_claim(capsys):
    code, out, _ = run(capsys, "corridors")
    rows = {r["id"]: r for r in map(json.loads, out.splitlines())}
    assert code == 0
    assert any("21 km" in c for c in rows["aleppo_corridor"]["claimed"])
    assert rows["aleppo_corridor"]["computed_km"] > 0


def test_should_document_every_command_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = build_parser()._subparsers._group_actions[0].choices
    missing = [name for name in commands if f"evacmap {name}" not in readme]
    assert not missing


def test_should_answer_python_dash_m_geo_like_the_console_script():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "geo", "resolve", "Amerriye"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and json.loads(done.stdout)["id"] == "amiriyah"


@pytest.mark.parametrize("argv", [["resolve"], ["nonsense"], []])
def test_should_exit_2_with_usage_for_bad_arguments(capsys, argv):
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2


@pytest.mark.parametrize("command", sorted(build_parser()._subparsers._group_actions[0].choices))
def test_should_take_data_after_any_command(command):
    args = build_parser().parse_args([command, "--data", "elsewhere", *{
        "resolve": ["Aleppo"], "export": ["--format", "csv", "-o", "out.csv"], "ingest": ["r.txt", "--published", "2016-12-15"],
        "new-case": ["new", "--title", "T", "--timezone", "UTC"], "claims": ["--event", "e016", "--format", "csv"],
        "moved": ["--format", "csv"],
        "find-place": ["Goris"], "add-place": ["x", "--name", "X", "--kind", "town", "--precision-m", "1", "--note", "n"],
        "add-source": ["r.txt", "--outlet", "AP", "--published", "2016-12-15"], "accept": ["review.csv"],
        "add-party": ["x", "--label", "X", "--colour", "red"],
        "add-corridor": ["x", "--name", "X", "--from", "a", "--to", "b", "--start", "2016-12-15", "--end", "2016-12-16",
                         "--description", "d", "--source", "s"],
        "add-holding": ["x", "--party", "p", "--source", "s"],
        "add-movement": ["c001", "--scope", "group", "--direction", "left"],
        "edit-row": ["events", "e001", "--set", "type=arrival"], "remove-row": ["events", "e001", "--reason", "r"],
    }.get(command, [])])
    assert args.data == "elsewhere"


def test_should_read_the_folder_given_by_data_after_the_command(capsys, data_copy, monkeypatch):
    monkeypatch.setenv("EVACMAP_DATA", str(ROOT / "no_such_folder"))
    (data_copy / "corridors.csv").write_text((data_copy / "corridors.csv").read_text(encoding="utf-8").replace(
        "Humanitarian corridor", "Copied corridor", 1), encoding="utf-8")
    code, out, _ = run(capsys, "corridors", "--data", str(data_copy))
    assert code == 0 and "Copied corridor" in out


@pytest.mark.parametrize(("argv", "expected"), [
    ([], None), (["--data", "elsewhere"], "elsewhere"), (["--data=elsewhere"], "elsewhere"),
])
def test_should_take_the_dashboards_data_folder_from_its_options(argv, expected, monkeypatch):
    monkeypatch.delenv(cases.DATA_ENV, raising=False)
    assert cli.dashboard_folder(argv) == (Path(expected) if expected else cases.SHIPPED)


@pytest.mark.parametrize(("argv", "named"), [
    (["--data"], "--data"), (["--data="], "--data"), (["--data", "--other"], "--data"), (["--dta", "x"], "'--dta'"),
    (["x"], "'x'"),
])
def test_should_refuse_any_other_dashboard_option_naming_it(argv, named):
    with pytest.raises(UsageError, match=re.escape(named)):
        cli.dashboard_folder(argv)


def test_should_say_a_reversed_window_in_the_cases_local_time_with_its_offset(capsys, tmp_path):
    code, _, err = run(capsys, "export", "--start", "2016-12-16", "--end", "2016-12-12", "--format", "csv",
                       "-o", str(tmp_path / "x.csv"))
    assert code != 0
    assert "--end: expected a time after --start Fri 16 Dec 2016 00:00 UTC+2 (22:00 UTC), instead got '2016-12-12'" in err
