"""dist/ (make dist) and how nginx serves it, checked without a browser.

Expected values: the files the page names (pyscript.toml's [files] and interpreter, index.html's
links), package.json's version and git's HEAD (the stamp), the MIME types and cache headers
docs/hosting.md "Publishing" prescribes, gzip/brotli decompression of the copies (their originals).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import subprocess
import tomllib
import urllib.request
from pathlib import Path

import brotli
import pytest
from nginx import REPO_ROOT, SUB_PATH, Nginx
from snapshot_pages import read_pages

# docs/hosting.md "Publishing": the Content-Type of each kind of file in dist/.
MIME = {
    ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
    ".json": "application/json", ".webmanifest": "application/manifest+json",
    ".toml": "application/toml", ".py": "text/x-python", ".wasm": "application/wasm",
    ".zip": "application/zip", ".svg": "image/svg+xml", ".png": "image/png",
    ".ico": "image/x-icon", ".txt": "text/plain", ".bin": "application/octet-stream",
    ".snap": "application/octet-stream",
}


def originals(dist: Path) -> list[Path]:
    return sorted(p for p in dist.rglob("*") if p.is_file() and p.suffix not in (".gz", ".br"))


def get(url: str, encoding: str | None = None) -> tuple[dict[str, str], bytes]:
    req = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return {k.lower(): v for k, v in resp.headers.items()}, resp.read()


def test_dist_holds_what_the_page_names_and_nothing_of_the_workshop(dist: Path) -> None:
    names = {p.relative_to(dist).as_posix() for p in originals(dist)}
    config = tomllib.loads((dist / "pyscript.toml").read_text())
    # every file PyScript copies into Pyodide, and the interpreter it loads
    assert set(config["files"]) - {"./" + n for n in names} == set()
    assert config["interpreter"].removeprefix("./") in names
    # every local URL index.html links
    html = (dist / "index.html").read_text()
    linked = {u.removeprefix("./") for u in re.findall(r'(?:src|href)="(\./[^"]+)"', html)} - {""}
    assert linked - names == set()
    # the repository's own files never ship
    assert not [n for n in names if n.split("/")[0] in ("tests", "tools", "docs", "node_modules", ".venv")]
    assert not [n for n in names if n.endswith((".map", ".md", ".pyc")) or n in (
        "package.json", "package-lock.json", "pyproject.toml", "Makefile", "eslint.config.mjs")]
    # the runtime only under folders named after its pinned npm versions (package-lock.json) and
    # the content of the files in them, the memory snapshot under one named after its content
    # (tools/dist.py: a SHA-256 over "name sha256\n" of each file, sorted), so that new content
    # is a new URL (nginx sends them as immutable)
    lock = json.loads((REPO_ROOT / "package-lock.json").read_text())["packages"]
    folders = {n.split("/")[2] for n in names if n.startswith("static/vendor/")}

    def content(folder: str) -> str:
        files = sorted(n for n in names if n.startswith(f"static/vendor/{folder}/"))
        lines = "".join(f"{n.rsplit('/', 1)[1]} {hashlib.sha256((dist / n).read_bytes()).hexdigest()}\n" for n in files)
        return hashlib.sha256(lines.encode()).hexdigest()[:12]

    assert folders == {f"pyodide-{lock['node_modules/pyodide']['version']}-{content(f)}" for f in folders
                       if f.startswith("pyodide-")} | {
        f"pyscript-{lock['node_modules/@pyscript/core']['version']}-{content(f)}" for f in folders
        if f.startswith("pyscript-")} | {f"snapshot-{content(f)}" for f in folders if f.startswith("snapshot-")}
    assert len(folders) == 3, folders
    # the snapshot ships inflated (its brotli copy is what a browser downloads) with the small
    # stdlib zip it mounts; the manifest says so
    snap_dir = next(f for f in folders if f.startswith("snapshot-"))
    snap_manifest = json.loads((dist / "static/vendor" / snap_dir / "manifest.json").read_text())
    assert snap_manifest["file"] == "engine.bin" and snap_manifest["encoding"] == "identity"
    # engine.bin is the snapshot's non-zero pages inflated (tools/build_runtime.mjs packPages):
    # its pages fill it exactly (read_pages), and its size is the manifest's `packed` and `stored`
    packed = (dist / "static/vendor" / snap_dir / "engine.bin").read_bytes()
    read_pages(packed, snap_manifest["page"], snap_manifest["bytes"])
    assert len(packed) == snap_manifest["packed"] == snap_manifest["stored"]
    assert (dist / "static/vendor" / snap_dir / snap_manifest["restoreStdlib"]).is_file()
    assert (dist / "static/vendor" / snap_dir / snap_manifest["restoreStdlibPage"]).is_file()
    # no shipped file names a vendored folder by its unversioned name
    for name in names:
        if Path(name).suffix in (".html", ".js", ".mjs", ".toml", ".json", ".webmanifest", ".css"):
            text = (dist / name).read_text()
            assert not re.search(r"vendor/(pyodide|pyscript|snapshot)/", text), name
    # the new boot path (the engine's worker and its loader), the service worker, its list (for
    # dist/'s own files) and the manifest
    for name in ("static/boot/engine-worker.mjs", "static/boot/pyodide.mjs", "static/boot/strict-csp.js",
                 "static/js/round/bridge.js", "main.py", "sw.js", "manifest.webmanifest",
                 "static/precache.js", "par.html", "static/js/par/lab-worker.js"):
        assert name in names, name
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert {i["src"] for i in manifest["icons"]} - names == set()
    precache = json.loads((dist / "static/precache.js").read_text().split("self.PRECACHE = ", 1)[1].rstrip().rstrip(";"))
    for name, want in precache["files"].items():
        assert hashlib.sha256((dist / name).read_bytes()).hexdigest() == want, name
    # every file of dist/ but the service worker itself and the list is precached
    assert names - set(precache["files"]) == {"sw.js", "static/precache.js"}


def test_precompressed_copies_are_their_originals(dist: Path) -> None:
    for big in ("pyodide.asm.wasm", "engine.bin"):  # the runtime and the memory snapshot
        wasm = next(dist.rglob(big))
        assert wasm.with_name(wasm.name + ".br").is_file() and wasm.with_name(wasm.name + ".gz").is_file()
    copies = sorted(p for p in dist.rglob("*") if p.suffix in (".gz", ".br"))
    assert len(copies) > 20
    for copy in copies:
        original = copy.with_suffix("")
        data = gzip.decompress(copy.read_bytes()) if copy.suffix == ".gz" else brotli.decompress(copy.read_bytes())
        assert data == original.read_bytes(), copy
        assert copy.stat().st_size < original.stat().st_size, copy


def test_version_stamp_is_package_version_and_commit(dist: Path) -> None:
    stamp = json.loads((dist / "static" / "version.json").read_text())["version"]
    version = json.loads((REPO_ROOT / "package.json").read_text())["version"]
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO_ROOT, capture_output=True, text=True).stdout
    assert re.fullmatch(r"[0-9.]+\+[0-9a-f]{10}(\.dirty)?", stamp), stamp
    assert stamp.startswith(f"{version}+")
    # built from this checkout's HEAD (rebuild with `make dist` after committing)
    assert head.startswith(stamp.split("+")[1].split(".")[0])
    for page in dist.glob("*.html"):
        assert f'<meta name="version" content="{stamp}">' in page.read_text(), page


def test_nginx_sends_each_file_with_its_type_and_cache_policy(dist: Path, server: Nginx) -> None:
    for path in originals(dist):
        rel = path.relative_to(dist).as_posix()
        headers, body = get(server.game + rel)
        assert body == path.read_bytes(), rel
        assert headers["content-type"].split(";")[0] == MIME[path.suffix], (rel, headers["content-type"])
        assert headers["x-content-type-options"] == "nosniff"
        if rel.startswith("static/vendor/"):
            assert headers["cache-control"] == "public, max-age=31536000, immutable", rel
        else:
            assert headers["cache-control"] == "no-cache", rel
    # the sub-path's index is the game
    assert get(server.game)[1] == (dist / "index.html").read_bytes()


@pytest.mark.parametrize("encoding", ["br", "gzip"])
def test_nginx_sends_the_precompressed_copies(dist: Path, server: Nginx, encoding: str) -> None:
    # Debian's nginx has gzip_static; brotli_static comes from libnginx-mod-http-brotli-static
    # (.ci/run installs it), so both must be there.
    assert server.brotli, "libnginx-mod-http-brotli-static is not installed (.ci/run installs it)"
    suffix = {"br": ".br", "gzip": ".gz"}[encoding]
    for copy in sorted(dist.rglob("*" + suffix)):
        rel = copy.with_suffix("").relative_to(dist).as_posix()
        headers, body = get(server.game + rel, encoding)
        assert headers.get("content-encoding") == encoding, rel
        assert body == copy.read_bytes(), rel
        assert "Accept-Encoding" in headers.get("vary", ""), rel
        assert headers["content-type"].split(";")[0] == MIME[Path(rel).suffix], rel
    # a client that accepts neither gets the original bytes
    headers, body = get(server.game + "static/js/app/app.js", "identity")
    assert "content-encoding" not in headers and body == (dist / "static/js/app/app.js").read_bytes()
    assert SUB_PATH in server.game


def test_our_modules_ship_as_the_same_programs_without_their_jsdoc_blocks(dist: Path, tmp_path: Path) -> None:
    # tools/dist.py ships static/js/ and static/boot/ without their JSDoc blocks (the checker's
    # types). Expected, by a second method: each shipped module, parsed by TypeScript and printed
    # without comments, is its source's print (the source with dist's vendored folder names, as
    # the build rewrites them: pyodide/ -> pyodide-<version>-<hash>/); and a JSDoc block is left
    # in none of them, while the sources hold hundreds.
    versioned = {p.name.split("-")[0]: p.name for p in (dist / "static" / "vendor").iterdir() if p.is_dir()}
    pairs: list[str] = []
    blocks_in_sources = 0
    for shipped in sorted((dist / "static").rglob("*")):
        rel = shipped.relative_to(dist).as_posix()
        if shipped.suffix not in (".js", ".mjs") or not rel.startswith(("static/js/", "static/boot/")):
            continue
        text = (REPO_ROOT / rel).read_text(encoding="utf-8")
        blocks_in_sources += len(re.findall(r"^[ \t]*/\*\*", text, re.M))
        for short, name in versioned.items():
            text = re.sub(rf"(?<![\w.-])vendor/{short}/", f"vendor/{name}/", text)
        source = tmp_path / rel
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(text, encoding="utf-8")
        pairs += [str(source), str(shipped)]
        assert not re.search(r"^[ \t]*/\*\*(?:(?!\*/).)*\*/[ \t]*$", shipped.read_text(encoding="utf-8"), re.M | re.S), rel
    assert len(pairs) // 2 > 60 and blocks_in_sources > 500, (len(pairs) // 2, blocks_in_sources)
    out = subprocess.run(["node", str(REPO_ROOT / "tests" / "js" / "sameprogram.mjs"), *pairs],
                         capture_output=True, text=True, cwd=REPO_ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
