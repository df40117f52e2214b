"""The only source of chance: an ``rng`` with Python's ``random.Random`` interface.

Play uses :func:`secure_rng` (``random.SystemRandom``: the operating system's generator on
CPython, the Web Crypto API's ``crypto.getRandomValues`` in Pyodide, through Emscripten's
``getentropy``). Tests, demos and replays use ``random.Random(seed)``, which gives the same
integers on every runtime, so a seed gives the same round on CPython and in the browser.

Only two kinds of draw are made, both through ``randrange`` (an exact uniform integer):

>>> import random
>>> rng = random.Random(7)
>>> draw_below(rng, 40) == random.Random(7).randrange(40)
True
"""

from __future__ import annotations

import random
from typing import Protocol

from .tables import WeightTable


class Rng(Protocol):
    """What the engine needs of a random generator (``random.Random`` has it)."""

    def randrange(self, start: int, stop: int | None = None, step: int = 1, /) -> int: ...


def draw_below(rng: Rng, n: int) -> int:
    """A uniform integer in ``0..n-1``: a reel stop."""
    return rng.randrange(n)


def draw_weighted(rng: Rng, table: WeightTable) -> int:
    """A value of ``table`` drawn with its weights: one ``randrange(total)``."""
    return table.pick(rng.randrange(table.total))


def secure_rng() -> random.SystemRandom:
    """The generator for real play: cryptographic, unseedable."""
    return random.SystemRandom()
