"""static/par.json, the PAR sheet the page shows, is the current model's sheet.

It is written by `make par` (`python -m engine par --json > static/par.json`); the test fails
(never skips) when it is missing or stale.
"""

from __future__ import annotations

import json
import math

import pytest

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
    # fractions, not percentages (docs/engine.md "Command line"): the shipped model's RTP is near 1
    assert 0.5 < on_disk["rtp"] < 1.5 and 0 < on_disk["hit_frequency"] < 1


def test_cap_figures_shape() -> None:
    # par --json: one figure each, rtp_capped and buy_rtp_capped (fractions) and max_win_odds
    # {"base": N, "buy": N} ("1 in N", JSON numbers), with their proven bounds in cap
    # ([LOW, HIGH] each, LOW <= figure <= HIGH) and each pair's width; the same in static/par.json.
    for sheet in (json.loads(json.dumps(shipped_sheet())), json.loads(PAR_JSON.read_text(encoding="utf-8"))):
        odds, cap = sheet["max_win_odds"], sheet["cap"]
        assert set(odds) == {"base", "buy"}
        pairs = {"rtp_capped": sheet["rtp_capped"], "buy_rtp_capped": sheet["buy_rtp_capped"],
                 "max_win_odds_base": odds["base"], "max_win_odds_buy": odds["buy"]}
        assert set(cap["width"]) == set(pairs)
        for key, figure in pairs.items():
            pair = cap[key]
            assert isinstance(pair, list) and len(pair) == 2
            assert all(isinstance(x, float) and math.isfinite(x) for x in [*pair, figure, cap["width"][key]])
            assert pair[0] <= figure <= pair[1], key
        assert sheet["rtp_capped"] == pytest.approx(sheet["rtp"] - cap["rtp_loss"], rel=1e-12)
        assert sheet["buy_rtp_capped"] == pytest.approx(sheet["buy_rtp"] - cap["buy_rtp_loss"], rel=1e-12)
