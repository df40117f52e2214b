"""The first paint (static/js/start/firstpaint.js): the reels and the HUD are drawn from the model file
before Python is ready, marked with `performance.mark("reels-painted")`.

A PerformanceObserver installed before the page's own scripts (add_init_script) sees that mark
and, in its callback, reads the canvas's pixels, the page state and the controls at that moment:
the page's code is not asked to report on itself. The `ready` mark is set where <html data-state>
first becomes "ready" (static/js/core/dom.js).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from e2e_harness import BOOT_TIMEOUT_MS, COUNT_CANVASES, Game, HeldRequests, Site, Watch, prepare_context, wait_ready
from playwright.sync_api import BrowserContext, Page

from engine import load_model

OBSERVE = """
window.__firstPaint = null;
new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
        if (entry.name !== "reels-painted" || window.__firstPaint) continue;
        const canvas = document.getElementById("reels");
        const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
        let opaque = 0;
        const colours = new Set();
        for (let i = 0; i < data.length; i += 4) {
            if (data[i + 3] > 0) opaque += 1;
            // colours counted on a 5-bit grid per channel, so antialiasing does not inflate them
            colours.add(((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3));
        }
        const box = (id) => document.getElementById(id).getBoundingClientRect();
        window.__firstPaint = {
            at: entry.startTime,
            state: document.documentElement.dataset.state,
            pixels: data.length / 4, opaque, colours: colours.size,
            spinLocked: document.getElementById("spin").getAttribute("aria-disabled") === "true",
            buyDisabled: document.getElementById("buy").disabled,
            canvasHeight: box("reels").height, loaderHeight: box("loader").height,
            loaderHidden: document.getElementById("loader").hidden,
            bets: document.getElementById("bet").options.length,
        };
    }
}).observe({ type: "mark", buffered: true });
"""


def test_reels_are_painted_before_ready(context: BrowserContext, open_game: Callable[..., Game],
                                        site: Site) -> None:
    context.add_init_script(OBSERVE)
    game = open_game(site.root + "?speed=fast")
    seen = game.page.evaluate("window.__firstPaint")
    assert seen is not None, "no reels-painted mark"
    ready = game.page.evaluate("performance.getEntriesByName('ready', 'mark').map((m) => m.startTime)")
    assert len(ready) == 1
    # painted while the page was still loading, and earlier on the page's clock than ready
    assert seen["state"] == "loading"
    assert seen["at"] < ready[0]
    # not blank: a cleared canvas is fully transparent (opaque == 0, one colour); the frame and
    # reel windows cover most of it and the symbol art brings many colours
    assert seen["pixels"] > 0
    assert seen["opaque"] > 0.5 * seen["pixels"]
    assert seen["colours"] > 100
    # nothing can be played before the engine is up (a tap on spin says why: test_phone.py)
    assert seen["spinLocked"] and seen["buyDisabled"]
    # the HUD shows the bet levels of the model file (read here by the engine on CPython)
    assert seen["bets"] == len(load_model().bets)
    # the progress indicator is a slim bar, not a screen over the reels
    assert not seen["loaderHidden"]
    assert seen["loaderHeight"] < 0.35 * seen["canvasHeight"]
    # at ready the controls are unlocked
    assert game.page.evaluate("document.getElementById('spin').disabled") is False
    assert game.page.locator("#spin").get_attribute("aria-disabled") == "false"


# The canvas's pixels (a checksum), then again after `frames` animation frames, and the canvases
# made between them: a wait on the page's own frames, not a sleep.
STILL = """async (frames) => {
    const canvas = document.getElementById("reels");
    const sum = () => {
        const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
        let h = 0;
        for (let i = 0; i < data.length; i += 1) h = (h * 31 + data[i]) >>> 0;
        return h;
    };
    const made = window.__canvases;
    const before = sum();
    for (let i = 0; i < frames; i++) {
        await new Promise((r) => requestIdleCallback(() => requestAnimationFrame(r), { timeout: 500 }));
    }
    return { same: sum() === before, made: window.__canvases - made };
}"""


def test_the_reels_stay_still_until_ready(context: BrowserContext, page: Page, site: Site) -> None:
    # While the engine loads, the early paint is all the canvas gets: no frame loop (its falling
    # snow changes the canvas every frame) and no motion-blurred sprites made in idle moments,
    # which took CPU the engine's worker boots with. Both start at ready. The worker cannot be
    # ready before its pyscript.toml comes: that request is held meanwhile.
    context.add_init_script(COUNT_CANVASES)
    held = HeldRequests()
    context.route("**/pyscript.toml", held)
    page.goto(site.root + "?speed=normal", wait_until="commit")
    page.wait_for_function("() => performance.getEntriesByName('reels-painted').length === 1",
                           timeout=BOOT_TIMEOUT_MS)
    loading = page.evaluate(STILL, 20)
    assert page.evaluate("document.documentElement.dataset.state") == "loading"
    assert loading == {"same": True, "made": 0}
    held.release()
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    playing = page.evaluate(STILL, 20)
    # from ready the snow falls (scenery.js drawSnow: a flake's place follows the clock) and the
    # seven blur levels of every symbol are made (tests/e2e/test_blur_sprites.py counts them)
    assert playing["same"] is False
    assert playing["made"] > 0


# Where the reels, the logo, Spin and what a launch adds around them are, after two frames:
# [x, y, width, height] of each (null: not laid out).
BOXES = """async () => {
    for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
    const box = (el) => { const r = el?.getBoundingClientRect(); return r?.width ? [r.x, r.y, r.width, r.height] : null; };
    const $ = (id) => document.getElementById(id);
    return { reels: box($("reels")), logo: box(document.querySelector(".logo img")), spin: box($("spin")),
             bet: box($("bet")), bar: box($("session-bar")), home: box($("home")), stake: box($("stake-info")),
             buy: box($("buy")), turbo: box($("turbo")), auto: box($("autoplay-button")) };
}"""

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}

# Each launch, and what it lays out around the reels (launch.js MARKETS): uk shows the session bar
# (time played and net) and has no buy, quick spin or autoplay; de has the stake information under
# the bet and none of the three either; a lobby adds the Home link; the default market has all
# three controls and no bar.
LAUNCHES = {
    "uk with a lobby": ("&jurisdiction=uk&lobby=https%3A%2F%2Flobby.example%2F", {"bar", "home"}),
    "de": ("&market=de", {"stake"}),
    "default": ("", {"buy", "turbo", "auto"}),
}


@pytest.mark.parametrize("launch", LAUNCHES)
def test_nothing_moves_when_the_game_becomes_ready(new_context: Callable[..., BrowserContext], watch: Watch,
                                                   site: Site, launch: str) -> None:
    # What a launch adds or takes away around the reels is laid out from the first paint, so
    # nothing moves at ready. Laid out only at ready, UK's session bar took a line of its own on a
    # phone held upright and the logo gave up that height (layout.css); the controls UK takes
    # away went then too: the logo shrank and Spin moved 25 px while the player might reach for it.
    query, shown = LAUNCHES[launch]
    ctx = new_context(**PHONE)
    prepare_context(ctx, watch)
    page = ctx.new_page()
    held = HeldRequests()
    ctx.route("**/pyscript.toml", held)  # the engine cannot be ready before it comes
    page.goto(site.root + "?speed=fast" + query, wait_until="commit")
    page.wait_for_function("() => performance.getEntriesByName('reels-painted').length === 1",
                           timeout=BOOT_TIMEOUT_MS)
    if "stake" in shown:  # its figures are fetched beside the model file, and may come after it
        page.wait_for_selector("#stake-info", state="attached")
    painted = page.evaluate(BOXES)
    assert page.evaluate("document.documentElement.dataset.state") == "loading"
    if "bar" in shown:  # a session's net at its start (nothing staked or won yet), in the launch's currency
        assert page.locator("#session-net").text_content() == "€0.00"
    held.release()
    wait_ready(page)
    ready = page.evaluate(BOXES)
    optional = {"bar", "home", "stake", "buy", "turbo", "auto"}
    assert {k for k in optional if ready[k] is not None} == shown
    for name, box in ready.items():
        assert painted[name] == (None if box is None else pytest.approx(box, abs=0.5)), (name, painted[name], box)
    assert not watch.external_requests, f"non-loopback requests attempted: {watch.external_requests}"
