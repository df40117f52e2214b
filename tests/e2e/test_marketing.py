"""Compliant marketing embeds (docs/hosting.md "Embedding"): a poster that costs nothing until
played, an age-gated demo that plays nothing before the site confirms the player's age, and a
pause control for the looping showcase.

Expected values: the page contract (docs/page-contract.md): `?poster=1` starts no Worker and
fetches nothing under static/vendor/ or static/boot/ (the runtime) before `#poster-play` is
pressed; `?ageGate=1` refuses every way to play (button, Space, `game.spin`, the parent's
`spin`, `buy` and `autoplay`) with an `error` message for a command, until `ageConfirmed`.
Each "nothing happened" is paired with the same action succeeding afterwards, so the check can fail.
"""

from __future__ import annotations

from collections.abc import Callable

from e2e_harness import BOOT_TIMEOUT_MS, Game, Site, Watch
from embed_support import SOURCE, host, send
from playwright.sync_api import BrowserContext, expect

# Counts the Workers the page makes (the engine's is the only one): wraps the constructor
# before any page script runs.
COUNT_WORKERS = """(() => {
    window.__workers = 0;
    const W = window.Worker;
    window.Worker = class extends W { constructor(...a) { super(...a); window.__workers += 1; } };
})()"""


def runtime(url: str) -> bool:
    return "/static/vendor/pyodide" in url or "/static/vendor/snapshot" in url or "/static/boot/" in url


def test_a_poster_fetches_no_runtime_before_play(context: BrowserContext, watch: Watch, site: Site) -> None:
    context.add_init_script(COUNT_WORKERS)
    page = context.new_page()
    watch.attach(page)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(site.root + "?poster=1")
    play = page.locator("#poster-play")
    expect(play).to_be_visible()
    page.wait_for_function("() => performance.getEntriesByName('reels-painted').length === 1")  # the art
    assert page.evaluate("window.__workers") == 0
    assert [u for u in asked if runtime(u)] == []
    assert page.evaluate("document.documentElement.dataset.state") == "loading"
    play.click()
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__workers") == 1 and any(runtime(u) for u in asked)
    expect(page.locator("#poster")).to_be_hidden()
    assert page.evaluate("game.spin().then(r => r.bet)") > 0


def test_an_age_gated_demo_plays_nothing_before_age_confirmed(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = host(context, watch, site.root + "?embed=1&ageGate=1&speed=fast")
    game = page.frames[1]
    expect(page.frame_locator("#g").locator("#age-gate")).to_be_visible()
    for command in ("spin", "buy", "autoplay"):
        send(page, {"target": SOURCE, "type": command, **({"rounds": 3} if command == "autoplay" else {})})
        page.wait_for_function("c => msgs.some(m => m.type === 'error' && m.command === c)", arg=command)
        reason = page.evaluate("c => msgs.find(m => m.type === 'error' && m.command === c).reason", command)
        assert "confirmed your age" in reason, (command, reason)
    why = game.evaluate("game.spin().then(() => 'played', e => e.message)")
    assert "confirmed your age" in why
    game.evaluate("document.activeElement?.blur()")
    game.locator("body").press("Space")
    game.click("#spin")
    expect(page.frame_locator("#g").locator("#message-text")).to_contain_text("cannot be played yet")
    assert game.evaluate("game.history().length") == 0
    assert page.evaluate("msgs.filter(m => m.type === 'roundStart').length") == 0
    send(page, {"target": SOURCE, "type": "ageConfirmed"})
    page.wait_for_function("() => !document.getElementById('g').contentDocument.documentElement.dataset.ageGate")
    send(page, {"target": SOURCE, "type": "spin"})
    page.wait_for_function("msgs.some(m => m.type === 'roundEnd')", timeout=BOOT_TIMEOUT_MS)
    assert game.evaluate("game.history().length") == 1


def test_the_looping_showcase_can_be_paused_and_resumed(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?demo=feature&speed=fast", state="playing").page  # the loop runs by itself
    pause = page.locator("#demo-pause")
    expect(pause).to_be_visible()
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    # the loop parks between rounds: the round playing ends, no other starts
    page.wait_for_selector("html[data-demo=paused]", state="attached", timeout=60_000)
    assert page.evaluate("game.state().state") == "ready"
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "false")
    page.wait_for_function("() => game.state().state === 'playing'", timeout=60_000)
