"""The page boots Pyodide (in the engine's worker) from its own origin only, and imports the engine."""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from e2e_harness import REPO_ROOT, SUB_PATH, Game, Site, is_loopback_url
from page_support import BOOT_PATH
from playwright.sync_api import BrowserContext, Route, expect


# How `game.ready` has settled, read once the error screen shows: a settled promise's handlers run
# before any timer, so "still pending" means scripts waiting on the game would wait forever.
READY_OUTCOME = """Promise.race([
    game.ready.then(() => 'ready', (e) => String(e)),
    new Promise((settle) => setTimeout(() => settle('still pending'), 0)),
])"""


def test_page_becomes_ready_without_leaving_loopback(game: Game) -> None:
    assert game.data_state == "ready"
    expect(game.page.locator("#status")).to_have_text("Ready.")
    # The guard really saw the traffic, all of it local, the runtime from static/vendor/.
    paths = {urlsplit(url).path for url in game.watch.requests}
    # (Python runs in the engine's worker, static/boot/engine-worker.mjs; the page needs no PyScript)
    assert {"/static/boot/engine-worker.mjs", "/static/vendor/pyodide/pyodide.asm.wasm"} <= paths
    assert "/static/vendor/pyscript/core.js" not in paths
    assert all(is_loopback_url(url) for url in game.watch.requests)
    assert game.watch.external_requests == []


def test_engine_is_importable_in_the_page(game: Game) -> None:
    assert game.page.evaluate("window.engineModule") == "engine"


def test_page_becomes_ready_from_a_sub_path(open_game: Callable[..., Game], site: Site) -> None:
    game = open_game(site.sub)
    assert game.page.evaluate("window.engineModule") == "engine"
    outside = [url for url in game.watch.requests if not urlsplit(url).path.startswith(SUB_PATH)]
    assert outside == [], "requests that ignore the page's base path (absolute URLs?)"


@pytest.mark.parametrize("engine", ["", "?engine=page"], ids=["worker", "page"])
def test_python_startup_error_shows_a_readable_message(
    context: BrowserContext, open_game: Callable[..., Game], site: Site, engine: str
) -> None:
    # wherever Python runs, its startup error reaches the page through bridge.js's one reporter
    def broken_engine(route: Route) -> None:
        route.fulfill(body="raise RuntimeError('broken engine')\n", content_type="text/x-python")

    context.route("**/engine/__init__.py", broken_engine)
    game = open_game(site.root + engine, state="error")
    expect(game.page.locator("#status")).to_contain_text("could not start")
    expect(game.page.locator("#status")).to_contain_text("RuntimeError: broken engine")
    # scripts waiting on the game hear why it will not start (they are not left waiting)
    assert "RuntimeError: broken engine" in game.page.evaluate(READY_OUTCOME)
    assert "Traceback" not in game.page.locator("body").inner_text()
    assert any("Traceback" in error for error in game.watch.console_errors)
    assert game.watch.page_errors == []


BROKEN_MAIN = "def broken(:\n"


def test_a_main_py_that_does_not_compile_shows_python_s_message(
    context: BrowserContext, open_game: Callable[..., Game], site: Site
) -> None:
    # main.py served with a syntax error: the snapshot, which holds main.py imported, is refused
    # (its SHA-256 is in the manifest, like the engine's), and the plain boot's import of main.py
    # fails in the worker (engine-worker.mjs, py.pyimport): the page says what Python said
    context.route("**/main.py", lambda route: route.fulfill(body=BROKEN_MAIN, content_type="text/x-python"))
    game = open_game(site.root, state="error")
    status = game.page.locator("#status")
    expect(status).to_contain_text("could not start")
    # the traceback's last line, as CPython compiles that text
    with pytest.raises(SyntaxError) as compiled:
        compile(BROKEN_MAIN, "main.py", "exec")
    expect(status).to_contain_text(f"(SyntaxError: {compiled.value.msg})")
    assert "Traceback" not in game.page.locator("body").inner_text()
    assert game.page.evaluate(BOOT_PATH) == "plain: snapshot made from other engine files (main.py)"


def test_malformed_model_shows_the_fault_and_no_game(
    context: BrowserContext, open_game: Callable[..., Game]
) -> None:
    # The shipped model with a BOOK put on reel 1 (README "The rules": books land on reels 2-4 only), served
    # in place of engine/data/model.json. load_model must refuse it, naming field and value,
    # and the page must say so instead of offering a game on a broken model.
    model = json.loads((REPO_ROOT / "engine" / "data" / "model.json").read_text())
    model["reels"]["base"][0][0] = "BOOK"

    def bad_model(route: Route) -> None:
        route.fulfill(body=json.dumps(model), content_type="application/json")

    context.route("**/engine/data/model.json", bad_model)
    game = open_game(state="error")
    status = game.page.locator("#status")
    expect(status).to_contain_text("could not start")
    expect(status).to_contain_text("ModelError: reels.base[0][0]: BOOK on reel 1")
    # the error screen covers the game, and scripts waiting for it hear that it will not start
    expect(game.page.locator(".loader")).to_be_visible()
    assert "ModelError" in game.page.evaluate(READY_OUTCOME)
    assert game.watch.page_errors == []


def test_runtime_load_failure_shows_a_readable_message(
    context: BrowserContext, open_game: Callable[..., Game], tables: dict[str, dict[str, str]]
) -> None:
    # (tried again first: tests/e2e/test_boot_retry.py; then en.js's boot.failed, naming the file)
    context.route("**/static/vendor/pyodide/pyodide.mjs", lambda route: route.abort())
    game = open_game(state="error")
    # (en.js's sentence, as the page imports it, with the file in it: see the `tables` fixture)
    shown = tables["en"]["boot.failed"].replace("{{file}}", "static/vendor/pyodide/pyodide.mjs")
    expect(game.page.locator("#status")).to_have_text(shown)
    assert shown in game.page.evaluate(READY_OUTCOME)
