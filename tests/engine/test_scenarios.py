"""The scenario catalogue (engine/scenarios.py, engine/data/scenarios.json): the checked-in
file is a fresh generation, and each scenario's draws, played again through play_round, give
the outcome its name promises. Each outcome is checked here from the rules (grids, paylines,
the paytable, the model's tier thresholds), not through the search's own checks."""

from __future__ import annotations

import math

import pytest

from book_models import CAPPED, SHIPPED
from engine import Round, RoundEnd, SpinKind, play_round, round_from_text, round_text
from engine.rng import Replay
from engine.scenarios import SCENARIOS_PATH, catalogue_json, find_scenarios, load_scenarios, scenario_round

CATALOGUE = load_scenarios()
BOOK = SHIPPED.wild


def replayed(model, entry) -> Round:
    replay = Replay(entry["draws"])
    rnd = play_round(model, entry["bet"], replay, entry["mode"] == "buy")
    assert replay.left == 0, "every draw of the scenario is used"
    assert rnd == scenario_round(model, entry)
    assert rnd.buy is (entry["mode"] == "buy") and entry["mode"] in ("base", "buy")
    assert entry["replay"] == round_text(rnd) and round_from_text(entry["replay"], model) == rnd
    assert isinstance(entry["description"], str) and entry["description"]
    return rnd


def test_the_checked_in_catalogue_is_a_fresh_generation() -> None:
    assert SCENARIOS_PATH.read_text(encoding="utf-8") == catalogue_json(SHIPPED), "stale: run `make par` (or `make scenarios`)"


def test_the_catalogue_has_every_scenario() -> None:
    tiers = ["big-win", "mega-win", "epic-win"]
    # The shipped model's tiers are these three, lowest first.
    assert ["-".join(t.name.lower().split()) for t in SHIPPED.big_wins] == tiers
    want = ["loss", "small-win", "book-line-win", *tiers, "trigger",
            *(f"ses-{s}" for s in SHIPPED.symbols), "product-125", "max-win"]
    assert list(CATALOGUE) == want


def _free(rnd: Round):
    return [s for s in rnd.spins if s.kind is SpinKind.FREE]


def test_loss_small_win_and_book_line_win() -> None:
    bet = SHIPPED.default_bet
    loss = replayed(SHIPPED, CATALOGUE["loss"])
    assert not loss.feature and loss.total_win == 0 and not loss.spins[0].evaluation.line_wins
    small = replayed(SHIPPED, CATALOGUE["small-win"])
    assert not small.feature and 0 < small.total_win < SHIPPED.big_wins[0].at * bet
    book = replayed(SHIPPED, CATALOGUE["book-line-win"])
    spin = book.spins[0]
    assert not book.feature and spin.evaluation.line_wins
    # Second method: walk each winning line's cells through the paylines, not its positions.
    cells = [spin.grid[reel][SHIPPED.paylines[w.line][reel]]
             for w in spin.evaluation.line_wins for reel in range(w.count)]
    assert BOOK in cells


@pytest.mark.parametrize("i", range(3))
def test_each_big_win_tier(i: int) -> None:
    tiers = SHIPPED.big_wins
    tier = tiers[i]
    rnd = replayed(SHIPPED, CATALOGUE["-".join(tier.name.lower().split())])
    upper = tiers[i + 1].at * rnd.bet if i + 1 < len(tiers) else rnd.cap
    assert rnd.end is RoundEnd.COMPLETE and not rnd.buy
    assert tier.at * rnd.bet <= rnd.total_win < upper


def test_trigger() -> None:
    rnd = replayed(SHIPPED, CATALOGUE["trigger"])
    base = rnd.spins[0]
    assert base.kind is SpinKind.BASE and all(BOOK in base.grid[reel] for reel in (1, 2, 3))
    assert rnd.feature and rnd.free_spins == SHIPPED.free_spins and _free(rnd)


@pytest.mark.parametrize("symbol", SHIPPED.symbols)
def test_each_special_symbol_expands_and_pays(symbol: str) -> None:
    rnd = replayed(SHIPPED, CATALOGUE[f"ses-{symbol}"])
    assert rnd.buy and rnd.special == symbol
    paying = []
    for spin in _free(rnd):
        books = dict(spin.multipliers)
        counted = [r for r, column in enumerate(spin.grid) if symbol in column or BOOK in column]
        showing = [r for r in counted if r not in books]
        # The rules: C reels showing the SES or a book pay pay[SES][C] x 10 lines x the
        # product of every book reel's multiplier, when that pay is above 0.
        pay = SHIPPED.pay(symbol, len(counted)) * len(SHIPPED.paylines) * math.prod(books.values())
        e = spin.evaluation.expanding
        assert (e.win if e else 0) == pay
        if pay and showing:
            paying.append(spin)
    assert paying, "some free spin pays the expanding symbol with a reel showing it"


def test_product_125() -> None:
    rnd = replayed(SHIPPED, CATALOGUE["product-125"])
    spins = [s for s in _free(rnd) if [m for _, m in s.multipliers] == [5, 5, 5]]
    assert rnd.buy and spins
    spin = spins[0]
    assert [r for r, _ in spin.multipliers] == [1, 2, 3]
    assert all(BOOK in spin.grid[r] for r in (1, 2, 3))
    assert spin.to_dict(rnd.line_bet)["multiplier"] == 5 * 5 * 5 == 125


def _ends_at_the_cap(model, rnd: Round) -> list[int]:
    """The running totals of ``rnd``'s spins (line bets), after checking that it ends at the
    first spin whose running total reaches the cap and pays the cap."""
    cap_units = model.max_win * len(model.paylines)
    running = [sum(s.win for s in rnd.spins[:k + 1]) for k in range(len(rnd.spins))]
    assert rnd.end is RoundEnd.MAX_WIN and rnd.total_win == rnd.cap == model.max_win * rnd.bet
    assert running[-1] >= cap_units and all(t < cap_units for t in running[:-1])
    played = len(_free(rnd))
    event = next(e for e in rnd.to_dict()["events"] if e["type"] == "maxWin")
    assert event["forfeited"] == rnd.free_spins - played
    return running


def test_max_win() -> None:
    _ends_at_the_cap(SHIPPED, replayed(SHIPPED, CATALOGUE["max-win"]))


def test_max_win_exact_on_a_small_capped_model() -> None:
    # The capped test model (cap 2 total bets = 20 line bets) lands exactly on its cap.
    entry = find_scenarios(CAPPED, ["max-win-exact"])["max-win-exact"]
    rnd = replayed(CAPPED, entry)
    running = _ends_at_the_cap(CAPPED, rnd)
    assert running[-1] == CAPPED.max_win * len(CAPPED.paylines) == 20
    played = len(_free(rnd))
    assert played < rnd.free_spins, "free spins are left, and forfeited"
    # One more draw than the round makes is refused: the rules draw nothing past the cap.
    with pytest.raises(ValueError, match="left over"):
        scenario_round(CAPPED, {**entry, "draws": [*entry["draws"], 0]})

