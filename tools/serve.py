"""Static file server for the game page: `make play` runs it, the e2e tests import it.

Python's http.server with three fixes for a PyScript/Pyodide page:

* explicit MIME types for .wasm, .mjs, .js, .toml, ... so they are right even on a machine
  without /etc/mime.types (WebAssembly.instantiateStreaming needs application/wasm, and a
  module script must be served as JavaScript);
* `Cache-Control: no-cache`, so an edited main.py or engine file is picked up on reload
  (the browser still revalidates with If-Modified-Since and gets a cheap 304);
* optional mount points: the same tree can be served under sub-paths such as /sub/dir/,
  which the tests use to prove that the page only uses relative URLs.

Paths with a component starting with "." (.git, .venv, ...) are answered with 404.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import posixpath
import sys
import threading
import urllib.parse
from collections.abc import Iterable
from typing import Any
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".map": "application/json",
    ".toml": "text/plain",
    ".py": "text/x-python",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves `directory` at "/" and at every prefix in `mounts` (e.g. "/sub/dir")."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    mounts: tuple[str, ...] = ()
    quiet = False

    def _strip_mount(self, path: str) -> str:
        for mount in self.mounts:
            if path == mount or path.startswith(mount + "/"):
                return path[len(mount):] or "/"
        return path

    def translate_path(self, path: str) -> str:
        url_path = self._strip_mount(urllib.parse.urlsplit(path).path)
        parts = posixpath.normpath(urllib.parse.unquote(url_path)).split("/")
        if any(part.startswith(".") and part not in (".", "..") for part in parts):
            return os.path.join(self.directory, ".hidden-paths-are-not-served")
        return super().translate_path(url_path)

    def send_head(self) -> Any:  # (the stdlib's own is untyped)
        # Pyodide's wasm is fetched once by each boot of the engine (a worker's or the page's):
        # the tests count boots by it (tests/timing_report.py)
        if urllib.parse.urlsplit(self.path).path.endswith("/pyodide.asm.wasm") and isinstance(self.server, Server):
            self.server.count_wasm_request()
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib name)
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    directory: str | os.PathLike[str] = REPO_ROOT,
    mounts: Iterable[str] = (),
    quiet: bool = False,
) -> Server:
    """Bind (port 0 picks a free port) but do not serve yet: call serve_forever()."""
    normalized = tuple("/" + m.strip("/") for m in mounts if m.strip("/"))
    handler_class = type("BoundHandler", (Handler,), {"mounts": normalized, "quiet": quiet})
    handler = functools.partial(handler_class, directory=os.fspath(directory))
    return Server((host, port), handler)


class Server(http.server.ThreadingHTTPServer):
    """Python's threading server, quiet about a client that hangs up mid-answer (a page closed
    while a file was on its way: a test ending, a reload): that is no error of the server's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._wasm_requests = 0
        self._lock = threading.Lock()  # the count is kept over the server's threads

    def count_wasm_request(self) -> None:
        with self._lock:
            self._wasm_requests += 1

    @property
    def wasm_requests(self) -> int:
        """How many times it was asked for Pyodide's wasm (GET or HEAD): the engine's boots."""
        with self._lock:
            return self._wasm_requests

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):  # BrokenPipeError, ConnectionResetError
            return
        super().handle_error(request, client_address)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--directory", default=os.fspath(REPO_ROOT))
    parser.add_argument("--mount", action="append", default=[], metavar="PREFIX",
                        help="also serve the tree under this URL prefix (repeatable)")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.host, args.port, args.directory, args.mount)
    except OSError as exc:
        print(f"serve.py: cannot listen on {args.host}:{args.port}: {exc.strerror}"
              " (try another port, e.g. `make play PORT=8001`)", file=sys.stderr)
        return 1
    url = f"http://{args.host}:{server.server_port}/"
    print(f"Serving {args.directory} at {url}  (Ctrl-C to stop)", flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nStopped.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
