"""engine.par.capped_figures on a model: the capped RTPs and the chance of reaching the cap.

The expected values come from plain enumeration on a tiny model: the small PAR test model
(tests/engine/data/par_small_model.json) with 2 or 3 free spins, two possible SES (SANTA 1, A 2),
multipliers 1 or 5 only (weights 3:1) and caps of a few thousand total bets. Every base stop
combination (9,072) is scored with ``engine.evaluate`` on its grid, every free-spin stop
combination x multiplier draw x SES with ``engine.evaluate`` too (as a player's grid). Then
every feature, each sequence of n free-spin outcomes (outcomes of equal win grouped, exact
integer weights), is summed, and with every base spin gives the round's exact probability
and total S: P(cap reached) = P(S >= cap) and the capped mean E[min(S, cap)], as exact Fractions.
No grid, no fixed point, none of engine.par's dynamic programmes.
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
from engine.par import MAX_SLOTS, base_distribution, capped_figures, free_spin_distribution, par_sheet

SMALL_PATH = Path(__file__).resolve().parent / "data" / "par_small_model.json"
LINES = 10  # docs/rules.md: 10 fixed paylines; the cap is max_win x 10 line bets


def tiny_data(max_win: int, spins: int = 2) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SMALL_PATH.read_text(encoding="utf-8"))
    fs = data["free_spins"]
    fs["count"] = spins
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

        # Every feature of n spins (n-tuples of outcomes), by its sum: n -> SES -> sum -> weight
        # over free_total^n.
        self.features: dict[int, dict[str, Counter[int]]] = {}
        self._tails: dict[tuple[int, str], tuple[list[int], list[int], list[int]]] = {}
        for n in (2, 3):
            self.features[n] = {}
            for s, d in self.free.items():
                sums = Counter[int]()
                if n == 2:
                    for (y1, c1), (y2, c2) in itertools.product(d.items(), repeat=2):
                        sums[y1 + y2] += c1 * c2
                else:  # every triple: each pair's sum (itself every pair) with every third spin
                    for (y12, c12), (y3, c3) in itertools.product(self.features[2][s].items(), d.items()):
                        sums[y12 + y3] += c12 * c3
                self.features[n][s] = sums

    def tails(self, n: int, s: str) -> tuple[list[int], list[int], list[int]]:
        """The features' sums sorted, and for each index the weight and the weighted sum of the
        features at or above it (integers over free_total^n)."""
        key = (n, s)
        if key not in self._tails:
            sums = self.features[n][s]
            keys = sorted(sums)
            weight = list(itertools.accumulate(sums[k] for k in reversed(keys)))[::-1] + [0]
            moment = list(itertools.accumulate(k * sums[k] for k in reversed(keys)))[::-1] + [0]
            self._tails[key] = keys, weight, moment
        return self._tails[key]

    def feature(self, n: int, shift: int, cap: int) -> tuple[Fraction, Fraction]:
        """E[min(shift + F, cap)] and P(shift + F >= cap) over every feature F (the SES drawn
        first): a feature of sum f pays shift + f, or the cap when that is at least the cap."""
        mean = reach = Fraction(0)
        for s, p in self.ses.items():
            keys, weight, moment = self.tails(n, s)
            i = bisect.bisect_left(keys, cap - shift)
            total = self.free_total ** n
            # every feature pays shift + f, except those at or past cap - shift, which pay cap
            whole = shift * total + moment[0]
            over = moment[i] + shift * weight[i] - cap * weight[i]
            mean += p * Fraction(whole - over, total)
            reach += p * Fraction(weight[i], total)
        return mean, reach

    def figures(self, n: int, cap: int) -> dict[str, Fraction]:
        """Exact (base round, bought feature) capped means E[min(S, cap)] in line bets, and
        chances P(S >= cap): the round stops at the cap."""
        out = {k: Fraction(0) for k in ("base_mean", "buy_mean", "base_reach", "buy_reach")}
        out["buy_mean"], out["buy_reach"] = self.feature(n, 0, cap)
        for (b, trig), cb in self.base.items():
            pb = Fraction(cb, self.base_total)
            mean, reach = self.feature(n, b, cap) if trig else (Fraction(min(b, cap)), Fraction(b >= cap))
            out["base_mean"] += pb * mean
            out["base_reach"] += pb * reach
        return out

    def uncapped(self, n: int) -> tuple[Fraction, Fraction]:
        """(base round, bought feature) mean wins without the cap, line bets."""
        buy = sum((p * Fraction(sum(y * c for y, c in self.free[s].items()), self.free_total)
                   for s, p in self.ses.items()), Fraction(0)) * n
        base = Fraction(sum(b * c for (b, _), c in self.base.items()), self.base_total)
        trig = Fraction(sum(c for (_, t), c in self.base.items() if t), self.base_total)
        return base + trig * buy, buy


@pytest.fixture(scope="module")
def brute() -> Brute:
    return Brute()


def computed(n: int, cap: int, step: int | None = None) -> Any:
    model = engine.load_model(tiny_data(1, n))
    spins = [(Fraction(w, 3), *free_spin_distribution(model, s)) for s, w in model.special_weights if w]
    return capped_figures(base_distribution(model), spins, n, cap, step)


def test_tiny_model_is_as_described(brute: Brute) -> None:
    assert MODEL.free_spins == 2
    assert set(brute.ses) == {"SANTA", "A"}
    assert 0 < sum(c for (_, t), c in brute.base.items() if t) < brute.base_total


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("max_win", [500, 2000, 5000])
def test_step_one_equals_the_enumeration(brute: Brute, n: int, max_win: int) -> None:
    # Expected: Brute.figures (every round enumerated). The bounds hold the exact chance and
    # loss (the uncapped mean minus the capped one) and are apart by the fixed point alone;
    # the chances are strictly between 0 and 1 here.
    cap = max_win * LINES
    want = brute.figures(n, cap)
    base_mean, buy_mean = brute.uncapped(n)
    got = computed(n, cap)
    assert got.step == 1
    pairs = ((got.base_reach, want["base_reach"]), (got.buy_reach, want["buy_reach"]),
             (got.base_loss, base_mean - want["base_mean"]), (got.buy_loss, buy_mean - want["buy_mean"]))
    for (lo, hi), value in pairs:
        assert 0 < value
        assert lo <= value <= hi
        assert hi - lo <= value * Fraction(1, 10 ** 12)
    assert want["buy_reach"] < 1


@pytest.mark.parametrize(("max_win", "step"), [(2000, 1250), (2000, 400), (5000, 3001), (5000, 7)])
def test_bounds_on_a_coarse_grid_bracket_the_enumeration(brute: Brute, max_win: int, step: int) -> None:
    # A coarse grid rounds the free spins' wins a lot (step > 1), so the bounds differ, but
    # they must still hold the exact value.
    cap = max_win * LINES
    want = brute.figures(2, cap)
    base_mean, buy_mean = brute.uncapped(2)
    got = computed(2, cap, step)
    assert got.step == step
    pairs = ((got.base_reach, want["base_reach"]), (got.buy_reach, want["buy_reach"]),
             (got.base_loss, base_mean - want["base_mean"]), (got.buy_loss, buy_mean - want["buy_mean"]))
    for (lo, hi), value in pairs:
        assert lo <= value <= hi
    assert got.buy_reach[0] < got.buy_reach[1]  # rounding really happened


def test_an_unreachable_cap_has_probability_zero(brute: Brute) -> None:
    # Expected: the best round (best triggering base spin + 2 x the best free spin) is below
    # the cap, so the enumeration gives 0 and so must both bounds, exactly.
    best = max(b for (b, t) in brute.base if t) + 2 * max(max(d) for d in brute.free.values())
    cap = best + 1
    want = brute.figures(2, cap)
    assert want["base_reach"] == want["buy_reach"] == 0
    got = computed(2, cap)
    assert got.base_reach == got.buy_reach == got.base_loss == got.buy_loss == (0, 0)
    sheet = par_sheet(engine.load_model(tiny_data(math.ceil(cap / LINES))))
    assert sheet.max_win_odds.base is None and sheet.cap.max_win_odds_base is None
    assert sheet.rtp_capped == sheet.rtp


def test_sheet_gives_the_enumerated_figures(brute: Brute) -> None:
    # par_sheet's one figure each: the RTPs after the cap (capped means over lines, the buy's
    # over the price too) and N of "1 in N" (1 / P), from the enumeration; its float bounds
    # hold the exact values.
    model = engine.load_model(tiny_data(2000))
    sheet = par_sheet(model)
    want = brute.figures(2, 2000 * LINES)
    rtp = want["base_mean"] / LINES
    buy = want["buy_mean"] / LINES / model.buy_price
    assert sheet.rtp_capped == pytest.approx(float(rtp), rel=1e-12)
    assert sheet.buy_rtp_capped == pytest.approx(float(buy), rel=1e-12)
    assert Fraction(sheet.cap.rtp_capped[0]) <= rtp <= Fraction(sheet.cap.rtp_capped[1])
    assert Fraction(sheet.cap.buy_rtp_capped[0]) <= buy <= Fraction(sheet.cap.buy_rtp_capped[1])
    for n, bounds, p in ((sheet.max_win_odds.base, sheet.cap.max_win_odds_base, want["base_reach"]),
                         (sheet.max_win_odds.buy, sheet.cap.max_win_odds_buy, want["buy_reach"])):
        assert n == pytest.approx(float(1 / p), rel=1e-12)
        assert bounds is not None and bounds[1] is not None
        assert Fraction(bounds[0]) <= 1 / p <= Fraction(bounds[1])
    assert sheet.rtp_capped < sheet.rtp and sheet.buy_rtp_capped < sheet.buy_rtp




def test_a_cap_too_large_to_resolve_is_bounded_on_a_grid(brute: Brute) -> None:
    # A cap of more than MAX_SLOTS line bets (265,000 > 262,144) puts the wins on a grid of step
    # ceil(265,000 / 262,144) = 2, rounded down and up: the bounds still hold the enumeration
    # (Brute.figures) and the sheet reports the step and the wider width: more than the fixed
    # point's, at most E[S_up - S_down] <= (2 spins + the base spin) x 2 line bets, over 10 lines.
    assert MAX_SLOTS == 262_144
    max_win = 26_500
    sheet = par_sheet(engine.load_model(tiny_data(max_win)))
    want = brute.figures(2, max_win * LINES)
    assert sheet.cap.step == 2
    rtp = want["base_mean"] / LINES
    assert Fraction(sheet.cap.rtp_capped[0]) <= rtp <= Fraction(sheet.cap.rtp_capped[1])
    bounds = sheet.cap.max_win_odds_buy
    assert bounds is not None and bounds[1] is not None
    assert Fraction(bounds[0]) <= 1 / want["buy_reach"] <= Fraction(bounds[1])
    assert 1e-12 < sheet.cap.width["rtp_capped"] <= (2 + 1) * 2 / LINES
