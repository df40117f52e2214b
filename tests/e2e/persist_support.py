"""Helpers shared by the saved-game tests (test_persistence.py, test_hostile_saves.py): CPython's
seeded rounds (the values the page must reproduce), the first feature seed, waits on the page, and
HOLD, the script that freezes a tab mid-round (also used by the tab tests, tabs_support.py).
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest
import savefile
from e2e_harness import BOOT_TIMEOUT_MS, minor, wait_ready  # noqa: F401 (re-exported for the tests)
from playwright.sync_api import Page

from engine import load_model, play_round

MODEL = load_model()
BET = MODEL.default_bet
DEMO = savefile.DEMO_BALANCE


# "Closes the tab" (init script, `HOLD % step`) right after the save whose reveal step is HOLD: that write lands, every
# later write of the record is dropped and the page's timers and frames stop, so the
# reveal freezes there. Once per tab (sessionStorage survives the reload that follows).
HOLD = """(() => {
    if (sessionStorage.getItem('test.held')) return;
    const set = Storage.prototype.setItem;
    const timeout = window.setTimeout, frame = window.requestAnimationFrame;
    let held = false;
    Storage.prototype.setItem = function (key, value) {
        if (held && key === 'boce.save') return;
        set.call(this, key, value);
        if (key === 'boce.save' && this === localStorage) {
            const rec = JSON.parse(value);
            if (rec.pending && rec.pending.step === %d) {
                held = true;
                set.call(sessionStorage, 'test.held', '1');
                window.__held = rec.pending.step;
            }
        }
    };
    window.setTimeout = function (...a) { return held ? 0 : timeout.apply(window, a); };
    window.requestAnimationFrame = function (cb) { return held ? 0 : frame.call(window, cb); };
})();"""


def cpython_rounds(seed: int, n: int, bet: int = BET) -> list[dict[str, Any]]:
    """CPython's first n rounds of Random(seed) at `bet`."""
    rng = random.Random(seed)
    return [play_round(MODEL, bet, rng).to_dict() for _ in range(n)]


@functools.cache
def first_feature_seed() -> int:
    """The smallest seed whose first round at the default bet triggers the feature (CPython)."""
    return next(s for s in range(10_000) if play_round(MODEL, BET, random.Random(s)).special is not None)


@pytest.fixture(scope="module")
def feature_seed() -> int:
    return first_feature_seed()


def saved(page: Page) -> dict[str, Any] | None:
    raw = page.evaluate(f"localStorage.getItem({json.dumps(savefile.KEY)})")
    return None if raw is None else json.loads(raw)


def wait_booted(page: Page) -> None:
    page.wait_for_selector("html:not([data-state=loading])", state="attached", timeout=BOOT_TIMEOUT_MS)


# Records what a page shows: data-state changes, when window.game.ready resolves, and the
