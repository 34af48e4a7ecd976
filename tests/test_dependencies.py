"""Rules a tool keeps: every import declared (deptry) and the import rules of geo's rooms (import-linter)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import require

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def tool(name: str) -> str:
    """A command installed beside this Python (the test extra installs them), else on the PATH."""
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    require(found is not None, f"{name} is not installed: pip install -e '.[test]'")
    return found


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


def test_should_declare_every_package_the_code_imports_and_use_every_one_declared():
    done = run(tool("deptry"), ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_should_keep_every_import_rule_geos_rooms_state():
    done = run(tool("lint-imports"), "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(PYPROJECT['tool']['importlinter']['contracts'])} kept, 0 broken" in done.stdout


def test_should_never_let_the_library_import_streamlit():
    contracts = PYPROJECT["tool"]["importlinter"]["contracts"]
    assert any(c["type"] == "forbidden" and c["source_modules"] == ["geo"] and "streamlit" in c["forbidden_modules"]
               for c in contracts)


def pins() -> dict[str, tuple[str, int]]:
    """requirements.txt's packages: normalised name -> (version, number of hashes)."""
    found: dict[str, tuple[str, int]] = {}
    name = None
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if "==" in line and not line.startswith((" ", "#")):
            name, version = line.split(";")[0].split("==")
            name = canonicalize_name(name.strip())
            found[name] = (version.strip(" \\"), 0)
        elif "--hash=sha256:" in line and name is not None:
            found[name] = (found[name][0], found[name][1] + 1)
    return found


def test_should_lock_every_dependency_of_the_dashboard_within_pyprojects_ranges_with_hashes():
    locked = pins()
    project = PYPROJECT["project"]
    for requirement in map(Requirement, [*project["dependencies"], *project["optional-dependencies"]["animation"]]):
        version, hashes = locked[canonicalize_name(requirement.name)]
        assert requirement.specifier.contains(version), f"{requirement}: requirements.txt pins {version}"
    assert all(hashes > 0 for _, hashes in locked.values())
