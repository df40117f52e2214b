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
* **The cap** (``max_win`` total bets) is applied to a round's whole win, so the capped RTPs
  and the chance of reaching the cap need the distribution of a feature's total, a sum of
  ``free_spins`` spins, not only its moments. :func:`capped_figures` (:mod:`.cap`) builds it
  below the cap line bet by line bet: repeated squaring of a free spin's distribution, each
  product truncated at the cap and computed as one exact integer product (Kronecker
  substitution through :mod:`decimal`), in a fixed point rounded down so that every array is a
  sub-measure of the truth with a bound on the mass it misses; the last addition is a dot
  product. The results are proven bounds about 10^-12 apart in RTP (10^-9 relative in the max
  win's odds), far inside the digits a sheet shows; the sheet gives their midpoints as its one
  figure each and keeps the bounds and their widths (:class:`CapEffect`).

All amounts below are in line bets until the sheet converts them to total bets.

The package reads top-down: :mod:`.distributions` (the dynamic programmes), :mod:`.cap` (the
cap's loss and the max win's odds), :mod:`.shares` (linearity: symbol shares and the fast
means), :mod:`.sheet` (the typed :class:`ParSheet` assembled from them) and
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
