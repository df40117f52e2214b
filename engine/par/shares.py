"""Figures by linearity of expectation, line by line: each symbol's share of the RTP, the
trigger chance and the means (fast enough to search models with)."""

from __future__ import annotations

from fractions import Fraction

from ..grid import REELS
from ..model import Model
from ..tables import tables_for


def line_shares(model: Model) -> tuple[dict[str, Fraction], dict[str, Fraction], dict[str, Fraction]]:
    """By linearity, per symbol: expected base line win, expected free-spin line win (both in
    line bets per spin, over all lines), and expected free-spin expanding win as the SES."""
    t = tables_for(model)
    em = Fraction(sum(m * w for m, w in model.multiplier_weights), t.multipliers.total)
    base: dict[str, Fraction] = {}
    free: dict[str, Fraction] = {}
    expanding: dict[str, Fraction] = {}
    for sid, s in enumerate(model.symbols):
        pay = t.pays[sid]
        b = f = Fraction(0)
        for rows in model.paylines:
            for reels, is_free in ((t.base, False), (t.free, True)):
                # p_go[r]: expected multiplier-weighted chance the run goes on through reel r;
                # p_stop[r]: chance it stops at reel r.
                first = Fraction(sum(1 for v in reels[0] if v.column[rows[0]] == s), len(reels[0]))
                value = Fraction(0)
                running = first
                for k in range(1, REELS + 1):
                    if k == REELS:
                        value += pay[REELS] * running
                        break
                    views = reels[k]
                    n = len(views)
                    if is_free:
                        go = Fraction(sum(em if v.book else (v.column[rows[k]] == s) for v in views), n)
                        stop = Fraction(sum(1 for v in views if not v.book and v.column[rows[k]] != s), n)
                    else:
                        go = Fraction(sum(1 for v in views if v.column[rows[k]] in (s, model.wild)), n)
                        stop = 1 - go
                    value += pay[k] * running * stop
                    running *= go
                if is_free:
                    f += value
                else:
                    b += value
        base[s], free[s] = b, f
        # Expanding: product over reels of (P(book) E[M] x + P(no book, s shown) x + P(neither)).
        poly = [Fraction(1)]
        for views in t.free:
            n = len(views)
            bk = Fraction(sum(1 for v in views if v.book), n) * em
            sh = Fraction(sum(1 for v in views if not v.book and s in v.column), n)
            nt = Fraction(sum(1 for v in views if not v.book and s not in v.column), n)
            nxt = [Fraction(0)] * (len(poly) + 1)
            for i, c in enumerate(poly):
                nxt[i] += c * nt
                nxt[i + 1] += c * (bk + sh)
            poly = nxt
        expanding[s] = sum((pay[c] * t.lines * poly[c] for c in range(REELS + 1)), Fraction(0))
    return base, free, expanding


def trigger_probability(model: Model) -> Fraction:
    """P(3 books) in a base spin: reels stop independently, so the product over reels 2..4 of
    the share of stops whose window shows a book."""
    p = Fraction(1)
    for views in tables_for(model).base[1:4]:
        p *= Fraction(sum(1 for v in views if v.book), len(views))
    return p


def mean_figures(model: Model) -> dict[str, Fraction]:
    """The means only (RTPs, feature value, trigger frequency), by linearity: fast enough to
    search models with (``tools/tune.py``)."""
    lines = len(model.paylines)
    base_share, free_share, exp_share = line_shares(model)
    p_trig = trigger_probability(model)
    wtotal = sum(w for _, w in model.special_weights)
    free_lines = sum(free_share.values())
    ef = model.free_spins * sum(
        (Fraction(w, wtotal) * (free_lines + exp_share[s]) for s, w in model.special_weights), Fraction(0))
    eb = sum(base_share.values(), Fraction(0))
    return {
        "rtp": (eb + p_trig * ef) / lines,
        "base_rtp": eb / lines,
        "free_spins_frequency": p_trig,
        "feature_value": ef / lines,
        "buy_rtp": ef / lines / model.buy_price,
    }
