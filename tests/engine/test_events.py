"""The money and presentation fields of a round's events (docs/engine.md, "Events"): every
amount the page shows is one the engine reported, capped.

The checks re-derive each field from the round's spin dicts and the model's raw JSON, by
plain addition and comparison, without engine code.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings

from book_models import MODEL_DATA, MODELS, fresh_test_data
import engine
from engine import play_round
from round_cases import rounds

SETTINGS = settings(deadline=None)
MONEY = ("lineWins", "expandSymbol")


def naive_big_win(data: dict[str, Any], win: int, bet: int) -> dict[str, Any] | None:
    """The rule as the model file states it: the highest tier whose `at` total bets the win reaches."""
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
    assert end["big_win"] == naive_big_win(MODEL_DATA[name], r.total_win, bet)


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
    # 2,000 is 20 bets of 100: at least 15 (BIG WIN), below 40 (MEGA WIN).
    assert d["events"][-1]["big_win"] == {"name": "BIG WIN", "level": 1}
    assert d["end"] == "max_win" and d["total_win"] == 2000
