"""What the dashboard reads from files: a folder's signature, an upload's digest, a report file's text."""

from __future__ import annotations

import os

import pytest

from geo.app import files
from geo.errors import IngestError


def test_should_change_a_folders_signature_when_a_file_changes(tmp_path):
    (tmp_path / "events.csv").write_text("id\n", encoding="utf-8")
    before = files.signature(tmp_path)
    assert [name for name, _, _ in before] == ["events.csv"]
    os.utime(tmp_path / "events.csv", ns=(1, 1))
    assert files.signature(tmp_path) != before


def test_should_sign_a_missing_folder_as_empty(tmp_path):
    assert files.signature(tmp_path / "nowhere") == ()


def test_should_digest_bytes_as_their_sha256():
    assert files.digest(b"abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_should_read_a_report_file_as_utf8_without_its_byte_order_mark():
    assert files.report_text("r.txt", "\ufeffBuses left.".encode()) == "Buses left."


def test_should_name_the_file_and_byte_of_text_that_is_not_utf8():
    with pytest.raises(IngestError, match=r"r\.txt: not UTF-8 text \(byte 3\)"):
        files.report_text("r.txt", b"abc\xff")
