"""What a bet buys, in minor units: everything the page shows before a round is played.

The page formats these figures and does no arithmetic on money: the cost of a spin and of the
bought feature, the line bet, the paytable at this bet, the cap and the big-win thresholds all
come from here.

>>> from engine import load_model
>>> model = load_model()
>>> o = offer(model, 100)
>>> (o.cost, o.buy_cost, o.line_bet) == (100, 100 * model.buy_price, 10)
True
>>> o.paytable["SANTA"][5] == model.pay("SANTA", 5) * 10
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .grid import Symbol
from .model import Model
from .round import check_bet


@dataclass(frozen=True, slots=True)
class BigWinAt:
    """A big-win tier at a bet: shown for a round winning ``at`` minor units or more."""

    name: str
    level: int
    at: int


@dataclass(frozen=True, slots=True)
class Offer:
    """The figures of one bet level, minor units."""

    bet: int
    """The total bet."""
    cost: int
    """What a spin costs: the bet."""
    buy_cost: int
    """What the bought feature costs: ``buy_price`` x bet."""
    line_bet: int
    """The bet on each line: bet / lines."""
    bets: tuple[int, ...]
    """Every bet level the player may choose."""
    paytable: Mapping[Symbol, Mapping[int, int]]
    """``paytable[symbol][count]``: what ``count`` of ``symbol`` on a line pays at this bet
    (before any multiplier); only the counts that pay."""
    cap: int
    """The most a round can pay: ``max_win`` x bet."""
    big_wins: tuple[BigWinAt, ...]
    """The big-win tiers at this bet, lowest first."""
    free_spins: int
    """Free spins a feature awards."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (paytable counts as strings, as in the model file)."""
        return {
            "bet": self.bet, "cost": self.cost, "buy_cost": self.buy_cost, "line_bet": self.line_bet,
            "bets": list(self.bets),
            "paytable": {s: {str(c): pay for c, pay in pays.items()} for s, pays in self.paytable.items()},
            "cap": self.cap,
            "big_win": [{"name": b.name, "level": b.level, "at": b.at} for b in self.big_wins],
            "free_spins": self.free_spins,
        }


def offer(model: Model, bet: object) -> Offer:
    """The offer at ``bet``; :class:`~engine.errors.BetError` (the same as
    :func:`engine.play_round`'s) for a bet that is not one of the model's levels."""
    bet = check_bet(model, bet)
    line_bet = model.line_bet(bet)
    return Offer(
        bet=bet, cost=bet, buy_cost=bet * model.buy_price, line_bet=line_bet, bets=model.bets,
        paytable={s: {c: pay * line_bet for c, pay in enumerate(pays) if pay}
                  for s, pays in model.paytable.items()},
        cap=bet * model.max_win,
        big_wins=tuple(BigWinAt(b.name, b.level, b.at * bet) for b in model.big_wins),
        free_spins=model.free_spins,
    )
