"""A phone's first visit of dist/ behind nginx with brotli, in Chromium: the bytes on the wire
until the game is ready, and the cache policy of the runtime's content-hashed files (a second
visit without a service worker asks nginx for none of them).

Expected values: the budget of issue 20 (at most 6,000,000 bytes before `ready`), nginx's own
access log (`$body_bytes_sent` of each request: what it sent, its .br copy for a browser that
accepts brotli), the cache header tools/nginx.conf.template gives static/vendor/ (a year,
`immutable`) and the folder names tools/dist.py gives it (the pinned version and a 12-hex hash of
the shipped files, so new content is a new URL).
"""

from __future__ import annotations

import re
from pathlib import Path

from drivers import BOOT_TIMEOUT, report
from nginx import SUB_PATH, Nginx
from playwright.sync_api import Browser, Response

BUDGET = 6_000_000
PHONE = {"width": 390, "height": 844}
HASHED = re.compile(r"/static/vendor/(pyodide-[0-9.]+|pyscript-[0-9.]+|snapshot)-[0-9a-f]{12}/")
IMMUTABLE = "public, max-age=31536000, immutable"


def body_bytes(line: str) -> tuple[str, int, int]:
    """(path, status, body bytes sent) of one line of nginx's combined log."""
    parts = line.split('"')
    status, sent = parts[2].split()[:2]
    return parts[1].split(" ")[1], int(status), int(sent)


def test_first_visit_on_a_phone_moves_at_most_6_mb_before_ready(browser: Browser, server: Nginx,
                                                                 dist: Path) -> None:
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, has_touch=True,
                                  service_workers="block")
    try:
        page = context.new_page()
        finished: list[tuple[str, int]] = []  # (url, encoded body bytes) of each finished request
        responses: list[Response] = []
        page.on("requestfinished", lambda r: finished.append((r.url, r.sizes()["responseBodySize"])))
        page.on("response", lambda r: responses.append(r))
        mark = server.log_mark()
        page.goto(server.game + "?speed=fast")
        page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT * 1000)
        at_ready = list(finished)
        log_size = server.log_mark()
        with open(server.prefix / "access.log", "rb") as f:
            f.seek(mark)
            log = [body_bytes(line) for line in f.read(log_size - mark).decode().splitlines()]
        assert page.evaluate("document.documentElement.dataset.state") == "ready"
        assert page.evaluate("[innerWidth, innerHeight]") == [PHONE["width"], PHONE["height"]]
        # a second visit of the same browser, still without a service worker: the runtime and the
        # snapshot come from its HTTP cache, not one request for them reaches nginx (immutable)
        again = server.log_mark()
        second = context.new_page()
        second.goto(server.game + "?speed=fast")
        second.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT * 1000)
        revisit = [p for p, _ in server.log_since(again)]
    finally:
        context.close()

    # what nginx sent until then (the engine's worker's downloads included: the wasm, the snapshot)
    assert [p for p, s, _ in log if s >= 400] == []
    sent = sum(n for _, _, n in log)
    names = [p for p, _, _ in log]
    assert any(p.endswith("/pyodide.asm.wasm") for p in names) and any(p.endswith("/engine.bin") for p in names)
    biggest = sorted(((n, p.rsplit("/", 1)[1]) for p, _, n in log), reverse=True)[:4]
    report("chromium", f"chromium: phone first visit, {len(log)} requests, {sent / 1e6:.2f} MB sent "
           f"before ready (largest: {', '.join(f'{name} {n / 1e6:.2f} MB' for n, name in biggest)})")
    assert sent <= BUDGET, f"{sent:,} bytes before ready, over {BUDGET:,}: {biggest}"
    # the browser counted the same (Playwright's encoded body sizes; a second request of a file
    # the HTTP cache answered counts 0), and got the wasm as its brotli copy
    seen = sum(n for _, n in at_ready)
    assert seen <= BUDGET, f"the browser received {seen:,} bytes before ready"
    wasm = next(p for p in names if p.endswith("/pyodide.asm.wasm"))
    br = (dist / (wasm[len(SUB_PATH):] + ".br")).stat().st_size
    assert dict((p, n) for p, _, n in log)[wasm] == br
    assert [n for u, n in at_ready if u.endswith("/pyodide.asm.wasm")] == [br]

    # the runtime and the snapshot: content-hashed names, cached for a year without revalidation
    vendor = [r for r in responses if "/static/vendor/" in r.url]
    assert vendor and all(HASHED.search(r.url) for r in vendor), [r.url for r in vendor]
    for r in vendor:
        assert r.headers.get("cache-control") == IMMUTABLE, r.url
    # the game's own files keep their names: always revalidated
    page_doc = next(r for r in responses if r.url.split("?")[0] == server.game)
    assert page_doc.headers.get("cache-control") == "no-cache"
    assert revisit and not [p for p in revisit if "/static/vendor/" in p], revisit
