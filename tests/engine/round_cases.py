"""The hypothesis strategy of rounds the property tests play: a model by name, one of its
bets, a seed and whether the feature is bought."""

from __future__ import annotations

import random

from hypothesis import strategies as st

import engine
from book_models import MODELS
from engine import Round, play_round

NAMES = sorted(MODELS)


@st.composite
def rounds(draw: st.DrawFn) -> tuple[str, int, int, bool]:
    """(model name, bet, seed, buy): a round to play."""
    name = draw(st.sampled_from(NAMES))
    bet = draw(st.sampled_from(MODELS[name].bets))
    seed = draw(st.integers(0, 2**64 - 1))
    buy = draw(st.booleans())
    return name, bet, seed, buy


def play(case: tuple[str, int, int, bool]) -> tuple[engine.Model, Round]:
    name, bet, seed, buy = case
    model = MODELS[name]
    return model, play_round(model, bet, random.Random(seed), buy=buy)
