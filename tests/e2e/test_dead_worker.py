"""A dead engine worker (issue 47, point 3): the engine's worker ended or failed after `ready`
must not leave the game pretending. Before, `game.spin()` never settled, `data-state` stayed
`ready` and every later spin was refused with "a round is already playing". Now (bridge.js):
the worker's `error` event, or a call with no answer after the liveness check (a ping after
PING_AFTER_MS, then the stall timeout of silence; `?stallMs=3000` here: 3 + 3 s), ends it; the
call rejects, the page goes to `data-state="error"` with the words and Retry, and no money moved
(the controller debits only a round the engine decided). Retry loads the page again, on the same
saved game.

The worker is ended from inside (`close()`, as the issue simulated it) or made to fail (an
uncaught error), through Playwright's handle on the worker: no hook of the page is needed.
"""

from __future__ import annotations

from collections.abc import Callable

from e2e_harness import Game, Site
from persist_support import BET, DEMO, cpython_rounds, minor, saved, wait_ready
from playwright.sync_api import Page, Worker, expect

SEED = 7
URL = f"?seed={SEED}&speed=fast&stallMs=3000"
# The liveness check's whole wait here is 6 s (bridge.js: min(5 s, stallMs) + stallMs); the
# error screen must come well within this.
NOTICED_MS = 40_000
# started, not awaited (the page's promise settles, or not, while the test waits on data-state)
SPIN = "() => { window.__spun = game.spin().then(() => 'played', (e) => `${e.name}: ${e.message}`); }"


def engine_worker(page: Page) -> Worker:
    workers = [w for w in page.workers if w.url.endswith("/static/boot/engine-worker.mjs")]
    assert len(workers) == 1, [w.url for w in page.workers]
    return workers[0]


def played_one(page: Page) -> dict:
    """One round played, the record as it was saved after it."""
    page.evaluate("game.spin()")
    rec = saved(page)
    assert rec is not None and len(rec["history"]) == 1 and rec["pending"] is None
    # expected: CPython's first round of Random(SEED)
    assert rec["balance"] == DEMO - BET + cpython_rounds(SEED, 1)[0]["total_win"]
    return rec


def assert_error_screen(page: Page, rec: dict) -> None:
    """The error state, its words and Retry; the spin rejected; nothing debited."""
    page.wait_for_selector("html[data-state=error]", state="attached", timeout=NOTICED_MS)
    status = page.locator("#status")
    expect(status).to_be_visible()
    expect(status).to_contain_text("the game stopped")  # static/i18n/en.json "engine.lost"
    expect(page.locator("#retry")).to_be_visible()
    expect(page.locator("#retry")).to_have_text("Try again")  # en.json "boot.retry"
    assert page.evaluate("window.__spun").startswith("EngineLost: the engine stopped")
    # nothing moved: the saved record and the balance shown are those of the round before
    assert saved(page) == rec
    assert minor(page, "#balance") == rec["balance"]
    # a later spin rejects at once (no "a round is already playing"), and the page stays in error
    later = page.evaluate("game.spin().then(() => 'played', (e) => e.name)")
    assert later == "EngineLost"
    assert page.locator("html").get_attribute("data-state") == "error"
    assert saved(page) == rec


def retry_plays_on(page: Page, rec: dict) -> None:
    """Retry: the same page again, on the saved game, whose next round is CPython's second."""
    page.locator("#retry").click()
    wait_ready(page)
    assert minor(page, "#balance") == rec["balance"]
    page.evaluate("game.spin()")
    # expected: CPython's second round of Random(SEED) (the generator state came with the record)
    second = cpython_rounds(SEED, 2)[1]
    assert minor(page, "#balance") == rec["balance"] - BET + second["total_win"]


def test_a_worker_ended_after_ready_gives_the_error_screen_and_retry(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + URL).page
    rec = played_one(page)
    engine_worker(page).evaluate("setTimeout(() => close(), 0)")  # the simulation
    page.evaluate(SPIN)
    assert_error_screen(page, rec)
    retry_plays_on(page, rec)


def test_a_worker_failing_after_ready_gives_the_error_screen_at_once(open_game: Callable[..., Game], site: Site) -> None:
    # an uncaught error in the worker: its `error` event, no wait for the liveness check
    page = open_game(site.root + f"?seed={SEED}&speed=fast").page
    rec = played_one(page)
    engine_worker(page).evaluate("setTimeout(() => { throw new Error('the test broke the worker'); }, 0)")
    page.wait_for_selector("html[data-state=error]", state="attached", timeout=NOTICED_MS)
    expect(page.locator("#status")).to_contain_text("the test broke the worker")
    page.evaluate(SPIN)
    page.wait_for_function("window.__spun !== undefined")
    assert_error_screen(page, rec)
    retry_plays_on(page, rec)
