"""Tests mirror the code: each module of geo/ and panels/ with behaviour of its own (a function or method) has a test
file named for it, or is in LEFT below with the reason it has none yet.

A test file is named for geo/x/stem.py when it is tests/test_stem.py, tests/test_x_stem.py (as tests/test_ingest_blasts.py
for geo/ingest/blasts.py), or, under tests/page/ or tests/browser/, test_stem.py or test_page_stem.py. LEFT only shrinks:
a new module without a test file fails here, and so does an entry whose module now has one or is gone.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("geo", "panels")

LEFT = {  # module: why it has no test file named for it
    "geo.app.case_choice": "covered in test_cases.py, with geo.data.cases, and test_links.py",
    "geo.app.listings": "covered across 5 test files, e.g. test_merge.py",
    "geo.case": "covered in test_case_country.py, test_dates_that_end.py",
    "geo.claims": "covered in test_export.py, test_ledger.py, test_popups.py",
    "geo.cli.commands": "driven through geo.cli.main in test_cli.py and the command tests",
    "geo.cli.parser": "driven through geo.cli.main in test_cli.py",
    "geo.cli.places": "driven through geo.cli.main in test_place_cli.py",
    "geo.data.cells": "covered in test_datafiles.py, test_properties.py",
    "geo.data.movement_checks": "reached through geo.data.validation (test_schema.py, test_bad_inputs.py)",
    "geo.data.readfile": "covered in test_files_as_files.py",
    "geo.data.shared": "reached through the command line (test_cli.py)",
    "geo.data.tablefile": "covered across 8 test files, e.g. test_bad_inputs.py",
    "geo.data.validation": "covered across 26 test files, e.g. browser/test_hostile_text.py",
    "geo.errors": "covered across 29 test files, e.g. browser/test_animation.py",
    "geo.export.acled": "reached through geo.export.formats (test_export.py)",
    "geo.export.formats": "reached through geo.export (test_export.py)",
    "geo.export.hxl": "covered in test_moved.py",
    "geo.export.mapfile": "covered across 10 test files, e.g. browser/test_animation.py",
    "geo.export.moved_chart": "covered in test_moved.py",
    "geo.ingest.alternation": "reached through geo.ingest.reading and references (test_ingest*.py)",
    "geo.ingest.candidates": "covered in test_ingest.py, test_scoring.py",
    "geo.ingest.sentence_dates": "covered in test_dates.py (each sentence's dates, counted from the one before)",
    "geo.ingest.carrying": "covered in test_ingest.py, test_ingest_story_place.py",
    "geo.ingest.claimant_scoring": "covered in test_scoring.py",
    "geo.ingest.cleaning": "covered across 4 test files, e.g. test_ingest.py",
    "geo.ingest.clock": "reached through geo.ingest.dates (test_dates.py)",
    "geo.ingest.kinds": "reached through geo.ingest.report (test_ingest*.py)",
    "geo.ingest.leads": "reached through geo.ingest.report (test_ingest*.py)",
    "geo.ingest.reading": "covered in test_ingest.py, test_ingest_blasts.py",
    "geo.ingest.report": "covered across 16 test files, e.g. test_ingest.py",
    "geo.ingest.grading": "covered in test_scoring.py, with the command that prints its figures",
    "geo.ingest.report_sets": "covered in test_ingest.py, test_scoring.py",
    "geo.ingest.scene": "reached through geo.ingest.implied (test_ingest_implied.py)",
    "geo.ingest.since": "reached through geo.ingest.dates and ongoing (test_dates.py, test_ingest_ongoing.py)",
    "geo.ingest.speakers": "reached through geo.ingest.claimants (test_ingest_claimants.py)",
    "geo.ingest.triggers": "covered in test_ingest.py, test_ingest_clauses.py, test_ingest_lexicon.py",
    "geo.ledger.book": "reached through geo.ledger (test_ledger.py)",
    "geo.ledger.entries": "covered in test_ledger.py",
    "geo.map.build": "covered across 12 test files, e.g. browser/test_map_scales.py",
    "geo.map.clickmap": "reached through panels.new_place (page/test_page_new_place.py)",
    "geo.map.escape": "covered in test_run_selection.py",
    "geo.map.event_layer": "reached through geo.map.build (test_mapview.py, test_maplayers.py)",
    "geo.map.fit": "covered in test_mapview.py, test_opening.py",
    "geo.map.glyphs": "covered in test_mapview.py",
    "geo.map.inset": "covered in browser/test_map_scales.py, test_inset_names.py",
    "geo.map.layers": "covered in page/test_page_panels.py, test_maplayers.py",
    "geo.map.playback_control": "reached through the map's playback (test_playback.py, browser tests)",
    "geo.map.ready": "covered in test_selection.py",
    "geo.map.steps": "covered in browser/test_animation.py, browser/test_playback.py, test_playback.py",
    "geo.map.style": "covered in test_mapview.py, test_schema.py",
    "geo.movements": "covered in test_ledger.py",
    "geo.times": "covered across 10 test files, e.g. page/test_page.py",
    "geo.workbench.reading": "reached through geo.app.review (test_review.py)",
    "panels.add_reports": "covered in browser/test_workbench.py, page/test_page.py, page/test_page_review.py",
    "panels.as_known_on": "drawn in the page runs (page/test_page.py)",
    "panels.below_map": "covered across 4 test files, e.g. browser/test_claim_history.py",
    "panels.case_picker": "drawn in the page runs (page/test_page.py)",
    "panels.details": "covered in page/test_page.py",
    "panels.events_file": "covered in page/test_page_panels.py",
    "panels.find_place": "covered in page/test_page_new_place.py, page/test_page_panels.py",
    "panels.map_channel": "reached through geo.app.messages and geo.map.channel (test_messages.py, test_channel.py)",
    "panels.staged": "covered in browser/test_map_first.py, page/test_page.py, page/test_page_links.py",
}


def modules() -> dict[str, Path]:
    """Each module of geo/ and panels/ by dotted name, without package and entry files."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.stem not in ("__init__", "__main__"):
                found[".".join(path.relative_to(ROOT).with_suffix("").parts)] = path
    return found


def has_behaviour(path: Path) -> bool:
    """Whether a module defines a function or method (declarations alone have nothing of their own to test)."""
    return any(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) for node in ast.walk(ast.parse(path.read_text())))


def paths_of_test_files() -> set[str]:
    """Each test file's path under tests/."""
    return {path.relative_to(ROOT / "tests").as_posix() for path in (ROOT / "tests").rglob("test_*.py")}


def named_for(dotted: str, names: set[str]) -> bool:
    """Whether one of the test files is named for the module."""
    parts = dotted.split(".")
    stem, parent = parts[-1], parts[-2]
    wanted = {f"test_{stem}.py", f"test_{parent}_{stem}.py"}
    wanted |= {f"{layer}/{name}" for layer in ("page", "browser") for name in (f"test_{stem}.py", f"test_page_{stem}.py")}
    return bool(wanted & names)


def without_a_test_file() -> set[str]:
    names = paths_of_test_files()
    return {dotted for dotted, path in modules().items() if has_behaviour(path) and not named_for(dotted, names)}


def test_should_give_every_module_with_behaviour_a_test_file_or_a_reason():
    missing = without_a_test_file() - LEFT.keys()
    assert not missing, f"modules with behaviour of their own and no tests/test_<module>.py: {sorted(missing)}"


def test_should_only_shrink_the_list_of_modules_left():
    stale = LEFT.keys() - without_a_test_file()
    assert not stale, f"these now have a test file named for them, or are gone; take them out of LEFT: {sorted(stale)}"


def test_should_give_each_module_left_a_reason():
    assert all(len(reason.split()) >= 2 for reason in LEFT.values())


def test_should_count_a_module_by_its_own_name_or_its_package_and_name():
    names = {"test_blasts.py", "test_ingest_clauses.py", "page/test_page_add_source.py"}
    assert named_for("geo.ingest.blasts", names)
    assert named_for("geo.ingest.clauses", names)
    assert named_for("panels.add_source", names)
    assert not named_for("geo.ingest.report", names)
    assert not named_for("geo.map.clauses_extra", names)
