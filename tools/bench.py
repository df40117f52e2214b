"""Benchmarks: ratios against baselines run in the same process (``make bench``).

1. Rounds per second of ``engine.play_round`` against a straightforward evaluator written
   here (string grids, a loop per line, dict look-ups; the rules of GAME.md read literally),
   both drawing from ``random.Random`` in the same way. Target: at least 5x.
2. The exact PAR sheet's time, and how many simulated rounds the simulator plays in that time.
3. The simulator's scaling: rounds per second with 2 workers against 1.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import load_model, play_round  # noqa: E402
from engine.par import par_sheet  # noqa: E402
from engine.simulate import simulate  # noqa: E402


def naive_round(m: dict[str, Any], bet: int, rng: random.Random) -> int:
    """A base spin and its feature, written the obvious way. Returns the win in minor units."""
    line_bet = bet // 10
    pays = m["paytable"]

    def spin(strips: list[list[str]]) -> list[list[str]]:
        grid = []
        for strip in strips:
            stop = rng.randrange(len(strip))
            grid.append([strip[(stop + row) % len(strip)] for row in range(3)])
        return grid

    def line_wins(grid: list[list[str]], wild: dict[int, int]) -> int:
        total = 0
        for line in m["paylines"]:
            symbol = grid[0][line[0]]
            count, mult = 1, 1
            for reel in range(1, 5):
                cell = grid[reel][line[reel]]
                if reel in wild:
                    mult *= wild[reel]
                elif cell != symbol and cell != "BOOK":
                    break
                count += 1
            # the multiplier of reels after the run must not count
            mult = 1
            for reel in range(1, count):
                mult *= wild.get(reel, 1)
            total += pays[symbol].get(str(count), 0) * mult
        return total

    grid = spin(m["reels"]["base"])
    win = line_wins(grid, {})
    if sum(1 for col in grid if "BOOK" in col) == 3:
        weights = m["free_spins"]["special_weights"]
        symbols = list(weights)
        special = symbols[_weighted(rng, [weights[s] for s in symbols])]
        mw = m["free_spins"]["multiplier_weights"]
        for _ in range(m["free_spins"]["count"]):
            grid = spin(m["reels"]["free_spins"])
            wild = {r: int(list(mw)[_weighted(rng, list(mw.values()))]) for r in range(5) if "BOOK" in grid[r]}
            win += line_wins(grid, wild)
            reels = [r for r in range(5) if r in wild or special in grid[r]]
            pay = pays[special].get(str(len(reels)), 0)
            product = 1
            for v in wild.values():
                product *= v
            win += pay * 10 * product
    return min(win, m["max_win"] * 10) * line_bet


def _weighted(rng: random.Random, weights: list[int]) -> int:
    x = rng.randrange(sum(weights))
    for i, w in enumerate(weights):
        if x < w:
            return i
        x -= w
    raise AssertionError


def rate(fn: Any, n: int) -> float:
    start = time.perf_counter()
    fn(n)
    return n / (time.perf_counter() - start)


def main() -> None:
    model = load_model()
    data = model.to_json()
    bet = model.default_bet
    n = 40_000

    def engine_rounds(k: int) -> None:
        rng = random.Random(1)
        for _ in range(k):
            play_round(model, bet, rng)

    def naive_rounds(k: int) -> None:
        rng = random.Random(1)
        for _ in range(k):
            naive_round(data, bet, rng)

    engine_rounds(2000)  # build the tables before timing
    best_engine = max(rate(engine_rounds, n) for _ in range(3))
    best_naive = max(rate(naive_rounds, n) for _ in range(3))
    print(f"play_round            {best_engine:12,.0f} rounds/s")
    print(f"straightforward       {best_naive:12,.0f} rounds/s")
    print(f"ratio                 {best_engine / best_naive:12.2f}x  (target >= 5x)")

    start = time.perf_counter()
    par_sheet(model)
    par_s = time.perf_counter() - start
    print(f"exact PAR sheet       {par_s:12.2f} s  (= {par_s * best_engine:,.0f} simulated rounds' time)")

    rounds = 400_000
    one = simulate(model, rounds, 1, workers=1)["rounds_per_second"]
    two = simulate(model, rounds, 1, workers=2)["rounds_per_second"]
    print(f"simulate, 1 worker    {one:12,.0f} rounds/s")
    print(f"simulate, 2 workers   {two:12,.0f} rounds/s")
    print(f"scaling               {two / one:12.2f}x  (ideal 2.00x on this 2-core machine)")


if __name__ == "__main__":
    main()
