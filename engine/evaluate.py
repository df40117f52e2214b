"""Scoring one spin: line wins, book substitution and expansion, the expanding symbol.

Base game (docs/rules.md "Base game"): each line pays its reel-1 symbol for the run of
consecutive reels, from reel 1, that show it or a book; the highest (here: the only)
win per line; lines add up. Free spins (docs/rules.md "Free spins"): a reel showing a book
is a whole wild reel with its multiplier; a line win is multiplied by the product of
the multipliers of the wild reels inside its run; then the special expanding symbol
(SES) pays ``pay[SES][C] x lines x`` the product of every book reel's multiplier, where
C counts the reels showing the SES or a book.

>>> from engine import load_model
>>> model = load_model()
>>> ev = evaluate(model, parse_grid("SANTA A K|SANTA Q J|SANTA J Q|K K K|J Q A"))
>>> [(w.line, w.symbol, w.count) for w in ev.line_wins]   # top row; and line 7 (rows 0,0,1,..)
[(1, 'SANTA', 3), (7, 'SANTA', 2)]
>>> ev.total == model.pay("SANTA", 3) + model.pay("SANTA", 2)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .errors import FreeSpinError, GridError
from .grid import REELS, Reel, Symbol, as_grid, format_grid, parse_grid
from .model import BOOK_REELS, MULTIPLIERS, Model
from .tables import ReelView, reel_view, tables_for

__all__ = ["LineWin", "ExpandingWin", "Evaluation", "evaluate", "score", "parse_grid", "format_grid"]

NO_WILD = (0,) * REELS
"""No expanded book reels: the base game."""


@dataclass(frozen=True, slots=True)
class LineWin:
    """One payline's win."""

    line: int
    """The payline, 0-based."""
    symbol: Symbol
    """The paying symbol (the line's reel-1 symbol)."""
    count: int
    """How many consecutive reels from reel 1 the run covers."""
    multiplier: int
    """Product of the multipliers of the wild reels inside the run (1 in the base game)."""
    win: int
    """The win in line bets: pay x multiplier."""
    positions: tuple[tuple[int, int], ...]
    """The (reel, row) grid positions of the run."""


@dataclass(frozen=True, slots=True)
class ExpandingWin:
    """The special expanding symbol's win in a free spin."""

    symbol: Symbol
    """The SES."""
    reels: tuple[Reel, ...]
    """The reels that expand: those showing the SES or a book."""
    multiplier: int
    """Product of the multipliers of all book reels."""
    win: int
    """The win in line bets: pay[SES][len(reels)] x lines x multiplier."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The score of one spin, in line bets."""

    line_wins: tuple[LineWin, ...]
    """Each winning line, by line number."""
    expanding: ExpandingWin | None
    """The expanding win, if any (free spins only)."""
    books: int
    """How many reels show a book."""
    triggers_free_spins: bool
    """3 books in the base game. Always False in free spins: no retrigger."""
    total: int
    """The whole win in line bets."""

    @property
    def expanding_win(self) -> int:
        """The expanding win in line bets; 0 when there is none."""
        return self.expanding.win if self.expanding is not None else 0


def wild_reels(multipliers: Iterable[tuple[Reel, int]]) -> list[int]:
    """What :func:`score` takes as ``wild``: each expanded book reel's multiplier, 0 elsewhere.

    >>> wild_reels([(1, 3), (3, 2)])
    [0, 3, 0, 2, 0]
    """
    wild = [0] * REELS
    for reel, m in multipliers:
        wild[reel] = m
    return wild


def score(model: Model, views: Sequence[ReelView], special: int = -1,
          wild: Sequence[int] = NO_WILD) -> Evaluation:
    """Score five reel views. ``special`` is the SES id in free spins (-1 in the base game);
    ``wild[reel]`` is the multiplier of an expanded book reel, 0 for other reels."""
    t = tables_for(model)
    pays = t.pays
    names = model.symbols
    cells = t.cells
    wins: list[LineWin] = []
    total = 0
    for sid in views[0].symbols:
        pay = pays[sid]
        alive = views[0].masks[sid]
        mult = 1
        count = 1
        while alive and count < REELS:
            m = wild[count]
            nxt = alive if m else alive & views[count].masks[sid]
            ended = alive ^ nxt
            if ended and pay[count]:
                total += _record(wins, names[sid], count, mult, pay[count] * mult, ended, cells)
            alive = nxt
            if m:
                mult *= m
            count += 1
        if alive and pay[REELS]:  # a run through every reel
            total += _record(wins, names[sid], REELS, mult, pay[REELS] * mult, alive, cells)
    if len(wins) > 1:
        wins.sort(key=_by_line)
    books = sum(views[r].book for r in BOOK_REELS)
    expanding = None
    if special >= 0:
        bit = 1 << special
        reels = tuple(r for r in range(REELS) if wild[r] or views[r].shown & bit)
        pay_c = pays[special][len(reels)]
        if pay_c:
            product = 1
            for m in wild:
                if m:
                    product *= m
            expanding = ExpandingWin(names[special], reels, product, pay_c * t.lines * product)
            total += expanding.win
    return Evaluation(tuple(wins), expanding, books, special < 0 and books == 3, total)


def _by_line(win: LineWin) -> int:
    return win.line


def _record(wins: list[LineWin], symbol: Symbol, count: int, mult: int, each: int, lines: int,
            cells: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]) -> int:
    n = 0
    while lines:
        low = lines & -lines
        line = low.bit_length() - 1
        wins.append(LineWin(line, symbol, count, mult, each, cells[line][count]))
        lines ^= low
        n += 1
    return n * each


def evaluate(model: Model, grid: Sequence[Sequence[Symbol]], special: Symbol | None = None,
             multipliers: Mapping[Reel, int] | None = None) -> Evaluation:
    """Score a 5x3 grid of symbol names: the base game, or a free spin when ``special`` (the SES)
    is given, with ``multipliers`` mapping each reel (0-based) that shows a book to its multiplier.

    Raises :class:`~engine.errors.GridError` naming the fault for a grid of the wrong shape, an
    unknown symbol or a misplaced book (on reel 1 or 5, two on a reel), and
    :class:`~engine.errors.FreeSpinError` for an unknown special symbol or a missing, extra or
    out-of-range multiplier.
    """
    g = as_grid(grid)
    known = set(model.symbols) | {model.wild}
    for reel, column in enumerate(g):
        for row, name in enumerate(column):
            if name not in known:
                raise GridError(f"grid[{reel}][{row}] is {name!r}, not a symbol of the model")
        books = column.count(model.wild)
        if books and reel not in BOOK_REELS:
            raise GridError(f"a {model.wild} on reel {reel + 1} (grid[{reel}]); books land on reels 2, 3 and 4 only")
        if books > 1:
            raise GridError(f"reel {reel + 1} (grid[{reel}]) shows {books} books; a reel shows one at most")
    sid = tables_for(model).symbol_id
    views = [reel_view(model, sid, reel, column) for reel, column in enumerate(g)]
    if special is None:
        if multipliers:
            raise FreeSpinError("multipliers apply only in free spins: give the special symbol too")
        return score(model, views)
    if special not in sid:
        raise FreeSpinError(f"special symbol {special!r} is not a paying symbol of the model")
    given = dict(multipliers or {})
    pairs = []
    for reel, view in enumerate(views):
        if not view.book:
            continue
        if reel not in given:
            raise FreeSpinError(f"reel {reel} shows a book but has no multiplier")
        m = given.pop(reel)
        if isinstance(m, bool) or not isinstance(m, int) or m not in MULTIPLIERS:
            raise FreeSpinError(f"multiplier {m!r} of reel {reel} is not one of {list(MULTIPLIERS)}")
        pairs.append((reel, m))
    if given:
        reel = next(iter(given))
        raise FreeSpinError(f"multiplier given for reel {reel!r}, which shows no book")
    return score(model, views, sid[special], wild_reels(pairs))
