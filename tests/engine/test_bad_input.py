"""Every bad input docs/engine.md names raises ValueError with a message that names the fault.

docs/engine.md, "API": a grid of the wrong shape, an unknown symbol, a book on reel 1
or 5, a missing or out-of-range multiplier, a bet that is not a listed level. Each `match` below
checks that the message names the fault: the offending value and where it is.
"""

from __future__ import annotations

import random
import re

import pytest

from book_models import SHIPPED, TEST
from engine import evaluate, parse_grid, play_round

GOOD = "SANTA A K|BOOK Q J|A A A|K K K|J Q SANTA"
"""A valid grid with one book, on reel 2 (index 1)."""
ROW = ["A", "K", "Q"]


@pytest.mark.parametrize("grid, match", [
    ([ROW] * 4, r"4 reels"),
    ([ROW] * 6, r"6 reels"),
    ([ROW, ["A", "K"], ROW, ROW, ROW], r"reel 1 .*\['A', 'K'\].*3 rows"),
    ([ROW, ROW, ROW, ROW, ["A", "K", "Q", "J"]], r"reel 4 .*\['A', 'K', 'Q', 'J'\].*3 rows"),
    ([ROW, ROW, "AKQ", ROW, ROW], r"reel 2 .*'AKQ'"),
    (GOOD, r"not str"),                  # the text form itself, not a grid
    (None, r"not NoneType"),
    (42, r"not int"),
    ([ROW, ROW, ROW, ["A", 7, "K"], ROW], r"grid\[3\]\[1\] is 7"),
], ids=["4 reels", "6 reels", "reel of 2 rows", "reel of 4 rows", "reel is a string",
        "a string", "None", "an int", "a non-string symbol"])
def test_grid_of_wrong_shape(grid: object, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        evaluate(TEST, grid)  # type: ignore[arg-type]


def test_parse_grid_of_wrong_shape() -> None:
    # The text form is read by the same check: reel 3 (index 2) has 2 names.
    with pytest.raises(ValueError, match=r"reel 2 .*\['A', 'A'\].*3 rows"):
        parse_grid("SANTA A K|BOOK Q J|A A|K K K|J Q SANTA")
    with pytest.raises(ValueError, match=r"4 reels"):
        parse_grid("SANTA A K|BOOK Q J|A A A|K K K")


@pytest.mark.parametrize("model", [TEST, SHIPPED], ids=["test", "shipped"])
def test_unknown_symbol(model) -> None:
    with pytest.raises(ValueError, match=r"grid\[2\]\[1\] is 'TREE'"):
        evaluate(model, parse_grid("SANTA A K|BOOK Q J|A TREE A|K K K|J Q SANTA"))
    # Names are case-sensitive: "santa" is not "SANTA".
    with pytest.raises(ValueError, match=r"grid\[0\]\[0\] is 'santa'"):
        evaluate(model, parse_grid("santa A K|BOOK Q J|A A A|K K K|J Q SANTA"))


@pytest.mark.parametrize("text, match", [
    ("BOOK A K|Q Q J|A A A|K K K|J Q SANTA", r"BOOK on reel 1 \(grid\[0\]\)"),
    ("SANTA A K|Q Q J|A A A|K K K|J BOOK SANTA", r"BOOK on reel 5 \(grid\[4\]\)"),
])
@pytest.mark.parametrize("special", [None, "SANTA"], ids=["base", "free"])
def test_book_on_reel_1_or_5(text: str, match: str, special: str | None) -> None:
    with pytest.raises(ValueError, match=match):
        evaluate(TEST, parse_grid(text), special=special)


def test_two_books_on_one_reel() -> None:
    # docs/rules.md: books are >= 3 stops apart, so a reel shows at most one.
    with pytest.raises(ValueError, match=r"reel 3 \(grid\[2\]\) shows 2 books"):
        evaluate(TEST, parse_grid("SANTA A K|Q Q J|BOOK A BOOK|K K K|J Q SANTA"))


def test_missing_multiplier_for_a_book_reel() -> None:
    # GOOD has a book on grid[1]; the multipliers name reel index 1 (0-based, as in the contract).
    with pytest.raises(ValueError, match=r"reel 1 shows a book but has no multiplier"):
        evaluate(TEST, parse_grid(GOOD), special="SANTA", multipliers={})
    with pytest.raises(ValueError, match=r"reel 1 shows a book but has no multiplier"):
        evaluate(TEST, parse_grid(GOOD), special="SANTA")
    # Two book reels, one multiplier: the other one is named.
    with pytest.raises(ValueError, match=r"reel 3 shows a book but has no multiplier"):
        evaluate(TEST, parse_grid("SANTA A K|BOOK Q J|A A A|K BOOK K|J Q SANTA"),
                 special="SANTA", multipliers={1: 2})


@pytest.mark.parametrize("m, shown", [(0, "0"), (6, "6"), (-1, "-1"), (2.5, "2.5"), (True, "True"),
                                      ("2", "'2'"), (None, "None")])
def test_out_of_range_multiplier(m: object, shown: str) -> None:
    # Multipliers are drawn from {1, 2, 3, 4, 5}: anything else, including True (== 1) and a str.
    with pytest.raises(ValueError, match=r"multiplier " + re.escape(shown) + r" of reel 1"):
        evaluate(TEST, parse_grid(GOOD), special="SANTA", multipliers={1: m})  # type: ignore[dict-item]


def test_whole_float_multiplier_is_refused() -> None:
    # 2.0 == 2 and hashes alike, so `2.0 in {1, 2, 3, 4, 5}` is True: it must still be refused.
    with pytest.raises(ValueError, match=r"multiplier 2\.0 of reel 1"):
        evaluate(TEST, parse_grid(GOOD), special="SANTA", multipliers={1: 2.0})  # type: ignore[dict-item]


def test_multiplier_on_a_reel_without_a_book() -> None:
    with pytest.raises(ValueError, match=r"reel 2, which shows no book"):
        evaluate(TEST, parse_grid(GOOD), special="SANTA", multipliers={1: 2, 2: 3})
    with pytest.raises(ValueError, match=r"reel 0, which shows no book"):
        evaluate(TEST, parse_grid(GOOD), special="SANTA", multipliers={0: 1, 1: 2})
    with pytest.raises(ValueError, match=r"reel '1', which shows no book"):
        evaluate(TEST, parse_grid(GOOD), special="SANTA", multipliers={1: 2, "1": 2})  # type: ignore[dict-item]


def test_multipliers_without_special() -> None:
    with pytest.raises(ValueError, match=r"multipliers apply only in free spins"):
        evaluate(TEST, parse_grid(GOOD), multipliers={1: 2})


@pytest.mark.parametrize("special", ["TREE", "BOOK", "santa", ""])
def test_unknown_special(special: str) -> None:
    # The SES is one of the nine paying symbols; BOOK is not one.
    with pytest.raises(ValueError, match=r"special symbol " + re.escape(repr(special))):
        evaluate(TEST, parse_grid(GOOD), special=special, multipliers={1: 1})


@pytest.mark.parametrize("bet", [15, 30, 1000, 10**9])
def test_bet_not_a_listed_level(bet: int) -> None:
    # Test model levels: 10, 20, 50, 100, 200, 500.
    with pytest.raises(ValueError, match=rf"bet {bet} is not a listed level"):
        play_round(TEST, bet, random.Random(0))


def test_errors_leave_the_rng_untouched() -> None:
    # A refused bet is refused before any draw: the rng goes on as if nothing happened.
    rng = random.Random(5)
    with pytest.raises(ValueError):
        play_round(TEST, 30, rng)
    assert rng.random() == random.Random(5).random()
