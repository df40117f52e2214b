"""The only source of chance: an ``rng`` with Python's ``random.Random`` interface, and how
its integers become outcomes.

Play uses :func:`secure_rng` (``random.SystemRandom``: the operating system's generator on
CPython, the Web Crypto API's ``crypto.getRandomValues`` in Pyodide, through Emscripten's
``getentropy``). Tests, demos and replays use ``random.Random(seed)``, which gives the same
integers on every runtime, so a seed gives the same round on CPython and in the browser.

Only two kinds of draw are made, both through ``randrange`` (an exact uniform integer): a
spin's stops, one ``randrange`` over every stop combination (read by :func:`decode`), and
weighted picks (:func:`draw_weighted`). Both can be turned back into the draw that gives them
(:func:`encode`, :meth:`WeightTable.draw_for`), which is how a saved round is replayed
(:class:`Replay`):

>>> import random
>>> table = WeightTable(values=(1, 2, 3), cumulative=(50, 80, 100), total=100)
>>> draw_weighted(random.Random(7), table) == table.pick(random.Random(7).randrange(100))
True
>>> table.pick(table.draw_for(2))
2
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Protocol

from .errors import ReplayError as ReplayError  # raised here; importable from here as before


class Rng(Protocol):
    """What the engine needs of a random generator (``random.Random`` has it)."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1, /) -> int: ...


@dataclass(frozen=True, slots=True)
class WeightTable:
    """A weighted draw: ``rng.randrange(total)`` picks the value whose cumulative band holds it."""

    values: tuple[int, ...]
    cumulative: tuple[int, ...]
    total: int

    @classmethod
    def of(cls, pairs: Sequence[tuple[int, int]]) -> WeightTable:
        """The table of ``(value, weight)`` pairs, in that order (weights positive)."""
        cumulative = tuple(accumulate(w for _, w in pairs))
        return cls(tuple(v for v, _ in pairs), cumulative, cumulative[-1])

    def pick(self, x: int) -> int:
        """The value drawn when the random integer in ``0..total-1`` is ``x``."""
        return self.values[bisect_right(self.cumulative, x)]

    def draw_for(self, value: int) -> int:
        """The first random integer that picks ``value``; ReplayError if no draw can."""
        if value not in self.values:
            raise ReplayError(f"{value!r} cannot be drawn")
        i = self.values.index(value)
        return self.cumulative[i - 1] if i else 0


def draw_weighted(rng: Rng, table: WeightTable) -> int:
    """A value of ``table`` drawn with its weights: one ``randrange(total)``."""
    return table.pick(rng.randrange(table.total))


def decode(index: int, lengths: Sequence[int]) -> tuple[int, ...]:
    """The stops encoded by one draw ``index`` in ``0 .. prod(lengths)-1``, reel 1 most
    significant: ``index = (((s1*L2 + s2)*L3 + s3)*L4 + s4)*L5 + s5``.

    >>> decode(2 * 4 * 5 + 3 * 5 + 4, (3, 4, 5))
    (2, 3, 4)
    >>> encode((2, 3, 4), (3, 4, 5)) == 2 * 4 * 5 + 3 * 5 + 4
    True
    """
    stops = []
    for n in reversed(lengths):
        index, s = divmod(index, n)
        stops.append(s)
    return tuple(reversed(stops))


def encode(stops: Sequence[int], lengths: Sequence[int]) -> int:
    """The draw that :func:`decode` reads as ``stops``; ReplayError for a stop off its strip."""
    index = 0
    for stop, n in zip(stops, lengths, strict=True):
        if not 0 <= stop < n:
            raise ReplayError(f"stop {stop} is off a strip of {n} stops")
        index = index * n + stop
    return index


class Replay:
    """An rng that gives back recorded draws, in order: ``randrange(n)`` returns the next one
    and raises :class:`ReplayError` when none is left or it is not below ``n``."""

    def __init__(self, draws: Sequence[int]) -> None:
        self._draws = list(draws)
        self.used = 0
        """How many draws have been given."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1, /) -> int:
        if stop is not None or step != 1:
            raise ReplayError("a replay only answers randrange(n)")
        if self.used == len(self._draws):
            raise ReplayError(f"the rules ask for draw {self.used + 1}; the record has {len(self._draws)}")
        x = self._draws[self.used]
        if not 0 <= x < start:
            shown = x if x.bit_length() <= 64 else f"of {x.bit_length()} bits"
            raise ReplayError(f"recorded draw {shown} is outside 0..{start - 1}")
        self.used += 1
        return x

    @property
    def left(self) -> int:
        """Recorded draws not yet given."""
        return len(self._draws) - self.used


def secure_rng() -> random.SystemRandom:
    """The generator for real play: cryptographic, unseedable."""
    return random.SystemRandom()
