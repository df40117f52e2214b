"""A press of Spin while the engine loads (static/js/start/firstpaint.js): once the reels are
painted it is held, the reels turn at once, and at `ready` the press goes through the normal
path (the controller's checks, the writer lock, the engine's decision, the debit saved with
the round); refused then, the reels stop where they were and nothing is debited.

The engine's worker cannot be ready before its pyscript.toml comes: that request is held from
outside the page (a Playwright route on the context) until the test releases it, or fails it.
Every expected round is computed here by the engine on CPython (the kit's expected_round: the
k-th round of `?seed=N` is the k-th `play_round` of `random.Random(N)`), and every expected
balance from the rules by hand (start - cost + win).
"""

from __future__ import annotations

import json
from e2e_harness import BOOT_TIMEOUT_MS, HeldRequests, Site, Watch, wait_ready
from persist_support import HOLD
from playwright.sync_api import BrowserContext, Page, Route, expect
from pytest_book_of_christmas_eve import expected_round

import savefile
from engine import load_model

BET = load_model().default_bet  # a first visit plays at the model's default bet

# The canvas's pixels as a checksum (read from outside the page's code, as test_first_paint.py).
CHECKSUM = """() => {
    const canvas = document.getElementById("reels");
    const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    let h = 0;
    for (let i = 0; i < data.length; i += 1) h = (h * 31 + data[i]) >>> 0;
    return h;
}"""

# The canvas's checksum now and after each of the next `frames` animation frames.
OVER_FRAMES = """async (frames) => {
    const sum = (""" + CHECKSUM + """);
    const sums = [sum()];
    for (let i = 0; i < frames; i++) {
        await new Promise((r) => requestAnimationFrame(() => r()));
        sums.push(sum());
    }
    return sums;
}"""

# A click on Spin, then the canvas's checksum after the next frame (the click and the read in one
# task of the page, so that no frame comes between them unseen).
PRESS_AND_LOOK = """async () => {
    const sum = (""" + CHECKSUM + """);
    const before = sum();
    document.getElementById("spin").click();
    const state = document.documentElement.dataset.state;
    await new Promise((r) => requestAnimationFrame(() => r()));
    await new Promise((r) => requestAnimationFrame(() => r()));
    return { before, after: sum(), state, locked: document.getElementById("spin").dataset.locked };
}"""


def painted(page: Page, url: str) -> None:
    """Opens `url` and waits until the reels are painted (the engine still held back)."""
    page.goto(url, wait_until="commit")
    page.wait_for_function("() => performance.getEntriesByName('reels-painted').length === 1",
                           timeout=BOOT_TIMEOUT_MS)


def press_at_paint(page: Page) -> None:
    """A click on Spin at the first paint: the reels move by the next frame, the page loading."""
    seen = page.evaluate(PRESS_AND_LOOK)
    assert seen["state"] == "loading"
    assert seen["locked"] == "held"
    assert seen["after"] != seen["before"], "the reels did not move within a frame of the press"
    # and they keep turning: every frame differs from the last
    sums = page.evaluate(OVER_FRAMES, 5)
    assert len(set(sums)) == len(sums), sums


def at_rest(page: Page) -> None:
    """Until the canvas stops changing over three frames, which is also asserted: the reels are
    still (the snow falls only once the game is ready, so this is for a page that is not)."""
    page.wait_for_function("""async () => {
        const sums = await (""" + OVER_FRAMES + """)(3);
        return new Set(sums).size === 1;
    }""", timeout=10_000, polling=100)


def held_round_played(page: Page) -> None:
    """Until the game is ready and the held press's round (the page's first) is credited and settled."""
    page.wait_for_selector("html:not([data-state=loading])", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => game.ready")
    page.wait_for_function("() => game.history().length === 1")
    page.evaluate("() => game.settled()")


def saved_record(page: Page) -> dict[str, object] | None:
    text = page.evaluate(f"localStorage.getItem({json.dumps(savefile.KEY)})")
    return json.loads(text) if text else None


def test_a_press_at_paint_turns_the_reels_and_lands_the_decided_round(
        context: BrowserContext, page: Page, watch: Watch, site: Site) -> None:
    held = HeldRequests()
    context.route("**/pyscript.toml", held)
    watch.attach(page)
    painted(page, site.root + "?seed=11&debug=1")
    press_at_paint(page)
    # a second press while held changes nothing: one press holds one round
    page.locator("#spin").click(force=True)  # (aria-disabled while loading: a real click all the same)
    assert page.evaluate("document.documentElement.dataset.state") == "loading"
    held.release()
    # the held press plays once the game is ready: one round, the first of seed 11
    held_round_played(page)
    want = expected_round(seed=11, bet=BET)
    history = page.evaluate("() => game.history()")
    assert len(history) == 1
    assert (history[0]["bet"], history[0]["cost"], history[0]["win"]) == (BET, BET, want["total_win"])
    # the balance: a first visit's, less the cost (the bet: store.js DEMO_BALANCE), plus the win
    balance = savefile.DEMO_BALANCE - BET + want["total_win"]
    assert page.evaluate("() => game.state().balance") == balance
    expect(page.locator("#balance")).to_have_attribute("data-minor", str(balance))
    record = saved_record(page)
    assert record is not None and record["balance"] == balance
    # the reels rest on the stops of the round's last spin, as the engine decided them
    last = [e for e in want["events"] if e["type"] == "reveal"][-1]
    assert page.evaluate("() => debugGame.reels.reels.map((r) => r.stop)") == last["stops"]
    assert page.evaluate("() => debugGame.reels.reels.map((r) => [0, 1, 2].map((k) => r.symbol(k)))") == last["grid"]
    assert page.locator("html").get_attribute("data-state") == "ready"
    watch.assert_clean()


def test_a_held_press_refused_at_ready_stops_the_reels_and_moves_no_money(
        context: BrowserContext, page: Page, watch: Watch, site: Site, tables: dict[str, dict[str, str]]) -> None:
    # a scenario page on a balance too small for one round (the scenario's bet is 1.00 and up)
    held = HeldRequests()
    context.route("**/pyscript.toml", held)
    watch.attach(page)
    painted(page, site.root + "?scenario=loss&balance=50&debug=1")
    press_at_paint(page)
    held.release()
    wait_ready(page)
    # refused in words, as a press at ready would be: "refuse.noSpin" names the balance, 0.50
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#message-text")).to_contain_text("0.50")
    # the reels came to rest where they were (the snow falls from ready: the reels are read)
    page.wait_for_function("() => debugGame.reels.reels.every((r) => !r.spinning && r.p === 0)")
    page.wait_for_function("() => window.game && game.history().length === 0")
    assert page.evaluate("() => game.state().balance") == 50
    expect(page.locator("#balance")).to_have_attribute("data-minor", "50")
    assert page.locator("html").get_attribute("data-state") == "ready"
    watch.assert_clean()


class Gate:
    """A route handler that holds its requests until fail(), then aborts them and every later
    one: a boot that ends in an error after the player pressed Spin."""

    def __init__(self) -> None:
        self.routes: list[Route] = []
        self.failing = False

    def __call__(self, route: Route) -> None:
        if self.failing:
            route.abort("connectionreset")
        else:
            self.routes.append(route)

    def fail(self) -> None:
        self.failing = True
        for route in self.routes:
            route.abort("connectionreset")
        self.routes.clear()


def test_a_boot_that_fails_after_a_held_press_shows_retry_and_debits_nothing(
        context: BrowserContext, page: Page, site: Site, tables: dict[str, dict[str, str]]) -> None:
    gate = Gate()
    context.route("**/pyscript.toml", gate)
    painted(page, site.root + "?seed=3")
    press_at_paint(page)
    gate.fail()
    page.wait_for_selector("html[data-state=error]", state="attached", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("#retry")).to_be_visible()
    expect(page.locator("#status")).to_have_text(tables["en"]["boot.failed"].replace("{{file}}", "pyscript.toml"))
    # the reels came to rest and Spin is no longer held
    at_rest(page)
    assert page.locator("#spin").get_attribute("data-locked") == "loading"
    # nothing was saved: no round, no debit (a failed boot never writes)
    assert saved_record(page) is None


def test_two_tabs_each_holding_a_press_one_plays_the_other_is_refused(
        context: BrowserContext, watch: Watch, site: Site, tables: dict[str, dict[str, str]]) -> None:
    held = HeldRequests()
    context.route("**/pyscript.toml", held)
    pages = [context.new_page(), context.new_page()]
    for p in pages:
        watch.attach(p)
        painted(p, site.root + "?seed=5&debug=1")
        press_at_paint(p)
    held.release()
    for p in pages:
        wait_ready(p)
    # the tab with the writer lock plays the held press; the other says the game plays elsewhere
    def played(p: Page) -> int:
        p.evaluate("() => game.settled()")
        return int(p.evaluate("() => game.history().length"))

    rounds = [played(p) for p in pages]
    assert sorted(rounds) == [0, 1], rounds
    playing, waiting = (pages[0], pages[1]) if rounds[0] == 1 else (pages[1], pages[0])
    want = expected_round(seed=5, bet=BET)
    assert playing.evaluate("() => game.state().balance") == savefile.DEMO_BALANCE - BET + want["total_win"]
    expect(waiting.locator("#message-text")).to_have_text(tables["en"]["tabs.openPlayHere"])
    waiting.wait_for_function("() => debugGame.reels.reels.every((r) => !r.spinning && r.p === 0)")
    record = saved_record(waiting)  # the one record both tabs share, written once
    assert record is not None and record["balance"] == savefile.DEMO_BALANCE - BET + want["total_win"]
    for p in pages:
        p.close()



def test_space_at_paint_holds_as_a_tap_does_where_the_launch_lets_space_spin(
        context: BrowserContext, watch: Watch, site: Site) -> None:
    held = HeldRequests()
    context.route("**/pyscript.toml", held)
    # where the launch switches Space off (spacebar=0, as a market may), Space at paint does nothing
    quiet = context.new_page()
    watch.attach(quiet)
    painted(quiet, site.root + "?spacebar=0")
    quiet.keyboard.press(" ")
    assert quiet.locator("#spin").get_attribute("data-locked") == "loading"
    assert len(set(quiet.evaluate(OVER_FRAMES, 3))) == 1  # the canvas still: nothing turns
    quiet.close()
    # by default Space holds a press: the reels turn, and the round plays at ready
    page = context.new_page()
    watch.attach(page)
    painted(page, site.root + "?seed=23")
    page.keyboard.press(" ")
    assert page.locator("#spin").get_attribute("data-locked") == "held"
    sums = page.evaluate(OVER_FRAMES, 3)
    assert len(set(sums)) == len(sums), sums
    held.release()
    held_round_played(page)
    want = expected_round(seed=23, bet=BET)
    assert page.evaluate("() => game.state().balance") == savefile.DEMO_BALANCE - BET + want["total_win"]
    watch.assert_clean()


def test_a_press_held_while_a_saved_round_resumes_plays_nothing_more(
        context: BrowserContext, page: Page, watch: Watch, site: Site) -> None:
    # a round in progress: its debit saved at its first step (persist_support.HOLD freezes the tab
    # right after that write, as a closed tab leaves it), then the page loaded again
    context.add_init_script(HOLD % 0)
    watch.attach(page)
    page.goto(site.root + "?seed=29&speed=fast&debug=1")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => { game.spin(); }")
    page.wait_for_function("() => window.__held === 0")
    assert saved_record(page)["pending"] is not None  # type: ignore[index]
    held = HeldRequests()
    context.route("**/pyscript.toml", held)
    page.reload(wait_until="commit")
    page.wait_for_function("() => performance.getEntriesByName('reels-painted').length === 1",
                           timeout=BOOT_TIMEOUT_MS)
    press_at_paint(page)
    held.release()
    # the saved round resumes and is credited; the press was for the round on screen: no other
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => game.settled()")
    want = expected_round(seed=29, bet=BET)
    history = page.evaluate("() => game.history()")
    assert [(h["bet"], h["win"]) for h in history] == [(BET, want["total_win"])]
    assert page.evaluate("() => game.state().resumedFrom") == 0
    # expected: a first visit's balance, less the one round's cost, plus its win
    assert page.evaluate("() => game.state().balance") == savefile.DEMO_BALANCE - BET + want["total_win"]
    assert saved_record(page)["pending"] is None  # type: ignore[index]
    assert page.locator("#spin").get_attribute("data-locked") is None
    # the reels rest on the resumed round's last spin, as the engine decided it
    last = [e for e in want["events"] if e["type"] == "reveal"][-1]
    assert page.evaluate("() => debugGame.reels.reels.map((r) => r.stop)") == last["stops"]
    assert page.evaluate("() => debugGame.reels.reels.every((r) => !r.spinning)")
