"""What tools/bench_browser.py loads, served as a player gets it: the published build (dist/) and
the bare Pyodide page, both from one nginx (tests/xbrowser/nginx.py, tools/nginx.conf.template)
with their brotli and gzip copies sent as is.

`serve()` starts nginx on dist/ and puts the bare page under its root as /bare/: bare.html,
bare.mjs importing ./pyodide/pyodide.mjs, and the npm package's files (node_modules/pyodide, as
shipped) with their brotli (quality 11, as tools/dist.py makes them, from its cache) and gzip
copies beside them.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests" / "xbrowser"), str(ROOT / "tools")]

import dist  # noqa: E402  (tools/dist.py: its compressed(), cached in build/precompress/)
from nginx import Nginx  # noqa: E402

BARE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def serve() -> tuple[Nginx, str, str]:
    """(the server, the game's URL, the bare page's URL); `server.stop()` ends it."""
    if not (ROOT / "dist" / "index.html").is_file():
        raise SystemExit("bench_browser: dist/ is missing: run `make dist`")
    server = Nginx.start(ROOT / "dist")
    if not server.brotli:
        print("bench_browser: NOTE: nginx has no brotli module; gzip copies are sent instead", flush=True)
    try:
        bare = server.prefix / "root" / "bare"
        (bare / "pyodide").mkdir(parents=True)
        shutil.copy(ROOT / "tools" / "bench" / "bare.html", bare / "bare.html")
        mjs = (ROOT / "tools" / "bench" / "bare.mjs").read_text()
        (bare / "bare.mjs").write_text(mjs.replace("../../node_modules/pyodide/", "./pyodide/"))
        for name in BARE_FILES:
            data = (ROOT / "node_modules" / "pyodide" / name).read_bytes()
            (bare / "pyodide" / name).write_bytes(data)
            for kind in ("br", "gz"):
                (bare / "pyodide" / f"{name}.{kind}").write_bytes(dist.compressed(data, kind))
    except BaseException:
        server.stop()
        raise
    return server, server.game + "?speed=normal", f"{server.origin}/bare/bare.html"
