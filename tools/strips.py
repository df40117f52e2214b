"""Build reel strips from symbol counts: the tool behind engine/data/model.json's strips.

    python tools/strips.py SPEC.json > strips.json

A spec gives, per reel set and reel, how many of each symbol the strip holds. Symbols are
spread evenly (each symbol's copies at equal spacing, deterministic), books at least 3 stops
apart, and no symbol stands next to itself where that can be avoided, so the strips look
like a real slot's and the maths is exactly what the counts say.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def build_strip(counts: dict[str, int], book: str = "BOOK") -> list[str]:
    """An evenly spread strip with ``counts[symbol]`` copies of each symbol."""
    n = sum(counts.values())
    slots: list[tuple[float, int, str]] = []
    for k, (symbol, c) in enumerate(sorted(counts.items())):
        for i in range(c):
            # Equal spacing with a per-symbol phase, so copies of one symbol never bunch.
            slots.append(((i + (k * 0.618) % 1) / c, k, symbol))
    strip = [s for _, _, s in sorted(slots)]
    # Separate books (gap >= 3) and neighbours that repeat, by local swaps.
    for _ in range(50 * n):
        bad = _first_fault(strip, book)
        if bad is None:
            return strip
        for j in range(n):
            k = (bad + 2 + j) % n
            trial = strip[:]
            trial[bad], trial[k] = trial[k], trial[bad]
            if _faults(trial, book) < _faults(strip, book):
                strip = trial
                break
        else:
            break
    if any(_book_gap_bad(strip, i, book) for i in range(n)):
        raise ValueError(f"cannot space {counts.get(book, 0)} books on a strip of {n}")
    return strip


def _book_gap_bad(strip: list[str], i: int, book: str) -> bool:
    n = len(strip)
    return strip[i] == book and any(strip[(i + d) % n] == book for d in (1, 2))


def _fault_at(strip: list[str], i: int, book: str) -> bool:
    return _book_gap_bad(strip, i, book) or strip[i] == strip[(i + 1) % len(strip)]


def _faults(strip: list[str], book: str) -> int:
    return sum(_fault_at(strip, i, book) for i in range(len(strip)))


def _first_fault(strip: list[str], book: str) -> int | None:
    return next((i for i in range(len(strip)) if _fault_at(strip, i, book)), None)


def build(spec: dict[str, Any]) -> dict[str, list[list[str]]]:
    """``{"base": [counts per reel x5], "free_spins": [...]}`` -> the model's ``reels``."""
    return {name: [build_strip(c) for c in reels] for name, reels in spec.items()}


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        json.dump(build(json.load(f)), sys.stdout)
