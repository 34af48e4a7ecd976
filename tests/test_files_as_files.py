"""Files read as files: a case's data file that is a FIFO, a device, a link out of the case folder or larger than the
cap is refused with one problem naming it, within a second, and nothing of another file reaches the problems."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from geo.cli import main
from geo.data import package, readfile, schema, tablefile


def replace_with(folder: Path, name: str, make) -> Path:
    path = folder / name
    path.unlink()
    make(path)
    return path


@pytest.fixture
def case(data_copy: Path) -> Path:
    """A writable copy of the shipped December case."""
    return data_copy


def validated(folder: Path, capsys) -> tuple[int, str, float]:
    started = time.monotonic()
    code = main(["validate", str(folder)])
    return code, capsys.readouterr().out, time.monotonic() - started


def test_should_refuse_a_fifo_events_file_at_once(case, capsys):
    fifo = replace_with(case, "events.csv", os.mkfifo)  # nobody ever writes to it: reading would wait for ever
    started = time.monotonic()
    _, problems = tablefile.read_table(fifo, schema.EVENTS, inside=case)
    assert time.monotonic() - started < 1
    assert [p.message for p in problems] == ["is a FIFO (named pipe), not a regular file; expected a data file"]
    code, out, _ = validated(case, capsys)
    assert code == 2 and "events.csv: is a FIFO (named pipe), not a regular file; expected a data file" in out


def test_should_refuse_a_zero_device_events_file_whose_size_says_zero(case, capsys):
    node = case / "zero"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 5))  # a private /dev/zero: st_size 0, never ends
    except PermissionError:
        pytest.skip("making a character device node needs root")
    replace_with(case, "events.csv", lambda p: p.symlink_to(node))
    started = time.monotonic()
    _, problems = tablefile.read_table(case / "events.csv", schema.EVENTS, inside=case)
    assert time.monotonic() - started < 1 and problems[0].message.startswith("is a character device")
    code, out, _ = validated(case, capsys)
    assert code == 2 and "events.csv: is a character device, not a regular file" in out


def test_should_refuse_a_link_out_of_the_case_folder_without_echoing_its_target(case, tmp_path, capsys):
    secret = tmp_path / "elsewhere" / "passwd"
    secret.parent.mkdir()
    secret.write_text("root:x:0:0:secret-first-line\n", encoding="utf-8")
    replace_with(case, "gazetteer.csv", lambda p: p.symlink_to(secret))
    code, out, _ = validated(case, capsys)
    assert code == 2 and "gazetteer.csv: is a symbolic link to a file outside the case folder" in out
    assert "secret-first-line" not in out and "root:x" not in out


def test_should_read_a_link_to_a_file_inside_the_case_folder(case, capsys):
    kept = case / "kept"
    kept.mkdir()
    (case / "sources.csv").rename(kept / "sources.csv")
    (case / "sources.csv").symlink_to(kept / "sources.csv")
    code, out, _ = validated(case, capsys)
    assert code == 0, out


def test_should_refuse_a_descriptor_that_is_a_fifo_or_a_link_out(case, tmp_path):
    outside = tmp_path / "other.json"
    outside.write_text('{"secret": "other file"}', encoding="utf-8")
    replace_with(case, package.DESCRIPTOR, lambda p: p.symlink_to(outside))
    _, _, problems = package.read_descriptor(case / package.DESCRIPTOR)
    assert [p.message for p in problems] == ["is a symbolic link to a file outside the case folder; "
                                             "copy the file into the folder instead"]
    replace_with(case, package.DESCRIPTOR, os.mkfifo)
    started = time.monotonic()
    _, _, problems = package.read_descriptor(case / package.DESCRIPTOR)
    assert time.monotonic() - started < 1 and "is a FIFO (named pipe)" in problems[0].message


def test_should_stop_reading_at_the_limit_whatever_the_size_says(tmp_path, monkeypatch):
    big = tmp_path / "big.csv"
    big.write_bytes(b"x" * 1001)
    raw, problems = readfile.read_bytes(big, "big.csv", 1000)
    assert raw == b"" and [p.message for p in problems] == ["file is more than 1,000 bytes; the limit is 1,000"]
    raw, problems = readfile.read_bytes(big, "big.csv", 1001)
    assert len(raw) == 1001 and problems == []
