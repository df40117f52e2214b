"""Shared by the PAR and simulation test modules (no tests here): the shipped model's exact PAR
sheet, computed once per test session because it takes a few seconds."""

from __future__ import annotations

import functools
from typing import Any

import engine
from engine.par import par_sheet, sheet_json
from parallel import once_per_run


@functools.lru_cache(maxsize=1)
def shipped_sheet() -> dict[str, Any]:
    """``par_sheet(load_model())`` of the shipped model, as it is on disk now, in its JSON form
    (worked out once a run on both cores: parallel.once_per_run)."""
    sheet: dict[str, Any] = once_per_run("shipped-sheet", lambda: sheet_json(par_sheet(engine.load_model())))
    return sheet
