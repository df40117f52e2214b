"""static/par.json, the PAR sheet the page shows, is the current model's sheet.

It is written by `make par` (`python -m engine par --json > static/par.json`); the test fails
(never skips) when it is missing or stale.
"""

from __future__ import annotations

import json
import math

from book_models import ROOT
from test_par_shared import shipped_sheet

PAR_JSON = ROOT / "static" / "par.json"
FIX = "run `make par` (python -m engine par --json > static/par.json) and commit static/par.json"


def test_static_par_json_is_current() -> None:
    # Expected: par_sheet(load_model()) after a JSON round trip (floats survive exactly).
    assert PAR_JSON.exists(), f"{PAR_JSON.relative_to(ROOT)} does not exist: {FIX}"
    on_disk = json.loads(PAR_JSON.read_text(encoding="utf-8"))
    want = json.loads(json.dumps(shipped_sheet()))
    stale = sorted(k for k in set(want) | set(on_disk) if want.get(k) != on_disk.get(k))
    assert not stale, f"static/par.json is stale (differs in {stale}): {FIX}"


def test_max_win_odds_shape() -> None:
    # par --json's max_win_odds: {"base": [LOW, HIGH], "buy": [LOW, HIGH]}, "1 in N" bounds
    # as JSON numbers (finite, LOW <= HIGH), the same in static/par.json.
    for sheet in (json.loads(json.dumps(shipped_sheet())), json.loads(PAR_JSON.read_text(encoding="utf-8"))):
        odds = sheet["max_win_odds"]
        assert set(odds) == {"base", "buy"}
        for pair in odds.values():
            assert isinstance(pair, list) and len(pair) == 2
            assert all(isinstance(x, float) and math.isfinite(x) for x in pair)
            assert pair[0] <= pair[1]
