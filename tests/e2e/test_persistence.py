"""Never lose a cent: the saved record, resuming a round after a reload, history and replays,
and mashed inputs (hostile saves, failing storage and Web Crypto: test_hostile_saves.py).

Expected values come from the engine on CPython (`play_round(load_model(), bet,
random.Random(seed))`, docs/page-contract.md: the k-th seeded round in the page is
CPython's k-th, across reloads too), from the model file (bets), from the demo balance
(100000 minor units, static/js/ledger/store.js) and from the record format of tests/e2e/savefile.py
(an independent Python implementation of store.js's canonical JSON + FNV-1a checksum).
No sleeps: every wait is on data-state, the DOM, localStorage or a JS condition.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import savefile
from e2e_harness import Game, Site
from persist_support import (  # feature_seed is a fixture the tests name
    BET, DEMO, HOLD, MODEL, cpython_rounds, feature_seed, minor, saved, wait_booted, wait_ready,  # noqa: F401
)
from playwright.sync_api import BrowserContext, expect


# feature bar (counter, special symbol, total) and outro total.
RECORDER = """(() => {
    const seen = window.__seen = { states: [], counts: [], specials: [], outro: [] };
    // the init script runs before <html> exists: watch the document for its data-state
    new MutationObserver((records) => {
        for (const r of records) {
            if (r.target !== document.documentElement) continue;
            const s = r.target.dataset.state;
            if (seen.states.at(-1) !== s) seen.states.push(s);
        }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
    let game;
    Object.defineProperty(window, 'game', { configurable: true, get: () => game, set: (v) => {
        game = v;
        v.ready.then(() => seen.states.push('game.ready'));
    } });
    addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
        const bar = document.getElementById('feature-bar');
        if (!bar.hidden) {
            const c = document.getElementById('fs-count').textContent;
            if (seen.counts.at(-1) !== c) seen.counts.push(c);
            const sym = document.getElementById('fs-symbol').alt;
            if (sym && seen.specials.at(-1) !== sym) seen.specials.push(sym);
        }
        const o = document.getElementById('feature-total');
        if (o && !seen.outro.includes(o.dataset.minor)) seen.outro.push(o.dataset.minor);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true }));
})();"""

def moments(events: list[dict[str, Any]]) -> dict[str, int]:
    """Five event indexes of a feature round's reveal (CPython's events list)."""
    free = [i for i, e in enumerate(events) if e["type"] == "freeSpin"]
    return {
        "base-reveal": 1,
        "step-3": 3,
        "mid-feature": free[len(free) // 2],
        "last-free-spin": free[-1],
        "round-end": next(i for i, e in enumerate(events) if e["type"] == "roundEnd"),
    }


@pytest.mark.parametrize("moment", ["base-reveal", "step-3", "mid-feature", "last-free-spin", "round-end"])
def test_reload_mid_round_resumes_and_credits_exactly(
    open_game: Callable[..., Game], context: BrowserContext, site: Site, feature_seed: int, moment: str
) -> None:
    # expected: CPython's first two rounds of Random(feature_seed) at the default bet; the
    # first triggers the feature (feature_seed fixture).
    first, second = cpython_rounds(feature_seed, 2)
    assert first["special"] is not None
    events = first["events"]
    k = moments(events)[moment]
    context.add_init_script(RECORDER)
    context.add_init_script(HOLD % k)
    url = site.root + f"?seed={feature_seed}&speed=fast"
    page = open_game(url).page
    page.evaluate("() => { game.spin(); }")
    page.wait_for_function(f"() => window.__held === {k}")
    rec = saved(page)
    assert rec is not None and rec["pending"]["step"] == k
    # the round and the generator state after it were saved together, balance already debited
    assert rec["balance"] == DEMO - BET
    assert rec["rng"] is not None and rec["seed"] == feature_seed

    page.reload()
    wait_booted(page)
    page.wait_for_function("() => window.__seen.states.includes('game.ready')")
    seen = page.evaluate("window.__seen")
    # the round resumed (data-state playing) before the game became ready, and only then ready
    assert seen["states"] == ["playing", "ready", "game.ready"], seen["states"]
    assert page.evaluate("game.state().resumedFrom") == k
    # expected: 100000 - bet + total_win of CPython's first round
    assert minor(page, "#balance") == DEMO - BET + first["total_win"]
    assert minor(page, "#win") == first["total_win"]
    assert saved(page)["pending"] is None
    history = page.evaluate("game.history()")
    assert [(h["bet"], h["win"], h["feature"], h["special"]) for h in history] == [
        (BET, first["total_win"], True, first["special"])]

    # Feature state rebuilt, not replayed: the counter goes on from where the save was.
    shown_before = max([e["number"] for e in events[:k] if e["type"] == "freeSpin"], default=None)
    feature_end = next(e for e in events if e["type"] == "freeSpinsEnd")
    if k <= next(i for i, e in enumerate(events) if e["type"] == "freeSpinsEnd"):
        n = MODEL.free_spins
        # the restored counter (shown_before) may be replaced within the same task by the
        # resumed event's own freeSpin number, so the first value seen is either
        counts = [c for c in seen["counts"] if c != f"0/{n}"]
        start = int(counts[0].split("/")[0]) if counts else None
        allowed = {1} if shown_before is None else {shown_before, shown_before + 1}
        assert start in allowed, counts
        assert counts == [f"{i}/{n}" for i in range(start, n + 1)], counts
        assert set(seen["specials"]) == {first["special"]}
        # expected: CPython's feature total (its freeSpinsEnd event)
        assert seen["outro"] == [str(feature_end["total"])]

    # The seeded sequence goes on: the next round is CPython's second.
    got = page.evaluate("game.spin()")
    assert [s["stops"] for s in got["spins"]] == [s["stops"] for s in second["spins"]]
    assert minor(page, "#balance") == DEMO - 2 * BET + first["total_win"] + second["total_win"]
    assert not page.evaluate("window.__seen.states").count("error")


def test_seeded_sequence_continues_across_a_reload_between_rounds(open_game: Callable[..., Game], site: Site) -> None:
    # expected: CPython's first three rounds of Random(7) at the default bet
    want = cpython_rounds(7, 3)
    page = open_game(site.root + "?seed=7&speed=fast").page
    got = [page.evaluate("game.spin()")]
    page.reload()
    wait_booted(page)  # a reload boots Pyodide again: the boot timeout, not the default one
    wait_ready(page)
    # #win is the last round's total (docs/page-contract.md), also after a reload: CPython's first round's.
    assert minor(page, "#win") == want[0]["total_win"]
    got += [page.evaluate("game.spin()"), page.evaluate("game.spin()")]
    assert [[s["stops"] for s in r["spins"]] for r in got] == [[s["stops"] for s in r["spins"]] for r in want]
    assert minor(page, "#balance") == DEMO + sum(r["total_win"] - BET for r in want)
    assert page.evaluate("game.state().rng") == "Random(seed=7)"


def test_mashing_spin_buy_and_space_plays_exactly_one_round(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?speed=fast").page
    # Twenty clicks on #spin, twenty Space presses, twenty game.spin() and a buy, all within
    # one task (faster than any hand): the first starts a round, every other one meets the
    # in-flight guard. Expected: one history entry and a balance moved by -bet + win.
    results = page.evaluate("""async () => {
        const spin = document.getElementById('spin');
        const calls = [];
        for (let i = 0; i < 20; i++) spin.click();
        for (let i = 0; i < 20; i++) {
            document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
            calls.push(game.spin(), game.buy());
        }
        document.getElementById('buy').click();
        const settled = await Promise.allSettled(calls);
        return settled.map((s) => s.status);
    }""")
    assert results.count("fulfilled") == 0  # the clicked round owns the guard; every call was refused
    # the engine decides in its worker, so data-state may still read "ready" right after the
    # clicks: wait for the clicked round to be credited (it enters the history), then ready
    page.wait_for_function("() => game.history().length >= 1 && game.state().state === 'ready'")
    history = page.evaluate("game.history()")
    assert len(history) == 1
    assert page.locator("#buy-dialog").is_hidden()
    assert minor(page, "#balance") == DEMO - history[0]["cost"] + history[0]["win"]

    # Twenty Space presses alone (the keyboard path): the first spins, the rest hurry it.
    before = minor(page, "#balance")
    page.evaluate("""() => {
        for (let i = 0; i < 20; i++) {
            document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
        }
    }""")
    page.wait_for_function("() => game.history().length >= 2 && game.state().state === 'ready'")
    history = page.evaluate("game.history()")
    assert len(history) == 2
    assert minor(page, "#balance") == before - history[0]["cost"] + history[0]["win"]


def test_history_lists_rounds_and_replays_without_touching_money(
    open_game: Callable[..., Game], site: Site, feature_seed: int
) -> None:
    # expected: CPython's first three rounds of Random(feature_seed); the first has the feature
    want = cpython_rounds(feature_seed, 3)
    page = open_game(site.root + f"?seed={feature_seed}&speed=fast").page
    for _ in want:
        page.evaluate("game.spin()")
    page.click("#history-button")
    dialog = page.locator("#history-dialog")
    expect(dialog).to_be_visible()
    rows = dialog.locator("tbody tr")
    expect(rows).to_have_count(3)
    # newest first
    for row, r in zip(rows.all(), reversed(want)):
        assert int(row.locator(".history-bet").get_attribute("data-minor")) == r["bet"]
        assert int(row.locator(".history-win").get_attribute("data-minor")) == r["total_win"]
        assert row.locator(".history-feature").text_content() == ("Yes" if r["special"] else "No")
    balance, win = minor(page, "#balance"), minor(page, "#win")
    assert balance == DEMO + sum(r["total_win"] - r["bet"] for r in want)
    record_before = page.evaluate("localStorage.getItem('boce.save')")

    rows.nth(2).locator(".history-replay").click()  # the oldest: the feature round
    expect(dialog).to_be_hidden()
    page.wait_for_function("() => game.state().replay === true")
    expect(page.locator("#replay-banner")).to_be_visible()
    expect(page.locator("#replay-banner")).to_contain_text("Replay")
    # a replay is not a round: spin is refused while it plays
    assert "already playing" in page.evaluate("game.spin().then(() => 'played', (e) => String(e))")
    wait_ready(page)
    expect(page.locator("#replay-banner")).to_be_hidden()
    # it showed the round's own win, and changed nothing of the player's
    assert minor(page, "#replay-win") == want[0]["total_win"]
    assert (minor(page, "#balance"), minor(page, "#win")) == (balance, win)
    assert page.evaluate("localStorage.getItem('boce.save')") == record_before
    assert len(page.evaluate("game.history()")) == 3


WATCH_FEATURE = """() => {
    window.outros = 0;
    window.counts = [];
    new MutationObserver(() => {
        if (document.getElementById('feature-total')) window.outros++;
        const count = document.getElementById('fs-count').textContent;
        if (!document.getElementById('feature-bar').hidden && window.counts.at(-1) !== count) window.counts.push(count);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}"""

# Reads the free-spins counter and presses Stop in one task, so no step can slip in between.
STOP_NOW = """() => {
    const at = document.getElementById('fs-count').textContent;
    document.getElementById('replay-stop').click();
    return at;
}"""


def test_a_replay_can_be_stopped_part_way(open_game: Callable[..., Game], site: Site, context: BrowserContext,
                                          feature_seed: int) -> None:
    # A saved game whose history holds CPython's feature round of Random(feature_seed); played at
    # normal speed, so the replay lasts far longer than it takes to stop it.
    rnd = cpython_rounds(feature_seed, 1)[0]
    entry = {"time": 1_764_000_000_000, "bet": BET, "cost": BET, "buy": False, "win": rnd["total_win"],
             "feature": True, "special": rnd["special"], "round": savefile.compact(rnd)}
    context.add_init_script(savefile.store_script(savefile.KEY, json.dumps(savefile.record(history=[entry]))))
    page = open_game(site.root).page
    record_before = page.evaluate("localStorage.getItem('boce.save')")
    balance, win = minor(page, "#balance"), minor(page, "#win")
    assert balance == DEMO
    page.evaluate(WATCH_FEATURE)

    # Stopped with the button once the replayed feature's first free spin is on screen.
    page.evaluate("() => { window.replayed = game.replay(0); }")
    expect(page.locator("#fs-count")).to_have_text(f"1/{MODEL.free_spins}", timeout=60_000)
    at = page.evaluate(STOP_NOW)
    wait_ready(page)
    # Nothing after the step it was stopped in was shown: the counter never moved on, and the
    # outro (the feature's last panel) never appeared. The base game is back as it was: no
    # feature bar, no banner, the player's money untouched.
    assert page.evaluate("window.counts").pop() == at
    assert page.evaluate("window.outros") == 0
    assert page.evaluate("window.replayed.then((r) => r.total_win)") == rnd["total_win"]
    expect(page.locator("#feature-bar")).to_be_hidden()
    expect(page.locator("#replay-banner")).to_be_hidden()
    assert (minor(page, "#balance"), minor(page, "#win")) == (balance, win)
    assert page.evaluate("localStorage.getItem('boce.save')") == record_before

    # Stopped with Escape while the base spin's reels still turn.
    page.evaluate("() => { window.replayed = game.replay(0); }")
    expect(page.locator("#replay-banner")).to_be_visible()
    page.keyboard.press("Escape")
    wait_ready(page)
    assert page.evaluate("window.outros") == 0
    expect(page.locator("#feature-bar")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('boce.save')") == record_before

    # and the game plays on: a real round moves the balance by -bet + its win
    played = page.evaluate("game.spin()")
    assert minor(page, "#balance") == balance - played["bet"] + played["total_win"]
