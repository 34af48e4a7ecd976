"""No scratch mistaken for a case: a write killed with SIGKILL leaves its `.NAME.<hex>.part` behind; it is never
listed as a case, and the next write of the same name removes it (unless a running writer still holds it)."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap

from geo import export
from geo.cli import main
from geo.data import cases, package
from geo.export import atomic
from tests.conftest import ROOT, SHIPPED


def killed_while_writing(call: str) -> None:
    """Run ``call`` in a new process whose fsync stops forever (after the scratch holds its files), then SIGKILL it."""
    script = textwrap.dedent(f"""
        import os, sys, time
        from geo.cli import main
        real = os.fsync
        def stuck(fd):
            real(fd)
            print("writing", flush=True)
            time.sleep(600)
        os.fsync = stuck
        sys.exit({call})
    """)
    process = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "writing"
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    process.stdout.close()


def test_should_never_list_a_killed_new_cases_scratch_and_clean_it_next_time(tmp_path, capsys):
    shutil.copytree(SHIPPED, tmp_path / "aleppo")
    killed_while_writing(f"main(['new-case', {str(tmp_path / 'new')!r}, '--title', 'T', '--timezone', 'UTC'])")
    left = [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")]
    assert len(left) == 1 and left[0].startswith(".new.")
    assert [c.folder.name for c in cases.find(tmp_path)] == ["aleppo"]
    assert main(["--data", str(tmp_path), "cases"]) == 0
    assert [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()] == ["aleppo-2016-12"]
    assert main(["new-case", str(tmp_path / "new"), "--title", "T", "--timezone", "UTC"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["aleppo", "new"]


def test_should_clean_a_killed_packages_scratch_on_the_next_package(data_copy, capsys):
    killed_while_writing(f"main(['--data', {str(data_copy)!r}, 'package'])")
    assert len(list(data_copy.glob(f".{package.DESCRIPTOR}.*.part"))) == 1
    assert main(["--data", str(data_copy), "package"]) == 0
    assert list(data_copy.glob(".*")) == []


def test_should_never_list_hidden_or_part_folders_as_cases(tmp_path):
    for name in ("real", ".hidden", "copy.part", ".real.0123456789ab.part"):
        shutil.copytree(SHIPPED, tmp_path / name)
    assert [c.folder.name for c in cases.find(tmp_path)] == ["real"]


def test_should_leave_a_scratch_a_running_writer_holds(tmp_path):
    target = tmp_path / "out.csv"
    scratch = tmp_path / ".out.csv.0123456789ab.part"
    scratch.write_bytes(b"half")
    fd = os.open(scratch, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)  # as the writing process holds it
    try:
        assert atomic.clean_leftovers(target) == []
        export.write(target, b"whole")
        assert scratch.read_bytes() == b"half" and target.read_bytes() == b"whole"
    finally:
        os.close(fd)
    assert atomic.clean_leftovers(target) == [scratch] and not scratch.exists()


def test_should_not_follow_a_link_named_like_a_scratch(tmp_path):
    kept = tmp_path / "mine"
    kept.write_bytes(b"mine")
    (tmp_path / ".out.csv.0123456789ab.part").symlink_to(kept)
    export.write(tmp_path / "out.csv", b"x")
    assert kept.read_bytes() == b"mine" and (tmp_path / ".out.csv.0123456789ab.part").is_symlink()
