"""Winning symbols move (issue 33 part 6): each paying symbol has a win animation of its own.

Expected values, each from outside the page's drawing code:
- the round: CPython's `play_round(load_model(), bet, Random(seed))` at the default bet (the page
  contract: with ?seed=N the page's k-th round equals CPython's k-th); the seed is found here by a
  search over CPython's rounds (a first round with a line win, no book, no big win and not every
  cell winning), and the winning cells are its line wins' positions;
- the cells' places: layout.js's `cellRect` (the grid the canvas is drawn on) times the
  renderer's scale, read from the page;
- the symbols: every key of engine/data/model.json's paytable, and its wild (the book), each with
  its own entry in symbolmotion.js's exported WIN_MOTIONS, a loop of 0.6 to 1.2 s (the issue).

What is read: the pixels of the canvas (#reels, getImageData) at moments a fifth of a second or
more apart, over more than one loop. The snow is stopped first (?debug=1's renderer: its flakes
fall over every cell), so the only motion left in the reels is the symbols'. With
prefers-reduced-motion the winning symbols hold still.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from itertools import count
from typing import Any

from e2e_harness import REPO_ROOT, Game, Site, Watch, boot
from playwright.sync_api import BrowserContext, Page

from engine import load_model, play_round

MODEL = load_model()
BET = MODEL.default_bet
RAW = json.loads((REPO_ROOT / "engine" / "data" / "model.json").read_text(encoding="utf-8"))
SYMBOLS = sorted([*RAW["paytable"], RAW["wild"]])
SAMPLES = 7      # moments sampled
GAP_MS = 230     # apart: 7 x 230 ms = 1.6 s, more than any loop (1.2 s at most)


def first_round(seed: int) -> dict[str, Any]:
    return play_round(MODEL, BET, random.Random(seed)).to_dict()


def line_win_seed() -> tuple[int, set[tuple[int, int]]]:
    """A seed whose first round has line wins, no book, no big win, and cells that do not win."""
    smallest_big = min(t.at for t in MODEL.big_wins) * BET
    for seed in count():
        rnd = first_round(seed)
        spin = rnd["spins"][0]
        cells = {(r, row) for w in spin["line_wins"] for r, row in w["positions"]}
        if (spin["line_wins"] and not spin["books"] and len(rnd["spins"]) == 1
                and rnd["total_win"] < smallest_big and len(cells) < 15):
            return seed, cells
    raise AssertionError("unreachable")


# The mean absolute change of each cell's middle (its inner 70 %, clear of the win box's frame)
# between consecutive samples, per cell "reel,row": a list of SAMPLES - 1 numbers.
CELL_CHANGES = """async ([samples, gap]) => {
    const layout = await import(new URL("static/js/canvas/layout.js", document.baseURI).href);
    const r = window.debugGame.renderer;
    r.state.snow.length = 0; // the only motion left in the reels: the symbols'
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const ctx = document.getElementById("reels").getContext("2d");
    const k = r.state.scale;
    const cells = [];
    for (let reel = 0; reel < layout.REELS; reel++) {
        for (let row = 0; row < layout.ROWS; row++) {
            const c = layout.cellRect(reel, row);
            const x = Math.round((c.x + c.w * 0.15) * k), y = Math.round((c.y + c.h * 0.15) * k);
            cells.push({ key: `${reel},${row}`, x, y, w: Math.round(c.w * 0.7 * k), h: Math.round(c.h * 0.7 * k) });
        }
    }
    const shots = [];
    for (let i = 0; i < samples; i++) {
        if (i) {
            const t0 = performance.now();
            while (performance.now() - t0 < gap) await new Promise((done) => requestAnimationFrame(done));
        }
        shots.push(cells.map((c) => ctx.getImageData(c.x, c.y, c.w, c.h).data));
    }
    const out = {};
    cells.forEach((c, j) => {
        out[c.key] = [];
        for (let i = 1; i < samples; i++) {
            const a = shots[i - 1][j], b = shots[i][j];
            let sum = 0;
            for (let p = 0; p < a.length; p++) sum += Math.abs(a[p] - b[p]);
            out[c.key].push(sum / a.length);
        }
    });
    return { changes: out, winning: window.debugGame.renderer.state.winCells.size };
}"""


def play_and_watch(page: Page, seed: int) -> dict[str, list[float]]:
    rnd = page.evaluate("game.spin()")
    assert rnd["total_win"] == first_round(seed)["total_win"]  # the round CPython said
    page.evaluate("game.settled()")
    page.wait_for_function("window.debugGame.renderer.state.particles.length === 0")
    seen = page.evaluate(CELL_CHANGES, [SAMPLES, GAP_MS])
    assert seen["winning"] > 0  # the lines still show when the round has played
    return seen["changes"]


def test_winning_symbols_move_and_the_others_hold_still(open_game: Callable[..., Game], site: Site) -> None:
    seed, winning = line_win_seed()
    page = open_game(site.root + f"?seed={seed}&speed=normal&debug=1").page
    changes = play_and_watch(page, seed)
    for key, diffs in changes.items():
        reel, row = map(int, key.split(","))
        if (reel, row) in winning:
            assert max(diffs) > 2.0, (key, diffs)  # its animation moves it
            assert sum(d > 0.5 for d in diffs) >= 2, (key, diffs)  # and more than once: a loop
        else:
            assert max(diffs) < 0.05, (key, diffs)  # a cell that does not win stays still


def test_every_symbol_has_its_own_win_animation(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root).page
    table = page.evaluate("""async () => {
        const m = await import(new URL("static/js/canvas/symbolmotion.js", document.baseURI).href);
        return Object.fromEntries(Object.entries(m.WIN_MOTIONS).map(([name, e]) =>
            [name, { period: e.period, draws: typeof e.draw === "function" }]));
    }""")
    assert sorted(table) == SYMBOLS
    for name, entry in table.items():
        assert entry["draws"], name
        assert 600 <= entry["period"] <= 1200, (name, entry)


def test_reduced_motion_holds_the_winning_symbols_still(context: BrowserContext, watch: Watch, site: Site) -> None:
    seed, winning = line_win_seed()
    page = context.new_page()
    page.emulate_media(reduced_motion="reduce")
    page = boot(page, watch, site.root + f"?seed={seed}&speed=normal&debug=1").page
    changes = play_and_watch(page, seed)
    for key, diffs in changes.items():
        assert max(diffs) < 0.05, (key, diffs)
