"""Driving the game page (`Game`) and a host page that frames it (`EmbedHost`, `EmbeddedGame`)."""

from __future__ import annotations

import html
import http.server
import itertools
import threading
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from playwright.sync_api import Error, Frame, Page

SOURCE = "book-of-christmas-eve"  # the `source` of the game's messages, the `target` of commands
# A cold boot of Pyodide takes seconds; leave room for a loaded machine.
BOOT_TIMEOUT_MS = 60_000


class GameError(AssertionError):
    """The page stopped in <html data-state="error">; the message is its #status text."""


def text(value: Any) -> str:
    """A launch setting's value as the query writes it: True/False are 1/0, a list or a tuple is
    comma-separated (`bets=[10, 20]` is `bets=10,20`), anything else str()."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (list, tuple)):
        return ",".join(text(v) for v in value)
    return str(value)


def address(base_url: str, settings: dict[str, Any]) -> str:
    """base_url (the game's address, or a full one such as a replay link) with the launch
    settings added to its query; a setting already in it takes the new value, None leaves it out."""
    if all(v is None for v in settings.values()):
        return base_url  # an address opened as it is
    parts = urlsplit(base_url)
    query = dict(parse_qsl(parts.query, keep_blank_values=True))
    query.update({k: text(v) for k, v in settings.items() if v is not None})
    return urlunsplit(parts._replace(query=urlencode(query, safe=",")))


def wait_booted(page: Page, where: Page | Frame, url: str) -> None:
    """Until <html data-state> leaves `loading`; raise GameError with #status on `error`."""
    try:
        where.wait_for_selector("html:not([data-state=loading])", state="attached",
                                timeout=BOOT_TIMEOUT_MS)
    except Error as exc:
        raise GameError(f"{url} was still loading after {BOOT_TIMEOUT_MS // 1000} s") from exc
    state = where.locator("html").get_attribute("data-state")
    if state == "error":
        status = (where.locator("#status").text_content() or "").strip()
        raise GameError(f"{url} stopped with data-state=error: {status!r}")


def hold_until(page: Page, where: Page | Frame, selector: str, play: str | None, step_ms: int,
               max_ms: int) -> None:
    """Game.hold_until and EmbeddedGame.hold_until: the game in `where` (the page, or its frame
    in a host page), on the clock of `page` (a frame's clock is its page's)."""
    page.clock.pause_at(where.evaluate("() => Date.now()") + 1000)
    if play is not None:
        if play not in ("spin", "buy"):
            raise ValueError(f"play is 'spin' or 'buy', not {play!r}")
        where.evaluate("(kind) => { window.__boceHeld = game[kind](); window.__boceHeld.catch(() => {}); }", play)
    for _ in range(max(1, max_ms // step_ms)):
        page.clock.run_for(step_ms)
        if where.locator(selector).count():
            where.evaluate("() => game.repaint()")
            return
    raise GameError(f"{selector} was not on the page after {max_ms} ms of the page's clock")


class Game:
    """The game page in pytest-playwright's `page`: `open(**settings)`, then the page API."""

    def __init__(self, page: Page, base_url: str | None) -> None:
        self.page = page
        self.base_url = base_url

    def address(self, **settings: Any) -> str:
        """The game's address with these launch settings (the base URL and its query)."""
        if not self.base_url:
            raise RuntimeError("no base URL: run pytest with --base-url http://HOST:PORT/ (the game's address)")
        return address(self.base_url, settings)

    def open(self, link: str | None = None, /, **settings: Any) -> Game:
        """Open the game with these launch settings (or the address `link`, e.g. a replay link,
        with them added to its query), and return once <html data-state> is `ready`; GameError
        (with #status) on `error`."""
        url = address(link, settings) if link is not None else self.address(**settings)
        self.page.goto(url, timeout=BOOT_TIMEOUT_MS)
        wait_booted(self.page, self.page, url)
        self.page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
        return self

    def _call(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)

    def spin(self) -> dict[str, Any]:
        """A round at the current bet: its dict, once its win is credited and the page settled."""
        return self._call("async () => { const r = await game.spin(); await game.settled(); return r; }")  # type: ignore[no-any-return]

    def buy(self) -> dict[str, Any]:
        """The bought feature, as spin()."""
        return self._call("async () => { const r = await game.buy(); await game.settled(); return r; }")  # type: ignore[no-any-return]

    def play_replay(self) -> dict[str, Any]:
        """On a replay link's page: plays its round; its dict once shown and settled."""
        return self._call("async () => { const r = await game.playReplay(); await game.settled(); return r; }")  # type: ignore[no-any-return]

    def replay(self, index: int) -> dict[str, Any]:
        """Plays history entry `index` again (no money moves); its dict once settled."""
        return self._call("async (i) => { const r = await game.replay(i); await game.settled(); return r; }", index)  # type: ignore[no-any-return]

    def settled(self) -> None:
        self._call("() => game.settled().then(() => null)")

    def hold_until(self, selector: str, play: str | None = None, step_ms: int = 16,
                   max_ms: int = 60_000) -> None:
        """A moment inside a round, held for a screenshot: with the page's clock installed before
        open() (`game.page.clock.install()`), pauses it, starts `play` ("spin" or "buy") if given
        without waiting for it, and moves the clock `step_ms` at a time until `selector` is on the
        page (the feature intro's landed book: ".book-anim[data-landed]"); then, in still mode,
        the page paints itself afresh (game.repaint()). The page's timers wait on the clock from
        here: `game.page.clock.resume()` lets the round go on."""
        hold_until(self.page, self.page, selector, play, step_ms, max_ms)

    def state(self) -> dict[str, Any]:
        return self._call("() => game.state()")  # type: ignore[no-any-return]

    def history(self) -> list[dict[str, Any]]:
        return self._call("() => game.history()")  # type: ignore[no-any-return]

    def set_bet(self, minor: int) -> None:
        self._call("(m) => { game.setBet(m); }", minor)

    def replay_link(self, index: int) -> str:
        return self._call("(i) => game.replayLink(i)", index)  # type: ignore[no-any-return]

    def minor(self, selector: str) -> int:
        """The amount (minor units) of an element's data-minor."""
        value = self.page.locator(selector).get_attribute("data-minor")
        if value is None:
            raise AssertionError(f"{selector} has no data-minor")
        return int(value)

    def balance(self) -> int:
        return self.minor("#balance")

    def bet(self) -> int:
        return self.minor("#bet")

    def win(self) -> int:
        return self.minor("#win")


class EmbeddedGame:
    """The game in a host page's `<iframe id=g>`: its Frame, the messages it posted, send()."""

    def __init__(self, page: Page, url: str) -> None:
        self.page = page
        self.url = url
        self._errors_before = 0  # `error` messages posted before the last send(): answered already

    @property
    def frame(self) -> Frame:
        frame = self.page.locator("#g").element_handle().content_frame()
        assert frame is not None, "the host page has no game frame"
        return frame

    def hold_until(self, selector: str, play: str | None = None, step_ms: int = 16,
                   max_ms: int = 60_000) -> None:
        """Game.hold_until for the framed game: the host page's clock (`page.clock.install()`
        once the game is framed), `selector` looked for in the frame."""
        hold_until(self.page, self.frame, selector, play, step_ms, max_ms)

    def messages(self, type: str | None = None) -> list[dict[str, Any]]:
        """Every message the frame posted, oldest first; those of one `type` when given."""
        every: list[dict[str, Any]] = self.page.evaluate("() => window.msgs")
        return [m for m in every if type is None or m.get("type") == type]

    def send(self, message: dict[str, Any]) -> None:
        """Post {target: "book-of-christmas-eve", ...message} to the game's window."""
        self._errors_before = len(self.messages("error"))
        self.page.evaluate("m => document.getElementById('g').contentWindow.postMessage(m, '*')",
                           {"target": SOURCE, **message})

    def wait_for(self, type: str, count: int = 1, timeout: float = BOOT_TIMEOUT_MS) -> dict[str, Any]:
        """The `count`-th message of this type (waits for it). Raises GameError at an `error`
        message posted since the last send() (the command refused) or, before any send(), since
        the frame opened (the boot failed); errors answered before the last send() are history."""
        self.page.wait_for_function(
            "([t, n, e]) => msgs.filter(m => m.type === t).length >= n"
            " || (t !== 'error' && msgs.filter(m => m.type === 'error').length > e)",
            arg=[type, count, self._errors_before], timeout=timeout)
        of_type = self.messages(type)
        if len(of_type) < count:
            raise GameError(f"{self.url}: the game posted an error: {self.messages('error')[self._errors_before:]}")
        return of_type[count - 1]


HOST_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>embed host</title>
<style>html, body {{ margin: 0 }} iframe {{ border: 0; display: block }}</style>
<script>window.msgs = []; addEventListener("message", (e) => {{
  if (e.source === document.getElementById("g").contentWindow) msgs.push(e.data); }});</script>
<iframe id="g" src="{src}" width="{width}" height="{height}" allow="autoplay"></iframe>
"""


class EmbedHost:
    """A tiny threaded HTTP server on 127.0.0.1 (ephemeral port) serving generated host pages.
    Really served: Chromium blocks a local frame in a page fulfilled by page.route()."""

    def __init__(self) -> None:
        self.pages: dict[str, bytes] = {}
        self._ids = itertools.count(1)
        pages = self.pages

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the http.server name)
                body = pages.get(self.path.split("?")[0])
                self.send_response(200 if body is not None else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body or b"not found")

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, name="embed-host", daemon=True)
        self.thread.start()
        self.root = f"http://127.0.0.1:{self.server.server_port}"

    def add(self, src: str, width: int, height: int) -> str:
        path = f"/host-{next(self._ids)}.html"
        self.pages[path] = HOST_PAGE.format(src=html.escape(src), width=width, height=height).encode()
        return self.root + path

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)


class EmbedHostFixture:
    """`embed_host.open(settings, width=, height=)`: a host page in the test's `page`."""

    def __init__(self, server: EmbedHost, page: Page, base_url: str | None) -> None:
        self.server = server
        self.page = page
        self.base_url = base_url

    def open(self, settings: dict[str, Any] | None = None, width: int = 900, height: int = 640,
             until: str = "ready") -> EmbeddedGame:
        """Frame the game at base_url?embed=1&SETTINGS; return once it posted `until` (ready)."""
        if not self.base_url:
            raise RuntimeError("no base URL: run pytest with --base-url http://HOST:PORT/ (the game's address)")
        src = address(self.base_url, {"embed": 1, **(settings or {})})
        self.page.goto(self.server.add(src, width, height))
        embedded = EmbeddedGame(self.page, src)
        if until:
            embedded.wait_for(until)
        return embedded

