"""load_model rejects every broken model with engine.ModelError naming the field and the value.

Each bad model is the good test model (tests/engine/data/test_model.json) with one fault put in.
The expected message parts come from the fault itself: the JSON path we broke and the value we
wrote there. Strips of the test model, for reference (0-based stops):

    base[1]       BOOK A K Q J BOOK GIFT SANTA AXE      books at 0 and 5 (9 stops)
    base[2]       A BOOK K Q SNOWMAN J BAUBLE GIFT      book at 1 (8 stops)
    free[3]       BOOK A SANTA K BOOK Q J GIFT AXE      books at 0 and 4 (9 stops)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

import engine
from book_models import TEST, fresh_test_data

Mutation = Callable[[dict[str, Any]], object]


def _set(path: str, value: object) -> Mutation:
    """A mutation that writes ``value`` at a dotted path (a part indexes a list as an int)."""
    keys = path.split(".")

    def apply(d: dict[str, Any]) -> None:
        target: Any = d
        for k in keys[:-1]:
            target = target[int(k)] if isinstance(target, list) else target[k]
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return apply


def _pop(path: str) -> Mutation:
    keys = path.split(".")

    def apply(d: dict[str, Any]) -> None:
        target: Any = d
        for k in keys[:-1]:
            target = target[k]
        del target[keys[-1]]
    return apply


FAULTS: list[tuple[str, Mutation, list[str]]] = [
    # A BOOK on reel 1 or 5 (docs/rules.md: books land on reels 2, 3 and 4 only), both strip sets.
    ("book on reel 1, base", _set("reels.base.0.4", "BOOK"), [r"reels\.base\[0\]\[4\]", "BOOK", "reel 1"]),
    ("book on reel 5, base", _set("reels.base.4.6", "BOOK"), [r"reels\.base\[4\]\[6\]", "BOOK", "reel 5"]),
    ("book on reel 1, free", _set("reels.free_spins.0.2", "BOOK"), [r"reels\.free_spins\[0\]\[2\]", "BOOK", "reel 1"]),
    ("book on reel 5, free", _set("reels.free_spins.4.2", "BOOK"), [r"reels\.free_spins\[4\]\[2\]", "BOOK", "reel 5"]),
    # Books closer than 3 stops: base[2] has a book at 1; one at 3 is 2 stops after it.
    ("books 2 apart", _set("reels.base.2.3", "BOOK"), [r"reels\.base\[2\]", r"\b1 and 3\b", r"\b2 apart"]),
    # base[2] (8 stops) with books at 1 and 7: 6 apart forwards, but 7 -> 8+1 is 2 across the wrap.
    ("books 2 apart across the wrap", _set("reels.base.2.7", "BOOK"), [r"reels\.base\[2\]\[7\]", r"\b7 and 1\b", r"\b2 apart"]),
    # free[3] (9 stops) has books at 0 and 4; adding 7 puts 7 -> 9+0 at 2 across the wrap.
    ("books 2 apart across the wrap, free", _set("reels.free_spins.3.7", "BOOK"), [r"reels\.free_spins\[3\]\[7\]", r"\b7 and 0\b", r"\b2 apart"]),
    # free[1] has books at 0 and 4; one at 5 is 1 stop after 4.
    ("books 1 apart, free", _set("reels.free_spins.1.5", "BOOK"), [r"reels\.free_spins\[1\]\[4\]", r"\b4 and 5\b", r"\b1 apart"]),
    ("unknown symbol in a strip", _set("reels.base.1.2", "TREE"), [r"reels\.base\[1\]\[2\]", "'TREE'"]),
    ("unknown symbol in a free strip", _set("reels.free_spins.4.0", "WILD"), [r"reels\.free_spins\[4\]\[0\]", "'WILD'"]),
    # A pays 5 for 3; 4 for 4 is a fall.
    ("pays fall", _set("paytable.A.4", 4), [r"paytable\.A", r"\b4 pays 4\b"]),
    ("pays fall from 2 to 3", _set("paytable.SANTA.3", 9), [r"paytable\.SANTA", r"\b3 pays 9\b"]),
    ("bets not ascending", _set("bets", [10, 50, 20, 100]), [r"bets\[2\]", r"\b20\b"]),
    ("bets repeat", _set("bets", [10, 20, 20, 100]), [r"bets\[2\]", r"\b20\b"]),
    ("bet not a multiple of 10", _set("bets", [10, 25, 100]), [r"bets\[1\]", r"\b25\b", "multiple of 10"]),
    ("default bet not a level", _set("default_bet", 70), ["default_bet", r"\b70\b"]),
    ("missing big_wins", _pop("big_wins"), ["missing", "'big_wins'"]),
    # Tier 1 (BIG WIN at 15) moved above tier 2 (MEGA WIN at 40): thresholds must rise.
    ("big-win thresholds fall", _set("big_wins.1.at", 10), [r"big_wins\[1\]", r"\b10\b", r"\b15\b"]),
    ("big-win levels repeat", _set("big_wins.2.level", 2), [r"big_wins\[2\]", r"level 2"]),
    ("big-win tier without a name", _set("big_wins.0.name", ""), [r"big_wins\[0\]\.name", "''"]),
    ("big-win tier at 0", _set("big_wins.0.at", 0), [r"big_wins\[0\]\.at", r"\b0\b"]),
    ("big-win unknown field", _set("big_wins.0.colour", "red"), [r"big_wins\[0\]", "'colour'"]),
    ("anticipation after 0 books", _set("anticipation_books", 0), ["anticipation_books", r"\b0\b"]),
    ("anticipation not a number", _set("anticipation_books", "2"), ["anticipation_books", "'2'"]),
    ("special weight for an unknown symbol", _set("free_spins.special_weights.BOOK", 1), [r"special_weights", "'BOOK'"]),
    ("special weight for a made-up symbol", _set("free_spins.special_weights.TREE", 2), [r"special_weights", "'TREE'"]),
    ("multiplier weight for 6", _set("free_spins.multiplier_weights.6", 1), [r"multiplier_weights", "'6'"]),
    ("multiplier weight for 0", _set("free_spins.multiplier_weights.0", 1), [r"multiplier_weights", "'0'"]),
    ("all multiplier weights zero", _set("free_spins.multiplier_weights", {str(m): 0 for m in range(1, 6)}),
     [r"free_spins\.multiplier_weights", "zero"]),
    ("all special weights zero", _set("free_spins.special_weights", {s: 0 for s in TEST.symbols}),
     [r"free_spins\.special_weights", "zero"]),
    ("negative weight", _set("free_spins.multiplier_weights.3", -1), [r"multiplier_weights\.3", "-1"]),
    ("paytable of 8 symbols", _pop("paytable.J"), ["paytable", r"\b8\b"]),
    ("paytable of 10 symbols", _set("paytable.TREE", {"3": 1, "4": 2, "5": 3}), ["paytable", r"\b10\b"]),
    ("9 paylines", lambda d: d["paylines"].pop(), ["paylines", r"\b9\b"]),
    # paylines[9] made equal to paylines[0] = [1, 1, 1, 1, 1].
    ("duplicate paylines", _set("paylines.9", [1, 1, 1, 1, 1]), [r"paylines\[9\]", r"\[1, 1, 1, 1, 1\]", r"paylines\[0\]"]),
    ("row 3 in a payline", _set("paylines.4.2", 3), [r"paylines\[4\]", r"\[2, 1, 3, 1, 2\]"]),
    ("row -1 in a payline", _set("paylines.4.2", -1), [r"paylines\[4\]", r"\[2, 1, -1, 1, 2\]"]),
    ("missing bets", _pop("bets"), ["missing", "'bets'"]),
    ("missing max_win", _pop("max_win"), ["missing", "'max_win'"]),
    ("missing paytable", _pop("paytable"), ["missing", "'paytable'"]),
    ("missing free_spins.count", _pop("free_spins.count"), ["free_spins", "missing", "'count'"]),
    ("missing reels.base", _pop("reels.base"), [r"reels\.base", "None"]),
    ("missing pay for 5", _pop("paytable.GIFT.5"), [r"paytable\.GIFT", r"\b5\b"]),
    ("wrong wild", _set("wild", "SCATTER"), ["wild", "'SCATTER'"]),
    ("float pay", _set("paytable.K.4", 40.5), [r"paytable\.K\.4", r"40\.5"]),
    ("bool count", _set("free_spins.count", True), [r"free_spins\.count", "True"]),
    # engine/model.py MAX_FREE_SPINS (1000): one past it, and the 10^15 that made par run for ever
    ("1001 free spins", _set("free_spins.count", 1001), [r"free_spins\.count", "1001", "above 1000"]),
    ("10^15 free spins", _set("free_spins.count", 10**15), [r"free_spins\.count", "above 1000"]),
    # engine/model.py MAX_STOPS (500): a strip of 501 stops (the first strip's own stops repeated)
    ("501 stops", lambda d: d["reels"]["base"].__setitem__(0, (d["reels"]["base"][0] * 501)[:501]),
     [r"reels\.base\[0\]", "501 stops", "at most 500"]),
]


@pytest.mark.parametrize("mutate, parts", [(m, p) for _, m, p in FAULTS], ids=[n for n, _, _ in FAULTS])
def test_load_model_rejects_fault(mutate: Mutation, parts: list[str]) -> None:
    data = fresh_test_data()
    mutate(data)
    with pytest.raises(engine.ModelError) as info:
        engine.load_model(data)
    message = str(info.value)
    for part in parts:
        assert re.search(part, message), f"{part!r} not in {message!r}"


def test_model_error_is_a_value_error() -> None:
    # docs/engine.md "API": ModelError is a ValueError.
    assert issubclass(engine.ModelError, ValueError)


@pytest.mark.parametrize("mutate", [
    _set("reels.base.2.4", "BOOK"),   # base[2]: books at 1 and 4, 3 apart; 4 -> 8+1 is 5
    _set("reels.base.2.6", "BOOK"),   # base[2]: books at 1 and 6, 5 apart; 6 -> 8+1 is exactly 3
    _set("reels.free_spins.1", ["BOOK", "A", "K", "BOOK", "Q", "J"]),  # 0 and 3, 3 each way
], ids=["3 apart", "3 apart across the wrap", "3 apart both ways"])
def test_books_exactly_3_apart_are_allowed(mutate: Mutation) -> None:
    # docs/rules.md: "at least 3 stops apart": a gap of exactly 3 is legal (a window of 3 still shows one).
    data = fresh_test_data()
    mutate(data)
    engine.load_model(data)


def test_fault_in_a_file_names_the_field(tmp_path) -> None:
    # The same check when the model comes from a path instead of a dict.
    data = fresh_test_data()
    data["reels"]["base"][0][4] = "BOOK"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(engine.ModelError, match=r"reels\.base\[0\]\[4\]: BOOK on reel 1"):
        engine.load_model(path)
    with pytest.raises(engine.ModelError, match=r"reels\.base\[0\]\[4\]"):
        engine.load_model(str(path))


def test_non_json_file(tmp_path) -> None:
    path = tmp_path / "model.json"
    path.write_text("{ not json", encoding="utf-8")
    with pytest.raises(engine.ModelError, match=re.escape(str(path)) + ".*not JSON"):
        engine.load_model(path)


def test_missing_file(tmp_path) -> None:
    path = tmp_path / "absent.json"
    with pytest.raises(engine.ModelError, match=re.escape(str(path)) + ".*cannot be read"):
        engine.load_model(path)


def test_model_that_is_not_an_object() -> None:
    with pytest.raises(engine.ModelError, match=r"model: \[1, 2\] is not an object"):
        engine.load_model([1, 2])  # type: ignore[arg-type]


def test_good_test_model_loads_with_its_numbers() -> None:
    # The test model's file, read by hand: 9 symbols in paytable order, 10 lines, count 10.
    m = engine.load_model(fresh_test_data())
    assert m.symbols == ("SANTA", "SNOWMAN", "AXE", "BAUBLE", "GIFT", "A", "K", "Q", "J")
    assert m.paytable["SANTA"] == (0, 0, 10, 100, 1000, 5000)
    assert m.paytable["A"] == (0, 0, 0, 5, 40, 150)
    assert m.min_count("SNOWMAN") == 2 and m.min_count("AXE") == 3
    assert m.line_bet(100) == 10
    assert (m.free_spins, m.max_win, m.buy_price, m.default_bet) == (10, 20168, 100, 100)


def test_to_json_round_trips() -> None:
    # Model.to_json is documented as "what load_model reads": reading it back gives the same model.
    assert engine.load_model(TEST.to_json()) == TEST
    assert engine.load_model(engine.load_model().to_json()) == engine.load_model()


def test_shipped_model_keeps_the_rules() -> None:
    # Only what docs/rules.md fixes, so this survives re-tuning of strips, pays, weights and price:
    # 9 paying symbols + BOOK, 10 distinct lines, books only on reels 2-4 and >= 3 stops apart
    # (load_model checked that; we recount), SANTA and SNOWMAN pay from 2, 10 free spins, a cap
    # of 20,168x, bets in multiples of 10 with the default among them.
    m = engine.load_model()
    assert m.wild == "BOOK" and len(m.symbols) == 9 and "BOOK" not in m.symbols
    assert set(m.symbols) == {"SANTA", "SNOWMAN", "AXE", "BAUBLE", "GIFT", "A", "K", "Q", "J"}
    assert len(m.paylines) == 10 == len(set(m.paylines))
    for strips in (m.base_strips, m.free_strips):
        assert len(strips) == 5
        for reel, strip in enumerate(strips):
            books = [i for i, s in enumerate(strip) if s == "BOOK"]
            if reel in (0, 4):
                assert books == []
            else:
                assert books, f"reel {reel + 1} has no book: 3 books could never show"
                gaps = [(b - a) % len(strip) or len(strip) for a, b in zip(books, books[1:] + books[:1])]
                assert min(gaps) >= 3
    assert m.min_count("SANTA") == 2 and m.min_count("SNOWMAN") == 2
    assert m.free_spins == 10
    assert m.max_win == 20168
    assert all(b % 10 == 0 for b in m.bets) and list(m.bets) == sorted(set(m.bets))
    assert m.default_bet in m.bets
    assert m.buy_price >= 1
