"""Helpers of the end-to-end harness (fixtures live in conftest.py, which documents them).

Tests import from here (`from e2e_harness import Game, ...`), never from conftest, whose
module name is shared with every other conftest.py in the tree.
"""

from __future__ import annotations

import ipaddress
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    Request,
    Response,
    Route,
    WebSocketRoute,
    expect,
)
from page_support import CHROMIUM, CHROMIUM_ARGS  # noqa: F401 (conftest.py launches it)

# Chromium's host resolver for the suite: every name unknown but the loopback's, so that a request
# to another host fails at once without a route (Watch.guard records it; IP literals are the
# loopback's in every test, and Watch records any other as external all the same)
BLOCK_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE 127.0.0.2"
from pytest_book_of_christmas_eve import game as kit
from tools_support import tool

REPO_ROOT = Path(__file__).resolve().parents[2]
SUB_PATH = "/sub/dir/"

# A page boots in 3-5.5 s here (cold, 2 cores); leave ample room for a loaded CI machine.
BOOT_TIMEOUT_MS = 60_000
NAVIGATION_TIMEOUT_MS = 60_000
# Anything after boot (clicks, Python calls) is fast; this bounds how long a failing
# assertion or action waits.
ACTION_TIMEOUT_MS = 20_000
expect.set_options(timeout=ACTION_TIMEOUT_MS)

LOOPBACK_NAMES = {"localhost"}


serve = tool("serve")


def is_loopback_url(url: str) -> bool:
    """True for URLs that stay on this machine (data:, blob: and loopback hosts)."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    host = (parts.hostname or "").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass
class Watch:
    """Records everything that should make an e2e test fail."""

    requests: list[str] = field(default_factory=list)
    external_requests: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    http_errors: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)  # a request's URL -> why it failed (the browser's error)

    def guard(self, context: BrowserContext) -> None:
        """Record every request of the context (its pages, popups and workers), and every one to
        a non-loopback host as external (HTTP or WebSocket); WebSockets to one are closed.

        HTTP is watched by the context's request event, not a route: a route on every request
        handed each to Python and back (about 0.3 s of a boot, 0.6 s of CPU), and turned the
        browser's cache off. Non-loopback hosts cannot be reached all the same: the browser is
        launched with a resolver that finds none (conftest.py, BLOCK_HOSTS).
        """
        context.on("request", self._on_request)
        context.on("requestfailed", lambda request: self.failed.__setitem__(request.url, request.failure or ""))
        context.route_web_socket(re.compile(r".*"), self._route_web_socket)

    def _on_request(self, request: Request) -> None:
        url = request.url
        self.requests.append(url)
        if not is_loopback_url(url):
            self.external_requests.append(f"{request.method} {url}")

    def attach(self, page: Page) -> None:
        page.on("console", self._on_console)
        page.on("pageerror", lambda exc: self.page_errors.append(f"{exc.name}: {exc.message}"))
        page.on("response", self._on_response)

    def _route_web_socket(self, ws: WebSocketRoute) -> None:
        if is_loopback_url(ws.url):
            ws.connect_to_server()
        else:
            self.external_requests.append(f"WebSocket {ws.url}")
            ws.close()

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            self.console_errors.append(f"{message.text} [{where}]" if where else message.text)

    def _on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.http_errors.append(f"{response.status} {response.url}")

    def problems(self) -> list[str]:
        return (
            [f"non-loopback request attempted: {r}" for r in self.external_requests]
            + [f"page error: {e}" for e in self.page_errors]
            + [f"console error: {e}" for e in self.console_errors]
            + [f"HTTP error: {e}" for e in self.http_errors]
        )

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "the page misbehaved:\n  " + "\n  ".join(problems)


class Game(kit.Game):
    """The integrators' kit's Game (testkit/python: spin(), buy(), settled(), state(), balance(),
    replay_link(), open(**settings)...), booted by our harness: with the Watch of its context,
    the address it was opened at and how long the boot took."""

    def __init__(self, page: Page, watch: Watch, url: str, boot_seconds: float) -> None:
        parts = urlsplit(url)
        super().__init__(page, f"{parts.scheme}://{parts.netloc}{parts.path.rsplit('/', 1)[0]}/")
        self.watch = watch
        self.url = url
        self.boot_seconds = boot_seconds

    @property
    def data_state(self) -> str | None:
        """<html data-state> now (`state()` is the page's game.state())."""
        return self.page.locator("html").get_attribute("data-state")


@dataclass(frozen=True)
class Site:
    root: str  # http://127.0.0.1:PORT/
    sub: str  # http://127.0.0.1:PORT/sub/dir/


def prepare_context(context: BrowserContext, watch: Watch) -> None:
    context.set_default_navigation_timeout(NAVIGATION_TIMEOUT_MS)
    context.set_default_timeout(ACTION_TIMEOUT_MS)
    watch.guard(context)


def boot(page: Page, watch: Watch, url: str, state: str = "ready") -> Game:
    """Open `url`, wait until <html data-state> leaves "loading", check it is `state`.

    For state="ready" the page must also be clean (see Watch.problems); for other states
    the caller inspects `game.watch` itself (an error page logs to the console by design).
    """
    watch.attach(page)
    start = time.monotonic()
    page.goto(url)
    try:
        page.wait_for_selector(
            "html:not([data-state=loading])", state="attached", timeout=BOOT_TIMEOUT_MS
        )
    except Error as exc:
        problems = "\n  ".join(watch.problems()) or "(none recorded)"
        raise AssertionError(
            f"{url} still loading after {BOOT_TIMEOUT_MS / 1000:.0f} s; problems:\n  {problems}"
        ) from exc
    game = Game(page, watch, url, time.monotonic() - start)
    if state == "ready":
        status = page.locator("#status").text_content() if page.locator("#status").count() else ""
        assert game.data_state == "ready", (
            f"{url}: data-state={game.data_state!r}, status {status!r}; problems:\n  "
            + "\n  ".join(watch.problems())
        )
        watch.assert_clean()
    else:
        assert game.data_state == state, f"{url}: data-state={game.data_state!r}, expected {state!r}"
    return game


def wait_ready(page: Page, timeout: float = BOOT_TIMEOUT_MS) -> None:
    """Until <html data-state="ready">; also after a reload or a new URL, which boots Pyodide
    again (hence the boot timeout by default)."""
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=timeout)


def minor(page: Page, selector: str) -> int:
    """The amount (minor units) an element shows, from its data-minor (the kit's reading)."""
    return kit.Game(page, None).minor(selector)


class HeldRequests:
    """A route handler that holds the requests it gets until release(), then lets them and any
    later ones through: `context.route("**/pyscript.toml", held)` keeps the engine's worker (and
    so the page) loading while a test acts on the loading page."""

    def __init__(self) -> None:
        self.routes: list[Route] = []
        self.released = False

    def __call__(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


# An init script counting the <canvas> elements the page makes (document.createElement wrapped
# before any page script runs), in window.__canvases: counted from outside the page's code.
COUNT_CANVASES = """
window.__canvases = 0;
const make = Document.prototype.createElement;
Document.prototype.createElement = function (tag, ...rest) {
    if (String(tag).toLowerCase() === "canvas") window.__canvases += 1;
    return make.call(this, tag, ...rest);
};
"""
