"""The events of a round: the ordered steps a front end plays, one handler per ``type``.

Derived from the round's JSON form and the model, so the page decides nothing: every amount it
shows, the reels that spin slow and the big-win tier are here. docs/engine.md lists each
event's fields.

Each event type is a ``TypedDict`` below (types only: at run time an event is a plain dict),
``Event`` is their union, and :data:`EVENT_TYPES` the ``type`` names in the order the page
lists them (``static/js/round/events.js``), read from the ``TypedDict`` classes themselves.

>>> EVENT_TYPES[0], EVENT_TYPES[-1], len(EVENT_TYPES)
('roundStart', 'roundEnd', 12)
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias, TypedDict, get_args, get_type_hints

from .model import Model

Kind: TypeAlias = Literal["base", "free"]


class RoundStartEvent(TypedDict):
    type: Literal["roundStart"]
    bet: int
    buy: bool
    cost: int


class FreeSpinsStartEvent(TypedDict):
    type: Literal["freeSpinsStart"]
    count: int
    special: str


class FreeSpinEvent(TypedDict):
    type: Literal["freeSpin"]
    spin: int
    number: int
    of: int


class RevealEvent(TypedDict):
    type: Literal["reveal"]
    spin: int
    kind: Kind
    stops: list[int]
    grid: list[list[str]]
    anticipation: list[int]


class ExpandBooksEvent(TypedDict):
    type: Literal["expandBooks"]
    spin: int
    reels: list[int]
    multipliers: dict[str, int]
    multiplier: int


class PaidLineWin(TypedDict):
    """One line win of a ``lineWins`` event: the spin's line win and what the cap let it pay."""

    line: int
    symbol: str
    count: int
    multiplier: int
    amount: int
    positions: list[list[int]]
    paid: int
    times_bet: str


class LineWinsEvent(TypedDict):
    type: Literal["lineWins"]
    spin: int
    wins: list[PaidLineWin]
    amount: int
    paid: int
    total: int


class ExpandSymbolEvent(TypedDict):
    type: Literal["expandSymbol"]
    spin: int
    symbol: str
    reels: list[int]
    multiplier: int
    amount: int
    paid: int
    total: int
    times_bet: str


class SpinEndEvent(TypedDict):
    type: Literal["spinEnd"]
    spin: int
    win: int
    round_total: int
    feature_total: int
    free_spins_left: int
    paid: int
    cut: int
    total: int


class FreeSpinsTriggerEvent(TypedDict):
    type: Literal["freeSpinsTrigger"]
    spin: int
    positions: list[list[int]]


class MaxWinEvent(TypedDict):
    type: Literal["maxWin"]
    amount: int
    forfeited: int


class FreeSpinsEndEvent(TypedDict):
    type: Literal["freeSpinsEnd"]
    total: int
    played: int
    times_bet: str


class BigWinShown(TypedDict):
    """The big-win tier a round reached (``roundEnd``'s ``big_win``)."""

    name: str
    level: int


class RoundEndEvent(TypedDict):
    type: Literal["roundEnd"]
    total_win: int
    end: Literal["complete", "max_win"]
    total: int
    big_win: BigWinShown | None
    times_bet: str


Event: TypeAlias = (RoundStartEvent | FreeSpinsStartEvent | FreeSpinEvent | RevealEvent | ExpandBooksEvent
                    | LineWinsEvent | ExpandSymbolEvent | SpinEndEvent | FreeSpinsTriggerEvent | MaxWinEvent
                    | FreeSpinsEndEvent | RoundEndEvent)
"""Any event of a round."""

EVENT_CLASSES: tuple[type, ...] = get_args(Event)
"""Each event type's ``TypedDict``, in the order of :data:`EVENT_TYPES`."""

EVENT_TYPES: tuple[str, ...] = tuple(get_args(get_type_hints(cls)["type"])[0] for cls in EVENT_CLASSES)
"""The events' ``type`` names, in the order the page lists them (``static/js/round/events.js``)."""

assert len(set(EVENT_TYPES)) == len(EVENT_TYPES), "two event TypedDicts share a type name"


def round_events(r: dict[str, Any], model: Model, max_win: bool) -> list[Event]:
    """The ordered steps a front end plays, one handler per ``type``; derived from the round's
    JSON form (:meth:`engine.round.Round.to_dict`) and the model, so the page computes nothing;
    ``max_win`` says whether the round ended at its cap.

    Every event that adds money says how much it adds (``paid``) and the round's total after
    it (``total``), both capped: within a spin, the line wins are paid first, in the order
    listed, then the expanding win, so when the cap cuts a spin short, the cut falls on the
    last of these. ``spinEnd`` says what the spin added (``paid``) and what the cap took from
    its win (``cut``). See docs/engine.md.
    """
    cap = r["cap"]
    ev: list[Event] = [{"type": "roundStart", "bet": r["bet"], "buy": r["buy"], "cost": r["cost"]}]
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
            wins: list[PaidLineWin] = []
            for w in s["line_wins"]:
                paid = min(w["amount"], cap - total)
                total += paid
                wins.append({"line": w["line"], "symbol": w["symbol"], "count": w["count"],
                             "multiplier": w["multiplier"], "amount": w["amount"], "positions": w["positions"],
                             "paid": paid, "times_bet": times_bet(paid, r["bet"])})
            ev.append({"type": "lineWins", "spin": i, "wins": wins,
                       "amount": sum(w["amount"] for w in wins), "paid": total - before, "total": total})
        if s["expanding_win"]:
            paid = min(s["expanding_win"]["amount"], cap - total)
            total += paid
            e = s["expanding_win"]
            ev.append({"type": "expandSymbol", "spin": i, "symbol": e["symbol"], "reels": e["reels"],
                       "multiplier": e["multiplier"], "amount": e["amount"], "paid": paid, "total": total,
                       "times_bet": times_bet(paid, r["bet"])})
        ev.append({"type": "spinEnd", "spin": i, "win": s["win"], "round_total": s["round_total"],
                   "feature_total": s["feature_total"], "free_spins_left": s["free_spins_left"],
                   "paid": total - before, "cut": s["win"] - (total - before), "total": total})
        capped = max_win and i == len(spins) - 1
        if s["kind"] == "base" and s["triggers"] and r["special"] is not None:
            ev.append({"type": "freeSpinsTrigger", "spin": i, "positions": s["books"]})
            ev.append({"type": "freeSpinsStart", "count": r["free_spins"], "special": r["special"]})
        if capped:
            ev.append({"type": "maxWin", "amount": r["cap"], "forfeited": s["free_spins_left"]})
    if r["special"] is not None:
        last = spins[-1]
        ev.append({"type": "freeSpinsEnd", "total": last["feature_total"],
                   "played": sum(1 for s in spins if s["kind"] == "free"),
                   "times_bet": times_bet(last["feature_total"], r["bet"])})
    tier = model.big_win(r["total_win"], r["bet"], r["cost"])
    ev.append({"type": "roundEnd", "total_win": r["total_win"], "end": r["end"], "total": r["total_win"],
               "big_win": None if tier is None else {"name": tier.name, "level": tier.level},
               "times_bet": times_bet(r["total_win"], r["bet"])})
    return ev


def times_bet(amount: int, bet: int) -> str:
    """``amount / bet`` as a decimal string, rounded half up to 2 places, trailing zeros
    dropped: ``times_bet(8227, 100) == "82.27"``, ``times_bet(1250, 100) == "12.5"``,
    ``times_bet(300, 100) == "3"``. Integer arithmetic only, so it is exact before the rounding
    and the same on CPython and in Pyodide; the page shows it as is ("82.27x your bet")."""
    hundredths = (amount * 200 + bet) // (bet * 2)
    whole, frac = divmod(hundredths, 100)
    return f"{whole}.{frac:02d}".rstrip("0").rstrip(".")


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
