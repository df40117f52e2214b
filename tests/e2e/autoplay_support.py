"""What the autoplay and slam-stop tests (test_autoplay.py, test_slam_stop.py) compare the page
with: `reference_autoplay`, a second implementation of the stop rules of docs/controls.md "Autoplay" on CPython's
rounds (`play_round(load_model(), bet, random.Random(seed))`: the k-th seeded round in the page is
CPython's k-th), and the page's history and saved record read back against such rounds.
"""

from __future__ import annotations

import json
import random
from typing import Any

import savefile
from playwright.sync_api import Page

from engine import load_model, play_round

MODEL = load_model()
BET = MODEL.default_bet
DEMO = savefile.DEMO_BALANCE
BIG = 10**9  # a loss limit that never fires


def reference_autoplay(seed: int, opts: dict[str, Any], balance: int = DEMO) -> tuple[int, str, int, list[dict[str, Any]]]:
    """(played, reason, balance after, rounds) of an autoplay at BET on CPython's Random(seed)."""
    rng = random.Random(seed)
    start, played, rounds = balance, 0, []
    limit = opts["rounds"] if isinstance(opts["rounds"], int) else float("inf")
    while True:
        if played >= limit:
            return played, "rounds", balance, rounds
        if balance < BET:
            return played, "balance", balance, rounds
        r = play_round(MODEL, BET, rng).to_dict()
        rounds.append(r)
        played += 1
        balance += r["total_win"] - r["cost"]
        if opts.get("stopOnFeature") and r["special"] is not None:
            return played, "feature", balance, rounds
        if opts.get("singleWinAtLeast") and r["total_win"] >= opts["singleWinAtLeast"]:
            return played, "singleWin", balance, rounds
        if start - balance >= opts["lossLimit"]:
            return played, "lossLimit", balance, rounds
        if opts.get("winLimit") and balance - start >= opts["winLimit"]:
            return played, "winLimit", balance, rounds




def history_matches(page: Page, rounds: list[dict[str, Any]]) -> None:
    """The page's history (newest first) holds exactly `rounds` (oldest first), by stops and win."""
    got = page.evaluate("game.history()")
    assert len(got) == len(rounds)
    assert [h["win"] for h in reversed(got)] == [r["total_win"] for r in rounds]
    saved = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(savefile.KEY)})"))
    assert [[s["stops"] for s in h["round"]["spins"]] for h in reversed(saved["history"])] == [
        [s["stops"] for s in r["spins"]] for r in rounds
    ]
    assert saved["pending"] is None

