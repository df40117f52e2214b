"""engine.simulate.Simulation: the PAR page's RTP lab plays simulate()'s run a step at a time.

The reference is simulate() itself (workers=1): the incremental run must give its figures
exactly, whatever the step sizes, including steps that straddle chunk boundaries (chunk i
draws from random.Random(f"{seed}:{i}")). CHUNK is shrunk to a few rounds so that a short run
crosses many boundaries; both functions read the module's CHUNK when they run.
"""

from __future__ import annotations

import itertools

import pytest

from engine import load_model
from engine.simulate import Simulation, simulate

MODEL = load_model()
TIMED = ("rounds_per_second", "seconds")


def untimed(figures: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in figures.items() if k not in TIMED}


@pytest.mark.parametrize("buy", [False, True])
@pytest.mark.parametrize("steps", [(1,), (7, 50, 3), (500,), (37,)])
def test_steps_give_simulate_figures(monkeypatch: pytest.MonkeyPatch, buy: bool, steps: tuple[int, ...]) -> None:
    monkeypatch.setattr("engine.simulate.CHUNK", 37)
    rounds, seed = 300 if buy else 1000, 11
    sim = Simulation(MODEL, rounds, seed, buy=buy)
    for n in itertools.cycle(steps):
        if sim.done:
            break
        sim.step(n)
    assert sim.played == rounds
    assert untimed(sim.figures()) == untimed(simulate(MODEL, rounds, seed, buy=buy))
    assert sim.step(10) == 0  # nothing past the end


def test_a_stopped_run_is_the_shorter_run(monkeypatch: pytest.MonkeyPatch) -> None:
    # Stopping after k rounds of a long run gives simulate()'s figures for k rounds: same seeds,
    # same rounds in the same order.
    monkeypatch.setattr("engine.simulate.CHUNK", 40)
    sim = Simulation(MODEL, 10_000, seed=5)
    sim.step(90)
    sim.step(33)
    assert untimed(sim.figures()) == untimed(simulate(MODEL, 123, 5))


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Simulation(MODEL, 0, seed=1)
    with pytest.raises(ValueError, match="no round"):
        Simulation(MODEL, 5, seed=1).figures()
