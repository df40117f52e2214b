"""The reels' motion blur is made before the first spin needs it (static/js/canvas/sprites.js).

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
  the level of full speed, 26 symbols per second (static/js/canvas/reels.js VELOCITY) rounded to a
  multiple of 4, so 28: seven levels.

The blur is a smear, not ghosts (issue 33: "the motion blur is stacked ghost copies"). Read from
the sprite itself (?debug=1's renderer): down any column of the full-speed sprite, opacity changes
by little from one pixel row to the next. A reel at full speed moves VELOCITY * CELL_H / 60 =
26 * 160 / 60, about 69 logical pixels, per 60 Hz frame; a smear over at least half of that (34
logical pixels, times the canvas's scale) turns an edge from clear to opaque (255) into a ramp of
at most 255 / 34k per row, under 16 at any scale of 0.5 or more; ghost copies at the old 0.22
opacity made steps of 0.22 * 255 = 56. The sharp sprite's own edges (steps of 128 and more) show
that the same reading sees an edge where there is one.
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


# The largest change of opacity between two vertically adjacent pixels of a canvas, the canvas's
# height, and the renderer's scale (device pixels per logical pixel).
STEPS = """([name, level]) => {
    const r = window.debugGame.renderer;
    const canvas = level ? r.symbols.blur(name, level).canvas : r.symbols.sprites[name];
    const { width, height } = canvas;
    const a = canvas.getContext("2d").getImageData(0, 0, width, height).data;
    let most = 0;
    for (let y = 1; y < height; y++) {
        for (let x = 0; x < width; x++) {
            const d = Math.abs(a[(y * width + x) * 4 + 3] - a[((y - 1) * width + x) * 4 + 3]);
            if (d > most) most = d;
        }
    }
    return { most, height, scale: r.state.scale };
}"""


def test_the_blur_is_a_smear_not_ghosts(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?debug=1&speed=normal").page
    full_speed = 28  # VELOCITY 26 rounded to the blur levels' multiple of 4 (see above)
    for name in ("A", "SANTA", "BAUBLE"):
        sharp = page.evaluate(STEPS, [name, 0])
        smear = page.evaluate(STEPS, [name, full_speed])
        assert sharp["scale"] >= 0.5
        assert sharp["most"] >= 128, (name, sharp)  # the reading sees a sharp edge
        # smeared over at least half a frame's travel at full speed
        assert smear["height"] - sharp["height"] >= 34 * smear["scale"], (name, smear, sharp)
        assert smear["most"] < 16, (name, smear)  # no ghost's edge: a ramp


def test_a_celebration_s_coins_are_made_before_it(context: BrowserContext, open_game: Callable[..., Game],
                                                 site: Site) -> None:
    # A burst throws coins and stars of every whole-pixel size from 7 to 16 (effects.js burst);
    # each is copied from a sprite of its kind and size, made in idle moments after ready: the
    # celebration's first frame made 20 of them (40-70 ms at 4x CPU on the phone profile).
    context.add_init_script(COUNT_CANVASES)
    page = open_game(site.root + "?debug=1&speed=normal").page
    before = page.evaluate(SETTLED, 8)
    page.evaluate("window.debugGame.renderer.burst(400)")  # 400 coins: every size of both kinds, surely
    page.evaluate("() => new Promise((r) => { let n = 0; const f = () => (++n < 30 ? requestAnimationFrame(f) : r()); requestAnimationFrame(f); })")
    assert page.evaluate("window.debugGame.renderer.state.particles.length") > 0  # still falling: drawn each of those frames
    assert page.evaluate("window.__canvases") == before
