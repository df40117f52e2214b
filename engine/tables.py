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

    return Tables(
        symbol_id=symbol_id,
        pays=tuple(model.paytable[s] for s in model.symbols),
        lines=len(model.paylines),
        all_lines=(1 << len(model.paylines)) - 1,
        base=views(model.base_strips),
        free=views(model.free_strips),
        specials=_weights(tuple((symbol_id[s], w) for s, w in model.special_weights)),
        multipliers=_weights(model.multiplier_weights),
        cells=tuple(
            tuple(tuple((reel, rows[reel]) for reel in range(count)) for count in range(len(rows) + 1))
            for rows in model.paylines
        ),
    )
