"""The max-win cap, computed: what it takes off the RTPs and how often a round reaches it.

A round reaches the cap when ``S >= cap`` (line bets), where ``S = B + T*(Y1 + ... + Yn)`` for a
base-game round (B the base spin's win, T its trigger) and ``S = Y1 + ... + Yn`` for a bought
feature; the free spins Yi are independent given the SES, each with an exact finite
distribution (:func:`~engine.par.distributions.free_spin_distribution`). The round pays
``min(S, cap)``. Wanted, per SES and then mixed over the SES draw: ``P(S >= cap)`` and the
capped mean ``E[min(S, cap)] = cap - E[(cap - S)+]``.

**The method.** Both depend on S only below the cap, so only the sub-distribution of each
partial sum on ``0 .. cap-1`` is built (a partial sum at or past the cap stays there, since wins
are never negative), at full resolution: one slot per line bet. The n spins' sum comes from
repeated squaring (for n = 10: Y^2, Y^4, Y^8, each truncated below the cap), the base spin's
win is folded into the other factor (``B * Y^2``), and the last addition is not built at all:

    P(S < cap)        = sum_i  X[i] * C[cap-1-i]                      (C: cumulative sums of Z)
    E[(cap - S)+]     = sum_i  X[i] * ((cap - i) * C[cap-1-i] - M[cap-1-i])   (M: of j * Z[j])

for ``S = X + Z`` (X = Y^8, Z = Y^2 or B * Y^2). Each product is an exact integer polynomial
product (Kronecker substitution: a distribution is packed into one integer, a slot of
``SLOT_DIGITS`` decimal digits per line bet, and multiplied by the C library behind
:mod:`decimal`, whose number-theoretic transform makes a 200,000-slot product take about half a
second; the context traps any rounding, so the product is exact).

**The error bound.** Probabilities are fixed point: ``floor(p * 10^PRECISION)``, and every
product slot is rounded down back to ``PRECISION`` digits. So every array is a sub-measure of
the true (truncated) distribution, slot by slot, and the mass it is missing is bounded by
``eps``: ``eps(atoms) = (slots rounded) / 10^PRECISION`` at the start and
``eps(X * Z) <= eps(X) + eps(Z) + eps(X) eps(Z) + (slots) / 10^PRECISION`` for a product (the
true arrays are ``X + e_X`` and ``Z + e_Z`` with masses at most 1). The sums above, taken over
the sub-measures in exact integers, are therefore lower bounds, each short of the truth by at
most ``eps`` (for P) or ``cap * eps`` (for ``E[(cap - S)+]``, each pair weighing at most cap):

    P(S >= cap)     in [1 - P_sum - eps, 1 - P_sum]
    E[min(S, cap)]  in [cap - Short_sum - cap * eps, cap - Short_sum]

With ``PRECISION`` 20 and the shipped cap (201,680 line bets: four products of 201,680 slots
per SES) ``eps`` is about 2 x 10^-14, so the RTP bounds are about 10^-12 apart and the max
win's odds 7 x 10^-10 apart relative (N of "1 in 9,166,956" known to +-0.004): every digit a
sheet shows is exact, and both ends round the same. (At 18 digits N's bounds straddled a
half and rounded to two whole numbers.) No float is involved; each bound is a Fraction.

**Cost.** A product is about 8 million digits; the whole sheet's cap takes about 22 s of CPU
for the shipped model (9 SES x 4 products), which ``workers`` spreads over processes.

**A cap too large to resolve.** When ``cap`` exceeds ``MAX_SLOTS`` line bets, wins are put on a
grid of step ``h = ceil(cap / MAX_SLOTS)``: rounded down in one pass and up in another, so
``S_down <= S <= S_up``. The loss ``(S - cap)+`` is monotone in S, so
``E[(S_down - cap)+] <= E[(S - cap)+] <= E[(S_up - cap)+]``, each computed as above from
``E[(S' - cap)+] = E[S'] - cap + E[(cap - S')+]`` (``E[S']`` exact); the capped mean is
``E[S]`` minus the loss and the chance lies between the two passes' chances. Those bounds are
wider (the rounding, not the arithmetic, separates them) and still proven; the sheet reports
their width. At step 1 both passes are the same and only one is run.
"""

from __future__ import annotations

import decimal
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import EngineError
from .distributions import BaseDistribution, Dist

PRECISION = 20
"""Decimal digits of the fixed point: a probability p is held as floor(p * 10^PRECISION)."""
SLOT_DIGITS = 2 * PRECISION + 1
"""Digits of a slot in a packed product: a product's slot is at most 10^(2 PRECISION)."""
MAX_SLOTS = 1 << 18
"""The most slots (line bets below the cap) resolved one by one; a larger cap uses a grid."""

_SCALE = 10 ** PRECISION
_CONTEXT = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN,
                           traps=[decimal.Inexact, decimal.Rounded, decimal.InvalidOperation,
                                  decimal.Overflow])

Spins = Sequence[tuple[Fraction, Dist, int]]
"""Per SES: (its probability, one free spin's distribution, that distribution's total weight)."""
Pair = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class CapFigures:
    """Proven bounds ``(low, high)`` on what the cap does, as exact fractions."""

    base_loss: Pair
    """``E[(round - cap)+]`` per base-game round, line bets: what the cap takes off."""
    buy_loss: Pair
    """``E[(feature - cap)+]`` per bought feature, line bets."""
    base_reach: Pair
    """``P(round >= cap)`` per base-game round (its base spin and any feature it triggers)."""
    buy_reach: Pair
    """``P(feature >= cap)`` per bought feature."""
    step: int
    """The grid step ``h`` in line bets: 1 when no win is rounded (only the fixed point
    separates the bounds)."""


@dataclass(frozen=True)
class _Sub:
    """A fixed-point sub-measure on slots 0..k-1 and a bound on the mass it is missing."""

    weights: list[int]
    eps: Fraction


def _pack(weights: list[int]) -> decimal.Decimal:
    return _CONTEXT.create_decimal("".join(map(f"{{:0{SLOT_DIGITS}d}}".format, reversed(weights))) or "0")


def _times(a: _Sub, b: _Sub, k: int) -> _Sub:
    """``(a * b)`` on slots 0..k-1, each slot rounded down to the fixed point."""
    pa = _pack(a.weights)
    product = _CONTEXT.multiply(pa, pa if a is b else _pack(b.weights))
    width = SLOT_DIGITS * k
    digits = str(product).rjust(width, "0")[-width:]
    keep = SLOT_DIGITS - PRECISION  # dropping a slot's last PRECISION digits divides it by 10^P
    weights = [int(digits[j:j + keep]) for j in range(0, width, SLOT_DIGITS)]
    weights.reverse()
    return _Sub(weights, a.eps + b.eps + a.eps * b.eps + Fraction(k, _SCALE))


def _slots(counts: dict[int, int], total: int, h: int, up: bool, k: int) -> tuple[_Sub, Fraction]:
    """A distribution (win -> count over ``total``) on the grid of step h (rounded down, or up),
    slots 0..k-1 kept; and the exact mean of the rounded win, in line bets."""
    merged: dict[int, int] = {}
    mean = 0
    for w, c in counts.items():
        i = -(-w // h) if up else w // h
        mean += i * c
        if i < k:
            merged[i] = merged.get(i, 0) + c
    weights = [0] * k
    for i, c in merged.items():
        weights[i] = c * _SCALE // total
    return _Sub(weights, Fraction(len(merged), _SCALE)), Fraction(mean * h, total)


def _below(x: _Sub, z: _Sub, cap: int, h: int, k: int) -> tuple[Pair, Pair]:
    """For S = X + Z (slots times h): bounds on P(S < cap) and on E[(cap - S)+] (see the module
    docstring), by one pass over X against the cumulative sums of Z."""
    cum, mom = [0] * k, [0] * k
    c = m = 0
    for j, q in enumerate(z.weights):
        c += q
        m += j * q
        cum[j], mom[j] = c, m
    mass = short = 0
    for i, p in enumerate(x.weights):
        if p:
            t = k - 1 - i
            mass += p * cum[t]
            short += p * ((cap - h * i) * cum[t] - h * mom[t])
    eps = x.eps + z.eps + x.eps * z.eps
    scale = _SCALE * _SCALE
    p_lo, s_lo = Fraction(mass, scale), Fraction(short, scale)
    return (p_lo, min(Fraction(1), p_lo + eps)), (s_lo, s_lo + cap * eps)


def _feature(dist: Dist, total: int, start: dict[int, int], start_total: int, n: int, cap: int,
             h: int, up: bool) -> tuple[tuple[Pair, Pair, Fraction], tuple[Pair, Pair, Fraction]]:
    """(buy, base) for one SES and one rounding: bounds on P(S' < cap) and E[(cap - S')+] and the
    exact E[S'], for S' the sum with every win rounded (nothing is rounded at h = 1)."""
    k = -(-cap // h)
    y, mean_y = _slots(dist, total, h, up, k)
    bits = [i for i in range(n.bit_length()) if n >> i & 1]
    power, other = y, None  # power: Y^(2^i); other: the product of the lower bits' powers
    for i in range(bits[-1] + 1):
        if i:
            power = _times(power, power, k)
        if i in bits[:-1]:
            other = power if other is None else _times(other, power, k)
    beta, mean_b = _slots(start, start_total, h, up, k)
    unit = _Sub([_SCALE] + [0] * (k - 1), Fraction(0))
    buy = _below(power, other or unit, cap, h, k)
    base = _below(power, beta if other is None else _times(beta, other, k), cap, h, k)
    return (*buy, n * mean_y), (*base, mean_b + n * mean_y)


def _bounds(runs: list[tuple[Pair, Pair, Fraction]], cap: int) -> tuple[Pair, Pair]:
    """(loss, reach) bounds from the rounded-down and rounded-up passes (one pass at step 1)."""
    (below_lo, short_lo, mean_lo), (below_hi, short_hi, mean_hi) = runs[0], runs[-1]
    # E[(S' - cap)+] = E[S'] - cap + E[(cap - S')+]; S_down <= S <= S_up
    loss = (max(Fraction(0), mean_lo - cap + short_lo[0]), max(Fraction(0), mean_hi - cap + short_hi[1]))
    reach = (max(Fraction(0), 1 - below_lo[1]), max(Fraction(0), 1 - below_hi[0]))
    return loss, reach


def capped_figures(base: BaseDistribution, spins: Spins, n: int, cap: int,
                   step: int | None = None, workers: int = 1) -> CapFigures:
    """Proven bounds on the cap's loss and the chance of reaching it (see the module
    docstring), on the grid of ``step`` line bets when it is given (tests), else at step 1 when
    the cap has at most ``MAX_SLOTS`` line bets. Exactly 0 for an SES that cannot reach it.
    ``workers`` > 1 computes the SES in that many forked processes (the same result)."""
    h = step if step is not None else max(1, -(-cap // MAX_SLOTS))
    if h < 1:
        raise EngineError(f"grid step {h} is not a positive number of line bets")
    zero = (Fraction(0), Fraction(0))
    start = {b: c for (b, trig), c in base.weights.items() if trig and c}
    start_total = sum(start.values())
    best_start = max(start, default=0)
    # Base spins with no feature: their win alone, exactly.
    plain_loss = sum((Fraction(c * (b - cap), base.total) for (b, trig), c in base.weights.items()
                      if not trig and b > cap), Fraction(0))
    plain_reach = Fraction(sum(c for (b, trig), c in base.weights.items() if not trig and b >= cap),
                           base.total)
    p_trig = Fraction(start_total, base.total)
    # Per SES that can reach the cap: its rounding passes (one at step 1), run in parallel.
    passes = (False, True) if h > 1 else (False,)
    reaching = [(p, dist, total) for p, dist, total in spins
                if p and best_start + n * max(dist) >= cap]
    jobs = [(dist, total, start or {0: 1}, start_total or 1, n, cap, h, up)
            for _, dist, total in reaching for up in passes]
    if workers > 1 and len(jobs) > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(min(workers, len(jobs))) as pool:
            done = pool.starmap(_feature, jobs)
    else:
        done = [_feature(*job) for job in jobs]
    base_loss, base_reach, buy_loss, buy_reach = [zero], [zero], [zero], [zero]
    for i, (p, dist, _) in enumerate(reaching):
        runs = done[i * len(passes):(i + 1) * len(passes)]
        (b_loss, b_reach), (f_loss, f_reach) = (_bounds([r[1] for r in runs], cap),
                                                _bounds([r[0] for r in runs], cap))
        if start_total:
            base_loss.append((p * p_trig * b_loss[0], p * p_trig * b_loss[1]))
            base_reach.append((p * p_trig * b_reach[0], p * p_trig * b_reach[1]))
        if n * max(dist) >= cap:  # else no bought feature reaches it with this SES: exactly 0
            buy_loss.append((p * f_loss[0], p * f_loss[1]))
            buy_reach.append((p * f_reach[0], p * f_reach[1]))

    def total_of(parts: list[Pair], plus: Fraction = Fraction(0)) -> Pair:
        return plus + sum(lo for lo, _ in parts), plus + sum(hi for _, hi in parts)

    return CapFigures(base_loss=total_of(base_loss, plain_loss), buy_loss=total_of(buy_loss),
                      base_reach=total_of(base_reach, plain_reach), buy_reach=total_of(buy_reach),
                      step=h)
