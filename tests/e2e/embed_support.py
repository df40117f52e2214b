"""The embedding tests' parent page (test_embed.py, test_embed_commands.py): a marketing page on
the game's own site with the game in an iframe, recording every message the game posts."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from e2e_harness import BOOT_TIMEOUT_MS, Watch
from playwright.sync_api import BrowserContext

SOURCE = "book-of-christmas-eve"  # the `source` of the game's messages, the `target` of commands


def host(context: BrowserContext, watch: Watch, src: str, until: str = "ready",
         timeout: float = BOOT_TIMEOUT_MS) -> Any:
    """The parent page with the game at `src` in an iframe, once the game posted `until`. (A
    parent on another origin served the same way is refused by Chromium's private-network
    rules, since the route makes it look public.)"""
    html = ("<!doctype html><script>window.msgs = []; addEventListener('message', e => msgs.push(e.data));"
            f'</script><iframe id="g" src="{src}" width="900" height="640"></iframe>')
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
