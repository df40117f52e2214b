"""The embedding tests' parent page (test_embed.py, test_embed_commands.py): a marketing page on
the game's own site with the game in an iframe, recording every message the game posts (the
integrators' kit's host page, testkit/python, served by a route on the game's origin)."""

from __future__ import annotations

import html as markup
from typing import Any
from urllib.parse import urlsplit

from e2e_harness import BOOT_TIMEOUT_MS, Watch
from playwright.sync_api import BrowserContext
from pytest_book_of_christmas_eve.game import HOST_PAGE, SOURCE  # noqa: F401 (SOURCE: for the tests)


def host(context: BrowserContext, watch: Watch, src: str, until: str = "ready",
         timeout: float = BOOT_TIMEOUT_MS, width: int = 900, height: int = 640) -> Any:
    """The parent page with the game at `src` in an iframe, once the game posted `until`. (A
    parent on another origin served the same way is refused by Chromium's private-network
    rules, since the route makes it look public.)"""
    html = HOST_PAGE.format(src=markup.escape(src), width=width, height=height)  # the kit's host page
    parts = urlsplit(src)
    url = f"{parts.scheme}://{parts.netloc}/embed-host.html"
    context.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
    page = context.new_page()
    watch.attach(page)
    page.goto(url)
    page.wait_for_function("t => msgs.some(m => m.type === t)", arg=until, timeout=timeout)
    return page


def send(page: Any, message: dict[str, Any]) -> None:
    """`message` posted to the game's window, as a parent page would."""
    page.evaluate("m => document.getElementById('g').contentWindow.postMessage(m, '*')", message)
