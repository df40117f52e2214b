"""The player's figures of tools/bench_browser.py beyond the loads: taps answered (Event Timing)
while loading and while playing on the phone profile, memory over 1,000 rounds, and cold loads in
Firefox ESR and WebKitGTK (tests/xbrowser's drivers, no throttling).

tests/e2e/test_phone.py checks the same with loose thresholds; here are the strict figures.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests" / "xbrowser")]

import visits  # noqa: E402
from page_support import EVENTS, PYTHON, WASM_BYTES  # noqa: E402
from playwright.sync_api import Browser, Page  # noqa: E402


PLAY = """async (n) => { for (let i = 0; i < n; i++) await game.spin(); }"""


def _state(page: Page) -> str | None:
    return page.locator("html").get_attribute("data-state")


def _tap(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    if box:
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def taps(browser: Browser, game_url: str, rounds: int = 3) -> dict[str, Any]:
    """Taps on Spin and the stage while the page loads and while rounds play (UK rules: no slam
    stop, so Spin is refused and says why), on the phone profile; the slowest event of each."""
    ctx = browser.new_context(service_workers="block", **visits.context_options())
    try:
        page = ctx.new_page()
        visits.emulate(page)
        page.add_init_script(EVENTS)
        page.goto(game_url + "&jurisdiction=uk", wait_until="commit")
        page.wait_for_selector("#spin[data-locked=loading], html:not([data-state=loading])", state="attached",
                               timeout=visits.TIMEOUT_MS)  # from when firstpaint.js answers a tap
        n_loading = n_playing = 0
        while _state(page) == "loading":
            _tap(page, "#spin")
            _tap(page, "#stage")
            n_loading += 1
        ready = "html[data-state=ready]"  # (a last tap may have started a round: after it)
        page.wait_for_selector(ready, state="attached", timeout=visits.TIMEOUT_MS)
        for _ in range(rounds):
            _tap(page, "#spin")
            page.wait_for_selector("html[data-state=playing]", state="attached", timeout=visits.TIMEOUT_MS)
            while _state(page) == "playing":
                _tap(page, "#spin")
                _tap(page, "#stage")
                n_playing += 1
            page.wait_for_selector(ready, state="attached", timeout=visits.TIMEOUT_MS)
        events: list[dict[str, Any]] = page.evaluate("window.__events")
    finally:
        ctx.close()

    def worst(loading: bool) -> float:
        return max([e["duration"] for e in events if e["loading"] == loading], default=0.0)

    return {"loading_taps": n_loading, "playing_taps": n_playing,
            "loading_max_ms": worst(True), "playing_max_ms": worst(False)}


# The taps' baseline: a page with only a button that writes a line when tapped.
TAP_PAGE = """<!doctype html><meta charset="utf-8"><title>taps</title><html data-state="ready">
<button id="b" style="font-size:2rem;margin:3rem">Tap</button><p id="out"></p>
<script>document.getElementById("b").onclick = () => { out.textContent = "tapped " + performance.now(); };</script>"""


def tap_baseline(browser: Browser, url: str, n: int = 20) -> float:
    """The slowest event of `n` taps on TAP_PAGE (at `url`), on the phone profile: what the
    emulation and the machine's load give a page that does nothing else."""
    ctx = browser.new_context(service_workers="block", **visits.context_options())
    try:
        page = ctx.new_page()
        visits.emulate(page)
        page.add_init_script(EVENTS)
        page.goto(url)
        page.evaluate("window.__events ?? " + EVENTS)  # (were the init script not run)
        for _ in range(n):
            _tap(page, "#b")
        page.wait_for_timeout(500)
        events: list[dict[str, Any]] = page.evaluate("window.__events")
    finally:
        ctx.close()
    return max([e["duration"] for e in events], default=0.0)


def _memory(page: Page, cdp: Any) -> tuple[int, int]:
    cdp.send("HeapProfiler.collectGarbage")
    return int(cdp.send("Runtime.getHeapUsage")["usedSize"]), int(page.evaluate(PYTHON, WASM_BYTES))


def memory(browser: Browser, game_url: str, rounds: int = 1000) -> dict[str, Any]:
    """JS heap (after a forced GC) and the worker's wasm memory after 100 and `rounds` rounds
    (`?speed=fast`, game.spin() in a loop), without emulation."""
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        page.goto(game_url.replace("speed=normal", "speed=fast"))
        visits.wait_ready(page)
        cdp = ctx.new_cdp_session(page)
        cdp.send("HeapProfiler.enable")
        page.evaluate(PLAY, 100)
        heap0, wasm0 = _memory(page, cdp)
        page.evaluate(PLAY, rounds - 100)
        heap1, wasm1 = _memory(page, cdp)
    finally:
        ctx.close()
    return {"rounds": rounds, "heap_100": heap0, "heap_end": heap1, "wasm_100": wasm0, "wasm_end": wasm1,
            "heap_growth": heap1 / heap0 - 1, "wasm_growth": wasm1 / wasm0 - 1}


READ_MARKS = """(() => { const m = (n) => performance.getEntriesByName(n)[0]?.startTime ?? null;
    return { ready: m("ready"), painted: m("reels-painted") }; })()"""


def other_browsers(game_url: str, bare_url: str, runs: int, blank_url: str) -> dict[str, Any]:
    """Cold loads (a fresh profile or container each) of the game and the bare page, alternating,
    in Firefox ESR and WebKitGTK, without throttling: medians of the pages' own marks."""
    import statistics

    out: dict[str, Any] = {}
    for name in ("firefox", "webkit"):
        try:
            if name == "firefox":
                from firefox_bidi import FirefoxDriver
                drv: Any = FirefoxDriver()
            else:
                from webkit_wd import WebKitDriver
                drv = WebKitDriver(blank_url)
        except Exception as exc:  # noqa: BLE001 (a browser missing here: say so, go on)
            print(f"  {name}: could not launch ({type(exc).__name__}: {exc})", flush=True)
            continue
        seen: dict[str, list[dict[str, Any]]] = {"game": [], "bare": []}
        try:
            for i in range(runs):
                order = (("game", game_url), ("bare", bare_url))
                for page, url in order if i % 2 == 0 else order[::-1]:
                    if name == "webkit":  # a new MiniBrowser: an empty cache
                        drv._http("DELETE", f"/session/{drv.session}", timeout=30)
                        drv._new_session()
                    start = time.monotonic()
                    drv.open(url)
                    state = drv.wait_state(visits.TIMEOUT_MS / 1000)
                    if state != "ready":
                        raise SystemExit(f"bench_browser: {name} {url}: data-state={state!r}")
                    marks = drv.eval(READ_MARKS)
                    seen[page].append(marks)
                    print(f"  {name} cold {page:4} {marks['ready']:8.0f} ms ({time.monotonic() - start:.0f} s)", flush=True)
        finally:
            drv.close()
        game_ready = statistics.median(m["ready"] for m in seen["game"])
        bare_ready = statistics.median(m["ready"] for m in seen["bare"])
        painted = [m["painted"] for m in seen["game"] if m["painted"] is not None]
        out[name] = {"version": drv.version, "game_ready_ms": game_ready, "bare_ready_ms": bare_ready,
                     "painted_ms": statistics.median(painted) if painted else None}
    return out
