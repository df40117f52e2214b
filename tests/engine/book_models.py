"""The models the engine tests use, in one place.

- the shipped model (``engine/data/model.json``): about to be re-tuned, so tests only check
  properties of it that survive tuning;
- the test model (``tests/engine/data/test_model.json``): the shipped paytable and paylines
  copied literally, with short hand-written strips, so hand derivations can quote its numbers;
- the capped test model: the test model with ``max_win`` 2, so the cap (2 total bets = 20 line
  bets) is reached in most features.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import engine

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TEST_MODEL_PATH = HERE / "data" / "test_model.json"
GOLDEN_PATH = HERE / "data" / "golden_rounds.json"
SHIPPED_MODEL_PATH = ROOT / "engine" / "data" / "model.json"
SCHEMA_PATH = ROOT / "engine" / "data" / "model.schema.json"
CAPPED_MAX_WIN = 2


def fresh_test_data() -> dict[str, Any]:
    """A fresh deep copy of the test model's JSON, free to mutate."""
    return copy.deepcopy(_TEST_DATA)


def capped_model_data() -> dict[str, Any]:
    """The test model's JSON with a tiny cap."""
    data = fresh_test_data()
    data["max_win"] = CAPPED_MAX_WIN
    return data


def shipped_model_data() -> dict[str, Any]:
    return json.loads(SHIPPED_MODEL_PATH.read_text(encoding="utf-8"))


_TEST_DATA: dict[str, Any] = json.loads(TEST_MODEL_PATH.read_text(encoding="utf-8"))

SHIPPED = engine.load_model()
TEST = engine.load_model(TEST_MODEL_PATH)
CAPPED = engine.load_model(capped_model_data())
MODELS = {"shipped": SHIPPED, "test": TEST, "capped": CAPPED}
"""Every model the property tests run on, by name."""
MODEL_DATA = {"shipped": shipped_model_data(), "test": fresh_test_data(),
              "capped": capped_model_data()}
"""The raw JSON of each, for the naive evaluator (which uses no engine code)."""
