"""tools/serve.py, the static server of `make play` and the e2e suite: it counts the engine's
boots by their requests for Pyodide's wasm (tests/timing_report.py's boots column), and a client
that hangs up mid-answer is no error. Expected values by hand: the requests made here."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tools_support import tool

serve = tool("serve")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[serve.Server]:
    wasm = tmp_path / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm"
    wasm.parent.mkdir(parents=True)
    wasm.write_bytes(b"\0asm" + bytes(4_000_000))  # large enough to be cut off on its way
    (tmp_path / "index.html").write_text("<!doctype html>")
    httpd = serve.make_server("127.0.0.1", 0, tmp_path, mounts=["/sub/dir/"], quiet=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


def ask(httpd: serve.Server, method: str, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", httpd.server_port, timeout=10)
    try:
        conn.request(method, path)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_each_request_for_the_wasm_counts_as_a_boot(server: serve.Server) -> None:
    assert server.wasm_requests == 0
    assert ask(server, "GET", "/index.html") == 200  # not the wasm: no boot
    assert ask(server, "GET", "/static/vendor/pyodide/pyodide.asm.wasm") == 200
    assert ask(server, "HEAD", "/sub/dir/static/vendor/pyodide/pyodide.asm.wasm?v=1") == 200  # under a mount
    assert ask(server, "GET", "/static/vendor/pyodide/pyodide.asm.wasm.map") == 404  # another name
    assert server.wasm_requests == 2


def test_a_client_that_hangs_up_mid_answer_prints_nothing(server: serve.Server, capfd: pytest.CaptureFixture[str]) -> None:
    idle = threading.active_count()  # the server's own thread; each request adds one while answered
    with socket.create_connection(("127.0.0.1", server.server_port)) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.sendall(b"GET /static/vendor/pyodide/pyodide.asm.wasm HTTP/1.0\r\n\r\n")
        sock.recv(1024)  # the answer has begun; hang up with the rest unread
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")  # a reset, not a FIN
    deadline = time.monotonic() + 10
    while threading.active_count() > idle and time.monotonic() < deadline:
        time.sleep(0.01)  # until the thread answering the cut request has ended (a poll of a thread, no page)
    assert threading.active_count() == idle
    assert ask(server, "GET", "/index.html") == 200  # the server goes on
    out, err = capfd.readouterr()
    assert "Traceback" not in err and "Broken pipe" not in err and "reset" not in err.lower(), err
