"""Each kind of bad input raises its own class of engine.errors, and each is a ValueError.

The expected class comes from the rule the input breaks, as docs/engine.md ("Errors") files
them: a bet that is no level is a BetError; a buy flag that is not a bool a BuyError; a grid
the reels cannot show a GridError; a special symbol or multipliers a free spin cannot have a
FreeSpinError; a model file that breaks a rule a ModelError; draws the rules do not make a
ReplayError; simulation settings below one a SimulationError; and anything wrong with a saved
round, whatever field it is in (its bet and grid included), a SavedRoundError. Each case below
is one rule broken once; the message checks (the fault named) are in test_bad_input.py and
test_page.py.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import engine
from book_models import TEST, fresh_test_data
from engine import errors, page
from engine.errors import (BetError, BuyError, EngineError, FreeSpinError, GridError, ModelError,
                           ReplayError, SavedRoundError, SimulationError)
from engine.rng import Replay, WeightTable, encode
from engine.simulate import Simulation, simulate

GOOD = "SANTA A K|BOOK Q J|A A A|K K K|J Q SANTA"
"""A valid grid with one book, on reel 2 (index 1)."""
CLASSES = (BetError, BuyError, FreeSpinError, GridError, ModelError, ReplayError, SavedRoundError,
           SimulationError)


def test_every_class_is_an_engine_error_and_a_value_error() -> None:
    # docs/engine.md: EngineError is a ValueError, so callers catching ValueError keep working.
    assert issubclass(EngineError, ValueError)
    for cls in CLASSES:
        assert issubclass(cls, EngineError), cls
    # No class is another's: each names one kind of fault.
    assert all(not issubclass(a, b) for a in CLASSES for b in CLASSES if a is not b)
    # The module's list of names, the package's exports and the old homes agree.
    assert set(errors.__all__) == {c.__name__ for c in CLASSES} | {"EngineError"}
    assert all(getattr(engine, name) is getattr(errors, name) for name in errors.__all__)
    assert engine.model.ModelError is ModelError and engine.rng.ReplayError is ReplayError


def grid(text: str) -> engine.Grid:
    return engine.parse_grid(text)


def saved(seed: int = 3, buy: bool = True) -> dict[str, Any]:
    return engine.play_round(TEST, 100, random.Random(seed), buy=buy).to_dict()


def read_back(d: dict[str, Any]) -> None:
    """Round.from_dict then verify: what the page does with a saved round."""
    engine.Round.from_dict(d, TEST).verify(TEST)


def edited(edit: Callable[[dict[str, Any]], object], seed: int = 3, buy: bool = True) -> dict[str, Any]:
    d = saved(seed, buy)
    edit(d)
    return d


def _losing_base_round() -> dict[str, Any]:
    # A base round that wins nothing: every amount is 0, a whole number of any line bet.
    return next(d for s in range(200) if (d := saved(s, buy=False))["total_win"] == 0
                and d["free_spins"] == 0)


def _at_bet_70(d: dict[str, Any]) -> dict[str, Any]:
    # Bet 70 (not a level of the test model: 10, 20, 50, 100, 200, 500) with the line bet,
    # cap and cost that follow from it, so from_dict reads it and only verify can refuse it.
    return d | {"bet": 70, "line_bet": 7, "cost": 70, "cap": 70 * fresh_test_data()["max_win"]}


def _set(path: tuple[Any, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def edit(d: dict[str, Any]) -> None:
        target: Any = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


RULES: list[tuple[str, type[EngineError], Callable[[], object]]] = [
    # A bet is a whole number of minor units and one of the model's levels.
    ("bet not a level", BetError, lambda: engine.play_round(TEST, 15, random.Random(1))),
    ("bet a float", BetError, lambda: engine.play_round(TEST, 100.7, random.Random(1))),  # type: ignore[arg-type]
    ("bet a string", BetError, lambda: engine.play_round(TEST, "100", random.Random(1))),  # type: ignore[arg-type]
    ("bet a bool", BetError, lambda: engine.play_round(TEST, True, random.Random(1))),
    ("bet None", BetError, lambda: engine.play_round(TEST, None, random.Random(1))),  # type: ignore[arg-type]
    ("offer at no level", BetError, lambda: engine.offer(TEST, 70)),
    ("check_bet of a list", BetError, lambda: engine.check_bet(TEST, [100])),
    # The buy flag is True or False.
    ("buy a string", BuyError, lambda: engine.play_round(TEST, 100, random.Random(1), buy="false")),  # type: ignore[arg-type]
    ("buy 1", BuyError, lambda: engine.play_round(TEST, 100, random.Random(1), buy=1)),  # type: ignore[arg-type]
    ("buy None", BuyError, lambda: engine.play_round(TEST, 100, random.Random(1), buy=None)),  # type: ignore[arg-type]
    # A grid is 5 reels of 3 of the model's symbols; books on reels 2 to 4, one a reel.
    ("grid of 4 reels", GridError, lambda: engine.evaluate(TEST, [["A", "K", "Q"]] * 4)),
    ("grid a string", GridError, lambda: engine.evaluate(TEST, GOOD)),  # type: ignore[arg-type]
    ("text of 4 reels", GridError, lambda: engine.parse_grid("A A A|K K K|Q Q Q|J J J")),
    ("unknown symbol", GridError, lambda: engine.evaluate(TEST, grid("TREE A K|A A A|A A A|K K K|J Q A"))),
    ("book on reel 1", GridError, lambda: engine.evaluate(TEST, grid("BOOK A K|Q Q J|A A A|K K K|J Q A"))),
    ("two books on a reel", GridError,
     lambda: engine.evaluate(TEST, grid("SANTA A K|Q Q J|BOOK A BOOK|K K K|J Q A"))),
    # A free spin has a paying special symbol and one multiplier 1..5 per book reel.
    ("unknown special", FreeSpinError, lambda: engine.evaluate(TEST, grid(GOOD), special="BOOK",
                                                               multipliers={1: 1})),
    ("multipliers without special", FreeSpinError,
     lambda: engine.evaluate(TEST, grid(GOOD), multipliers={1: 2})),
    ("book reel without multiplier", FreeSpinError, lambda: engine.evaluate(TEST, grid(GOOD), special="Q")),
    ("multiplier 6", FreeSpinError, lambda: engine.evaluate(TEST, grid(GOOD), special="Q", multipliers={1: 6})),
    ("multiplier on no book", FreeSpinError,
     lambda: engine.evaluate(TEST, grid(GOOD), special="Q", multipliers={1: 2, 2: 2})),
    # A model file is readable JSON that keeps every rule of the game.
    ("model field missing", ModelError, lambda: engine.load_model({"name": "x"})),
    ("model file missing", ModelError, lambda: engine.load_model("/nonexistent/model.json")),
    ("model bet not a multiple of 10", ModelError, lambda: engine.load_model(fresh_test_data() | {"bets": [15]})),
    # A replay answers only the draws it recorded, each below the range asked for.
    ("replay out of draws", ReplayError, lambda: Replay([]).randrange(5)),
    ("replay draw too big", ReplayError, lambda: Replay([7]).randrange(5)),
    ("stop off its strip", ReplayError, lambda: encode((0, 4, 0), (3, 4, 5))),
    ("value no draw gives", ReplayError, lambda: WeightTable.of([(1, 50), (2, 50)]).draw_for(3)),
    # A simulation plays at least one round with at least one worker.
    ("simulate 0 rounds", SimulationError, lambda: simulate(TEST, 0, 1)),
    ("simulate 0 workers", SimulationError, lambda: simulate(TEST, 10, 1, workers=0)),
    ("figures before any round", SimulationError, lambda: Simulation(TEST, 5, seed=1).figures()),
    ("saved: not an object", SavedRoundError, lambda: engine.Round.from_dict([], TEST)),  # type: ignore[arg-type]
]

SAVES: list[tuple[str, Callable[[], dict[str, Any]]]] = [
    # A saved round reads back and verifies, whatever field is wrong: each makes one bad save.
    ("format 2", lambda: edited(_set(("format",), 2))),
    ("buy a string", lambda: edited(_set(("buy",), "yes"))),
    ("end unknown", lambda: edited(_set(("end",), "later"))),
    ("kind unknown", lambda: edited(_set(("spins", 0, "kind"), "x"))),
    ("multiplier key", lambda: edited(_set(("spins", 0, "multipliers"), {"x": 1}))),
    ("line win not an object", lambda: edited(_set(("spins", 0, "line_wins"), [1.5]))),
    ("grid of 4 reels", lambda: edited(_set(("spins", 0, "grid"), [["A", "K", "Q"]] * 4))),
    ("stop off the strip", lambda: edited(_set(("spins", 0, "stops", 0), 10**6))),
    ("grid not its stops", lambda: edited(lambda d: d["spins"][0]["grid"][0].reverse())),
    ("total raised", lambda: edited(lambda d: d.update(total_win=d["total_win"] + 10))),
    ("a spin dropped", lambda: edited(lambda d: d["spins"].pop())),
    ("special changed", lambda: edited(lambda d: d.update(special="J" if d["special"] != "J" else "Q"))),
    ("bet not a level", lambda: _at_bet_70(_losing_base_round())),
]
RULES += [(f"saved: {name}", SavedRoundError, lambda make=make: read_back(make())) for name, make in SAVES]


@pytest.mark.parametrize("rule, cls, call", RULES, ids=[r[0] for r in RULES])
def test_each_rule_broken_raises_its_class(rule: str, cls: type[EngineError], call: Callable[[], object]) -> None:
    with pytest.raises(EngineError) as raised:
        call()
    assert type(raised.value) is cls, f"{rule}: {type(raised.value).__name__}: {raised.value}"
    assert isinstance(raised.value, ValueError)
    assert str(raised.value)  # a message naming the fault


def test_the_saved_round_cases_read_back_untouched() -> None:
    # The premise of the "saved:" cases: each edit alone is what is refused.
    read_back(saved())
    read_back(_losing_base_round())


@pytest.mark.parametrize("make", [m for _, m in SAVES], ids=[name for name, _ in SAVES])
def test_check_saved_answers_the_same_refusal(make: Callable[[], dict[str, Any]]) -> None:
    # What the page gets for each bad save: "SavedRoundError: " and the engine's own message.
    d = make()
    with pytest.raises(SavedRoundError) as raised:
        read_back(d)
    got = page.check_saved(TEST, json.dumps(d), d["bet"], d["cost"])
    assert got["error"] == f"SavedRoundError: {raised.value}" and got["code"] == raised.value.code


@pytest.mark.parametrize("text, why", [
    ("{", "the saved round is not JSON (Expecting property name"),
    ("[" * 100_000 + "]" * 100_000, "the saved round is not JSON (maximum recursion depth"),
    ('{"bet": ' + "9" * 5000 + "}", "the saved round is not JSON (Exceeds the limit"),
    ("[1, 2]", "SavedRoundError: a round is an object, not list"),
])
def test_check_saved_refuses_text_that_is_no_round(text: str, why: str) -> None:
    # json.loads refuses these with JSONDecodeError, RecursionError and ValueError (the
    # integer digit limit); the page gets a SavedRoundError for each, as for any bad save.
    got = page.check_saved(TEST, text, 100, 100)
    assert set(got) == {"error", "code", "params", "money"} and got["error"].startswith("SavedRoundError: ")
    assert why.removeprefix("SavedRoundError: ") in got["error"]


def test_check_saved_answers_every_edited_save() -> None:
    # Each field of a saved round, set to each kind of JSON value: the page always gets an
    # answer (never an exception), and a refusal is a SavedRoundError. Seeded: the same edits
    # every run.
    d0 = saved()
    values: list[object] = [None, True, -1, 0, 10**30, 1.5, "", "x", [], [0], {}, {"a": 1}]
    paths: list[tuple[Any, ...]] = []

    def walk(node: object, path: tuple[Any, ...]) -> None:
        paths.append(path)
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, v in items:
            walk(v, path + (k,))

    walk({k: v for k, v in d0.items() if k != "events"}, ())
    rng = random.Random(17)
    for path in rng.sample(paths[1:], min(400, len(paths) - 1)):
        value = rng.choice(values)
        d = copy.deepcopy(d0)
        _set(path, value)(d)
        got = page.check_saved(TEST, json.dumps(d), 100, d0["cost"])
        assert set(got) in ({"round"}, {"error", "code", "params", "money"}), (path, value)
        if "error" in got:
            assert got["error"].startswith("SavedRoundError: "), (path, value, got)


def test_restore_rng_takes_a_saved_state() -> None:
    rng = random.Random(1)
    assert page.restore_rng(rng, 1, json.dumps(random.Random(9).getstate())) == ""
    assert rng.random() == random.Random(9).random()


@pytest.mark.parametrize("state", [
    "not json", "[1, 2]", "null", json.dumps([3, [1, 2, 3], None]), json.dumps([1, [0] * 625, None]),
    json.dumps([3, ["a"] * 625, None]), json.dumps([3, [-1] * 625, None]),
], ids=["not JSON", "two items", "null", "3 words", "version 1", "strings", "negative words"])
def test_restore_rng_refuses_what_is_no_state(state: str) -> None:
    # random.Random.setstate refuses these with TypeError, ValueError or OverflowError; the page
    # gets a SavedRoundError's message and the generator starts afresh from its seed.
    rng = random.Random(1)
    rng.random()
    why = page.restore_rng(rng, 5, state)
    assert why.startswith("SavedRoundError: "), why
    assert rng.random() == random.Random(5).random()
