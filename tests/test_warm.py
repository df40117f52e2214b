"""main.py's EngineBridge.warm (static/js/app/app.js asks for it while it builds the game): a round
played and thrown away on a generator of its own, so that the player's first round is decided as
fast as the next. It must change nothing of the player's: the seeded generator and so every
round the page then plays are those of a page that never warmed.

Expected values: a second bridge for the same query string that was never warmed (the engine's
own answers, compared), and the kit's expected_round (random.Random(seed), by the rules'
definition of a seeded page)."""

from __future__ import annotations

from pytest_book_of_christmas_eve import expected_round
from tools_support import tool

record_rounds = tool("record_rounds")


def test_warming_changes_no_round_the_page_plays() -> None:
    main = record_rounds._page_main()
    with record_rounds._jsnull_stand_in():
        warmed = record_rounds.Page(main, "?seed=41")
        plain = record_rounds.Page(main, "?seed=41")
        state = warmed.bridge.rng.getstate()
        assert warmed.call("warm") is None
        assert warmed.bridge.rng.getstate() == state  # the player's generator was not drawn from
        bet = warmed.bridge.model.default_bet
        for index in range(3):
            got = warmed.call("playRound", bet, False)
            assert got == plain.call("playRound", bet, False)
            assert got["round"] == expected_round(seed=41, bet=bet, index=index)


def test_warming_under_system_random_draws_nothing_from_it() -> None:
    # (a page without ?seed: its generator is SystemRandom, which warm must not touch either)
    main = record_rounds._page_main()
    with record_rounds._jsnull_stand_in():
        page = record_rounds.Page(main, "")
        calls: list[str] = []
        page.bridge.rng.random = lambda: calls.append("random") or 0.5  # type: ignore[method-assign]
        page.bridge.rng.randrange = lambda *a, **k: calls.append("randrange") or 0  # type: ignore[method-assign]
        assert page.call("warm") is None
        assert calls == []
