"""A whole round, decided in one call before anything is shown.

Draw order (the only randomness is the ``rng`` passed in, in exactly this order, so a seed
gives the same round on every runtime):

1. Unless the feature is bought: the base spin, one ``rng.randrange(L1*L2*L3*L4*L5)`` over
   every stop combination of the base strips (lengths L1..L5), read as the stops with reel 1
   most significant: ``index = (((s1*L2 + s2)*L3 + s3)*L4 + s4)*L5 + s5``. Every stop is
   exactly uniform and the reels are independent, as with one draw per reel, in one call.
2. If the base spin shows 3 books, or the feature is bought: the special expanding symbol,
   one ``rng.randrange(total special weight)`` mapped through the cumulative weights in
   paytable order.
3. Each free spin in turn: one ``rng.randrange`` over every stop combination of the
   free-spins strips, read the same way; then, for each reel showing a book, left to right, one
   ``rng.randrange(total multiplier weight)`` mapped through the cumulative weights of
   multipliers 1 to 5.

Nothing else is drawn. When the round's total reaches ``max_win`` total bets, the round ends
at once (``RoundEnd.MAX_WIN``): the remaining free spins are neither drawn nor played.

>>> import random
>>> from engine import load_model
>>> model = load_model()
>>> rnd = play_round(model, model.default_bet, random.Random(2024))
>>> rnd == Round.from_dict(rnd.to_dict(), model)
True
>>> rnd.total_win == sum(s.win for s in rnd.spins) * rnd.line_bet
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from .features import draw_special, free_spin
from .grid import window
from .model import Model
from .spin import Spin, SpinKind, base_spin_at
from .tables import reel_view
from .evaluate import score
from .rng import Rng

FORMAT = 1
"""Version of the JSON form of a round."""


class RoundEnd(enum.StrEnum):
    """Why a round ended."""

    COMPLETE = "complete"
    """Every spin it was owed was played."""
    MAX_WIN = "max_win"
    """Its total reached the cap; the rest of the feature was forfeited."""


class Round:
    """A decided round: the base spin (unless bought) and every free spin played.

    Read-only by contract (nothing in the engine changes a round once made). It is a plain
    slotted class rather than a frozen dataclass because the simulator makes hundreds of
    thousands a second: ``play_round`` fills it directly, and the base spin's details
    (grid, line wins) are worked out from its stops the first time ``spins`` is read.
    """

    __slots__ = ("bet", "buy", "cost", "line_bet", "cap", "special", "free_spins", "total_win",
                 "end", "base_win", "_spins", "_model", "_base", "_free")

    bet: int
    """The total bet, minor units."""
    buy: bool
    """Whether the feature was bought."""
    cost: int
    """What the player paid: the bet, or ``buy_price`` x bet for a bought feature."""
    line_bet: int
    """The line bet, minor units: bet / lines."""
    cap: int
    """The most the round can pay: ``max_win`` x bet, minor units."""
    special: str | None
    """The feature's special expanding symbol, None when no feature was played."""
    free_spins: int
    """Free spins awarded (0 without a feature)."""
    total_win: int
    """The round's whole win, minor units, cap applied."""
    end: RoundEnd
    """Why the round ended."""
    base_win: int
    """The base spin's line win, minor units (0 for a bought feature)."""

    def __init__(self, model: Model, bet: int, buy: bool, cost: int, line_bet: int, cap: int,
                 special: str | None, free_spins: int, spins: tuple[Spin, ...], total_win: int,
                 end: RoundEnd) -> None:
        self.bet, self.buy, self.cost, self.line_bet, self.cap = bet, buy, cost, line_bet, cap
        self.special, self.free_spins, self.total_win, self.end = special, free_spins, total_win, end
        self._spins: tuple[Spin, ...] | None = tuple(spins)
        self._model = model
        self._base = -1
        self._free: tuple[Spin, ...] = ()
        self.base_win = 0 if buy or not spins else spins[0].win * line_bet

    @property
    def spins(self) -> tuple[Spin, ...]:
        """The base spin first (unless bought), then each free spin played."""
        if self._spins is None:
            self._spins = (base_spin_at(self._model, self._base),) + self._free
        return self._spins

    def _key(self) -> tuple[object, ...]:
        return (self.bet, self.buy, self.cost, self.line_bet, self.cap, self.special, self.free_spins,
                self.spins, self.total_win, self.end)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Round) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Round(bet={self.bet!r}, buy={self.buy!r}, cost={self.cost!r}, line_bet={self.line_bet!r}, "
                f"cap={self.cap!r}, special={self.special!r}, free_spins={self.free_spins!r}, "
                f"spins={self.spins!r}, total_win={self.total_win!r}, end={self.end!r})")

    @property
    def feature(self) -> bool:
        """Whether the round had the free-spins feature."""
        return self.special is not None

    def to_dict(self) -> dict[str, Any]:
        """The round as JSON-safe data: everything a page needs to show it, in minor units,
        with running totals per spin and the ordered ``events`` a front end plays."""
        spins = []
        running = 0
        base_total = 0
        free_left = self.free_spins
        number = 0
        for spin in self.spins:
            d = spin.to_dict(self.line_bet)
            running += d["win"]
            shown = min(running, self.cap)
            if spin.kind is SpinKind.BASE:
                base_total = shown
                d["free_spins_left"] = self.free_spins
                d["number"] = 0
            else:
                number += 1
                free_left -= 1
                d["free_spins_left"] = free_left
                d["number"] = number
            d["round_total"] = shown
            d["feature_total"] = shown - base_total if spin.kind is SpinKind.FREE else 0
            spins.append(d)
        out: dict[str, Any] = {
            "format": FORMAT,
            "bet": self.bet,
            "buy": self.buy,
            "cost": self.cost,
            "line_bet": self.line_bet,
            "cap": self.cap,
            "special": self.special,
            "free_spins": self.free_spins,
            "total_win": self.total_win,
            "end": self.end.value,
            "spins": spins,
        }
        out["events"] = _events(out, self._model)
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], model: Model) -> Round:
        """Read a round played with ``model`` back from :meth:`to_dict` (its ``events`` are
        derived, not read). Raises ValueError naming the fault when the data is malformed; :meth:`verify` checks it
        against a model as well."""
        if not isinstance(d, Mapping):
            raise ValueError(f"a round is an object, not {type(d).__name__}")
        if d.get("format") != FORMAT:
            raise ValueError(f"round format {d.get('format')!r} is not {FORMAT}")
        ints = {}
        for key in ("bet", "cost", "line_bet", "cap", "free_spins", "total_win"):
            value = d.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"round {key} {value!r} is not a whole non-negative number")
            ints[key] = value
        if ints["line_bet"] <= 0:
            raise ValueError(f"round line_bet {ints['line_bet']} is not positive")
        buy = d.get("buy")
        if not isinstance(buy, bool):
            raise ValueError(f"round buy {buy!r} is not true or false")
        special = d.get("special")
        if special is not None and not isinstance(special, str):
            raise ValueError(f"round special {special!r} is not a symbol name")
        try:
            end = RoundEnd(str(d.get("end")))
        except ValueError:
            raise ValueError(f"round end {d.get('end')!r} is not one of {[e.value for e in RoundEnd]}") from None
        raw = d.get("spins")
        if not isinstance(raw, list) or not raw:
            raise ValueError("round spins is not a non-empty list")
        try:
            spins = tuple(Spin.from_dict(s, ints["line_bet"]) for s in raw)
        except (TypeError, AttributeError, IndexError, KeyError) as exc:
            raise ValueError(f"round spins are malformed: {exc!r}") from None
        return cls(model, ints["bet"], buy, ints["cost"], ints["line_bet"], ints["cap"], special,
                   ints["free_spins"], spins, ints["total_win"], end)

    def verify(self, model: Model) -> None:
        """Check that this round is one ``play_round`` could have produced with ``model``: every
        spin re-derived from its stops, every total and the end reason recomputed. Raises
        ValueError naming the first mismatch (a tampered or corrupt saved round)."""
        check_bet(model, self.bet)
        lines = len(model.paylines)
        want_cost = self.bet * (model.buy_price if self.buy else 1)
        expected = (self.bet // lines, self.bet * model.max_win, want_cost)
        if (self.line_bet, self.cap, self.cost) != expected:
            raise ValueError(f"round line bet, cap and cost {(self.line_bet, self.cap, self.cost)} "
                             f"do not follow from bet {self.bet}: {expected}")
        kinds = [s.kind for s in self.spins]
        n_base = 0 if self.buy else 1
        if kinds[:n_base] != [SpinKind.BASE] * n_base or SpinKind.BASE in kinds[n_base:]:
            raise ValueError(f"round spins {[k.value for k in kinds]} are not in the order of a "
                             f"{'bought' if self.buy else 'base'} round")
        cap_units = model.max_win * lines
        total = 0
        for i, spin in enumerate(self.spins):
            strips = model.base_strips if spin.kind is SpinKind.BASE else model.free_strips
            if any(not 0 <= s < len(strip) for s, strip in zip(spin.stops, strips)):
                raise ValueError(f"spin {i} stops {list(spin.stops)} fall outside the strips")
            grid = tuple(window(strip, s) for strip, s in zip(strips, spin.stops))
            if grid != spin.grid:
                raise ValueError(f"spin {i} grid does not match its stops {list(spin.stops)}")
            views = [reel_view(model, model.tables.symbol_id, r, c) for r, c in enumerate(grid)]
            if spin.kind is SpinKind.BASE:
                if spin.special is not None or spin.multipliers:
                    raise ValueError(f"spin {i} is a base spin with a special symbol or multipliers")
                ev = score(model, views)
            else:
                if spin.special != self.special or self.special not in model.tables.symbol_id:
                    raise ValueError(f"spin {i} special {spin.special!r} is not the round's {self.special!r}")
                wild = [0] * 5
                for reel, m in spin.multipliers:
                    if not 0 <= reel < 5 or not views[reel].book or m not in dict(model.multiplier_weights):
                        raise ValueError(f"spin {i} multiplier {m!r} on reel {reel} is not possible")
                    wild[reel] = m
                if [r for r, v in enumerate(views) if v.book] != [r for r, _ in spin.multipliers]:
                    raise ValueError(f"spin {i} multipliers do not match its book reels")
                ev = score(model, views, model.tables.symbol_id[self.special], wild)
            if ev != spin.evaluation:
                raise ValueError(f"spin {i} wins do not match its grid")
            if total >= cap_units:
                raise ValueError(f"spin {i} was played after the round reached its cap")
            total += ev.total
        base = self.spins[0] if not self.buy else None
        has_feature = self.buy or (base is not None and base.evaluation.triggers_free_spins
                                   and base.win < cap_units)
        played = sum(1 for k in kinds if k is SpinKind.FREE)
        capped = total >= cap_units
        want_spins = model.free_spins if has_feature else 0
        if self.free_spins != want_spins or played > want_spins or (played != want_spins and not capped):
            raise ValueError(f"round played {played} of {self.free_spins} free spins; "
                             f"the model awards {want_spins}")
        if has_feature != (self.special is not None):
            raise ValueError(f"round special {self.special!r} does not match whether it had a feature")
        want_end = RoundEnd.MAX_WIN if capped else RoundEnd.COMPLETE
        if self.end is not want_end or self.total_win != min(total, cap_units) * self.line_bet:
            raise ValueError(f"round total {self.total_win} ({self.end.value}) does not match its spins "
                             f"({min(total, cap_units) * self.line_bet}, {want_end.value})")


def check_bet(model: Model, bet: object) -> int:
    """The bet if it is one of the model's levels; otherwise ValueError naming it."""
    if isinstance(bet, bool) or not isinstance(bet, int):
        raise ValueError(f"bet {bet!r} is not a whole number of minor units")
    if bet not in model.bets:
        raise ValueError(f"bet {bet} is not a listed level; the levels are {list(model.bets)}")
    return bet


def play_round(model: Model, bet: int, rng: Rng, buy: bool = False) -> Round:
    """Decide a whole round at ``bet`` (minor units): a base spin and any feature it triggers,
    or, with ``buy=True``, a bought feature. See the module docstring for the draw order."""
    if type(bet) is not int or bet not in model.tables.bet_levels:
        check_bet(model, bet)  # raises, naming the fault
    if buy is not True and buy is not False:
        raise ValueError(f"buy {buy!r} is not true or false")
    t = model.tables
    cap_units = model.max_win * t.lines
    line_bet = bet // t.lines
    total = 0
    base = -1
    feature = buy
    if not buy:
        base = rng.randrange(t.base_combos)
        total, feature = t.base_outcome(base)
        if total >= cap_units:
            feature = False
    base_units = total
    special = None
    awarded = 0
    free: tuple[Spin, ...] = ()
    if feature:
        special = draw_special(model, rng)
        awarded = model.free_spins
        played = []
        for _ in range(awarded):
            spin = free_spin(model, rng, special)
            played.append(spin)
            total += spin.evaluation.total
            if total >= cap_units:
                break
        free = tuple(played)
    r = Round.__new__(Round)
    r.bet = bet
    r.buy = buy
    r.cost = bet * model.buy_price if buy else bet
    r.line_bet = line_bet
    r.cap = bet * model.max_win
    r.special = special
    r.free_spins = awarded
    r.base_win = base_units * line_bet
    r.total_win = (total if total < cap_units else cap_units) * line_bet
    r.end = RoundEnd.MAX_WIN if total >= cap_units else RoundEnd.COMPLETE
    r._model = model
    r._base = base
    r._free = free
    r._spins = free if buy else None
    return r


def _events(r: dict[str, Any], model: Model) -> list[dict[str, Any]]:
    """The ordered steps a front end plays, one handler per ``type``; derived from the round's
    JSON form and the model, so the page computes nothing.

    Every event that adds money says how much it adds (``paid``) and the round's total after
    it (``total``), both capped: within a spin, the line wins are paid first, in the order
    listed, then the expanding win, so when the cap cuts a spin short, the cut falls on the
    last of these. ``spinEnd`` says what the spin added (``paid``) and what the cap took from
    its win (``cut``). See docs/engine.md.
    """
    cap = r["cap"]
    ev: list[dict[str, Any]] = [{"type": "roundStart", "bet": r["bet"], "buy": r["buy"], "cost": r["cost"]}]
    if r["buy"]:
        ev.append({"type": "freeSpinsStart", "count": r["free_spins"], "special": r["special"]})
    spins = r["spins"]
    total = 0
    for i, s in enumerate(spins):
        before = total
        if s["kind"] == "free":
            ev.append({"type": "freeSpin", "spin": i, "number": s["number"], "of": r["free_spins"]})
        ev.append({"type": "reveal", "spin": i, "kind": s["kind"], "stops": s["stops"], "grid": s["grid"],
                   "anticipation": anticipation(model, s["grid"]) if s["kind"] == "base" else []})
        if s["multipliers"]:
            ev.append({"type": "expandBooks", "spin": i, "reels": [int(k) for k in s["multipliers"]],
                       "multipliers": s["multipliers"], "multiplier": s["multiplier"]})
        if s["line_wins"]:
            wins = []
            for w in s["line_wins"]:
                paid = min(w["amount"], cap - total)
                total += paid
                wins.append({**w, "paid": paid})
            ev.append({"type": "lineWins", "spin": i, "wins": wins,
                       "amount": sum(w["amount"] for w in wins), "paid": total - before, "total": total})
        if s["expanding_win"]:
            paid = min(s["expanding_win"]["amount"], cap - total)
            total += paid
            ev.append({"type": "expandSymbol", "spin": i, **s["expanding_win"], "paid": paid, "total": total})
        ev.append({"type": "spinEnd", "spin": i, "win": s["win"], "round_total": s["round_total"],
                   "feature_total": s["feature_total"], "free_spins_left": s["free_spins_left"],
                   "paid": total - before, "cut": s["win"] - (total - before), "total": total})
        capped = i == len(spins) - 1 and r["end"] == RoundEnd.MAX_WIN.value
        if s["kind"] == "base" and s["triggers"] and r["special"] is not None:
            ev.append({"type": "freeSpinsTrigger", "spin": i, "positions": s["books"]})
            ev.append({"type": "freeSpinsStart", "count": r["free_spins"], "special": r["special"]})
        if capped:
            ev.append({"type": "maxWin", "amount": r["cap"], "forfeited": s["free_spins_left"]})
    if r["special"] is not None:
        last = spins[-1]
        ev.append({"type": "freeSpinsEnd", "total": last["feature_total"],
                   "played": sum(1 for s in spins if s["kind"] == "free")})
    tier = model.big_win(r["total_win"], r["bet"])
    ev.append({"type": "roundEnd", "total_win": r["total_win"], "end": r["end"], "total": r["total_win"],
               "big_win": None if tier is None else {"name": tier.name, "level": tier.level}})
    return ev


def anticipation(model: Model, grid: list[list[str]]) -> list[int]:
    """The reels of a base spin that spin slow: each reel whose base strip holds a book, once
    ``model.anticipation_books`` books show on the reels to its left."""
    out = []
    books = 0
    for reel, column in enumerate(grid):
        if books >= model.anticipation_books and model.wild in model.base_strips[reel]:
            out.append(reel)
        books += model.wild in column
    return out
