"""Properties of rounds, checked by hypothesis on the shipped model, the test model and the
capped test model (max_win 2, so the cap ends most features). The naive evaluator is in
test_naive_evaluator.py."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import engine
from book_models import MODEL_DATA, MODELS
from engine import Round, RoundEnd, play_round
from round_cases import play, rounds

# Examples per test and their seeding come from the profile in conftest.py.
SETTINGS = settings(deadline=None)


# ---------------------------------------------------------------- rounds

@SETTINGS
@given(rounds())
def test_wins_are_never_negative(case) -> None:
    _, r = play(case)
    assert r.total_win >= 0
    for spin in r.spins:
        assert spin.win >= 0 and spin.evaluation.expanding_win >= 0
        assert all(w.win > 0 and w.multiplier >= 1 for w in spin.evaluation.line_wins)


@SETTINGS
@given(rounds())
def test_round_never_exceeds_the_cap(case) -> None:
    model, r = play(case)
    assert r.total_win <= model.max_win * r.bet == r.cap


@SETTINGS
@given(rounds())
def test_total_is_the_capped_sum_of_the_spins(case) -> None:
    # docs/rules.md: the round's total is its spins' wins added, capped at max_win x bet.
    model, r = play(case)
    d = r.to_dict()
    spin_sum = sum(s["win"] for s in d["spins"])
    assert spin_sum == sum(s.win for s in r.spins) * r.line_bet
    assert r.total_win == d["total_win"] == min(spin_sum, model.max_win * r.bet)
    assert (r.end is RoundEnd.MAX_WIN) == (spin_sum >= model.max_win * r.bet)


@SETTINGS
@given(rounds())
def test_same_seed_same_round(case) -> None:
    _, r1 = play(case)
    _, r2 = play(case)
    assert r1 == r2
    assert json.dumps(r1.to_dict(), sort_keys=True) == json.dumps(r2.to_dict(), sort_keys=True)


@SETTINGS
@given(rounds())
def test_round_round_trips_through_dict_and_json(case) -> None:
    model, r = play(case)
    d = r.to_dict()
    assert Round.from_dict(d, model) == r
    text = json.dumps(d, allow_nan=False)
    assert json.loads(text) == d
    assert Round.from_dict(json.loads(text), model) == r
    assert Round.from_dict(d, model).to_dict() == d


@SETTINGS
@given(rounds())
def test_real_rounds_verify(case) -> None:
    model, r = play(case)
    r.verify(model)
    Round.from_dict(json.loads(json.dumps(r.to_dict())), model).verify(model)


def _reload(d: dict[str, Any], model: engine.Model) -> None:
    """What a saved game goes through: read back, then checked against the model."""
    Round.from_dict(d, model).verify(model)


@SETTINGS
@given(rounds(), st.data())
def test_tampered_stop_is_caught(case, data) -> None:
    model, r = play(case)
    d = r.to_dict()
    i = data.draw(st.integers(0, len(d["spins"]) - 1), label="spin")
    reel = data.draw(st.integers(0, 4), label="reel")
    spin = d["spins"][i]
    strip = (model.base_strips if spin["kind"] == "base" else model.free_strips)[reel]
    n = len(strip)
    # Another stop whose window differs from what the spin showed (a tampered stop that happens to
    # show the same three symbols would not be a different outcome).
    others = [s for s in range(n) if [strip[(s + k) % n] for k in range(3)] != spin["grid"][reel]]
    assume(others)
    spin["stops"][reel] = data.draw(st.sampled_from(others), label="stop")
    with pytest.raises(ValueError, match=rf"spin {i} grid does not match its stops"):
        _reload(d, model)


@SETTINGS
@given(rounds(), st.data())
def test_tampered_win_is_caught(case, data) -> None:
    model, r = play(case)
    d = r.to_dict()
    lb = d["line_bet"]
    winning = [(i, j) for i, s in enumerate(d["spins"]) for j in range(len(s["line_wins"]))]
    if winning:
        # A line win raised by one line bet, with the spin's win raised to match: it reads back
        # fine, and only re-scoring the grid catches it.
        i, j = data.draw(st.sampled_from(winning), label="line win")
        d["spins"][i]["line_wins"][j]["amount"] += lb
        d["spins"][i]["win"] += lb
        with pytest.raises(ValueError, match=rf"spin {i} wins do not match its grid"):
            _reload(d, model)
    else:
        # No line win to change: a spin's win that is not the sum of its wins.
        i = data.draw(st.integers(0, len(d["spins"]) - 1), label="spin")
        d["spins"][i]["win"] += lb
        with pytest.raises(ValueError, match=r"not the sum of its wins"):
            _reload(d, model)


@SETTINGS
@given(rounds(), st.sampled_from([-1, 1]))
def test_tampered_total_is_caught(case, sign) -> None:
    model, r = play(case)
    d = r.to_dict()
    assume(d["total_win"] + sign * d["line_bet"] >= 0)
    d["total_win"] += sign * d["line_bet"]
    with pytest.raises(ValueError, match=r"round total"):
        _reload(d, model)


@SETTINGS
@given(rounds(), st.sampled_from(["special", "end", "buy", "bet", "free_spins", "spin kind",
                                   "drop last spin", "multiplier"]))
def test_other_tampering_is_caught(case, what) -> None:
    model, r = play(case)
    d = r.to_dict()
    if what == "special":
        assume(d["special"] is not None)
        d["special"] = next(s for s in model.symbols if s != d["special"])
    elif what == "end":
        d["end"] = "complete" if d["end"] == "max_win" else "max_win"
    elif what == "buy":
        d["buy"] = not d["buy"]
    elif what == "bet":
        bets = model.bets
        assume(len(bets) > 1)
        d["bet"] = bets[(bets.index(d["bet"]) + 1) % len(bets)]
    elif what == "free_spins":
        d["free_spins"] += 1
    elif what == "spin kind":
        d["spins"][0]["kind"] = "free" if d["spins"][0]["kind"] == "base" else "base"
    elif what == "drop last spin":
        assume(len(d["spins"]) > 1)
        d["spins"].pop()
    else:
        # A book reel's multiplier changed. It is a different outcome only when some win runs
        # through that reel (docs/rules.md: multipliers count only inside the winning run), so pick a
        # reel that a line win's positions or the expanding win's reels cover.
        choices = [(i, k) for i, s in enumerate(d["spins"]) for k in s["multipliers"]
                   if any(int(k) == reel for w in s["line_wins"] for reel, _ in w["positions"])
                   or (s["expanding_win"] and int(k) in s["expanding_win"]["reels"])]
        assume(choices)
        i, k = choices[0]
        d["spins"][i]["multipliers"][k] = d["spins"][i]["multipliers"][k] % 5 + 1
    with pytest.raises(ValueError):
        _reload(d, model)


@SETTINGS
@given(rounds())
def test_feature_plays_count_free_spins_unless_capped(case) -> None:
    model, r = play(case)
    free = [s for s in r.spins if s.kind is engine.SpinKind.FREE]
    triggered = r.buy or r.spins[0].evaluation.triggers_free_spins
    if r.feature:
        assert triggered and r.free_spins == model.free_spins
        assert {s.special for s in free} == {r.special}
        if len(free) != model.free_spins:
            assert r.end is RoundEnd.MAX_WIN and 1 <= len(free) < model.free_spins
            # The cap was reached by the last spin played, not before it.
            before = sum(s.win for s in r.spins[:-1]) * r.line_bet
            assert before < r.cap <= before + r.spins[-1].win * r.line_bet
    else:
        assert free == [] and r.free_spins == 0 and not r.buy
        # No feature though 3 books: only when the base spin alone reached the cap.
        if triggered:
            assert r.end is RoundEnd.MAX_WIN
    assert [s.kind for s in r.spins[: 0 if r.buy else 1]] == ([] if r.buy else [engine.SpinKind.BASE])


@SETTINGS
@given(rounds())
def test_events_frame_the_round_and_match_the_spins(case) -> None:
    model, r = play(case)
    d = r.to_dict()
    events = d["events"]
    assert events[0] == {"type": "roundStart", "bet": r.bet, "buy": r.buy, "cost": r.cost}
    # roundEnd's big_win is checked in test_events.py.
    assert {k: v for k, v in events[-1].items() if k != "big_win"} == {
        "type": "roundEnd", "total_win": r.total_win, "end": r.end.value, "total": r.total_win}
    # Running totals: each spin's round_total is the capped sum so far, and its spinEnd says so.
    running = 0
    for spin in d["spins"]:
        running += spin["win"]
        assert spin["round_total"] == min(running, r.cap)
    ends = [e for e in events if e["type"] == "spinEnd"]
    assert [e["spin"] for e in ends] == list(range(len(d["spins"])))
    assert [e["round_total"] for e in ends] == [s["round_total"] for s in d["spins"]]
    assert [e["win"] for e in ends] == [s["win"] for s in d["spins"]]
    assert ends[-1]["round_total"] == r.total_win
    reveals = [e for e in events if e["type"] == "reveal"]
    assert [e["stops"] for e in reveals] == [list(s.stops) for s in r.spins]
    line_amounts = [e["amount"] for e in events if e["type"] == "lineWins"]
    assert line_amounts == [sum(w["amount"] for w in s["line_wins"]) for s in d["spins"] if s["line_wins"]]
    assert (sum(1 for e in events if e["type"] == "maxWin") == 1) == (r.end is RoundEnd.MAX_WIN)
    starts = [e for e in events if e["type"] == "freeSpinsStart"]
    if r.feature:
        assert starts == [{"type": "freeSpinsStart", "count": model.free_spins, "special": r.special}]
        assert [e["type"] for e in events].index("freeSpinsEnd") > [e["type"] for e in events].index("freeSpinsStart")
    else:
        assert starts == []


def test_tamper_helpers_are_not_vacuous() -> None:
    # The tamper tests rely on rounds with line wins, features and caps existing among the
    # examples; make sure a few fixed seeds of the test models give each kind.
    kinds = set()
    for name in ("test", "capped"):
        for seed in range(40):
            for buy in (False, True):
                r = play_round(MODELS[name], 100, random.Random(seed), buy=buy)
                kinds.add("line" if any(s.evaluation.line_wins for s in r.spins) else "noline")
                kinds.add("feature" if r.feature else "base")
                kinds.add(r.end.value)
    assert kinds >= {"line", "noline", "feature", "base", "max_win", "complete"}


def test_deep_copy_of_dict_is_independent() -> None:
    # to_dict must not share mutable state with the round: tampering a dict leaves the round and
    # a second to_dict untouched (else the tamper tests above would test nothing).
    r = play_round(MODELS["test"], 100, random.Random(3), buy=True)
    d1 = r.to_dict()
    snapshot = copy.deepcopy(d1)
    d1["spins"][0]["stops"][0] += 1
    d1["total_win"] += 10
    assert r.to_dict() == snapshot


# ---------------------------------------------------------------- saved rounds: edge cases

def test_verify_refuses_a_free_spin_beyond_the_count() -> None:
    # play_round plays at most `count` free spins, so a saved round with 11 free spins of 10 is
    # forged, whatever its total. Build one: take the first bought round of the test model
    # (bet 100, seeds 0, 1, ...) that plays all 10 spins and wins 10+ line bets in spin 8; give the
    # model the smallest cap above that round's total (in line bets: max_win * 10 > total), so
    # the same seed replays the same complete round. Append a copy of a winning spin: the total
    # now passes the cap; set end and total to the cap, as a capped round would say.
    # Expected: verify raises ValueError (11 free spins of 10).
    base = MODELS["test"]
    seed = next(s for s in range(200)
                if (r := play_round(base, 100, random.Random(s), buy=True)).end is RoundEnd.COMPLETE
                and r.spins[7].win >= 10)  # >= 10 line bets: enough to pass a cap within 10
    total = sum(s.win for s in play_round(base, 100, random.Random(seed), buy=True).spins)
    model = engine.load_model(MODEL_DATA["test"] | {"max_win": total // 10 + 1})
    r = play_round(model, 100, random.Random(seed), buy=True)
    assert r.end is RoundEnd.COMPLETE and len(r.spins) == 10
    r.verify(model)
    d = r.to_dict()
    d["spins"].append(copy.deepcopy(d["spins"][7]))
    d["end"], d["total_win"] = "max_win", d["cap"]
    forged = Round.from_dict(d, model)
    assert sum(1 for s in forged.spins if s.kind is engine.SpinKind.FREE) == 11
    with pytest.raises(ValueError, match=r"free spins"):
        forged.verify(model)


def _round_with_line_wins() -> dict[str, Any]:
    for seed in range(100):
        d = play_round(MODELS["test"], 100, random.Random(seed), buy=True).to_dict()
        if d["spins"][0]["line_wins"]:
            return d
    raise AssertionError("no bought round of the test model with a line win on its first spin")


@pytest.mark.parametrize("path, value", [
    (("line_wins", 0), 1.5),                     # a line win that is not an object
    (("line_wins",), [0]),                       # a list of numbers
    (("line_wins", 0, "positions", 0), None),    # a position that is not a pair
    (("line_wins", 0, "positions", 0), [0]),     # a position of one coordinate
    (("line_wins", 0, "positions", 0), {"a": 1}),
    (("line_wins", 0, "positions"), [0]),
    (("stops", 0), "x"),                         # these already raise ValueError: for contrast
    (("grid", 0), "A K Q"),
    (("multipliers",), {"x": 1}),
], ids=["line win 1.5", "line wins [0]", "position None", "position [0]", "position {}",
        "positions [0]", "stop 'x'", "reel 'A K Q'", "multiplier key 'x'"])
def test_malformed_saved_round_raises_value_error(path: tuple[Any, ...], value: object) -> None:
    # round.py: from_dict "Raises ValueError naming the fault when the data is malformed" (a saved
    # game from storage is untrusted input); not TypeError, AttributeError, IndexError or KeyError.
    d = _round_with_line_wins()
    target: Any = d["spins"][0]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(ValueError):
        Round.from_dict(d, MODELS["test"]).verify(MODELS["test"])


@pytest.mark.parametrize("buy", [1, "yes", 0, ""])
def test_non_bool_buy_is_refused_or_round_trips(buy: object) -> None:
    # docs/rules.md: Round.from_dict is the inverse of to_dict. A round play_round accepted must read
    # back; from_dict refuses a non-bool "buy", so play_round must either refuse it (ValueError)
    # or store a bool.
    try:
        r = play_round(MODELS["test"], 100, random.Random(1), buy=buy)  # type: ignore[arg-type]
    except ValueError:
        return
    assert Round.from_dict(r.to_dict(), MODELS["test"]) == r


@SETTINGS
@given(rounds())
def test_round_dict_holds_the_contract_fields(case) -> None:
    # docs/engine.md "API": the dict's keys and each spin's keys.
    model, r = play(case)
    d = r.to_dict()
    assert {"bet", "buy", "total_win", "end", "spins", "events"} <= set(d)
    assert d["end"] in ("complete", "max_win")
    for i, spin in enumerate(d["spins"]):
        assert {"kind", "stops", "grid", "special", "multipliers", "win", "line_wins", "expanding_win"} <= set(spin)
        assert len(spin["stops"]) == 5 and len(spin["grid"]) == 5 and all(len(c) == 3 for c in spin["grid"])
        if spin["kind"] == "base":
            assert i == 0 and not r.buy
            assert spin["special"] is None and spin["multipliers"] == {} and spin["expanding_win"] is None
        else:
            assert spin["special"] == r.special
            book_reels = [str(reel) for reel, column in enumerate(spin["grid"]) if "BOOK" in column]
            assert list(spin["multipliers"]) == book_reels
            assert all(m in dict(model.multiplier_weights) for m in spin["multipliers"].values())
        parts = sum(w["amount"] for w in spin["line_wins"])
        parts += spin["expanding_win"]["amount"] if spin["expanding_win"] else 0
        assert spin["win"] == parts
