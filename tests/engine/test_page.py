"""engine.page, the logic behind the bridge (main.py): strict at the boundary, answers that
come from the engine. Runs on CPython; main.py only passes values through."""

from __future__ import annotations

import json
import random

import pytest

from book_models import TEST
from engine import page, play_round


# The page's door checks every amount first (engine/launch.py check_amount, the same codes as
# static/js/core/amounts.js): a float that is not whole is amount.notWhole, anything that is not a
# number at all (text, a bool, null, a list) amount.type; play_round refuses each from Python too.
@pytest.mark.parametrize("bet, code", [(100.7, "amount.notWhole"), ("100", "amount.type"), (True, "amount.type"),
                                       (None, "amount.type"), ([100], "amount.type"),
                                       (float("nan"), "amount.notWhole"), (float("inf"), "amount.notWhole")])
def test_a_non_integer_bet_is_refused_as_an_amount(bet: object, code: str) -> None:
    with pytest.raises(ValueError):
        play_round(TEST, bet, random.Random(1))  # type: ignore[arg-type]
    rng = random.Random(1)
    state = rng.getstate()
    answer = page.play(TEST, rng, bet, False)
    assert (answer["code"], answer["params"]["key"]) == (code, "bet")
    assert answer["error"].startswith(f"bet={bet!r}: ")
    assert rng.getstate() == state  # refused before anything was drawn
    assert page.offer_for(TEST, bet)["code"] == code


@pytest.mark.parametrize("buy", ["false", "true", 1, 0, None])
def test_a_non_boolean_buy_gets_the_engines_own_refusal(buy: object) -> None:
    with pytest.raises(ValueError) as raised:
        play_round(TEST, 100, random.Random(1), buy=buy)  # type: ignore[arg-type]
    rng = random.Random(1)
    state = rng.getstate()
    assert page.play(TEST, rng, 100, buy)["error"] == str(raised.value)
    assert rng.getstate() == state


def test_an_integral_js_number_is_an_integer_bet() -> None:
    # JavaScript has no integer type: 100 may arrive as 100.0 and is the bet 100.
    assert page.from_js(100.0) == 100 and type(page.from_js(100.0)) is int
    assert page.from_js(100.5) == 100.5
    assert page.from_js(True) is True
    got = page.play(TEST, random.Random(5), 100.0, True)
    assert got == {"round": play_round(TEST, 100, random.Random(5), buy=True).to_dict()}


def test_offer_by_hand() -> None:
    # tests/engine/data/test_model.json: 10 lines, buy_price 100, max_win 20168, free spins 10,
    # SANTA 5 pays 5000 and 2 pays 10 line bets, AXE has no pay for 2; tiers at 15, 40, 100 bets.
    o = page.offer_for(TEST, 100)
    assert json.loads(json.dumps(o)) == o
    assert (o["bet"], o["cost"], o["buy_cost"], o["line_bet"]) == (100, 100, 10_000, 10)
    assert o["bets"] == [10, 20, 50, 100, 200, 500]
    assert o["paytable"]["SANTA"] == {"2": 100, "3": 1000, "4": 10_000, "5": 50_000}
    assert o["paytable"]["AXE"] == {"3": 300, "4": 1000, "5": 7500}
    assert o["cap"] == 2_016_800
    assert o["big_win"] == [{"name": "BIG WIN", "level": 1, "at": 1500},
                            {"name": "MEGA WIN", "level": 2, "at": 4000},
                            {"name": "EPIC WIN", "level": 3, "at": 10_000}]
    assert o["free_spins"] == 10
    assert page.offer_for(TEST, 70) == {"error": "bet 70 is not a listed level; the levels are "
                                                  "[10, 20, 50, 100, 200, 500]", "code": "bet.notLevel",
                                        "params": {"bet": 70, "levels": [10, 20, 50, 100, 200, 500]},
                                        "money": ["bet", "levels"]}


def _saved(seed: int) -> dict:
    return play_round(TEST, 100, random.Random(seed), buy=True).to_dict()


def test_check_saved_accepts_a_round_with_or_without_events() -> None:
    d = _saved(3)
    assert page.check_saved(TEST, json.dumps(d), 100, 10_000) == {"round": d}
    without = {k: v for k, v in d.items() if k != "events"}
    assert page.check_saved(TEST, json.dumps(without), 100, 10_000) == {"round": d}


def test_check_saved_accepts_events_saved_before_the_new_fields() -> None:
    # A round saved by the first version carries events without paid/total/cut/anticipation/
    # big_win; they agree with the rebuilt ones on every field they have.
    d = _saved(3)
    new = {"paid", "total", "cut", "anticipation", "big_win"}
    old = dict(d, events=[{k: v for k, v in e.items() if k not in new} for e in d["events"]])
    assert page.check_saved(TEST, json.dumps(old), 100, 10_000) == {"round": d}


def test_check_saved_refuses_events_that_disagree() -> None:
    d = _saved(3)
    ends = [e for e in d["events"] if e["type"] == "spinEnd"]
    ends[0]["total"] += 1
    got = page.check_saved(TEST, json.dumps(d), 100, 10_000)
    # The answer is "<class>: <why>"; every fault of a saved round is a SavedRoundError.
    assert got["error"] == "SavedRoundError: the round's events do not follow from its spins"


def test_check_saved_refuses_another_bet_or_cost() -> None:
    d = json.dumps(_saved(3))
    assert "error" in page.check_saved(TEST, d, 200, 10_000)
    assert "error" in page.check_saved(TEST, d, 100, 100)


def test_play_scenario_gives_every_catalogue_round_as_play_answers() -> None:
    from engine import load_model
    from engine.scenarios import load_scenarios, scenario_round

    model = load_model()
    for name, entry in load_scenarios().items():
        info = page.scenario_info(name)
        assert info == {"name": name, "mode": entry["mode"], "bet": entry["bet"],
                        "description": entry["description"]}
        got = page.play_scenario(model, name)
        assert got == {"round": scenario_round(model, entry).to_dict(), "scenario": name}


@pytest.mark.parametrize("name", ["nope", "", None, 3, ["loss"]])
def test_play_scenario_refuses_a_name_the_catalogue_lacks(name: object) -> None:
    from engine import load_model

    refused = page.play_scenario(load_model(), name)
    assert refused["code"] == "scenario.unknown" and "the scenarios are loss, small-win" in refused["error"]
    assert page.scenario_info(name) == refused


def test_play_scenario_refuses_draws_that_do_not_fit_the_model() -> None:
    catalogue = {"short": {"mode": "buy", "bet": 100, "draws": [1], "description": "cut short"}}
    got = page.play_scenario(TEST, "short", catalogue)
    assert got["code"] == "replay" and got["error"].startswith("scenario short: ")
