"""Strict embed input (docs/page-contract.md "Embedding messages"): a command the game refuses gets one `error` message
`{source, type: "error", command, reason}` and changes nothing; no value is coerced (a bet is
an integer level, `muted` a boolean). The embedded game and the full game in one browser obey
the one-writer rule of docs/save-format.md "One game, many tabs". `game.setBet` and `game.replay` refuse
the same way.

Expected values: the model's bet levels and buy price, the demo balance 100000, CPython's
`play_round(load_model(), bet, random.Random(seed))`.
"""

from __future__ import annotations

import random
from typing import Any

from e2e_harness import Site, Watch
from embed_support import SOURCE, send
from embed_support import host as embed_host
from playwright.sync_api import BrowserContext, expect
from tabs_support import SLOW_MS, open_tab

from engine import load_model, play_round

MODEL = load_model()
DEMO = 100000


def host(context: BrowserContext, watch: Watch, src: str) -> Any:
    """The parent page of embed_support.py, with room for slow boots."""
    return embed_host(context, watch, src, timeout=SLOW_MS)


def errors(page) -> list[dict]:
    return page.evaluate("msgs.filter((m) => m.type === 'error')")


def test_every_refused_command_gets_an_error_with_its_reason(context: BrowserContext, watch: Watch,
                                                              site: Site) -> None:
    page = host(context, watch, site.root + "?embed=1&seed=3&speed=fast")
    frame = page.frames[1]
    bad = [
        ({"type": "setBet", "bet": "200"}, "setBet", 'not "200"'),
        ({"type": "setBet", "bet": "0x64"}, "setBet", 'not "0x64"'),
        ({"type": "setBet", "bet": [300]}, "setBet", "not [300]"),
        ({"type": "setBet", "bet": 100.5}, "setBet", "not 100.5"),
        ({"type": "setBet", "bet": 123}, "setBet", "123 is not a bet level"),
        ({"type": "setBet"}, "setBet", "not nothing"),
        ({"type": "mute", "muted": "yes"}, "mute", 'muted must be true or false, not "yes"'),
        ({"type": "dance"}, "dance", "unknown command"),
    ]
    for message, _, _ in bad:
        send(page, {"target": SOURCE, **message})
    page.wait_for_function(f"msgs.filter((m) => m.type === 'error').length === {len(bad)}")
    got = errors(page)
    assert [e["command"] for e in got] == [c for _, c, _ in bad]
    for e, (_, _, why) in zip(got, bad):
        assert e["source"] == SOURCE and why in e["reason"], e
    # nothing changed: the default bet, the demo balance, sound on
    assert frame.evaluate("[game.state().bet, game.state().balance, game.state().muted]") == [
        MODEL.default_bet, DEMO, False]

    # Two spins in one task: the first plays (CPython's first round of Random(3)), the second
    # is refused while it plays.
    want = play_round(MODEL, MODEL.default_bet, random.Random(3)).to_dict()
    page.evaluate(f"""() => {{
        const g = document.getElementById('g').contentWindow;
        g.postMessage({{ target: '{SOURCE}', type: 'spin' }}, '*');
        g.postMessage({{ target: '{SOURCE}', type: 'spin' }}, '*');
    }}""")
    page.wait_for_function("msgs.some((m) => m.type === 'roundEnd')", timeout=SLOW_MS)
    page.wait_for_function(f"msgs.filter((m) => m.type === 'error').length === {len(bad) + 1}")
    assert errors(page)[-1]["command"] == "spin" and "already playing" in errors(page)[-1]["reason"]
    ends = page.evaluate("msgs.filter((m) => m.type === 'roundEnd')")
    assert [(e["win"], e["balance"]) for e in ends] == [
        (want["total_win"], DEMO - MODEL.default_bet + want["total_win"])]

    # A buy the balance cannot cover: at the top bet the price is buy_price x 100.00.
    top = MODEL.bets[-1]
    assert MODEL.buy_price * top > ends[0]["balance"]
    send(page, {"target": SOURCE, "type": "setBet", "bet": top})
    expect(frame.locator("#bet")).to_have_attribute("data-minor", str(top))
    send(page, {"target": SOURCE, "type": "buy"})
    page.wait_for_function(f"msgs.filter((m) => m.type === 'error').length === {len(bad) + 2}")
    assert errors(page)[-1]["command"] == "buy" and "insufficient balance" in errors(page)[-1]["reason"]
    assert page.evaluate("msgs.filter((m) => m.type === 'roundStart').length") == 1

    # the same strictness for scripts on the page
    assert "whole number" in frame.evaluate("(() => { try { game.setBet('200'); } catch (e) { return e.message; } })()")
    reason = frame.evaluate("game.replay('length').then(() => 'replayed', (e) => e.message)")
    assert "index of a history entry" in reason and "damaged" not in reason


def test_the_embedded_game_waits_while_the_full_game_plays(context: BrowserContext, watch: Watch,
                                                           site: Site) -> None:
    full = open_tab(context, watch, site.root + "?seed=3&speed=fast").page
    page = host(context, watch, site.root + "?embed=1&seed=3&speed=fast")
    frame = page.frames[1]
    frame.wait_for_function("game.state().tab === 'waiting'", timeout=SLOW_MS)
    expect(frame.locator("#tab-notice")).to_be_visible()
    send(page, {"target": SOURCE, "type": "spin"})
    page.wait_for_function("msgs.some((m) => m.type === 'error')")
    assert errors(page) == [{"source": SOURCE, "type": "error", "command": "spin",
                             "reason": "the game is open in another tab"}]
    # the full game plays CPython's first round; then the frame takes over and plays the second
    rng = random.Random(3)
    first, second = (play_round(MODEL, MODEL.default_bet, rng).to_dict() for _ in range(2))
    assert full.evaluate("game.spin().then((r) => r.total_win)") == first["total_win"]
    assert frame.evaluate("game.playHere()") == "writer"
    assert full.evaluate("game.state().tab") == "waiting"
    send(page, {"target": SOURCE, "type": "spin"})
    page.wait_for_function("msgs.some((m) => m.type === 'roundEnd')", timeout=SLOW_MS)
    end = page.evaluate("msgs.find((m) => m.type === 'roundEnd')")
    assert (end["win"], end["balance"]) == (
        second["total_win"], DEMO - 2 * MODEL.default_bet + first["total_win"] + second["total_win"])


def test_configure_takes_only_the_documented_settings_and_the_api_coerces_nothing(
        context: BrowserContext, watch: Watch, site: Site) -> None:
    """Issue 47: `configure {seed: "5"}` was written into the address, so a parent could predict
    every round of the player's saved game; `setSound({music: "no"})` turned music on,
    `setTurbo("yes")` toggled, `autoplay({rounds: "10"})` was taken, `setBet(NaN)` said "not null".
    Expected words: docs/page-contract.md's refusal table."""
    page = host(context, watch, site.root + "?embed=1&speed=fast")
    frame = page.frames[1]
    url = frame.url
    bad = [{"seed": "5"}, {"replay": "1.x", "lang": "de"}, {"scenario": "max-win"}, {"Bets": "10,20"}]
    for settings in bad:
        send(page, {"target": SOURCE, "type": "configure", "settings": settings})
    page.wait_for_function(f"msgs.filter((m) => m.type === 'error').length === {len(bad)}")
    reasons = sorted(e["reason"] for e in errors(page))
    assert all(e["command"] == "configure" for e in errors(page))
    for name in ("seed", "replay", "scenario", "Bets"):
        assert sum(f"configure: {name} is not a launch setting" in r for r in reasons) == 1, reasons
    assert all("the settings are lang, currency, bets, bet, market" in r for r in reasons)
    # nothing reloaded: the same address, no seed in it, still ready
    assert frame.url == url and "seed" not in frame.url
    assert frame.evaluate("document.documentElement.dataset.state") == "ready"

    refusals = frame.evaluate("""async () => {
        const said = async (f) => { try { await f(); return 'taken'; } catch (e) { return `${e.name}: ${e.message}`; } };
        const before = game.state();
        return {
            nan: await said(() => game.setBet(NaN)),
            soundText: await said(() => game.setSound('x')),
            soundNo: await said(() => game.setSound({ music: 'no' })),
            soundKey: await said(() => game.setSound({ volume: 1 })),
            turbo: await said(() => game.setTurbo('yes')),
            rounds: await said(() => game.autoplay({ rounds: '10', lossLimit: 1000 })),
            same: JSON.stringify([before.music, before.turbo, before.bet, before.autoplay]) ===
                JSON.stringify([game.state().music, game.state().turbo, game.state().bet, game.state().autoplay]),
        };
    }""")
    assert refusals["nan"] == "Refused: a bet must be a whole number of minor units, not NaN"
    assert refusals["soundText"] == 'Refused: setSound needs an object {music, effects}, not "x"'
    assert refusals["soundNo"] == 'Refused: music must be true or false, not "no"'
    assert refusals["soundKey"] == "Refused: setSound takes music and effects, not volume"
    assert refusals["turbo"] == 'Refused: on must be true or false, not "yes"'
    assert refusals["rounds"].endswith('rounds must be one of 10, 25, 50, 100, 250 or "until stopped" (got "10")')
    assert refusals["same"] is True
