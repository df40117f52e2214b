"""Autoplay (docs/controls.md "Autoplay"), end to end; slam stop is test_slam_stop.py's.

Expected values come from CPython: `play_round(load_model(), bet, random.Random(seed))` (the
k-th seeded round in the page is CPython's k-th), and from `reference_autoplay`
(autoplay_support.py), a second implementation of the stop rules written from docs/controls.md's text
(checks before a round: stop asked, rounds played, balance covers the bet; after a round: feature,
single win, loss limit, win limit). Seeds are found by searching CPython's rounds in the test
itself, so that each stop condition must fire at a round in the middle of the run. The demo
balance is 100000 (store.js). No sleeps: every wait is on data-state, data-autoplay or a JS promise.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
import savefile
from autoplay_support import BET, BIG, DEMO, MODEL, history_matches, reference_autoplay
from e2e_harness import Game, Site, Watch, minor, wait_ready
from embed_support import SOURCE, host
from embed_support import send as post
from playwright.sync_api import BrowserContext, Page, expect

from engine import play_round


def find_seed(opts: dict[str, Any], reason: str, balance: int = DEMO, at: range = range(3, 9)) -> int:
    """The smallest seed whose reference autoplay stops for `reason` after a round in `at`."""
    for seed in range(5000):
        played, why, _, _ = reference_autoplay(seed, opts, balance)
        if why == reason and played in at:
            return seed
    raise AssertionError(f"no seed stops for {reason}")


def test_seeded_autoplay_plays_cpythons_rounds(open_game: Callable[..., Game], site: Site) -> None:
    opts = {"rounds": 10, "lossLimit": BIG}
    played, reason, balance, rounds = reference_autoplay(4, opts)
    assert (played, reason) == (10, "rounds")
    page = open_game(site.root + "?seed=4&speed=fast").page
    seen = page.evaluate("""async (opts) => {
        const lefts = [];
        const watch = new MutationObserver(() => {
            const v = document.documentElement.dataset.autoplay;
            if (v !== undefined && lefts.at(-1) !== v) lefts.push(v);
        });
        watch.observe(document.documentElement, { attributes: true, attributeFilter: ["data-autoplay"] });
        const result = await game.autoplay(opts);
        watch.disconnect();
        return { result, lefts, after: document.documentElement.dataset.autoplay ?? null };
    }""", opts)
    assert seen["result"] == {"played": 10, "reason": "rounds"}
    # data-autoplay counts the rounds not yet started: 9 during the first round, 0 during the
    # last (the 10 it holds before the first round lasts no longer than the task starting it)
    assert seen["lefts"] == [str(n) for n in range(9, -1, -1)]
    assert seen["after"] is None
    assert minor(page, "#balance") == balance
    history_matches(page, rounds)


STOPS = [
    ("feature", {"rounds": 25, "stopOnFeature": True, "lossLimit": BIG}),
    ("singleWin", {"rounds": 10, "singleWinAtLeast": 5 * BET, "lossLimit": BIG}),
    ("lossLimit", {"rounds": 25, "lossLimit": 5 * BET}),
    ("winLimit", {"rounds": 25, "winLimit": 2 * BET, "lossLimit": BIG}),
]


@pytest.mark.parametrize(("reason", "opts"), STOPS, ids=[s[0] for s in STOPS])
def test_each_stop_condition_stops_at_its_round(open_game: Callable[..., Game], site: Site, reason: str, opts: dict[str, Any]) -> None:
    seed = find_seed(opts, reason)
    played, _, balance, rounds = reference_autoplay(seed, opts)
    page = open_game(site.root + f"?seed={seed}&speed=fast").page
    assert page.evaluate("o => game.autoplay(o)", opts) == {"played": played, "reason": reason}
    assert minor(page, "#balance") == balance
    history_matches(page, rounds)


def test_a_balance_short_of_the_bet_stops_it(open_game: Callable[..., Game], site: Site, context: BrowserContext) -> None:
    start = 4 * BET + 50
    opts = {"rounds": 25, "lossLimit": BIG}
    seed = find_seed(opts, "balance", balance=start)
    played, _, balance, rounds = reference_autoplay(seed, opts, start)
    assert balance < BET
    context.add_init_script(savefile.store_script(savefile.KEY, json.dumps(savefile.record(balance=start, bet=BET))))
    page = open_game(site.root + f"?seed={seed}&speed=fast").page
    assert page.evaluate("o => game.autoplay(o)", opts) == {"played": played, "reason": "balance"}
    assert minor(page, "#balance") == balance
    history_matches(page, rounds)


def start_autoplay(page: Page, opts: dict[str, Any]) -> None:
    """Starts autoplay without waiting for it; its result lands in window.__result."""
    page.evaluate("o => { window.__result = null; game.autoplay(o).then(r => { window.__result = r; }); }", opts)


def result_after(page: Page) -> dict[str, Any]:
    page.wait_for_function("() => window.__result !== null")
    return page.evaluate("window.__result")


def test_input_and_a_hidden_tab_stop_it(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?seed=9&speed=fast").page
    opts = {"rounds": "until stopped", "lossLimit": BIG}
    total = 0
    # a key, a click on the reels, the spin button (now "Stop autoplay"), a hidden tab
    stops: list[tuple[str, Callable[[], None]]] = [
        ("stopped", lambda: page.keyboard.press("Shift")),
        ("stopped", lambda: page.mouse.click(*centre(page, "#reels"))),
        ("stopped", lambda: page.click("#spin")),
        ("hidden", lambda: page.evaluate("""() => {
            Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
            document.dispatchEvent(new Event("visibilitychange"));
            delete document.visibilityState;
        }""")),
    ]
    for want, act in stops:
        start_autoplay(page, opts)
        page.wait_for_function("() => +document.documentElement.dataset.autoplay === Infinity && game.state().history >= %d" % (total + 2))
        expect(page.locator("#spin")).to_have_attribute("aria-label", "Stop autoplay (until stopped)")
        act()
        result = result_after(page)
        assert result["reason"] == want
        assert result["played"] >= 2
        total += result["played"]
        expect(page.locator("html")).not_to_have_attribute("data-autoplay", "")  # removed
        assert page.evaluate("document.documentElement.dataset.autoplay ?? null") is None
        expect(page.locator("#spin")).to_have_attribute("aria-label", "Spin (Space)")
    # every round autoplay played is one of CPython's, in order, and nothing else was played
    rng = random.Random(9)
    rounds = [play_round(MODEL, BET, rng).to_dict() for _ in range(total)]
    assert minor(page, "#balance") == DEMO + sum(r["total_win"] - r["cost"] for r in rounds)
    history_matches(page, rounds[-50:])


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 3


def test_bad_options_are_refused_and_play_nothing(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?seed=2&speed=fast").page
    for opts, words in [
        ({"rounds": 10}, "loss limit is required"),
        ({"rounds": 10, "lossLimit": 0}, "lossLimit=0: below 1"),  # amounts.js: an autoplay limit is 1 or more
        ({"rounds": 7, "lossLimit": 500}, "rounds must be one of"),
        ({"rounds": 10, "lossLimit": 500, "winLimit": -1}, "winLimit=-1: below 1"),
        ({"rounds": 10, "lossLimit": 500, "stopLoss": 5}, "unknown autoplay option"),
    ]:
        message = page.evaluate("o => game.autoplay(o).then(() => 'resolved', e => e.message)", opts)
        assert words in message
    assert minor(page, "#balance") == DEMO
    assert page.evaluate("game.state().history") == 0


def test_reload_during_autoplay_resumes_the_round_not_autoplay(open_game: Callable[..., Game], site: Site) -> None:
    # normal speed, so a round is on screen when the page reloads; autoplay starts the next
    # round in the same task as it credits the last, so there is always a round in progress
    page = open_game(site.root + "?seed=6").page
    start_autoplay(page, {"rounds": 25, "lossLimit": BIG})
    page.wait_for_function("() => document.documentElement.dataset.autoplay === '23' && game.state().state === 'playing'")
    page.reload()
    wait_ready(page, 120_000)
    state = page.evaluate("game.state()")
    assert state["resumedFrom"] is not None  # the round in progress was resumed ...
    assert state["autoplay"] is None  # ... and autoplay was not
    assert page.evaluate("document.documentElement.dataset.autoplay ?? null") is None
    done = state["history"]
    assert done >= 2  # the first two rounds (the second resumed), nothing after
    rng = random.Random(6)
    rounds = [play_round(MODEL, BET, rng).to_dict() for _ in range(done + 1)]
    history_matches(page, rounds[:done])
    # the next round anyone plays is CPython's next one: no autoplay round ran in between
    nxt = page.evaluate("game.spin()")
    assert [s["stops"] for s in nxt["spins"]] == [s["stops"] for s in rounds[done]["spins"]]
    assert minor(page, "#balance") == DEMO + sum(r["total_win"] - r["cost"] for r in rounds)


def test_the_panel_works_by_keyboard_on_a_phone(open_game: Callable[..., Game], site: Site) -> None:
    opts = {"rounds": 25, "lossLimit": 2 * BET}
    seed = find_seed(opts, "lossLimit")
    played, _, balance, rounds = reference_autoplay(seed, opts)
    page = open_game(site.root + f"?seed={seed}&speed=fast").page
    page.set_viewport_size({"width": 390, "height": 844})
    dialog = page.locator("#autoplay-dialog")
    # the button and every field have accessible names; the dialog is modal and Escape closes it
    page.get_by_role("button", name="Autoplay").focus()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    expect(page.get_by_role("radio", name="10", exact=True)).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.get_by_role("button", name="Autoplay").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")  # 25 rounds
    expect(page.get_by_role("radio", name="25", exact=True)).to_be_checked()
    # Enter without a loss limit: refused in words, the field marked and focused, nothing played
    page.keyboard.press("Tab")
    loss = page.get_by_label("When the balance has fallen by (required)")
    expect(loss).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#autoplay-error")).to_contain_text("Set a loss limit")
    expect(loss).to_have_attribute("aria-invalid", "true")
    expect(dialog).to_be_visible()
    page.keyboard.type("2")  # euros: 200 minor units, the loss limit of `opts`
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(page.locator("#message-text")).to_have_text(
        f"Autoplay ended after {played} rounds: the loss limit was reached.")
    assert minor(page, "#balance") == balance
    history_matches(page, rounds)


def test_an_embedding_parent_starts_and_stops_autoplay(context: BrowserContext, watch: Watch, site: Site) -> None:
    page = host(context, watch, site.root + "?embed=1&seed=4&speed=fast")

    def send(message: dict[str, Any]) -> None:
        post(page, {"target": SOURCE, **message})

    send({"type": "autoplay", "rounds": 10, "lossLimit": BIG})
    page.wait_for_function("() => msgs.some(m => m.type === 'autoplayEnd')")
    msgs = page.evaluate("msgs")
    start = next(m for m in msgs if m["type"] == "autoplayStart")
    assert (start["rounds"], start["lossLimit"], start["stopOnFeature"]) == (10, BIG, False)
    end = next(m for m in msgs if m["type"] == "autoplayEnd")
    assert (end["played"], end["reason"]) == (10, "rounds")
    # the ten rounds of CPython's Random(4) (as in test_seeded_autoplay_plays_cpythons_rounds)
    _, _, balance, rounds = reference_autoplay(4, {"rounds": 10, "lossLimit": BIG})
    ends = [m for m in msgs if m["type"] == "roundEnd"]
    assert [m["win"] for m in ends] == [r["total_win"] for r in rounds]
    assert ends[-1]["balance"] == balance
    # until stopped, then the parent's stopAutoplay; a bad autoplay gets an error message
    send({"type": "autoplay", "rounds": None, "lossLimit": BIG})
    page.wait_for_function("() => msgs.filter(m => m.type === 'roundEnd').length >= 12")
    send({"type": "stopAutoplay"})
    page.wait_for_function("() => msgs.filter(m => m.type === 'autoplayEnd').length === 2")
    assert page.evaluate("msgs.filter(m => m.type === 'autoplayEnd')[1].reason") == "stopped"
    send({"type": "autoplay", "rounds": 10})
    page.wait_for_function("() => msgs.some(m => m.type === 'error')")
    assert page.evaluate("msgs.find(m => m.type === 'error').command") == "autoplay"
    assert "loss limit is required" in page.evaluate("msgs.find(m => m.type === 'error').reason")
