"""The page visits tools/bench_browser.py measures: cold and warm loads of a page (emulating
PROFILE), and the in-game figures (frames, round calls) without emulation."""

from __future__ import annotations

import tempfile
from typing import Any

from page_scripts import CANVAS_PAGE, FRAMES, PROBE, RAF_INTERVALS, READ, ROUND_CALLS
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

TIMEOUT_MS = 600_000

# The player's case: a phone on a good mobile network (Fast 4G: 9 Mbit/s down, 1.5 Mbit/s up,
# 60 ms latency; the CPU slowed 4x), emulated through the DevTools protocol on the measured page
# of every cold and warm load of the phone runs; "none" is the desktop (no emulation). The
# in-game figures (frames, round calls, memory) are measured without it.
PROFILES: dict[str, dict[str, Any] | None] = {
    "phone": {
        "network": {"offline": False, "latency": 60, "downloadThroughput": 9_000_000 / 8,
                    "uploadThroughput": 1_500_000 / 8},
        "cpu": 4,
        "context": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
                    "device_scale_factor": 3},
    },
    "none": None,
}
PROFILE: dict[str, Any] | None = PROFILES["phone"]


def context_options() -> dict[str, Any]:
    """The browser context's options of PROFILE (the phone's screen)."""
    return dict(PROFILE.get("context", {})) if PROFILE else {}


def emulate(page: Page) -> None:
    """Applies PROFILE to `page` (before it navigates)."""
    if PROFILE is None:
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PROFILE["network"])
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PROFILE["cpu"]})


def load(browser: Browser, url: str) -> dict[str, Any]:
    for attempt in range(3):
        try:
            return cold(browser, url)
        except PlaywrightError as exc:  # a renderer crash on a loaded machine: note it, load again
            if "crash" not in str(exc) or attempt == 2:
                raise
            print(f"  (the page crashed, loading {url} again)", flush=True)
    raise AssertionError("unreachable")


def measured_visit(ctx: BrowserContext, url: str) -> dict[str, Any]:
    """One visit of `url` in a new page of `ctx`, emulating PROFILE, probed from its first script."""
    page = ctx.new_page()
    emulate(page)
    page.add_init_script(PROBE)
    page.goto(url)
    wait_ready(page)
    result: dict[str, Any] = page.evaluate(READ)
    return result


def cold(browser: Browser, url: str) -> dict[str, Any]:
    ctx = browser.new_context(service_workers="block", **context_options())
    try:
        return measured_visit(ctx, url)
    finally:
        ctx.close()


def wait_ready(page: Page) -> None:
    page.wait_for_selector("html:not([data-state=loading])", state="attached", timeout=TIMEOUT_MS)
    state = page.locator("html").get_attribute("data-state")
    if state != "ready":
        raise SystemExit(f"bench_browser: {page.url} ended in data-state={state!r}")


def warm(browser: Browser, url: str) -> dict[str, Any]:
    """A second visit in the same private context, the service worker installed by the first."""
    ctx = browser.new_context(service_workers="allow", **context_options())
    try:
        return second_visit(ctx, url)
    finally:
        ctx.close()


def returning(browser: Browser, launch: dict[str, Any], url: str) -> dict[str, Any]:
    """A returning player's visit: as warm() but in a regular profile on disk (`launch`: the
    browser's launch options), not a private window, which keeps no code cache on disk. (A
    browser restarted between the visits was measured too: its own start-up work, the service
    worker's and the caches' first reads from disk make that visit slower than a cold one here,
    and noisier.)"""
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        ctx = browser.browser_type.launch_persistent_context(
            profile, **launch, service_workers="allow", **context_options())
        try:
            return second_visit(ctx, url)
        finally:
            ctx.close()


def second_visit(ctx: BrowserContext, url: str) -> dict[str, Any]:
    """A first visit of `url` in `ctx` until its service worker controls it, then the measured one."""
    first = ctx.new_page()
    first.goto(url)
    wait_ready(first)
    first.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=TIMEOUT_MS)
    first.close()
    return measured_visit(ctx, url)


def in_game(browser: Browser, url: str) -> dict[str, Any]:
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        baseline = canvas_baseline(page)
        page.goto(url)
        wait_ready(page)
        spins = page.evaluate(FRAMES, "spins")
        feature = page.evaluate(FRAMES, "feature")
        calls = page.evaluate(ROUND_CALLS)
        return {"baseline_frames": baseline, "spin_frames": spins, "feature_frames": feature,
                "round_calls": calls}
    finally:
        ctx.close()


def canvas_baseline(page: Page, ms: int = 3000) -> list[float]:
    """rAF intervals of CANVAS_PAGE for `ms` milliseconds, on `page` (which it navigates)."""
    page.goto("about:blank")
    page.set_content(CANVAS_PAGE)
    deltas: list[float] = page.evaluate(RAF_INTERVALS, [ms, True])
    return deltas
