"""engine.evaluate against a naive evaluator written straight from docs/rules.md, checked by
hypothesis on the shipped model, the test model and the capped test model; and the grid's
text form."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from book_models import MODEL_DATA, MODELS
from engine import evaluate

# Examples per test and their seeding come from the profile in conftest.py.
SETTINGS = settings(deadline=None)
NAMES = sorted(MODELS)


# ---------------------------------------------------------------- a naive evaluator
# Written from docs/rules.md's words only, on the raw JSON of the model: strings, nested loops,
# no bitmasks, no engine code. Amounts in line bets.

def naive_pay(data: dict[str, Any], symbol: str, count: int) -> int:
    """paytable[symbol][count], 0 where the table has no entry."""
    return data["paytable"][symbol].get(str(count), 0)


def naive_evaluate(data: dict[str, Any], grid: list[list[str]], special: str | None = None,
                   multipliers: dict[int, int] | None = None) -> dict[str, Any]:
    """{"lines": [(line, symbol, count, multiplier, win)], "expanding": win, "total": win}."""
    free = special is not None
    multipliers = multipliers or {}
    book_reels = []
    for reel in range(5):
        if "BOOK" in grid[reel]:
            book_reels.append(reel)
    lines = []
    for index, rows in enumerate(data["paylines"]):
        cells = []
        for reel in range(5):
            cells.append(grid[reel][rows[reel]])
        best = None
        # Try every paying symbol and every run length from reel 1; keep the highest win.
        for symbol in data["paytable"]:
            for count in range(1, 6):
                run = True
                for reel in range(count):
                    if free and reel in book_reels:
                        continue                       # an expanded book reel: wild in every row
                    if cells[reel] != symbol and cells[reel] != "BOOK":
                        run = False                    # a book cell substitutes in the base game
                if not run:
                    continue
                multiplier = 1
                if free:
                    for reel in range(count):
                        if reel in book_reels:
                            multiplier = multiplier * multipliers[reel]
                win = naive_pay(data, symbol, count) * multiplier
                if win > 0 and (best is None or (win, count) > (best[4], best[2])):
                    best = (index, symbol, count, multiplier, win)
        if best is not None:
            lines.append(best)
    expanding = 0
    if free:
        c = 0
        for reel in range(5):
            if reel in book_reels or special in grid[reel]:
                c = c + 1
        pay = naive_pay(data, special, c)
        if pay > 0:
            product = 1
            for reel in book_reels:
                product = product * multipliers[reel]
            expanding = pay * len(data["paylines"]) * product
    total = expanding
    for line in lines:
        total = total + line[4]
    return {"lines": lines, "expanding": expanding, "total": total}


def test_naive_evaluator_on_a_hand_derived_grid() -> None:
    # The naive evaluator itself must agree with a hand derivation (test_rules.py,
    # test_expanding_win_takes_every_book_multiplier): 3 SANTA lines x 20, expanding 8000.
    grid = [g.split() for g in "SANTA J Q|K BOOK A|GIFT AXE BAUBLE|Q BOOK J|A K Q".split("|")]
    got = naive_evaluate(MODEL_DATA["test"], grid, "SANTA", {1: 2, 3: 4})
    assert got == {"lines": [(1, "SANTA", 2, 2, 20), (3, "SANTA", 2, 2, 20), (7, "SANTA", 2, 2, 20)],
                   "expanding": 8000, "total": 8060}


@st.composite
def drawn_spins(draw: st.DrawFn) -> tuple[str, list[list[str]], str | None, dict[int, int]]:
    """A model, a grid from random stops of its base or free strips, and for a free spin a random
    SES (any paying symbol) and a random multiplier for each book reel."""
    name = draw(st.sampled_from(NAMES))
    data = MODEL_DATA[name]
    free = draw(st.booleans())
    strips = data["reels"]["free_spins" if free else "base"]
    grid = []
    for strip in strips:
        stop = draw(st.integers(0, len(strip) - 1))
        grid.append([strip[(stop + row) % len(strip)] for row in range(3)])
    special = draw(st.sampled_from(sorted(data["paytable"]))) if free else None
    multipliers = {}
    if free:
        for reel in range(5):
            if "BOOK" in grid[reel]:
                multipliers[reel] = draw(st.integers(1, 5))
    return name, grid, special, multipliers


@st.composite
def any_grids(draw: st.DrawFn) -> tuple[str, list[list[str]], str | None, dict[int, int]]:
    """Like drawn_spins, but any legal grid, not only strip windows: random paying symbols, and on
    reels 2-4 at most one book, in a random row. Reaches layouts the strips never show."""
    name = draw(st.sampled_from(NAMES))
    data = MODEL_DATA[name]
    symbols = sorted(data["paytable"])
    # Few symbols make long runs (and big wins) likely; many make them rare: draw from both.
    pool = draw(st.lists(st.sampled_from(symbols), min_size=1, max_size=9, unique=True))
    grid = []
    for reel in range(5):
        column = [draw(st.sampled_from(pool)) for _ in range(3)]
        if reel in (1, 2, 3) and draw(st.booleans()):
            column[draw(st.integers(0, 2))] = "BOOK"
        grid.append(column)
    free = draw(st.booleans())
    special = draw(st.sampled_from(symbols)) if free else None
    multipliers = {r: draw(st.integers(1, 5)) for r in range(5) if free and "BOOK" in grid[r]}
    return name, grid, special, multipliers


def _engine_view(ev: engine.Evaluation) -> dict[str, Any]:
    return {"lines": [(w.line, w.symbol, w.count, w.multiplier, w.win) for w in ev.line_wins],
            "expanding": ev.expanding_win, "total": ev.total}


def _agrees(case) -> engine.Evaluation:
    """The engine's evaluation of a (model name, grid, special, multipliers) case, once checked
    against the naive evaluator's."""
    name, grid, special, multipliers = case
    ev = evaluate(MODELS[name], grid, special=special, multipliers=multipliers if special else None)
    assert _engine_view(ev) == naive_evaluate(MODEL_DATA[name], grid, special, multipliers)
    return ev


@SETTINGS
@given(drawn_spins())
def test_evaluate_agrees_with_the_naive_evaluator_on_strip_windows(case) -> None:
    ev = _agrees(case)
    _, grid, special, _ = case
    books = sum(1 for column in grid if "BOOK" in column)
    assert ev.books == books
    assert ev.triggers_free_spins == (special is None and books == 3)


@SETTINGS
@given(any_grids())
def test_evaluate_agrees_with_the_naive_evaluator_on_any_grid(case) -> None:
    _agrees(case)


@SETTINGS
@given(st.lists(st.lists(st.sampled_from(["SANTA", "SNOWMAN", "AXE", "BAUBLE", "GIFT", "A", "K", "Q", "J",
                                          "BOOK"]), min_size=3, max_size=3), min_size=5, max_size=5))
def test_grid_text_form_round_trips(grid: list[list[str]]) -> None:
    # docs/engine.md "API": a grid's one-line text form reads back to the same grid.
    text = engine.format_grid(grid)
    assert engine.parse_grid(text) == tuple(tuple(c) for c in grid)
    assert engine.format_grid(engine.parse_grid(text)) == text
