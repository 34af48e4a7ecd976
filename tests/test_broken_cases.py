"""One broken case never disables the others: a descriptor with a Latin-1 byte or nested 200,000 deep is listed
with its problem and skipped; every other case works in every command (the page beside them: tests/page/test_page_links.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from geo.app import case_choice
from geo.cli import main
from geo.data import cases, evidence, package
from tests.conftest import ROOT

CASES = ROOT / "tests" / "fixtures" / "cases"
DEPTH = 200_000


@pytest.fixture
def folder(tmp_path) -> Path:
    return write_cases(tmp_path)


def write_cases(folder: Path) -> Path:
    """Into ``folder``: the two fixture cases (winter is the default), and two broken ones: "latin" (a Latin-1 byte
    in its descriptor) and "deep" (a descriptor nested 200,000 deep)."""
    for case in ("fixture-winter", "fixture-spring"):
        shutil.copytree(CASES / case, folder / case)
    for name in ("latin", "deep"):
        shutil.copytree(CASES / "fixture-spring", folder / name)
    latin = folder / "latin" / package.DESCRIPTOR
    latin.write_bytes(latin.read_bytes().replace(b'"title": "', b'"title": "Caf\xe9 ', 1))
    (folder / "deep" / package.DESCRIPTOR).write_text("[" * DEPTH + "]" * DEPTH, encoding="utf-8")
    return folder


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_should_name_the_byte_and_its_offset_of_a_descriptor_that_is_not_utf8(folder):
    raw = (folder / "latin" / package.DESCRIPTOR).read_bytes()
    offset = raw.index(b"\xe9")
    _, _, problems = package.read_descriptor(folder / "latin" / package.DESCRIPTOR)
    assert [(p.file, p.line) for p in problems] == [(package.DESCRIPTOR, raw.count(b"\n", 0, offset) + 1)]
    assert f"byte 0xe9 at offset {offset} is not UTF-8" in problems[0].message


def test_should_refuse_a_descriptor_nested_too_deep_before_parsing_it(folder):
    _, _, problems = package.read_descriptor(folder / "deep" / package.DESCRIPTOR)
    assert len(problems) == 1 and f"nested {DEPTH:,} levels deep" in problems[0].message


def test_should_read_brackets_inside_strings_as_text_not_nesting(tmp_path):
    path = tmp_path / package.DESCRIPTOR
    path.write_text(json.dumps({"name": "x", "note": "[" * 1000 + '\\"{' * 1000}), encoding="utf-8")
    described, _, problems = package.read_descriptor(path)
    assert problems == [] and described["note"].startswith("[[[")


def test_should_list_the_broken_cases_with_their_problems_and_the_others_as_usual(folder, capsys):
    code, out, _ = run(capsys, "--data", str(folder), "cases")
    listed = {line["id"]: line for line in map(json.loads, out.splitlines())}
    assert code == 2
    assert listed["fixture-winter"]["events"] > 0 and listed["fixture-spring"]["events"] > 0
    assert "not UTF-8" in listed["latin"]["problems"][0]
    assert "levels deep" in listed["deep"]["problems"][0]


def test_should_validate_every_good_case_and_report_each_broken_one(folder, capsys):
    code, out, _ = run(capsys, "validate", str(folder))
    assert code == 2
    assert f"ok: {folder / 'fixture-winter'}:" in out and f"ok: {folder / 'fixture-spring'}:" in out
    assert "latin/datapackage.json:" in out and "deep/datapackage.json:1:" in out


@pytest.mark.parametrize("argv", [[], ["--case", "fixture-spring"]])
def test_should_run_commands_on_a_good_case_beside_broken_ones(folder, capsys, argv):
    code, out, err = run(capsys, "--data", str(folder), *argv, "corridors")
    assert code == 0 and out and not err


@pytest.mark.parametrize("broken", ["latin", "deep"])
def test_should_say_what_is_wrong_with_a_broken_case_when_asked_for_it(folder, capsys, broken):
    code, out, err = run(capsys, "--data", str(folder), "--case", broken, "corridors")
    assert code == 2 and not out and err.startswith("evacmap corridors: datapackage.json:")
    assert len(err.strip().splitlines()) == 1


def test_should_never_pick_a_broken_case_as_the_default_and_mark_it_in_the_picker(folder):
    chosen = case_choice.choose(folder, {})
    assert chosen.id == "fixture-winter" and set(chosen.ids) == {"fixture-winter", "fixture-spring", "latin", "deep"}
    assert chosen.label("latin") == "latin (cannot be opened)" and chosen.label("fixture-spring") == "fixture-spring"
    assert [f.id for f in cases.find(folder) if f.problems] == ["deep", "latin"]
    assert evidence.load(folder, "fixture-spring").case.id == "fixture-spring"
