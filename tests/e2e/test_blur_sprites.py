"""The reels' motion blur is made before the first spin needs it (static/js/sprites.js).

Each symbol is drawn, while its reel moves, from a motion-blurred sprite: a canvas made once per
symbol and blur level. Made during a spin, dozens of them came in the first and last frames of
each spin (one per whole speed, more than the cache kept), and a tap then waited for those frames.
Now the levels of a normal spin are made one per idle moment after the first paint.

What is counted, from outside the page's code: every <canvas> the page makes
(`document.createElement("canvas")`, wrapped by an init script before any page script runs).
Expected values:
- after the prebake, a whole normal-speed spin makes no canvas at all: the spin is a losing base
  round with no book (no win box, banner, anticipation or feature layer to make), found here by CPython's
  `play_round(model, bet, Random(seed))` for `?seed=N` (the page's seeded generator contract);
- the prebake makes one sprite per symbol image and blur level: the levels are 4, 8, ... up to
  the level of full speed, 26 symbols per second (static/js/reels.js VELOCITY) rounded to a
  multiple of 4, so 28: seven levels.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from e2e_harness import COUNT_CANVASES, REPO_ROOT, Game, Site
from playwright.sync_api import BrowserContext

from engine import load_model, play_round

# Resolves once no canvas was made during `quiet` idle callbacks in a row (each at least a frame
# apart): the page's background work (the prebake) is over. A wait on a condition, not a sleep.
SETTLED = """async (quiet) => {
    let last = window.__canvases, calm = 0;
    while (calm < quiet) {
        await new Promise((r) => requestIdleCallback(() => requestAnimationFrame(r), { timeout: 2000 }));
        if (window.__canvases === last) calm += 1; else { calm = 0; last = window.__canvases; }
    }
    return last;
}"""

LEVELS = len(range(4, 28 + 1, 4))  # 4, 8, ..., 28: seven blur levels up to full speed


def losing_seed(bet: int) -> int:
    model = load_model()
    for seed in range(1, 500):
        rnd = play_round(model, bet, random.Random(seed)).to_dict()
        if rnd["total_win"] == 0 and not rnd["spins"][0]["books"]:  # no win, no book: no anticipation
            return seed
    raise AssertionError("no losing first round in 500 seeds")


def test_a_spin_makes_no_sprite_after_the_prebake(context: BrowserContext, open_game: Callable[..., Game],
                                                  site: Site) -> None:
    model = load_model()
    seed = losing_seed(model.default_bet)
    context.add_init_script(COUNT_CANVASES)
    page = open_game(site.root + f"?seed={seed}&speed=normal").page
    before = page.evaluate(SETTLED, 8)
    raw = json.loads((REPO_ROOT / "engine" / "data" / "model.json").read_text(encoding="utf-8"))
    symbols = {s for strips in raw["reels"].values() for strip in strips for s in strip}
    assert before >= LEVELS * len(symbols)  # the prebake ran: every symbol at every level
    rnd = page.evaluate("game.spin()")
    assert rnd["total_win"] == 0  # the round CPython said: nothing to draw but the reels
    assert page.evaluate("window.__canvases") == before
