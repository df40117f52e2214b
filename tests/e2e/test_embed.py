"""Embedding (docs/page-contract.md): `?embed=1` posts its messages to the parent and
obeys commands from the parent window only; `?demo=feature` never touches the saved game.

Expected values: rounds from CPython's `play_round(load_model(), bet, Random(seed))`, the demo
balance 100000 (static/js/ledger/store.js), the message names and fields of docs/page-contract.md.
"""

from __future__ import annotations

import random

from e2e_harness import BOOT_TIMEOUT_MS, Site, Watch
from embed_support import SOURCE, host, send
from playwright.sync_api import BrowserContext, expect

from engine import load_model, play_round

MODEL = load_model()
DEMO_BALANCE = 100000


def test_embedded_game_reports_rounds_and_obeys_its_parent(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = host(context, watch, site.root + "?embed=1&seed=5&speed=fast")
    frame = page.frames[1]
    # A spin at the default bet, then setBet(250) and a spin: CPython's first two rounds.
    rng = random.Random(5)
    first = play_round(MODEL, MODEL.default_bet, rng).to_dict()
    second = play_round(MODEL, 250, rng).to_dict()

    send(page, {"target": SOURCE, "type": "spin"})
    page.wait_for_function("msgs.filter(m => m.type === 'roundEnd').length === 1")
    send(page, {"target": SOURCE, "type": "setBet", "bet": 250})
    expect(frame.locator("#bet")).to_have_attribute("data-minor", "250")
    send(page, {"target": SOURCE, "type": "spin"})
    page.wait_for_function("msgs.filter(m => m.type === 'roundEnd').length === 2")

    msgs = page.evaluate("msgs")
    assert all(m["source"] == SOURCE for m in msgs)
    starts = [m for m in msgs if m["type"] == "roundStart"]
    ends = [m for m in msgs if m["type"] == "roundEnd"]
    assert [m["bet"] for m in starts] == [MODEL.default_bet, 250]
    balance = DEMO_BALANCE - MODEL.default_bet + first["total_win"]
    timings = [m.pop("timings") for m in ends]
    assert ends[0] == {"source": SOURCE, "type": "roundEnd", "bet": MODEL.default_bet, "cost": MODEL.default_bet,
                       "buy": False, "win": first["total_win"], "balance": balance}
    # each round's own {start, outcome, enabled} on the frame's clock, as game.state() has them
    assert timings == frame.evaluate("game.state().timings")
    for t in timings:
        assert 0 < t["start"] <= t["outcome"] <= t["enabled"]
    assert timings[0]["enabled"] <= timings[1]["start"]
    balance += second["total_win"] - 250
    assert ends[1]["win"] == second["total_win"] and ends[1]["balance"] == balance


def test_round_end_tells_the_parent_what_a_bought_feature_cost(context: BrowserContext, watch: Watch,
                                                                 site: Site) -> None:
    """Issue 48: `roundEnd` carried `bet` and `win` only, so a parent could not tell a bought
    feature (which costs buy_price x bet) from a spin. Expected: CPython's first round of
    Random(7) bought at the default bet (`play_round(model, bet, rng, buy=True)`), its `cost`
    the model's buy_price x bet (engine/data/model.json), docs/page-contract.md's fields."""
    page = host(context, watch, site.root + "?embed=1&seed=7&speed=fast")
    bet = MODEL.default_bet
    bought = play_round(MODEL, bet, random.Random(7), buy=True).to_dict()
    assert bought["cost"] == MODEL.buy_price * bet
    send(page, {"target": SOURCE, "type": "buy"})
    page.wait_for_function("msgs.some(m => m.type === 'roundEnd')", timeout=BOOT_TIMEOUT_MS)
    end = page.evaluate("msgs.find(m => m.type === 'roundEnd')")
    end.pop("timings")
    assert end == {"source": SOURCE, "type": "roundEnd", "bet": bet, "cost": MODEL.buy_price * bet, "buy": True,
                   "win": bought["total_win"], "balance": DEMO_BALANCE - MODEL.buy_price * bet + bought["total_win"]}


def test_embedded_game_ignores_commands_not_from_its_parent(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = host(context, watch, site.root + "?embed=1&speed=fast")
    frame = page.frames[1]
    # The game posting a command to itself is not its parent speaking: ignored.
    frame.evaluate("m => window.postMessage(m, '*')", {"target": SOURCE, "type": "spin"})
    # A later command from the parent goes through, so the first one has been handled by now
    # (messages are dispatched in order); a spin in progress would have blocked this bet change.
    send(page, {"target": SOURCE, "type": "setBet", "bet": 200})
    expect(frame.locator("#bet")).to_have_attribute("data-minor", "200")
    assert frame.evaluate("game.state().state") == "ready"
    assert [m for m in page.evaluate("msgs") if m["type"] == "roundStart"] == []
    assert frame.locator("#balance").get_attribute("data-minor") == str(DEMO_BALANCE)


def test_feature_demo_plays_on_a_balance_of_its_own(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + "?demo=feature&speed=fast")
    page.wait_for_selector("html[data-state=ready], html[data-state=playing]", state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    # The showcase buys features by itself: its balance leaves 1000.00 once the first is bought.
    page.wait_for_function(f"() => game.state().balance !== {DEMO_BALANCE}")
    page.wait_for_function("() => game.state().feature === true")
    # ... and writes nothing to the player's storage.
    assert page.evaluate("localStorage.length") == 0
    # The player's own game, opened next in the same browser, starts on the untouched demo balance.
    page.goto(site.root + "?speed=fast")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#balance").get_attribute("data-minor") == str(DEMO_BALANCE)


def test_embedded_game_tells_its_parent_when_it_cannot_start(context: BrowserContext, watch: Watch,
                                                              site: Site) -> None:
    # The engine package replaced by one that raises on import: the game cannot start, and a
    # parent page waiting for `ready` gets an `error` message saying why instead of silence.
    context.route("**/engine/__init__.py", lambda route: route.fulfill(
        body="raise RuntimeError('broken engine')\n", content_type="text/x-python"))
    page = host(context, watch, site.root + "?embed=1", until="error")
    msgs = page.evaluate("msgs")
    assert [m["type"] for m in msgs] == ["error"]
    assert "could not start" in msgs[0]["message"] and "RuntimeError: broken engine" in msgs[0]["message"]
