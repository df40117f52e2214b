"""`?scenario=NAME` (docs/page-contract.md): the page's next round is that scenario's round of
the engine's catalogue (engine/data/scenarios.json), replayed by the engine from its draws, on
a balance of its own. Every scenario is played here (a test and one page load each, ?speed=fast,
so that both workers share them) and its outcome compared with CPython's replay of the same
entry: the win, free spins or not, the big-win tier. Each end is saved as a screenshot
(screenshots/scenario-NAME.png) and the reels' canvas must not be blank; a player's saved game,
written before the page loads, is left exactly as it was.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
import savefile
from e2e_harness import REPO_ROOT, Game, Site
from playwright.sync_api import BrowserContext, expect

from engine import load_model
from engine.scenarios import load_scenarios, scenario_round

MODEL = load_model()
SCENARIOS = load_scenarios()
SHOTS = REPO_ROOT / "screenshots"
DEMO_BALANCE = 100000  # static/js/ledger/store.js DEMO_BALANCE

# the standard deviation of the canvas's luminance (0-255): a blank or one-colour canvas is ~0
CANVAS_SPREAD = """() => {
    const c = document.getElementById("reels");
    const { data } = c.getContext("2d").getImageData(0, 0, c.width, c.height);
    let n = 0, sum = 0, sq = 0;
    for (let i = 0; i < data.length; i += 16) {
        const y = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
        n++; sum += y; sq += y * y;
    }
    const mean = sum / n;
    return Math.sqrt(sq / n - mean * mean);
}"""


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_the_scenario_plays_as_cpython_replays_it(context: BrowserContext, open_game: Callable[..., Game],
                                                  site: Site, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    entry = SCENARIOS[name]
    # a player's saved game on the origin (docs/save-format.md), there before the page's scripts
    # run, which the scenario must not touch
    player_save = {savefile.KEY: json.dumps(savefile.record(balance=123_456, bet=MODEL.bets[-1]))}
    context.add_init_script(savefile.store_script(savefile.KEY, player_save[savefile.KEY]))
    game = open_game(f"{site.root}?scenario={name}&speed=fast")
    page = game.page
    expected = scenario_round(MODEL, entry).to_dict()
    state = page.evaluate("game.state()")
    assert state["scenario"] == {"name": name, "mode": entry["mode"], "bet": entry["bet"],
                                 "description": entry["description"], "played": False}
    assert (state["bet"], state["balance"], state["saving"]) == (entry["bet"], DEMO_BALANCE, False)
    expect(page.locator("#scenario-banner")).to_be_visible()
    expect(page.locator("#scenario-name")).to_have_text(name)
    rnd = page.evaluate("game.buy()" if entry["mode"] == "buy" else "game.spin()")
    assert rnd == expected, name
    page.evaluate("game.settled()")
    end = next(e for e in rnd["events"] if e["type"] == "roundEnd")
    # the model's tier for the win at the bet, none when the round won no more than it cost
    # (docs/engine.md: a bought feature below its price is no big win)
    tier = MODEL.big_win(expected["total_win"], expected["bet"], expected["cost"])
    assert (end["big_win"] or {}).get("name") == (tier.name if tier else None), name
    assert (rnd["special"] is not None) == (expected["free_spins"] > 0), name
    win = int(page.locator("#win").get_attribute("data-minor") or "-1")
    assert win == expected["total_win"], name
    assert page.evaluate("game.state().balance") == DEMO_BALANCE - expected["cost"] + expected["total_win"]
    assert page.evaluate("game.state().scenario.played") is True
    page.locator("#reels").screenshot(path=str(SHOTS / f"scenario-{name}.png"))
    assert page.evaluate(CANVAS_SPREAD) > 10, f"{name}: the reels' canvas looks blank"
    # none of it reached the player's save
    assert page.evaluate("Object.fromEntries(Object.entries(localStorage))") == player_save
    game.watch.assert_clean()


@pytest.mark.parametrize("name", ["no-such-scenario", ""])
def test_an_unknown_scenario_is_refused(open_game: Callable[..., Game], site: Site, name: str) -> None:
    page = open_game(f"{site.root}?scenario={name}&speed=fast", state="error").page
    status = page.locator("#status").text_content() or ""
    assert "no scenario" in status and "the scenarios are loss" in status
    assert page.evaluate("Object.keys(localStorage)") == []


@pytest.mark.parametrize("engine", ["", "&engine=page"])  # the worker's bridge and the page's (main.start)
def test_the_round_after_a_scenario_is_drawn_as_usual(open_game: Callable[..., Game], site: Site, engine: str) -> None:
    page = open_game(f"{site.root}?scenario=loss&seed=4&speed=fast{engine}").page
    first = page.evaluate("game.spin()")
    assert first == scenario_round(MODEL, SCENARIOS["loss"]).to_dict()
    import random

    from engine import play_round
    second = page.evaluate("game.spin()")
    assert second == play_round(MODEL, MODEL.default_bet, random.Random(4)).to_dict()


@pytest.mark.parametrize(("query", "reason"), [
    ("?scenario=loss&demo=feature", "each open a page of their own"),
    ("?scenario=max-win&jurisdiction=uk", "scenario max-win is a bought feature"),
])
def test_a_scenario_the_page_cannot_play_is_refused(open_game: Callable[..., Game], site: Site,
                                                     query: str, reason: str) -> None:
    page = open_game(site.root + query + "&speed=fast", state="error").page
    assert reason in (page.locator("#status").text_content() or "")
    expect(page.locator("#scenario-banner")).to_be_hidden()
