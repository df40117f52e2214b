"""The harness's own logic: the loopback test without a browser, the network guard in one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_harness import Watch, is_loopback_url
from playwright.sync_api import Browser, BrowserContext, Page


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/",
        "http://127.8.9.10/x.js",
        "http://localhost:1234/a",
        "http://[::1]:8000/",
        "data:text/plain,hi",
        "blob:http://127.0.0.1:8000/0b5c",
    ],
)
def test_local_urls_are_allowed(url: str) -> None:
    assert is_loopback_url(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://cdn.jsdelivr.net/pyodide/v314.0.7/full/pyodide.mjs",
        "http://10.0.0.1/",
        "http://192.168.1.1:8000/",
        "http://0.0.0.0:8000/",
        "http://127.0.0.1.example.com/",
        "ws://example.com/socket",
    ],
)
def test_other_urls_are_external(url: str) -> None:
    assert not is_loopback_url(url)


def test_the_guard_records_a_request_to_another_host_and_it_never_leaves(context: BrowserContext, page: Page,
                                                                          watch: Watch) -> None:
    # a page asking another host, by name, from a frame and a worker too: each is recorded as
    # external, and fails at the browser's resolver (BLOCK_HOSTS) without reaching a network
    page.set_content("""<img id="i" src="http://example.com/a.png">
        <iframe src="http://cdn.example.org/f.html"></iframe>""")
    outcome = page.evaluate("""async () => {
        try { await fetch("https://cdn.jsdelivr.net/pyodide/pyodide.mjs"); return "reached"; }
        catch (e) { return "failed"; } }""")
    assert outcome == "failed"
    page.wait_for_function("() => document.getElementById('i').complete")
    external = " ".join(watch.external_requests)
    for url in ("http://example.com/a.png", "http://cdn.example.org/f.html", "https://cdn.jsdelivr.net/pyodide/pyodide.mjs"):
        assert url in external, watch.external_requests
    watch.external_requests.clear()  # (made on purpose: the context fixture's teardown checks it)


def renderers(browser: Browser) -> dict[int, str]:
    """The browser's own process and its renderers: pid -> command line (Chromium's own list of
    its processes, each command line read from /proc)."""
    cdp = browser.new_browser_cdp_session()
    try:
        found = cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        cdp.detach()
    out = {}
    for p in found:
        if p["type"] not in ("browser", "renderer"):
            continue
        try:
            out[p["id"]] = Path(f"/proc/{p['id']}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue  # ended meanwhile
    return out


def test_chromium_builds_no_hidden_page_of_its_own_for_a_context(browser: Browser, browser_context_args: dict[str, Any]) -> None:
    """Each context of a recent Chromium loaded the address bar's popup as a page of its own
    ("--top-chrome-webui" renderer, about 0.9 s of CPU a context) unless the kit turns it off
    (testkit/python chromium.py). Chromium reads only its command line's last
    --disable-features: the browser's own shows that the kit's comes last and names every
    feature Playwright's comes first with."""
    before = renderers(browser)
    ctx = browser.new_context(**browser_context_args)
    try:
        ctx.new_page().goto("data:text/html,<p>hi")
        # the popup's renderer started with the window, before the page's own
        new = {pid: cmd for pid, cmd in renderers(browser).items() if pid not in before}
        assert new, "the context started no renderer: the premise (a page drawn) failed"
        assert [cmd for cmd in new.values() if "--top-chrome-webui" in cmd] == []
    finally:
        ctx.close()
    browser_cmd = next(cmd for cmd in before.values() if "--type=" not in cmd)
    flags = [a.removeprefix("--disable-features=").split(",") for a in browser_cmd.split() if a.startswith("--disable-features=")]
    assert len(flags) == 2, flags  # Playwright's, then the kit's
    assert set(flags[0]) <= set(flags[1])
