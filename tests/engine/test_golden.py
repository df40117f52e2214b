"""20 seeded rounds of the test model, frozen in data/golden_rounds.json (made once by
make_golden.py, never by this test).

Two checks: the engine still plays each seed to the same stops, SES, multipliers and wins (a
regression check: the browser replays ``?seed=N`` rounds and saved games rely on it); and an
independent replay of the draw order documented in engine/round.py (one randrange over every
stop combination, read as the stops in mixed radix with reel 1 most significant; then the SES
by cumulative weight; then per free spin the stops the same way and one weighted draw per book
reel, left to right), scored with the naive evaluator of test_properties.py,
gives the same file: a second method, written without engine code.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from book_models import GOLDEN_PATH, MODEL_DATA, TEST
from engine import play_round
from test_naive_evaluator import naive_evaluate

GOLDEN: list[dict[str, Any]] = json.loads(GOLDEN_PATH.read_text(encoding="utf-8"))["rounds"]


def summary(r) -> dict[str, Any]:
    return {
        "special": r.special,
        "free_spins": r.free_spins,
        "spins": [{"kind": s.kind.value, "stops": list(s.stops),
                   "multipliers": {str(reel): m for reel, m in s.multipliers}, "win": s.win * r.line_bet}
                  for s in r.spins],
        "total_win": r.total_win,
        "end": r.end.value,
    }


@pytest.mark.parametrize("golden", GOLDEN, ids=[f"seed{g['seed']}" for g in GOLDEN])
def test_engine_replays_golden_round(golden: dict[str, Any]) -> None:
    r = play_round(TEST, golden["bet"], random.Random(golden["seed"]), buy=golden["buy"])
    want = {k: golden[k] for k in ("special", "free_spins", "spins", "total_win", "end")}
    assert summary(r) == want


def _weighted(rng: random.Random, pairs: list[tuple[Any, int]]) -> Any:
    """One randrange(total), mapped through the cumulative weights in the given order."""
    x = rng.randrange(sum(w for _, w in pairs))
    for value, weight in pairs:
        if x < weight:
            return value
        x -= weight
    raise AssertionError("unreachable")


def independent_replay(seed: int | random.Random, bet: int, buy: bool) -> dict[str, Any]:
    data = MODEL_DATA["test"]
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    line_bet = bet // len(data["paylines"])
    cap = data["max_win"] * bet
    spins = []

    def stop_reels(strips: list[list[str]]) -> tuple[list[int], list[list[str]]]:
        sizes = [len(strip) for strip in strips]
        index = rng.randrange(math.prod(sizes))
        # mixed radix, reel 1 most significant: a reel's digit is the index over the product of
        # the later reels' sizes, modulo its own size
        stops = [index // math.prod(sizes[i + 1:]) % size for i, size in enumerate(sizes)]
        grid = [[strip[(s + k) % len(strip)] for k in range(3)] for strip, s in zip(strips, stops)]
        return stops, grid

    total = 0
    feature = buy
    if not buy:
        stops, grid = stop_reels(data["reels"]["base"])
        win = naive_evaluate(data, grid)["total"] * line_bet
        spins.append({"kind": "base", "stops": stops, "multipliers": {}, "win": win})
        total = win
        books = sum(1 for column in grid if "BOOK" in column)
        feature = books == 3 and total < cap
    special = None
    if feature:
        weights = data["free_spins"]["special_weights"]
        special = _weighted(rng, [(s, weights.get(s, 0)) for s in data["paytable"]])  # paytable order
        mult_weights = [(int(m), w) for m, w in sorted(data["free_spins"]["multiplier_weights"].items())]
        for _ in range(data["free_spins"]["count"]):
            stops, grid = stop_reels(data["reels"]["free_spins"])
            multipliers = {}
            for reel in range(5):
                if "BOOK" in grid[reel]:
                    multipliers[reel] = _weighted(rng, mult_weights)
            win = naive_evaluate(data, grid, special, multipliers)["total"] * line_bet
            spins.append({"kind": "free", "stops": stops,
                          "multipliers": {str(k): v for k, v in multipliers.items()}, "win": win})
            total += win
            if total >= cap:
                break
    return {
        "special": special,
        "free_spins": data["free_spins"]["count"] if feature else 0,
        "spins": spins,
        "total_win": min(total, cap),
        "end": "max_win" if total >= cap else "complete",
    }


@pytest.mark.parametrize("golden", GOLDEN, ids=[f"seed{g['seed']}" for g in GOLDEN])
def test_golden_round_follows_the_documented_draw_order(golden: dict[str, Any]) -> None:
    got = independent_replay(golden["seed"], golden["bet"], golden["buy"])
    want = {k: golden[k] for k in ("special", "free_spins", "spins", "total_win", "end")}
    assert got == want


def test_consecutive_rounds_share_one_rng_without_extra_draws() -> None:
    # docs/rules.md "A round is decided in one call": the k-th page round at a bet equals the
    # k-th play_round on one random.Random(N). The per-seed replays above cannot see a draw made after a round's
    # last spin; 60 rounds in a row on one rng, against the independent replay, can.
    engine_rng, replay_rng = random.Random(2024), random.Random(2024)
    triggered = 0
    for k in range(60):
        bet, buy = TEST.bets[k % len(TEST.bets)], k % 7 == 3
        r = play_round(TEST, bet, engine_rng, buy=buy)
        assert summary(r) == independent_replay(replay_rng, bet, buy), k
        triggered += r.feature and not buy
    assert engine_rng.random() == replay_rng.random()
    assert triggered >= 1  # a base-triggered feature sits between other rounds


def test_golden_file_covers_features() -> None:
    # A golden file of 20 plain base spins would not cover the SES and multiplier draws.
    assert [g["seed"] for g in GOLDEN] == list(range(20))
    bought = [g for g in GOLDEN if g["buy"]]
    triggered = [g for g in GOLDEN if not g["buy"] and g["special"] is not None]
    assert len(bought) >= 3 and all(g["special"] is not None for g in bought)
    assert len(triggered) >= 1
    assert any(s["multipliers"] for g in GOLDEN for s in g["spins"])
    assert len({g["bet"] for g in GOLDEN}) >= 3
    assert any(g["total_win"] == 0 for g in GOLDEN) and any(g["total_win"] > 0 for g in GOLDEN)


def test_golden_model_is_the_test_model() -> None:
    # The golden values belong to the test model; a changed test model must regenerate them.
    assert json.loads(GOLDEN_PATH.read_text(encoding="utf-8"))["model"] == "tests/engine/data/test_model.json"
    assert TEST.name == "Book of Christmas Eve (test model)"
