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

Every amount that enters from the page (a level, the default bet, the stake limit, a round's
bet) is first an exact integer within its limit (:func:`check_amount`); the limits come from
one place, :func:`limits`: the balance ceiling :data:`MAX_BALANCE` and the model.

>>> limits(load_model())["level"]
49583490
>>> check_amount(10**20, "maxBet", high=MAX_BALANCE)
Traceback (most recent call last):
...
engine.errors.BetError: maxBet=100000000000000000000: more than 9007199254740991, which the game cannot hold exactly
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .errors import BetError, BuyError
from .model import LINES, Model

MAX_LEVELS = 100
"""At most this many bet levels (a selector, not a list of every amount)."""

MAX_BALANCE = 10**12
"""The most a balance may hold, in minor units (10,000,000,000.00 of a 2-digit currency): the
page's ceiling, static/js/core/amounts.js MAX_BALANCE (tests/engine/test_amounts.py asserts they are
equal). Not a figure of the maths (those are in the model file): a wallet's bound."""

MAX_SAFE_INTEGER = 2**53 - 1
"""The largest integer a JavaScript number holds exactly (``Number.MAX_SAFE_INTEGER``): no
amount past it can reach the engine unchanged, so none is taken."""


SEED_RANGE = (0, 2**64 - 1)
"""The least and greatest seed (``?seed=N``, ``--seed N``): a 64-bit seed; ``random.Random(-n)``
is ``random.Random(n)``, so a sign is refused rather than folded."""

PAGE_SEED_RANGE = (0, 2**53 - 1)
"""The page's seeds (``?seed=N``): a saved game holds its seed as a JavaScript number, exact up to
``Number.MAX_SAFE_INTEGER``; past it the page would show and save another seed than it plays."""

_WHOLE = re.compile(r"-?[0-9]+")
_MAX_DIGITS = 30
"""More digits than any limit has: such a number is refused before it is converted."""


class LaunchNumberError(ValueError):
    """A launch number (a seed, a CLI count) refused by :func:`whole_number`: a developer's
    setting, said in English (the page shows it on its error screen), so no table's code."""


def whole_number(text: str, name: str, low: int, high: int) -> int:
    """``text`` as an integer from ``low`` to ``high``, or :class:`LaunchNumberError` in one line.
    The one reader of a launch's whole numbers: the page's ``?seed=`` (main.py) and the CLI's
    integer arguments (``engine/__main__.py``). Only ASCII digits, with an optional ``-`` so that
    a negative number is told it is too low: Python's ``int()`` would also take ``" 5"``,
    ``"1_000"``, ``"+5"`` and other scripts' digits (``"١٢"``), which the address must not mean.

    >>> whole_number("12", "seed", *SEED_RANGE)
    12
    >>> whole_number("1_000", "seed", *SEED_RANGE)
    Traceback (most recent call last):
    ...
    engine.launch.LaunchNumberError: seed '1_000' is not a whole number in the digits 0-9
    >>> whole_number("-5", "seed", *SEED_RANGE)
    Traceback (most recent call last):
    ...
    engine.launch.LaunchNumberError: seed -5 must be at least 0
    """
    if not isinstance(text, str) or not _WHOLE.fullmatch(text):
        shown = repr(text) if not isinstance(text, str) or len(text) <= 60 else repr(text[:57]) + "..."
        raise LaunchNumberError(f"{name} {shown} is not a whole number in the digits 0-9")
    digits = len(text.lstrip("-"))
    if digits > _MAX_DIGITS:
        raise LaunchNumberError(f"{name} of {digits} digits is not between {low} and {high}")
    value = int(text)
    if value < low:
        raise LaunchNumberError(f"{name} {value} must be at least {low}")
    if value > high:
        raise LaunchNumberError(f"{name} {value} must be at most {high}")
    return value


def max_level(model: Model) -> int:
    """The highest bet level the game can play: the largest multiple of the line count whose
    capped win (``max_win`` x bet) a balance can hold. A higher level could never be played
    (the page refuses a round whose largest win would take the balance past MAX_BALANCE)."""
    return MAX_BALANCE // (model.max_win * LINES) * LINES


def limits(model: Model) -> dict[str, int]:
    """The most each amount may be, in minor units: ``balance`` (a saved balance), ``level``
    (a bet level, :func:`max_level`), ``stake`` (the stake limit ``maxBet``), ``autoplay`` (an
    autoplay limit). static/js/core/amounts.js limitsOf() gives the same for the same model."""
    return {"balance": MAX_BALANCE, "level": max_level(model), "stake": MAX_BALANCE,
            "autoplay": MAX_BALANCE}


def check_amount(value: object, key: str, *, low: int = 1, high: int) -> int:
    """``value`` as an exact integer of minor units from ``low`` to ``high``, else
    :class:`BetError` with the reason's code, the same as static/js/core/amounts.js gives for a number:
    ``amount.type`` (not an int: a bool, a string, None, an integral float), ``amount.notWhole``
    (a float that is not integral, or not finite), ``amount.unsafe`` (past MAX_SAFE_INTEGER),
    ``amount.aboveLimit``, ``amount.belowMin``. Nothing is coerced: a JavaScript number arrives
    as an int when it is integral (engine/page.py ``from_js``)."""
    if isinstance(value, float) and not value.is_integer():
        raise BetError(f"{key}={value!r}: not a whole number of minor units", code="amount.notWhole",
                       params={"key": key, "value": value})
    if isinstance(value, bool) or not isinstance(value, int):
        raise BetError(f"{key}={value!r}: not an amount (a whole number of minor units)",
                       code="amount.type", params={"key": key, "value": value})
    if abs(value) > MAX_SAFE_INTEGER:
        raise BetError(f"{key}={value}: more than {MAX_SAFE_INTEGER}, which the game cannot hold exactly",
                       code="amount.unsafe", params={"key": key, "value": value, "max": MAX_SAFE_INTEGER})
    amount = value
    if amount > high:
        raise BetError(f"{key}={amount}: above {high}, the most it may be", code="amount.aboveLimit",
                       params={"key": key, "value": amount, "limit": high}, money=("limit",))
    if amount < low:
        raise BetError(f"{key}={amount}: below {low}, the least it may be", code="amount.belowMin",
                       params={"key": key, "value": amount, "min": low}, money=("min",))
    return amount


def with_bets(model: Model, bets: object, default_bet: object = None) -> Model:
    """``model`` with the levels ``bets`` (ascending positive multiples of the line count, in
    minor units) and ``default_bet`` (one of them; the model's default when it is a level,
    else the lowest): :class:`BetError` for any other value. Nothing is coerced."""
    if not isinstance(bets, Sequence) or isinstance(bets, str):
        raise BetError(f"bet levels {bets!r} are not a list", code="launch.betsNotList", params={"bets": bets})
    if not 1 <= len(bets) <= MAX_LEVELS:
        raise BetError(f"{len(bets)} bet levels: between 1 and {MAX_LEVELS}", code="launch.levelCount",
                       params={"count": len(bets), "max": MAX_LEVELS})
    top = max_level(model)
    levels: list[int] = []
    for given in bets:
        bet = check_amount(given, "bets", high=top)
        if bet % LINES:
            raise BetError(f"bet level {bet!r} is not a positive multiple of {LINES} "
                           f"(the line bet must be whole)", code="launch.levelNotMultiple",
                           params={"bet": bet, "lines": LINES})
        if levels and bet <= levels[-1]:
            raise BetError(f"bet level {bet} does not rise above {levels[-1]}; levels ascend",
                           code="launch.levelsAscend", params={"bet": bet, "previous": levels[-1]})
        levels.append(bet)
    if default_bet is None:
        default = model.default_bet if model.default_bet in levels else levels[0]
    else:
        default = check_amount(default_bet, "bet", high=top)
        if default not in levels:
            raise BetError(f"default bet {default!r} is not one of the levels {levels}",
                           code="launch.defaultNotLevel", params={"bet": default, "levels": levels})
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
