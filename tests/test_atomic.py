"""Nothing half-written, no tracebacks: a full disk, a read-only folder or SIGTERM keeps the old file, leaves no
scratch file and ends the command with one line naming the file and the cause (exit 2)."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from geo import export
from geo.cli import main
from geo.data import package
from geo.errors import ExportError
from tests.conftest import ROOT


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture
def small_disk(tmp_path):
    """A 512 KB tmpfs (needs root and mount): room for a copy of the December case, which then gets filled; skipped
    where it cannot be mounted."""
    where = tmp_path / "disk"
    where.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(where)], capture_output=True)
    if done.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    yield where
    subprocess.run(["umount", str(where)], check=True)


def fill(disk: Path) -> None:
    """Fill the disk to its last byte."""
    with open(disk / "filler", "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 1024)
        except OSError as error:
            assert error.errno == errno.ENOSPC


def test_should_keep_the_old_descriptor_when_package_meets_a_full_disk(small_disk, capsys):
    case = small_disk / "case"
    shutil.copytree(ROOT / "data" / "aleppo-2016-12", case)
    before = digest(case / package.DESCRIPTOR)
    fill(small_disk)
    assert main(["--data", str(case), "package"]) == 2
    line = one_line(capsys.readouterr().err)
    assert str(case / package.DESCRIPTOR) in line and "No space left on device" in line
    assert digest(case / package.DESCRIPTOR) == before
    assert sorted(p.name for p in small_disk.rglob("*.part")) == []


def test_should_leave_nothing_of_a_new_case_on_a_full_disk(small_disk, capsys):
    fill(small_disk)
    assert main(["new-case", str(small_disk / "new"), "--title", "T", "--timezone", "UTC"]) == 2
    assert "No space left on device" in one_line(capsys.readouterr().err)
    assert sorted(p.name for p in small_disk.iterdir()) == ["filler"]


@pytest.mark.parametrize(("failure", "cause"), [
    (OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), os.strerror(errno.ENOSPC)),
    (PermissionError(errno.EACCES, os.strerror(errno.EACCES)), os.strerror(errno.EACCES)),
    (OSError(errno.EROFS, os.strerror(errno.EROFS)), os.strerror(errno.EROFS)),
])
def test_should_keep_the_old_export_and_say_why_when_the_disk_refuses(tmp_path, capsys, monkeypatch, failure, cause):
    target = tmp_path / "out.csv"
    target.write_bytes(b"old")

    def refuse(*_args, **_kwargs):
        raise failure

    monkeypatch.setattr(export, "stream", refuse)
    assert main(["export", "--format", "csv", "-o", str(target), "--force"]) == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith(f"evacmap export: {target}: not written ({cause})")
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_should_say_which_folder_cannot_take_a_new_file(tmp_path, monkeypatch):
    def read_only(*_args, **_kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(ExportError, match=r"out.csv: not written \(Read-only file system\); no file was left"):
        export.write(tmp_path / "out.csv", b"x")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_should_keep_the_old_export_and_leave_no_scratch_file_on_sigterm(tmp_path):
    target = tmp_path / "out.csv"
    target.write_bytes(b"old")
    script = textwrap.dedent(f"""
        import sys, time
        from geo import export
        from geo.cli import main

        def slow(evidence, view, fmt, out, **options):
            out.write(b"half a file")
            out.flush()
            print("writing", flush=True)
            time.sleep(60)

        export.stream = slow
        sys.exit(main(["export", "--format", "csv", "-o", {str(target)!r}, "--force"]))
    """)
    process = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "writing"
    assert any(p.name.endswith(".part") for p in tmp_path.iterdir())  # the scratch file is there while it writes
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 2
    assert one_line(err) == f"evacmap export: {target}: not written (stopped by SIGTERM); the file there is as it was"
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["out.csv"]


def test_should_say_a_new_case_cannot_go_where_a_file_is(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["new-case", str(tmp_path / "notes.txt"), "--title", "T", "--timezone", "UTC"]) == 2
    assert "notes.txt: is a file, not a folder" in one_line(capsys.readouterr().err)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_should_write_a_new_case_into_an_empty_folder_all_at_once(tmp_path, capsys):
    target = tmp_path / "empty"
    target.mkdir()
    assert main(["new-case", str(target), "--title", "T", "--timezone", "UTC"]) == 0
    assert (target / package.DESCRIPTOR).is_file() and not list(tmp_path.glob(".*.part"))
    assert main(["validate", str(target)]) == 0


def test_should_rewrite_the_descriptor_as_it_was_for_the_shipped_case(data_copy, capsys):
    before = (data_copy / package.DESCRIPTOR).read_bytes()
    assert main(["--data", str(data_copy), "package"]) == 0
    assert (data_copy / package.DESCRIPTOR).read_bytes() == before
    assert [p.name for p in data_copy.glob(".*")] == []


def private_device(tmp_path: Path, name: str, minor: int) -> Path:
    """A private copy of a memory device (1, minor: 3 /dev/null, 7 /dev/full) under tmp_path; never the real /dev."""
    node = tmp_path / name
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, minor))
    except PermissionError:
        pytest.skip("making a character device node needs root")
    try:
        os.close(os.open(node, os.O_WRONLY))
    except PermissionError:
        pytest.skip(f"{tmp_path} is mounted nodev: its device nodes cannot be opened")
    return node


def test_should_write_through_a_character_device_and_leave_it_a_device(tmp_path, capsys):
    node = private_device(tmp_path, "null", 3)
    assert main(["export", "--format", "csv", "-o", str(node), "--force"]) == 0
    assert stat.S_ISCHR(node.lstat().st_mode) and os.major(node.stat().st_rdev) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]
    assert main(["export", "--format", "csv", "-o", str(node)]) == 0  # no --force needed: nothing is replaced


def test_should_say_a_full_device_took_nothing_and_keep_it(tmp_path, capsys):
    node = private_device(tmp_path, "full", 7)
    assert main(["export", "--format", "csv", "-o", str(node), "--force"]) == 2
    assert "No space left on device" in one_line(capsys.readouterr().err)
    assert stat.S_ISCHR(node.lstat().st_mode) and sorted(p.name for p in tmp_path.iterdir()) == ["full"]


def test_should_write_through_a_fifo_to_its_reader(tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    assert main(["export", "--format", "csv", "-o", str(fifo), "--force"]) == 0
    got, _ = reader.communicate(timeout=30)
    header = (ROOT / "data" / "aleppo-2016-12" / "events.csv").read_text(encoding="utf-8").splitlines()[0]
    assert got.decode("utf-8").startswith(header.split(",")[0]) and got.count(b"\n") > 10
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_should_refuse_a_socket_in_one_line(tmp_path, capsys):
    where = tmp_path / "s"
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(where))
    try:
        assert main(["export", "--format", "csv", "-o", str(where), "--force"]) == 2
        assert one_line(capsys.readouterr().err) == f"evacmap export: {where}: is a socket; not written (give a file name)"
        assert stat.S_ISSOCK(where.lstat().st_mode)
    finally:
        listener.close()


def test_should_write_standard_output_for_a_dash(tmp_path, capfdbinary, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["export", "--format", "geojson", "-o", "-"]) == 0
    out, err = capfdbinary.readouterr()
    assert json.loads(out)["type"] == "FeatureCollection"
    assert err.decode().startswith("wrote standard output (geojson, ")
    assert list(tmp_path.iterdir()) == []


def test_should_replace_a_symlinks_target_and_keep_the_link(tmp_path, capsys):
    target = tmp_path / "real.csv"
    target.write_bytes(b"old")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    assert main(["export", "--format", "csv", "-o", str(link)]) == 2  # the target exists: --force as for a file
    assert target.read_bytes() == b"old"
    capsys.readouterr()
    assert main(["export", "--format", "csv", "-o", str(link), "--force"]) == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes().count(b"\n") > 10
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.csv", "real.csv"]


def test_should_refuse_a_symlink_to_nothing(tmp_path, capsys):
    link = tmp_path / "dangling.csv"
    link.symlink_to(tmp_path / "gone" / "x.csv")
    assert main(["export", "--format", "csv", "-o", str(link), "--force"]) == 2
    assert "is a symbolic link to nothing" in one_line(capsys.readouterr().err)
    assert link.is_symlink() and not (tmp_path / "gone").exists()
