"""A download the boot needs that fails or stalls is tried again, then ends in the error screen
with a Retry button; nothing of the player's is lost (docs/boot.md "Failed downloads").

Requests are failed from outside the page: a Playwright route on the context (it sees the page's,
the frame's and the engine worker's requests) aborts a file's first `fail` requests, or all of
them, or holds the first one with no byte (a stall), and counts every request of that file.
Expected values:
- the number of tries of a file that never comes is ATTEMPTS, read from the page's own module
  (static/js/start/startup.js, which exports static/js/core/download.js's); the worker's and the
  watchdog's copies of it are checked equal to it
  (test_the_tries_are_one_number);
- a file aborted once is asked for twice: the failed request and the retry (the route's count);
- the rounds are CPython's `play_round(model, bet, Random(seed))` (the seeded-page contract), so
  the balance after one is DEMO_BALANCE - bet + win, computed here;
- the texts are the language tables' (the `tables` fixture: static/i18n/*.json, as the page fetches
  them), with {{file}} filled with the file's path from the site's root.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import savefile
from e2e_harness import BOOT_TIMEOUT_MS, REPO_ROOT, Site, Watch, wait_ready
from embed_support import SOURCE, host
from page_support import BOOT_PATH, module
from playwright.sync_api import BrowserContext, Frame, Page, Route, expect
from test_offline import Server, copy_site, sw_context, wait_controlled  # noqa: F401 (sw_context: a fixture)

from engine import load_model, play_round

MODEL = load_model()
BET = MODEL.default_bet

WASM = "static/vendor/pyodide/pyodide.asm.wasm"
ASM_JS = "static/vendor/pyodide/pyodide.asm.mjs"  # Pyodide's JavaScript half (an ES module here)
SNAPSHOT = "static/vendor/snapshot/engine.snap"
STDLIB = "static/vendor/pyodide/python_stdlib.zip"  # fetched by a plain boot only
ENGINE_FILE = "engine/spin.py"  # one of the snapshot's checked engine files (manifest.json)
PAGE_MODULE = "static/js/app/app.js"
WORKER = "static/boot/engine-worker.mjs"
ALWAYS = 10**6


class Flaky:
    """A route handler for one file: aborts its first `fail` requests (or holds the first one,
    sending nothing, with `stall`), lets the later ones through, and counts them all."""

    def __init__(self, fail: int = 1, stall: bool = False) -> None:
        self.fail = fail
        self.stall = stall
        self.count = 0
        self.held: list[Route] = []

    def __call__(self, route: Route) -> None:
        self.count += 1
        if self.count > self.fail:
            route.fallback()
        elif self.stall:
            self.held.append(route)  # never answered: the page must give up on it
        else:
            route.abort("connectionreset")


def fail(context: BrowserContext, file: str, times: int = 1, stall: bool = False) -> Flaky:
    flaky = Flaky(times, stall)
    context.route(f"**/{file}", flaky)
    return flaky


def attempts(page: Page | Frame) -> int:
    """ATTEMPTS of static/js/start/startup.js, as the page's module has it."""
    value: int = page.evaluate(f"{module('start/startup.js')}.then((m) => m.ATTEMPTS)")
    return value


def booted(page: Page) -> str | None:
    page.wait_for_selector("html:not([data-state=loading])", state="attached", timeout=BOOT_TIMEOUT_MS)
    return page.locator("html").get_attribute("data-state")


def first_round(seed: int) -> dict[str, Any]:
    return play_round(MODEL, BET, random.Random(seed)).to_dict()


def play_one_round(context: BrowserContext, watch: Watch, url: str) -> str:
    """A previous visit that plays one round, so that there is a saved game to lose: the saved
    record as it left it."""
    page = context.new_page()
    watch.attach(page)
    page.goto(url)
    wait_ready(page)
    page.evaluate("game.spin()")
    raw: str = page.evaluate(f"localStorage.getItem({json.dumps(savefile.KEY)})")
    page.close()  # (its writer lock goes with it)
    return raw


def test_the_tries_are_one_number() -> None:
    # three copies of the bound (the page's download helper, its classic watchdog, the engine's
    # worker, which import nothing of each other's before they need it): the same number
    sources = {path: (REPO_ROOT / path).read_text() for path in
               ("static/js/core/download.js", "static/js/start/earlyworker.js", "static/boot/engine-worker.mjs")}
    found = {path: re.findall(r"const ATTEMPTS = (\d+);", text) for path, text in sources.items()}
    backoffs = {path: re.findall(r"const BACKOFF_MS = (\[[^\]]*\]);", text) for path, text in sources.items()}
    assert all(len(v) == 1 for v in found.values()), found
    assert len({v[0] for v in found.values()}) == 1, found
    assert len({v[0] for v in backoffs.values()}) == 1, backoffs
    # ATTEMPTS tries have ATTEMPTS - 1 waits between them
    assert len(json.loads(next(iter(backoffs.values()))[0])) == int(next(iter(found.values()))[0]) - 1


def test_one_failed_try_of_each_file_is_retried_and_the_game_starts(
    context: BrowserContext, watch: Watch, site: Site
) -> None:
    # every kind at once, each aborted once: the runtime, the snapshot, an engine file, a page
    # module and the worker's own script (a new worker is started for it)
    files = (WASM, ASM_JS, SNAPSHOT, ENGINE_FILE, PAGE_MODULE, WORKER)
    routes = {file: fail(context, file) for file in files}
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + "?seed=11&speed=fast")
    assert booted(page) == "ready", page.locator("#status").text_content()
    # each asked for twice: the request that failed and its retry
    assert {file: r.count for file, r in routes.items()} == {file: 2 for file in files}
    # the snapshot was tried again, not given up for a plain boot
    assert page.evaluate(BOOT_PATH) == "snapshot"
    want = first_round(11)
    got = page.evaluate("game.spin()")
    assert (got["total_win"], got["spins"][0]["stops"]) == (want["total_win"], want["spins"][0]["stops"])
    assert watch.page_errors == []


def test_a_snapshot_that_never_comes_gives_a_plain_boot(
    context: BrowserContext, watch: Watch, site: Site
) -> None:
    # the snapshot is optional: after its tries the interpreter boots plainly, which needs the
    # full standard library (aborted once here: retried too)
    snapshot = fail(context, SNAPSHOT, ALWAYS)
    stdlib = fail(context, STDLIB)
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + "?seed=12&speed=fast")
    assert booted(page) == "ready", page.locator("#status").text_content()
    assert snapshot.count == attempts(page)
    assert stdlib.count == 2
    assert page.evaluate(BOOT_PATH).startswith(f"plain: snapshot restore failed: {SNAPSHOT} could not be downloaded")
    want = first_round(12)
    assert page.evaluate("game.spin()")["total_win"] == want["total_win"]


# (Pyodide's loader is imported by our loader and by the worker, the first paint's module by the
# page and by app.js: still ATTEMPTS requests in all)
@pytest.mark.parametrize("file", [ASM_JS, ENGINE_FILE, WORKER, "static/vendor/pyodide/pyodide.mjs", "static/js/start/firstpaint.js"])
def test_a_file_that_never_comes_ends_in_the_error_screen(
    context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]], file: str
) -> None:
    flaky = fail(context, file, ALWAYS)
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + "?speed=fast")
    assert booted(page) == "error"
    expect(page.locator("#status")).to_have_text(tables["en"]["boot.failed"].replace("{{file}}", file))
    expect(page.locator("#retry")).to_be_visible()
    assert flaky.count == attempts(page)
    # scripts waiting on the game hear it will not start (when app.js, which makes window.game,
    # could not be loaded, there is no window.game: they wait on data-state, as the contract says)
    if file.startswith("static/js/"):
        assert page.evaluate("window.game instanceof HTMLElement")  # (only <main id="game">)
    else:
        # (game.ready rejects with the sentence shown: bridge.js StartupError)
        shown = tables["en"]["boot.failed"].replace("{{file}}", file)
        assert page.evaluate("game.ready.then(() => 'ready', (e) => e.message)") == shown


def test_the_wasm_never_comes_in_a_frame_its_parent_is_told_and_retry_keeps_the_save(
    context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]]
) -> None:
    # the case: pyodide.asm.wasm aborted every time (a phone that lost its connection)
    src = site.root + "?embed=1&seed=13&speed=fast"
    saved = play_one_round(context, watch, src)
    want = first_round(13)
    balance = savefile.DEMO_BALANCE - BET + want["total_win"]
    assert json.loads(saved)["balance"] == balance

    wasm = fail(context, WASM, ALWAYS)
    parent = host(context, watch, src, until="error")
    frame = parent.frame_locator("#g")
    errors = [m for m in parent.evaluate("msgs") if m.get("type") == "error"]
    # one message, the contract's (docs/page-contract.md): the text shown, the code, the file
    shown = tables["en"]["boot.failed"].replace("{{file}}", WASM)
    assert errors == [{"source": SOURCE, "type": "error", "message": shown, "code": "boot.download", "file": WASM}]
    expect(frame.locator("html")).to_have_attribute("data-state", "error")
    expect(frame.locator("#status")).to_have_text(shown)
    retry = frame.locator("#retry")
    expect(retry).to_be_visible()
    expect(retry).to_have_text(tables["en"]["boot.retry"])
    expect(retry).to_be_focused()  # keyboard users are on it
    box = retry.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44  # a touch target
    game_frame = parent.frame(url=re.compile(r"embed=1"))
    assert game_frame is not None
    assert wasm.count == attempts(game_frame)
    # the failed boot wrote nothing
    assert game_frame.evaluate(f"localStorage.getItem({json.dumps(savefile.KEY)})") == saved

    wasm.fail = 0  # the connection is back
    retry.click()
    frame.locator("html[data-state=ready]").wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    game_frame = parent.frame(url=re.compile(r"embed=1"))
    assert game_frame is not None and urlsplit(game_frame.url).query == urlsplit(src).query  # same launch
    state = game_frame.evaluate("game.state()")
    assert state["balance"] == balance
    history = game_frame.evaluate("game.history()")
    assert [(h["bet"], h["win"]) for h in history] == [(BET, want["total_win"])]
    assert any(m.get("type") == "ready" for m in parent.evaluate("msgs"))


def test_a_page_module_that_never_comes_then_retry_in_the_players_language(
    context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]]
) -> None:
    url = site.root + "?lang=de&seed=14&speed=fast"
    saved = play_one_round(context, watch, url)
    want = first_round(14)

    app = fail(context, PAGE_MODULE, ALWAYS)
    page = context.new_page()
    watch.attach(page)
    page.goto(url)
    assert booted(page) == "error"
    expect(page.locator("#status")).to_have_text(tables["de"]["boot.failed"].replace("{{file}}", PAGE_MODULE))
    expect(page.locator("#retry")).to_have_text(tables["de"]["boot.retry"])
    assert app.count == attempts(page)
    assert page.evaluate(f"localStorage.getItem({json.dumps(savefile.KEY)})") == saved

    app.fail = 0
    page.keyboard.press("Enter")  # the focused Retry button, from the keyboard
    wait_ready(page)
    assert page.url == url
    assert page.evaluate("game.state().balance") == savefile.DEMO_BALANCE - BET + want["total_win"]
    assert len(page.evaluate("game.history()")) == 1


@pytest.mark.parametrize("engine, seed", [("", 15), ("engine=page&", 17)], ids=["worker", "engine=page"])
def test_a_stalled_download_is_given_up_and_asked_for_again(
    context: BrowserContext, watch: Watch, site: Site, engine: str, seed: int
) -> None:
    # the wasm's first request gets no byte at all (in the worker, or under ?engine=page not even
    # its headers); ?stallMs=1500 (the tests' hook) gives it up after 1.5 s of silence instead of
    # 20 s, and the second request comes through and boots the game
    wasm = fail(context, WASM, stall=True)
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + f"?{engine}stallMs=1500&seed={seed}&speed=fast")
    assert booted(page) == "ready", page.locator("#status").text_content()
    assert wasm.count == 2
    assert page.evaluate("game.spin()")["total_win"] == first_round(seed)["total_win"]


def test_under_the_service_worker_a_file_it_cannot_fetch_ends_in_the_error_screen(
    sw_context: BrowserContext, tmp_path: Path, tables: dict[str, dict[str, str]]
) -> None:
    # The e2e harness blocks service workers; this test allows it (test_offline.py's context and
    # its own copy of the site). After a first visit the worker serves every listed file from its
    # cache; with the wasm's entry gone from it and the network off, the service worker's own
    # fetch of it fails: the page's request gets a network error, is tried again, and the page
    # ends in its error screen rather than waiting
    site = copy_site(tmp_path / "site")
    server = Server(site)
    page = sw_context.new_page()
    try:
        page.goto(server.url + "?speed=fast")
        wait_ready(page)
        wait_controlled(page)
        assert page.evaluate("""async (file) => {
            let gone = false;
            for (const name of await caches.keys()) gone = (await (await caches.open(name)).delete(new URL(file, location.href).href)) || gone;
            return gone;
        }""", WASM)
    finally:
        server.stop()
    sw_context.set_offline(True)
    page.reload()
    assert booted(page) == "error"
    expect(page.locator("#status")).to_have_text(tables["en"]["boot.failed"].replace("{{file}}", WASM))
    expect(page.locator("#retry")).to_be_visible()
    assert page.evaluate("!!navigator.serviceWorker.controller")  # it was the service worker's answer


def test_a_page_module_that_stalls_is_asked_for_again_then_given_up(
    context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]]
) -> None:
    # app.js's request held with no byte, never answered: nothing fails, the page's module graph
    # just never finishes; after ?stallMs=1500 with no resource of the page completing, the
    # page is loaded again (a held fetch is joined, not repeated, by an import() of its URL),
    # each load asking for app.js once: ATTEMPTS requests (startup.js), then the error screen
    app = fail(context, PAGE_MODULE, ALWAYS, stall=True)
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + "?stallMs=1500&seed=16&speed=fast", wait_until="commit")  # (its load never comes)
    assert booted(page) == "error"
    expect(page.locator("#status")).to_have_text(tables["en"]["boot.failed"].replace("{{file}}", PAGE_MODULE))
    expect(page.locator("#retry")).to_be_visible()
    assert app.count == attempts(page)
    assert app.held  # (held, never answered)
    page.close()

    # held once, then let through: the second load (the only retry) reaches ready
    context.unroute(f"**/{PAGE_MODULE}")
    once = fail(context, PAGE_MODULE, stall=True)
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + "?stallMs=1500&seed=16&speed=fast")
    assert booted(page) == "ready", page.locator("#status").text_content()
    assert once.count == 2  # the held request and the next load's
    assert page.evaluate("game.spin()")["total_win"] == first_round(16)["total_win"]


def test_on_the_page_a_wasm_that_never_comes_ends_in_the_error_screen(
    context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]]
) -> None:
    # ?engine=page: Pyodide fetches the wasm with the page's fetch(), which bridge.js retries
    # with the worker's bound (ATTEMPTS, startup.js), then the error screen
    wasm = fail(context, WASM, ALWAYS)
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + "?engine=page&speed=fast")
    assert booted(page) == "error"
    expect(page.locator("#status")).to_have_text(tables["en"]["boot.failed"].replace("{{file}}", WASM))
    expect(page.locator("#retry")).to_be_visible()
    assert wasm.count == attempts(page)

    wasm.fail = 0  # the connection is back: Retry reaches ready
    page.locator("#retry").click()
    wait_ready(page)
    assert "engine=page" in page.url
