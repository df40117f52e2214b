"""engine.par.capped_figures: the cap's loss and the chance of reaching it, against plain
enumeration of every round on hand-made distributions (exact Fractions, no engine code).

A round is ``B + T*(Y1 + ... + Yn)``: B and T from a base distribution, the Yi drawn from one
SES's free-spin distribution (the SES first); a bought feature is ``Y1 + ... + Yn``. The
enumeration lists every (B, SES, Y1..Yn) with its probability and sums ``(S - cap)+`` and
``[S >= cap]``. At step 1 the bounds differ only by the fixed point (a few 10^-18 here); on a
coarser grid they differ more but must still hold the enumeration.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from engine.errors import EngineError
from engine.par import capped_figures
from engine.par.distributions import BaseDistribution
from test_par_shared import shipped_sheet

Spins = list[tuple[Fraction, dict[int, int], int]]

# Base spins (win, trigger) -> count: a trigger on 0, 3 and 11 line bets, no trigger on 0 and on
# 40 (over most caps below: the base spin alone reaches them) and a triggering 30.
BASE = BaseDistribution({(0, False): 5, (3, True): 2, (11, True): 1, (40, False): 1, (30, True): 1,
                         (0, True): 2}, 12)
# Three SES: probabilities 1/4, 1/2, 1/4 (the last never drawn: weight 0 of the free spins'
# mix is tested by a zero probability); 3-point spin distributions over totals 10, 4 and 3.
SPINS: Spins = [(Fraction(1, 4), {0: 5, 4: 3, 9: 2}, 10), (Fraction(1, 2), {0: 1, 2: 1, 7: 2}, 4),
                (Fraction(1, 4), {0: 2, 1: 1}, 3), (Fraction(0), {50: 1}, 1)]


def enumerate_rounds(base: BaseDistribution, spins: Spins, n: int, cap: int) -> dict[str, Fraction]:
    """Every round's probability and total, summed: loss E[(S - cap)+] and reach P(S >= cap)."""
    out = {k: Fraction(0) for k in ("base_loss", "buy_loss", "base_reach", "buy_reach")}
    features: list[tuple[Fraction, int]] = []  # every (SES, Y1..Yn): probability, sum
    for p, dist, total in spins:
        for ys in itertools.product(dist.items(), repeat=n):
            q = p
            for _, c in ys:
                q *= Fraction(c, total)
            features.append((q, sum(y for y, _ in ys)))
    for q, f in features:
        out["buy_loss"] += q * max(0, f - cap)
        out["buy_reach"] += q * (f >= cap)
    for (b, trig), c in base.weights.items():
        pb = Fraction(c, base.total)
        for q, f in features if trig else [(Fraction(1), 0)]:
            out["base_loss"] += pb * q * max(0, b + f - cap)
            out["base_reach"] += pb * q * (b + f >= cap)
    return out


def check(base: BaseDistribution, spins: Spins, n: int, cap: int, step: int | None) -> Fraction:
    """Assert that every bound holds the enumeration; return the widest bound's width."""
    want = enumerate_rounds(base, spins, n, cap)
    got = capped_figures(base, spins, n, cap, step)
    widest = Fraction(0)
    for name, value in want.items():
        lo, hi = getattr(got, name)
        assert lo <= value <= hi, (name, cap, step, float(lo), float(value), float(hi))
        widest = max(widest, hi - lo)
    return widest


@pytest.mark.parametrize("n", [1, 2, 3, 5])
@pytest.mark.parametrize("cap", [1, 4, 9, 14, 20, 33, 41, 47])
def test_step_one_equals_the_enumeration(n: int, cap: int) -> None:
    # Expected: enumerate_rounds (every round listed). At step 1 no win is rounded: the bounds
    # hold the exact value and are apart by the 20-digit fixed point alone (n = 5: four
    # products of at most 47 slots, so the missing mass is below 10^-17 and the loss's bound
    # below 47 x that).
    assert check(BASE, SPINS, n, cap, None) < Fraction(1, 10 ** 15)


@pytest.mark.parametrize(("cap", "step"), [(20, 2), (33, 3), (41, 7), (47, 50), (9, 4)])
def test_a_coarse_grid_still_brackets_the_enumeration(cap: int, step: int) -> None:
    # Wins rounded down and up to multiples of step: S_down <= S <= S_up, so the loss and the
    # chance lie between the two passes'. Expected: enumerate_rounds; the bounds really differ,
    # and the loss's by at most S_up - S_down <= (3 + 1) x step (the base spin and three spins).
    assert check(BASE, SPINS, 3, cap, step) > Fraction(1, 10 ** 6)
    got = capped_figures(BASE, SPINS, 3, cap, step)
    assert got.step == step
    for lo, hi in (got.base_loss, got.buy_loss):
        assert hi - lo <= 4 * step


def test_an_unreachable_cap_is_exactly_zero() -> None:
    # Expected: the best round is the triggering 30 + 3 x 9 = 57 (no untriggered spin reaches
    # 58), so the enumeration gives 0 and the bounds are exactly 0: no arithmetic is run.
    cap = 58
    assert set(enumerate_rounds(BASE, SPINS, 3, cap).values()) == {0}
    got = capped_figures(BASE, SPINS, 3, cap)
    assert got.base_loss == got.buy_loss == got.base_reach == got.buy_reach == (0, 0)


def test_a_base_game_that_never_triggers() -> None:
    # No base spin triggers: the base round is its base spin alone; the bought feature still has
    # its figures. Expected: enumerate_rounds.
    base = BaseDistribution({(0, False): 3, (25, False): 1}, 4)
    for cap in (10, 25, 26):
        assert check(base, SPINS, 3, cap, None) < Fraction(1, 10 ** 15)


def test_a_feature_that_cannot_reach_but_a_base_round_can() -> None:
    # The SES of probability 1/4 pays at most 3 x 1 = 3 < cap, but a base spin of 30 with it
    # reaches 31: that SES's bought features are exactly 0 while base rounds are not.
    spins: Spins = [(Fraction(1), {0: 2, 1: 1}, 3)]
    base = BaseDistribution({(0, False): 1, (30, True): 1}, 2)
    got = capped_figures(base, spins, 3, 31)
    assert got.buy_loss == got.buy_reach == (0, 0)
    assert check(base, spins, 3, 31, None) < Fraction(1, 10 ** 15)
    assert got.base_reach[0] > 0


def test_a_step_below_one_is_refused() -> None:
    with pytest.raises(EngineError, match="grid step 0"):
        capped_figures(BASE, SPINS, 2, 10, 0)


# The shipped model (engine/data/model.json), through par_sheet in its JSON form.

def test_shipped_bounds_are_within_the_tolerance() -> None:
    # Issue 36: RTP bounds at most 0.0001 percentage points apart (10^-6 as a fraction), the
    # odds' N within 0.01% (10^-4 relative); the cap is resolved line bet by line bet (step 1).
    cap = shipped_sheet()["cap"]
    assert cap["step"] == 1
    width = cap["width"]
    for key in ("rtp_capped", "buy_rtp_capped"):
        lo, hi = cap[key]
        # (the floats are the exact bounds rounded outwards: a few units of 10^-16 wider)
        assert 0 <= hi - lo <= width[key] + 1e-15 and width[key] < 1e-6, key
    for key in ("max_win_odds_base", "max_win_odds_buy"):
        lo, hi = cap[key]
        assert lo <= hi and width[key] < 1e-4, key


def test_shipped_figures_round_the_same_at_both_ends() -> None:
    # What a PAR sheet shows, the RTPs to 4 decimals (in %) and N of "1 in N" to the whole round,
    # is the same at both ends of the proven bounds and for the midpoint the sheet gives: so the
    # shown figure is exact.
    sheet = shipped_sheet()
    cap = sheet["cap"]
    for key in ("rtp_capped", "buy_rtp_capped"):
        lo, hi = cap[key]
        assert f"{100 * lo:.4f}" == f"{100 * hi:.4f}" == f"{100 * sheet[key]:.4f}", key
    for kind in ("base", "buy"):
        lo, hi = cap[f"max_win_odds_{kind}"]
        assert round(lo) == round(hi) == round(sheet["max_win_odds"][kind]), kind


def test_shipped_figures_lie_inside_the_old_bounds() -> None:
    # The figures lie inside the bounds the previous method published (static/par.json at
    # commit 800db97: wins rounded to 200 steps of the cap, and a grid refined to 2%).
    sheet = shipped_sheet()
    old_rtp, old_buy = 0.9615097069139753, 0.9678841870934279  # uncapped, exact: unchanged
    assert sheet["rtp"] == old_rtp and sheet["buy_rtp"] == old_buy
    assert old_rtp - 0.001799579423028317 <= sheet["rtp_capped"] <= old_rtp - 0.0016567238255414643
    assert old_buy - 0.005099542738372457 <= sheet["buy_rtp_capped"] <= old_buy - 0.004694769454750378
    assert 9063568.246973159 <= sheet["max_win_odds"]["base"] <= 9201281.533291139
    assert 37698.41517464151 <= sheet["max_win_odds"]["buy"] <= 38236.95227325107
