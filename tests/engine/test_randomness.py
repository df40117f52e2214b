"""Play randomness: reel stops drawn by the engine from `secure_rng()` are uniform and
consecutive stops are independent (chi-square tests), and the same tests, at the same sample
size, reject generators biased by 1% (so the sample is large enough to catch such a bias).

The p-value of a chi-square statistic uses the Wilson-Hilferty normal approximation
(accurate to a few per cent of the p-value for the hundreds of degrees of freedom here).
A test on the real generator fails by chance with probability ALPHA = 1e-6 per check.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from engine import load_model, secure_rng
from engine.spin import base_spin

MODEL = load_model()
ALPHA = 1e-6
DRAWS = 200_000
BIAS = 0.01


def chi2_sf(x: float, k: int) -> float:
    """P(X >= x) for X ~ chi-square with k degrees of freedom (Wilson-Hilferty)."""
    z = ((x / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))
    return 0.5 * math.erfc(z / math.sqrt(2))


def uniformity_p(stops: list[int], n: int) -> float:
    counts = Counter(stops)
    expected = len(stops) / n
    x = sum((counts.get(i, 0) - expected) ** 2 / expected for i in range(n))
    return chi2_sf(x, n - 1)


def independence_p(stops: list[int], n: int) -> float:
    """Chi-square test of the n x n table of (stop, next stop) pairs against the product of
    its margins."""
    pairs = Counter(zip(stops, stops[1:]))
    first = Counter(stops[:-1])
    second = Counter(stops[1:])
    m = len(stops) - 1
    x = 0.0
    for a in range(n):
        for b in range(n):
            e = first[a] * second[b] / m
            x += (pairs.get((a, b), 0) - e) ** 2 / e
    return chi2_sf(x, (n - 1) * (n - 1))


def test_chi2_sf_matches_known_quantiles() -> None:
    # Published chi-square tables: P(X >= 124.342) = 0.05 for k = 100 and
    # P(X >= 59.703) = 0.001 for k = 30, P(X >= 149.449) = 0.001 for k = 100 (NIST/SEMATECH
    # e-Handbook, table 1.3.6.7.4).
    assert math.isclose(chi2_sf(124.342, 100), 0.05, rel_tol=0.03)
    assert math.isclose(chi2_sf(59.703, 30), 0.001, rel_tol=0.1)
    assert math.isclose(chi2_sf(149.449, 100), 0.001, rel_tol=0.1)


def test_secure_rng_is_the_operating_systems_generator() -> None:
    # random.SystemRandom draws from os.urandom (on Pyodide: crypto.getRandomValues).
    assert isinstance(secure_rng(), random.SystemRandom)


def test_reel_stops_are_uniform_and_independent() -> None:
    rng = secure_rng()
    spins = [base_spin(MODEL, rng).stops for _ in range(DRAWS)]
    for reel, strip in enumerate(MODEL.base_strips):
        stops = [s[reel] for s in spins]
        assert uniformity_p(stops, len(strip)) > ALPHA, f"reel {reel + 1} stops are not uniform"
    first = [s[0] for s in spins]
    assert independence_p(first, len(MODEL.base_strips[0])) > ALPHA, "consecutive stops are dependent"


def test_the_same_tests_catch_a_one_percent_bias() -> None:
    # Two generators a 1% fault away from fair, seeded so this test is deterministic:
    # one that puts an extra 1% of probability on stop 0, one that repeats the previous stop
    # 1% of the time. At DRAWS draws both must be rejected at ALPHA.
    n = len(MODEL.base_strips[0])
    fair = random.Random(2024)
    skewed = [0 if fair.random() < BIAS else fair.randrange(n) for _ in range(DRAWS)]
    assert uniformity_p(skewed, n) < ALPHA
    sticky = [fair.randrange(n)]
    for _ in range(DRAWS - 1):
        sticky.append(sticky[-1] if fair.random() < BIAS else fair.randrange(n))
    assert independence_p(sticky, n) < ALPHA
    # ...while a fair seeded sequence of the same size passes both.
    clean = [fair.randrange(n) for _ in range(DRAWS)]
    assert uniformity_p(clean, n) > ALPHA and independence_p(clean, n) > ALPHA
