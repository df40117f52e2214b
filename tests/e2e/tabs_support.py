"""Shared helpers of the multi-tab and saved-game edge tests (test_tabs.py, test_save_edges.py).

The invariant every step is checked against (docs/save-format.md "One game, many tabs"):
    balance == starting balance + sum(history wins) - sum(history costs)
while no round is in progress and the history is complete (fewer than HISTORY_MAX rounds),
every round appears once, and with ?seed=N the rounds are CPython's
`play_round(load_model(), bet, random.Random(N), buy=...)` sequence, in the order played.
"""

from __future__ import annotations

import random
from typing import Any

import savefile
import e2e_harness
from e2e_harness import Game, Watch
from persist_support import BET, DEMO, HOLD, MODEL, first_feature_seed, minor, saved  # noqa: F401 (re-exported)
from playwright.sync_api import BrowserContext, Page

from engine import play_round

HISTORY_MAX = 50  # store.js HISTORY_MAX
# Several tabs boot Pyodide at once here, on a shared machine: allow far more than one boot.
SLOW_MS = 240_000


def cpython_rounds(seed: int, buys: list[bool], bet: int = BET) -> list[dict[str, Any]]:
    """CPython's rounds of one Random(seed), a bought feature where buys[i] is True."""
    rng = random.Random(seed)
    return [play_round(MODEL, bet, rng, buy=b).to_dict() for b in buys]


def open_tab(context: BrowserContext, watch: Watch, url: str, *scripts: str) -> Game:
    """A new tab of `context` with init scripts of its own (not shared with the other tabs),
    booted to data-state=ready with nothing amiss (as e2e_harness.boot, with more time)."""
    page = context.new_page()
    for script in scripts:
        page.add_init_script(script)
    watch.attach(page)
    page.goto(url)
    wait_ready(page)
    watch.assert_clean()
    return Game(page, watch, url, 0.0)


def wait_ready(page: Page) -> None:
    e2e_harness.wait_ready(page, SLOW_MS)  # with several tabs booting at once


def check_invariant(page: Page, seed: int, buys: list[bool]) -> dict[str, Any]:
    """The stored record against the rounds played (`buys`, oldest first) and CPython's
    sequence of Random(seed); returns the record."""
    rec = saved(page)
    assert rec is not None
    assert savefile.seal(rec) == rec  # the record reads back (Python's checksum agrees)
    assert rec["pending"] is None, "a round is still in progress"
    history = rec["history"]
    assert len(history) < HISTORY_MAX
    # expected: the demo balance plus the history's wins less its costs (no top-up here)
    assert rec["balance"] == DEMO + sum(h["win"] - h["cost"] for h in history)
    want = cpython_rounds(seed, buys)
    # every round once, newest first, each CPython's k-th: stops of every spin, win, buy
    got = [(h["buy"], h["win"], [s["stops"] for s in h["round"]["spins"]]) for h in reversed(history)]
    assert got == [(w["buy"], w["total_win"], [s["stops"] for s in w["spins"]]) for w in want]
    return rec


# Records, in a tab, what it was doing when it was asked to hand over and when it let go.
SPY = """(() => {
    window.__tabs = { asked: [], lost: [] };
    const channel = new BroadcastChannel('boce.tabs');
    channel.onmessage = (e) => {
        if (e.data?.type === 'handover') window.__tabs.asked.push(document.documentElement.dataset.state);
    };
    addEventListener('DOMContentLoaded', () => {
        const notice = document.getElementById('tab-notice');
        new MutationObserver(() => {
            if (notice.hidden || window.game?.state().tab !== 'waiting') return;
            const rec = JSON.parse(localStorage.getItem('boce.save'));
            window.__tabs.lost.push({ state: document.documentElement.dataset.state, pending: rec.pending !== null });
        }).observe(notice, { attributes: true, attributeFilter: ['hidden'] });
    });
})();"""

# Pauses a tab right after its save of reveal step GATE: its timers and frames are queued, not
# run, so the round stays on screen mid-way (busy) until the test calls window.__open(), which
# runs them and lets the round finish. Once per page load.
GATE = """(() => {
    const set = Storage.prototype.setItem;
    const timeout = window.setTimeout, frame = window.requestAnimationFrame;
    let held = false, used = false;
    const queued = [];
    Storage.prototype.setItem = function (key, value) {
        set.call(this, key, value);
        if (used || key !== 'boce.save' || this !== localStorage) return;
        const rec = JSON.parse(value);
        if (rec.pending && rec.pending.step === %d) { held = used = true; window.__held = rec.pending.step; }
    };
    window.setTimeout = function (...a) {
        if (held) { queued.push(() => timeout.apply(window, a)); return 0; }
        return timeout.apply(window, a);
    };
    window.requestAnimationFrame = function (cb) {
        if (held) { queued.push(() => frame.call(window, cb)); return 0; }
        return frame.call(window, cb);
    };
    window.__open = () => { held = false; for (const run of queued.splice(0)) run(); };
})();"""
