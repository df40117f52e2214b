"""An operator's bet levels and stake limit (engine/launch.py, engine/page.py configure/play).

Expected values come from the rules: a level is a positive multiple of the 10 lines, levels
ascend, a round costs its bet (or buy_price x bet), and the stake limit refuses a round whose
cost is above it before anything is drawn (the generator is not advanced).
"""

from __future__ import annotations

import random

import pytest

from engine import BetError, BuyError, load_model, page, play_round
from engine.launch import MAX_LEVELS, check_stake, with_bets
from engine.model import LINES
from engine.replaylink import model_fingerprint, round_text

MODEL = load_model()


@pytest.mark.parametrize("bets, why", [
    ([], "between 1"),
    ([10, 15], "15 is not a positive multiple"),
    ([0, 10], "bets=0: below 1"),           # engine/launch.py check_amount: a level is at least 1
    ([-10], "bets=-10: below 1"),
    ([20, 10], "does not rise above 20"),
    ([10, 10], "does not rise above 10"),
    ([10.0], "bets=10.0: not an amount"),  # a float from Python is not a level (JS numbers go through from_js)
    ([True], "bets=True: not an amount"),
    (["10"], "bets='10': not an amount"),
    ("10,20", "not a list"),
    (list(range(10, 10 * (MAX_LEVELS + 2), 10)), f"between 1 and {MAX_LEVELS}"),
])
def test_bad_levels_are_refused_with_a_bet_error(bets: object, why: str) -> None:
    with pytest.raises(BetError, match=why):
        with_bets(MODEL, bets)
    if not (isinstance(bets, list) and any(type(b) is float for b in bets)):
        # the page's door says the same (a float from JavaScript is its integer: from_js)
        answer = page.configure(MODEL, bets)
        assert isinstance(answer, dict) and why in answer["error"]


def test_levels_replace_only_the_levels() -> None:
    m = with_bets(MODEL, [10, 70, 1_500_000])  # JPY-like levels: any positive multiple of 10
    assert (m.bets, m.default_bet) == ((10, 70, 1_500_000), 10)  # the model's 100 is not a level
    assert with_bets(MODEL, [50, 100]).default_bet == MODEL.default_bet == 100
    assert m.paytable == MODEL.paytable and m.max_win == MODEL.max_win and m.buy_price == MODEL.buy_price
    # the maths is the same, so replay links made under either open under the other
    assert model_fingerprint(m) == model_fingerprint(MODEL)
    with pytest.raises(BetError, match="default bet 20 is not one of the levels"):
        with_bets(MODEL, [10, 70], 20)


def test_a_round_at_a_launch_level_scales_by_its_line_bet() -> None:
    m = with_bets(MODEL, [70])
    a = play_round(m, 70, random.Random(5))
    b = play_round(MODEL, 10, random.Random(5))  # the same draws at a line bet of 1
    # every win is line bets x the line bet, and the cap is in total bets: 7 times as much
    assert a.spins == b.spins and a.total_win == 7 * b.total_win
    assert a.total_win == sum(s.win for s in a.spins) * (70 // LINES)


def test_stake_limit_refuses_before_drawing() -> None:
    rng = random.Random(3)
    state = rng.getstate()
    answer = page.play(MODEL, rng, 200, False, max_stake=100)
    assert answer == {"error": "the bet is 200, above the stake limit 100", "code": "stake.aboveLimit",
                      "params": {"cost": 200, "limit": 100}, "money": ["cost", "limit"]}
    assert rng.getstate() == state  # nothing drawn
    cost = MODEL.buy_price * 100
    bought = page.play(MODEL, rng, 100, True, max_stake=100)
    assert (bought["error"], bought["code"]) == (f"the feature costs {cost}, above the stake limit 100",
                                                 "stake.buyAboveLimit")
    assert rng.getstate() == state
    assert "round" in page.play(MODEL, rng, 100, False, max_stake=100)  # at the limit: played
    with pytest.raises(BuyError):
        check_stake(cost, cost - 1, buy=True)
    check_stake(cost, cost, buy=True)


def test_configure_answers_the_model_and_limit_or_why() -> None:
    configured = page.configure(MODEL, [10.0, 20.0, 50.0], 20.0, 50.0)  # JS numbers
    assert not isinstance(configured, dict)
    m, limit = configured
    assert (m.bets, m.default_bet, limit) == ((10, 20, 50), 20, 50)
    assert page.configure(MODEL, [100, 200], None, 50)["error"] == "the bet is 100, above the stake limit 50"  # type: ignore[index]
    refused = page.configure(MODEL, [100], None, "50")  # text where a number is required
    assert isinstance(refused, dict) and refused["error"] == (
        "maxBet='50': not an amount (a whole number of minor units)")
    assert (refused["code"], refused["params"]) == ("amount.type", {"key": "maxBet", "value": "50"})


def test_a_replay_of_a_launch_level_opens_under_the_model_levels() -> None:
    m = with_bets(MODEL, [70])
    rnd = play_round(m, 70, random.Random(11))
    opened = page.open_replay(MODEL, round_text(rnd))  # 70 is not one of the model's own levels
    assert opened["round"]["bet"] == 70 and opened["round"]["total_win"] == rnd.total_win
