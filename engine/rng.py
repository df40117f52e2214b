"""The only source of chance: an ``rng`` with Python's ``random.Random`` interface.

Play uses :func:`secure_rng` (``random.SystemRandom``: the operating system's generator on
CPython, the Web Crypto API's ``crypto.getRandomValues`` in Pyodide, through Emscripten's
``getentropy``). Tests, demos and replays use ``random.Random(seed)``, which gives the same
integers on every runtime, so a seed gives the same round on CPython and in the browser.

Only two kinds of draw are made, both through ``randrange`` (an exact uniform integer): a
spin's stops, one ``randrange`` over every stop combination (read by
:func:`engine.tables.decode`), and weighted picks:

>>> import random
>>> from engine.tables import WeightTable
>>> table = WeightTable(values=(1, 2, 3), cumulative=(50, 80, 100), total=100)
>>> draw_weighted(random.Random(7), table) == table.pick(random.Random(7).randrange(100))
True
"""

from __future__ import annotations

import random
from typing import Protocol

from .tables import WeightTable


class Rng(Protocol):
    """What the engine needs of a random generator (``random.Random`` has it)."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1, /) -> int: ...


def draw_weighted(rng: Rng, table: WeightTable) -> int:
    """A value of ``table`` drawn with its weights: one ``randrange(total)``."""
    return table.pick(rng.randrange(table.total))


def secure_rng() -> random.SystemRandom:
    """The generator for real play: cryptographic, unseedable."""
    return random.SystemRandom()
