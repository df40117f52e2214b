"""The rounds the page plays, computed on CPython by the game's own engine."""

from __future__ import annotations

import functools
import random
from typing import Any


@functools.cache
def _model() -> Any:
    try:
        from engine import load_model
    except ImportError as exc:  # the engine is the game's, not a dependency of the kit
        raise ImportError("expected_round needs the game's engine package: install it "
                          "(`pip install PATH/TO/GAME`) or run pytest from the game's folder") from exc
    return load_model()


def expected_round(seed: int, bet: int, buy: bool = False, index: int = 0) -> dict[str, Any]:
    """The round dict (`Round.to_dict()`) of the `index`-th round (0: the first) a page opened
    with `?seed=SEED` plays when every round so far was at `bet` (bought if `buy`): the page's
    k-th round is the k-th `play_round(model, bet, rng)` with `rng = random.Random(seed)`."""
    from engine import play_round

    model = _model()
    rng = random.Random(seed)
    for _ in range(index):
        play_round(model, bet, rng, buy=buy)
    result: dict[str, Any] = play_round(model, bet, rng, buy=buy).to_dict()
    return result
