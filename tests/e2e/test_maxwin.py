"""A round that reaches the cap ends at once with the max-win banner (README "The rules": the cap).

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


# Records every state of #win (its text and data-minor) from before the round to its end: a
# MutationObserver sees each change the page makes to the element.
RECORD_WIN = """() => {
    const win = document.getElementById('win');
    window.__wins = [];
    const note = () => window.__wins.push([win.textContent, win.dataset.minor]);
    new MutationObserver(note).observe(win, {
        subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-minor'],
    });
}"""


def test_win_meter_only_shows_running_totals_the_engine_reported(open_game: Callable[..., Game], site: Site) -> None:
    want = play_round(MODEL, BET, random.Random(SEED), buy=True)
    events = want.to_dict()["events"]
    cap = MODEL.max_win * BET
    # The engine's running totals: every `total` its win events report (lineWins, expandSymbol,
    # spinEnd), plus 0 (the meter is cleared when a round starts) and the round's total_win.
    reported = [e["total"] for e in events if "total" in e and e["type"] != "freeSpinsEnd"]
    assert reported, "the engine reported no running totals"
    # Premise, checked by a second method: each reported total is the sum of the amounts paid
    # so far (each event's `paid`), and none is above the cap; the last one is the cap.
    paid = 0
    for e in events:
        if e["type"] in ("lineWins", "expandSymbol"):
            paid += e["paid"]
            assert e["total"] == paid <= cap
        elif e["type"] == "spinEnd":
            assert e["total"] == paid <= cap
    assert reported[-1] == cap == want.total_win
    allowed = {0, want.total_win, *reported}

    page = open_game(site.root + f"?seed={SEED}&speed=fast").page
    page.evaluate(RECORD_WIN)
    page.evaluate("game.buy()")
    shown = page.evaluate("window.__wins")
    assert len(shown) >= 3, f"#win hardly changed during the round: {shown}"
    values = [int(minor) for _, minor in shown]
    for text, minor in shown:
        value = int(minor)
        # the text is the page's currency format of data-minor (EUR, en-IE: "€20,168.00")
        assert text == f"€{value / 100:,.2f}", (text, minor)
        assert value in allowed, f"#win showed {text}, which the engine never reported"
        assert value <= cap, f"#win showed {text}, above the cap of {cap / 100:,.2f}"
    # the meter only climbs during the round (after the reset to 0) and ends on the cap
    assert values == sorted(values) and values[-1] == cap
