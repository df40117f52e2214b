"""Seeds the browser tests need for one outcome of the model, found here on CPython, never typed in.

With ?seed=N the page's k-th round is CPython's k-th `play_round(load_model(), bet, Random(N))`
(docs/page-contract.md "URL options"), so a seed whose round has some outcome is found by playing
seeds 0, 1, 2, ... with the engine here, on the model the page loads. A retuned model gives other
seeds and the tests follow it; an outcome the model makes rarer than the search's bound is a
failure that says so, not a skip.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from engine import Round, RoundEnd, SpinKind, load_model, play_round

MODEL = load_model()
LIMIT = 200_000
"""The most seeds a search plays (a bought feature reaches today's cap about once in 38,000:
static/par.json's max_win_odds.buy; a search to the bound takes about 20 s)."""


def first_seed(test: Callable[[Round], bool], buy: bool = False, bet: int | None = None) -> int:
    """The smallest seed whose first round (bought if `buy`) at `bet` (the default bet) passes `test`."""
    bet = MODEL.default_bet if bet is None else bet
    for seed in range(LIMIT):
        if test(play_round(MODEL, bet, random.Random(seed), buy=buy)):
            return seed
    raise AssertionError(f"no seed below {LIMIT:,} gives the round the test needs ({test.__doc__})")


def first_seed_of(test: Callable[[list[Round]], bool], n: int, bet: int | None = None) -> int:
    """The smallest seed whose first `n` base rounds at `bet` (the default bet) pass `test`."""
    bet = MODEL.default_bet if bet is None else bet
    for seed in range(LIMIT):
        rng = random.Random(seed)
        if test([play_round(MODEL, bet, rng) for _ in range(n)]):
            return seed
    raise AssertionError(f"no seed below {LIMIT:,} gives the rounds the test needs ({test.__doc__})")


def whole_feature(rnd: Round) -> bool:
    """a feature that plays every one of its free spins (the cap does not end it)"""
    played = sum(1 for s in rnd.spins if s.kind is SpinKind.FREE)
    return rnd.end is RoundEnd.COMPLETE and played == rnd.free_spins == MODEL.free_spins


def cut_by_the_cap(rnd: Round) -> bool:
    """a round the cap ends with free spins left, cutting a win short (not landing exactly on it)"""
    if rnd.end is not RoundEnd.MAX_WIN:
        return False
    events = rnd.to_dict()["events"]
    cut = [w for e in events if e["type"] == "lineWins" for w in e["wins"] if w["paid"] < w["amount"]]
    cut += [e for e in events if e["type"] == "expandSymbol" and e["paid"] < e["amount"]]
    played = sum(1 for s in rnd.spins if s.kind is SpinKind.FREE)
    return bool(cut) and played < rnd.free_spins


@cache
def cap_seed() -> int:
    """The first seed whose bought feature at the default bet reaches the cap by cutting a win,
    with free spins left (10225 on the model this search was written for). A round's draws and
    its win in bets do not depend on the bet, so at any bet it is the same round, its win the cap."""
    return first_seed(cut_by_the_cap, buy=True)
