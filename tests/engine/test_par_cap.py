"""engine.par.cap_loss_bounds: bounds on E[(B + Y1 + ... + Yn - cap)+], the cap's cost."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from test_par_shared import shipped_sheet
from engine.par import CAP_BUCKETS, cap_loss_bounds

Dist = dict[int, int]


def exact_excess(start: dict[int, Fraction], spins: list[tuple[Fraction, Dist, int]], n: int,
                 cap: int) -> Fraction:
    """E[(B + Y1 + ... + Yn - cap)+] by enumerating every B, SES and (Y1..Yn)."""
    out = Fraction(0)
    for p_s, dist, total in spins:
        for b, pb in start.items():
            for ys in itertools.product(dist.items(), repeat=n):
                p = p_s * pb
                s = b
                for y, c in ys:
                    p *= Fraction(c, total)
                    s += y
                out += p * max(0, s - cap)
    return out


def bounds(start: dict[int, Fraction], spins: list[tuple[Fraction, Dist, int]], n: int,
           cap: int) -> tuple[float, float]:
    (lo, hi), = cap_loss_bounds([{b: float(p) for b, p in start.items()}],
                                [(float(p), d, t) for p, d, t in spins], n, cap)
    return lo, hi


# Two spins; two SES (probabilities 1/3, 2/3) each with a 3-point spin distribution; B on 3 points.
START = {0: Fraction(1, 2), 3: Fraction(1, 4), 11: Fraction(1, 4)}
SPINS = [(Fraction(1, 3), {0: 5, 4: 3, 9: 2}, 10), (Fraction(2, 3), {0: 1, 2: 1, 7: 2}, 4)]


@pytest.mark.parametrize("cap", [1, 5, 10, 14, 20, 28])
def test_bounds_hold_small_cap(cap: int) -> None:
    # cap < CAP_BUCKETS, so the bucket width h is 1: integer wins are not rounded, and the lower
    # bound is the exact value (up to float rounding); the upper one uses cap - (n+1)h.
    # Expected: exact_excess enumerates all 3 x 2 x 3^2 outcomes.
    exact = exact_excess(START, SPINS, 2, cap)
    lo, hi = bounds(START, SPINS, 2, cap)
    assert lo <= float(exact) * (1 + 1e-12) + 1e-12
    assert float(exact) <= hi * (1 + 1e-12) + 1e-12
    assert lo == pytest.approx(float(exact), rel=1e-9, abs=1e-12)
    # Upper bound: at most (n + 1) h more than the lower one (E[(S-c+3)+] <= E[(S-c)+] + 3).
    assert hi - lo <= 3 + 1e-9


@pytest.mark.parametrize("cap", [2000, 2400, 3300, 3800])
def test_bounds_hold_coarse_buckets(cap: int) -> None:
    # cap >= 2 CAP_BUCKETS so wins are rounded down to multiples of h = cap // CAP_BUCKETS > 1.
    # Expected: exact_excess by enumeration (3 x 2 x 3^2 outcomes; the largest S is
    # 1501 + 2 x 1203 = 3907, so every cap here is reachable); lower <= exact <= upper.
    start = {0: Fraction(1, 2), 13: Fraction(1, 4), 1501: Fraction(1, 4)}
    spins = [(Fraction(1, 3), {0: 5, 17: 3, 1203: 2}, 10), (Fraction(2, 3), {0: 1, 6: 1, 999: 2}, 4)]
    h = cap // CAP_BUCKETS
    assert h > 1
    exact = float(exact_excess(start, spins, 2, cap))
    lo, hi = bounds(start, spins, 2, cap)
    assert exact > 0
    assert lo <= exact * (1 + 1e-12)
    assert exact <= hi * (1 + 1e-12)
    # The gap is at most (n + 1) h + h (rounding of B and each Y), times P(S reaches near cap) <= 1.
    assert hi - lo <= 4 * h


def test_bounds_are_zero_when_cap_is_unreachable() -> None:
    # Largest S = 11 + 2 x 9 = 29; with cap 40 (h = 1) even cap - (n+1)h = 37 exceeds it,
    # so E[(S - c)+] = 0 for both bounds' thresholds. Expected: 0 (float rounding allowed).
    assert exact_excess(START, SPINS, 2, 40) == 0
    lo, hi = bounds(START, SPINS, 2, 40)
    assert lo == pytest.approx(0, abs=1e-12)
    assert hi == pytest.approx(0, abs=1e-12)


def test_shipped_cap_bounds_pin_the_capped_rtp() -> None:
    # Expected: 0 <= min <= max (a loss), and the bucketing (CAP_BUCKETS) is fine enough
    # that the capped RTP is known to 0.0002 (0.02 points), well inside the 0.05-point target.
    cap = shipped_sheet()["cap"]
    assert 0 <= cap["rtp_loss_min"] <= cap["rtp_loss_max"]
    assert cap["rtp_loss_max"] - cap["rtp_loss_min"] < 0.0002
    assert 0 <= cap["buy_rtp_loss_min"] <= cap["buy_rtp_loss_max"]
    assert cap["buy_rtp_loss_max"] - cap["buy_rtp_loss_min"] < 0.0005
