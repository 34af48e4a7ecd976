"""What one hostile request costs a live dashboard: each probe of issue 32 sent to ``streamlit run`` on loopback.

Starts the dashboard on a free 127.0.0.1 port (``--folder`` another checkout, e.g. the code before the issue),
opens one session over Streamlit's websocket as a browser would (the XSRF cookie from the health check, the token
in the subprotocol), and for each probe: sends its file to the upload endpoint, sets the widget to it (and
clicks "Find candidate events" for the reports), and waits for the run to finish. It reads the server process's
CPU time (``/proc/PID/stat``: every thread) and its peak resident memory (``VmHWM``, reset through
``/proc/PID/clear_refs`` before each request where the kernel allows), then closes the session and reads the
memory the server still holds once Streamlit has let the session go (its ``server.disconnectedSessionTTL`` is
set to 2 s here, from 120, so it goes within the wait). Every wait is bounded.

    python benchmarks/hostile_requests.py [--probes geojson-numbers year-9999 ...] [--folder /path/to/checkout]

Prints one line per probe: CPU-seconds, peak MB added, MB held while the session is open, MB held after it
ended, seconds until the page answered, and the page's first message. Exits 2 when it cannot run.

Measured 2026-12-03 on the project's 2-core machine (shared, load about 8), CPU-seconds of the server, before
issue 32 -> after (``benchmarks/RESULTS.md`` has every figure): 9,000,000 numbers as GeoJSON 40.1 -> 1.06 (peak
+1,502 -> +62 MB, held after the session +1,059 -> +27 MB); 1,590,000 properties 13.9 -> 3.61 (+846 -> +287 MB);
an event from 1690 to 2250 35.2 -> 0.62; an event in 9999 no answer in 600 s -> 0.54; 100,000 unknown place ids
no answer in 300 s -> 2.33; four 2,000,000-character reports in one click 6.5 (one sentence repeated, which
ingest's caches make cheap) -> 0.60 (refused before reading).
"""

from __future__ import annotations

import argparse
import csv
import http.client
import io
import json
import random
import re
import sys
import time
import urllib.request
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import server  # noqa: E402  (after the path: runs from a checkout)

warnings.filterwarnings("ignore", r"connect\(\) must be used as a context manager", DeprecationWarning)

SHIPPED = ROOT / "data" / "aleppo-2016-12"
RUN_TIMEOUT_S = 600  # one request's run; the slowest probe before the issue took about two minutes
SETTLE_S = 8  # after a session closes: its TTL (2 s) and Streamlit's cleanup
BOUNDARY = "evacmap-hostile-probe"
RERUN_FOLLOWS = 2  # ForwardMsg.ScriptFinishedStatus.FINISHED_EARLY_FOR_RERUN: the script asked for a rerun
WHOLE_PAGE_S = 5.5  # the page draws its second stage (uploads, reports) this long after the first, without a map
EVENTS_UPLOADER = "Events in events.csv's columns"
REPORTS_UPLOADER = "text files, one report each"
FIND = "Find candidate events"
PUBLISHED = "Published (local date)"


def _events_rows() -> tuple[list[str], list[list[str]]]:
    with open(SHIPPED / "events.csv", encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def _csv(header: list[str], rows: list[list[str]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")


def geojson_numbers() -> list[tuple[str, bytes]]:
    """9,000,000 numbers in ``features``, 18 MB."""
    return [("numbers.geojson", b'{"type": "FeatureCollection", "features": [' + b"1," * 8_999_999 + b"1]}")]


def geojson_properties() -> list[tuple[str, bytes]]:
    """One feature with 1,590,000 unexpected properties."""
    names = ",".join(f'"{i:x}":1' for i in range(1_590_000))
    return [("wide.geojson", ('{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": null, '
                              f'"properties": {{{names}}}}}]}}').encode())]


def one_event(start: str, end: str) -> list[tuple[str, bytes]]:
    header, rows = _events_rows()
    row = list(rows[0])
    row[header.index("id")] = "probe_event"  # an id of its own: the file is refused for its dates or not at all
    row[header.index("start")], row[header.index("end")] = start, end
    return [("one.csv", _csv(header, [row]))]


def unknown_places() -> list[tuple[str, bytes]]:
    """100,000 rows, each with its own unknown 60-character place id."""
    header, rows = _events_rows()
    rng = random.Random(7)
    made = []
    for i in range(100_000):
        row = list(rows[i % len(rows)])
        row[header.index("id")] = f"u{i}"
        row[header.index("place_id")] = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz_") for _ in range(60))
        row[header.index("summary")] = f"Probe row {i}."  # short rows: 100,000 of them stay under the 20 MB cap
        made.append(row)
    return [("far.csv", _csv(header, made))]


def big_reports() -> list[tuple[str, bytes]]:
    """Four reports of 2,000,000 characters each, for one click."""
    sentence = "On Thursday 17 buses carrying 1,234 people left Ramousah for Idlib, said a witness. "
    text = (sentence * (2_000_000 // len(sentence) + 1))[:2_000_000].encode()
    return [(f"report{i}.txt", text) for i in range(4)]


@dataclass(frozen=True)
class Probe:
    name: str
    files: Callable[[], list[tuple[str, bytes]]]
    uploader: str
    click: str | None = None


PROBES = {p.name: p for p in [
    Probe("geojson-numbers", geojson_numbers, EVENTS_UPLOADER),
    Probe("geojson-properties", geojson_properties, EVENTS_UPLOADER),
    Probe("event-1690-2250", lambda: one_event("1690-01-01T00:00:00+00:00", "2250-01-01T00:00:00+00:00"), EVENTS_UPLOADER),
    Probe("year-9999", lambda: one_event("9999-12-15T10:00:00+02:00", ""), EVENTS_UPLOADER),
    Probe("unknown-places", unknown_places, EVENTS_UPLOADER),
    Probe("reports-4x2M", big_reports, REPORTS_UPLOADER, click=FIND),
]}


def cpu_s(pid: int) -> float:
    """User and system CPU of the process, every thread, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime, stime in clock ticks (USER_HZ 100 on Linux)


def memory_kib(pid: int, field: str) -> int:
    match = re.search(rf"^{field}:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text(), re.MULTILINE)
    return int(match.group(1)) if match else 0


def reset_peak(pid: int) -> bool:
    """Reset the process's VmHWM to its current RSS (Linux 4.0+, needs the right to write clear_refs)."""
    try:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
    except OSError:
        return False
    return True


class Session:
    """One browser-like session over the websocket: its runs, its widgets by label, the page's messages."""

    def __init__(self, address: str, timeout: float = RUN_TIMEOUT_S):
        from websockets.sync.client import connect

        self.address = address
        with urllib.request.urlopen(f"{address}/_stcore/health", timeout=30) as answer:
            self.token = answer.headers["Set-Cookie"].split(";")[0].split("=", 1)[1]
        self.socket = connect(address.replace("http://", "ws://") + "/_stcore/stream",
                              subprotocols=["streamlit", self.token], max_size=None,
                              additional_headers={"Cookie": f"_streamlit_xsrf={self.token}", "Origin": address})
        self.session_id = ""
        self.widgets: dict[str, str] = {}  # label -> widget id
        self.said: list[str] = []
        self.timeout = timeout

    def run(self, states=()) -> float:
        """Rerun the script with these widget states; the seconds until it finished."""
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        rerun = BackMsg()
        rerun.rerun_script.query_string = ""
        rerun.rerun_script.widget_states.widgets.extend(states)
        self.said = []
        started = time.monotonic()
        self.socket.send(rerun.SerializeToString())
        deadline = started + self.timeout
        while time.monotonic() < deadline:
            message = ForwardMsg()
            try:
                message.ParseFromString(self.socket.recv(timeout=max(deadline - time.monotonic(), 0.1)))
            except TimeoutError:
                break
            kind = message.WhichOneof("type")
            if kind == "new_session":
                self.session_id = message.new_session.initialize.session_id
            elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                self._note(message.delta.new_element)
            elif kind == "script_finished" and message.script_finished != RERUN_FOLLOWS:
                return time.monotonic() - started
        raise TimeoutError(f"no run finished within {self.timeout:g} s")

    def _note(self, element) -> None:
        kind = element.WhichOneof("type")
        if kind in ("file_uploader", "button", "date_input"):
            self.widgets[getattr(element, kind).label] = getattr(element, kind).id
        elif kind == "alert" and element.alert.format in (1, 2):  # error, warning
            self.said.append(element.alert.body)
        elif kind == "exception":
            self.said.append(f"{element.exception.type}: {element.exception.message}")

    def open(self) -> None:
        """The first run, then the whole page (panels/staged.py: a client that draws no map gets it after 5 s)."""
        self.run()
        time.sleep(WHOLE_PAGE_S)
        self.run()

    def widget(self, label: str) -> str:
        return next(i for text, i in self.widgets.items() if label in text)

    def upload(self, label: str, files: list[tuple[str, bytes]]):
        """PUT each file to the upload endpoint; the widget state that names them."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        state = WidgetState(id=self.widget(label))
        host, port = self.address.removeprefix("http://").split(":")
        for index, (name, data) in enumerate(files):
            file_id = f"probe-{time.monotonic_ns()}-{index}"
            path = f"/_stcore/upload_file/{self.session_id}/{file_id}"
            head = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
                    "Content-Type: application/octet-stream\r\n\r\n").encode()
            body = head + data + f"\r\n--{BOUNDARY}--\r\n".encode()
            connection = http.client.HTTPConnection(host, int(port), timeout=120)
            connection.request("PUT", path, body=body, headers={
                "Content-Type": f"multipart/form-data; boundary={BOUNDARY}", "X-Xsrftoken": self.token,
                "Cookie": f"_streamlit_xsrf={self.token}"})
            status = connection.getresponse().status
            connection.close()
            if status != 204:
                raise RuntimeError(f"{name}: the upload endpoint answered {status}")
            info = state.file_uploader_state_value.uploaded_file_info.add()
            info.name, info.size, info.file_id = name, len(data), file_id
            info.file_urls.file_id, info.file_urls.upload_url, info.file_urls.delete_url = file_id, path, path
        return state

    def close(self) -> None:
        self.socket.close()


def measure(address: str, pid: int, probe: Probe, timeout: float = RUN_TIMEOUT_S) -> dict[str, object]:
    """One probe in a session of its own: its request's figures and what the server holds after."""
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    files = probe.files()
    session = Session(address, timeout)
    session.open()
    base = memory_kib(pid, "VmRSS")  # the session open and its page drawn, before the probe's files are sent
    states = [session.upload(probe.uploader, files)]
    if probe.click:  # the reports' publication day, as the date input sends it, then the click
        day = WidgetState(id=session.widget(PUBLISHED))
        day.string_array_value.data.append("2016/12/16")
        states += [day, WidgetState(id=session.widget(probe.click), trigger_value=True)]
    del files
    exact_peak = reset_peak(pid)
    cpu = cpu_s(pid)
    try:
        took = session.run(states)
    except TimeoutError:
        took = None
        session.said = [f"no answer within {timeout:g} s (the server is restarted for the next probe)"]
    figures = {"probe": probe.name, "cpu_s": round(cpu_s(pid) - cpu, 2),
               "peak_added_mb": round((memory_kib(pid, "VmHWM") - base) / 1024, 1) if exact_peak else None,
               "held_open_mb": round((memory_kib(pid, "VmRSS") - base) / 1024, 1), "answered_s": round(took, 2),
               "said": (session.said[0] if session.said else "(no error or warning)")[:160].replace("\n", " ")}
    session.close()
    time.sleep(SETTLE_S)
    figures["held_after_mb"] = round((memory_kib(pid, "VmRSS") - base) / 1024, 1)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--probes", nargs="+", choices=sorted(PROBES), default=list(PROBES))
    parser.add_argument("--folder", type=Path, default=ROOT, help="the checkout whose dashboard.py to run")
    parser.add_argument("--timeout", type=float, default=RUN_TIMEOUT_S,
                        help=f"seconds a request may take before it is given up and the server restarted "
                             f"(default {RUN_TIMEOUT_S})")
    args = parser.parse_args(argv)
    try:
        import websockets  # noqa: F401  (a test dependency)
    except ImportError:
        print("needs the websockets package (pip install -e '.[test]')", file=sys.stderr)
        return 2
    results = []
    waiting = list(args.probes)
    while waiting:  # a server that did not answer a probe in time is still busy with it: the next gets a new one
        with server.dashboard({"STREAMLIT_SERVER_DISCONNECTED_SESSION_TTL": "2"}, folder=args.folder) as (address,
                                                                                                          process):
            warm = Session(address, args.timeout)
            warm.open()
            warm.close()
            time.sleep(SETTLE_S)
            while waiting:
                name = waiting.pop(0)
                figures = measure(address, process.pid, PROBES[name], args.timeout)
                results.append(figures)
                print(f"{name:20} {figures['cpu_s']:7.2f} CPU-s  peak +{figures['peak_added_mb']} MB  "
                      f"held open +{figures['held_open_mb']} MB, after +{figures['held_after_mb']} MB  "
                      f"answered in {figures['answered_s']} s: {figures['said']}", flush=True)
                if figures["answered_s"] is None:
                    break
    print(json.dumps(results, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
