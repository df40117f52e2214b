"""static/par.json is of the shipped model: a file check, in `make check`.

The exact PAR sheet takes seconds to recompute (tests/engine/test_par_json.py does, in `make
test`); the sheet carries the digest of the model it was computed from (`model_sha256`,
engine.model.model_digest), so a changed model with a stale sheet is caught here in a
millisecond. The README's figures are checked against par.json by tests/test_readme.py, so they
are held to the model through it. Expected value: the digest computed here from the model on
disk, by the engine's own function and by a second, independent canonical form.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from pathlib import Path

import engine
from engine.model import model_digest

ROOT = Path(__file__).resolve().parents[1]
PAR_JSON = ROOT / "static" / "par.json"
FIX = "the model changed since static/par.json was written: run `make par` and commit static/par.json and README.md"


def test_par_json_is_of_the_shipped_model() -> None:
    on_disk = json.loads(PAR_JSON.read_text(encoding="utf-8"))
    assert "model_sha256" in on_disk, f"static/par.json has no model_sha256: {FIX}"
    assert on_disk["model_sha256"] == model_digest(engine.load_model()), FIX


def test_the_digest_is_of_the_content_and_changes_with_any_number() -> None:
    model = engine.load_model()
    # a second canonical form, written out here: the same fields, sorted keys, no spaces
    second = hashlib.sha256(json.dumps(asdict(model), sort_keys=True, separators=(",", ":"), default=str)
                            .encode("utf-8")).hexdigest()
    assert model_digest(model) == second
    # model.json reformatted (indented otherwise, keys reversed): the same model, the same digest
    data = json.loads((ROOT / "engine" / "data" / "model.json").read_text(encoding="utf-8"))
    assert model_digest(engine.load_model(dict(reversed(list(data.items()))))) == model_digest(model)
    # one number changed (the buy price, one more): another digest
    assert model_digest(engine.load_model({**data, "buy_price": data["buy_price"] + 1})) != model_digest(model)
