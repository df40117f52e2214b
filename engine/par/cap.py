"""Bounds on what the max-win cap takes off the RTP (see :mod:`engine.par`)."""

from __future__ import annotations

from .distributions import Dist

CAP_BUCKETS = 200
"""How finely :func:`cap_loss_bounds` rounds wins: the cap is split into this many steps."""


def _convolve(a: list[float], b: list[float], k: int) -> list[float]:
    """The distribution of min(X + Y, k) for independent X ~ a, Y ~ b (lists over 0..k,
    index k holding everything at or past it)."""
    out = [0.0] * (k + 1)
    nonzero = [(j, q) for j, q in enumerate(b) if q]
    for i, p in enumerate(a):
        if not p:
            continue
        if i >= k:
            out[k] += p
            continue
        for j, q in nonzero:
            out[i + j if i + j < k else k] += p * q
    return out


def _power(y: list[float], n: int, k: int) -> list[float]:
    """The distribution of min(Y1 + ... + Yn, k) by repeated squaring."""
    result = [1.0] + [0.0] * k
    base = y
    while n:
        if n & 1:
            result = _convolve(result, base, k)
        n >>= 1
        if n:
            base = _convolve(base, base, k)
    return result


def cap_loss_bounds(starts: list[dict[int, float]], spins: list[tuple[float, Dist, int]], n: int,
                    cap: int) -> list[tuple[float, float]]:
    """Bounds on ``E[(S - cap)+]`` where ``S = B + Y1 + ... + Yn``, for each distribution of B
    in ``starts`` (win -> probability); the Yi are independent given the SES, drawn from one of
    ``spins`` (SES probability, distribution, total weight). See the module docstring."""
    h = max(1, cap // CAP_BUCKETS)
    k_lo, k_hi = -(-cap // h), (cap - (n + 1) * h) // h
    bounds = [[0.0, 0.0] for _ in starts]
    for p_s, dist, total in spins:
        y = [0.0] * (k_lo + 1)
        mean_y = 0.0
        for w, c in dist.items():
            y[min(w // h, k_lo)] += c / total
            mean_y += (w // h) * c / total
        sum_y = _power(y, n, k_lo)
        for bound, start in zip(bounds, starts):
            b0 = [0.0] * (k_lo + 1)
            mean_b = 0.0
            for b, p in start.items():
                b0[min(b // h, k_lo)] += p
                mean_b += p * (b // h)
            cur = _convolve(b0, sum_y, k_lo)
            mean_sd = mean_b + n * mean_y  # E[Sd]/h, exact
            # E[(Sd - c)+] = E[Sd] - E[min(Sd, c)], and min(Sd, c) is known from cur for c <= k_lo.
            bound[0] += p_s * max(0.0, mean_sd - sum(min(i, k_lo) * p for i, p in enumerate(cur))) * h
            bound[1] += p_s * max(0.0, mean_sd - sum(min(i, k_hi) * p for i, p in enumerate(cur))) * h
    return [(lo, hi) for lo, hi in bounds]
