"""Every rule of docs/rules.md on hand-built grids of the test model, each value derived by hand.

Test model numbers used below (tests/engine/data/test_model.json, copied from the shipped
paytable and paylines). Pays in line bets, by count:

    SANTA    2:10  3:100  4:1000  5:5000        GIFT  3:20  4:80  5:500
    SNOWMAN  2:5   3:40   4:400   5:2000        A, K  3:5   4:40  5:150
    AXE      3:30  4:100  5:750                 Q, J  3:5   4:25  5:100
    BAUBLE   3:30  4:100  5:750

Paylines (0-based), the row on reels 1..5 (row 0 top):

    0: 1 1 1 1 1    1: 0 0 0 0 0    2: 2 2 2 2 2    3: 0 1 2 1 0    4: 2 1 0 1 2
    5: 1 0 0 0 1    6: 1 2 2 2 1    7: 0 0 1 2 2    8: 2 2 1 0 0    9: 1 0 1 2 1

So lines 1, 3, 7 start in the top row, lines 0, 5, 6, 9 in the middle row, lines 2, 4, 8 in
the bottom row. Grids are written reel by reel, top to bottom: "r1top r1mid r1bot|r2top ...".
"""

from __future__ import annotations

import random

import pytest

import engine
from book_models import CAPPED, TEST, capped_model_data
from engine import RoundEnd, evaluate, parse_grid, play_round


def wins(ev: engine.Evaluation) -> list[tuple[int, str, int, int, int]]:
    """(line, symbol, count, multiplier, win) of each line win."""
    return [(w.line, w.symbol, w.count, w.multiplier, w.win) for w in ev.line_wins]


# ---------------------------------------------------------------- base game: lines

def test_line_through_a_book() -> None:
    # Reel 1 shows A GIFT K; reel 2 "Q BOOK J" has a book in the middle row.
    # Line 0 (middle row): GIFT BOOK GIFT GIFT J -> the book substitutes: GIFT x4 = 80.
    # Line 3 (0 1 2 ..): A BOOK Q -> A x2 pays 0.  Line 4 (2 1 0 ..): K BOOK SNOWMAN -> 0.
    # Every other line meets Q or J on reel 2, which reel 1 does not show: run of 1.
    ev = evaluate(TEST, parse_grid("A GIFT K|Q BOOK J|SNOWMAN GIFT Q|J GIFT A|AXE J Q"))
    assert wins(ev) == [(0, "GIFT", 4, 1, 80)]
    assert ev.line_wins[0].positions == ((0, 1), (1, 1), (2, 1), (3, 1))
    assert (ev.total, ev.books, ev.triggers_free_spins, ev.expanding_win) == (80, 1, False, 0)


def test_highest_win_per_line_only() -> None:
    # Line 1 (top row): AXE AXE AXE AXE A -> AXE x4 = 100, paid once: not 100 + AXE x3 (30).
    # Line 7 (0 0 1 ..): AXE AXE Q -> AXE x2 pays 0.  Line 3: AXE Q -> 0.
    # Middle/bottom rows of reel 1 are A, K; reel 2 shows AXE Q J: lines 5 and 9 meet AXE -> 0.
    ev = evaluate(TEST, parse_grid("AXE A K|AXE Q J|AXE Q J|AXE Q J|A Q J"))
    assert wins(ev) == [(1, "AXE", 4, 1, 100)]
    assert ev.total == 100


def test_wins_add_up_across_lines() -> None:
    # Reels 1-3 show SANTA/A/K in rows 0/1/2, reel 4 J J J, reel 5 Q Q Q.
    # Line 1 (row 0): SANTA x3 = 100.  Line 0 (row 1): A x3 = 5.  Line 2 (row 2): K x3 = 5.
    # Line 7 (0 0 1): SANTA SANTA A -> SANTA x2 = 10.  Line 8 (2 2 1): K K A -> K x2 pays 0.
    # Lines 3, 4, 5, 6, 9 change row between reels 1 and 2: runs of 1.  Total 100+5+5+10 = 120.
    ev = evaluate(TEST, parse_grid("SANTA A K|SANTA A K|SANTA A K|J J J|Q Q Q"))
    assert wins(ev) == [(0, "A", 3, 1, 5), (1, "SANTA", 3, 1, 100), (2, "K", 3, 1, 5),
                        (7, "SANTA", 2, 1, 10)]
    assert ev.total == 120


def test_every_line_pays() -> None:
    # Q on every cell of reels 1-3, K on reel 4: all 10 lines pay Q x3 = 5; total 10 x 5 = 50.
    ev = evaluate(TEST, parse_grid("Q Q Q|Q Q Q|Q Q Q|K K K|J J J"))
    assert wins(ev) == [(line, "Q", 3, 1, 5) for line in range(10)]
    assert ev.total == 50


def test_five_of_a_kind_on_all_lines() -> None:
    # Every cell SANTA: 10 lines x SANTA x5 (5000) = 50000.
    ev = evaluate(TEST, [["SANTA"] * 3] * 5)
    assert ev.total == 50000 and len(ev.line_wins) == 10


def test_two_of_a_kind_pays_for_santa_and_snowman_only() -> None:
    # Line 1 (row 0): SANTA SANTA Q -> SANTA x2 = 10.  Line 7 (0 0 1): SANTA SANTA K -> 10.
    # Line 0 (row 1): SNOWMAN SNOWMAN K -> SNOWMAN x2 = 5.
    # Lines 2 and 8 (2 2 ..): A A J / A A K -> A x2 pays nothing (A pays from 3).
    # Lines 3, 4, 5, 6, 9 change row after reel 1 and meet another symbol: 0.  Total 25.
    ev = evaluate(TEST, parse_grid("SANTA SNOWMAN A|SANTA SNOWMAN A|Q K J|J Q K|K J Q"))
    assert wins(ev) == [(0, "SNOWMAN", 2, 1, 5), (1, "SANTA", 2, 1, 10), (7, "SANTA", 2, 1, 10)]
    assert ev.total == 25


def test_two_books_do_not_trigger() -> None:
    # Books on reel 2 (top) and reel 3 (middle).
    # Line 7 (0 0 1 2 2): A BOOK BOOK J -> A x3 = 5.  Line 9 (1 0 1 2 1): K BOOK BOOK J -> K x3 = 5.
    # Line 1 (row 0): A BOOK J -> 0.  Line 5 (1 0 0): K BOOK J -> 0.  Others meet GIFT/AXE: 0.
    ev = evaluate(TEST, parse_grid("A K Q|BOOK GIFT AXE|J BOOK GIFT|AXE GIFT J|K Q J"))
    assert wins(ev) == [(7, "A", 3, 1, 5), (9, "K", 3, 1, 5)]
    assert (ev.total, ev.books, ev.triggers_free_spins) == (10, 2, False)


THREE_BOOKS = "A K Q|BOOK GIFT AXE|J BOOK GIFT|AXE GIFT BOOK|K Q J"
"""Books on reel 2 (top), reel 3 (middle), reel 4 (bottom); no SANTA anywhere."""


def test_three_books_trigger_and_pay_only_their_lines() -> None:
    # Line 7 (0 0 1 2 2): A BOOK BOOK BOOK J -> A x4 = 40.
    # Line 9 (1 0 1 2 1): K BOOK BOOK BOOK Q -> K x4 = 40.
    # Every other line meets GIFT/AXE/J on reels 2-3 that reel 1's symbol is not: 0.
    # Books have no scatter pay: the total is the two lines, 80, and the spin triggers.
    ev = evaluate(TEST, parse_grid(THREE_BOOKS))
    assert wins(ev) == [(7, "A", 4, 1, 40), (9, "K", 4, 1, 40)]
    assert (ev.total, ev.books, ev.triggers_free_spins, ev.expanding_win) == (80, 3, True, 0)


# ---------------------------------------------------------------- free spins

def test_three_books_in_a_free_spin_do_not_retrigger() -> None:
    # docs/rules.md: no retrigger. The same grid as a free spin: books == 3, triggers False.
    # (Its value is derived in test_books_alone_make_the_expanding_count.)
    ev = evaluate(TEST, parse_grid(THREE_BOOKS), special="SANTA", multipliers={1: 1, 2: 1, 3: 1})
    assert (ev.books, ev.triggers_free_spins) == (3, False)


def test_books_alone_make_the_expanding_count() -> None:
    # Free spin of THREE_BOOKS, SES SANTA, multipliers all 1: reels 2-4 are whole wild reels.
    # Each line runs reel 1's symbol through the three wild reels, then reel 5 breaks it:
    #   line: reel1 -> reel5     0: K->Q  1: A->K  2: Q->J  3: A->K  4: Q->J
    #                            5: K->Q  6: K->Q  7: A->J  8: Q->K  9: K->Q
    # so every line is x4: A or K pay 40 (lines 0,1,3,5,6,7,9), Q pays 25 (lines 2,4,8):
    # 7 x 40 + 3 x 25 = 355.
    # Expanding: no reel shows SANTA; the 3 book reels alone make C = 3:
    # pay[SANTA][3] x 10 lines x 1 = 100 x 10 = 1000.  Total 1355.
    ev = evaluate(TEST, parse_grid(THREE_BOOKS), special="SANTA", multipliers={1: 1, 2: 1, 3: 1})
    assert sorted(w.count for w in ev.line_wins) == [4] * 10
    assert sum(w.win for w in ev.line_wins) == 355
    assert ev.expanding is not None
    assert (ev.expanding.symbol, ev.expanding.reels, ev.expanding.multiplier) == ("SANTA", (1, 2, 3), 1)
    assert (ev.expanding_win, ev.total) == (1000, 1355)


def test_book_multipliers_multiply_lines_and_the_expanding_win() -> None:
    # THREE_BOOKS again with multipliers x2, x1, x3: every line run of 4 covers all three wild
    # reels: 355 x 6 = 2130. Expanding: 100 x 10 x (2 x 1 x 3) = 6000. Total 8130.
    ev = evaluate(TEST, parse_grid(THREE_BOOKS), special="SANTA", multipliers={1: 2, 2: 1, 3: 3})
    assert {w.multiplier for w in ev.line_wins} == {6}
    assert sum(w.win for w in ev.line_wins) == 2130
    assert (ev.expanding_win, ev.total) == (6000, 8130)


def test_multiplier_outside_the_run_does_not_apply() -> None:
    # Free spin, SES GIFT (shown nowhere). Reel 2 is a x2 book reel, reel 4 a x5 book reel.
    # Reel 3 shows Q J Q: no line's reel-1 symbol (SANTA/A/K), so every run stops after the
    # wild reel 2: runs of 2, with the x5 reel 4 outside the run.
    # SANTA lines (top row start: 1, 3, 7): SANTA x2 = 10, x2 inside = 20 each -> 60.
    # A/K lines: x2 of A or K pays 0.
    # Expanding: C = 2 book reels (no GIFT) -> pay[GIFT][2] = 0: no expanding win. Total 60.
    ev = evaluate(TEST, parse_grid("SANTA A K|Q BOOK J|Q J Q|J BOOK A|K Q J"),
                  special="GIFT", multipliers={1: 2, 3: 5})
    assert wins(ev) == [(1, "SANTA", 2, 2, 20), (3, "SANTA", 2, 2, 20), (7, "SANTA", 2, 2, 20)]
    assert (ev.expanding, ev.expanding_win, ev.total) == (None, 0, 60)


def test_run_of_three_takes_only_its_own_multiplier() -> None:
    # Free spin, SES GIFT (shown nowhere), one book reel: reel 2 x3.
    # Line 1 (row 0): A WILD A K -> A x3 = 5, x3 = 15.
    # Line 3 (0 1 2): A WILD J -> 0.  Line 7 (0 0 1): A WILD J -> 0.
    # Middle row K (lines 0, 5, 6, 9) meets J, A, J, J on reel 3 -> 0.
    # Bottom row Q (lines 2, 4, 8) meets J, A, J on reel 3 -> 0.
    # Expanding: C = 1 -> pay[GIFT][1] = 0. Total 15.
    ev = evaluate(TEST, parse_grid("A K Q|J BOOK J|A J J|K J Q|J J J"),
                  special="GIFT", multipliers={1: 3})
    assert wins(ev) == [(1, "A", 3, 3, 15)]
    assert ev.total == 15


def test_run_of_four_takes_both_multipliers() -> None:
    # Free spin, SES GIFT (shown nowhere), book reels 2 (x2) and 4 (x3).
    # Line 1 (row 0): A WILD A WILD J -> A x4 = 40, x (2 x 3) = 240.
    # Line 3 (0 1 2): A WILD J -> 0.  Line 7 (0 0 1): A WILD J -> 0.
    # Middle row K and bottom row Q meet J or A on reel 3 -> 0.  Total 240.
    ev = evaluate(TEST, parse_grid("A K Q|J BOOK J|A J J|J BOOK J|J J J"),
                  special="GIFT", multipliers={1: 2, 3: 3})
    assert wins(ev) == [(1, "A", 4, 6, 240)]
    assert ev.total == 240


def test_expanding_win_on_non_adjacent_reels() -> None:
    # Free spin, SES AXE: AXE shows on reel 1 (top) and reel 5 (bottom); reel 3 is a x3 book
    # reel. Reels 2 and 4 show no AXE. C = 3 on reels 1, 3, 5, which are not adjacent:
    # pay[AXE][3] x 10 lines x 3 = 30 x 10 x 3 = 900.
    # Line wins: reel 2 shows Q J GIFT, none of reel 1's AXE/A/K, and is no book: no line win.
    ev = evaluate(TEST, parse_grid("AXE A K|Q J GIFT|J BOOK Q|J Q GIFT|Q J AXE"),
                  special="AXE", multipliers={2: 3})
    assert ev.line_wins == ()
    assert ev.expanding is not None
    assert (ev.expanding.reels, ev.expanding.multiplier, ev.expanding_win) == ((0, 2, 4), 3, 900)
    assert ev.total == 900


def test_expanding_win_takes_every_book_multiplier() -> None:
    # Free spin, SES SANTA on reel 1 only; book reels 2 (x2) and 4 (x4).
    # Line wins: reel 3 shows GIFT AXE BAUBLE, none of SANTA/J/Q: all runs end after wild reel 2.
    # SANTA lines (1, 3, 7): SANTA x2 = 10, x2 (reel 2 only; reel 4 is outside) = 20 -> 60.
    # Expanding: C = reel 1 (SANTA) + reels 2, 4 (books) = 3:
    # pay[SANTA][3] x 10 x (2 x 4) = 100 x 10 x 8 = 8000.  Total 8060.
    ev = evaluate(TEST, parse_grid("SANTA J Q|K BOOK A|GIFT AXE BAUBLE|Q BOOK J|A K Q"),
                  special="SANTA", multipliers={1: 2, 3: 4})
    assert wins(ev) == [(1, "SANTA", 2, 2, 20), (3, "SANTA", 2, 2, 20), (7, "SANTA", 2, 2, 20)]
    assert ev.expanding is not None
    assert (ev.expanding.reels, ev.expanding.multiplier, ev.expanding_win) == ((0, 1, 3), 8, 8000)
    assert ev.total == 8060


def test_book_has_priority_over_the_ses_on_a_shared_reel() -> None:
    # Free spin, SES SANTA. Reel 2 shows SANTA *and* a BOOK (x3): it counts once, as a book reel.
    # Expanding: reel 1 (SANTA) + reel 2 (book) = C 2 -> pay[SANTA][2] x 10 x 3 = 10 x 10 x 3 = 300.
    # (Counting reel 2 twice would give C 3 and 100 x 10 x 3 = 3000.)
    # Line wins: reel 3 shows GIFT AXE BAUBLE: runs of 2 through wild reel 2.
    # SANTA lines (1, 3, 7): 10 x 3 = 30 each -> 90.  J/Q x2 pay 0.  Total 390.
    ev = evaluate(TEST, parse_grid("SANTA J Q|SANTA BOOK K|GIFT AXE BAUBLE|A K Q|J Q A"),
                  special="SANTA", multipliers={1: 3})
    assert wins(ev) == [(1, "SANTA", 2, 3, 30), (3, "SANTA", 2, 3, 30), (7, "SANTA", 2, 3, 30)]
    assert ev.expanding is not None
    assert (ev.expanding.reels, ev.expanding.multiplier, ev.expanding_win) == ((0, 1), 3, 300)
    assert ev.total == 390


NO_LINES_A = "A Q J|K GIFT AXE|Q J K|GIFT AXE BAUBLE|J K A"
"""Reel 2 shows none of reel 1's A/Q/J and no book: no line wins. A shows on reels 1 and 5."""


def test_ses_needs_its_minimum_count() -> None:
    # SES A (pays from 3) on 2 reels (1 and 5), no books: C = 2, pay[A][2] = 0: nothing.
    ev = evaluate(TEST, parse_grid(NO_LINES_A), special="A", multipliers={})
    assert (ev.line_wins, ev.expanding, ev.total) == ((), None, 0)


def test_two_reel_ses_pays_for_a_high_symbol() -> None:
    # SES SNOWMAN (pays from 2) on reels 1 and 5, no books, no line win (reel 2: K GIFT AXE):
    # C = 2: pay[SNOWMAN][2] x 10 x 1 = 5 x 10 = 50.
    ev = evaluate(TEST, parse_grid("SNOWMAN Q J|K GIFT AXE|Q J K|GIFT AXE BAUBLE|J K SNOWMAN"),
                  special="SNOWMAN")
    assert ev.line_wins == ()
    assert ev.expanding is not None
    assert (ev.expanding.reels, ev.expanding_win, ev.total) == ((0, 4), 50, 50)


def test_ses_counts_a_reel_once_however_many_rows_show_it() -> None:
    # SES Q: Q shows on reel 1 (row 1) and on reel 3 in all three rows: C = 2 reels, not 4 cells.
    # pay[Q][2] = 0: no expanding win. Line wins: reel 2 (K GIFT AXE) matches none of A/Q/J: 0.
    ev = evaluate(TEST, parse_grid("A Q J|K GIFT AXE|Q Q Q|GIFT AXE BAUBLE|J K A"), special="Q")
    assert ev.total == 0
    # And with Q on reels 1, 3, 5 (three reels): pay[Q][3] x 10 = 5 x 10 = 50.
    ev = evaluate(TEST, parse_grid("A Q J|K GIFT AXE|Q Q Q|GIFT AXE BAUBLE|J K Q"), special="Q")
    assert ev.expanding is not None and ev.expanding.reels == (0, 2, 4)
    assert ev.total == 50


def test_base_game_has_no_expanding_win_even_with_books() -> None:
    # In the base game books are single wild cells: the free-spin reading of THREE_BOOKS was 1355,
    # the base reading is the two lines through the books only (80, derived above).
    ev = evaluate(TEST, parse_grid(THREE_BOOKS))
    assert ev.expanding is None and ev.expanding_win == 0 and ev.total == 80


# ---------------------------------------------------------------- play_round

def test_cap_cuts_a_bought_feature() -> None:
    # Capped test model: max_win 2, so the cap is 2 x 100 = 200 minor units (20 line bets).
    # With seed 0 the bought feature's first free spin pays 900 line bets (>= 20): the round ends
    # at once with 9 of the 10 free spins forfeited.
    assert CAPPED.max_win == 2
    r = play_round(CAPPED, 100, random.Random(0), buy=True)
    assert r.cap == 200
    assert r.total_win == 200
    assert r.end is RoundEnd.MAX_WIN
    played = sum(1 for s in r.spins if s.kind is engine.SpinKind.FREE)
    assert r.free_spins == 10 and played < 10
    d = r.to_dict()
    assert d["end"] == "max_win" and d["total_win"] == 200
    max_wins = [e for e in d["events"] if e["type"] == "maxWin"]
    assert max_wins == [{"type": "maxWin", "amount": 200, "forfeited": 10 - played}]
    # The cap only cuts: the spins' own wins stay whole ("win" is before the cap).
    assert sum(s["win"] for s in d["spins"]) >= 200


def test_cap_cuts_a_triggered_feature() -> None:
    # Look for a base spin of the capped model that triggers with less than the cap, then caps
    # inside its feature (the test model's free strips have many books, so this is quick).
    for seed in range(1000):
        r = play_round(CAPPED, 100, random.Random(seed))
        base = r.spins[0]
        if base.evaluation.triggers_free_spins and base.win * r.line_bet < r.cap:
            break
    else:
        pytest.fail("no seed in 0..999 triggers below the cap")
    played = len(r.spins) - 1
    assert r.free_spins == 10 and 1 <= played < 10
    assert r.end is RoundEnd.MAX_WIN and r.total_win == r.cap == 200
    types = [e["type"] for e in r.to_dict()["events"]]
    assert types.index("freeSpinsTrigger") < types.index("maxWin") < types.index("roundEnd")
    assert types[-1] == "roundEnd"


def test_cap_reached_by_the_base_spin_alone() -> None:
    # A base spin whose own win reaches the cap ends the round: no free spin is played even
    # if it shows 3 books (docs/rules.md: the round ends at once when the cap is reached).
    for seed in range(1000):
        r = play_round(CAPPED, 100, random.Random(seed))
        if r.spins[0].evaluation.triggers_free_spins and r.spins[0].win * r.line_bet >= r.cap:
            break
    else:
        pytest.fail("no seed in 0..999 triggers at or above the cap")
    assert len(r.spins) == 1
    assert (r.total_win, r.end) == (200, RoundEnd.MAX_WIN)
    assert [e["type"] for e in r.to_dict()["events"]][-2:] == ["maxWin", "roundEnd"]


def test_uncapped_round_is_complete() -> None:
    # The test model's cap is 20168 x bet: far above anything these seeds give.
    for seed in range(20):
        r = play_round(TEST, 100, random.Random(seed))
        assert r.end is RoundEnd.COMPLETE and r.total_win < r.cap
        assert "maxWin" not in [e["type"] for e in r.to_dict()["events"]]


@pytest.mark.parametrize("bet", [10, 100, 500])
def test_bought_feature(bet: int) -> None:
    # docs/rules.md: pay buy_price x bet (test model: 100 x bet), no base spin, count (10) free spins
    # (on the first seed from `bet` on whose feature the cap does not cut short).
    seed = next(s for s in range(bet, bet + 100)
                if play_round(TEST, bet, random.Random(s), buy=True).end is RoundEnd.COMPLETE)
    r = play_round(TEST, bet, random.Random(seed), buy=True)
    assert r.buy and r.cost == 100 * bet
    assert [s.kind for s in r.spins] == [engine.SpinKind.FREE] * 10
    assert r.free_spins == TEST.free_spins == 10
    assert r.special in TEST.symbols and all(s.special == r.special for s in r.spins)
    d = r.to_dict()
    assert d["cost"] == 100 * bet
    assert [e["type"] for e in d["events"]][:2] == ["roundStart", "freeSpinsStart"]
    assert "reveal" not in [e["type"] for e in d["events"]][:2]


def test_base_round_costs_the_bet() -> None:
    r = play_round(TEST, 50, random.Random(1))
    assert (r.cost, r.line_bet, r.cap) == (50, 5, 50 * 20168)
    assert r.spins[0].kind is engine.SpinKind.BASE and r.spins[0].special is None


def test_triggered_feature_plays_count_free_spins_at_the_same_bet() -> None:
    # Find a base trigger on the (uncapped) test model: then 1 base + 10 free spins.
    for seed in range(200):
        r = play_round(TEST, 20, random.Random(seed))
        if r.spins[0].evaluation.triggers_free_spins:
            break
    else:
        pytest.fail("no trigger in 200 seeds")
    assert [s.kind.value for s in r.spins] == ["base"] + ["free"] * 10
    assert r.free_spins == 10 and r.line_bet == 2
    assert r.total_win == sum(s.win for s in r.spins) * 2


@pytest.mark.parametrize("bet, shown", [
    (30, "30"),          # not a level of the test model (10, 20, 50, 100, 200, 500)
    (0, "0"),
    (-100, "-100"),
    (100.0, "100.0"),    # a float, even a whole one
    (True, "True"),      # a bool is not an amount
    ("100", "'100'"),    # a string
    (None, "None"),
])
def test_bad_bet_is_refused(bet: object, shown: str) -> None:
    import re
    with pytest.raises(ValueError, match=r"bet " + re.escape(shown)):
        play_round(TEST, bet, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"bet " + re.escape(shown)):
        play_round(TEST, bet, random.Random(1), buy=True)  # type: ignore[arg-type]


def test_capped_model_is_the_test_model_with_a_small_cap() -> None:
    # Guard for the tests above: only max_win differs.
    data = capped_model_data()
    assert data["max_win"] == 2
    assert engine.load_model(data) == CAPPED
    assert CAPPED.base_strips == TEST.base_strips and CAPPED.free_strips == TEST.free_strips
