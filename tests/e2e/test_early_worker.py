"""The engine's worker starts from the top of index.html (static/js/start/earlyworker.js), before the
page's modules run, and bridge.js takes it over: one worker, nothing of what it said lost.

What is observed, from outside the page's code: every `new Worker(...)` (the constructor wrapped
by an init script before any page script), with the script that called it (its stack).
Expected values: by the contract of docs/boot.md, exactly one engine worker, created by
earlyworker.js; none under ?poster=1 until Play is pressed (then bridge.js's); none under
?engine=page; the game ready in each case, its first seeded round CPython's
`play_round(model, bet, Random(seed))` (nothing the worker said before the handover is lost:
its `ready` carries the seed and the model).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from e2e_harness import BOOT_TIMEOUT_MS, Game, Site, Watch
from playwright.sync_api import BrowserContext

from engine import load_model, play_round

RECORD = """
window.__workers = [];
const Original = window.Worker;
window.Worker = function (url, options) {
    window.__workers.push({ url: String(url), by: new Error().stack, at: performance.now() });
    return new Original(url, options);
};
window.Worker.prototype = Original.prototype;
"""


def engine_workers(game: Game) -> list[dict[str, object]]:
    return [w for w in game.page.evaluate("window.__workers") if "engine-worker.mjs" in str(w["url"])]


def first_round_is_cpythons(game: Game, seed: int) -> None:
    model = load_model()
    want = play_round(model, model.default_bet, random.Random(seed)).to_dict()
    got = game.page.evaluate("game.spin()")
    assert (got["bet"], got["total_win"], got["spins"][0]["stops"]) == (want["bet"], want["total_win"], want["spins"][0]["stops"])


def test_the_worker_starts_from_the_top_of_the_page(context: BrowserContext, open_game: Callable[..., Game],
                                                   site: Site) -> None:
    context.add_init_script(RECORD)
    game = open_game(site.root + "?seed=4&speed=fast")
    workers = engine_workers(game)
    assert len(workers) == 1, workers
    # made by earlyworker.js, so before bridge.js ran (which would have made its own, then a
    # second one by earlyworker.js: two)
    assert "earlyworker.js" in str(workers[0]["by"])
    first_round_is_cpythons(game, 4)


def test_a_poster_starts_it_only_on_play(context: BrowserContext, watch: Watch, site: Site) -> None:
    context.add_init_script(RECORD)
    page = context.new_page()
    watch.attach(page)
    page.goto(site.root + "?poster=1&seed=5&speed=fast")
    page.wait_for_function("() => performance.getEntriesByName('reels-painted').length === 1")  # the art
    game = Game(page, watch, page.url, 0.0)
    assert engine_workers(game) == []
    page.click("#poster-play")
    page.wait_for_selector("html[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    workers = engine_workers(game)
    assert len(workers) == 1 and "bridge.js" in str(workers[0]["by"]), workers
    first_round_is_cpythons(game, 5)


def test_python_on_the_page_starts_no_worker(context: BrowserContext, open_game: Callable[..., Game], site: Site) -> None:
    context.add_init_script(RECORD)
    game = open_game(site.root + "?engine=page&seed=6&speed=fast")
    assert engine_workers(game) == []
    first_round_is_cpythons(game, 6)
