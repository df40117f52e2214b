"""Exact figures of a model: the PAR sheet, with no sampling.

Reels stop independently and uniformly, so every figure is a finite sum over stop
combinations and multiplier and SES draws. Rather than enumerating the 10^8 combinations,
each figure is computed reel by reel:

* **Distributions** (base spin, free spin): a dynamic programme over reels 1..5 whose state is
  what the remaining reels can still change: for each reel-1 symbol the bit set of lines still
  running, the win already fixed, whether 3 books are still possible (base), and in free spins
  the product of the book reels' multipliers and the count of reels that show the SES or a
  book. States that agree merge, so the exact distribution of a spin's win comes out as
  integer weights over the product of the strips' lengths (and multiplier weights).
* **A feature** is ``free_spins`` independent free spins given the SES, so its mean and second
  moment follow from one free spin's; a round is ``B + T*F`` with B the base win, T the trigger
  and F independent of the base spin given T, which gives the round's mean and variance.
* **Symbol shares** use linearity of expectation line by line (a second, independent method;
  the totals must agree with the dynamic programme, and :func:`par_sheet` checks that they do).

The cap (``max_win`` total bets) is the one figure not computed exactly: a feature's total is
a sum of ``n`` free spins, and its exact distribution near the cap is not built. Its effect,
``E[(X - cap)+]``, is bounded instead by :func:`cap_loss_bounds`: each free spin's win is
rounded down to a multiple of ``h = cap / CAP_BUCKETS`` line bets, the rounded sum's
distribution (clipped at the cap) is built by convolution, and with ``Sd <= S <= Sd + n*h``
(plus ``h`` for the base spin) ``E[(Sd - cap)+] <= E[(S - cap)+] <= E[(Sd - (cap - (n+1)h))+]``.
RTP figures are given exactly without the cap, and the cap's lowering of them within those
bounds.

All amounts below are in line bets until the sheet converts them to total bets.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .model import Model
from .tables import ReelView, advance

BANDS: tuple[tuple[str, Fraction, Fraction | None], ...] = (
    ("0", Fraction(0), Fraction(0)),
    ("<1x", Fraction(0), Fraction(1)),
    ("1-2x", Fraction(1), Fraction(2)),
    ("2-5x", Fraction(2), Fraction(5)),
    ("5-20x", Fraction(5), Fraction(20)),
    ("20-100x", Fraction(20), Fraction(100)),
    (">100x", Fraction(100), None),
)
"""Base-game win bands in total bets: (label, low, high); "0" is exactly no win, "<1x" is
``0 < win < 1``, the others ``low <= win < high`` (the last has no upper end)."""

CAP_BUCKETS = 200
"""How finely :func:`cap_loss_bounds` rounds wins: the cap is split into this many steps."""

Dist = dict[int, int]
"""A distribution of wins in line bets: win -> integer weight."""


def _groups(views: Sequence[ReelView]) -> list[tuple[ReelView, int]]:
    """A reel's distinct views, each with how many stops show it."""
    return list(Counter(views).items())


@dataclass(frozen=True)
class BaseDistribution:
    """The joint distribution of a base spin's line win B and trigger T."""

    weights: dict[tuple[int, bool], int]
    """(B in line bets, T) -> number of stop combinations."""
    total: int
    """Number of stop combinations: the product of the strip lengths."""


def base_distribution(model: Model) -> BaseDistribution:
    """Exact joint distribution of (line win, trigger) of a base spin."""
    t = model.tables
    pays = t.pays
    groups = [_groups(reel) for reel in t.base]
    lengths = [len(reel) for reel in t.base]
    states: dict[tuple[tuple[tuple[int, int], ...], int, bool], int] = defaultdict(int)
    for view, c in groups[0]:
        alive = tuple((sid, view.masks[sid]) for sid in view.symbols)
        states[(alive, 0, True)] += c
    for r in range(1, 5):
        new: dict[tuple[tuple[tuple[int, int], ...], int, bool], int] = defaultdict(int)
        book_reel = 1 <= r <= 3
        for (alive, win, trig), n in states.items():
            if not alive and (not trig or not book_reel):
                new[(alive, win, trig)] += n * lengths[r]  # nothing left to change
                continue
            for view, c in groups[r]:
                nxt_alive, inc = advance(alive, view, pays, r)
                new[(nxt_alive, win + inc, trig and (view.book or not book_reel))] += n * c
        states = new
    weights: dict[tuple[int, bool], int] = defaultdict(int)
    for (alive, win, trig), n in states.items():
        w = win + sum(pays[sid][5] * mask.bit_count() for sid, mask in alive)
        weights[(w, trig)] += n
    total = 1
    for length in lengths:
        total *= length
    return BaseDistribution(dict(weights), total)


def free_spin_distribution(model: Model, special: str) -> tuple[Dist, int]:
    """Exact distribution of one free spin's whole win with ``special`` as the SES, as integer
    weights over ``prod(strip length x total multiplier weight)``."""
    t = model.tables
    pays = t.pays
    sid_s = t.symbol_id[special]
    bit = 1 << sid_s
    groups = [_groups(reel) for reel in t.free]
    mults = model.multiplier_weights
    wsum = t.multipliers.total
    # tails[r]: what reels r..4 do to a spin whose lines have all ended: the product of their
    # book multipliers and how many of them show the SES or a book -> weight.
    tails: list[dict[tuple[int, int], int]] = [{} for _ in range(6)]
    tails[5] = {(1, 0): 1}
    for r in range(4, 0, -1):
        tail: dict[tuple[int, int], int] = defaultdict(int)
        for (p, k), n in tails[r + 1].items():
            for view, c in groups[r]:
                if view.book:
                    for m, wm in mults:
                        tail[(p * m, k + 1)] += n * c * wm
                else:
                    tail[(p, k + (1 if view.shown & bit else 0))] += n * c * wsum
        tails[r] = dict(tail)
    pay_s = pays[sid_s]
    dist: Dist = defaultdict(int)
    # States grouped by the lines still running (which decide the expensive part):
    # alive -> {(product of book multipliers so far, fixed win, reels with SES or book): weight}.
    Sub = dict[tuple[int, int, int], int]
    states: dict[tuple[tuple[int, int], ...], Sub] = defaultdict(lambda: defaultdict(int))
    for view, c in groups[0]:
        alive = tuple((sid, view.masks[sid]) for sid in view.symbols)
        states[alive][(1, 0, 1 if view.shown & bit else 0)] += c * wsum
    for r in range(1, 5):
        new: dict[tuple[tuple[int, int], ...], Sub] = defaultdict(lambda: defaultdict(int))
        for alive, subs in states.items():
            if not alive:
                for (prod, win, count), n in subs.items():
                    for (p, k), tn in tails[r].items():
                        dist[win + pay_s[count + k] * t.lines * prod * p] += n * tn
                continue
            # Views that do the same to these lines (and to the SES count) act as one.
            moves: dict[tuple[tuple[tuple[int, int], ...], int, int], int] = defaultdict(int)
            books = 0
            for view, c in groups[r]:
                if view.book:
                    books += c
                    continue
                nxt_alive, inc = advance(alive, view, pays, r)
                moves[(nxt_alive, inc, 1 if view.shown & bit else 0)] += c
            if books:
                target = new[alive]
                for m, wm in mults:
                    cw = books * wm
                    for (prod, win, count), n in subs.items():
                        target[(prod * m, win, count + 1)] += n * cw
            for (nxt_alive_t, inc, k), c in moves.items():
                target = new[nxt_alive_t]
                cw = c * wsum
                for (prod, win, count), n in subs.items():
                    target[(prod, win + inc * prod, count + k)] += n * cw
        states = new
    for alive, subs in states.items():
        fixed = sum(pays[sid][5] * mask.bit_count() for sid, mask in alive)
        for (prod, win, count), n in subs.items():
            dist[win + fixed * prod + pay_s[count] * t.lines * prod] += n
    total = 1
    for reel in t.free:
        total *= len(reel) * wsum
    return dict(dist), total


def _moments(dist: Dist, total: int) -> tuple[Fraction, Fraction]:
    return (Fraction(sum(w * n for w, n in dist.items()), total),
            Fraction(sum(w * w * n for w, n in dist.items()), total))


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


def line_shares(model: Model) -> tuple[dict[str, Fraction], dict[str, Fraction], dict[str, Fraction]]:
    """By linearity, per symbol: expected base line win, expected free-spin line win (both in
    line bets per spin, over all lines), and expected free-spin expanding win as the SES."""
    t = model.tables
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
                for k in range(1, 6):
                    if k == 5:
                        value += pay[5] * running
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
        expanding[s] = sum((pay[c] * t.lines * poly[c] for c in range(6)), Fraction(0))
    return base, free, expanding


def par_sheet(model: Model) -> dict[str, Any]:
    """Every exact figure of the model, as JSON-safe data (see the module docstring)."""
    lines = len(model.paylines)
    n = model.free_spins
    cap = model.max_win * lines  # line bets
    base = base_distribution(model)
    bt = base.total
    eb = Fraction(sum(b * c for (b, _), c in base.weights.items()), bt)
    eb2 = Fraction(sum(b * b * c for (b, _), c in base.weights.items()), bt)
    p_trig = Fraction(sum(c for (_, tr), c in base.weights.items() if tr), bt)
    ebt = Fraction(sum(b * c for (b, tr), c in base.weights.items() if tr), bt)
    p_hit = Fraction(sum(c for (b, _), c in base.weights.items() if b > 0), bt)
    bmax_trig = max((b for (b, tr) in base.weights if tr), default=0)

    wtotal = sum(w for _, w in model.special_weights)
    ef = ef2 = Fraction(0)
    spins: list[tuple[float, Dist, int]] = []
    per_special: dict[str, Any] = {}
    max_spin = 0
    spin_means: dict[str, Fraction] = {}
    for symbol, weight in model.special_weights:
        dist, total = free_spin_distribution(model, symbol)
        ey, ey2 = _moments(dist, total)
        spin_means[symbol] = ey
        p = Fraction(weight, wtotal)
        f1 = n * ey
        f2 = n * ey2 + n * (n - 1) * ey * ey
        ef += p * f1
        ef2 += p * f2
        max_spin = max(max_spin, max(dist))
        spins.append((float(p), dist, total))
        per_special[symbol] = {
            "probability": float(p),
            "feature_value": float(f1 / lines),
            "free_spin_mean": float(ey / lines),
            "free_spin_max": max(dist) / lines,
            "feature_sd": float(_sqrt(f2 - f1 * f1) / lines),
        }

    trig_total = sum(c for (_, tr), c in base.weights.items() if tr)
    start = {b: c / trig_total for (b, tr), c in base.weights.items() if tr}
    (loss_lo, loss_hi), (buy_lo, buy_hi) = cap_loss_bounds([start or {0: 1.0}, {0: 1.0}], spins, n, cap)
    if not trig_total:
        loss_lo = loss_hi = 0.0
    ex = eb + p_trig * ef
    ex2 = eb2 + 2 * ebt * ef + p_trig * ef2
    rtp = ex / lines
    buy_ex2 = ef2
    base_share, free_share, exp_share = line_shares(model)
    # Second method: linearity must give the same totals as the dynamic programmes.
    if sum(base_share.values()) != eb:
        raise AssertionError("base RTP by lines disagrees with the base distribution")
    free_lines = sum(free_share.values())
    for symbol, mean in spin_means.items():
        if free_lines + exp_share[symbol] != mean:
            raise AssertionError(f"free-spin mean for {symbol} disagrees between methods")
    shares = {}
    sp = dict(model.special_weights)
    for s in model.symbols:
        share = base_share[s] + p_trig * n * (free_share[s] + Fraction(sp.get(s, 0), wtotal) * exp_share[s])
        shares[s] = float(share / lines)

    bands = _bands(base, lines)
    largest = bmax_trig + n * max_spin
    return {
        "name": model.name,
        "rtp": float(rtp),
        "rtp_exact": f"{rtp.numerator}/{rtp.denominator}" if rtp.denominator < 10**60 else None,
        "base_rtp": float(eb / lines),
        "free_spins_rtp": float(p_trig * ef / lines),
        "buy_rtp": float(ef / lines / model.buy_price),
        "hit_frequency": float(p_hit),
        "free_spins_frequency": float(p_trig),
        "free_spins_every": float(1 / p_trig) if p_trig else None,
        "volatility": float(_sqrt(ex2 - ex * ex) / lines),
        "buy_volatility": float(_sqrt(buy_ex2 - ef * ef) / lines),
        "max_win": model.max_win,
        "buy_price": model.buy_price,
        "free_spins": n,
        "feature_value": float(ef / lines),
        "largest_round": largest / lines,
        "cap_reachable": largest >= cap,
        "cap": {
            "exact": False,
            "note": "RTPs are exact without the cap; the cap lowers them by an amount within these bounds",
            "rtp_loss_min": float(p_trig) * loss_lo / lines,
            "rtp_loss_max": float(p_trig) * loss_hi / lines,
            "buy_rtp_loss_min": float(buy_lo / lines / model.buy_price),
            "buy_rtp_loss_max": float(buy_hi / lines / model.buy_price),
        },
        "specials": per_special,
        "symbol_rtp": shares,
        "base_win_bands": bands,
        "base_spin_max": max(b for b, _ in base.weights) / lines,
    }


def _bands(base: BaseDistribution, lines: int) -> dict[str, float]:
    out = {label: Fraction(0) for label, _, _ in BANDS}
    for (b, _), c in base.weights.items():
        x = Fraction(b, lines)
        if x == 0:
            label = "0"
        elif x < 1:
            label = "<1x"
        else:
            label = next(lab for lab, lo, hi in BANDS[2:] if lo <= x and (hi is None or x < hi))
        out[label] += Fraction(c, base.total)
    return {k: float(v) for k, v in out.items()}


def _sqrt(x: Fraction) -> float:
    return math.sqrt(float(x))


def trigger_probability(model: Model) -> Fraction:
    """P(3 books) in a base spin: reels stop independently, so the product over reels 2..4 of
    the share of stops whose window shows a book."""
    p = Fraction(1)
    for views in model.tables.base[1:4]:
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


def _pct(x: float) -> str:
    return f"{100 * x:.4f}%"


def render_sheet(sheet: dict[str, Any]) -> str:
    """The PAR sheet as text for people."""
    cap = sheet["cap"]
    out = [
        f"PAR sheet: {sheet['name']} (exact; no sampling)",
        "",
        f"  RTP                     {_pct(sheet['rtp'])}   (exact {sheet['rtp_exact']})",
        f"    base game lines       {_pct(sheet['base_rtp'])}",
        f"    free spins            {_pct(sheet['free_spins_rtp'])}",
        f"  max-win cap lowers it by {_pct(cap['rtp_loss_min'])} .. {_pct(cap['rtp_loss_max'])}"
        f"  -> capped RTP {_pct(sheet['rtp'] - cap['rtp_loss_max'])} .. {_pct(sheet['rtp'] - cap['rtp_loss_min'])}",
        f"  bought feature RTP      {_pct(sheet['buy_rtp'])} at {sheet['buy_price']}x bet"
        f" (cap: -{_pct(cap['buy_rtp_loss_min'])} .. -{_pct(cap['buy_rtp_loss_max'])})",
        f"  hit frequency           {_pct(sheet['hit_frequency'])} of base spins win",
        f"  free spins              1 in {sheet['free_spins_every']:.2f} base spins"
        f" ({sheet['free_spins']} spins, feature worth {sheet['feature_value']:.3f}x bet)",
        f"  volatility (SD/round)   {sheet['volatility']:.3f}x bet; bought feature {sheet['buy_volatility']:.3f}x",
        f"  max win                 {sheet['max_win']:,}x bet; largest uncapped round "
        f"{sheet['largest_round']:,.1f}x ({'reachable' if sheet['cap_reachable'] else 'NOT reachable'})",
        "",
        "  Feature by special expanding symbol:",
        "    symbol     chance    feature value   SD        best free spin",
    ]
    for symbol, f in sheet["specials"].items():
        out.append(f"    {symbol:9}  {f['probability']:7.4f}   {f['feature_value']:10.3f}x   "
                   f"{f['feature_sd']:8.2f}x   {f['free_spin_max']:,.1f}x")
    out += ["", "  Share of the RTP by symbol:"]
    for symbol, share in sheet["symbol_rtp"].items():
        out.append(f"    {symbol:9}  {_pct(share)}")
    out += ["", "  Base spin wins (in total bets):"]
    for band, p in sheet["base_win_bands"].items():
        out.append(f"    {band:8}  {_pct(p)}")
    out.append("")
    return "\n".join(out) + "\n"
