"""One spin of the reels: what stopped, what it showed, what it paid; and its JSON form."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import GridError, SavedRoundError
from .evaluate import Evaluation, ExpandingWin, LineWin, score
from .grid import REELS, Grid, Stop, Symbol, as_grid
from .model import WILD, Model
from .rng import Rng, decode
from .tables import tables_for


class SpinKind(enum.StrEnum):
    """Which strips a spin stopped on."""

    BASE = "base"
    FREE = "free"


@dataclass(frozen=True, slots=True)
class Spin:
    """A spin and its score (amounts in line bets)."""

    kind: SpinKind
    """A base spin or a free spin."""
    stops: tuple[Stop, ...]
    """Where each of the five strips stopped."""
    grid: Grid
    """What the window showed, ``grid[reel][row]``, before any expansion."""
    special: Symbol | None
    """The feature's special expanding symbol; None in a base spin."""
    multipliers: tuple[tuple[int, int], ...]
    """``(reel, multiplier)`` for each book reel of a free spin, left to right; empty otherwise."""
    evaluation: Evaluation
    """The spin's score."""

    @property
    def win(self) -> int:
        """The whole win of the spin in line bets (before any cap)."""
        return self.evaluation.total

    def book_positions(self) -> list[list[int]]:
        """``[reel, row]`` of each book shown."""
        return [[reel, column.index(WILD)] for reel, column in enumerate(self.grid) if WILD in column]

    def to_dict(self, line_bet: int) -> dict[str, Any]:
        """The spin's JSON form, amounts in minor units at ``line_bet``."""
        ev = self.evaluation
        product = 1
        for _, m in self.multipliers:
            product *= m
        return {
            "kind": self.kind.value,
            "stops": list(self.stops),
            "grid": [list(column) for column in self.grid],
            "special": self.special,
            "multipliers": {str(reel): m for reel, m in self.multipliers},
            "multiplier": product,
            "books": self.book_positions(),
            "triggers": ev.triggers_free_spins,
            "line_wins": [
                {"line": w.line, "symbol": w.symbol, "count": w.count, "multiplier": w.multiplier,
                 "amount": w.win * line_bet, "positions": [list(p) for p in w.positions]}
                for w in ev.line_wins
            ],
            "expanding_win": None if ev.expanding is None else {
                "symbol": ev.expanding.symbol, "reels": list(ev.expanding.reels),
                "multiplier": ev.expanding.multiplier, "amount": ev.expanding.win * line_bet,
            },
            "win": ev.total * line_bet,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], line_bet: int) -> Spin:
        """Read a spin back from :meth:`to_dict`; :class:`~engine.errors.SavedRoundError` naming
        the fault if it is malformed."""
        kind = SpinKind(_get(d, "kind", str))
        stops = tuple(_int(s, "stops") for s in _get(d, "stops", list))
        if len(stops) != REELS:
            raise SavedRoundError(f"spin stops {list(stops)} are not {REELS} stops")
        try:
            grid = as_grid(_get(d, "grid", list))
        except GridError as exc:
            raise SavedRoundError(str(exc)) from None
        special = d.get("special")
        if special is not None and not isinstance(special, str):
            raise SavedRoundError(f"spin special {special!r} is not a symbol name")
        multipliers = tuple(sorted((int(r), _int(m, "multipliers"))
                                   for r, m in _get(d, "multipliers", dict).items()))
        wins = []
        for w in _get(d, "line_wins", list):
            wins.append(LineWin(
                _int(w.get("line"), "line"), _get(w, "symbol", str), _int(w.get("count"), "count"),
                _int(w.get("multiplier"), "multiplier"), _units(w.get("amount"), line_bet),
                tuple((_int(p[0], "position"), _int(p[1], "position")) for p in _get(w, "positions", list)),
            ))
        e = d.get("expanding_win")
        expanding = None if e is None else ExpandingWin(
            _get(e, "symbol", str), tuple(_int(r, "reels") for r in _get(e, "reels", list)),
            _int(e.get("multiplier"), "multiplier"), _units(e.get("amount"), line_bet))
        books = len(_get(d, "books", list))
        total = sum(w.win for w in wins) + (expanding.win if expanding else 0)
        if total * line_bet != d.get("win"):
            raise SavedRoundError(f"spin win {d.get('win')!r} is not the sum of its wins ({total * line_bet})")
        ev = Evaluation(tuple(wins), expanding, books, bool(_get(d, "triggers", bool)), total)
        return cls(kind, stops, grid, special, multipliers, ev)


def _get(d: Mapping[str, Any], key: str, kind: type) -> Any:
    if not isinstance(d, Mapping):
        raise SavedRoundError(f"expected an object with {key!r}, got {d!r}")
    value = d.get(key)
    if not isinstance(value, kind):
        raise SavedRoundError(f"{key!r} is {value!r}, not a {kind.__name__}")
    return value


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SavedRoundError(f"{what} {value!r} is not an integer")
    return value


def _units(amount: object, line_bet: int) -> int:
    minor = _int(amount, "amount")
    if minor < 0 or minor % line_bet:
        raise SavedRoundError(f"amount {minor} is not a whole number of line bets of {line_bet}")
    return minor // line_bet


def base_spin(model: Model, rng: Rng) -> Spin:
    """Stop the five base strips at uniform random positions (one draw over every stop
    combination, see :func:`engine.rng.decode`) and score the window."""
    return base_spin_at(model, rng.randrange(tables_for(model).base_combos))


def base_spin_at(model: Model, index: int) -> Spin:
    """The base spin whose stops are encoded by the draw ``index``."""
    t = tables_for(model)
    stops = decode(index, t.base_lengths)
    views = [reel[stop] for reel, stop in zip(t.base, stops)]
    grid = (views[0].column, views[1].column, views[2].column, views[3].column, views[4].column)
    return Spin(SpinKind.BASE, stops, grid, None, (), score(model, views))
