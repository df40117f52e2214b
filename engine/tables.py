"""Lookup tables built once from a model, so that evaluating a spin is a few bit operations.

For each reel and each stop, a :class:`ReelView` says which of the ten lines run
through a cell showing each paying symbol (or a book, which substitutes). A line's
run of symbol ``s`` is then the AND of the reels' masks for ``s``, reel after reel.
The same view is built for a hand-made grid, so hand-made and drawn spins share one
evaluation path.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import TYPE_CHECKING

from .grid import Column, Reel, window

if TYPE_CHECKING:
    from .model import Model


@dataclass(frozen=True, slots=True)
class ReelView:
    """What one reel shows, in the forms evaluation needs."""

    column: Column
    """The three symbols shown, top to bottom."""
    masks: tuple[int, ...]
    """Per symbol id: a bit per line whose cell on this reel shows that symbol or a book."""
    symbols: tuple[int, ...]
    """Ids of the paying symbols shown, ascending, each once."""
    shown: int
    """The same as a bit set: bit ``id`` is set when that symbol shows."""
    book: bool
    """Whether a book shows."""


@dataclass(frozen=True, slots=True)
class WeightTable:
    """A weighted draw: ``rng.randrange(total)`` picks the value whose cumulative band holds it."""

    values: tuple[int, ...]
    cumulative: tuple[int, ...]
    total: int

    def pick(self, x: int) -> int:
        """The value drawn when the random integer in ``0..total-1`` is ``x``."""
        return self.values[bisect_right(self.cumulative, x)]


Alive = tuple[tuple[int, int], ...]
"""Lines still running: (reel-1 symbol id, bit set of its lines) for each symbol with any."""

Prefix = tuple[int, Alive, bool]
"""What reels 1-3 of a base spin settle: the pay (line bets) of the lines that ended, the lines
still running, and whether reels 2 and 3 both show a book."""


def advance(alive: Alive, view: ReelView, pays: tuple[tuple[int, ...], ...], reel: int) -> tuple[Alive, int]:
    """Run the lines in ``alive`` onto ``reel`` showing ``view``: the lines still running, and
    the pay (in line bets, before multipliers) of the lines whose run ends before this reel."""
    inc = 0
    nxt_alive = []
    for sid, mask in alive:
        nxt = mask & view.masks[sid]
        ended = mask ^ nxt
        if ended:
            inc += pays[sid][reel] * ended.bit_count()
        if nxt:
            nxt_alive.append((sid, nxt))
    return tuple(nxt_alive), inc


def decode(index: int, lengths: tuple[int, ...]) -> tuple[int, ...]:
    """The stops encoded by one draw ``index`` in ``0 .. prod(lengths)-1``, reel 1 most
    significant: ``index = (((s1*L2 + s2)*L3 + s3)*L4 + s4)*L5 + s5``.

    >>> decode(2 * 4 * 5 + 3 * 5 + 4, (3, 4, 5))
    (2, 3, 4)
    """
    stops = []
    for n in reversed(lengths):
        index, s = divmod(index, n)
        stops.append(s)
    return tuple(reversed(stops))


@dataclass(frozen=True, slots=True)
class Tables:
    """Everything evaluation needs, indexed by small ints."""

    symbol_id: dict[str, int]
    """Paying symbol name -> id (paytable order)."""
    pays: tuple[tuple[int, ...], ...]
    """``pays[id][count]`` in line bets."""
    lines: int
    """Number of paylines."""
    all_lines: int
    """A mask with every line's bit set."""
    base: tuple[tuple[ReelView, ...], ...]
    """``base[reel][stop]`` for the base-game strips."""
    free: tuple[tuple[ReelView, ...], ...]
    """``free[reel][stop]`` for the free-spins strips."""
    specials: WeightTable
    """The special expanding symbol draw, over symbol ids."""
    multipliers: WeightTable
    """A book reel's multiplier draw."""
    cells: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """``cells[line][count]``: the (reel, row) cells of a run of ``count`` on ``line``."""
    bet_levels: frozenset[int]
    """The model's bets, for a quick membership test."""
    base_lengths: tuple[int, ...]
    """The base strips' lengths."""
    free_lengths: tuple[int, ...]
    """The free-spins strips' lengths."""
    base_combos: int
    """How many stop combinations the base strips have (one draw picks one)."""
    free_combos: int
    """How many stop combinations the free-spins strips have."""
    suffix: tuple[tuple[ReelView, ReelView], ...]
    """``suffix[s4 * L5 + s5]``: the base views of reels 4 and 5."""
    prefix: list[Prefix | None]
    """``prefix[(s1 * L2 + s2) * L3 + s3]``: what base reels 1-3 settle, filled on first use."""

    def base_outcome(self, index: int) -> tuple[int, bool]:
        """The line win (line bets) and trigger of the base spin drawn as ``index``: three
        reels from the prefix table, the two others only for lines still running."""
        p, q = divmod(index, len(self.suffix))
        entry = self.prefix[p]
        if entry is None:
            entry = self._fill(p)
        win, alive, books = entry
        v4, v5 = self.suffix[q]
        pays = self.pays
        for sid, mask in alive:
            nxt = mask & v4.masks[sid]
            ended = mask ^ nxt
            if ended:
                win += pays[sid][3] * ended.bit_count()
            if nxt:
                last = nxt & v5.masks[sid]
                ended = nxt ^ last
                if ended:
                    win += pays[sid][4] * ended.bit_count()
                if last:
                    win += pays[sid][5] * last.bit_count()
        return win, books and v4.book

    def _fill(self, p: int) -> Prefix:
        s1, s2, s3 = decode(p, self.base_lengths[:3])
        v1, v2, v3 = self.base[0][s1], self.base[1][s2], self.base[2][s3]
        alive = tuple((sid, v1.masks[sid]) for sid in v1.symbols)
        alive, win2 = advance(alive, v2, self.pays, 1)
        alive, win3 = advance(alive, v3, self.pays, 2)
        entry = (win2 + win3, alive, v2.book and v3.book)
        self.prefix[p] = entry
        return entry


def reel_view(model: Model, symbol_id: dict[str, int], reel: Reel, column: Column) -> ReelView:
    """Build the view of one reel showing ``column``."""
    book = model.wild in column
    masks = []
    for symbol in model.symbols:
        mask = 0
        for line, rows in enumerate(model.paylines):
            cell = column[rows[reel]]
            if cell == symbol or cell == model.wild:
                mask |= 1 << line
        masks.append(mask)
    ids = sorted({symbol_id[s] for s in column if s != model.wild})
    shown = 0
    for i in ids:
        shown |= 1 << i
    return ReelView(column, tuple(masks), tuple(ids), shown, book)


def _weights(pairs: tuple[tuple[int, int], ...]) -> WeightTable:
    values = tuple(v for v, _ in pairs)
    cumulative = tuple(accumulate(w for _, w in pairs))
    return WeightTable(values, cumulative, cumulative[-1])


def build_tables(model: Model) -> Tables:
    """Precompute every reel view of both strip sets and the weighted draws."""
    symbol_id = {s: i for i, s in enumerate(model.symbols)}

    def views(strips: tuple[tuple[str, ...], ...]) -> tuple[tuple[ReelView, ...], ...]:
        return tuple(
            tuple(reel_view(model, symbol_id, reel, window(strip, stop)) for stop in range(len(strip)))
            for reel, strip in enumerate(strips)
        )

    base = views(model.base_strips)
    base_lengths = tuple(len(s) for s in model.base_strips)
    free_lengths = tuple(len(s) for s in model.free_strips)
    return Tables(
        symbol_id=symbol_id,
        pays=tuple(model.paytable[s] for s in model.symbols),
        lines=len(model.paylines),
        all_lines=(1 << len(model.paylines)) - 1,
        base=base,
        free=views(model.free_strips),
        specials=_weights(tuple((symbol_id[s], w) for s, w in model.special_weights)),
        multipliers=_weights(model.multiplier_weights),
        cells=tuple(
            tuple(tuple((reel, rows[reel]) for reel in range(count)) for count in range(len(rows) + 1))
            for rows in model.paylines
        ),
        bet_levels=frozenset(model.bets),
        base_lengths=base_lengths,
        free_lengths=free_lengths,
        base_combos=_product(base_lengths),
        free_combos=_product(free_lengths),
        suffix=tuple((a, b) for a in base[3] for b in base[4]),
        prefix=[None] * _product(base_lengths[:3]),
    )


def _product(values: tuple[int, ...]) -> int:
    out = 1
    for v in values:
        out *= v
    return out
