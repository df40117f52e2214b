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

The cap (``max_win`` total bets) is the one thing not computed exactly: a feature's total is
a sum of ``n`` free spins, and its exact distribution near the cap is not built. Its effect,
``E[(X - cap)+]``, is bounded instead by :func:`cap_loss_bounds`: each free spin's win is
rounded down to a multiple of ``h = cap / CAP_BUCKETS`` line bets, the rounded sum's
distribution (clipped at the cap) is built by convolution, and with ``Sd <= S <= Sd + n*h``
(plus ``h`` for the base spin) ``E[(Sd - cap)+] <= E[(S - cap)+] <= E[(Sd - (cap - (n+1)h))+]``.
RTP figures are given exactly without the cap, and the cap's lowering of them within those
bounds.

The odds of the max win, ``P(S >= cap)``, are bracketed the same way by :func:`cap_odds`
(:mod:`.odds`): free-spin wins rounded down and up to a grid, the sums convolved in exact
fixed-point integers, the grid refined until the two bounds are within 2%.

All amounts below are in line bets until the sheet converts them to total bets.

The package reads top-down: :mod:`.distributions` (the dynamic programmes), :mod:`.cap` (the
cap's bounds), :mod:`.odds` (the max win's odds), :mod:`.shares` (linearity: symbol shares and
the fast means), :mod:`.sheet` (the typed :class:`ParSheet` assembled from them) and
:mod:`.render` (the sheet as JSON and as text, one function per format).
"""

from .cap import MAX_SLOTS, PRECISION, CapFigures, capped_figures
from .distributions import BaseDistribution, Dist, base_distribution, free_spin_distribution
from .render import render_sheet, sheet_json
from .shares import line_shares, mean_figures, trigger_probability
from .sheet import BANDS, CapEffect, MaxWinOdds, ParSheet, SpecialFigures, par_sheet

__all__ = [
    "BANDS", "MAX_SLOTS", "PRECISION", "BaseDistribution", "CapEffect", "CapFigures", "Dist",
    "MaxWinOdds", "ParSheet", "SpecialFigures", "base_distribution", "capped_figures",
    "free_spin_distribution", "line_shares", "mean_figures", "par_sheet", "render_sheet",
    "sheet_json", "trigger_probability",
]
