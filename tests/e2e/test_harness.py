"""The harness's own logic: the loopback test without a browser, the network guard in one."""

from __future__ import annotations

import pytest
from e2e_harness import Watch, is_loopback_url
from playwright.sync_api import BrowserContext, Page


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
