"""Exact distributions of a base spin's and a free spin's win: dynamic programmes over the
reels (see :mod:`engine.par`). Amounts in line bets."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..grid import REELS
from ..model import BOOK_REELS, Model
from ..tables import ReelView, advance, tables_for

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
    t = tables_for(model)
    pays = t.pays
    groups = [_groups(reel) for reel in t.base]
    lengths = [len(reel) for reel in t.base]
    states: dict[tuple[tuple[tuple[int, int], ...], int, bool], int] = defaultdict(int)
    for view, c in groups[0]:
        alive = tuple((sid, view.masks[sid]) for sid in view.symbols)
        states[(alive, 0, True)] += c
    for r in range(1, REELS):
        new: dict[tuple[tuple[tuple[int, int], ...], int, bool], int] = defaultdict(int)
        book_reel = r in BOOK_REELS
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
        w = win + sum(pays[sid][REELS] * mask.bit_count() for sid, mask in alive)
        weights[(w, trig)] += n
    total = 1
    for length in lengths:
        total *= length
    return BaseDistribution(dict(weights), total)


def free_spin_distribution(model: Model, special: str) -> tuple[Dist, int]:
    """Exact distribution of one free spin's whole win with ``special`` as the SES, as integer
    weights over ``prod(strip length x total multiplier weight)``."""
    t = tables_for(model)
    pays = t.pays
    sid_s = t.symbol_id[special]
    bit = 1 << sid_s
    groups = [_groups(reel) for reel in t.free]
    mults = model.multiplier_weights
    wsum = t.multipliers.total
    # tails[r]: what reels r..4 do to a spin whose lines have all ended: the product of their
    # book multipliers and how many of them show the SES or a book -> weight.
    tails: list[dict[tuple[int, int], int]] = [{} for _ in range(REELS + 1)]
    tails[REELS] = {(1, 0): 1}
    for r in range(REELS - 1, 0, -1):
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
    for r in range(1, REELS):
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
        fixed = sum(pays[sid][REELS] * mask.bit_count() for sid, mask in alive)
        for (prod, win, count), n in subs.items():
            dist[win + fixed * prod + pay_s[count] * t.lines * prod] += n
    total = 1
    for reel in t.free:
        total *= len(reel) * wsum
    return dict(dist), total


def moments(dist: Dist, total: int) -> tuple[Fraction, Fraction]:
    """The mean and second moment of a distribution over ``total``."""
    return (Fraction(sum(w * n for w, n in dist.items()), total),
            Fraction(sum(w * w * n for w, n in dist.items()), total))
