"""Ingest says what it did: a headline is a short first line, never a whole report; empty input is refused with
a message; files, pipes and devices are read only up to a limit."""

from __future__ import annotations

import json
import os
import threading
from datetime import date
from pathlib import Path

import pytest

from geo.cli import main
from geo.errors import IngestError
from geo.ingest import ingest_text
from geo.ingest.cleaning import HEADLINE_MAX_CHARS, HEADLINE_MAX_WORDS, MAX_REPORT_BYTES, clean, read_report
from tests.conftest import ROOT, ZONE

REPORT = "Some 500 civilians left Ramouseh for Rashidin on Thursday, the Red Cross said."
FIXTURES = ROOT / "tests" / "fixtures" / "reports"


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def found(out: str) -> list[tuple[str, str]]:
    return [(e["place_id"], e["type"]) for r in json.loads(out)["reports"] for e in r["events"]]


def test_should_find_the_event_of_a_one_line_report_with_no_closing_stop(capsys, tmp_path):
    path = tmp_path / "r.txt"
    path.write_text(REPORT + " Buses", encoding="utf-8")  # as printf writes it: no line break at all
    code, out, _ = run(capsys, "ingest", path, "--published", "2016-12-16")
    assert code == 0 and found(out) == [("ramousah", "departure")]


@pytest.mark.parametrize(("text", "headline"), [
    ("Buses ferry out people from Aleppo\n" + REPORT, True),
    ("Evacuation of al-Foah and Kafriya\n\n" + REPORT, True),
    (" ".join(["evacuation-coordination"] * 8) + "\n" + REPORT, False),  # 8 words but 191 characters
    (" ".join(["word"] * (HEADLINE_MAX_WORDS + 1)) + "\n" + REPORT, False),
    ("Buses ferry out people from Aleppo", False),  # nothing after it: the whole report
    ("Buses ferry out people from Aleppo\n   \n", False),
    ("Will the buses leave Aleppo?\n" + REPORT, False),
    ("Buses left. Then more came\n" + REPORT, False),  # two sentences
])
def test_should_take_only_a_short_first_line_followed_by_the_story_for_a_headline(text, headline):
    assert HEADLINE_MAX_CHARS < 191
    assert clean(text).paragraphs[0].headline is headline


def test_should_find_events_in_a_long_one_paragraph_report_cut_in_mid_sentence(shipped):
    one_line = " ".join((FIXTURES / "afp_style_20161216.txt").read_text(encoding="utf-8").split())
    text = " ".join([one_line] * (414_666 // len(one_line) + 1))[:400_000]
    assert not text.endswith(".") and "\n" not in text
    events = ingest_text(text, date(2016, 12, 16), "AFP", shipped.gazetteer, zone=ZONE).events
    assert len(events) > 0


@pytest.mark.parametrize(("content", "message"), [
    ("", "the report is empty"),
    (" \n\t\n\n", "the report holds only blank space (5 characters); nothing to ingest"),
])
def test_should_refuse_an_empty_or_blank_report_with_a_message(capsys, tmp_path, content, message):
    path = tmp_path / "blank.txt"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "ingest", path, "--published", "2016-12-16")
    assert (code, out) == (2, "") and err == f"evacmap ingest: {path}: {message}\n"


def test_should_say_when_a_report_gives_no_candidate_events(capsys, tmp_path):
    path = tmp_path / "nothing.txt"
    path.write_text("The weather was mild.\n", encoding="utf-8")
    code, out, err = run(capsys, "ingest", path, "--published", "2016-12-16")
    assert code == 0 and found(out) == []
    assert err == f"evacmap ingest: {path}: no candidate events in 22 characters (0 place mention(s))\n"


def test_should_refuse_a_device_that_never_ends_at_the_limit():
    with pytest.raises(IngestError, match="/dev/zero: holds more than 1,000,000 bytes"):
        read_report(Path("/dev/zero"), limit=1_000_000)


def test_should_refuse_dev_zero_on_the_command_line(capsys):
    code, out, err = run(capsys, "ingest", "/dev/zero", "--published", "2016-12-16")
    assert (code, out) == (2, "") and f"holds more than {MAX_REPORT_BYTES:,} bytes" in err


def test_should_read_a_report_from_a_pipe(capsys, tmp_path):
    fifo = tmp_path / "report.pipe"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "w", encoding="utf-8") as pipe:
            pipe.write(REPORT + "\n")

    writer = threading.Thread(target=feed)
    writer.start()
    code, out, _ = run(capsys, "ingest", fifo, "--published", "2016-12-16")
    writer.join(timeout=10)
    assert code == 0 and found(out) == [("ramousah", "departure")]


def test_should_read_a_file_of_exactly_the_limit():
    path = FIXTURES / "afp_style_20161216.txt"
    size = path.stat().st_size
    assert read_report(path, limit=size) == path.read_bytes()
    with pytest.raises(IngestError, match=f"holds more than {size - 1:,} bytes"):
        read_report(path, limit=size - 1)
