"""The upload cap the page states holds on the server too: a request straight to Streamlit's upload endpoint.

Runs ``streamlit run dashboard.py`` on a loopback port with the shipped ``.streamlit/config.toml``,
opens a session over its websocket as a browser would (the XSRF cookie from the health check,
the token in the subprotocol), then sends files to ``/_stcore/upload_file/SESSION/FILE`` itself,
bypassing the page's own check.
"""

from __future__ import annotations

import http.client
import time
import tomllib
import urllib.request
from collections.abc import Iterator

import pytest

from benchmarks import server
from benchmarks.load_sessions import rss_kib
from geo.data import uploads
from tests.conftest import ROOT

BOUNDARY = "evacmap-upload-probe"
DIRECT_UPLOAD = 190 * 1024**2  # the probe: three of these each added about 195 MB to the server


def _session(address: str) -> Iterator[tuple[str, str]]:
    """A session's id and XSRF token once its first run is over, the session held open by its websocket while the
    caller sends files."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from websockets.sync.client import connect

    with urllib.request.urlopen(f"{address}/_stcore/health", timeout=30) as answer:
        token = answer.headers["Set-Cookie"].split(";")[0].split("=", 1)[1]
    with connect(address.replace("http://", "ws://") + "/_stcore/stream", subprotocols=["streamlit", token],
                 additional_headers={"Cookie": f"_streamlit_xsrf={token}", "Origin": address}, max_size=None) as socket:
        rerun = BackMsg()
        rerun.rerun_script.query_string = ""
        socket.send(rerun.SerializeToString())
        session_id = None
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            message = ForwardMsg()
            message.ParseFromString(socket.recv(timeout=180))
            kind = message.WhichOneof("type")
            if kind == "new_session":
                session_id = message.new_session.initialize.session_id
            elif kind == "script_finished" and session_id:
                yield session_id, token
                return
        raise AssertionError("the server ran no session within 180 s")


@pytest.fixture(scope="module")
def dashboard_session() -> Iterator[tuple[str, int, str, str]]:
    """The dashboard under streamlit run: its host, port, server pid, and one open session's id and XSRF token."""
    with server.dashboard() as (address, process):
        sessions = _session(address)
        session_id, token = next(sessions)
        host, port = address.removeprefix("http://").split(":")
        yield host, int(port), process.pid, session_id, token
        sessions.close()


def _put(host: str, port: int, session_id: str, token: str, size: int, headers_only: bool = False) -> int:
    """PUT a multipart file of ``size`` bytes (declared in Content-Length; only the headers sent with
    ``headers_only``) to the upload endpoint; the answer's status, or 0 when the server closed the connection."""
    head = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"events.csv\"\r\n"
            "Content-Type: text/csv\r\n\r\n").encode()
    tail = f"\r\n--{BOUNDARY}--\r\n".encode()
    connection = http.client.HTTPConnection(host, port, timeout=60)
    connection.putrequest("PUT", f"/_stcore/upload_file/{session_id}/probe-{size}")
    for name, value in {"Content-Type": f"multipart/form-data; boundary={BOUNDARY}", "Content-Length": str(size),
                        "X-Xsrftoken": token, "Cookie": f"_streamlit_xsrf={token}"}.items():
        connection.putheader(name, value)
    connection.endheaders()
    body = size - len(head) - len(tail)
    try:
        if not headers_only:
            connection.send(head)
            for _ in range(body // 2**20):
                connection.send(b"x" * 2**20)
            connection.send(b"x" * (body % 2**20) + tail)
        return connection.getresponse().status
    except (ConnectionError, http.client.RemoteDisconnected):
        return 0
    finally:
        connection.close()


def test_should_ship_the_page_upload_cap_as_the_servers():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] * 1024**2 == uploads.MAX_UPLOAD_BYTES


def test_should_take_a_file_under_the_cap_sent_straight_to_the_server(dashboard_session):
    host, port, _, session_id, token = dashboard_session
    assert _put(host, port, session_id, token, 2**20) == 204


def test_should_refuse_a_190_mb_direct_upload_before_reading_it(dashboard_session):
    host, port, pid, session_id, token = dashboard_session
    before = rss_kib(pid)
    assert _put(host, port, session_id, token, DIRECT_UPLOAD, headers_only=True) == 413
    assert _put(host, port, session_id, token, DIRECT_UPLOAD, headers_only=True) == 413
    assert (rss_kib(pid) - before) / 1024 < 50


def _put_chunked(host: str, port: int, session_id: str, token: str, size: int) -> int:
    """PUT ``size`` bytes in chunks with no Content-Length, as a client hiding the size would; the answer's
    status (0: closed first)."""
    connection = http.client.HTTPConnection(host, port, timeout=60)
    connection.putrequest("PUT", f"/_stcore/upload_file/{session_id}/probe-chunked")
    for name, value in {"Content-Type": f"multipart/form-data; boundary={BOUNDARY}", "Transfer-Encoding": "chunked",
                        "X-Xsrftoken": token, "Cookie": f"_streamlit_xsrf={token}"}.items():
        connection.putheader(name, value)
    connection.endheaders()
    head = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"events.csv\"\r\n"
            "Content-Type: text/csv\r\n\r\n").encode()
    try:
        for chunk in [head] + [b"x" * 2**20] * (size // 2**20):
            connection.send(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        connection.send(b"0\r\n\r\n")
        return connection.getresponse().status
    except (ConnectionError, http.client.RemoteDisconnected):
        return 0
    finally:
        connection.close()


def test_should_stop_reading_a_190_mb_upload_that_hides_its_size(dashboard_session):
    host, port, pid, session_id, token = dashboard_session
    before = rss_kib(pid)
    assert _put_chunked(host, port, session_id, token, DIRECT_UPLOAD) in (0, 413)  # refused once past the cap
    assert (rss_kib(pid) - before) / 1024 < 50
