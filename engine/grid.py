"""The 5x3 window: names for its parts, its text form, and how a strip fills it.

A grid is ``grid[reel][row]``: reel 0..4 left to right, row 0..2 top to bottom.
Its one-line text form lists each reel's rows top to bottom, reels separated by
``|``; it round-trips:

>>> g = parse_grid("SANTA A K|BOOK Q J|A A A|K K K|J Q SANTA")
>>> g[1]
('BOOK', 'Q', 'J')
>>> format_grid(g)
'SANTA A K|BOOK Q J|A A A|K K K|J Q SANTA'
>>> window(("A", "K", "Q", "J"), 3)
('J', 'A', 'K')
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import GridError

REELS = 5
"""Reels in the window, left to right."""
ROWS = 3
"""Rows a reel shows, top to bottom."""

Symbol = str
"""A symbol's name as the model spells it: ``"SANTA"``, ``"BOOK"``..."""
Reel = int
"""A reel index, 0 (leftmost) to 4."""
Row = int
"""A row index, 0 (top) to 2."""
Stop = int
"""An index into a reel strip: the strip position shown in the top row."""
Column = tuple[Symbol, Symbol, Symbol]
"""The three symbols one reel shows, top to bottom."""
Grid = tuple[Column, Column, Column, Column, Column]
"""The whole window, ``grid[reel][row]``."""


def window(strip: Sequence[Symbol], stop: Stop) -> Column:
    """The three symbols a reel shows when it stops at ``stop`` (strips wrap around)."""
    n = len(strip)
    return (strip[stop % n], strip[(stop + 1) % n], strip[(stop + 2) % n])


def as_grid(value: object) -> Grid:
    """Check that ``value`` is 5 reels of 3 symbol names and return it as a tuple grid.

    >>> as_grid([["A"] * 3] * 4)
    Traceback (most recent call last):
    ...
    engine.errors.GridError: grid has 4 reels; a grid has 5 reels of 3 rows
    """
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise GridError(f"grid must be 5 reels of 3 rows, not {type(value).__name__}")
    if len(value) != REELS:
        raise GridError(f"grid has {len(value)} reels; a grid has 5 reels of 3 rows")
    columns = []
    for reel, column in enumerate(value):
        if isinstance(column, str) or not isinstance(column, Sequence) or len(column) != ROWS:
            raise GridError(f"reel {reel} of the grid is {column!r}; each reel has 3 rows")
        for row, name in enumerate(column):
            if not isinstance(name, str):
                raise GridError(f"grid[{reel}][{row}] is {name!r}, not a symbol name")
        columns.append((column[0], column[1], column[2]))
    return (columns[0], columns[1], columns[2], columns[3], columns[4])


def parse_grid(text: str) -> Grid:
    """Read a grid from its one-line text form (see the module docstring)."""
    reels = [column.split() for column in text.split("|")]
    return as_grid(reels)


def format_grid(grid: Sequence[Sequence[Symbol]]) -> str:
    """The one-line text form of a grid."""
    return "|".join(" ".join(column) for column in grid)
