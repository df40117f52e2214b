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
from page_support import EVENTS, PYTHON, WASM_BYTES, WORKER_RESOURCES  # noqa: E402
from playwright.sync_api import Browser, Page  # noqa: E402


PLAY = """async (n) => { for (let i = 0; i < n; i++) await game.spin(); }"""


def _state(page: Page) -> str | None:
    return page.locator("html").get_attribute("data-state")


def _tap(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    if box:
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _phone_page(browser: Browser, url: str, probe: str) -> tuple[Any, Page]:
    """A new context and page on the phone profile, `probe` injected, opened at `url` (UK rules)
    until its first byte; the caller closes the context."""
    ctx = browser.new_context(service_workers="block", **visits.context_options())
    page = ctx.new_page()
    visits.emulate(page)
    page.add_init_script(probe)
    page.goto(url + "&jurisdiction=uk", wait_until="commit")
    return ctx, page


def taps(browser: Browser, game_url: str, rounds: int = 3) -> dict[str, Any]:
    """Taps on Spin and the stage while the page loads and while rounds play (UK rules: no slam
    stop, so Spin is refused and says why), on the phone profile; the slowest event of each."""
    ctx, page = _phone_page(browser, game_url, EVENTS)
    try:
        page.wait_for_selector("#spin[data-locked=loading], html:not([data-state=loading])", state="attached",
                               timeout=visits.TIMEOUT_MS)  # from when firstpaint.js answers a tap
        n_loading = n_playing = 0
        while _state(page) == "loading":
            _tap(page, "#spin")
            _tap(page, "#stage")
            n_loading += 1
        ready = "html[data-state=ready]"  # (a last tap may have started a round: after it)
        # the first loading tap after the paint was held: its round plays at ready, and lands first
        page.wait_for_function("""() => !performance.getEntriesByName("spin-held").length
            || (performance.getEntriesByName("held-landed").length > 0
                && document.documentElement.dataset.state === "ready")""", timeout=visits.TIMEOUT_MS)
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


# Injected before the page's scripts of a held visit: every event of 16 ms or more (Event Timing)
# with its start, processing and duration, and the moment data-state becomes "ready".
HELD_PROBE = """(() => {
    const m = window.__held = { events: [], ready: null };
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) m.events.push({ name: e.name, start: e.startTime,
            processingStart: e.processingStart, processingEnd: e.processingEnd, duration: e.duration });
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
    new MutationObserver(() => {
        if (m.ready === null && document.documentElement.dataset.state === "ready") m.ready = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
})();"""

# A held visit's figures, read from the page's marks and the probe once its held round landed.
HELD_READ = """async () => {
    const m = window.__held;
    const mark = (n) => performance.getEntriesByName(n)[0]?.startTime ?? null;
    const held = mark("spin-held");
    // the tap that was held: the event whose handling set the mark
    const tap = m.events.find((e) => held !== null && e.processingStart <= held && held <= e.processingEnd + 1);
    const entries = [...performance.getEntriesByType("navigation"), ...performance.getEntriesByType("resource")]
        .filter((e) => e.responseEnd <= m.ready);
    const worker = (await """ + WORKER_RESOURCES + """).reduce((sum, [, size]) => sum + size, 0);
    return {
        painted: mark("reels-painted"), held, tap: tap ? tap.start : null, moving: mark("reels-moving"),
        teased: mark("held-teased") !== null,
        ready: m.ready, landed: mark("held-landed"),
        // the budget is from the paint on; before it the page is not on screen to be tapped
        slowest: Math.max(0, ...m.events.filter((e) => e.start >= mark("reels-painted")).map((e) => e.duration)),
        slowestBefore: Math.max(0, ...m.events.filter((e) => e.start < mark("reels-painted")).map((e) => e.duration)),
        bytes: entries.reduce((sum, e) => sum + (e.transferSize || 0), 0) + worker,
    };
}"""

TAP_EVERY_S = 0.7


def held_visit(browser: Browser, game_url: str) -> dict[str, Any]:
    """A cold visit on the phone profile with a tap every 0.7 s from the first byte (UK rules: a
    tap while the round plays does not stop the reels, so the held round lands as it would), on
    the stage until the reels are painted, then at once on Spin (the tap at paint, held) and on
    Spin every 0.7 s, until the held round has landed and the page is ready again."""
    ctx, page = _phone_page(browser, game_url, HELD_PROBE)
    try:
        taps = 0
        painted = False
        deadline = time.monotonic() + visits.TIMEOUT_MS / 1000
        next_tap = time.monotonic()
        # one query of the page per step (each is a task on its 4x-slowed main thread): every
        # 50 ms until the reels are painted, then once per tap
        look = """() => [performance.getEntriesByName("reels-painted").length > 0,
            !!document.body && !document.body.hidden, document.documentElement.dataset.state,
            performance.getEntriesByName("held-landed").length > 0]"""
        while time.monotonic() < deadline:
            now_painted, shown, state, landed = page.evaluate(look)
            if state == "ready" and landed:
                break
            if state == "error":
                raise SystemExit(f"bench_browser: {page.url} ended in data-state=error")
            # a tap every 0.7 s, and one as soon as the reels are painted (the tap at paint); until
            # then on the stage, so that the press held is the tap at paint, not one made before
            # it and handled after it
            if shown and (time.monotonic() >= next_tap or now_painted != painted):
                _tap(page, "#spin" if now_painted else "#stage")
                taps += 1
                next_tap = time.monotonic() + TAP_EVERY_S
            painted = now_painted
            time.sleep(max(0.0, next_tap - time.monotonic()) if painted else 0.05)
        page.wait_for_selector("html[data-state=ready]", state="attached", timeout=visits.TIMEOUT_MS)
        result: dict[str, Any] = page.evaluate(HELD_READ)
        result["taps"] = taps
        return result
    finally:
        ctx.close()


def held(browser: Browser, game_url: str, bare_url: str, runs: int = 3) -> dict[str, Any]:
    """Play from the first paint, on the phone profile: `runs` held visits of the game
    (held_visit) alternating with cold visits of the bare page; per visit the paint, the first
    reel motion after the held tap, the held round's landing after `ready`, `ready` and its ratio
    to the wire time of the bytes before it (at the profile's 9 Mbit/s), the slowest tap."""
    import statistics

    rate = visits.PROFILES["phone"]["network"]["downloadThroughput"]  # type: ignore[index]
    games: list[dict[str, Any]] = []
    bares: list[float] = []
    for i in range(runs):
        order = ("game", "bare") if i % 2 == 0 else ("bare", "game")
        for name in order:
            if name == "bare":
                bares.append(visits.load(browser, bare_url)["ready"])
                print(f"  held: bare ready {bares[-1]:7.0f} ms", flush=True)
                continue
            v = held_visit(browser, game_url)
            v["wire_ms"] = v["bytes"] / rate * 1000
            v["motion_ms"] = v["moving"] - v["tap"] if v["moving"] is not None and v["tap"] is not None else None
            v["landing_ms"] = v["landed"] - v["ready"] if v["landed"] is not None else None
            games.append(v)
            print(f"  held: painted {v['painted']:6.0f} ms, tap to motion {v['motion_ms'] or 0:5.0f} ms, ready"
                  f" {v['ready']:6.0f} ms ({v['ready'] / v['wire_ms']:.2f}x its {v['bytes'] / 1e6:.2f} MB on the"
                  f" wire), landed {v['landing_ms'] or 0:5.0f} ms after{' (teased)' if v['teased'] else ''},"
                  f" slowest of {v['taps']} taps from the paint {v['slowest']:4.0f} ms (before it"
                  f" {v['slowestBefore']:4.0f} ms)", flush=True)

    def worst(key: str, teased: bool = True) -> float | None:
        values = [v[key] for v in games if v[key] is not None and (teased or not v["teased"])]
        return max(values) if values else None

    return {
        "runs": runs,
        "painted_median_ms": statistics.median(v["painted"] for v in games),
        "motion_max_ms": worst("motion_ms"),
        "landing_max_ms": worst("landing_ms", teased=False),  # (a teased round's suspense is designed)
        "teased": sum(1 for v in games if v["teased"]),
        "ready_median_ms": statistics.median(v["ready"] for v in games),
        "wire_median_ms": statistics.median(v["wire_ms"] for v in games),
        "wire_ratio_max": max(v["ready"] / v["wire_ms"] for v in games),
        "bytes_max": max(v["bytes"] for v in games),
        "slowest_tap_ms": max(v["slowest"] for v in games),
        "slowest_before_paint_ms": max(v["slowestBefore"] for v in games),
        "bare_ready_median_ms": statistics.median(bares),
        "visits": games,
    }


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
