"""A case folder written before issue 19 renamed its files and properties: ``control.csv`` (now
``holdings.csv``, the ``control`` resource now ``holdings``) and the descriptor's ``evacmap.frame`` (now
``evacmap.opening_view``) still load, each with one logged warning; ``evacmap package`` writes the new names."""

import csv
import json
import logging
import shutil

import pytest

from geo.cli import main
from geo.data import evidence
from geo.errors import DataFileError
from tests.conftest import SHIPPED

OLD_FILE, NEW_FILE = "control.csv", "holdings.csv"


@pytest.fixture
def old_case(tmp_path):
    """The shipped case as it was written before the renames: its holdings in control.csv, described as the
    ``control`` resource, and its opening view under the descriptor's ``frame``."""
    folder = tmp_path / "old"
    shutil.copytree(SHIPPED, folder)
    (folder / NEW_FILE).rename(folder / OLD_FILE)
    described = json.loads((folder / "datapackage.json").read_text(encoding="utf-8"))
    for resource in described["resources"]:
        if resource["name"] == "holdings":
            resource["name"], resource["path"] = "control", OLD_FILE
    described["evacmap"] = {("frame" if k == "opening_view" else k): v for k, v in described["evacmap"].items()}
    (folder / "datapackage.json").write_text(json.dumps(described, ensure_ascii=False, indent=2) + "\n",
                                             encoding="utf-8")
    return folder


def _rows(path):
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _warnings(caplog):
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING and r.name.startswith("geo")]


def test_should_load_a_folder_written_before_the_renames_with_one_warning_for_each_old_name(old_case, caplog):
    spans = _rows(old_case / OLD_FILE)
    box = json.loads((SHIPPED / "datapackage.json").read_text(encoding="utf-8"))["evacmap"]["opening_view"]
    with caplog.at_level(logging.WARNING, logger="geo"):
        loaded = evidence.load(old_case)
    assert [(h.place_id, h.side, h.source_id) for h in loaded.holdings] == [
        (r["place_id"], r["side"], r["source_id"]) for r in spans]
    assert loaded.case.opening_view == ((box["south"], box["west"]), (box["north"], box["east"]))
    found = _warnings(caplog)
    assert len(found) == 2, found
    assert sum(str(old_case / OLD_FILE) in w and NEW_FILE in w for w in found) == 1
    assert sum("'frame'" in w and "'opening_view'" in w for w in found) == 1


def test_should_name_a_problem_in_the_old_file_by_the_old_name(old_case):
    with open(old_case / OLD_FILE, "a", encoding="utf-8") as f:
        f.write("nowhere_at_all,government,,,reuters_20161215,\n")
    line = len(_rows(old_case / OLD_FILE)) + 1  # the header is line 1
    with pytest.raises(DataFileError) as raised:
        evidence.load(old_case)
    assert [(p.file, p.line, p.column) for p in raised.value.problems] == [(OLD_FILE, line, "place_id")]


def test_should_refuse_a_folder_holding_both_the_old_and_the_new_name(old_case):
    shutil.copyfile(old_case / OLD_FILE, old_case / NEW_FILE)
    with pytest.raises(DataFileError) as raised:
        evidence.load(old_case)
    [problem] = raised.value.problems
    assert problem.file == OLD_FILE and NEW_FILE in problem.message


def test_should_give_the_old_file_and_property_their_new_names_when_packaged(old_case, capsys, caplog):
    before = (old_case / OLD_FILE).read_bytes()
    assert main(["package", "--data", str(old_case)]) == 0
    assert f"renamed {old_case / OLD_FILE} to {NEW_FILE}" in capsys.readouterr().out
    assert not (old_case / OLD_FILE).exists() and (old_case / NEW_FILE).read_bytes() == before
    described = json.loads((old_case / "datapackage.json").read_text(encoding="utf-8"))
    assert [(r["name"], r["path"]) for r in described["resources"] if r["path"] == NEW_FILE] == [("holdings", NEW_FILE)]
    assert not [r for r in described["resources"] if r["name"] == "control" or r["path"] == OLD_FILE]
    assert "frame" not in described["evacmap"] and "opening_view" in described["evacmap"]
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="geo"):
        evidence.load(old_case)
    assert _warnings(caplog) == []


def test_should_write_the_new_names_when_validating_an_old_folder(old_case, capsys):
    spans = _rows(old_case / OLD_FILE)
    assert main(["validate", str(old_case)]) == 0
    assert f"{len(spans)} holding spans" in capsys.readouterr().out
