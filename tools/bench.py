"""Benchmarks: ratios against baselines run in the same process (``make bench``).

1. Rounds per second of ``engine.play_round`` against a straightforward evaluator written
   here (string grids, a loop per line, dict look-ups; the rules of docs/rules.md read literally)
   that produces the same record of the round, both drawing from ``random.Random`` in the
   same way (the benchmark checks they decide the same totals). Target: at least 5x.
   Also the base-spin evaluation alone on the same draws (prefix tables against the line loop).
2. The exact PAR sheet's time (most of it the max-win cap's figures), and how many simulated
   rounds the simulator plays in that time; and on 2 workers, as `make par` runs it.
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
from engine.rng import decode  # noqa: E402
from engine.tables import tables_for  # noqa: E402
from engine.par import par_sheet  # noqa: E402
from engine.simulate import simulate  # noqa: E402


def naive_round(m: dict[str, Any], bet: int, rng: random.Random) -> dict[str, Any]:
    """A base spin and its feature, written the obvious way from the rules, producing what
    ``play_round`` produces: for every spin its stops, grid, line wins (line, symbol, count,
    multiplier, win, positions), expanding win and total; and the round's capped total."""
    pays = m["paytable"]
    lines = m["paylines"]

    def spin(strips: list[list[str]]) -> tuple[list[int], list[list[str]]]:
        # One draw over every stop combination, read with reel 1 most significant (the
        # engine's documented draw order).
        combos = 1
        for strip in strips:
            combos *= len(strip)
        index = rng.randrange(combos)
        stops = []
        for strip in reversed(strips):
            index, stop = divmod(index, len(strip))
            stops.insert(0, stop)
        grid = [[strip[(stop + row) % len(strip)] for row in range(3)] for strip, stop in zip(strips, stops)]
        return stops, grid

    def line_wins(grid: list[list[str]], wild: dict[int, int]) -> list[dict[str, Any]]:
        wins = []
        for number, line in enumerate(lines):
            symbol = grid[0][line[0]]
            count = 1
            for reel in range(1, 5):
                cell = grid[reel][line[reel]]
                if reel in wild or cell == symbol or cell == "BOOK":
                    count += 1
                else:
                    break
            pay = pays[symbol].get(str(count), 0)
            if pay:
                mult = 1
                for reel in range(1, count):
                    mult *= wild.get(reel, 1)
                wins.append({"line": number, "symbol": symbol, "count": count, "multiplier": mult,
                             "win": pay * mult, "positions": [(r, line[r]) for r in range(count)]})
        return wins

    stops, grid = spin(m["reels"]["base"])
    wins = line_wins(grid, {})
    spins = [{"stops": stops, "grid": grid, "line_wins": wins, "expanding": None,
              "win": sum(w["win"] for w in wins)}]
    total = spins[0]["win"]
    cap = m["max_win"] * len(lines)
    if sum(1 for col in grid if "BOOK" in col) == 3 and total < cap:
        weights = m["free_spins"]["special_weights"]
        symbols = list(weights)
        special = symbols[_weighted(rng, [weights[s] for s in symbols])]
        mw = m["free_spins"]["multiplier_weights"]
        for _ in range(m["free_spins"]["count"]):
            stops, grid = spin(m["reels"]["free_spins"])
            wild = {r: int(list(mw)[_weighted(rng, list(mw.values()))]) for r in range(5) if "BOOK" in grid[r]}
            wins = line_wins(grid, wild)
            reels = [r for r in range(5) if r in wild or special in grid[r]]
            pay = pays[special].get(str(len(reels)), 0)
            product = 1
            for v in wild.values():
                product *= v
            expanding = {"symbol": special, "reels": reels, "win": pay * len(lines) * product} if pay else None
            win = sum(w["win"] for w in wins) + (expanding["win"] if expanding else 0)
            spins.append({"stops": stops, "grid": grid, "line_wins": wins, "expanding": expanding, "win": win})
            total += win
            if total >= cap:
                break
    return {"bet": bet, "spins": spins, "total_win": min(total, cap) * (bet // len(lines))}


def naive_line_wins(m: dict[str, Any], grid: list[list[str]]) -> int:
    """The base-game line evaluation of the straightforward evaluator, alone (line bets)."""
    total = 0
    for line in m["paylines"]:
        symbol = grid[0][line[0]]
        count = 1
        for reel in range(1, 5):
            cell = grid[reel][line[reel]]
            if cell == symbol or cell == "BOOK":
                count += 1
            else:
                break
        total += m["paytable"][symbol].get(str(count), 0)
    return total


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
    a, b = random.Random(5), random.Random(5)
    for _ in range(5000):
        if play_round(model, bet, a).total_win != naive_round(data, bet, b)["total_win"]:
            raise SystemExit("the straightforward evaluator disagrees with play_round")
    best_engine = max(rate(engine_rounds, n) for _ in range(3))
    best_naive = max(rate(naive_rounds, n) for _ in range(3))
    print(f"play_round            {best_engine:12,.0f} rounds/s")
    print(f"straightforward       {best_naive:12,.0f} rounds/s")
    print(f"ratio                 {best_engine / best_naive:12.2f}x  (target >= 5x)")

    # The base-spin evaluation alone, on the same draws: what the engine's tables buy.
    rng = random.Random(3)
    tables = tables_for(model)
    draws = [rng.randrange(tables.base_combos) for _ in range(n)]
    grids = [[[s[(st + r) % len(s)] for r in range(3)] for s, st in zip(data["reels"]["base"], decode(i, tables.base_lengths))]
             for i in draws]

    def engine_eval(k: int) -> None:
        for i in draws[:k]:
            tables.base_outcomes.outcome(i)

    def naive_eval(k: int) -> None:
        for grid in grids[:k]:
            naive_line_wins(data, grid)

    e_eval = max(rate(engine_eval, n) for _ in range(3))
    n_eval = max(rate(naive_eval, n) for _ in range(3))
    print(f"base evaluation only  {e_eval:12,.0f} vs {n_eval:,.0f} spins/s = {e_eval / n_eval:.2f}x")

    start, cpu = time.perf_counter(), time.process_time()
    par_sheet(model)
    par_s, par_cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"exact PAR sheet       {par_s:12.2f} s  (= {par_s * best_engine:,.0f} simulated rounds' time;"
          f" {par_cpu:.1f} s of CPU, one process)")
    start = time.perf_counter()
    par_sheet(model, workers=2)
    par2_s = time.perf_counter() - start
    print(f"  on 2 workers        {par2_s:12.2f} s  (make par; its budget is 60 s)")

    rounds = 400_000
    simulate(model, rounds, 1, workers=1)  # warm-up: fills the lazily built lookup tables
    one = simulate(model, rounds, 1, workers=1)["rounds_per_second"]
    two = simulate(model, rounds, 1, workers=2)["rounds_per_second"]
    print(f"simulate, 1 worker    {one:12,.0f} rounds/s")
    print(f"simulate, 2 workers   {two:12,.0f} rounds/s")
    print(f"scaling               {two / one:12.2f}x  (ideal 2.00x on this 2-core machine)")


if __name__ == "__main__":
    main()
