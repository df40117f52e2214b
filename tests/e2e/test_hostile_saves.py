"""Never lose a cent when the saved record is hostile or storage fails: hostile saves start
afresh with a message and a dated backup; disabled or full storage keeps the game playable in
memory and says so; play draws from Web Crypto.

Expected values as in test_persistence.py: CPython's seeded rounds (persist_support.py), the demo
balance and the record format of tests/e2e/savefile.py (an independent Python implementation of
store.js's canonical JSON + FNV-1a checksum). No sleeps.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import savefile
from e2e_harness import Game, Site
from persist_support import (  # feature_seed is a fixture the tests name
    BET, DEMO, MODEL, cpython_rounds, feature_seed, minor, saved, wait_booted, wait_ready,  # noqa: F401
)
from playwright.sync_api import BrowserContext, Page, Worker, expect



def bad_saves(feature_seed: int) -> list[tuple[str, str, str]]:
    """(name, key, raw text) of hostile records; the pending ones hold CPython's round."""
    rnd = cpython_rounds(feature_seed, 1)[0]
    good = savefile.record()
    text = json.dumps(good)

    def pending(round_dict: dict[str, Any], step: int = 2) -> dict[str, Any]:
        return savefile.record(balance=DEMO - BET, pending={
            "bet": BET, "cost": BET, "step": step, "round": savefile.compact(round_dict)})

    stops = json.loads(json.dumps(rnd))
    stops["spins"][0]["stops"][0] = (stops["spins"][0]["stops"][0] + 1) % len(MODEL.base_strips[0])
    total = json.loads(json.dumps(rnd))
    total["total_win"] += 100
    other_bet = savefile.record(bet=200, balance=DEMO - BET, pending={
        "bet": 200, "cost": BET, "step": 1, "round": savefile.compact(rnd)})
    bad_checksum = {**good, "balance": 999_999}  # edited after sealing
    # issue 47: accepted, then every later write refused (2^53-1 + 1 is not exact) ...
    spent = savefile.record(revision=2**53 - 1)
    # ... and a round whose win, credited on resume, passes the ceiling 10^12 by one minor unit
    assert rnd["total_win"] > 0
    past_ceiling = savefile.record(balance=10**12 - rnd["total_win"] + 1, pending={
        "bet": BET, "cost": BET, "step": 2, "round": savefile.compact(rnd)})
    return [
        ("truncated JSON", savefile.KEY, text[: len(text) // 2]),
        ("not JSON", savefile.KEY, "this is not a saved game"),
        ("balance a string", savefile.KEY, json.dumps(savefile.record(balance="100000"))),
        ("negative balance", savefile.KEY, json.dumps(savefile.record(balance=-1))),
        ("huge balance", savefile.KEY, json.dumps(savefile.record(balance=10**13))),
        ("bad checksum", savefile.KEY, json.dumps(bad_checksum)),
        ("old version", savefile.KEY, json.dumps(savefile.record(version=0))),
        ("bet not a level", savefile.KEY, json.dumps(savefile.record(bet=123))),
        ("round stops changed", savefile.KEY, json.dumps(pending(stops))),
        ("round total_win changed", savefile.KEY, json.dumps(pending(total))),
        ("round bet not the record's", savefile.KEY, json.dumps(other_bet)),
        ("history not a list", savefile.KEY, json.dumps(savefile.record(history={"0": {}}))),
        ("generator state malformed", savefile.KEY, json.dumps(savefile.record(seed=5, rng=[3, [1, 2], None]))),
        ("revision at 2^53-1", savefile.KEY, json.dumps(spent)),
        ("pending win past the ceiling", savefile.KEY, json.dumps(past_ceiling)),
        ("legacy unversioned save", savefile.LEGACY_KEY, json.dumps({"balance": 10**9, "bet": 100})),
    ]


# The texts of the kept bad records (boce.save.bad.<time>), oldest first.
BACKUPS = f"""() => Object.keys(localStorage).filter((k) => k.startsWith({json.dumps(savefile.BACKUP_PREFIX)}))
    .sort().map((k) => localStorage.getItem(k))"""


def test_hostile_saves_start_fresh_with_a_message_and_a_backup(
    open_game: Callable[..., Game], site: Site, feature_seed: int
) -> None:
    # expected: every record below fails a check of store.js (or the engine's Round.verify via
    # bridge.checkRound); the page then starts on the demo balance (100000), shows the message
    # and keeps the bad text under boce.save.bad.<time>. One page, reloaded per record.
    game = open_game(site.root + "?speed=fast")
    page = game.page
    for name, key, raw in bad_saves(feature_seed):
        page.evaluate("([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }", [key, raw])
        page.reload()
        wait_booted(page)
        assert game.data_state == "ready", name
        message = page.locator("#message")
        expect(message, name).to_be_visible()
        expect(message, name).to_contain_text("could not be used")
        assert minor(page, "#balance") == DEMO, name
        assert page.evaluate(BACKUPS) == [raw], name
        fresh = saved(page)
        assert fresh is not None and fresh["balance"] == DEMO and fresh["pending"] is None, name
        assert page.evaluate("localStorage.getItem('boce.player.v1')") is None, name
        assert "Traceback" not in page.locator("body").inner_text(), name
        game.watch.assert_clean()
    # control: the same format, untampered, is read as it is (no message, its balance)
    page.evaluate("(v) => { localStorage.clear(); localStorage.setItem('boce.save', v); }",
                  json.dumps(savefile.record(balance=4242, bet=200, muted=True)))
    page.reload()
    wait_ready(page)
    assert (minor(page, "#balance"), minor(page, "#bet")) == (4242, 200)
    expect(page.locator("#message")).to_be_hidden()
    assert page.evaluate(BACKUPS) == []
    # the saved record written by the page matches the Python implementation of the checksum
    rec = saved(page)
    assert rec is not None and savefile.seal(rec) == rec
    page.evaluate("game.spin()")
    rec = saved(page)
    assert savefile.seal(rec) == rec and len(rec["history"]) == 1


STORAGE_DISABLED = """Object.defineProperty(window, 'localStorage', {
    configurable: true, get() { throw new DOMException('denied', 'SecurityError'); } });"""
STORAGE_FULL = """Storage.prototype.setItem = function () {
    throw new DOMException('quota', 'QuotaExceededError'); };"""


@pytest.mark.parametrize("script,why", [(STORAGE_DISABLED, "does not allow"), (STORAGE_FULL, "full")],
                         ids=["disabled", "full"])
def test_game_plays_without_storage_and_says_progress_is_not_kept(
    open_game: Callable[..., Game], context: BrowserContext, site: Site, script: str, why: str
) -> None:
    context.add_init_script(script)
    page = open_game(site.root + "?seed=7&speed=fast").page
    notice = page.locator("#save-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("not being saved")
    expect(notice).to_contain_text(why)
    # expected: CPython's first round of Random(7); the game plays it in memory
    want = cpython_rounds(7, 1)[0]
    got = page.evaluate("game.spin()")
    assert got["total_win"] == want["total_win"]
    assert minor(page, "#balance") == DEMO - BET + want["total_win"]
    assert page.evaluate("game.state().saving") is False
    expect(notice).to_be_visible()


# Counts Web Crypto's getRandomValues calls where the engine runs: in its worker's global scope
# (Playwright evaluates there directly), the crypto object's own method wrapping the real one.
COUNT_CRYPTO = """() => {
    self.__randomValues = 0;
    const real = crypto.getRandomValues.bind(crypto);
    crypto.getRandomValues = (array) => { self.__randomValues += 1; return real(array); };
    return self.__randomValues;
}"""


def engine_worker(page: Page) -> Worker:
    """The engine's worker (static/boot/engine-worker.mjs) of `page`."""
    found = [w for w in page.workers if w.url.endswith("/static/boot/engine-worker.mjs")]
    assert len(found) == 1, [w.url for w in page.workers]
    return found[0]


def test_play_draws_from_web_crypto(open_game: Callable[..., Game], context: BrowserContext, site: Site) -> None:
    # expected: without ?seed the bridge uses random.SystemRandom(), whose os.urandom is
    # Emscripten's getentropy over crypto.getRandomValues (main.py's docstring); with ?seed=N it is random.Random(N), which draws nothing from the browser.
    page = open_game(site.root + "?speed=fast").page
    assert page.evaluate("game.state().rng") == "SystemRandom"
    assert engine_worker(page).evaluate(COUNT_CRYPTO) == 0
    page.evaluate("game.spin()")
    assert engine_worker(page).evaluate("() => self.__randomValues") > 0

    page.goto(site.root + "?seed=7&speed=fast")
    wait_ready(page)
    assert page.evaluate("game.state().rng") == "Random(seed=7)"
    assert engine_worker(page).evaluate(COUNT_CRYPTO) == 0
    page.evaluate("game.spin()")
    assert engine_worker(page).evaluate("() => self.__randomValues") == 0
