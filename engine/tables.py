"""Lookup tables built once from a model, so that evaluating a spin is a few bit operations.

For each reel and each stop, a :class:`ReelView` says which of the ten lines run
through a cell showing each paying symbol (or a book, which substitutes). A line's
run of symbol ``s`` is then the AND of the reels' masks for ``s``, reel after reel.
The same view is built for a hand-made grid, so hand-made and drawn spins share one
evaluation path.

The model is a plain value; :func:`tables_for` builds a model's tables once and keeps them
while the model lives, and the rest of the engine asks it for them.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass

from .grid import REELS, Column, Reel, window
from .model import Model
from .rng import WeightTable, decode


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
    base_outcomes: BaseOutcomes
    """The line win and trigger of a base spin from its draw, without building the spin."""


class BaseOutcomes:
    """A memo of base spins' outcomes by draw: reels 1-3 are settled once per combination of
    their stops (on first use: there are too many to settle up front), reels 4 and 5 per spin.

    Not a value: its table fills as rounds are played. It only ever caches what
    :func:`engine.evaluate.score` would compute for the same stops.
    """

    __slots__ = ("_base", "_pays", "_lengths", "_suffix", "_prefix")

    def __init__(self, base: tuple[tuple[ReelView, ...], ...], pays: tuple[tuple[int, ...], ...],
                 lengths: tuple[int, ...]) -> None:
        self._base, self._pays, self._lengths = base, pays, lengths
        self._suffix = tuple((a, b) for a in base[3] for b in base[4])
        """``suffix[s4 * L5 + s5]``: the base views of reels 4 and 5."""
        self._prefix: list[Prefix | None] = [None] * (lengths[0] * lengths[1] * lengths[2])
        """``prefix[(s1 * L2 + s2) * L3 + s3]``: what base reels 1-3 settle, once known."""

    def outcome(self, index: int) -> tuple[int, bool]:
        """The line win (line bets) and trigger of the base spin drawn as ``index``: three
        reels from the prefix table, the two others only for lines still running."""
        p, q = divmod(index, len(self._suffix))
        entry = self._prefix[p]
        if entry is None:
            entry = self._fill(p)
        win, alive, books = entry
        v4, v5 = self._suffix[q]
        pays = self._pays
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
                    win += pays[sid][REELS] * last.bit_count()
        return win, books and v4.book

    def _fill(self, p: int) -> Prefix:
        s1, s2, s3 = decode(p, self._lengths[:3])
        v1, v2, v3 = self._base[0][s1], self._base[1][s2], self._base[2][s3]
        alive = tuple((sid, v1.masks[sid]) for sid in v1.symbols)
        alive, win2 = advance(alive, v2, self._pays, 1)
        alive, win3 = advance(alive, v3, self._pays, 2)
        entry = (win2 + win3, alive, v2.book and v3.book)
        self._prefix[p] = entry
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


_BUILT: dict[int, tuple[weakref.ref[Model], Tables]] = {}


def tables_for(model: Model) -> Tables:
    """The tables of ``model``, built on first use and kept while the model lives."""
    entry = _BUILT.get(id(model))
    if entry is not None and entry[0]() is model:
        return entry[1]
    tables = build_tables(model)
    _BUILT[id(model)] = (weakref.ref(model), tables)
    weakref.finalize(model, _BUILT.pop, id(model), None)
    return tables


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
    pays = tuple(model.paytable[s] for s in model.symbols)
    return Tables(
        symbol_id=symbol_id,
        pays=pays,
        lines=len(model.paylines),
        all_lines=(1 << len(model.paylines)) - 1,
        base=base,
        free=views(model.free_strips),
        specials=WeightTable.of([(symbol_id[s], w) for s, w in model.special_weights]),
        multipliers=WeightTable.of(model.multiplier_weights),
        cells=tuple(
            tuple(tuple((reel, rows[reel]) for reel in range(count)) for count in range(len(rows) + 1))
            for rows in model.paylines
        ),
        bet_levels=frozenset(model.bets),
        base_lengths=base_lengths,
        free_lengths=free_lengths,
        base_combos=math.prod(base_lengths),
        free_combos=math.prod(free_lengths),
        base_outcomes=BaseOutcomes(base, pays, base_lengths),
    )

