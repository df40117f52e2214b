"""The bridge in the page (main.py over engine/page.py): JavaScript values reach the engine
unchanged and are refused with the engine's own message, and bridge.offer gives the figures
the engine computes on CPython.

Expected values: engine.offer and play_round's ValueError on CPython, for the same inputs: its
message, and its code, params and money (EngineError.to_dict), which the page words by."""

from __future__ import annotations

import json
import random

import pytest
from e2e_harness import Game

from engine import load_model, offer, play_round
from engine.errors import BetError, EngineError
from engine.launch import check_amount, max_level

MODEL = load_model()


def refusal(exc: BaseException) -> dict[str, object]:
    """page.py's answer for a refusal: {"error": its message, "code", "params", "money"}."""
    assert isinstance(exc, EngineError)
    d = exc.to_dict()
    return {"error": d["message"], "code": d["code"], "params": d["params"], "money": d["money"]}


def test_offer_is_the_engines(game: Game) -> None:
    got = json.loads(game.page.evaluate("bridge.offer(100)"))
    assert got == offer(MODEL, 100).to_dict()


@pytest.mark.parametrize("js, value", [
    ("100.7", 100.7), ('"100"', "100"), ("true", True), ("null", None),
])
def test_a_non_integer_bet_is_refused_with_the_engines_message(game: Game, js: str, value: object) -> None:
    # Every amount from the page is checked first by the amount check (engine/launch.py
    # check_amount, docs/page-contract.md "Amounts"): its refusal on CPython, for the Python
    # value the JavaScript one must arrive as (100.7 a float, "100" a str, true a bool, null
    # None), is the page's answer. play_round refuses the same value too (its own message).
    with pytest.raises(ValueError):
        play_round(MODEL, value, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(BetError) as raised:
        check_amount(value, "bet", high=max_level(MODEL))
    want = refusal(raised.value)
    assert json.loads(game.page.evaluate(f"bridge.playRound({js}, false)")) == want
    assert json.loads(game.page.evaluate(f"bridge.offer({js})")) == want


@pytest.mark.parametrize("js, value", [('"false"', "false"), ("1", 1), ("null", None)])
def test_a_non_boolean_buy_is_refused_with_the_engines_message(game: Game, js: str, value: object) -> None:
    with pytest.raises(ValueError) as raised:
        play_round(MODEL, 100, random.Random(1), buy=value)  # type: ignore[arg-type]
    got = json.loads(game.page.evaluate(f"bridge.playRound(100, {js})"))
    assert got == refusal(raised.value)
