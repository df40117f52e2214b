"""Debian's nginx serving dist/ under a sub-path, as docs/hosting.md "Publishing" recommends.

`Nginx.start(dist)` fills tools/nginx.conf.template, starts `nginx -g "daemon off;"` as the
current user on a free loopback port with everything (pid, logs, temp folders, a document root
for the suite's own pages) under a temporary prefix, and waits until it answers. `stop()` ends
that process (by its pid) and removes the prefix. The brotli static module is loaded when
Debian's libnginx-mod-http-brotli-static is installed (.ci/run installs it).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from drivers import stop_process

REPO_ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = REPO_ROOT / "tools" / "nginx.conf.template"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
BROTLI_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
SUB_PATH = "/games/boce/"
# The same dist/ under a second sub-path that only the first-visit test loads: its files are
# never in a browser's HTTP cache (keyed by URL) nor under the service worker's scope, whatever
# ran before it in the one WebKit session of the run, so no test depends on the files' order.
FIRST_VISIT_PATH = "/first-visit/boce/"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Nginx:
    process: subprocess.Popen[bytes]
    prefix: Path
    origin: str  # http://127.0.0.1:PORT
    brotli: bool

    @property
    def game(self) -> str:
        """The game's URL under the sub-path."""
        return f"{self.origin}{SUB_PATH}"

    @property
    def first_visit(self) -> str:
        """The game's URL under the sub-path no other test loads (FIRST_VISIT_PATH)."""
        return f"{self.origin}{FIRST_VISIT_PATH}"

    @classmethod
    def start(cls, dist: Path) -> Nginx:
        prefix = Path(tempfile.mkdtemp(prefix="boce-nginx-"))
        for sub in ("tmp", "root"):
            (prefix / sub).mkdir()
        port = free_port()
        brotli = BROTLI_MODULE.is_file()
        conf = TEMPLATE.read_text()
        for key, value in {
            "PREFIX": str(prefix), "PORT": str(port), "DIST": str(dist), "SUBPATH": SUB_PATH,
            # as root, workers would otherwise switch to `nobody` and could not read the prefix
            "USER": "user root;" if os.geteuid() == 0 else "",
            "LOAD_BROTLI": f"load_module {BROTLI_MODULE};" if brotli else "",
            "BROTLI_STATIC": "brotli_static on;" if brotli else "",
        }.items():
            conf = conf.replace(f"@{key}@", value)
        conf = conf.replace("the @NAME@ placeholders", "the placeholders")
        # the game's location block once more, under FIRST_VISIT_PATH
        block = re.search(rf"\n        location {re.escape(SUB_PATH)} \{{.*?\n        \}}\n", conf, re.S)
        if block is None:
            shutil.rmtree(prefix, ignore_errors=True)
            raise RuntimeError(f"no `location {SUB_PATH}` block in nginx.conf.template")
        conf = conf.replace(block.group(0), block.group(0) + block.group(0).replace(SUB_PATH, FIRST_VISIT_PATH))
        if re.search(r"@[A-Z_]+@", conf):
            shutil.rmtree(prefix, ignore_errors=True)
            raise RuntimeError("unfilled placeholder in nginx.conf.template")
        (prefix / "nginx.conf").write_text(conf)
        process = subprocess.Popen(
            [NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-e", str(prefix / "error.log"),
             "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        server = cls(process, prefix, f"http://127.0.0.1:{port}", brotli)
        deadline = time.monotonic() + 20
        while True:
            if process.poll() is not None:
                err = process.stderr.read().decode() if process.stderr else ""
                shutil.rmtree(prefix, ignore_errors=True)
                raise RuntimeError(f"nginx exited ({process.returncode}): {err}")
            try:
                urllib.request.urlopen(server.game, timeout=2).close()
                return server
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    server.stop()
                    raise RuntimeError("nginx did not answer within 20 s") from None
                time.sleep(0.1)

    def add_page(self, name: str, html: str) -> str:
        """Serve `html` at /name (outside the game's folder); returns its URL."""
        (self.prefix / "root" / name).write_text(html)
        return f"{self.origin}/{name}"

    def log_mark(self) -> int:
        """The access log's current length, for `log_since`."""
        path = self.prefix / "access.log"
        return path.stat().st_size if path.exists() else 0

    def log_since(self, mark: int) -> list[tuple[str, int]]:
        """(request path, status) of every request logged after `mark`."""
        with open(self.prefix / "access.log", "rb") as f:
            f.seek(mark)
            lines = f.read().decode("utf-8", "replace").splitlines()
        out = []
        for line in lines:
            # combined format: ... "GET /path HTTP/1.1" 200 123 "referer" "agent"
            try:
                request, rest = line.split('"', 2)[1:3]
                out.append((request.split(" ")[1], int(rest.split()[0])))
            except (IndexError, ValueError):
                out.append((line, 0))
        return out

    def page_requests_since(self, mark: int) -> list[tuple[str, int]]:
        """Like `log_since`, without the service worker's own requests (its precaching: their
        Referer is sw.js), i.e. what the pages and their workers asked for."""
        with open(self.prefix / "access.log", "rb") as f:
            f.seek(mark)
            lines = f.read().decode("utf-8", "replace").splitlines()
        out = []
        for line in lines:
            parts = line.split('"')  # combined: ... "GET /p HTTP/1.1" 200 123 "referer" "agent"
            if len(parts) > 3 and parts[3].split("?")[0].endswith("/sw.js"):
                continue
            try:
                out.append((parts[1].split(" ")[1], int(parts[2].split()[0])))
            except (IndexError, ValueError):
                out.append((line, 0))
        return out

    def stop(self) -> None:
        stop_process(self.process, 10)  # SIGTERM: nginx's fast shutdown
        shutil.rmtree(self.prefix, ignore_errors=True)
