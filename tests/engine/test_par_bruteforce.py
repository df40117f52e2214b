"""The exact PAR sheet (engine/par.py) against plain enumeration on a small model.

engine/par.py computes every figure with a reel-by-reel dynamic programme. Here the same
figures come from the definition instead: every stop combination of the base strips is scored
with ``engine.evaluate`` (from the grid, as a player would), and every stop combination of the
free-spins strips x every multiplier draw of each book reel x every SES is scored with
``engine.evaluate.score`` on the precomputed views, all with exact ``Fraction`` weights. The two
must agree EXACTLY (Fractions) and the sheet's floats must be the exact values rounded.

The model is tests/engine/data/par_small_model.json: the shipped paytable and paylines, base
strips of 6-7 stops (books on reels 2-4; reel 2 has two books 3 and 4 stops apart), free strips
of 4-5 stops with one book on each of reels 2-4, unequal multiplier weights 5:3:2:1:1 and
unequal SES weights, so 9,072 base combinations and 78,608 (stops x multiplier) combinations
per SES.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter, defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.evaluate import score
from engine.grid import window
from engine.tables import tables_for
from engine.par import (base_distribution, free_spin_distribution, line_shares, mean_figures,
                        par_sheet, sheet_json, trigger_probability)

SMALL_PATH = Path(__file__).resolve().parent / "data" / "par_small_model.json"
MODEL = engine.load_model(SMALL_PATH)
LINES = 10  # docs/rules.md: 10 fixed paylines; line bet = total bet / 10


def _approx(x: Fraction) -> Any:
    return pytest.approx(float(x), rel=1e-12, abs=1e-300)


class Brute:
    """Every figure by enumeration (see the module docstring)."""

    def __init__(self) -> None:
        m = MODEL
        t = tables_for(m)
        # --- Base game: all stop combinations, each of probability 1 / prod(lengths) ---
        lengths = [len(s) for s in m.base_strips]
        self.base_total = math.prod(lengths)
        self.base = Counter[tuple[int, bool]]()  # (win in line bets, trigger) -> combinations
        self.base_symbol: dict[str, int] = defaultdict(int)  # symbol -> summed line wins
        for stops in itertools.product(*(range(n) for n in lengths)):
            grid = [window(strip, s) for strip, s in zip(m.base_strips, stops)]
            ev = engine.evaluate(m, grid)
            # docs/rules.md: 3 books (reels 2, 3 and 4) trigger; check the flag against the grid.
            assert ev.triggers_free_spins == all(m.wild in grid[r] for r in (1, 2, 3))
            self.base[(ev.total, ev.triggers_free_spins)] += 1
            for lw in ev.line_wins:
                self.base_symbol[lw.symbol] += lw.win
            assert sum(lw.win for lw in ev.line_wins) == ev.total and ev.expanding_win == 0
        # --- Free spins: stops x one multiplier draw per book reel x SES ---
        # A combination's weight is prod(multiplier weights of its book reels) x wsum^(3 - k)
        # for k book reels (only reels 2-4 can show a book), over the common denominator
        # prod(free lengths) x wsum^3.
        mults = m.multiplier_weights
        wsum = sum(w for _, w in mults)
        flengths = [len(s) for s in m.free_strips]
        self.free_total = math.prod(flengths) * wsum ** 3
        sid = t.symbol_id
        self.free: dict[str, Counter[int]] = {s: Counter() for s in m.symbols}  # SES -> win -> weight
        self.free_symbol: dict[str, int] = defaultdict(int)  # line wins by symbol, weighted
        self.expanding: dict[str, int] = defaultdict(int)  # SES -> expanding wins, weighted
        for stops in itertools.product(*(range(n) for n in flengths)):
            views = [t.free[r][s] for r, s in enumerate(stops)]
            book_reels = [r for r in range(5) if views[r].book]
            pad = wsum ** (3 - len(book_reels))
            for draw in itertools.product(mults, repeat=len(book_reels)):
                wild = [0, 0, 0, 0, 0]
                weight = pad
                for r, (mult, w) in zip(book_reels, draw):
                    wild[r] = mult
                    weight *= w
                lines_part = None
                for s in m.symbols:
                    ev = score(m, views, sid[s], wild)
                    assert not ev.triggers_free_spins  # docs/rules.md: no retrigger
                    self.free[s][ev.total] += weight
                    self.expanding[s] += weight * ev.expanding_win
                    part = tuple((lw.line, lw.symbol, lw.win) for lw in ev.line_wins)
                    # Line wins do not depend on the SES; the expanding win is the rest.
                    assert sum(lw.win for lw in ev.line_wins) + ev.expanding_win == ev.total
                    if lines_part is None:
                        lines_part = part
                        for lw in ev.line_wins:
                            self.free_symbol[lw.symbol] += weight * lw.win
                    else:
                        assert part == lines_part
        # --- Derived exact figures ---
        bt = self.base_total
        self.p_trig = Fraction(sum(c for (_, tr), c in self.base.items() if tr), bt)
        self.eb = Fraction(sum(b * c for (b, _), c in self.base.items()), bt)
        self.eb2 = Fraction(sum(b * b * c for (b, _), c in self.base.items()), bt)
        self.ebt = Fraction(sum(b * c for (b, tr), c in self.base.items() if tr), bt)  # E[B*T]
        self.p_hit = Fraction(sum(c for (b, _), c in self.base.items() if b > 0), bt)
        n = m.free_spins
        wtot = sum(w for _, w in m.special_weights)
        self.p_ses = {s: Fraction(w, wtot) for s, w in m.special_weights}
        self.ey: dict[str, Fraction] = {}
        self.ey2: dict[str, Fraction] = {}
        self.ef = self.ef2 = Fraction(0)
        for s, p in self.p_ses.items():
            d = self.free[s]
            ey = Fraction(sum(y * c for y, c in d.items()), self.free_total)
            ey2 = Fraction(sum(y * y * c for y, c in d.items()), self.free_total)
            self.ey[s], self.ey2[s] = ey, ey2
            # F = Y1 + ... + Yn, the Yi i.i.d. given the SES s:
            # E[F|s] = n E[Y|s]; E[F^2|s] = Var + mean^2 = n Var(Y|s) + n^2 E[Y|s]^2
            #        = n E[Y^2|s] + n(n-1) E[Y|s]^2.
            self.ef += p * n * ey
            self.ef2 += p * (n * ey2 + n * (n - 1) * ey * ey)
        # A round X = B + T*F with F independent of (B, T) (the feature draws fresh stops):
        # E[X] = E[B] + P(T) E[F];
        # E[X^2] = E[B^2] + 2 E[B T] E[F] + E[T^2] E[F^2] = E[B^2] + 2 E[BT] E[F] + P(T) E[F^2].
        self.ex = self.eb + self.p_trig * self.ef
        self.ex2 = self.eb2 + 2 * self.ebt * self.ef + self.p_trig * self.ef2


@pytest.fixture(scope="module")
def brute() -> Brute:
    return Brute()


@pytest.fixture(scope="module")
def sheet() -> dict[str, Any]:
    # The sheet in its JSON form (what static/par.json holds), indexed by key below.
    return sheet_json(par_sheet(MODEL))


def test_small_model_is_as_described() -> None:
    # The brief for this model: strips of at most 8 stops, books on reels 2-4 only, unequal
    # multiplier and SES weights, every SES possible.
    assert all(len(s) <= 8 for s in MODEL.base_strips + MODEL.free_strips)
    assert all(MODEL.wild not in MODEL.base_strips[r] and MODEL.wild not in MODEL.free_strips[r] for r in (0, 4))
    assert all(MODEL.wild in MODEL.base_strips[r] and MODEL.wild in MODEL.free_strips[r] for r in (1, 2, 3))
    assert len({w for _, w in MODEL.multiplier_weights}) > 1
    assert [m for m, _ in MODEL.multiplier_weights] == [1, 2, 3, 4, 5]
    assert len({w for _, w in MODEL.special_weights}) > 1
    assert {s for s, _ in MODEL.special_weights} == set(MODEL.symbols)


def test_base_distribution_equals_enumeration(brute: Brute) -> None:
    # Expected: the Counter of (evaluate(grid).total, triggers) over all 9,072 stop combinations.
    d = base_distribution(MODEL)
    assert d.total == brute.base_total
    assert {k: v for k, v in d.weights.items() if v} == dict(brute.base)


def test_trigger_probability_equals_enumeration(brute: Brute) -> None:
    # Expected: share of stop combinations whose evaluation triggers.
    assert brute.p_trig > 0
    assert trigger_probability(MODEL) == brute.p_trig


@pytest.mark.parametrize("ses", MODEL.symbols)
def test_free_spin_distribution_equals_enumeration(brute: Brute, ses: str) -> None:
    # Expected: weights of score(views, SES, multipliers).total over stops x multiplier draws,
    # normalised (both sides' totals are different but equivalent denominators).
    dist, total = free_spin_distribution(MODEL, ses)
    got = {w: Fraction(c, total) for w, c in dist.items() if c}
    want = {w: Fraction(c, brute.free_total) for w, c in brute.free[ses].items() if c}
    assert got == want
    assert sum(got.values()) == 1


def test_line_shares_equal_enumeration(brute: Brute) -> None:
    # Expected: the enumeration's line wins attributed to their symbol (base: per base spin;
    # free: per free spin, multipliers included), and each SES's expanding wins per free spin.
    base, free, expanding = line_shares(MODEL)
    for s in MODEL.symbols:
        assert base[s] == Fraction(brute.base_symbol[s], brute.base_total), s
        assert free[s] == Fraction(brute.free_symbol[s], brute.free_total), s
        assert expanding[s] == Fraction(brute.expanding[s], brute.free_total), s


def test_mean_figures_equal_enumeration(brute: Brute) -> None:
    # Expected: E[X]/10, E[B]/10, P(T), E[F]/10, E[F]/10/buy_price from the enumeration.
    f = mean_figures(MODEL)
    assert f["rtp"] == brute.ex / LINES
    assert f["base_rtp"] == brute.eb / LINES
    assert f["free_spins_frequency"] == brute.p_trig
    assert f["feature_value"] == brute.ef / LINES
    assert f["buy_rtp"] == brute.ef / LINES / MODEL.buy_price


def test_sheet_rtps_equal_enumeration(brute: Brute, sheet: dict[str, Any]) -> None:
    # Expected: RTP = E[X] / 10 line bets (exact fraction), base = E[B]/10, features'
    # share = P(T) E[F] / 10, buy = E[F] / 10 / buy_price.
    rtp = brute.ex / LINES
    assert sheet["rtp_exact"] == f"{rtp.numerator}/{rtp.denominator}"
    assert sheet["rtp"] == _approx(rtp)
    assert sheet["base_rtp"] == _approx(brute.eb / LINES)
    assert sheet["free_spins_rtp"] == _approx(brute.p_trig * brute.ef / LINES)
    assert sheet["buy_rtp"] == _approx(brute.ef / LINES / MODEL.buy_price)
    assert sheet["feature_value"] == _approx(brute.ef / LINES)


def test_sheet_frequencies_equal_enumeration(brute: Brute, sheet: dict[str, Any]) -> None:
    # Expected: P(B > 0) and P(T) over the base stop combinations.
    assert sheet["hit_frequency"] == _approx(brute.p_hit)
    assert sheet["free_spins_frequency"] == _approx(brute.p_trig)
    assert sheet["free_spins_every"] == _approx(1 / brute.p_trig)


def test_sheet_volatility_equals_enumeration(brute: Brute, sheet: dict[str, Any]) -> None:
    # Expected: sqrt(E[X^2] - E[X]^2) / 10 with E[X^2] derived in Brute (round) and
    # sqrt(E[F^2] - E[F]^2) / 10 for a bought feature.
    var = brute.ex2 - brute.ex ** 2
    assert sheet["volatility"] == pytest.approx(math.sqrt(var) / LINES, rel=1e-12)
    var_buy = brute.ef2 - brute.ef ** 2
    assert sheet["buy_volatility"] == pytest.approx(math.sqrt(var_buy) / LINES, rel=1e-12)


def test_sheet_specials_equal_enumeration(brute: Brute, sheet: dict[str, Any]) -> None:
    # Expected per SES s: P(s) = weight / total weight, feature value n E[Y|s] / 10, free spin
    # mean E[Y|s] / 10, best free spin max(Y|s) / 10, feature SD sqrt(n Var(Y|s)) / 10.
    n = MODEL.free_spins
    assert set(sheet["specials"]) == set(brute.p_ses)
    for s, p in brute.p_ses.items():
        f = sheet["specials"][s]
        ey, ey2 = brute.ey[s], brute.ey2[s]
        assert f["probability"] == _approx(p)
        assert f["feature_value"] == _approx(n * ey / LINES)
        assert f["free_spin_mean"] == _approx(ey / LINES)
        assert f["free_spin_max"] == _approx(Fraction(max(brute.free[s]), LINES))
        assert f["feature_sd"] == pytest.approx(math.sqrt(n * (ey2 - ey * ey)) / LINES, rel=1e-12)


def test_sheet_symbol_rtp_equals_enumeration(brute: Brute, sheet: dict[str, Any]) -> None:
    # Expected per symbol s: (E[base line wins of s] + P(T) n (E[free line wins of s per spin]
    # + P(SES = s) E[expanding win | SES = s])) / 10; they add up to the RTP.
    n = MODEL.free_spins
    for s in MODEL.symbols:
        share = (Fraction(brute.base_symbol[s], brute.base_total) + brute.p_trig * n * (
            Fraction(brute.free_symbol[s], brute.free_total)
            + brute.p_ses[s] * Fraction(brute.expanding[s], brute.free_total))) / LINES
        assert sheet["symbol_rtp"][s] == _approx(share), s
    assert sum(sheet["symbol_rtp"].values()) == pytest.approx(float(brute.ex / LINES), rel=1e-12)


def test_sheet_base_win_bands_equal_enumeration(brute: Brute, sheet: dict[str, Any]) -> None:
    # Expected: base spins by their win x in total bets (B / 10): "0" is x == 0, "<1x" is
    # 0 < x < 1, the others lo <= x < hi (">100x": x >= 100), as engine/par.py's BANDS docstring
    # states. Worked out again here, not through par.py's _bands, so a slip there shows.
    bands = {"0": (0, 0), "<1x": (0, 1), "1-2x": (1, 2), "2-5x": (2, 5), "5-20x": (5, 20),
             "20-100x": (20, 100), ">100x": (100, None)}
    want = {k: Fraction(0) for k in bands}
    for (b, _), c in brute.base.items():
        x = Fraction(b, LINES)
        # "0" alone holds x == 0; every other band is lo <= x < hi, "<1x" taking the rest below 1
        key = "0" if x == 0 else next(k for k, (lo, hi) in bands.items() if k != "0" and lo <= x
                                      and (hi is None or x < hi))
        want[key] += Fraction(c, brute.base_total)
    assert set(sheet["base_win_bands"]) == set(want)
    for k, p in want.items():
        assert sheet["base_win_bands"][k] == pytest.approx(float(p), rel=1e-12, abs=0), k
    assert sum(sheet["base_win_bands"].values()) == pytest.approx(1.0, rel=1e-12)
    # The enumeration reaches several bands, so the comparison is not vacuous.
    assert sum(1 for p in want.values() if p) >= 5


def test_sheet_largest_round_equals_enumeration(brute: Brute, sheet: dict[str, Any]) -> None:
    # Expected: the best round before the cap = best triggering base spin + n x the best free
    # spin of the best SES (all n spins share the SES and can repeat the best stops and draws),
    # in total bets; and the best base spin overall.
    n = MODEL.free_spins
    best_trig = max(b for (b, tr) in brute.base if tr)
    best_feature = max(n * max(brute.free[s]) for s in brute.p_ses)
    largest = Fraction(best_trig + best_feature, LINES)
    assert sheet["largest_round"] == _approx(largest)
    assert sheet["cap_reachable"] == (largest >= MODEL.max_win)
    assert sheet["base_spin_max"] == _approx(Fraction(max(b for b, _ in brute.base), LINES))
    assert sheet["max_win"] == MODEL.max_win and sheet["buy_price"] == MODEL.buy_price
    assert sheet["free_spins"] == n
