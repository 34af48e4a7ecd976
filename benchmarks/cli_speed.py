"""How long the command line takes, as a person types it: ``evacmap --help`` and a GeoJSON export of the shipped case.

Usage: python -m benchmarks.cli_speed [--repeat N] [--write]

Each command runs N times as a fresh process (wall time, from start to exit, so Python's start and the imports
count; and its CPU time, which a busy machine does not inflate); prints the median and the best, and the heavy
packages the command imported; with ``--write``, rewrites its section of benchmarks/RESULTS.md (``benchmarks/run.py`` writes
it too, in a full run).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "RESULTS.md"
HEADING = "## The command line (issue 19)"
TARGETS_S = {"evacmap --help": 0.5, "evacmap export --format geojson (shipped default case)": 1.0}
NEXT_SECTION = "\n## "
HEAVY = ("folium", "streamlit", "altair", "pyarrow", "playwright", "pandas", "numpy", "branca", "jinja2")
REPORT = f"import sys, json; print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]), file=sys.stderr)"
COMMANDS = {
    "evacmap --help": ["--help"],
    "evacmap export --format geojson (shipped default case)": ["export", "--format", "geojson", "--force", "-o"],
}


def cpu_of_children() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run(arguments: list[str], python: str = sys.executable) -> tuple[float, float, list[str]]:
    """One fresh ``evacmap ARGUMENTS`` process: its wall and CPU seconds, and the heavy packages it imported.

    CPU time is what the command costs whatever else the machine runs; on a busy machine wall time is longer.
    """
    script = (f"import sys, atexit\natexit.register(lambda: exec({REPORT!r}))\n"
              f"sys.argv = ['evacmap', *{arguments!r}]\nfrom geo.cli import main\nsys.exit(main())")
    cpu, started = cpu_of_children(), time.perf_counter()
    done = subprocess.run([python, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - started
    return wall, cpu_of_children() - cpu, json.loads(done.stderr.strip().splitlines()[-1])


def measure(repeat: int) -> dict[str, dict[str, object]]:
    results = {}
    with tempfile.TemporaryDirectory(prefix="evacmap-cli-") as folder:
        for name, arguments in COMMANDS.items():
            if arguments[-1] == "-o":
                arguments = [*arguments, str(Path(folder) / "view.geojson")]
            runs = [run(arguments) for _ in range(repeat)]
            walls, cpus = [wall for wall, _, _ in runs], [cpu for _, cpu, _ in runs]
            results[name] = {"median_s": round(statistics.median(walls), 3), "best_s": round(min(walls), 3),
                             "cpu_median_s": round(statistics.median(cpus), 3), "imported": runs[-1][2]}
    return results


def section(results: dict[str, dict[str, object]], repeat: int) -> str:
    """RESULTS.md's section on the command line: each command's wall and CPU time beside its target."""
    load = " ".join(f"{v:.1f}" for v in os.getloadavg())
    lines = [HEADING, "", f"`.venv/bin/python -m benchmarks.cli_speed --repeat {repeat}`: each command {repeat} times as a "
             "fresh process, wall time from start to exit (Python's start and the imports included) and its CPU time "
             f"(what a busy machine does not inflate); load average at the end {load} on {os.cpu_count()} cores.", "",
             "| command | wall, median (best) | CPU, median | target (wall) | heavy packages imported |",
             "|---|---|---|---|---|"]
    for name, result in results.items():
        lines.append(f"| `{name}` | {result['median_s']:.2f} s ({result['best_s']:.2f} s) | {result['cpu_median_s']:.2f} s "
                     f"| ≤ {TARGETS_S[name]:g} s | {', '.join(result['imported']) or 'none'} |")
    return "\n".join(lines) + "\n"


def write_section(text: str, path: Path = RESULTS) -> None:
    """Put the section in RESULTS.md in place of the one there, else before the first-marker section, else last."""
    page = path.read_text(encoding="utf-8") if path.exists() else ""
    if HEADING in page:
        before, after = page.split(HEADING, 1)
        rest = after[after.index(NEXT_SECTION) + 1:] if NEXT_SECTION in after else ""
    else:
        marker = page.find("\n## First marker")
        before, rest = (page[:marker + 1], page[marker + 1:]) if marker >= 0 else (page, "")
    path.write_text(before.rstrip() + "\n\n" + text + ("\n" + rest if rest else ""), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9, help="runs of each command (default 9)")
    parser.add_argument("--write", action="store_true", help="rewrite this section of RESULTS.md (otherwise only print)")
    args = parser.parse_args()
    text = section(measure(args.repeat), args.repeat)
    if args.write:
        write_section(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
