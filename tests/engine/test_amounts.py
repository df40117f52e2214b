"""Every amount the page hands the engine is an exact integer within its limit
(engine/launch.py check_amount, docs/page-contract.md "Amounts"), refused otherwise with the
same ``amount.*`` codes as the page's own check (static/js/core/amounts.js).

Expected values: the limits worked out here by hand from the rules of docs/page-contract.md
"Amounts" (the balance ceiling 10^12 minor units; the highest level the largest multiple of the
line count whose capped win, max_win x level, stays within it) and the model file's figures;
2^53 - 1 is JavaScript's Number.MAX_SAFE_INTEGER.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
import reason_codes

from book_models import TEST
from engine import load_model, page
from engine.round import play_round
from engine.errors import BetError
from engine.launch import MAX_BALANCE, MAX_SAFE_INTEGER, check_amount, limits, max_level

MODEL = load_model()
CEILING = 10**12  # docs/page-contract.md "Amounts": 10,000,000,000.00 of a 2-digit currency
SAFE = 2**53 - 1  # Number.MAX_SAFE_INTEGER
RAW = json.loads((reason_codes.ENGINE / "data" / "model.json").read_text())


def test_the_ceiling_is_one_figure_the_page_and_the_engine_share() -> None:
    assert (MAX_BALANCE, MAX_SAFE_INTEGER) == (CEILING, SAFE)
    js = (reason_codes.ROOT / "static" / "js" / "core" / "amounts.js").read_text(encoding="utf-8")
    found = re.search(r"export const MAX_BALANCE = ([0-9_]+);", js)
    assert found and int(found.group(1).replace("_", "")) == CEILING
    # store.js and autoplayrules.js read it from amounts.js, with no copy of the figure
    for name in ("ledger/store.js", "controls/autoplayrules.js"):
        text = (reason_codes.ROOT / "static" / "js" / name).read_text(encoding="utf-8")
        assert "1e12" not in text and "1_000_000_000_000" not in text, name


def test_the_highest_level_by_hand() -> None:
    # shipped model: 10 lines, max_win 20168 x bet; 10^12 / 201680 = 4958349.8..., so 4958349 x 10
    lines, cap = len(RAW["paylines"]), RAW["max_win"]
    assert (lines, cap) == (10, 20168)
    assert max_level(MODEL) == 49_583_490
    assert 49_583_490 * cap <= CEILING < 49_583_500 * cap  # the next multiple's capped win passes it
    assert limits(MODEL) == {"balance": CEILING, "level": 49_583_490, "stake": CEILING, "autoplay": CEILING}
    assert max_level(TEST) == CEILING // (TEST.max_win * 10) * 10


# (value, code or None when taken) for a limit `high`: at it, just past it, past 2^53, and the
# values of another type; 5.0 is a float from Python, not a JavaScript number (the page's
# door turns an integral JS number into its int first: page.from_js).
def cases(high: int) -> list[tuple[Any, str | None]]:
    return [(high, None), (high + 1, "amount.aboveLimit"), (2**53, "amount.unsafe"), (2**53 + 1, "amount.unsafe"),
            (10**20, "amount.unsafe"), (0, "amount.belowMin"), (-1, "amount.belowMin"), (True, "amount.type"),
            (False, "amount.type"), (5.0, "amount.type"), (5.5, "amount.notWhole"), (float("inf"), "amount.notWhole"),
            (float("nan"), "amount.notWhole"), ("5", "amount.type"), (None, "amount.type"), ([5], "amount.type")]


@pytest.mark.parametrize("value, code", cases(CEILING))
def test_check_amount_at_and_past_each_limit(value: Any, code: str | None) -> None:
    if code is None:
        assert check_amount(value, "maxBet", high=CEILING) == value
        return
    with pytest.raises(BetError) as raised:
        check_amount(value, "maxBet", high=CEILING)
    assert raised.value.code == code and raised.value.params["key"] == "maxBet"
    assert str(raised.value).startswith("maxBet=")


@pytest.mark.parametrize("value, code", [c for c in cases(CEILING) if c[0] is not None])  # None: no limit
def test_the_stake_limit_of_a_launch(value: Any, code: str | None) -> None:
    answer = page.configure(MODEL, [10, 20], None, value)
    if code is None:
        assert not isinstance(answer, dict) and answer[1] == CEILING
    elif isinstance(value, float) and value.is_integer() and code == "amount.type":
        # the page's door: a float 5.0 is the JS number 5, a stake limit below the lowest level 10
        assert isinstance(answer, dict) and answer["code"] == "stake.aboveLimit"
    else:
        assert isinstance(answer, dict) and answer["code"] == code, answer


@pytest.mark.parametrize("value, code", cases(49_583_490))
def test_a_level_of_a_launch(value: Any, code: str | None) -> None:
    answer = page.configure(MODEL, [value])
    if code is None:
        assert not isinstance(answer, dict) and answer[0].bets == (value,)
    elif isinstance(value, float) and value.is_integer():
        assert isinstance(answer, dict) and answer["code"] == "launch.levelNotMultiple"  # 5: not a multiple of 10
    else:
        assert isinstance(answer, dict) and answer["code"] == code, answer
    # the default bet is judged the same way before it is looked for among the levels
    default = page.configure(MODEL, [10, 49_583_490], value)
    if code is None:
        assert not isinstance(default, dict) and default[0].default_bet == value
    elif value is not None and not (isinstance(value, float) and value.is_integer()):  # None: the model's default
        assert isinstance(default, dict) and default["code"] == code, default


@pytest.mark.parametrize("value, code", [c for c in cases(49_583_490) if c[1] is not None])
def test_a_round_and_an_offer_refuse_each_bad_amount_before_drawing(value: Any, code: str) -> None:
    configured = page.configure(MODEL, [10, 49_583_490])
    assert not isinstance(configured, dict)
    model = configured[0]
    rng = random.Random(3)
    state = rng.getstate()
    played = page.play(model, rng, value, False)
    want = "bet.notLevel" if isinstance(value, float) and value.is_integer() else code  # 5.0 is the bet 5
    assert played["code"] == want and rng.getstate() == state
    assert page.offer_for(model, value)["code"] == want


def test_the_highest_level_plays_and_its_cap_fits_the_ceiling() -> None:
    configured = page.configure(MODEL, [10, 49_583_490], None, CEILING)
    assert not isinstance(configured, dict)
    offer = page.offer_for(configured[0], 49_583_490)
    assert offer["cap"] == 49_583_490 * 20168 <= CEILING
    assert "round" in page.play(configured[0], random.Random(1), 49_583_490, False, CEILING)


@pytest.mark.parametrize("field", ["bet", "cost"])
@pytest.mark.parametrize("value, code", [(CEILING + 1, "amount.aboveLimit"), (2**53 + 1, "amount.unsafe"),
                                         (True, "amount.type"), ("100", "amount.type"), (None, "amount.type")])
def test_a_saved_rounds_bet_and_cost_are_amounts_too(field: str, value: Any, code: str) -> None:
    # A saved record's bet and cost reach check_saved beside the round; each is refused by the
    # amount check (the codes of cases() above), before it is compared with the round's own.
    d = play_round(TEST, 100, random.Random(3), buy=True).to_dict()
    amounts = {"bet": d["bet"], "cost": d["cost"], field: value}
    got = page.check_saved(TEST, json.dumps(d), amounts["bet"], amounts["cost"])
    assert got.get("code") == code, got
    # the same round with its own amounts is taken (the refusal came from the amount alone)
    assert page.check_saved(TEST, json.dumps(d), d["bet"], d["cost"]) == {"round": d}
