"""Slam stop (docs/controls.md "Slam stop": spin pressed while the reels turn stops them), end to end.

Expected values come from CPython: `play_round(load_model(), bet, random.Random(seed))` (the k-th
seeded round in the page is CPython's k-th) and `reference_autoplay` (autoplay_support.py) for
the balance after those rounds. A slam stop changes only how long a round is shown, never the
round: the same seed is played out and slammed in the same page, and the two are compared.
Every press is made in the page (a click on the real #spin) at a set moment of the round.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from autoplay_support import BET, BIG, MODEL, history_matches, reference_autoplay
from e2e_harness import Game, Site, minor, wait_ready
from playwright.sync_api import Page

from engine import play_round


# Presses the spin button (a click on the real #spin, through its own handler) in the first
# frame after each round starts, while window.__slam is on; counts the presses it made. Done in
# the page, so a loaded machine cannot let the round end first and turn the press into a spin.
SLAMMER = """() => {
    window.__slam = false;
    window.__slams = 0;
    new MutationObserver(() => {
        if (!window.__slam || document.documentElement.dataset.state !== "playing") return;
        requestAnimationFrame(() => {
            const spin = document.getElementById("spin");
            if (document.documentElement.dataset.state === "playing"
                && spin.getAttribute("aria-label") === "Stop the reels (Space)") {
                spin.click();
                window.__slams += 1;
            }
        });
    }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-state"] });
}"""


def play_rounds(page: Page, n: int, slam: bool) -> float:
    """Plays n rounds with the spin button; with `slam`, the button is pressed again as each
    round starts. Returns the seconds they took."""
    page.evaluate(SLAMMER)
    page.evaluate("on => { window.__slam = on; }", slam)
    t0 = time.monotonic()
    for _ in range(n):
        played = page.evaluate("game.history().length")
        page.click("#spin")
        # the engine decides in its worker: the click's round is played once it is in the history
        # and the game is ready again (not merely still ready before the answer came)
        page.wait_for_function("(n) => game.history().length === n + 1 && game.state().state === 'ready'", arg=played)
    took = time.monotonic() - t0
    assert page.evaluate("window.__slams") == (n if slam else 0)
    return took


def test_slam_stop_gives_the_same_rounds_in_less_time(open_game: Callable[..., Game], site: Site) -> None:
    # a seed whose first 3 rounds have no feature (CPython), at normal speed
    seed = next(s for s in range(100) if all(
        r["special"] is None for r in reference_autoplay(s, {"rounds": 3, "lossLimit": BIG})[3]))
    _, _, balance, rounds = reference_autoplay(seed, {"rounds": 3, "lossLimit": BIG})
    page = open_game(site.root + f"?seed={seed}").page
    plain = play_rounds(page, 3, slam=False)
    assert minor(page, "#balance") == balance
    history_matches(page, rounds)
    page.evaluate("localStorage.clear()")  # the same seed from its start again
    page.reload()
    wait_ready(page, 120_000)
    slammed = play_rounds(page, 3, slam=True)
    assert minor(page, "#balance") == balance
    history_matches(page, rounds)
    assert slammed < plain, f"slam stop took {slammed:.2f} s, playing out {plain:.2f} s"


# Records when each reveal step was saved (the controller saves the round in progress at every
# event it reaches), and presses the real #spin once, as soon as step window.__slamAt is saved.
STEP_CLOCK = """(at) => {
    window.__steps = [];
    window.__slamAt = at;
    window.__slammedAt = null;
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        set.call(this, key, value);
        if (key !== 'boce.save' || this !== localStorage) return;
        const step = JSON.parse(value).pending?.step;
        if (step === undefined || window.__steps.at(-1)?.[0] === step) return;
        window.__steps.push([step, performance.now()]);
        if (step === window.__slamAt) {
            requestAnimationFrame(() => {
                const spin = document.getElementById('spin');
                if (spin.getAttribute('aria-label') === 'Stop the reels (Space)') {
                    spin.click();
                    window.__slammedAt = step;
                }
            });
        }
    };
}"""


def step_times(page: Page, slam_at: int | None, n: int) -> list[float]:
    """Buys the feature (slamming once at event `slam_at`) and returns how long each of its
    first n-1 events took (from its save to the next event's), in ms."""
    page.evaluate(STEP_CLOCK, slam_at if slam_at is not None else -1)
    page.evaluate("game.buy()")
    assert page.evaluate("window.__slammedAt") == slam_at
    at = dict(page.evaluate("window.__steps"))
    return [at[i + 1] - at[i] for i in range(n - 1)]


# What follows the reels' stop in a spin: the wild books, the win lines, the expanding symbol,
# the spin's end. Each is a pause of the presentation (static/js/round/sequencer.js: 350-1800 ms at
# normal speed) that a slam stop cuts to at most 120 ms (both times the speed factor).
PRESENTATION = {"expandBooks", "lineWins", "expandSymbol", "spinEnd"}


def test_slam_stop_in_the_feature_shortens_that_free_spin_only(open_game: Callable[..., Game], site: Site) -> None:
    # CPython's bought feature of Random(seed) at BET. The seed: the first whose 2nd free spin
    # has no win and whose later free spins show at least 2 wins (win lines or an expanding
    # symbol), so that the presentations after the slammed spin are long when played in full.
    def events(seed: int) -> list[str]:
        return [e["type"] for e in play_round(MODEL, BET, random.Random(seed), buy=True).to_dict()["events"]]

    def shape(seed: int) -> tuple[list[str], list[int]]:
        ev = events(seed)
        return ev, [i for i, t in enumerate(ev) if t == "freeSpin"]

    def fits(seed: int) -> bool:
        ev, free = shape(seed)
        return (len(free) >= 4 and ev[free[1]:free[2]] == ["freeSpin", "reveal", "spinEnd"]
                and sum(t in ("lineWins", "expandSymbol") for t in ev[free[2]:]) >= 2)

    seed = next(s for s in range(100) if fits(s))
    ev, free = shape(seed)
    later = [i for i in range(free[2], len(ev) - 1) if ev[i] in PRESENTATION]
    # at quick-spin speed (?speed=turbo: every wait 0.45 of normal), a feature is played in half
    # the time; its presentations (350-1800 ms, so 157 ms and more) stay well above a slammed
    # spin's (at most 120 ms, so 54 ms)
    page = open_game(site.root + f"?seed={seed}&speed=turbo").page
    plain = step_times(page, None, len(ev))
    page.evaluate("localStorage.clear()")  # the same seed from its start again
    page.reload()
    wait_ready(page)
    slammed = step_times(page, free[1], len(ev))  # stop the reels of the 2nd free spin
    # the same feature both times (one history entry: CPython's win), the slammed free spin
    # shorter than when played out, and the presentations of the free spins after it in full
    # again (with the slam carried on they would each be cut to 120 ms, a fraction of it)
    assert [h["win"] for h in page.evaluate("game.history()")] == [
        play_round(MODEL, BET, random.Random(seed), buy=True).total_win]
    assert sum(slammed[free[1]:free[2]]) < sum(plain[free[1]:free[2]]), (slammed, plain)
    played_out, after_slam = sum(plain[i] for i in later), sum(slammed[i] for i in later)
    assert after_slam > 0.6 * played_out, (after_slam, played_out)
