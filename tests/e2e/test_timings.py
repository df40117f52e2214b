"""Round timings (docs/page-contract.md): `game.state().timings` holds the last ten rounds'
`{start, outcome, enabled}` on the page's clock, oldest first, and each profile's least round
cycle (`minRound`: 0 by default, the `uk` profile's otherwise) holds both in those timings and
in the page's own events (data-state changes recorded by a MutationObserver). Rounds are asked
for back to back; nothing here sleeps. `game.settled()` resolves once no round animation runs.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from e2e_harness import Game, Site

RECORD = """() => {
    window.stateLog = [];
    new MutationObserver(() => stateLog.push([document.documentElement.dataset.state, performance.now()]))
        .observe(document.documentElement, { attributes: true, attributeFilter: ["data-state"] });
}"""

BACK_TO_BACK = """async (n) => {
    const wins = [];
    for (let i = 0; i < n; i++) wins.push((await game.spin()).total_win);
    return wins;
}"""


# each market's least cycle (docs/page-contract.md "Launch settings": default none, UK 2.5 s, Germany 5 s)
@pytest.mark.parametrize(("profile", "rounds", "least"), [("default", 12, 0), ("uk", 3, 2500), ("de", 2, 5000)])
def test_each_profiles_least_cycle_holds_in_the_timings_and_the_pages_events(
        open_game: Callable[..., Game], site: Site, profile: str, rounds: int, least: int) -> None:
    query = "?seed=2&speed=fast" + ("" if profile == "default" else f"&market={profile}")
    page = open_game(site.root + query).page
    cycle = page.evaluate("game.state().settings.minRound")
    assert cycle == least
    page.evaluate(RECORD)
    page.evaluate(BACK_TO_BACK, rounds)
    timings = page.evaluate("game.state().timings")
    assert len(timings) == min(rounds, 10)  # the last ten, oldest first
    log = page.evaluate("stateLog")
    starts = [t for s, t in log if s == "playing"][-len(timings):]
    readies = [t for s, t in log if s == "ready"][-len(timings):]
    assert len(starts) == len(readies) == len(timings)
    for i, t in enumerate(timings):
        # an observer hears of a change after it happened: data-state went to "playing" before
        # the round's start was taken, and to "ready" after its outcome was shown
        assert starts[i] <= t["start"] <= t["outcome"] <= readies[i]
        assert t["outcome"] <= t["enabled"] and t["enabled"] - t["start"] >= cycle
        if i:
            assert timings[i - 1]["enabled"] <= starts[i] <= t["start"]
            assert t["start"] - timings[i - 1]["start"] >= cycle
            # as the page showed it: one round's start to the next's, from data-state alone
            assert starts[i] - starts[i - 1] >= cycle


def test_settled_resolves_once_no_round_animation_runs(open_game: Callable[..., Game], site: Site) -> None:
    page = open_game(site.root + "?seed=9&speed=fast").page
    assert page.evaluate("game.settled().then(() => game.state().state)") == "ready"
    # a bought feature started by its button (not awaited): settled waits for its end
    page.evaluate("() => { game.buy(); }")
    after = page.evaluate("""game.settled().then(() => ({
        state: game.state().state, rounds: game.state().timings.length, history: game.history().length,
        overlay: document.getElementById("overlay").hidden,
    }))""")
    assert after == {"state": "ready", "rounds": 1, "history": 1, "overlay": True}
