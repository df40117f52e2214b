"""An operator's bet levels and stake limit, checked by the engine before the first round.

The model file holds the game's own levels (in cents of a 2-digit currency). An operator may
launch the game with other levels (``?bets=10,20,50``: in minor units of the launch currency,
which may have 0 or 3 minor digits) and a stake limit (``?maxBet=``); the page asks the engine
for a model with those levels (:func:`with_bets`), so every check of a bet stays the
engine's, and :func:`check_stake` refuses a round whose cost passes the limit before anything
is drawn. Everything else of the model (pays, strips, cap and buy price in total bets) is the
same: a bet is only a scale.

>>> from engine import load_model
>>> model = with_bets(load_model(), [10, 20, 50], 20)
>>> model.bets, model.default_bet
((10, 20, 50), 20)
>>> with_bets(load_model(), [10, 25])
Traceback (most recent call last):
...
engine.errors.BetError: bet level 25 is not a positive multiple of 10 (the line bet must be whole)
>>> check_stake(8500, 100, buy=True)
Traceback (most recent call last):
...
engine.errors.BuyError: the feature costs 8500, above the stake limit 100
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .errors import BetError, BuyError
from .model import LINES, Model

MAX_LEVELS = 100
"""At most this many bet levels (a selector, not a list of every amount)."""


def with_bets(model: Model, bets: object, default_bet: object = None) -> Model:
    """``model`` with the levels ``bets`` (ascending positive multiples of the line count, in
    minor units) and ``default_bet`` (one of them; the model's default when it is a level,
    else the lowest): :class:`BetError` for any other value. Nothing is coerced."""
    if not isinstance(bets, Sequence) or isinstance(bets, str):
        raise BetError(f"bet levels {bets!r} are not a list", code="launch.betsNotList", params={"bets": bets})
    if not 1 <= len(bets) <= MAX_LEVELS:
        raise BetError(f"{len(bets)} bet levels: between 1 and {MAX_LEVELS}", code="launch.levelCount",
                       params={"count": len(bets), "max": MAX_LEVELS})
    levels: list[int] = []
    for bet in bets:
        if isinstance(bet, bool) or not isinstance(bet, int) or bet <= 0 or bet % LINES:
            raise BetError(f"bet level {bet!r} is not a positive multiple of {LINES} "
                           f"(the line bet must be whole)", code="launch.levelNotMultiple",
                           params={"bet": bet, "lines": LINES})
        if levels and bet <= levels[-1]:
            raise BetError(f"bet level {bet} does not rise above {levels[-1]}; levels ascend",
                           code="launch.levelsAscend", params={"bet": bet, "previous": levels[-1]})
        levels.append(bet)
    if default_bet is None:
        default = model.default_bet if model.default_bet in levels else levels[0]
    elif isinstance(default_bet, bool) or not isinstance(default_bet, int) or default_bet not in levels:
        raise BetError(f"default bet {default_bet!r} is not one of the levels {levels}",
                       code="launch.defaultNotLevel", params={"bet": default_bet, "levels": levels})
    else:
        default = default_bet
    return dataclasses.replace(model, bets=tuple(levels), default_bet=default)


def check_stake(cost: int, max_stake: int | None, buy: bool = False) -> None:
    """Nothing when ``cost`` (a round's price, minor units) is within ``max_stake`` (None: no
    limit); else :class:`BuyError` for a bought feature, :class:`BetError` for a spin."""
    if max_stake is not None and cost > max_stake:
        what = "the feature costs" if buy else "the bet is"
        raise (BuyError if buy else BetError)(f"{what} {cost}, above the stake limit {max_stake}",
                                             code="stake.buyAboveLimit" if buy else "stake.aboveLimit",
                                             params={"cost": cost, "limit": max_stake},
                                             money=("cost", "limit"))
