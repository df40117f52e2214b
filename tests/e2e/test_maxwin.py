"""A round that reaches the cap ends at once with the max-win banner (GAME.md "Max win").

The seed comes from a search on CPython (`play_round(load_model(), 100, Random(s),
buy=True)` for s = 0, 1, ...: seed 10225 is the first whose bought feature reaches the cap);
the test recomputes that round here and asserts it really is capped before using it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from e2e_harness import Game, Site
from playwright.sync_api import expect

from engine import RoundEnd, load_model, play_round

MODEL = load_model()
SEED = 10225
BET = 100
DEMO_BALANCE = 100000  # static/js/store.js: 1000.00 on a first visit


def test_capped_feature_shows_the_max_win_banner_and_pays_the_cap(open_game: Callable[..., Game], site: Site) -> None:
    want = play_round(MODEL, BET, random.Random(SEED), buy=True)
    # The premise, from CPython: this bought feature is cut by the cap before its 10 spins.
    assert want.end is RoundEnd.MAX_WIN
    assert want.total_win == MODEL.max_win * BET  # 20,168 x 1.00 = 20,168.00
    played = len(want.spins)
    assert played < MODEL.free_spins

    page = open_game(site.root + f"?seed={SEED}&speed=fast").page
    # At ?speed=fast the banner shows for a fraction of a second: record it when it appears.
    page.evaluate("""() => {
        window.__maxWinText = null;
        new MutationObserver(() => {
            const p = document.querySelector('.panel-maxwin');
            if (p && window.__maxWinText === null) window.__maxWinText = p.textContent;
        }).observe(document.body, { subtree: true, childList: true });
    }""")
    got = page.evaluate("game.buy()")
    banner = page.evaluate("window.__maxWinText")
    assert banner is not None, "no max-win banner was shown"
    # It names the cap amount in the page's currency format (2,016,800 minor units = 20,168.00).
    assert "MAX WIN" in banner and f"{want.total_win / 100:,.2f}" in banner
    assert f"{MODEL.max_win:,}x cap" in banner  # the model's max_win, not a typed number
    assert got["end"] == "max_win"
    assert got["total_win"] == want.total_win
    assert [s["stops"] for s in got["spins"]] == [list(s.stops) for s in want.spins]
    # Money: the price (buy_price x bet) out, the cap in; nothing more.
    final = DEMO_BALANCE - MODEL.buy_price * BET + want.total_win
    expect(page.locator("#balance")).to_have_attribute("data-minor", str(final))
    expect(page.locator("#win")).to_have_attribute("data-minor", str(want.total_win))
