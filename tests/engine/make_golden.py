"""Write tests/engine/data/golden_rounds.json: 20 seeded rounds of the test model.

Run once, by hand, when the engine's draw order or rules change on purpose (then review the
diff): ``.venv/bin/python tests/engine/make_golden.py``. test_golden.py only reads the file.

Round k: seed k (``random.Random(k)``), bet ``bets[k % len(bets)]``, bought when k % 5 == 4.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from book_models import GOLDEN_PATH, TEST  # noqa: E402
from engine import play_round  # noqa: E402

SEEDS = range(20)


def case(seed: int) -> tuple[int, bool]:
    """The bet and buy flag of golden round ``seed``."""
    return TEST.bets[seed % len(TEST.bets)], seed % 5 == 4


def summary(seed: int) -> dict[str, Any]:
    bet, buy = case(seed)
    r = play_round(TEST, bet, random.Random(seed), buy=buy)
    return {
        "seed": seed,
        "bet": bet,
        "buy": buy,
        "special": r.special,
        "free_spins": r.free_spins,
        "spins": [
            {"kind": s.kind.value, "stops": list(s.stops),
             "multipliers": {str(reel): m for reel, m in s.multipliers}, "win": s.win * r.line_bet}
            for s in r.spins
        ],
        "total_win": r.total_win,
        "end": r.end.value,
    }


def main() -> None:
    rounds = [summary(seed) for seed in SEEDS]
    GOLDEN_PATH.write_text(json.dumps({
        "model": "tests/engine/data/test_model.json",
        "about": "play_round(test model, bet, random.Random(seed), buy); written by make_golden.py",
        "rounds": rounds,
    }, indent=1) + "\n", encoding="utf-8")
    features = sum(1 for r in rounds if r["special"] is not None)
    print(f"wrote {len(rounds)} rounds ({features} with a feature) to {GOLDEN_PATH}")


if __name__ == "__main__":
    main()
