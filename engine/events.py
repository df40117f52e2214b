"""The events of a round: the ordered steps a front end plays, one handler per ``type``.

Derived from the round's JSON form and the model, so the page decides nothing: every amount it
shows, the reels that spin slow and the big-win tier are here. docs/engine.md lists each
event's fields.
"""

from __future__ import annotations

from typing import Any

from .model import Model


def round_events(r: dict[str, Any], model: Model, max_win: bool) -> list[dict[str, Any]]:
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
        capped = max_win and i == len(spins) - 1
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
