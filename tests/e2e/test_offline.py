"""Service worker (sw.js + static/precache.js from tools/precache.py): after one visit the game
boots and plays with the server gone, and a new version replaces the old cache whole.

These tests allow service workers in their own browser contexts (the harness blocks them
elsewhere) and serve their own copy of the site on their own port, so that "offline" is real: the
server is shut down as well as the context set offline. Expected rounds come from CPython's engine
(`play_round(load_model(), 100, Random(seed))`, the seeded-page contract); expected cache contents
come from tools/precache.py run here on the served folder (the file list and SHA-256 of each file).
"""

from __future__ import annotations

import random
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_harness import BOOT_TIMEOUT_MS, REPO_ROOT, Watch, prepare_context, serve
from playwright.sync_api import Browser, BrowserContext, Page
from tools_support import tool

from engine import load_model, play_round

MODEL = load_model()


precache = tool("precache")

# Every cached entry's SHA-256, computed in the page from the Cache Storage itself.
CACHED_DIGESTS = """async () => {
    const out = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        out[name] = {};
        for (const request of await cache.keys()) {
            const body = await (await cache.match(request)).arrayBuffer();
            const digest = await crypto.subtle.digest('SHA-256', body);
            out[name][new URL(request.url).pathname] =
                [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
        }
    }
    return out;
}"""


# Waits (in the page, checking every 100 ms, at most 120 s) until `name` is the only cache.
ONLY_CACHE = """async (name) => {
    for (let t = 0; t < 1200; t++) {
        const keys = await caches.keys();
        if (keys.length === 1 && keys[0] === name) return keys;
        await new Promise((wake) => setTimeout(wake, 100));
    }
    return caches.keys();
}"""


class Server:
    def __init__(self, root: Path) -> None:
        self.httpd = serve.make_server("127.0.0.1", 0, root, quiet=True)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


def copy_site(dest: Path) -> Path:
    """The served files (what tools/precache.py lists, and sw.js) copied to `dest`, with their
    precache list written there as a deployment would."""
    for name in [*precache.served_files(REPO_ROOT), "sw.js"]:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO_ROOT / name, target)
    assert precache.main(["precache.py", str(dest)]) == 0
    return dest


@pytest.fixture
def sw_context(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[BrowserContext]:
    ctx = browser.new_context(**{**browser_context_args, "service_workers": "allow"})
    prepare_context(ctx, Watch())  # the loopback guard; our pages only ever ask their own origin
    yield ctx
    ctx.close()


def wait_ready(page: Page) -> None:
    page.wait_for_selector("html:not([data-state=loading])", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("html").get_attribute("data-state") == "ready"


def wait_controlled(page: Page) -> None:
    # the worker installs (all files fetched and checked) once the game is ready, then claims it
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=BOOT_TIMEOUT_MS * 2)


def test_second_visit_boots_and_plays_offline(sw_context: BrowserContext, tmp_path: Path) -> None:
    site = copy_site(tmp_path / "site")
    expected = precache.build(site)
    server = Server(site)
    page = sw_context.new_page()
    try:
        page.goto(server.url + "?seed=3&speed=fast")
        wait_ready(page)
        wait_controlled(page)
        digests = page.evaluate(CACHED_DIGESTS)
    finally:
        server.stop()
    # one cache, named after the list's version, holding exactly the listed files, byte for byte
    assert list(digests) == [f"boce-{expected['version']}"]
    assert digests[f"boce-{expected['version']}"] == {"/" + n: d for n, d in expected["files"].items()}

    sw_context.set_offline(True)
    served: list[tuple[str, bool]] = []
    page.on("response", lambda r: served.append((r.url, r.from_service_worker)))
    page.reload()
    wait_ready(page)
    assert served and all(from_sw for _, from_sw in served), [u for u, s in served if not s]
    # expected: CPython's first two play_round(model, 100, Random(3)); the first visit played none
    rng = random.Random(3)
    balance = int(page.locator("#balance").get_attribute("data-minor") or "")
    for _ in range(2):
        want = play_round(MODEL, 100, rng).to_dict()
        got = page.evaluate("game.spin()")
        assert [s["stops"] for s in got["spins"]] == [s["stops"] for s in want["spins"]]
        balance += want["total_win"] - 100
    # saved offline: another offline load shows the balance the two rounds left
    page.reload()
    wait_ready(page)
    assert int(page.locator("#balance").get_attribute("data-minor") or "") == balance


def test_new_version_replaces_the_old_cache_whole(sw_context: BrowserContext, tmp_path: Path) -> None:
    site = copy_site(tmp_path / "site")
    version_a = precache.build(site)
    server = Server(site)
    try:
        page = sw_context.new_page()
        page.goto(server.url + "?speed=fast")
        wait_ready(page)
        wait_controlled(page)
        assert page.evaluate("caches.keys()") == [f"boce-{version_a['version']}"]

        # Version B: one changed file, and its list written as a deployment would.
        css = site / "static/css/game.css"
        css.write_text(css.read_text() + "\n/* version B */\n")
        assert precache.main(["precache.py", str(site)]) == 0
        version_b = precache.build(site)
        assert version_b["version"] != version_a["version"]

        # The reload is still version A (whole, from A's cache); B installs meanwhile and takes
        # over once that page is ready, deleting A's cache.
        page.reload()
        wait_ready(page)
        assert page.evaluate(ONLY_CACHE, f"boce-{version_b['version']}") == [f"boce-{version_b['version']}"]
        digests = page.evaluate(CACHED_DIGESTS)
        assert digests == {f"boce-{version_b['version']}": {"/" + n: d for n, d in version_b["files"].items()}}

        # The next load is B's: the changed stylesheet, from the worker.
        sheets: list[str] = []
        page.on("response", lambda r: r.url.endswith("game.css") and r.from_service_worker
                and sheets.append(r.text()))
        page.reload()
        wait_ready(page)
        assert len(sheets) == 1 and sheets[0].endswith("/* version B */\n")
    finally:
        server.stop()
