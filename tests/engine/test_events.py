"""The money and presentation fields of a round's events (docs/engine.md, "Events"): every
amount the page shows is one the engine reported, capped.

The checks re-derive each field from the round's spin dicts and the model's raw JSON, by
plain addition and comparison, without engine code.
"""

from __future__ import annotations

import random
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from hypothesis import given, settings

from book_models import MODEL_DATA, MODELS, fresh_test_data
import engine
from engine import load_model, play_round
from round_cases import rounds

SETTINGS = settings(deadline=None)
MONEY = ("lineWins", "expandSymbol")


def naive_big_win(data: dict[str, Any], win: int, bet: int, cost: int) -> dict[str, Any] | None:
    """The rule as the model file states it: the highest tier whose `at` total bets the win
    reaches; none for a round that does not win more than it cost (issue 47: a bought feature
    paying 20.50 on a price of 85.00 was labelled BIG WIN)."""
    if win <= cost:
        return None
    best = None
    for tier in data["big_wins"]:
        if win >= tier["at"] * bet and (best is None or tier["level"] > best["level"]):
            best = {"name": tier["name"], "level": tier["level"]}
    return best


@SETTINGS
@given(rounds())
def test_paid_amounts_add_up_to_the_capped_total(case) -> None:
    name, bet, seed, buy = case
    r = play_round(MODELS[name], bet, random.Random(seed), buy=buy)
    d = r.to_dict()
    cap = bet * MODEL_DATA[name]["max_win"]
    total = 0           # the running total, re-added from the events' own `paid` fields
    for e in d["events"]:
        if e["type"] in MONEY:
            if e["type"] == "lineWins":
                assert e["paid"] == sum(w["paid"] for w in e["wins"])
                assert all(0 <= w["paid"] <= w["amount"] for w in e["wins"])
            assert 0 <= e["paid"] <= e["amount"]
            total += e["paid"]
            assert e["total"] == total <= cap
        elif e["type"] == "spinEnd":
            spin = d["spins"][e["spin"]]
            # The spin adds what takes the round from the previous spin's total to its own.
            before = d["spins"][e["spin"] - 1]["round_total"] if e["spin"] else 0
            assert e["paid"] == spin["round_total"] - before
            assert e["cut"] == spin["win"] - e["paid"] >= 0
            assert e["total"] == total == spin["round_total"]
            # Only the spin that reaches the cap can be cut.
            assert (e["cut"] > 0) <= (e["spin"] == len(d["spins"]) - 1 and d["end"] == "max_win")
    assert sum(e["paid"] for e in d["events"] if e["type"] == "spinEnd") == r.total_win == total
    # Totals never fall.
    totals = [e["total"] for e in d["events"] if e["type"] in MONEY + ("spinEnd",)]
    assert totals == sorted(totals)
    end = d["events"][-1]
    assert end["type"] == "roundEnd" and end["total"] == r.total_win
    assert end["big_win"] == naive_big_win(MODEL_DATA[name], r.total_win, bet, r.cost)


def decimal_times_bet(amount: int, bet: int) -> Decimal:
    """A second method for `times_bet`: the decimal module's quotient, rounded half up to
    hundredths (exact here: amounts and bets are far below its 28 digits)."""
    return (Decimal(amount) / Decimal(bet)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


@SETTINGS
@given(rounds())
def test_times_bet_is_each_amount_over_the_bet(case) -> None:
    # Every `times_bet` the page shows or plays a sound by is the amount next to it (what a
    # line or expanding win paid, the feature's total, the round's total) over the bet.
    name, bet, seed, buy = case
    d = play_round(MODELS[name], bet, random.Random(seed), buy=buy).to_dict()
    pairs = []
    for e in d["events"]:
        if e["type"] == "lineWins":
            pairs += [(w["times_bet"], w["paid"]) for w in e["wins"]]
        elif e["type"] == "expandSymbol":
            pairs.append((e["times_bet"], e["paid"]))
        elif e["type"] in ("freeSpinsEnd", "roundEnd"):
            pairs.append((e["times_bet"], e["total"]))
    assert pairs[-1] == (d["events"][-1]["times_bet"], d["total_win"])
    for text, amount in pairs:
        assert Decimal(text) == decimal_times_bet(amount, bet)
        assert "." not in text or not text.endswith(("0", "."))   # no trailing zeros after a point


def test_times_bet_by_hand() -> None:
    t = engine.events.times_bet
    assert t(8227, 100) == "82.27"      # 82.27 bets exactly
    assert t(1250, 100) == "12.5"       # 12.50: the trailing zero dropped
    assert t(2016800, 100) == "20168"   # the cap at bet 1.00: 20,168 bets
    assert t(5, 1000) == "0.01"         # 0.005 rounds half up
    assert t(4, 1000) == "0"            # 0.004 rounds down
    assert t(0, 10) == "0"


@SETTINGS
@given(rounds())
def test_anticipation_is_the_third_book_reel_after_two_books(case) -> None:
    # The rule the page used before it moved into the model (anticipation_books 2): in a base
    # spin, books on reels 2 and 3 make reel 4 spin slow; never in free spins. With books only
    # on reels 2 to 4 (the model's rule), that is the general rule for these models' strips.
    name, bet, seed, buy = case
    data = MODEL_DATA[name]
    assert data["anticipation_books"] == 2
    assert "BOOK" in data["reels"]["base"][3] and "BOOK" not in data["reels"]["base"][4]
    d = play_round(MODELS[name], bet, random.Random(seed), buy=buy).to_dict()
    for e in d["events"]:
        if e["type"] == "reveal":
            want = [3] if e["kind"] == "base" and "BOOK" in e["grid"][1] and "BOOK" in e["grid"][2] else []
            assert e["anticipation"] == want


def test_anticipation_follows_the_model_number() -> None:
    # With anticipation_books 1, one book on reel 2 is enough for reels 3 and 4 (whose strips
    # hold books) to spin slow; reel 5's strip has none.
    model = engine.load_model(fresh_test_data() | {"anticipation_books": 1})
    grid = [["A", "K", "Q"], ["BOOK", "K", "Q"], ["A", "K", "Q"], ["A", "K", "Q"], ["A", "K", "Q"]]
    assert engine.events.anticipation(model, grid) == [2, 3]
    assert engine.events.anticipation(MODELS["test"], grid) == []


def test_a_capped_spin_by_hand() -> None:
    # The test model with max_win 20: at bet 100 the cap is 2,000. Bought feature, seed 0.
    model = engine.load_model(fresh_test_data() | {"max_win": 20})
    d = play_round(model, 100, random.Random(0), buy=True).to_dict()
    # What the round played (read from its spins, the premise of the sum below):
    assert [s["win"] for s in d["spins"]] == [1100, 6100]
    assert [w["amount"] for w in d["spins"][1]["line_wins"]] == [800, 100, 100, 100]
    assert d["spins"][1]["expanding_win"]["amount"] == 5000
    events = [e for e in d["events"] if e.get("spin") == 1 and e["type"] in MONEY + ("spinEnd",)]
    # By hand: spin 0 left the total at 1,100, 900 short of the cap. Line wins are paid in
    # order: 800 (total 1,900), then 100 (total 2,000: the cap), then nothing; the expanding
    # win adds nothing. The spin paid 900 of its 6,100: 5,200 cut.
    line, expand, end = events
    assert [w["paid"] for w in line["wins"]] == [800, 100, 0, 0]
    assert (line["paid"], line["total"]) == (900, 2000)
    assert (expand["paid"], expand["total"]) == (0, 2000)
    assert (end["paid"], end["cut"], end["total"]) == (900, 5200, 2000)
    # 2,000 is 20 bets of 100: at least 15 (BIG WIN), below 40 (MEGA WIN); but the round was
    # bought at buy_price x 100, more than it won: a loss is no big win (model.big_win's cost)
    assert d["cost"] == model.buy_price * 100 > 2000
    assert d["events"][-1]["big_win"] is None
    assert model.big_win(2000, 100) is not None and model.big_win(2000, 100).name == "BIG WIN"
    # In bets of 100: the lines paid 8, 1, 0 and 0 bets, the expanding win 0; the feature
    # (the whole bought round) and the round 20.
    assert [w["times_bet"] for w in line["wins"]] == ["8", "1", "0", "0"]
    assert expand["times_bet"] == "0"
    feature_end = next(e for e in d["events"] if e["type"] == "freeSpinsEnd")
    assert (feature_end["total"], feature_end["times_bet"]) == (2000, "20")
    assert d["events"][-1]["times_bet"] == "20"
    assert d["end"] == "max_win" and d["total_win"] == 2000


def test_a_bought_feature_winning_less_than_its_price_is_no_big_win() -> None:
    # by hand, the shipped model at bet 100 (1.00): the first tier is at its `at` bets; a buy
    # costs buy_price x 100. A win of 20.50 (2050) reaches a tier at 20x or below but is a loss
    model = load_model()
    first = model.big_wins[0]
    win = first.at * 100 + 50
    cost = model.buy_price * 100
    assert win < cost  # the premise: a win at the first tier is below the price
    assert model.big_win(win, 100) == first          # against the bet alone: a tier
    assert model.big_win(win, 100, cost) is None     # against what the round cost: none
    assert model.big_win(cost + 1, 100, cost) == model.big_win(cost + 1, 100)  # above the price: as before
