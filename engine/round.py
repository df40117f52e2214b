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

A saved round is checked by turning its stops, special symbol and multipliers back into these
draws and playing them again through :func:`play_round` (:meth:`Round.verify`): the rules live
in one place.

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

from .errors import BetError, BuyError, ReplayError, SavedRoundError
from .events import round_events
from .features import draw_special, free_spin
from .grid import window
from .model import Model
from .rng import Replay, Rng, WeightTable, encode
from .spin import Spin, SpinKind, base_spin_at
from .tables import tables_for

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
    thousands a second: the base spin's details (grid, line wins) are worked out from its
    draw the first time ``spins`` is read.
    """

    __slots__ = ("bet", "buy", "cost", "line_bet", "cap", "special", "free_spins", "total_win",
                 "end", "base_win", "_model", "_base", "_free", "_spins")

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

    def __init__(self, model: Model, bet: int, buy: bool, base: Spin | int | None, base_units: int,
                 special: str | None, free_spins: int, free: tuple[Spin, ...], total_units: int,
                 end: RoundEnd) -> None:
        """The one way a Round is made (:func:`play_round` and :meth:`from_dict` both come
        here). ``base`` is the base spin, the draw that gives it, or None for a bought feature;
        ``base_units`` its win and ``total_units`` the round's capped win, in line bets."""
        line_bet = bet // len(model.paylines)
        self.bet, self.buy, self.special, self.free_spins, self.end = bet, buy, special, free_spins, end
        self.cost = bet * model.buy_price if buy else bet
        self.line_bet = line_bet
        self.cap = bet * model.max_win
        self.base_win = base_units * line_bet
        self.total_win = total_units * line_bet
        self._model, self._base, self._free = model, base, free
        self._spins: tuple[Spin, ...] | None = free if base is None else None

    @property
    def spins(self) -> tuple[Spin, ...]:
        """The base spin first (unless bought), then each free spin played."""
        if self._spins is None:
            base = self._base
            assert base is not None  # a bought round's spins are set when it is made
            spin = base if isinstance(base, Spin) else base_spin_at(self._model, base)
            self._spins = (spin,) + self._free
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
    def model(self) -> Model:
        """The model the round was played with."""
        return self._model

    @property
    def feature(self) -> bool:
        """Whether the round had the free-spins feature."""
        return self.special is not None

    def to_dict(self) -> dict[str, Any]:
        """The round as JSON-safe data: everything a page needs to show it, in minor units,
        with running totals per spin and the ordered ``events`` a front end plays
        (:mod:`engine.events`)."""
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
        out["events"] = round_events(out, self._model, self.end is RoundEnd.MAX_WIN)
        return out

    @classmethod
    def from_dict(cls, d: Mapping[str, Any], model: Model) -> Round:
        """Read a round played with ``model`` back from :meth:`to_dict` (its ``events`` are
        derived, not read). Raises :class:`~engine.errors.SavedRoundError` naming the fault when
        the data is malformed or its cost, line bet or cap do not follow from its bet;
        :meth:`verify` checks that the rules give it."""
        if not isinstance(d, Mapping):
            raise SavedRoundError(f"a round is an object, not {type(d).__name__}")
        if d.get("format") != FORMAT:
            raise SavedRoundError(f"round format {d.get('format')!r} is not {FORMAT}")
        ints = {}
        for key in ("bet", "cost", "line_bet", "cap", "free_spins", "total_win"):
            value = d.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SavedRoundError(f"round {key} {value!r} is not a whole non-negative number")
            ints[key] = value
        if ints["line_bet"] <= 0:
            raise SavedRoundError(f"round line_bet {ints['line_bet']} is not positive")
        buy = d.get("buy")
        if not isinstance(buy, bool):
            raise SavedRoundError(f"round buy {buy!r} is not true or false")
        special = d.get("special")
        if special is not None and not isinstance(special, str):
            raise SavedRoundError(f"round special {special!r} is not a symbol name")
        try:
            end = RoundEnd(str(d.get("end")))
        except ValueError:
            raise SavedRoundError(f"round end {d.get('end')!r} is not one of {[e.value for e in RoundEnd]}") from None
        raw = d.get("spins")
        if not isinstance(raw, list) or not raw:
            raise SavedRoundError("round spins is not a non-empty list")
        line_bet = ints["line_bet"]
        try:
            spins = tuple(Spin.from_dict(s, line_bet) for s in raw)
        except SavedRoundError:
            raise
        except ValueError as exc:  # a kind, or a multiplier's reel, that the standard library cannot read
            raise SavedRoundError(str(exc)) from None
        except (TypeError, AttributeError, IndexError, KeyError) as exc:
            raise SavedRoundError(f"round spins are malformed: {exc!r}") from None
        if ints["total_win"] % line_bet:
            raise SavedRoundError(f"round total {ints['total_win']} is not a whole number of line bets")
        base = spins[0] if spins[0].kind is SpinKind.BASE else None
        rnd = cls(model, ints["bet"], buy, base, base.win if base else 0, special, ints["free_spins"],
                  spins[1:] if base else spins, ints["total_win"] // line_bet, end)
        saved = (ints["line_bet"], ints["cap"], ints["cost"])
        if (rnd.line_bet, rnd.cap, rnd.cost) != saved:
            raise SavedRoundError(f"round line bet, cap and cost {saved} do not follow from bet "
                                  f"{rnd.bet}: {(rnd.line_bet, rnd.cap, rnd.cost)}")
        return rnd

    def draws(self, model: Model) -> list[int]:
        """The draws that give this round (see the module docstring), read back from its stops,
        special symbol and multipliers. SavedRoundError for a spin that no draw of ``model`` gives."""
        t = tables_for(model)
        out = []
        for i, spin in enumerate(self.spins):
            base = spin.kind is SpinKind.BASE
            if base != (i == 0 and not self.buy):
                raise SavedRoundError(f"round spins {[s.kind.value for s in self.spins]} are not in the "
                                      f"order of a {'bought' if self.buy else 'base'} round")
            strips = model.base_strips if base else model.free_strips
            try:
                out.append(encode(spin.stops, [len(s) for s in strips]))
            except ReplayError:
                raise SavedRoundError(f"spin {i} stops {list(spin.stops)} fall outside the strips") from None
            grid = tuple(window(strip, s) for strip, s in zip(strips, spin.stops))
            if grid != spin.grid:
                raise SavedRoundError(f"spin {i} grid does not match its stops {list(spin.stops)}")
            if base and self.special is not None:
                out.append(_draw_for(t.specials, t.symbol_id.get(self.special, -1), f"round special {self.special!r}"))
            for reel, m in spin.multipliers:
                out.append(_draw_for(t.multipliers, m, f"spin {i} multiplier {m!r} on reel {reel}"))
        if self.buy and self.special is not None:
            out.insert(0, _draw_for(t.specials, t.symbol_id.get(self.special, -1), f"round special {self.special!r}"))
        return out

    def verify(self, model: Model) -> None:
        """Check that ``play_round`` with ``model`` gives this round: its draws (:meth:`draws`)
        played again and every field compared. Raises SavedRoundError naming the first mismatch (a
        tampered or corrupt saved round)."""
        draws = self.draws(model)
        replay = Replay(draws)
        free = sum(1 for s in self.spins if s.kind is SpinKind.FREE)
        try:
            again = play_round(model, self.bet, replay, self.buy)
        except ReplayError:
            raise SavedRoundError(f"round stops after {free} free spins; the rules play on") from None
        except (BetError, BuyError) as exc:  # a saved bet that is no level (from_dict reads any)
            raise SavedRoundError(str(exc)) from None
        played = sum(1 for s in again.spins if s.kind is SpinKind.FREE)
        if replay.left or played != free:
            raise SavedRoundError(f"round played {free} of {self.free_spins} free spins; the rules "
                                  f"stop after {played} of {again.free_spins}")
        for i, (mine, theirs) in enumerate(zip(self.spins, again.spins)):
            if mine.special != theirs.special:
                raise SavedRoundError(f"spin {i} special {mine.special!r} is not the round's {theirs.special!r}")
            if mine.multipliers != theirs.multipliers:
                raise SavedRoundError(f"spin {i} multipliers do not match its book reels")
            if mine.evaluation != theirs.evaluation:
                raise SavedRoundError(f"spin {i} wins do not match its grid")
        if (self.special, self.free_spins) != (again.special, again.free_spins):
            raise SavedRoundError(f"round special {self.special!r} and {self.free_spins} free spins are "
                                  f"not the rules' {again.special!r} and {again.free_spins}")
        if (self.total_win, self.end) != (again.total_win, again.end):
            raise SavedRoundError(f"round total {self.total_win} ({self.end.value}) does not match its spins "
                                  f"({again.total_win}, {again.end.value})")
        if self != again:
            raise SavedRoundError(f"round does not match its replay: {again!r}")


def _draw_for(table: WeightTable, value: int, what: str) -> int:
    try:
        return table.draw_for(value)
    except ReplayError:
        raise SavedRoundError(f"{what} is not possible: no draw gives it") from None


def check_bet(model: Model, bet: object) -> int:
    """The bet if it is one of the model's levels; otherwise :class:`~engine.errors.BetError`
    naming it."""
    if isinstance(bet, bool) or not isinstance(bet, int):
        raise BetError(f"bet {bet!r} is not a whole number of minor units", code="bet.notWhole",
                       params={"bet": bet})
    if bet not in model.bets:
        raise BetError(f"bet {bet} is not a listed level; the levels are {list(model.bets)}", code="bet.notLevel",
                       params={"bet": bet, "levels": list(model.bets)}, money=("bet", "levels"))
    return bet


def play_round(model: Model, bet: int, rng: Rng, buy: bool = False) -> Round:
    """Decide a whole round at ``bet`` (minor units): a base spin and any feature it triggers,
    or, with ``buy=True``, a bought feature. See the module docstring for the draw order."""
    t = tables_for(model)
    if type(bet) is not int or bet not in t.bet_levels:
        check_bet(model, bet)  # raises, naming the fault
    if buy is not True and buy is not False:
        raise BuyError(f"buy {buy!r} is not true or false", code="buy.notBool", params={"buy": buy})
    cap_units = model.max_win * t.lines
    total = 0
    base = None
    feature = buy
    if not buy:
        base = rng.randrange(t.base_combos)
        total, feature = t.base_outcomes.outcome(base)
        if total >= cap_units:
            feature = False
    base_units = total
    special = None
    awarded = 0
    played = []
    if feature:
        special = draw_special(model, rng)
        awarded = model.free_spins
        for _ in range(awarded):
            spin = free_spin(model, rng, special)
            played.append(spin)
            total += spin.evaluation.total
            if total >= cap_units:
                break
    capped = total >= cap_units
    return Round(model, bet, buy, base, base_units, special, awarded, tuple(played),
                 cap_units if capped else total, RoundEnd.MAX_WIN if capped else RoundEnd.COMPLETE)
