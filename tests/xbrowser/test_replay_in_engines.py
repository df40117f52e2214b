"""A replay link in Chromium, Firefox ESR and WebKitGTK (dist/ from nginx): the same link gives
the same round in every engine (docs/page-contract.md `?replay=`).

Expected values: the round CPython's engine re-derives from the same text
(`round_from_text(text, load_model())`, the rules replayed from its draws), its events and win
as `Round.to_dict()` gives them; the link made from a scenario of the catalogue that triggers
the free spins (engine/data/scenarios.json "trigger"), so a whole feature is replayed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager

from drivers import Driver, boot
from nginx import Nginx

from engine import load_model, round_from_text
from engine.scenarios import load_scenarios

Step = Callable[[str], AbstractContextManager[None]]


def test_a_replay_link_gives_the_same_round_in_every_engine(drv: Driver, server: Nginx, step: Step) -> None:
    model = load_model()
    text = load_scenarios()["trigger"]["replay"]
    want = json.loads(json.dumps(round_from_text(text, model).to_dict()))
    assert want["free_spins"] > 0  # a feature: many events to agree on
    with step("open the link in a browser that never saw the game"):
        boot(drv, server.game + f"?replay={text}&speed=fast")
        assert drv.eval("document.documentElement.dataset.mode") == "replay"
        assert drv.eval("game.state().balance") is None
    with step("play it: the engine's round, event for event"):
        got = drv.eval("game.playReplay()")
        assert (got["bet"], got["cost"], got["total_win"]) == (want["bet"], want["cost"], want["total_win"])
        assert got["events"] == want["events"]
        assert int(drv.eval("document.getElementById('replay-win').dataset.minor")) == want["total_win"]
