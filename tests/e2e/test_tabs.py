"""One player, many tabs (docs/save-format.md "One game, many tabs"): two tabs of ONE browser context share
the saved game; only the tab holding the writer lock plays, the other says so and plays only
after Play here, which the writer grants at its next idle moment, never mid-round.

After every step the stored record is checked against the invariant of tabs_support.py:
balance == 100000 + sum(wins) - sum(costs) of the history, every round once, and the rounds
equal CPython's `play_round(load_model(), 100, random.Random(seed), buy=...)` sequence in the
order played, whichever tab played them (the generator state travels in the record).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from e2e_harness import Game, Site, Watch
from playwright.sync_api import BrowserContext, Page, expect
from tabs_support import BET, DEMO, GATE, HOLD, MODEL, SLOW_MS, SPY, check_invariant, cpython_rounds, first_feature_seed, minor, open_tab, saved, wait_ready

from engine import play_round

SEED = 7
URL = f"?seed={SEED}&speed=fast"


def refused(page, call: str) -> str:
    return page.evaluate(f"{call}.then(() => 'played', (e) => String(e.message ?? e))")


def test_two_tabs_take_turns_and_every_round_counts_once(context: BrowserContext, watch: Watch, site: Site) -> None:
    a = open_tab(context, watch, site.root + URL).page
    b = open_tab(context, watch, site.root + URL).page
    # A opened first and holds the lock; B says so at once and plays nothing.
    assert (a.evaluate("game.state().tab"), b.evaluate("game.state().tab")) == ("writer", "waiting")
    expect(b.locator("#tab-notice")).to_be_visible()
    expect(b.locator("#tab-notice")).to_contain_text("open in another tab")
    expect(a.locator("#tab-notice")).to_be_hidden()
    assert "another tab" in refused(b, "game.spin()")
    assert "another tab" in refused(b, "game.buy()")
    assert saved(a) is not None and saved(a)["history"] == []

    buys: list[bool] = []
    a.evaluate("game.spin()")
    buys.append(False)
    check_invariant(a, SEED, buys)
    # B, waiting, still shows the balance it opened with (what the player was looking at)
    assert minor(b, "#balance") == DEMO

    # Play here in B: A is idle, so it lets go at once; B reads A's round and plays on.
    assert b.evaluate("game.playHere()") == "writer"
    expect(b.locator("#tab-notice")).to_be_hidden()
    expect(a.locator("#tab-notice")).to_be_visible()
    assert a.evaluate("game.state().tab") == "waiting"
    rec = check_invariant(b, SEED, buys)
    assert minor(b, "#balance") == rec["balance"]
    b.evaluate("game.spin()")
    buys.append(False)
    check_invariant(b, SEED, buys)
    assert "another tab" in refused(a, "game.spin()")
    # A, waiting, kept its last round on the win meter and its history of one round
    assert a.evaluate("game.history().length") == 1

    # and back to A, for a bought feature and a spin
    assert a.evaluate("game.playHere()") == "writer"
    a.evaluate("game.buy()")
    buys.append(True)
    a.evaluate("game.spin()")
    buys.append(False)
    rec = check_invariant(a, SEED, buys)
    assert minor(a, "#balance") == rec["balance"]
    assert a.evaluate("game.history().length") == 4

    # Reload both: the record is the same, A (reloaded first) plays, B waits again.
    a.reload()
    wait_ready(a)
    b.reload()
    wait_ready(b)
    assert (a.evaluate("game.state().tab"), b.evaluate("game.state().tab")) == ("writer", "waiting")
    rec = check_invariant(a, SEED, buys)
    assert minor(a, "#balance") == minor(b, "#balance") == rec["balance"]
    a.evaluate("game.spin()")
    buys.append(False)
    check_invariant(a, SEED, buys)


def test_a_buy_in_one_tab_is_finished_before_the_other_plays(context: BrowserContext, watch: Watch,
                                                             site: Site) -> None:
    # A buys the feature and is paused on its third free spin (GATE); B asks to play then.
    events = play_round(MODEL, BET, random.Random(SEED), buy=True).to_dict()["events"]
    k = [i for i, e in enumerate(events) if e["type"] == "freeSpin"][2]
    a = open_tab(context, watch, site.root + URL, SPY, GATE % k).page
    b = open_tab(context, watch, site.root + URL).page
    a.evaluate("() => { window.bought = game.buy(); }")
    a.wait_for_function(f"() => window.__held === {k}", timeout=SLOW_MS)
    b.evaluate("() => { window.asked = game.playHere(); }")
    expect(b.locator("#tab-notice")).to_contain_text("Waiting for the other tab")
    a.wait_for_function("() => window.__tabs.asked.length === 1", timeout=SLOW_MS)
    # A, asked mid-round, keeps the lock: B still waits, and A's round is still in progress
    assert b.evaluate("game.state().tab") == "waiting" and a.evaluate("game.state().tab") == "writer"
    # (steps that need no timer may have gone on past k, but the round is not credited)
    assert saved(a)["pending"]["step"] >= k and saved(a)["history"] == []
    a.evaluate("window.__open()")
    # A let go only once its round was credited and saved: asked while playing, lost when
    # ready with no round in progress.
    b.wait_for_function("() => game.state().tab === 'writer'", timeout=SLOW_MS)
    assert b.evaluate("window.asked") == "writer"
    assert a.evaluate("window.__tabs.asked") == ["playing"]
    assert a.evaluate("window.__tabs.lost") == [{"state": "ready", "pending": False}]
    rec = check_invariant(b, SEED, [True])
    assert a.evaluate("window.bought.then((r) => r.total_win)") == rec["history"][0]["win"]
    b.evaluate("game.spin()")
    check_invariant(b, SEED, [True, False])
    assert a.evaluate("game.state().tab") == "waiting"


def mid_feature_step(seed: int) -> int:
    """The index of the middle free spin's event in CPython's first round of Random(seed)."""
    events = play_round(MODEL, BET, random.Random(seed)).to_dict()["events"]
    free = [i for i, e in enumerate(events) if e["type"] == "freeSpin"]
    return free[len(free) // 2]


def two_tabs_one_held(context: BrowserContext, watch: Watch, site: Site) -> tuple[int, int, Page, Page]:
    """Tabs A and B on the first feature seed; A spins and freezes right after saving the middle
    free spin (step k). Returns (seed, k, A, B)."""
    seed = first_feature_seed()
    k = mid_feature_step(seed)
    url = site.root + f"?seed={seed}&speed=fast"
    a = open_tab(context, watch, url, HOLD % k).page
    b = open_tab(context, watch, url).page
    a.evaluate("() => { game.spin(); }")
    a.wait_for_function(f"() => window.__held === {k}", timeout=SLOW_MS)
    return seed, k, a, b


def test_a_tab_closed_mid_feature_is_finished_by_the_other(context: BrowserContext, watch: Watch,
                                                           site: Site) -> None:
    seed, k, a, b = two_tabs_one_held(context, watch, site)
    rec = saved(b)
    assert rec["pending"]["step"] == k and rec["balance"] == DEMO - BET
    a.close()
    # B takes the lock the closed tab let go, resumes the round at step k and credits it once.
    assert b.evaluate("game.playHere()") == "writer"
    assert b.evaluate("game.state().resumedFrom") == k
    check_invariant(b, seed, [False])
    assert minor(b, "#balance") == saved(b)["balance"]
    b.evaluate("game.spin()")
    check_invariant(b, seed, [False, False])


def test_the_other_tab_finishes_a_round_when_the_writer_reloads(context: BrowserContext, watch: Watch,
                                                                site: Site) -> None:
    seed, k, a, b = two_tabs_one_held(context, watch, site)
    # B asks while A is stuck mid-round: A never lets go mid-round, so B waits...
    b.evaluate("() => { window.asked = game.playHere(); }")
    expect(b.locator("#tab-notice")).to_contain_text("Waiting for the other tab")
    assert b.evaluate("game.state().tab") == "waiting"
    # ... until A reloads: the lock passes to B (it asked first), which resumes and credits
    # the round; A comes back waiting, showing the record B wrote.
    a.reload()
    wait_ready(a)
    b.wait_for_function("() => game.state().tab === 'writer'", timeout=SLOW_MS)
    b.evaluate("window.asked")
    wait_ready(b)
    assert a.evaluate("game.state().tab") == "waiting"
    assert b.evaluate("game.state().resumedFrom") == k
    rec = check_invariant(b, seed, [False])
    assert minor(b, "#balance") == rec["balance"]
    b.evaluate("game.spin()")
    check_invariant(b, seed, [False, False])


NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { configurable: true, get: () => undefined });"


def test_without_web_locks_a_stale_tab_rereads_instead_of_overwriting(context: BrowserContext, watch: Watch,
                                                                        site: Site) -> None:
    # No navigator.locks (e.g. an http: origin): both tabs may play, and the revision guard
    # refuses a write over a record the other tab changed since this one read it.
    context.add_init_script(NO_LOCKS)
    a = open_tab(context, watch, site.root + URL).page
    b = open_tab(context, watch, site.root + URL).page
    assert (a.evaluate("game.state().tab"), b.evaluate("game.state().tab")) == ("solo", "solo")
    # B's boot wrote the record after A read it: A's round is refused before it is drawn, and
    # A now shows the record as B left it. Its next try plays CPython's first round.
    assert "changed in another tab" in refused(a, "game.spin()")
    expect(a.locator("#message")).to_contain_text("changed in another tab")
    a.evaluate("game.spin()")
    check_invariant(a, SEED, [False])
    # B read the record before A's round: the same for B, whose next round is CPython's
    # second (the generator state came with the record).
    assert "changed in another tab" in refused(b, "game.spin()")
    rec = check_invariant(b, SEED, [False])
    assert minor(b, "#balance") == rec["balance"]
    b.evaluate("game.spin()")
    check_invariant(b, SEED, [False, False])
    assert "changed in another tab" in refused(a, "game.spin()")
    a.evaluate("game.spin()")
    check_invariant(a, SEED, [False, False, False])


# Chromium's third-party storage blocking (a private window's default for a frame of another
# site) refuses the Web Locks API: navigator.locks.request throws a SecurityError ("The request
# was denied."), and localStorage's getter throws one too. Simulated here in a top-level page.
LOCKS_REFUSED = """Object.defineProperty(LockManager.prototype, 'request', { configurable: true,
    value() { throw new DOMException('The request was denied.', 'SecurityError'); } });"""
STORAGE_REFUSED = """Object.defineProperty(window, 'localStorage', { configurable: true,
    get() { throw new DOMException('The request was denied.', 'SecurityError'); } });"""


@pytest.mark.parametrize("scripts", [[LOCKS_REFUSED], [LOCKS_REFUSED, STORAGE_REFUSED]],
                         ids=["locks", "locks-and-storage"])
def test_refused_web_locks_play_in_memory_with_the_notice(open_game: Callable[..., Game], context: BrowserContext,
                                                          site: Site, scripts: list[str]) -> None:
    # docs/save-format.md: "If storage cannot be read or written (disabled, or full), the game
    # plays on in memory and a notice says that progress is not being saved." Today's code
    # stopped at "Sorry, the game could not start (The request was denied.)" instead.
    for script in scripts:
        context.add_init_script(script)
    page = open_game(site.root + URL).page  # (fails at once on an error screen)
    notice = page.locator("#save-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("not being saved")
    expect(notice).to_contain_text("does not allow")  # static/i18n/en.json "save.blocked"
    assert page.evaluate("game.state().tab") == "memory"
    # expected: CPython's first round of Random(SEED), played in memory
    want = cpython_rounds(SEED, [False])[0]
    got = page.evaluate("game.spin()")
    assert got["total_win"] == want["total_win"]
    assert minor(page, "#balance") == DEMO - BET + want["total_win"]
    assert page.evaluate("game.state().saving") is False
    expect(notice).to_be_visible()
    # nothing of the game was written (the page's storage itself is readable from here
    # only when the test left localStorage alone)
    if STORAGE_REFUSED not in scripts:
        assert saved(page) is None
