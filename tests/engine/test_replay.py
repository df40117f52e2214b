"""Round.verify replays a round's draws through play_round: the draws read back from a saved
round are the ones play_round made (docs/engine.md "Draw order"), and a replay gives no
draw it was not given."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings

from book_models import MODELS
from engine import play_round
from engine.rng import Replay, ReplayError, WeightTable, decode, encode
from round_cases import rounds


class Recorder:
    """random.Random(seed) that writes down each randrange(n) it answers, as (n, x)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.draws: list[tuple[int, int]] = []

    def randrange(self, n: int) -> int:
        x = self.rng.randrange(n)
        self.draws.append((n, x))
        return x


@settings(deadline=None)
@given(rounds())
def test_draws_read_back_from_a_round_are_the_ones_it_made(case) -> None:
    name, bet, seed, buy = case
    model = MODELS[name]
    recorder = Recorder(seed)
    r = play_round(model, bet, recorder, buy=buy)  # type: ignore[arg-type]
    derived = r.draws(model)
    assert len(derived) == len(recorder.draws)
    assert all(0 <= d < n for (n, _), d in zip(recorder.draws, derived))
    # A weighted draw reads back as the first integer of the band that was hit (the same
    # value); a stop draw reads back exactly. Replaying them gives the same round.
    assert play_round(model, bet, Replay(derived), buy=buy) == r
    stop_draws = [(x, d) for (n, x), d in zip(recorder.draws, derived) if n in (
        _combos(model.base_strips), _combos(model.free_strips))]
    assert all(x == d for x, d in stop_draws) and stop_draws


def _combos(strips: tuple[tuple[str, ...], ...]) -> int:
    out = 1
    for s in strips:
        out *= len(s)
    return out


def test_encode_is_decode_backwards() -> None:
    # By hand: stops (2, 3, 4) on strips of 3, 4, 5 stops are 2*20 + 3*5 + 4 = 59.
    assert encode((2, 3, 4), (3, 4, 5)) == 59 and decode(59, (3, 4, 5)) == (2, 3, 4)
    with pytest.raises(ValueError, match="stop 4 is off a strip of 4"):
        encode((0, 4, 0), (3, 4, 5))


def test_draw_for_is_the_first_integer_of_the_band() -> None:
    # Weights 50, 30, 20: value 1 takes 0..49, value 2 50..79, value 3 80..99.
    table = WeightTable.of([(1, 50), (2, 30), (3, 20)])
    assert [table.draw_for(v) for v in (1, 2, 3)] == [0, 50, 80]
    with pytest.raises(ValueError):
        table.draw_for(4)


def test_a_replay_gives_only_its_draws() -> None:
    replay = Replay([3, 7])
    assert replay.randrange(10) == 3 and replay.left == 1
    with pytest.raises(ReplayError, match="outside"):
        replay.randrange(5)  # 7 is not below 5
    assert Replay([1]).randrange(2) == 1
    empty = Replay([])
    with pytest.raises(ReplayError, match="draw 1"):
        empty.randrange(2)
