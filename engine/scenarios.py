"""A catalogue of rounds that show each outcome of the rules once: a loss, a small win, a book
in a line win, each big-win tier, a trigger, every special symbol expanding, a 125x free spin,
the cap. Each is stored as its draws (:meth:`engine.round.Round.draws`), so replaying them
through :func:`engine.round.play_round` (:func:`scenario_round`) gives the round; tests,
demos and the page's replay links (the ``replay`` text of each) use them.

The draws are found, not hand-written: a bounded search over seeded rounds for the common
outcomes, and for the rare ones (three 5x book reels, the cap) a first free spin whose stops
put a book on reels 2, 3 and 4 and whose multiplier draws are 5x, the rest of the round drawn
from a seed. Everything is deterministic: ``python -m engine scenarios --json`` (``make
par``, or ``make scenarios`` alone) writes ``engine/data/scenarios.json``, and a test checks that the checked-in file
is a fresh generation. The engine reads that file only when asked (:func:`load_scenarios`: on
CPython, or in the page for ``?scenario=NAME``, engine/page.py :func:`play_scenario`).

``max-win-exact`` (a free spin landing exactly on the cap, the rest forfeited) is searched for
too, but only a model whose cap is small next to its wins gives one within the search's
bounds; the shipped model's catalogue has none (the tests make one on a small-capped model).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from .errors import ReplayError
from .grid import window
from .model import Model
from .replaylink import round_text
from .rng import Replay, Rng
from .round import Round, RoundEnd, play_round
from .spin import Spin, SpinKind
from .tables import tables_for

SCENARIOS_PATH = Path(__file__).with_name("data") / "scenarios.json"
"""The shipped model's catalogue."""
SEED = 2024
"""Seed of every search (and of the rest of a constructed round)."""
BASE_ROUNDS = 50_000
"""Most base rounds the search plays."""
BUY_ROUNDS = 3_000
"""Most bought features the search plays."""
FORCED_TRIES = 2_000
"""Most first free spins tried per special symbol for a constructed round."""

Check = Callable[[Round], bool]


def tier_name(name: str) -> str:
    """A big-win tier's scenario name: ``"MEGA WIN"`` is ``mega-win``."""
    return "-".join(name.lower().split())


def _line_win_with_book(model: Model, spin: Spin) -> bool:
    return any(spin.grid[reel][row] == model.wild for w in spin.evaluation.line_wins for reel, row in w.positions)


def _ses_expands(rnd: Round, symbol: str) -> bool:
    """Whether some free spin of ``rnd`` pays the expanding ``symbol`` with a reel showing it
    (not only book reels)."""
    for spin in rnd.spins:
        e = spin.evaluation.expanding
        books = {reel for reel, _ in spin.multipliers}
        if e is not None and e.symbol == symbol and e.win > 0 and set(e.reels) - books:
            return True
    return False


def _lands_on_cap(model: Model, rnd: Round) -> bool:
    """Whether ``rnd``'s running total lands exactly on the cap, with free spins left."""
    units = sum(s.win for s in rnd.spins)
    played = sum(1 for s in rnd.spins if s.kind is SpinKind.FREE)
    return (rnd.end is RoundEnd.MAX_WIN and units == model.max_win * len(model.paylines)
            and played < rnd.free_spins)


def _base_checks(model: Model) -> dict[str, tuple[Check, str]]:
    bet = model.default_bet
    first = model.big_wins[0].at * bet if model.big_wins else None

    def plain(r: Round) -> bool:
        return not r.feature

    checks: dict[str, tuple[Check, str]] = {
        "loss": (lambda r: plain(r) and r.total_win == 0, "a base spin that wins nothing"),
        "small-win": (lambda r: plain(r) and 0 < r.total_win and (first is None or r.total_win < first),
                      "a base spin with a line win below the first big-win tier"),
        "book-line-win": (lambda r: plain(r) and _line_win_with_book(model, r.spins[0]),
                          "a base spin whose line win has a book substituting in it"),
    }
    for i, tier in enumerate(model.big_wins):
        above = model.big_wins[i + 1].at if i + 1 < len(model.big_wins) else None

        def reached(r: Round, level: int = tier.level) -> bool:
            hit = model.big_win(r.total_win, r.bet, r.cost)
            return r.end is RoundEnd.COMPLETE and hit is not None and hit.level == level

        upto = f" but not {above}x" if above is not None else ", below the cap"
        checks[tier_name(tier.name)] = (reached, f"a round from a base spin winning {tier.at}x the "
                                                 f"bet or more{upto}: {tier.name}")
    checks["trigger"] = (lambda r: r.spins[0].evaluation.triggers_free_spins,
                         "a base spin showing a book on reels 2, 3 and 4: free spins")
    return checks


def _buy_checks(model: Model) -> dict[str, tuple[Check, str]]:
    checks: dict[str, tuple[Check, str]] = {}
    for symbol in model.symbols:
        def expands(r: Round, s: str = symbol) -> bool:
            return r.special == s and _ses_expands(r, s)

        checks[f"ses-{symbol}"] = (expands, f"a bought feature whose special expanding symbol "
                                            f"{symbol} expands and pays")
    return checks


class _Forcing:
    """``rng``'s draws, with some of them (by index) replaced."""

    def __init__(self, rng: Rng, forced: Mapping[int, int] | None = None) -> None:
        self.rng, self.forced, self.used = rng, dict(forced or {}), 0

    def randrange(self, start: int, stop: int | None = None, step: int = 1, /) -> int:
        i = self.used
        self.used += 1
        return self.forced[i] if i in self.forced else self.rng.randrange(start)


def _search(model: Model, buy: bool, checks: dict[str, tuple[Check, str]], rounds: int,
            found: dict[str, dict[str, Any]]) -> None:
    rng = random.Random(SEED)
    wanted = {name: c for name, c in checks.items() if name not in found}
    for _ in range(rounds):
        if not wanted:
            return
        rnd = play_round(model, model.default_bet, rng, buy)
        for name, (check, description) in list(wanted.items()):
            if check(rnd):
                found[name] = _entry(rnd, description)
                del wanted[name]


def _forced(model: Model, symbols: Iterable[str], check: Check) -> Round | None:
    """The first bought round (special symbol in the order given, then the first free spin's
    stops in order) whose first free spin shows a book on every book reel, each revealing 5x,
    that passes ``check``; the rest of each round drawn from :data:`SEED`."""
    t = tables_for(model)
    strips = model.free_strips
    books = [[s for s in range(len(strip)) if model.wild in window(strip, s)] for strip in strips]
    if not all(books[r] for r in (1, 2, 3)) or 5 not in t.multipliers.values:
        return None
    five = t.multipliers.draw_for(5)
    lengths = [len(s) for s in strips]
    for symbol in symbols:
        special = t.specials.draw_for(t.symbol_id[symbol])
        combos = itertools.product(*(books[r] if books[r] else range(lengths[r]) for r in range(5)))
        for stops in itertools.islice(combos, FORCED_TRIES):
            index = 0
            for stop, n in zip(stops, lengths):
                index = index * n + stop
            shown = sum(1 for b in books if b)
            forced = {0: special, 1: index, **{2 + k: five for k in range(shown)}}
            rnd = play_round(model, model.default_bet, _Forcing(random.Random(SEED), forced), True)
            if check(rnd):
                return rnd
    return None


def _entry(rnd: Round, description: str) -> dict[str, Any]:
    return {"mode": "buy" if rnd.buy else "base", "bet": rnd.bet, "draws": rnd.draws(rnd.model),
            "replay": round_text(rnd), "description": description}


def _product_125(rnd: Round) -> bool:
    first = next(s for s in rnd.spins if s.kind is SpinKind.FREE)
    return [m for _, m in first.multipliers] == [5, 5, 5] and rnd.end is RoundEnd.COMPLETE


def find_scenarios(model: Model, only: Iterable[str] | None = None) -> dict[str, dict[str, Any]]:
    """The catalogue of ``model``: scenario name -> ``{"mode", "bet", "draws", "replay",
    "description"}``, in a fixed order; a scenario the bounded search does not find is left
    out. ``only`` limits the search to those names."""
    base, buy = _base_checks(model), _buy_checks(model)
    exact: dict[str, tuple[Check, str]] = {"max-win-exact": (
        lambda r: _lands_on_cap(model, r),
        "a round whose running total lands exactly on the cap; it ends there, pays the cap "
        "and forfeits the free spins left")}
    order = [*base, *buy, "product-125", "max-win", *exact]
    keep = set(order if only is None else only)
    found: dict[str, dict[str, Any]] = {}
    _search(model, False, {k: v for k, v in base.items() if k in keep}, BASE_ROUNDS, found)
    _search(model, True, {k: v for k, v in buy.items() if k in keep}, BUY_ROUNDS, found)
    if "max-win-exact" in keep:
        _search(model, True, exact, BUY_ROUNDS, found)
        _search(model, False, exact, BASE_ROUNDS, found)
    if "product-125" in keep:
        rnd = _forced(model, reversed(model.symbols), _product_125)
        if rnd is not None:
            found["product-125"] = _entry(rnd, "a bought feature whose first free spin shows "
                                               "three book reels at 5x each: 125x on its wins")
    if "max-win" in keep:
        rnd = _forced(model, model.symbols, lambda r: r.end is RoundEnd.MAX_WIN)
        if rnd is not None:
            found["max-win"] = _entry(rnd, "a bought feature reaching the cap: the round ends "
                                           "and pays the cap, the free spins left forfeited")
    return {name: found[name] for name in order if name in found}


def catalogue_json(model: Model) -> str:
    """The catalogue as the text of ``engine/data/scenarios.json``."""
    return json.dumps(find_scenarios(model), indent=1) + "\n"


def load_scenarios(path: str | Path = SCENARIOS_PATH) -> dict[str, dict[str, Any]]:
    """The checked-in catalogue (read when asked, not at import)."""
    data: dict[str, dict[str, Any]] = json.loads(Path(path).read_text(encoding="utf-8"))
    return data


def scenario_round(model: Model, entry: Mapping[str, Any]) -> Round:
    """The round a catalogue entry's draws give, replayed through :func:`play_round`; a
    ReplayError when they do not fit ``model`` (too few, too many, out of range)."""
    replay = Replay(entry["draws"])
    rnd = play_round(model, entry["bet"], replay, entry["mode"] == "buy")
    if replay.left:
        raise ReplayError(f"{replay.left} draws left over when the round ends")
    return rnd
