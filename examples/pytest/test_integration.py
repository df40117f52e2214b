"""What an integrator checks, with the pytest-book-of-christmas-eve kit (testkit/python).
Run: pytest examples/pytest --base-url http://HOST:PORT/  (`make test-examples-pytest`)."""

from engine import load_model


def test_loads_and_is_ready(game):
    game.open(speed="fast", bets=[20, 50, 100])  # a list is sent comma-separated
    assert game.state()["state"] == "ready"
    assert game.state()["settings"]["bets"] == [20, 50, 100]
    assert game.balance() > 0 and game.bet() in (20, 50, 100)


def test_spin_debits_the_bet_and_credits_the_engines_win(game, expected_round):
    game.open(seed=2024, speed="fast")
    start, bet = game.balance(), game.bet()
    played = game.spin()
    expected = expected_round(seed=2024, bet=bet)
    assert played == expected
    assert game.balance() == start - bet + expected["total_win"]
    assert game.win() == expected["total_win"]


def test_max_win_scenario_ends_at_the_cap(game):
    game.open(scenario="max-win", speed="fast")
    played = game.buy()
    assert played["end"] == "max_win"
    assert played["total_win"] == load_model().max_win * played["bet"]


def test_embedded_game_posts_its_events_and_obeys_spin(embed_host):
    embedded = embed_host.open({"seed": 7, "speed": "fast"}, width=320, height=568)
    embedded.send({"type": "setBet", "bet": 123})  # not a level: refused with an error message
    assert embedded.wait_for("error")["command"] == "setBet"
    embedded.send({"type": "spin"})  # the refusal answered, the next command's wait goes on
    end = embedded.wait_for("roundEnd")
    types = [m["type"] for m in embedded.messages()]
    assert types.index("ready") < types.index("error") < types.index("roundStart") < types.index("roundEnd")
    assert len(embedded.messages("roundEnd")) == 1
    assert end["cost"] == end["bet"] and end["balance"] == embedded.frame.evaluate("game.state().balance")


def test_history_replay_link_replays_the_round(game):
    game.open(seed=11, speed="fast")
    played = game.spin()
    game.open(game.replay_link(0))
    assert game.page.locator("html").get_attribute("data-mode") == "replay"
    assert game.play_replay()["total_win"] == played["total_win"]


def test_idle_game_looks_as_stored(game, assert_screenshot):
    game.open(still=1, seed=1)
    game.settled()
    assert_screenshot(game.page, "idle")
