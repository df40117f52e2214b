"""The odds of the max win: bounds on the chance that a round reaches the cap.

A round reaches the cap when ``S >= cap`` (line bets), where ``S = B + T*(Y1 + ... + Yn)`` for a
base-game round (B the base spin's win, T its trigger) and ``S = Y1 + ... + Yn`` for a bought
feature; the free spins Yi are independent given the SES, each with an exact finite distribution.

Each Yi is put on a grid of step ``h``: ``floor(Yi / h)`` for the lower bound and
``ceil(Yi / h)`` for the upper one, so ``h * sum(floor) <= Y1 + ... + Yn <= h * sum(ceil)`` and

    P(B + h*sum(floor) >= cap)  <=  P(S >= cap)  <=  P(B + h*sum(ceil) >= cap).

B is not rounded: the feature must reach ``j = ceil((cap - B) / h)`` steps. The distribution of
``min(sum, K)`` (``K = ceil(cap / h)``) is built by convolving the n spins (repeated squaring).
The convolutions are exact integer polynomial products (Kronecker substitution: a distribution
is packed into one integer, a slot per step, so Python's integer multiplication convolves) in
fixed point with ``PRECISION`` bits, every weight rounded down for the lower bound and up for
the upper one. Every step is monotone in the weights, so both bounds stay rigorous: no float is
involved and each bound is an exact fraction.

:func:`cap_odds` halves ``h`` from ``cap / START_BUCKETS`` until the upper bound is within
``TARGET_RATIO`` of the lower one for both kinds of round (at ``h = 1`` no win is rounded and
only the fixed point separates them), giving up refining past ``MAX_BUCKETS`` steps (the bounds
then still hold, only wider).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import EngineError
from .distributions import BaseDistribution, Dist

PRECISION = 64
"""Fixed-point bits of a probability in the convolutions."""
START_BUCKETS = 256
"""The first grid: the cap split into this many steps."""
MAX_BUCKETS = 1 << 14
"""The finest grid :func:`cap_odds` tries."""
TARGET_RATIO = Fraction(102, 100)
"""Refine until upper / lower <= this."""

Spins = Sequence[tuple[Fraction, Dist, int]]
"""Per SES: (its probability, one free spin's distribution, that distribution's total weight)."""


@dataclass(frozen=True)
class CapOdds:
    """Bounds on the chance of reaching the cap, as exact fractions: low <= P <= high."""

    base: tuple[Fraction, Fraction]
    """Per base-game round (the base spin and any feature it triggers)."""
    buy: tuple[Fraction, Fraction]
    """Per bought feature."""
    step: int
    """The grid step ``h`` (line bets) the bounds were computed on; at 1 no win is rounded."""


def _pack(weights: list[int], width: int) -> int:
    return int.from_bytes(b"".join(w.to_bytes(width, "little") for w in weights), "little")


def _times(a: list[int], b: list[int], k: int, width: int, up: bool) -> list[int]:
    """The fixed-point distribution of min(X + Y, k) for X ~ a, Y ~ b (index k: all at or past
    k), each weight rounded down (or up, with ``up``) back to ``PRECISION`` bits."""
    pa = _pack(a, width)
    product = pa * pa if a is b else pa * _pack(b, width)
    count = len(a) + len(b) - 1
    raw = product.to_bytes(width * count, "little")
    slots = [int.from_bytes(raw[i:i + width], "little") for i in range(0, width * count, width)]
    if count > k + 1:
        slots[k:] = [sum(slots[k:])]
    if up:
        return [-(-s >> PRECISION) for s in slots]
    return [s >> PRECISION for s in slots]


def _sum_tail(y: list[int], n: int, k: int, up: bool) -> list[int]:
    """tail[j] = P(min(Y1 + ... + Yn, k) >= j) for j in 0..k, in fixed point, by squaring."""
    # A product's slot is at most (mass of a) x (mass of b), each mass 1 (2^PRECISION) plus at
    # most one unit per slot and product from rounding up: below 2^(2 PRECISION + 2).
    width = (2 * PRECISION + 2) // 8 + 1
    result = [1 << PRECISION]
    base = y
    while n:
        if n & 1:
            result = _times(result, base, k, width, up)
        n >>= 1
        if n:
            base = _times(base, base, k, width, up)
    result += [0] * (k + 1 - len(result))
    tail = [0] * (k + 2)
    for j in range(k, -1, -1):
        tail[j] = tail[j + 1] + result[j]
    return tail[:k + 1]


def _bounds_at(base: BaseDistribution, spins: Spins, n: int, cap: int,
               h: int) -> tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]:
    """(base round, bought feature) bounds on a grid of step h (see the module docstring)."""
    k = -(-cap // h)
    one = 1 << PRECISION
    # The base spins that trigger, by how many steps the feature still needs (0: already there).
    needs: dict[int, int] = {}
    reached = 0  # base spins that reach the cap with no feature
    for (b, trig), c in base.weights.items():
        if b >= cap:
            reached += c  # the round ends on its base spin, feature or not
        elif trig:
            j = -(-(cap - b) // h)
            needs[j] = needs.get(j, 0) + c
    base_lo = base_hi = buy_lo = buy_hi = Fraction(0)
    for p, dist, total in spins:
        if not p:
            continue
        lo = [0] * (k + 1)
        hi = [0] * (k + 1)
        for w, c in dist.items():
            q, r = divmod(c * one, total)
            lo[min(w // h, k)] += q
            hi[min(-(-w // h), k)] += q + (1 if r else 0)
        t_lo, t_hi = _sum_tail(lo, n, k, False), _sum_tail(hi, n, k, True)
        f_lo = sum(c * min(t_lo[j], one) for j, c in needs.items())
        f_hi = sum(c * min(t_hi[j], one) for j, c in needs.items())
        base_lo += p * Fraction(f_lo, one * base.total)
        base_hi += p * Fraction(f_hi, one * base.total)
        buy_lo += p * Fraction(min(t_lo[k], one), one)
        buy_hi += p * Fraction(min(t_hi[k], one), one)
    plain = Fraction(reached, base.total)
    return (plain + base_lo, min(Fraction(1), plain + base_hi)), (buy_lo, min(Fraction(1), buy_hi))


def cap_odds(base: BaseDistribution, spins: Spins, n: int, cap: int,
             step: int | None = None) -> CapOdds:
    """Bounds on P(a round reaches ``cap`` line bets), refined until within ``TARGET_RATIO``
    (see the module docstring), or on the grid of ``step`` line bets alone when it is given.
    Exactly 0 when no round can reach the cap."""
    if step is not None and step < 1:
        raise EngineError(f"grid step {step} is not a positive number of line bets")
    best_spin = max((max(d) for p, d, _ in spins if p), default=0)
    best_base = max((b + n * best_spin if trig else b for (b, trig), c in base.weights.items() if c),
                    default=0)
    zero = (Fraction(0), Fraction(0))
    if best_base < cap and n * best_spin < cap:
        return CapOdds(zero, zero, 1)
    h = step if step is not None else max(1, -(-cap // START_BUCKETS))
    while True:
        b_odds, f_odds = _bounds_at(base, spins, n, cap, h)
        if best_base < cap:
            b_odds = zero
        if n * best_spin < cap:
            f_odds = zero
        close = all(hi <= TARGET_RATIO * lo for lo, hi in (b_odds, f_odds))
        if step is not None or close or h == 1 or -(-cap // h) >= MAX_BUCKETS:
            return CapOdds(b_odds, f_odds, h)
        h = -(-h // 2)


def one_in(low: Fraction, high: Fraction) -> tuple[float, float | None] | None:
    """Probability bounds as "1 in N" bounds ``(N_low, N_high)`` = ``(1/high, 1/low)``, rounded
    outwards to floats so they still bracket the true N; ``N_high`` is None when ``low`` is 0
    (no finite upper end), and the pair is None when ``high`` is 0 (the cap is never reached)."""
    if not high:
        return None
    n_low = _outward(1 / high, up=False)
    return n_low, (_outward(1 / low, up=True) if low else None)


def _outward(x: Fraction, up: bool) -> float:
    f = float(x)
    if up and Fraction(f) < x:
        return math.nextafter(f, math.inf)
    if not up and Fraction(f) > x:
        return math.nextafter(f, 0.0)
    return f
