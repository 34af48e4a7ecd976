"""The dashboard under ``streamlit run`` on a free loopback port, for browser tests and benchmarks."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from geo.map import assets

ROOT = Path(__file__).resolve().parent.parent
START_S = 90  # how long streamlit may take to answer its health check


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing is listening on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def dashboard(settings: Mapping[str, str] | None = None, log: Path | None = None,
              start_s: float = START_S, options: Sequence[str] = (),
              script: str = "dashboard.py", python: str = sys.executable,
              folder: Path = ROOT) -> Iterator[tuple[str, subprocess.Popen]]:
    """Run dashboard.py (or another Streamlit ``script`` of the repository) with these environment settings and
    dashboard ``options`` (given after ``--``, e.g. ``["--data", DIR]``); yields its address and process.
    ``python`` and ``folder``: another environment's Python, in another copy of the repository.

    The map's scripts come from its own server unless ``settings`` say otherwise; its output goes to ``log`` (a
    temporary file by default), whose tail a RuntimeError quotes if it will not start.
    """
    env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    env.pop(assets.OFFLINE_ENV, None)
    env.update(settings or {})
    port = free_port()
    command = [python, "-m", "streamlit", "run", script, "--server.headless", "true",
               "--server.address", "127.0.0.1", "--server.port", str(port),
               "--server.fileWatcherType", "none", "--server.runOnSave", "false", "--", *options]
    address = f"http://127.0.0.1:{port}"
    with contextlib.ExitStack() as stack:
        if log is None:
            log = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="evacmap-streamlit-"))) / "server.log"
        output = stack.enter_context(log.open("wb"))
        server = subprocess.Popen(command, cwd=folder, env=env, stdout=output, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + start_s
            while True:
                if server.poll() is not None:
                    raise RuntimeError(f"streamlit exited with {server.returncode}:\n{log.read_text()[-3000:]}")
                with contextlib.suppress(OSError), urllib.request.urlopen(f"{address}/_stcore/health", timeout=2):
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"streamlit did not answer on {address} within {start_s} s")
                time.sleep(0.3)
            yield address, server
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
