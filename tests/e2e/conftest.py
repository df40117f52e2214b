"""End-to-end harness: the real page (index.html) in headless Chromium, served on loopback.

Fixtures
--------
browser_type_launch_args, browser_context_args
    Debian's /usr/bin/chromium (`playwright install` cannot download a browser here), with
    the flags that keep Chromium's own background traffic quiet and a host resolver that finds
    no host but the loopback's (BLOCK_HOSTS); without it the run stops at once, naming the
    command that installs it. Service workers are blocked (their requests
    would bypass the network guard; test_offline.py allows them in its own contexts).
site
    Session-scoped static server (tools/serve.py) in a thread on 127.0.0.1 with an
    ephemeral port, serving the repo root both at "/" and under "/sub/dir/". Yields a
    `Site` with both base URLs.
context
    pytest-playwright's context, plus the network guard (every request recorded, one to a host
    that is not loopback recorded as external; it cannot resolve) and timeouts suited to Pyodide. Tests that use
    the plain `page` fixture get the guard too, and fail at teardown if it tripped.
open_game
    Function-scoped factory: `open_game(url)` opens the page in that context, waits for
    <html data-state="ready"> (never sleeps) and fails if any page error, console error,
    HTTP error or non-loopback request happened. Returns a `Game`.
game
    Module-scoped `Game` booted once and shared by the tests of one module.
base_url
    The site's root, for the integrators' pytest kit (testkit/python, installed in the venv: one
    harness): its `Game` is the one `open_game` and `game` return (spin(), buy(), settled(),
    state(), balance(), open(**settings)...), and its `embed_host`, `assert_screenshot` and
    `expected_round` fixtures serve these tests too.
tables
    The language tables static/i18n/*.json and their social overlays, each with its PAR page
    part (static/i18n/par/), read as files (tests/tables.py; name -> {key: text}).

Reuse: booting Pyodide costs 3-5.5 s a page. Tests that only read the booted page share the
module-scoped `game` (one boot per test module); a test that needs a fresh boot, a
special URL, or mutates state in a way others could see, uses `open_game`. The shared
page has no pytest-playwright artifacts (screenshots/traces on failure), since those
are tied to function-scoped contexts; `open_game` has them.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from e2e_harness import (
    CHROMIUM,
    BLOCK_HOSTS,
    CHROMIUM_ARGS,
    REPO_ROOT,
    SUB_PATH,
    Game,
    Site,
    Watch,
    boot,
    prepare_context,
    serve,
)
from tables import TABLES
from playwright.sync_api import Browser, BrowserContext


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.exists():
        pytest.exit(f"{CHROMIUM} is missing: `bash tools/system-deps.sh test` installs it"
                    " (`make test` runs that first)", returncode=4)
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": [*CHROMIUM_ARGS, BLOCK_HOSTS]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # Requests a service worker answers would pass the network guard by (a worker's own
    # fetches are not the page's requests): the page's worker (sw.js) is blocked here, and allowed only in
    # test_offline.py's own contexts, which serve their own copy of the site.
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    for needed in ("static/vendor/pyscript/core.js", "static/vendor/pyodide/pyodide.mjs"):
        if not (REPO_ROOT / needed).is_file():
            pytest.fail(f"{needed} is missing: run `make vendor` first", pytrace=False)
    server = serve.make_server("127.0.0.1", 0, REPO_ROOT, mounts=[SUB_PATH], quiet=True)
    thread = threading.Thread(target=server.serve_forever, name="e2e-static-server", daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    BOOTS.server = server
    try:
        yield Site(root=f"{base}/", sub=f"{base}{SUB_PATH}")
    finally:
        BOOTS.server = None
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


class Boots:
    """The engine's boots on the site's server so far (its requests for Pyodide's wasm)."""

    server: Any = None
    seen = 0

    def since_last(self) -> int:
        now = self.server.wasm_requests if self.server is not None else self.seen
        new, self.seen = now - self.seen, now
        return max(new, 0)


BOOTS = Boots()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[pytest.TestReport]:
    """Each phase's report (setup, call, teardown) says how many times the engine booted during
    it, as `("boots", n)` among its user_properties: tests/timing_report.py adds them up by file
    (a module's shared page counts with the first test that needs it, as its time does)."""
    report = yield
    report.user_properties.append(("boots", BOOTS.since_last()))
    return report


@pytest.fixture(scope="session")
def base_url(site: Site) -> str:
    """The game's address for the integrators' kit's fixtures (testkit/python: `embed_host`,
    `Game.open`), which the venv has installed: pytest-playwright's --base-url, set to the site."""
    return site.root


@pytest.fixture
def watch() -> Watch:
    """What the function-scoped `context` (and so `page` and `open_game`) recorded."""
    return Watch()


@pytest.fixture
def context(new_context: Callable[..., BrowserContext], watch: Watch) -> Iterator[BrowserContext]:
    ctx = new_context()
    prepare_context(ctx, watch)
    yield ctx
    assert not watch.external_requests, f"non-loopback requests attempted: {watch.external_requests}"


@pytest.fixture
def open_game(context: BrowserContext, watch: Watch, site: Site) -> Callable[..., Game]:
    """open_game(url=site.root, state="ready") -> Game, in a new page of the test's context."""

    def _open(url: str | None = None, state: str = "ready") -> Game:
        return boot(context.new_page(), watch, url or site.root, state)

    return _open


@pytest.fixture(scope="module")
def game(browser: Browser, browser_context_args: dict[str, Any], site: Site) -> Iterator[Game]:
    ctx = browser.new_context(**browser_context_args)
    watch = Watch()
    prepare_context(ctx, watch)
    try:
        booted = boot(ctx.new_page(), watch, site.root)
        yield booted
        watch.assert_clean()  # nothing went wrong while the module's tests used it
    finally:
        ctx.close()


@pytest.fixture(scope="session")
def tables() -> dict[str, dict[str, str]]:
    """The tables as files (tests/tables.py): name -> {key: text}, each with its PAR page part."""
    return TABLES


# The words of betting social play never shows: tests/betting-words.json, one JavaScript RegExp
# source a language (case-insensitive, Unicode: some use \p{L} and lookbehind, which Python's re
# has not), checked in the browser's own RegExp. A text is checked against English's and its own
# language's (a brand or a borrowed English word counts too). tests/js/tables.test.mjs checks
# the tables' texts with them too, as files.
WORDS = json.loads((REPO_ROOT / "tests" / "betting-words.json").read_text(encoding="utf-8"))
FIND_BETTING = """([sources, texts]) => {
    const patterns = [...new Set(sources)].map((s) => new RegExp(s, "giu"));
    return [...new Set(texts.flatMap((text) => patterns.flatMap((p) => [...String(text).matchAll(p)].map((m) => m[0]))))].sort();
}"""


@pytest.fixture(scope="session")
def betting_words(browser: Browser, site: Site) -> Iterator[Callable[[str, list[str]], list[str]]]:
    """betting_words(code, texts) -> the words of betting (in English or `code`) found in them."""
    page = browser.new_page()
    page.goto(site.root + "tests/e2e/blank.html")  # same origin, nothing booted
    try:
        yield lambda code, texts: page.evaluate(FIND_BETTING, [[WORDS["en"], WORDS[code]], list(texts)])
    finally:
        page.close()
