"""The fast boot path (docs/boot.md): a precompiled standard library and a memory snapshot with
the engine imported, restored by static/boot/pyodide.mjs in the engine's worker
(static/boot/engine-worker.mjs), and the plain boot it falls back to.

Expected rounds come from CPython's engine here (`play_round(load_model(), bet, Random(seed))`,
the seeded-page contract), never from the page. Which path a boot took is read from the loader
module's `boot` record in the worker, asked through static/js/round/bridge.js's `engine` (the module
instance the page itself loaded).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import time
from collections.abc import Callable

import pytest
from e2e_harness import BOOT_TIMEOUT_MS, REPO_ROOT, Game, Site, Watch
from page_support import BOOT_PATH as BOOT
from page_support import PYTHON
from playwright.sync_api import BrowserContext, Route
from snapshot_pages import read_pages

from engine import load_model, play_round

MODEL = load_model()
NOTE = "Booting Pyodide without a snapshot"


def python(game: Game, code: str) -> object:
    """The value of a Python expression in the engine's interpreter (in its worker)."""
    return game.page.evaluate(PYTHON, code)


def play_seeded(game: Game, seed: int, rounds: int) -> None:
    # expected: CPython's first `rounds` play_round(model, 100, Random(seed))
    rng = random.Random(seed)
    for _ in range(rounds):
        want = play_round(MODEL, 100, rng).to_dict()
        got = game.page.evaluate("game.spin()")
        assert [s["stops"] for s in got["spins"]] == [s["stops"] for s in want["spins"]]
        assert got["total_win"] == want["total_win"]


def infos(page_logs: list[str]) -> list[str]:
    return [line for line in page_logs if NOTE in line]


@pytest.fixture
def notes(context: BrowserContext) -> list[str]:
    """Console lines of every page of the test's context (info level included)."""
    logs: list[str] = []
    context.on("console", lambda message: logs.append(message.text))
    return logs


def test_snapshot_exists_and_boots_the_seeded_game(open_game: Callable[..., Game], site: Site,
                                                   notes: list[str]) -> None:
    # `make vendor` (run by `make test`) built it; a missing one would silently cost speed only
    snapshot = REPO_ROOT / "static/vendor/snapshot/engine.snap"
    assert snapshot.is_file()
    # stored gzipped: a gzip member starts with the magic bytes 1f 8b (RFC 1952)
    assert snapshot.read_bytes()[:2] == b"\x1f\x8b"
    game = open_game(site.root + "?seed=7&speed=fast")
    assert game.page.evaluate(BOOT) == "snapshot"
    assert infos(notes) == []
    # the engine came out of the snapshot already imported, and the model was read after it
    assert python(game, "import sys; 'engine.round' in sys.modules") is True
    play_seeded(game, 7, 3)


def test_startup_modules_load_from_bytecode(open_game: Callable[..., Game], site: Site) -> None:
    game = open_game(site.root + "?speed=fast")
    # tools/build_runtime.mjs compiled what a start-up imports (json, random, asyncio, ...) and left
    # the rest as source (tomllib is imported by nothing at start-up)
    origins = python(game, """
import json, random, asyncio, tomllib
' '.join(m.__spec__.origin.rsplit('.', 1)[1] for m in (json, random, asyncio, tomllib))""")
    assert origins == "pyc pyc pyc py"


def test_each_restore_draws_a_fresh_shared_generator(open_game: Callable[..., Game], site: Site) -> None:
    # the snapshot froze `random`'s shared generator at build time; pyodide.mjs reseeds it after
    # each restore (_boce_after_restore), so two snapshot boots draw different numbers (left
    # frozen, both would draw the build's next number). The game's own generators are separate:
    # Random(N) for ?seed=N, else SystemRandom.
    draws = []
    for _ in range(2):
        game = open_game(site.root + "?speed=fast")
        assert game.page.evaluate(BOOT) == "snapshot"
        draws.append(python(game, "import random; repr(random.random())"))
        game.page.close()
    assert draws[0] != draws[1], draws


def test_missing_snapshot_falls_back_to_a_plain_boot(context: BrowserContext, site: Site, watch: Watch,
                                                     notes: list[str]) -> None:
    # as on a machine where the snapshot step failed: no manifest, so no snapshot is fetched
    context.route("**/static/vendor/snapshot/**", lambda route: route.fulfill(status=404, body="not found"))
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + "?seed=7&speed=fast")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    game = Game(page, watch, page.url, 0.0)
    path = game.page.evaluate(BOOT)
    assert path == "plain: no snapshot (manifest.json: HTTP 404)"
    assert infos(notes) == [f"{NOTE}: no snapshot (manifest.json: HTTP 404)."]
    play_seeded(game, 7, 2)
    # the 404 (and the browser's console line about it) is the only fault: expected here
    assert [e.split()[0] for e in watch.http_errors] == ["404"]
    assert watch.http_errors[0].endswith("/static/vendor/snapshot/manifest.json")
    assert all("404" in e for e in watch.console_errors) and watch.page_errors == []
    watch.http_errors.clear()
    watch.console_errors.clear()


def test_snapshot_of_other_engine_files_is_not_used(context: BrowserContext, open_game: Callable[..., Game],
                                                    site: Site, notes: list[str]) -> None:
    # The page is served an engine/rng.py that differs from the one the snapshot imported (one
    # comment more, same behaviour): the snapshot's engine would not be the served one, so the
    # loader must boot plainly and import the served files.
    source = (REPO_ROOT / "engine/rng.py").read_text() + "\n# changed after the snapshot was built\n"

    def changed(route: Route) -> None:
        route.fulfill(body=source, content_type="text/x-python")

    context.route("**/engine/rng.py", changed)
    game = open_game(site.root + "?seed=5&speed=fast")
    assert game.page.evaluate(BOOT) == "plain: snapshot made from other engine files (engine/rng.py)"
    assert infos(notes) == [f"{NOTE}: snapshot made from other engine files (engine/rng.py)."]
    assert python(game, "import engine.rng; open(engine.rng.__file__).read().endswith('built\\n')") is True
    play_seeded(game, 5, 2)


def test_snapshot_that_cannot_be_restored_falls_back_to_a_plain_boot(
        context: BrowserContext, open_game: Callable[..., Game], notes: list[str], site: Site) -> None:
    # engine.snap's bytes replaced by others of a corrupt download (not gzip data): the restore
    # fails, and the loader boots plainly on the full standard library zip
    context.route("**/static/vendor/snapshot/engine.snap",
                  lambda route: route.fulfill(body=bytes(range(256)) * 64, content_type="application/octet-stream"))
    game = open_game(site.root + "?seed=7&speed=fast")
    path = game.page.evaluate(BOOT)
    assert path.startswith("plain: snapshot restore failed: "), path
    assert infos(notes) == [f"{NOTE}: {path.removeprefix('plain: ')}."]
    assert python(game, "import sys; [p for p in sys.path if p.endswith('.zip')]") == "['/lib/python314.zip']"
    assert python(game, "import zipfile, sys; len(zipfile.ZipFile('/lib/python314.zip').namelist()) > 500") is True
    play_seeded(game, 7, 2)


SNAP_DIR = REPO_ROOT / "static/vendor/snapshot"


def packed_pages() -> tuple[dict[str, object], list[int], list[bytes]]:
    """engine.snap read here by the format tools/build_runtime.mjs packPages writes (gzip of
    [u32 count][count x u32 page index][the pages], little-endian): (manifest, indices, pages)."""
    manifest = json.loads((SNAP_DIR / "manifest.json").read_text())
    raw = gzip.decompress((SNAP_DIR / str(manifest["file"])).read_bytes())
    assert len(raw) == manifest["packed"]
    indices, pages = read_pages(raw, int(manifest["page"]), int(manifest["bytes"]))
    return manifest, indices, pages


def pack(indices: list[int], pages: list[bytes]) -> bytes:
    head = len(indices).to_bytes(4, "little") + b"".join(k.to_bytes(4, "little") for k in indices)
    return gzip.compress(head + b"".join(pages))


def test_the_snapshot_is_stored_as_its_non_zero_pages() -> None:
    manifest, indices, pages = packed_pages()
    assert manifest["layout"] == "pages" and manifest["page"] == 4096
    # every page the file holds has a byte that is not zero, in increasing order, and page 0
    # (Pyodide's header: its magic number) is one of them
    assert indices == sorted(set(indices)) and indices[0] == 0
    assert all(any(page) for page in pages)
    # a third or less of the snapshot is stored (72% of its pages were zeros when this was written)
    assert sum(map(len, pages)) < int(manifest["bytes"]) / 3  # type: ignore[call-overload]


def test_the_snapshot_holds_nothing_of_the_build_machine() -> None:
    # in node, Emscripten takes the running script's path as sys.executable unless told
    # otherwise (tools/build_runtime.mjs sets a page's own): that path of this checkout sat in the
    # heap, and the snapshot's pages differed from one checkout's path to another's
    _, _, pages = packed_pages()
    heap = b"".join(pages)
    assert str(REPO_ROOT).encode() not in heap


def wasm_data_end(wasm: bytes) -> int:
    """The end of the last non-zero byte the wasm module's data segments put in memory, read
    from its data section (id 11) by the binary format: every segment of Pyodide's module is
    active, placed by an `i32.const` offset."""
    def uleb(at: int) -> tuple[int, int]:
        value = shift = 0
        while True:
            byte = wasm[at]
            value, shift, at = value | (byte & 0x7F) << shift, shift + 7, at + 1
            if not byte & 0x80:
                return value, at

    def sleb(at: int) -> tuple[int, int]:
        value, end = uleb(at)
        bits = 7 * (end - at)
        return (value - (1 << bits) if value >> (bits - 1) & 1 else value), end

    assert wasm[:4] == b"\0asm"
    at, end = 8, 0
    while at < len(wasm):
        section, (size, body) = wasm[at], uleb(at + 1)
        if section == 11:
            count, i = uleb(body)
            for _ in range(count):
                flags, i = uleb(i)
                assert flags == 0 and wasm[i] == 0x41, "an active segment at an i32.const offset"
                offset, i = sleb(i + 1)
                assert wasm[i] == 0x0B
                length, i = uleb(i + 1)
                data = wasm[i:i + length].rstrip(b"\0")
                if data:
                    end = max(end, offset + len(data))
                i += length
        at = body + size
    return end


def test_the_xor_stops_where_the_static_data_ends() -> None:
    # build_runtime.mjs XORs the snapshot with the memory as instantiation leaves it and records
    # the end of that memory's non-zero bytes as `delta`; the loader undoes the XOR that far only.
    # The same end, from the wasm file's own data segments (3.8 MB when this was written):
    wasm = (REPO_ROOT / "static/vendor/pyodide/pyodide.asm.wasm").read_bytes()
    manifest = json.loads((SNAP_DIR / "manifest.json").read_text())
    assert manifest["delta"] == wasm_data_end(wasm)
    assert 1 << 20 < manifest["delta"] < manifest["bytes"] // 4


@pytest.mark.parametrize("damage", ["truncated", "out of order"])
def test_a_snapshot_whose_pages_do_not_fit_falls_back_to_a_plain_boot(
        context: BrowserContext, open_game: Callable[..., Game], notes: list[str], site: Site, damage: str) -> None:
    # the real snapshot's pages, damaged as a broken download or a bad build would: the last
    # half of the pages missing, or two pages listed the wrong way round. The loader refuses it
    # while reading (static/boot/pyodide.mjs readPages), says why, and boots plainly.
    _, indices, pages = packed_pages()
    half = len(indices) // 2
    if damage == "truncated":
        body = gzip.compress(gzip.decompress(pack(indices, pages))[:4 + 4 * len(indices) + sum(map(len, pages[:half]))])
        why = "engine.snap: incomplete"
    else:
        indices = [*indices[:half], indices[half + 1], indices[half], *indices[half + 2:]]
        body = pack(indices, pages)
        why = f"engine.snap: page {indices[half + 1]} out of order"
    context.route("**/static/vendor/snapshot/engine.snap",
                  lambda route: route.fulfill(body=body, content_type="application/octet-stream"))
    game = open_game(site.root + "?seed=7&speed=fast")
    assert game.page.evaluate(BOOT) == f"plain: {why}"
    assert infos(notes) == [f"{NOTE}: {why}."]
    play_seeded(game, 7, 2)


def test_snapshot_boot_mounts_the_small_zip_and_fetches_the_full_one_on_demand(
        open_game: Callable[..., Game]) -> None:
    # after a restore /lib/python314.zip is the snapshot's small zip (manifest.json restoreStdlib:
    # the modules a game imports after it); a module of the full library that is not in it
    # (tomllib: nothing of a game imports it) makes the snapshot's finder fetch the full zip
    game = open_game()
    assert game.page.evaluate(BOOT) == "snapshot"
    small = (REPO_ROOT / "static/vendor/snapshot/stdlib.zip").read_bytes()
    assert python(game, "len(open('/lib/python314.zip', 'rb').read())") == len(small)
    requests: list[str] = []
    game.page.context.on("request", lambda r: requests.append(r.url))
    origin = python(game, "import tomllib; tomllib.__spec__.origin")
    assert origin == "/lib/python314-full.zip/tomllib/__init__.py", origin
    assert [u for u in requests if u.endswith("/python_stdlib.zip")], requests
    assert python(game, "import tomllib; tomllib.loads('a = 1')['a']") == 1


def test_python_on_the_page_mounts_its_own_small_zip(context: BrowserContext, open_game: Callable[..., Game],
                                                    site: Site) -> None:
    # ?engine=page: PyScript's Python package imports stdlib modules a game does not, which the
    # snapshot leaves out (tools/build_runtime.mjs PAGE_IMPORTS); the page mounts the manifest's
    # restoreStdlibPage zip instead, which holds them, so its start fetches no full zip
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    game = open_game(site.root + "?engine=page&speed=fast")
    assert game.page.evaluate(BOOT) == "snapshot"
    manifest = json.loads((REPO_ROOT / "static/vendor/snapshot/manifest.json").read_text())
    page_zip = (REPO_ROOT / "static/vendor/snapshot" / manifest["restoreStdlibPage"]).read_bytes()
    assert len(page_zip) > len((REPO_ROOT / "static/vendor/snapshot" / manifest["restoreStdlib"]).read_bytes())
    assert python(game, "len(open('/lib/python314.zip', 'rb').read())") == len(page_zip)
    assert not [u for u in requests if u.endswith("/python_stdlib.zip")], requests
    # the zip's modules are the ones PyScript's start imported (second method: its sys.modules)
    modules = [name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
               for name in manifest["restoreStdlibPageModules"]]
    assert modules and python(game, f"import sys; all(m in sys.modules for m in {modules!r})") is True


def test_python_on_the_page_fetches_the_full_zip_on_demand_too(open_game: Callable[..., Game], site: Site) -> None:
    # ?engine=page: the finder runs on the page's main thread, where a synchronous request cannot
    # ask for an ArrayBuffer; it reads the zip as x-user-defined text instead, byte for byte
    game = open_game(site.root + "?engine=page&speed=fast")
    assert game.page.evaluate(BOOT) == "snapshot"
    full = (REPO_ROOT / "static/vendor/pyodide/python_stdlib.zip").read_bytes()
    assert python(game, "import tomllib; tomllib.loads('a = 1')['a']") == 1
    assert python(game, "import hashlib; hashlib.sha256(open('/lib/python314-full.zip', 'rb').read()).hexdigest()") \
        == hashlib.sha256(full).hexdigest()


def test_what_a_game_does_not_read_comes_after_ready(context: BrowserContext, watch: Watch, site: Site) -> None:
    # the snapshot manifest's `play` (build_runtime.mjs: the engine files a game imports or opens)
    # comes before ready; the PAR sheet, the simulator and the schema only once a round is played
    manifest = json.loads((REPO_ROOT / "static/vendor/snapshot/manifest.json").read_text())
    assert "engine/data/model.json" in manifest["play"] and "engine/round.py" in manifest["play"]
    assert not [f for f in manifest["play"] if f.startswith("engine/par/") or f == "engine/simulate.py"]
    page = context.new_page()
    watch.attach(page)
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url.split("?")[0]))
    page.goto(site.root + "?seed=7&speed=fast")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    before = list(requested)
    game = Game(page, watch, page.url, 0.0)
    assert game.page.evaluate(BOOT) == "snapshot"
    assert not [u for u in before if "/engine/par/" in u or u.endswith(("/engine/simulate.py", ".schema.json"))]
    play_seeded(game, 7, 2)
    # the first round fetched the rest, so the worker's engine package is whole again
    deadline = time.monotonic() + 60
    while not python(game, "import os; os.path.exists('/home/pyodide/engine/simulate.py')"):
        assert time.monotonic() < deadline, "the engine files a game does not read never came"
        time.sleep(0.2)
    assert python(game, "import engine.simulate; engine.simulate.__name__") == "engine.simulate"


def test_the_checked_engine_files_are_fetched_once(context: BrowserContext, watch: Watch, site: Site) -> None:
    # The loader checks each engine file the snapshot imported (manifest `engine`) against the
    # SHA-256 it lists, and the worker writes those same bytes into Pyodide's file system
    # (pyodide.mjs engineFiles): one request each before ready, not one for the check and one
    # for the file system. What the worker wrote is compared with the repo's files here.
    manifest = json.loads((REPO_ROOT / "static/vendor/snapshot/manifest.json").read_text())
    checked = sorted(manifest["engine"])
    assert "main.py" in checked and "engine/round.py" in checked
    requested: list[str] = []
    context.on("request", lambda r: requested.append(r.url.split("?")[0]))
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + "?seed=3&speed=fast")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    before = list(requested)
    game = Game(page, watch, page.url, 0.0)
    assert game.page.evaluate(BOOT) == "snapshot"
    counts = {path: sum(1 for url in before if url == site.root + path) for path in checked}
    assert counts == dict.fromkeys(checked, 1)
    for path in checked:
        digest = python(game, f"import hashlib; hashlib.sha256(open('/home/pyodide/{path}', 'rb').read()).hexdigest()")
        assert digest == hashlib.sha256((REPO_ROOT / path).read_bytes()).hexdigest(), path
    play_seeded(game, 3, 1)
