"""Shared by the PAR and simulation test modules (no tests here): the shipped model's exact PAR
sheet, computed once per test session because it takes a few seconds."""

from __future__ import annotations

import fcntl
import functools
import json
import os
import tempfile
from pathlib import Path
from typing import Any

import engine
from engine.par import par_sheet, sheet_json


@functools.lru_cache(maxsize=1)
def shipped_sheet() -> dict[str, Any]:
    """``par_sheet(load_model())`` of the shipped model, as it is on disk now, in its JSON form.
    On both cores (pytest-xdist) the first worker to ask computes it (some 25 s of CPU) and the
    other reads it from a file of this run (its id, PYTEST_XDIST_TESTRUNUID), under a lock."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if not run:
        return json.loads(json.dumps(sheet_json(par_sheet(engine.load_model()))))
    shared = Path(tempfile.gettempdir()) / f"boce-shipped-sheet-{run}.json"
    with open(shared.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if shared.exists():
            sheet: dict[str, Any] = json.loads(shared.read_text(encoding="utf-8"))
            return sheet
        sheet = sheet_json(par_sheet(engine.load_model()))
        shared.write_text(json.dumps(sheet), encoding="utf-8")
        return json.loads(json.dumps(sheet))  # as the other worker reads it: one JSON round trip
