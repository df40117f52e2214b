#!/usr/bin/env python3
"""Build dist/: exactly the files a static host needs to serve the game (`make dist`).

    python tools/dist.py [--out dist]

What goes in (docs/hosting.md "Publishing" explains how to serve it):

* every top-level page and its companions: *.html, *.js, *.mjs, *.webmanifest, *.toml and
  *.py in the repository root (index.html, pyscript.toml, main.py, and whatever pages,
  service worker or manifest are added later), except the project's own build files (EXCLUDE);
* the engine package as the page loads it: engine/**/*.py and engine/data/*.json;
* static/ without static/vendor/ (the game's scripts, styles, art, par.json);
* from static/vendor/ only the PyScript and Pyodide files the page loads (VENDOR_FILES: taken
  from a request log of a real page load; tests/xbrowser fails when a page asks for anything
  that is not in dist/), under folders named after their pinned versions and the content of
  the files shipped from them (static/vendor/pyodide-314.0.7-<12 hex>/...: our stdlib zip is
  rebuilt under the same version), so a host can cache them for a year (`immutable`): new content
  is a new URL; the memory snapshot of `make vendor` (static/vendor/snapshot/) likewise under a
  folder named after its content hash (static/vendor/snapshot-<12 hex>/), inflated (engine.bin:
  its brotli copy is a quarter smaller than the gzip data of engine.snap), left out when none was
  built (the page then boots without it). Every shipped text file that names a vendored folder
  (`vendor/pyodide/`, `../vendor/snapshot/`, ...: the pages, pyscript.toml, static/boot/*.mjs,
  the lab worker) is rewritten to match;
* static/precache.js, the service worker's list, written anew for dist/ (tools/precache.py) once
  every other file is in place, so its paths and hashes are those of dist/.

Then: the version stamp `<package.json version>+<git short hash>[.dirty]` goes into every
top-level page's `<meta name="version">` (the info screen's operator view shows it) and into
static/version.json; every compressible file of 1 KiB or more gets `.gz` (gzip -9) and `.br`
(brotli quality 11; with a 16 MB window for files over 4 MiB, i.e. the snapshot) copies beside it, kept only when they save at least 5%. Compressed copies
are cached by content hash in build/precompress/, so a rebuild after a small change is quick.
dist/ is built in a temporary folder and swapped in at the end.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import sys
from pathlib import Path

import brotli

ROOT = Path(__file__).resolve().parents[1]
TOP_LEVEL_GLOBS = ("*.html", "*.js", "*.mjs", "*.webmanifest", "*.toml", "*.py")
EXCLUDE = {"pyproject.toml", "setup.py", "conftest.py", "noxfile.py", "eslint.config.mjs"}

# The vendored runtime files a page load requests (PyScript 0.7.31, Pyodide 314.0.7). PyScript's
# chunk names carry a content hash: after a version bump, take a new request log (docs/hosting.md
# "Publishing") and update this list; the cross-browser tests fail on any file missing here.
VENDOR_FILES = {
    "pyscript": [
        "core.js", "core.css", "core-C9KDLldu.js", "deprecations-manager-UpAPKqCb.js",
        "donkey-4Hrqd7WZ.js", "error-D2315lOB.js", "py-editor-C4XsZtn7.js", "py-game-DWiCrr7a.js",
        "py-terminal-CwQ6kcjg.js", "toml-V4Savzlc.js",
    ],
    "pyodide": [
        "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
    ],
    # built by `make vendor` (static/boot/pyodide.mjs restores it, and mounts one of the small zips:
    # stdlib-page.zip when Python runs on the page); optional. engine.snap (gzip data) ships
    # inflated, as engine.bin with its .br/.gz copies (snapshot_files below)
    "snapshot": ["engine.snap", "manifest.json", "stdlib.zip", "stdlib-page.zip"],
}
# npm package of each vendored folder (its pinned version names the folder in dist/).
VENDOR_PACKAGES = {"pyscript": "@pyscript/core", "pyodide": "pyodide"}

COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".toml", ".py", ".svg", ".wasm",
                ".webmanifest", ".txt", ".map", ".zip", ".bin"}
# Shipped files whose text may name a vendored folder (rewritten to its versioned name).
TEXT = {".html", ".js", ".mjs", ".css", ".json", ".toml", ".py", ".webmanifest"}
MIN_SIZE = 1024
MIN_SAVING = 0.05
CACHE = ROOT / "build" / "precompress"


def version_stamp() -> str:
    """package.json's version + the git commit (".dirty" when tracked files differ from it)."""
    version = json.loads((ROOT / "package.json").read_text())["version"]
    try:
        commit = subprocess.run(["git", "rev-parse", "--short=10", "HEAD"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               check=True, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return f"{version}+nogit"
    return f"{version}+{commit}{'.dirty' if dirty else ''}"


def snapshot_files() -> dict[str, bytes] | None:
    """{name: bytes} of the snapshot folder as dist/ ships it, or None when none was built: the
    snapshot's pages inflated (engine.bin, its manifest saying so). Sent as its brotli copy
    (quality 11, 2.3 MB) it is a quarter smaller than the gzip data of engine.snap (3.2 MB), and
    the browser inflates it itself."""
    snapshot = ROOT / "static" / "vendor" / "snapshot"
    if not all((snapshot / name).is_file() for name in VENDOR_FILES["snapshot"]):
        return None
    manifest = json.loads((snapshot / "manifest.json").read_text())
    files = {name: (snapshot / name).read_bytes() for name in VENDOR_FILES["snapshot"]}
    if manifest.get("encoding") == "gzip":
        raw = gzip.decompress(files.pop(manifest["file"]))
        manifest.update(file="engine.bin", encoding="identity", stored=len(raw))
        files[manifest["file"]] = raw
        files["manifest.json"] = (json.dumps(manifest, indent=1) + "\n").encode()
    return files


def content_hash(files: dict[str, bytes]) -> str:
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(f"{name} {hashlib.sha256(files[name]).hexdigest()}\n".encode())
    return digest.hexdigest()[:12]


def vendor_dirs(snapshot: dict[str, bytes] | None) -> dict[str, str]:
    """{"pyodide": "pyodide-314.0.7-<hash>", "snapshot": "snapshot-<hash>", ...}: the folder name
    of each vendored package (its pinned version and a hash of the files dist/ ships from it: our
    python_stdlib.zip is rebuilt under the same version), and of the snapshot when one was built
    (a hash of its files)."""
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    dirs = {}
    for short, pkg in VENDOR_PACKAGES.items():
        files = {name: (ROOT / "static" / "vendor" / short / name).read_bytes()
                 for name in VENDOR_FILES[short] if (ROOT / "static" / "vendor" / short / name).is_file()}
        dirs[short] = f"{short}-{lock['node_modules/' + pkg]['version']}-{content_hash(files)}"
    if snapshot is not None:
        dirs["snapshot"] = f"snapshot-{content_hash(snapshot)}"
    else:
        print("dist.py: NOTE: no memory snapshot (static/vendor/snapshot/): dist/ boots without it",
              file=sys.stderr)
    return dirs


def top_level_files() -> list[Path]:
    found = {p for pattern in TOP_LEVEL_GLOBS for p in ROOT.glob(pattern) if p.is_file()}
    return sorted(p for p in found if p.name not in EXCLUDE and not p.name.startswith("."))


def source_files() -> dict[str, Path]:
    """{path in dist: source file} of everything but the vendored runtime."""
    files = {p.name: p for p in top_level_files()}
    for p in sorted((ROOT / "engine").rglob("*.py")):
        if "__pycache__" not in p.parts:
            files[p.relative_to(ROOT).as_posix()] = p
    for p in sorted((ROOT / "engine" / "data").glob("*.json")):
        files[p.relative_to(ROOT).as_posix()] = p
    for p in sorted((ROOT / "static").rglob("*")):
        rel = p.relative_to(ROOT)
        if p.is_file() and rel.parts[1] != "vendor" and "__pycache__" not in rel.parts:
            files[rel.as_posix()] = p
    return files


def vendor_files(dirs: dict[str, str]) -> dict[str, Path]:
    files = {}
    for short, names in VENDOR_FILES.items():
        if short not in dirs or short == "snapshot":  # (the snapshot: snapshot_files())
            continue
        for name in names:
            src = ROOT / "static" / "vendor" / short / name
            if not src.is_file():
                sys.exit(f"dist.py: {src.relative_to(ROOT)} is missing (run `make vendor`)")
            files[f"static/vendor/{dirs[short]}/{name}"] = src
    return files


MODULE_SCRIPT = re.compile(r'<script type="module" src="\./([^"]+)"')
STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b[^"\'();]*?\bfrom\s*["\'](\.{1,2}/[^"\']+)["\']|^\s*import\s*["\'](\.{1,2}/[^"\']+)["\']', re.M)
PRELOAD_MARK = "<!-- modulepreload -->"


def module_closure(root: Path, html: str) -> list[str]:
    """Every module of a page's module scripts and what they import, directly or not (static
    imports only): root-relative paths, the whole graph of the first script, then what the next
    one adds, and so on (so that the first paint's small graph, an early script, comes first)."""
    seen: list[str] = []
    for entry in MODULE_SCRIPT.findall(html):
        todo = [entry]
        while todo:
            rel = todo.pop(0)
            if rel in seen or not (root / rel).is_file():
                continue
            seen.append(rel)
            for a, b in STATIC_IMPORT.findall((root / rel).read_text(encoding="utf-8")):
                todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(rel), a or b)))
    return seen


def preload_modules(root: Path, html: str) -> str:
    """The page with a <link rel=modulepreload> for each module of its module scripts' import
    graph at its PRELOAD_MARK: the browser fetches the whole graph at once instead of one level
    of imports per round trip (on the phone profile, the reels were painted about 0.5 s sooner)."""
    if PRELOAD_MARK not in html:
        return html
    links = "\n".join(f'    <link rel="modulepreload" href="./{rel}">' for rel in module_closure(root, html))
    return html.replace(f"    {PRELOAD_MARK}", links, 1)


# A JSDoc block on lines of its own ("/** ... */" from a line's start to a line's end): the type
# comments the checker reads (docs/frontend.md "Types"), which no browser needs. The blocks made
# the page's modules 42 KB larger as brotli; dist/ ships our own modules (static/js/,
# static/boot/) without them. A comment that shares its line with code (an inline cast,
# `/** @type {X} */ (value)`) stays. tests/xbrowser/test_dist.py checks that each shipped
# module is the same program as its source (TypeScript's printer, comments removed).
DOC_BLOCK = re.compile(r"^[ \t]*/\*\*(?:(?!\*/).)*\*/[ \t]*\n", re.M | re.S)
OWN_MODULES = ("static/js/", "static/boot/")


def strip_doc_blocks(rel: str, text: str) -> str:
    r"""`text` of the shipped file `rel` without its JSDoc blocks, if it is one of our modules.

    >>> strip_doc_blocks("static/js/a.js", "/** A.\n *  @type {number} */\nconst a = /** @type {number} */ (1);\n")
    'const a = /** @type {number} */ (1);\n'
    >>> strip_doc_blocks("main.py", "x = 1  # /** not JS */\n")
    'x = 1  # /** not JS */\n'
    """
    if rel.startswith(OWN_MODULES) and rel.endswith((".js", ".mjs")):
        return DOC_BLOCK.sub("", text)
    return text


def rewrite(text: str, dirs: dict[str, str], stamp: str) -> str:
    for short, versioned in dirs.items():
        # "./static/vendor/pyodide/", "../vendor/pyodide/", "../../vendor/pyodide/"...
        text = re.sub(rf"(?<![\w.-])vendor/{short}/", f"vendor/{versioned}/", text)
    return re.sub(r'(<meta\s+name="version"\s+content=")[^"]*(")', rf"\g<1>{stamp}\g<2>", text)


# Brotli at quality 11 with its largest window (16 MB, which browsers accept) for files over 4 MB
# (the snapshot's 8.9 MB of pages and the 9.6 MB wasm; ~10-40 s here, once: the copies are
# cached); the default window for the others.
BIG = 4 * 2**20


def compressed(data: bytes, kind: str) -> bytes:
    """gzip -9 or brotli (q11; a 16 MB window for BIG files) of `data`, from the cache when this
    content was compressed before."""
    if kind == "br" and len(data) > BIG:
        kind, options = "br11w24", {"quality": 11, "lgwin": 24}
    else:
        options = {"quality": 11}
    key = CACHE / f"{hashlib.sha256(data).hexdigest()}.{kind}"
    if key.is_file():
        return key.read_bytes()
    out = gzip.compress(data, 9, mtime=0) if kind == "gz" else brotli.compress(data, **options)
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = key.with_suffix(".tmp")
    tmp.write_bytes(out)
    tmp.replace(key)
    return out


def precompress(out: Path) -> int:
    n = 0
    for p in sorted(out.rglob("*")):
        if not p.is_file() or p.suffix not in COMPRESSIBLE or p.stat().st_size < MIN_SIZE:
            continue
        data = p.read_bytes()
        for kind in ("gz", "br"):
            packed = compressed(data, kind)
            if len(packed) <= (1 - MIN_SAVING) * len(data):
                p.with_name(f"{p.name}.{kind}").write_bytes(packed)
                n += 1
    return n


def build(out: Path) -> str:
    stamp = version_stamp()
    snapshot = snapshot_files()
    dirs = vendor_dirs(snapshot)
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    for rel, src in source_files().items():
        dst = tmp / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        text = src.read_text(encoding="utf-8") if Path(rel).suffix in TEXT else None
        if text is not None and (shipped := strip_doc_blocks(rel, rewrite(text, dirs, stamp))) != text:
            dst.write_text(shipped, encoding="utf-8")  # vendored paths, the stamp, no JSDoc blocks
        else:  # byte for byte (the snapshot's manifest checks the engine files' hashes)
            shutil.copyfile(src, dst)
    for rel, src in vendor_files(dirs).items():
        dst = tmp / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    for name, data in (snapshot or {}).items():
        dst = tmp / "static" / "vendor" / dirs["snapshot"] / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_bytes(data)
    for page in tmp.glob("*.html"):  # after the copies: the graph is read from dist/ itself
        page.write_text(preload_modules(tmp, page.read_text(encoding="utf-8")), encoding="utf-8")
    (tmp / "static" / "version.json").write_text(json.dumps({"version": stamp}) + "\n")
    # the service worker's list of dist/'s own files and hashes, last of all but the copies
    subprocess.run([sys.executable, str(ROOT / "tools" / "precache.py"), str(tmp)], check=True)
    n = precompress(tmp)
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files if p.suffix not in (".gz", ".br"))
    print(f"dist.py: {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} version {stamp}: "
          f"{len(files) - n} files ({size / 1e6:.1f} MB) + {n} precompressed copies")
    return stamp


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    build(parser.parse_args().out.resolve())


if __name__ == "__main__":
    main()
