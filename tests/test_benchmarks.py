"""The benchmark tools at tiny sizes: synth.py writes valid folders, run.py's steps (one module each) and report work.

Speed is measured by ``benchmarks/run.py``, never asserted here.
"""

import pandas as pd
import pytest

from benchmarks import apps, browser, cli_speed, common, library, playback, run, synth
from geo.data import cases, evidence, validation


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """A synthetic folder of 400 events, events as CSV."""
    return synth.write(tmp_path_factory.mktemp("synth") / "csv", 400, seed=7)


def test_should_write_a_folder_that_validates_cleanly(small):
    assert validation.validate(small) == []
    loaded = evidence.load(small)
    assert len(loaded.events) == 400
    assert len(loaded.claims) > 0 and len(loaded.corridors) == 12


def test_should_write_events_as_parquet_that_load_like_the_csv(small, tmp_path):
    parquet = synth.write(tmp_path / "parquet", 400, seed=7, fmt="parquet")
    assert not (parquet / "events.csv").exists()
    assert validation.validate(parquet) == []
    pd.testing.assert_frame_equal(evidence.load(parquet).events, evidence.load(small).events)


def test_should_write_the_same_folder_for_the_same_seed(small, tmp_path):
    again = synth.write(tmp_path / "again", 400, seed=7)
    for name in ("events.csv", "claims.csv", "gazetteer.csv", "corridors.csv"):
        assert (again / name).read_bytes() == (small / name).read_bytes()


def test_should_spread_events_over_the_months_around_the_shipped_places(small):
    loaded = evidence.load(small)
    days = loaded.events["start"].dt.tz_convert("Asia/Damascus").dt.month.nunique()
    assert days == 12
    synthetic = [p for p in loaded.gazetteer if p.id.startswith("syn_")]
    assert synthetic and all(p.parent in loaded.gazetteer for p in synthetic)
    assert loaded.events["place_id"].nunique() > 20


def test_should_refuse_a_size_below_one(tmp_path):
    with pytest.raises(ValueError, match="--events: expected at least 1"):
        synth.write(tmp_path, 0)


def test_should_measure_evacmap_and_the_baseline_at_a_tiny_size(small):
    ours = library.measure_ours(small, repeat=1)
    base = library.measure_baseline(small, repeat=1)
    for figures in (ours, base):
        assert figures["shown_all"] == 400 and figures["map_all_mb"] > 0 and figures["peak_mb"] > 0
        assert 0 < figures["filter_day_s"] < 60
    assert ours["shown_day"] == base["shown_day"]


def test_should_measure_the_dashboard_rerun_and_what_it_sends(small, monkeypatch):
    monkeypatch.setenv(cases.DATA_ENV, str(small))  # measure_dashboard sets it; this puts it back afterwards
    figures = apps.measure_dashboard(small, repeat=1)
    assert figures["rerun_day_s"] > 0 and figures["rerun_all_mb"] > 0


def test_should_report_each_target_with_its_figure_and_whether_it_is_met():
    ours = {"rerun_day_s": 0.2, "rerun_all_s": 0.3, "rerun_type_s": 0.1, "sent_mb": 1.0, "map_all_s": 0.1,
            "map_all_mb": 0.5, "load_s": 1.0, "peak_mb": 900.0}
    base = {"rerun_all_s": 9.0, "map_all_s": 1.0}
    text = run.report({10_000: (ours, base), 100_000: (dict(ours, rerun_all_s=0.7), {})}, {"cpu": "test cpu"},
                      "today", 60)
    assert "| dashboard rerun after a filter change (slowest of the three) ≤ 0.5 s | 100,000 | 0.7 s | **no** |" in text
    assert "| ≥ 20× faster than the baseline: dashboard rerun, slider to full range | 10,000 | 30.0× | yes |" in text
    assert "| ≥ 20× faster than the baseline: map build + render, full range | 10,000 | 10.0× | **no** |" in text
    assert "- cpu: test cpu" in text and common.COMMAND in text


def test_should_hold_the_csv_load_to_the_peak_memory_target_and_show_its_peak():
    ours = {"peak_mb": 900.0, "dashboard_peak_mb": 800.0, "exports_peak_mb": 850.0, "peak_csv_mb": 2310.0}
    text = run.report({1_000_000: (ours, {})}, {"cpu": "test cpu"}, "today", 60)
    target = "peak memory ≤ 1.5 GiB (library, dashboard, full-range exports, load from CSV)"
    assert f"| {target} | 1,000,000 | 2,310 MiB | **no** |" in text
    assert "| peak memory: load (events as CSV) | 2,310 MiB |" in text


def test_should_rewrite_only_the_playback_section_of_the_results(tmp_path):
    results = tmp_path / "RESULTS.md"
    results.write_text("# Benchmarks\n\n## Targets\n\nkept\n", encoding="utf-8")
    figures = {"playback_step": {"step_median_ms": 20.0}, "playback_payload": {"page_mb": 4.0}, "animation": {}}
    for _ in range(2):
        playback.write_playback_section(playback.playback_section(figures, "today"), results)
    text = results.read_text(encoding="utf-8")
    assert text.startswith("# Benchmarks\n\n## Targets\n\nkept\n\n## Playback")
    assert text.count(playback.PLAYBACK_HEADING) == 1
    assert "| 20 ms | 50 ms | yes |" in text and "| 4 MB | 3 MB | NO |" in text and "| – | 30 s | – |" in text


def test_should_set_the_first_marker_beside_the_hand_written_page_and_the_floor_and_judge_the_new_reader():
    figures = {key: 1.0 for key, *_ in browser.MILESTONES} | {
        "marker_s": 1.9, "marker_best_s": 1.7, "baseline_marker_s": 2.4, "baseline_marker_best_s": 2.2,
        "floor_marker_s": 1.6, "floor_marker_best_s": 1.5, "revisit_marker_s": 1.2, "revisit_marker_best_s": 1.1,
        "load_average": 0.5}
    text = "\n".join(browser.first_marker_section(figures))
    assert "| 1.90 s (1.70 s) |" in text and "| 2.40 s (2.20 s) |" in text and "| 1.60 s (1.50 s) |" in text
    assert "| 1.20 s (1.10 s) |" in text
    assert text.rstrip().endswith("Target met (new reader, median): no.")  # 1.9 s > 1.5 s, whatever the revisit
    assert browser.first_marker_section(figures | {"marker_s": 1.5})[-2].endswith(": yes.")


def test_should_write_the_command_lines_section_before_the_first_marker_and_replace_it_later(tmp_path):
    results = tmp_path / "RESULTS.md"
    results.write_text("# Benchmarks\n\n## Targets\n\nrows\n\n## First marker on the shipped data\n\nlast\n", encoding="utf-8")
    figures = {name: {"median_s": 0.2, "best_s": 0.1, "cpu_median_s": 0.1, "imported": []} for name in cli_speed.TARGETS_S}
    cli_speed.write_section(cli_speed.section(figures, 3), results)
    cli_speed.write_section(cli_speed.section(figures, 5), results)
    text = results.read_text(encoding="utf-8")
    assert text.count(cli_speed.HEADING) == 1 and "--repeat 5" in text and "--repeat 3" not in text
    assert text.index("## Targets") < text.index(cli_speed.HEADING) < text.index("## First marker") < text.index("last")


def test_should_build_each_hostile_probe_under_the_upload_caps_it_tests():
    import math

    from benchmarks import hostile_requests
    from geo.app import review
    from geo.data import uploads

    for probe in hostile_requests.PROBES.values():
        files = probe.files()
        reports = math.ceil(review.REQUEST_BYTES / 2**20) * 2**20  # the reports' uploader cap, in whole MB
        cap = uploads.MAX_UPLOAD_BYTES if probe.uploader == hostile_requests.EVENTS_UPLOADER else reports
        assert files and all(len(data) < cap - 1000 for _, data in files), probe.name  # room for the multipart head
