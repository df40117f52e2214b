"""The PAR sheet: every exact figure of a model in one typed value (:class:`ParSheet`),
assembled from the distributions, the cap bounds and the line shares. Amounts in total bets
(RTPs and frequencies as fractions of 1); :mod:`.render` turns it into JSON or text."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..model import Model, model_digest
from .cap import PRECISION, capped_figures
from .distributions import BaseDistribution, Dist, base_distribution, free_spin_distribution, moments

from .shares import line_shares

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



@dataclass(frozen=True)
class SpecialFigures:
    """The feature when one symbol is the special expanding symbol."""

    probability: float
    """Chance the SES draw picks it."""
    feature_value: float
    """Mean feature win (uncapped)."""
    free_spin_mean: float
    """Mean win of one free spin."""
    free_spin_max: float
    """The best single free spin."""
    feature_sd: float
    """Standard deviation of the feature's win."""


@dataclass(frozen=True)
class CapEffect:
    """What the max-win cap does. Each figure lies between bounds proven by :mod:`.cap` (exact
    fractions, rounded outwards to floats here), far narrower than the digits a sheet shows; the
    sheet's single figures (``rtp_capped``, ``max_win_odds``) are their midpoints."""

    rtp_loss: float
    """What the cap takes off the RTP (the midpoint)."""
    buy_rtp_loss: float
    """What it takes off the bought feature's RTP."""
    rtp_capped: tuple[float, float]
    """Bounds on the RTP after the cap."""
    buy_rtp_capped: tuple[float, float]
    """Bounds on the bought feature's RTP after the cap."""
    max_win_odds_base: tuple[float, float | None] | None
    """Bounds ``(N_low, N_high)`` on N of "1 in N" base-game rounds reaching the cap
    (``N_high`` None: no finite upper end; the pair None: never reached)."""
    max_win_odds_buy: tuple[float, float | None] | None
    """The same per bought feature."""
    width: dict[str, float | None]
    """Each pair's width: the RTPs' ``high - low`` (fractions of 1: 10^-6 is 0.0001 points), the
    odds' ``(N_high - N_low) / N_low`` (None: unbounded)."""
    step: int
    """The grid step in line bets: 1 when no win is rounded (see :mod:`.cap`)."""
    precision: int
    """Decimal digits of the fixed point the bounds were computed in."""


@dataclass(frozen=True)
class MaxWinOdds:
    """How rarely a round reaches the cap, as N of "1 in N" (None: never): one over the
    midpoint of the proven bounds on the chance (:attr:`CapEffect.max_win_odds_base`)."""

    base: float | None
    """Per base-game round: the base spin and any feature it triggers."""
    buy: float | None
    """Per bought feature."""


@dataclass(frozen=True)
class ParSheet:
    """Every exact figure of a model (uncapped unless said), in total bets."""

    name: str
    rtp: float
    rtp_exact: str | None
    """The RTP as an exact fraction ``"p/q"``, None when q is unreasonably long."""
    rtp_capped: float
    """The RTP after the max-win cap (:class:`CapEffect` has its bounds)."""
    base_rtp: float
    free_spins_rtp: float
    buy_rtp: float
    buy_rtp_capped: float
    """The bought feature's RTP after the cap."""
    hit_frequency: float
    """Share of base spins that win."""
    free_spins_frequency: float
    free_spins_every: float | None
    """1 / free_spins_frequency: base spins per feature, None if it never triggers."""
    volatility: float
    """Standard deviation of a round's win."""
    buy_volatility: float
    max_win: int
    buy_price: int
    free_spins: int
    feature_value: float
    largest_round: float
    """The largest round the strips allow, uncapped."""
    cap_reachable: bool
    cap: CapEffect
    max_win_odds: MaxWinOdds
    specials: dict[str, SpecialFigures]
    symbol_rtp: dict[str, float]
    """Each symbol's share of the RTP."""
    base_win_bands: dict[str, float]
    """Chance of a base spin's win in each of :data:`BANDS`."""
    base_spin_max: float
    model_sha256: str
    """:func:`engine.model.model_digest` of the model the sheet is of (a file check holds
    static/par.json to the shipped model by it)."""


def par_sheet(model: Model, workers: int = 1) -> ParSheet:
    """Every exact figure of the model (see :mod:`engine.par`); ``workers`` processes compute
    the cap's figures (the same sheet for any number)."""
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
    exact_spins: list[tuple[Fraction, Dist, int]] = []
    per_special: dict[str, SpecialFigures] = {}
    max_spin = 0
    spin_means: dict[str, Fraction] = {}
    for symbol, weight in model.special_weights:
        dist, total = free_spin_distribution(model, symbol)
        ey, ey2 = moments(dist, total)
        spin_means[symbol] = ey
        p = Fraction(weight, wtotal)
        f1 = n * ey
        f2 = n * ey2 + n * (n - 1) * ey * ey
        ef += p * f1
        ef2 += p * f2
        max_spin = max(max_spin, max(dist))
        exact_spins.append((p, dist, total))
        per_special[symbol] = SpecialFigures(
            probability=float(p),
            feature_value=float(f1 / lines),
            free_spin_mean=float(ey / lines),
            free_spin_max=max(dist) / lines,
            feature_sd=float(_sqrt(f2 - f1 * f1) / lines),
        )

    capped = capped_figures(base, exact_spins, n, cap, workers=workers)
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

    # The cap's bounds (line bets per round) as RTP bounds: the RTP minus the loss.
    rtp_loss = (capped.base_loss[0] / lines, capped.base_loss[1] / lines)
    buy_loss = (capped.buy_loss[0] / lines / model.buy_price, capped.buy_loss[1] / lines / model.buy_price)
    rtp_capped = (rtp - rtp_loss[1], rtp - rtp_loss[0])
    buy_rtp = ef / lines / model.buy_price
    buy_capped = (buy_rtp - buy_loss[1], buy_rtp - buy_loss[0])
    bands = _bands(base, lines)
    largest = bmax_trig + n * max_spin
    return ParSheet(
        name=model.name,
        rtp=float(rtp),
        rtp_exact=f"{rtp.numerator}/{rtp.denominator}" if rtp.denominator < 10**60 else None,
        rtp_capped=_mid(rtp_capped),
        base_rtp=float(eb / lines),
        free_spins_rtp=float(p_trig * ef / lines),
        buy_rtp=float(buy_rtp),
        buy_rtp_capped=_mid(buy_capped),
        hit_frequency=float(p_hit),
        free_spins_frequency=float(p_trig),
        free_spins_every=float(1 / p_trig) if p_trig else None,
        volatility=float(_sqrt(ex2 - ex * ex) / lines),
        buy_volatility=float(_sqrt(buy_ex2 - ef * ef) / lines),
        max_win=model.max_win,
        buy_price=model.buy_price,
        free_spins=n,
        feature_value=float(ef / lines),
        largest_round=largest / lines,
        cap_reachable=largest >= cap,
        cap=CapEffect(
            rtp_loss=_mid(rtp_loss),
            buy_rtp_loss=_mid(buy_loss),
            rtp_capped=_outwards(rtp_capped),
            buy_rtp_capped=_outwards(buy_capped),
            max_win_odds_base=_one_in(capped.base_reach),
            max_win_odds_buy=_one_in(capped.buy_reach),
            width={"rtp_capped": float(rtp_capped[1] - rtp_capped[0]),
                   "buy_rtp_capped": float(buy_capped[1] - buy_capped[0]),
                   "max_win_odds_base": _odds_width(capped.base_reach),
                   "max_win_odds_buy": _odds_width(capped.buy_reach)},
            step=capped.step,
            precision=PRECISION,
        ),
        max_win_odds=MaxWinOdds(base=_n(capped.base_reach), buy=_n(capped.buy_reach)),
        specials=per_special,
        symbol_rtp=shares,
        base_win_bands=bands,
        base_spin_max=max(b for b, _ in base.weights) / lines,
        model_sha256=model_digest(model),
    )


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


def _mid(pair: tuple[Fraction, Fraction]) -> float:
    return float((pair[0] + pair[1]) / 2)


def _outwards(pair: tuple[Fraction, Fraction]) -> tuple[float, float]:
    """Bounds as floats rounded outwards, so that they still bracket the true value."""
    low, high = float(pair[0]), float(pair[1])
    if Fraction(low) > pair[0]:
        low = math.nextafter(low, -math.inf)
    if Fraction(high) < pair[1]:
        high = math.nextafter(high, math.inf)
    return low, high


def _n(reach: tuple[Fraction, Fraction]) -> float | None:
    """N of "1 in N": one over the midpoint of the chance's bounds (None: never reached)."""
    mid = (reach[0] + reach[1]) / 2
    return float(1 / mid) if mid else None


def _one_in(reach: tuple[Fraction, Fraction]) -> tuple[float, float | None] | None:
    """Chance bounds as "1 in N" bounds ``(1 / high, 1 / low)``, rounded outwards; None when
    the cap is never reached, ``N_high`` None when the low bound on the chance is 0."""
    low, high = reach
    if not high:
        return None
    n_low, n_high = _outwards((1 / high, 1 / low if low else 1 / high))
    return n_low, (n_high if low else None)


def _odds_width(reach: tuple[Fraction, Fraction]) -> float | None:
    """(N_high - N_low) / N_low = high / low - 1; 0 when never reached, None when unbounded."""
    low, high = reach
    if not high:
        return 0.0
    return float(high / low - 1) if low else None


def _sqrt(x: Fraction) -> float:
    return math.sqrt(float(x))
