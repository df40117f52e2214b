"""Monte Carlo cross-check: many rounds through :func:`engine.round.play_round` itself.

The rounds are cut into fixed chunks of :data:`CHUNK` rounds; chunk ``i`` draws from
``random.Random(f"{seed}:{i}")``. Workers take whole chunks and the sums are added in chunk
order, so the same ``rounds`` and ``seed`` give the same result for any number of workers.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import SimulationError
from .model import Model
from .round import RoundEnd, play_round

CHUNK = 20_000
"""Rounds per chunk (one seed each)."""


@dataclass
class Tally:
    """Sums over a run of rounds (minor units)."""

    rounds: int = 0
    cost: int = 0
    win: int = 0
    win_sq: int = 0
    base_win: int = 0
    hits: int = 0
    features: int = 0
    max_win: int = 0
    capped: int = 0

    def add(self, other: Tally) -> None:
        for name in ("rounds", "cost", "win", "win_sq", "base_win", "hits", "features", "capped"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.max_win = max(self.max_win, other.max_win)


def run_chunk(model: Model, bet: int, buy: bool, seed: int, index: int, rounds: int) -> Tally:
    """Play ``rounds`` rounds of chunk ``index``."""
    return play_rounds(model, bet, buy, random.Random(f"{seed}:{index}"), rounds)


def play_rounds(model: Model, bet: int, buy: bool, rng: random.Random, rounds: int) -> Tally:
    """Play ``rounds`` rounds on ``rng`` and tally them (a chunk, or a step of a Simulation)."""
    t = Tally()
    for _ in range(rounds):
        r = play_round(model, bet, rng, buy)
        w = r.total_win
        t.rounds += 1
        t.cost += r.cost
        t.win += w
        t.win_sq += w * w
        if w > t.max_win:
            t.max_win = w
        if not buy:
            base = r.base_win
            t.base_win += base
            t.hits += base > 0
        t.features += r.special is not None
        t.capped += r.end is RoundEnd.MAX_WIN
    return t


_WORKER_MODEL: Model | None = None


def _init_worker(model: Model) -> None:
    global _WORKER_MODEL
    _WORKER_MODEL = model


def _work(job: tuple[int, bool, int, int, int]) -> Tally:
    assert _WORKER_MODEL is not None
    return run_chunk(_WORKER_MODEL, *job)


def simulate(model: Model, rounds: int, seed: int, buy: bool = False, workers: int = 1,
             bet: int | None = None,
             progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``rounds`` rounds and return the figures of ``python -m engine simulate``
    (docs/engine.md; fractions, not percentages; wins in total bets). Worker processes are forked with ``model`` itself, lookup
    tables already filled included."""
    if rounds < 1:
        raise SimulationError(f"rounds {rounds} must be at least 1")
    if workers < 1:
        raise SimulationError(f"workers {workers} must be at least 1")
    bet = model.default_bet if bet is None else bet
    jobs = [(bet, buy, seed, i, min(CHUNK, rounds - i * CHUNK))
            for i in range(math.ceil(rounds / CHUNK))]
    started = time.perf_counter()
    tallies: list[Tally | None] = [None] * len(jobs)
    done = 0
    if workers == 1 or len(jobs) == 1:
        for i, job in enumerate(jobs):
            tallies[i] = run_chunk(model, *job)
            done += job[4]
            if progress:
                progress(done, rounds)
    else:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(
                workers, initializer=_init_worker, initargs=(model,)) as pool:
            results = pool.imap(_work, jobs)
            for i, tally in enumerate(results):
                tallies[i] = tally
                done += jobs[i][4]
                if progress:
                    progress(done, rounds)
    elapsed = time.perf_counter() - started
    total = Tally()
    for done_tally in tallies:
        assert done_tally is not None
        total.add(done_tally)
    n = total.rounds
    cost = total.cost / n  # every round costs the same
    mean = total.win / n
    var = max(0.0, total.win_sq / n - mean * mean)
    return {
        "rounds": n,
        "seed": seed,
        "buy": buy,
        "bet": bet,
        "workers": workers,
        "rtp": total.win / total.cost,
        "rtp_ci95": 1.96 * math.sqrt(var / n) / cost,
        "base_rtp": None if buy else total.base_win / total.cost,
        "hit_frequency": None if buy else total.hits / n,
        "free_spins_frequency": None if buy else total.features / n,
        "volatility": math.sqrt(var) / bet,
        "max_win_seen": total.max_win / bet,
        "capped_rounds": total.capped,
        "rounds_per_second": n / elapsed if elapsed > 0 else None,
        "seconds": elapsed,
    }


def progress_bar(done: int, total: int) -> None:
    """A one-line progress bar on stderr."""
    width = 40
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,}/{total:,} rounds")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


class Simulation:
    """The same run as :func:`simulate` (``workers=1``), played a few rounds at a time.

    For a caller that must stay responsive (the PAR page's RTP lab runs it in a Web Worker and
    reports between steps): ``step(n)`` plays up to ``n`` more rounds, crossing chunk
    boundaries exactly where :func:`simulate` does (chunk ``i`` draws from
    ``random.Random(f"{seed}:{i}")``), and ``figures()`` gives :func:`simulate`'s dict for the
    rounds played so far. The sums are integers, so once every round is played the figures
    equal ``simulate(model, rounds, seed, buy, bet=bet)``'s, ``rounds_per_second`` and
    ``seconds`` aside (those time only ``step``). A run stopped after ``k`` rounds has the
    figures of ``simulate`` with ``rounds=k``: the first ``k`` rounds are the same ones.

    >>> from engine.model import load_model
    >>> model = load_model()
    >>> sim = Simulation(model, 50, seed=3)
    >>> while not sim.done:
    ...     _ = sim.step(7)
    >>> whole = simulate(model, 50, 3)
    >>> mine = sim.figures()
    >>> [k for k in whole if whole[k] != mine[k]]
    ['rounds_per_second', 'seconds']
    """

    def __init__(self, model: Model, rounds: int, seed: int, buy: bool = False,
                 bet: int | None = None) -> None:
        if rounds < 1:
            raise SimulationError(f"rounds {rounds} must be at least 1")
        self.model = model
        self.rounds = rounds
        self.seed = seed
        self.buy = buy
        self.bet = model.default_bet if bet is None else bet
        self.total = Tally()
        self.seconds = 0.0
        self._chunk = -1
        self._rng: random.Random | None = None

    @property
    def played(self) -> int:
        """Rounds played so far."""
        return self.total.rounds

    @property
    def done(self) -> bool:
        return self.total.rounds >= self.rounds

    def step(self, rounds: int) -> int:
        """Play up to ``rounds`` more rounds (fewer at the end of the run); return how many."""
        started = time.perf_counter()
        todo = min(max(0, rounds), self.rounds - self.total.rounds)
        left = todo
        while left > 0:
            index, offset = divmod(self.total.rounds, CHUNK)
            if index != self._chunk:
                self._chunk = index
                self._rng = random.Random(f"{self.seed}:{index}")
            assert self._rng is not None
            n = min(left, CHUNK - offset, self.rounds - self.total.rounds)
            self.total.add(play_rounds(self.model, self.bet, self.buy, self._rng, n))
            left -= n
        self.seconds += time.perf_counter() - started
        return todo

    def figures(self) -> dict[str, Any]:
        """:func:`simulate`'s figures for the rounds played so far (``rounds`` is how many)."""
        total = self.total
        n = total.rounds
        if n == 0:
            raise SimulationError("no round played yet")
        bet = self.bet
        cost = total.cost / n
        mean = total.win / n
        var = max(0.0, total.win_sq / n - mean * mean)
        return {
            "rounds": n,
            "seed": self.seed,
            "buy": self.buy,
            "bet": bet,
            "workers": 1,
            "rtp": total.win / total.cost,
            "rtp_ci95": 1.96 * math.sqrt(var / n) / cost,
            "base_rtp": None if self.buy else total.base_win / total.cost,
            "hit_frequency": None if self.buy else total.hits / n,
            "free_spins_frequency": None if self.buy else total.features / n,
            "volatility": math.sqrt(var) / bet,
            "max_win_seen": total.max_win / bet,
            "capped_rounds": total.capped,
            "rounds_per_second": n / self.seconds if self.seconds > 0 else None,
            "seconds": self.seconds,
        }
