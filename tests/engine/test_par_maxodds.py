"""engine.par.cap_odds: bounds on the chance that a round reaches the max-win cap.

The expected values come from plain enumeration on a tiny model: the small PAR test model
(tests/engine/data/par_small_model.json) with 2 free spins, two possible SES (SANTA 1, A 2),
multipliers 1 or 5 only (weights 3:1) and caps of a few thousand total bets. Every base stop
combination (9,072) is scored with ``engine.evaluate`` on its grid, every free-spin stop
combination x multiplier draw x SES with ``engine.evaluate`` too (as a player's grid), and then
every pair of free-spin outcomes (grouped by win, exact integer weights) is summed with the base
spin's win: P(cap reached) = P(B >= cap) + P(T, B + Y1 + Y2 >= cap), as exact Fractions. No
grid, no fixed point, none of engine.par's dynamic programmes.
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.grid import window
from engine.par import base_distribution, cap_odds, free_spin_distribution, one_in, par_sheet
from engine.par.odds import TARGET_RATIO
from test_par_shared import shipped_sheet

SMALL_PATH = Path(__file__).resolve().parent / "data" / "par_small_model.json"
LINES = 10  # docs/rules.md: 10 fixed paylines; the cap is max_win x 10 line bets


def tiny_data(max_win: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SMALL_PATH.read_text(encoding="utf-8"))
    fs = data["free_spins"]
    fs["count"] = 2
    fs["multiplier_weights"] = {"1": 3, "2": 0, "3": 0, "4": 0, "5": 1}
    fs["special_weights"] = {s: 0 for s in data["paytable"]} | {"SANTA": 1, "A": 2}
    data["max_win"] = max_win
    return data


MODEL = engine.load_model(tiny_data(1))  # the cap does not change any spin's win


class Brute:
    """Each spin's win by enumerating grids through engine.evaluate (see the module docstring)."""

    def __init__(self) -> None:
        m = MODEL
        lengths = [len(s) for s in m.base_strips]
        self.base_total = math.prod(lengths)
        self.base = Counter[tuple[int, bool]]()
        for stops in itertools.product(*(range(n) for n in lengths)):
            ev = engine.evaluate(m, [window(s, x) for s, x in zip(m.base_strips, stops)])
            self.base[(ev.total, ev.triggers_free_spins)] += 1
        mults = [(k, w) for k, w in m.multiplier_weights if w]
        wsum = sum(w for _, w in mults)
        flengths = [len(s) for s in m.free_strips]
        # Weight of (stops, draws): prod(multiplier weights) x wsum^(3 - book reels), over
        # prod(lengths) x wsum^3 (only reels 2-4 can show a book).
        self.free_total = math.prod(flengths) * wsum ** 3
        self.ses = {s: Fraction(w, sum(w for _, w in m.special_weights)) for s, w in m.special_weights if w}
        self.free: dict[str, Counter[int]] = {s: Counter() for s in self.ses}
        for stops in itertools.product(*(range(n) for n in flengths)):
            grid = [window(s, x) for s, x in zip(m.free_strips, stops)]
            books = [r for r, col in enumerate(grid) if m.wild in col]
            for draw in itertools.product(mults, repeat=len(books)):
                weight = wsum ** (3 - len(books)) * math.prod(w for _, w in draw)
                multipliers = {r: k for r, (k, _) in zip(books, draw)}
                for s in self.ses:
                    self.free[s][engine.evaluate(m, grid, special=s, multipliers=multipliers).total] += weight

        # Every pair of free-spin outcomes, by its sum: SES -> (sorted sums, weight of sums >= each).
        self.pairs: dict[str, tuple[list[int], list[int]]] = {}
        for s, d in self.free.items():
            sums = Counter[int]()
            for (y1, c1), (y2, c2) in itertools.product(d.items(), repeat=2):
                sums[y1 + y2] += c1 * c2
            keys = sorted(sums)
            at_least = list(itertools.accumulate((sums[k] for k in reversed(keys))))[::-1]
            self.pairs[s] = keys, at_least

    def feature_reaches(self, need: int) -> Fraction:
        """P(Y1 + Y2 >= need), the SES drawn first."""
        out = Fraction(0)
        for s, p in self.ses.items():
            keys, at_least = self.pairs[s]
            i = bisect.bisect_left(keys, need)
            out += p * Fraction(at_least[i] if i < len(keys) else 0, self.free_total ** 2)
        return out

    def reaches(self, cap: int) -> tuple[Fraction, Fraction]:
        """(base round, bought feature): P(the uncapped total >= cap) -- the round stops there."""
        base = Fraction(0)
        for (b, trig), c in self.base.items():
            if b >= cap:
                base += Fraction(c, self.base_total)
            elif trig:
                base += Fraction(c, self.base_total) * self.feature_reaches(cap - b)
        return base, self.feature_reaches(cap)


@pytest.fixture(scope="module")
def brute() -> Brute:
    return Brute()


def odds(cap: int, step: int | None = None) -> tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction], int]:
    spins = [(Fraction(w, 3), *free_spin_distribution(MODEL, s)) for s, w in MODEL.special_weights if w]
    got = cap_odds(base_distribution(MODEL), spins, MODEL.free_spins, cap, step)
    return got.base, got.buy, got.step


def test_tiny_model_is_as_described(brute: Brute) -> None:
    assert MODEL.free_spins == 2
    assert set(brute.ses) == {"SANTA", "A"}
    assert 0 < sum(c for (_, t), c in brute.base.items() if t) < brute.base_total


@pytest.mark.parametrize("max_win", [500, 2000, 5000])
def test_refined_bounds_bracket_the_enumeration(brute: Brute, max_win: int) -> None:
    # Expected: Brute.reaches (exact enumeration). The refined bounds hold it and are within
    # TARGET_RATIO of each other; the probabilities are strictly between 0 and 1 here.
    cap = max_win * LINES
    want_base, want_buy = brute.reaches(cap)
    got_base, got_buy, _ = odds(cap)
    for (lo, hi), want in ((got_base, want_base), (got_buy, want_buy)):
        assert 0 < want < 1
        assert lo <= want <= hi
        assert hi <= TARGET_RATIO * lo


@pytest.mark.parametrize(("max_win", "step"), [(2000, 1250), (2000, 400), (5000, 3001), (5000, 7)])
def test_bounds_on_a_fixed_grid_bracket_the_enumeration(brute: Brute, max_win: int, step: int) -> None:
    # A coarse grid rounds the free spins' wins a lot (step > 1), so the bounds differ, but
    # they must still hold the exact value.
    cap = max_win * LINES
    want_base, want_buy = brute.reaches(cap)
    got_base, got_buy, got_step = odds(cap, step)
    assert got_step == step
    for (lo, hi), want in ((got_base, want_base), (got_buy, want_buy)):
        assert lo <= want <= hi
    assert got_buy[0] < got_buy[1]  # rounding really happened


@pytest.mark.parametrize("max_win", [500, 2000])
def test_step_one_is_exact_up_to_the_fixed_point(brute: Brute, max_win: int) -> None:
    # With step 1 no win is rounded; only the 64-bit fixed point separates the bounds.
    cap = max_win * LINES
    for (lo, hi), want in zip(odds(cap, 1)[:2], brute.reaches(cap)):
        assert lo <= want <= hi
        assert hi - lo < Fraction(1, 10 ** 12)


def test_an_unreachable_cap_has_probability_zero(brute: Brute) -> None:
    # Expected: the best round (best triggering base spin + 2 x the best free spin) is below
    # the cap, so the enumeration gives 0 and so must both bounds, exactly.
    best = max(b for (b, t) in brute.base if t) + 2 * max(max(d) for d in brute.free.values())
    cap = best + 1
    zero = (Fraction(0), Fraction(0))
    assert brute.reaches(cap) == zero
    base, buy, _ = odds(cap)
    assert base == buy == zero
    assert one_in(*base) is None


def test_sheet_gives_one_in_n_bounds_around_the_enumeration(brute: Brute) -> None:
    # par_sheet turns the probability bounds into "1 in N" bounds: N_low = 1 / P_high <= 1 / P
    # <= 1 / P_low = N_high, P from the enumeration.
    sheet = par_sheet(engine.load_model(tiny_data(2000)))
    want_base, want_buy = brute.reaches(2000 * LINES)
    for pair, want in ((sheet.max_win_odds.base, want_base), (sheet.max_win_odds.buy, want_buy)):
        assert pair is not None
        low, high = pair
        assert high is not None
        assert Fraction(low) <= 1 / want <= Fraction(high)


def test_one_in_rounds_outwards() -> None:
    # P between 1/7 and 1/3 gives N between 3 and 7, both exact floats, so exactly those.
    low, high = one_in(Fraction(1, 7), Fraction(1, 3)) or (0.0, None)
    assert low == 3.0 and high == 7.0
    pair = one_in(Fraction(10, 31), Fraction(10, 29))  # N between 2.9 and 3.1, not floats exactly
    assert pair is not None
    low, high = pair
    assert high is not None
    assert Fraction(low) <= Fraction(29, 10) and Fraction(high) >= Fraction(31, 10)
    assert one_in(Fraction(0), Fraction(1, 5)) == (5.0, None)  # no finite upper end


def test_shipped_max_win_odds_are_within_ten_percent() -> None:
    # The brief for the figure: "1 in N" bounds LOW <= HIGH with HIGH / LOW <= 1.10, for a
    # base-game round and a bought feature. A base round triggers the feature 1 in
    # free_spins_every and then reaches the cap at least as often as a bought feature (its base
    # win only adds), so N_base <= N_buy x free_spins_every: LOW_base <= HIGH_buy x every.
    sheet = shipped_sheet()
    odds = sheet["max_win_odds"]
    for kind in ("base", "buy"):
        low, high = odds[kind]
        assert 1 <= low <= high <= 1.10 * low, kind
    assert odds["base"][0] <= odds["buy"][1] * sheet["free_spins_every"]
