"""The game on a phone (Chromium emulating one: 390x844, isMobile, touch): no horizontal overflow,
every tap answered quickly (Event Timing) while loading and while a round plays, and memory that
stays flat over many rounds.

The thresholds here are loose, for a loaded 2-core machine running the suite; `make bench`
(tools/bench/phone.py) reports the strict figures (taps within 200 ms, memory growth under 10%).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from e2e_harness import BOOT_TIMEOUT_MS, HeldRequests, Site, Watch, boot, prepare_context, wait_ready
from page_support import EVENTS, PYTHON, WASM_BYTES
from playwright.sync_api import BrowserContext, Page

# On both cores (`make test`), the taps' test runs while the other worker waits (tests/parallel.py):
# a tap's time is what the machine gives it. The others measure no time and share the machine.
RUN_ALONE = {"test_every_tap_is_answered_at_once"}

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 3}


@pytest.fixture
def phone(new_context: Callable[..., BrowserContext], watch: Watch) -> Iterator[BrowserContext]:
    ctx = new_context(**PHONE)
    prepare_context(ctx, watch)
    yield ctx
    assert not watch.external_requests, f"non-loopback requests attempted: {watch.external_requests}"


def test_nothing_overflows_sideways_on_a_phone(phone: BrowserContext, watch: Watch, site: Site) -> None:
    game = boot(phone.new_page(), watch, site.root + "?speed=fast")
    widths = game.page.evaluate("""() => ({ scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth, inner: innerWidth,
        wider: [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right
            > document.documentElement.clientWidth + 0.5).map((el) => el.tagName + "." + el.className) })""")
    # a mobile browser widens its layout viewport to the content: 390 means nothing is wider
    assert widths["inner"] == 390 and widths["scroll"] == widths["client"] == 390, widths


SMALL_PHONE = {"viewport": {"width": 320, "height": 568}, "is_mobile": True, "has_touch": True,
               "device_scale_factor": 2}

# How many lines an element's text takes: the distinct tops of its text's line boxes.
LINES = """(sel) => { const r = document.createRange(); r.selectNodeContents(document.querySelector(sel));
    return new Set([...r.getClientRects()].map((b) => Math.round(b.top))).size; }"""


def test_the_max_win_stays_on_one_line_in_the_win_meter(new_context: Callable[..., BrowserContext], watch: Watch,
                                                         site: Site) -> None:
    """On the smallest phone upright (320x568) the largest amount #win can hold, the cap at the
    top bet (the model's max_win x its largest bet), is set smaller rather than broken inside its
    digits ("€20,16" / "8.00" before), and the text still fits its meter."""
    from engine import load_model

    model = load_model()
    top = model.max_win * max(model.bets)
    ctx = new_context(**SMALL_PHONE)
    prepare_context(ctx, watch)
    page = boot(ctx.new_page(), watch, site.root + "?speed=fast&debug=1&lang=en").page
    for amount in (model.max_win * model.default_bet, top):
        page.evaluate("(m) => { const h = window.debugGame.hud; h.setWin(m); h.landWin(); }", amount)
        page.wait_for_function("(m) => document.getElementById('win').dataset.minor === String(m)", arg=amount)
        assert page.evaluate(LINES, "#win") == 1, page.inner_text("#win")
        fits = page.evaluate("() => { const w = document.getElementById('win'); return w.scrollWidth <= w.clientWidth + 0.5; }")
        assert fits, page.inner_text("#win")
    ctx.close()


def tap(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def state(page: Page) -> str | None:
    return page.locator("html").get_attribute("data-state")


# The baseline: a page with only a button, tapped as often, in the same page and emulation (what
# the machine's load and the 4x slowdown give a page that does nothing else: up to ~0.5 s here).
BUTTON = """<!doctype html><button id="b" style="font-size:2rem;margin:3rem"
    onclick="this.textContent = performance.now()">Tap</button>"""


LOADING_TAPS = 6  # each a tap on Spin and one on the stage


def test_every_tap_is_answered_at_once(phone: BrowserContext, watch: Watch, site: Site) -> None:
    page = phone.new_page()
    watch.attach(page)
    cdp = phone.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.add_init_script(EVENTS)
    page.set_content(BUTTON)
    page.evaluate(EVENTS)
    for _ in range(10):
        tap(page, "#b")
    page.wait_for_timeout(300)
    baseline = max([e["duration"] for e in page.evaluate("window.__events")], default=0.0)
    # The engine's worker cannot be ready before its pyscript.toml comes: that request is held
    # until the loading taps are made (the boot got fast enough for the game to be ready a tap
    # or two after its first paint, too short a window to tap through reliably).
    held = HeldRequests()
    phone.route("**/pyscript.toml", held)
    # UK rules: no slam stop, so a tap on Spin while a round plays is refused, and says why
    page.goto(site.root + "?jurisdiction=uk&speed=normal", wait_until="commit")
    # from when firstpaint.js has painted the reels (a press of Spin is held from then on)
    page.wait_for_function("() => performance.getEntriesByName('reels-painted').length === 1",
                           timeout=BOOT_TIMEOUT_MS)
    for loading_tap in range(LOADING_TAPS):
        tap(page, "#spin")
        tap(page, "#stage")
        assert state(page) == "loading"
        if loading_tap == 0:
            # the first press is held in the tap's own task, before Python is up: the reels turn
            # (test_held_spin.py), and the later presses change nothing
            assert page.locator("#spin").get_attribute("data-locked") == "held"
    held.release()
    # the held press plays its round once the game is ready
    page.wait_for_selector("html:not([data-state=loading])", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => game.ready")
    page.wait_for_function("() => game.history().length === 1")
    wait_ready(page)
    played_taps = 0
    for _ in range(2):
        tap(page, "#spin")  # a round starts
        page.wait_for_selector("html[data-state=playing]", state="attached")
        while state(page) == "playing":
            tap(page, "#spin")
            tap(page, "#stage")
            played_taps += 1
        wait_ready(page)
    assert played_taps > 0
    assert "not available under the United Kingdom rules" in (page.locator("#message-text").text_content() or "")
    events: list[dict[str, Any]] = page.evaluate("window.__events")
    slow = sorted(events, key=lambda e: -e["duration"])[:5]
    print(f"{LOADING_TAPS} taps while loading, {played_taps} while playing; slowest events: {slow};"
          f" a page with only a button: {baseline:.0f} ms")
    # loose, for a loaded 2-core machine (make bench reports the strict figure, 200 ms)
    limit = max(600.0, 2 * baseline)
    assert all(e["duration"] < limit for e in events), (limit, slow)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    watch.assert_clean()


def memory(page: Page, cdp: Any) -> tuple[int, int]:
    """(JS heap used after a forced GC, the worker's wasm memory) in bytes."""
    cdp.send("HeapProfiler.collectGarbage")
    heap = int(cdp.send("Runtime.getHeapUsage")["usedSize"])
    return heap, int(page.evaluate(PYTHON, WASM_BYTES))


PLAY = """async (n) => { for (let i = 0; i < n; i++) await game.spin(); }"""


def test_memory_stays_flat_over_many_rounds(phone: BrowserContext, watch: Watch, site: Site) -> None:
    game = boot(phone.new_page(), watch, site.root + "?speed=fast")
    cdp = phone.new_cdp_session(game.page)
    cdp.send("HeapProfiler.enable")
    game.page.evaluate(PLAY, 100)
    heap0, wasm0 = memory(game.page, cdp)
    game.page.evaluate(PLAY, 200)
    heap1, wasm1 = memory(game.page, cdp)
    print(f"after 100 rounds: JS heap {heap0 / 1e6:.2f} MB, wasm {wasm0 / 1e6:.1f} MB;"
          f" after 300: {heap1 / 1e6:.2f} MB, {wasm1 / 1e6:.1f} MB")
    assert heap1 < 1.25 * heap0 and wasm1 < 1.25 * wasm0
    watch.assert_clean()
